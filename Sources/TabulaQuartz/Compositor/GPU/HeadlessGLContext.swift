#if canImport(Glibc)
import Glibc
#endif

/// An OpenGL ES 3 context with no window, made through EGL (Mesa's surfaceless platform):
/// what a test or a headless screen draws into with the ``GLLayerRenderer``, on a GPU or,
/// with none, on Mesa's software rasterizer (llvmpipe).
///
/// EGL is opened at run time (`libEGL.so.1`); a machine without it gets a ``GLFailure``
/// saying so, never a crash. The context is current on the thread that made it, which is
/// the main thread: every use is on the main actor.
@MainActor
package final class HeadlessGLContext {
    private typealias GetProcAddress = @convention(c) (UnsafePointer<CChar>) -> UnsafeMutableRawPointer?
    private typealias GetPlatformDisplay = @convention(c) (UInt32, UnsafeMutableRawPointer?, UnsafePointer<Int32>?) -> UnsafeMutableRawPointer?
    private typealias Initialize = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> UInt32
    private typealias BindAPI = @convention(c) (UInt32) -> UInt32
    private typealias CreateContext = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafePointer<Int32>) -> UnsafeMutableRawPointer?
    private typealias MakeCurrent = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> UInt32
    private typealias GetError = @convention(c) () -> Int32

    /// The GL functions of this context.
    package let gl: GLFunctions
    private let display: UnsafeMutableRawPointer
    private let context: UnsafeMutableRawPointer
    private let makeCurrent: MakeCurrent

    /// The one context of the process, made at first use; or why there is none.
    package static let shared: Result<HeadlessGLContext, GLFailure> = {
        do throws(GLFailure) { return .success(try HeadlessGLContext()) } catch { return .failure(error) }
    }()

    private init() throws(GLFailure) {
        guard let library = dlopen("libEGL.so.1", RTLD_NOW | RTLD_LOCAL) else {
            throw GLFailure("EGL is not installed (libEGL.so.1 did not open)")
        }
        func symbol<T>(_ name: String) throws(GLFailure) -> T {
            guard let pointer = dlsym(library, name) else { throw GLFailure("libEGL has no \(name)") }
            return unsafeBitCast(pointer, to: T.self)
        }
        let getProcAddress: GetProcAddress = try symbol("eglGetProcAddress")
        guard let platformPointer = getProcAddress("eglGetPlatformDisplayEXT") else {
            throw GLFailure("EGL has no eglGetPlatformDisplayEXT (EGL_EXT_platform_base)")
        }
        let getPlatformDisplay = unsafeBitCast(platformPointer, to: GetPlatformDisplay.self)
        let initialize: Initialize = try symbol("eglInitialize")
        let bindAPI: BindAPI = try symbol("eglBindAPI")
        let createContext: CreateContext = try symbol("eglCreateContext")
        makeCurrent = try symbol("eglMakeCurrent")
        let eglError: GetError = try symbol("eglGetError")

        let surfacelessMesa: UInt32 = 0x31DD, openGLESAPI: UInt32 = 0x30A0
        guard let display = getPlatformDisplay(surfacelessMesa, nil, nil) else {
            throw GLFailure("EGL has no surfaceless display (EGL_MESA_platform_surfaceless)")
        }
        var major: Int32 = 0, minor: Int32 = 0
        guard initialize(display, &major, &minor) != 0 else {
            throw GLFailure("eglInitialize failed (EGL error 0x\(String(eglError(), radix: 16)))")
        }
        guard bindAPI(openGLESAPI) != 0 else { throw GLFailure("EGL cannot bind OpenGL ES") }
        let contextMajorVersion: Int32 = 0x3098, none: Int32 = 0x3038
        let attributes: [Int32] = [contextMajorVersion, 3, none]
        // No config: a surfaceless context draws only into framebuffer objects.
        guard let context = createContext(display, nil, nil, attributes) else {
            throw GLFailure("EGL made no OpenGL ES 3 context (EGL error 0x\(String(eglError(), radix: 16)))")
        }
        guard makeCurrent(display, nil, nil, context) != 0 else {
            throw GLFailure("the OpenGL ES 3 context could not be made current (EGL error 0x\(String(eglError(), radix: 16)))")
        }
        self.display = display
        self.context = context
        gl = try GLFunctions { name in getProcAddress(name) }
    }

    /// Makes this context current on the calling thread; false when EGL refuses. The main
    /// actor may run on more than one thread over a process's life (a window's run loop
    /// drives it from another), and a context is current on one thread at a time: each
    /// frame makes it current and lets it go (``release()``).
    package func makeCurrentAgain() -> Bool { makeCurrent(display, nil, nil, context) != 0 }

    /// Lets go of the context on the calling thread, so that another thread can make it current.
    package func release() { _ = makeCurrent(display, nil, nil, nil) }
}
