#if canImport(Glibc)
import Glibc
#endif

/// The OpenGL ES 3 entry points the ``GLLayerRenderer`` calls, looked up at run time.
///
/// Nothing links against a GL library: the functions come from whoever made the context
/// current — EGL for a headless context (``HeadlessGLContext``), SDL for a window — so a
/// machine without GL still runs everything else, and the Cairo renderer takes over.
package final class GLFunctions {
    typealias Void0 = @convention(c) () -> Void
    typealias Enum1 = @convention(c) (UInt32) -> Void

    let getError: @convention(c) () -> UInt32
    let getString: @convention(c) (UInt32) -> UnsafePointer<UInt8>?
    let getIntegerv: @convention(c) (UInt32, UnsafeMutablePointer<Int32>) -> Void
    let viewport: @convention(c) (Int32, Int32, Int32, Int32) -> Void
    let scissor: @convention(c) (Int32, Int32, Int32, Int32) -> Void
    let clearColor: @convention(c) (Float, Float, Float, Float) -> Void
    let clear: Enum1
    let enable: Enum1
    let disable: Enum1
    let blendFunc: @convention(c) (UInt32, UInt32) -> Void
    let genTextures: @convention(c) (Int32, UnsafeMutablePointer<UInt32>) -> Void
    let deleteTextures: @convention(c) (Int32, UnsafePointer<UInt32>) -> Void
    let bindTexture: @convention(c) (UInt32, UInt32) -> Void
    let activeTexture: Enum1
    let texImage2D: @convention(c) (UInt32, Int32, Int32, Int32, Int32, Int32, UInt32, UInt32, UnsafeRawPointer?) -> Void
    let texParameteri: @convention(c) (UInt32, UInt32, Int32) -> Void
    let pixelStorei: @convention(c) (UInt32, Int32) -> Void
    let generateMipmap: Enum1
    let genFramebuffers: @convention(c) (Int32, UnsafeMutablePointer<UInt32>) -> Void
    let deleteFramebuffers: @convention(c) (Int32, UnsafePointer<UInt32>) -> Void
    let bindFramebuffer: @convention(c) (UInt32, UInt32) -> Void
    let framebufferTexture2D: @convention(c) (UInt32, UInt32, UInt32, UInt32, Int32) -> Void
    let checkFramebufferStatus: @convention(c) (UInt32) -> UInt32
    let readPixels: @convention(c) (Int32, Int32, Int32, Int32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void
    let createShader: @convention(c) (UInt32) -> UInt32
    let shaderSource: @convention(c) (UInt32, Int32, UnsafePointer<UnsafePointer<CChar>?>, UnsafePointer<Int32>?) -> Void
    let compileShader: Enum1
    let getShaderiv: @convention(c) (UInt32, UInt32, UnsafeMutablePointer<Int32>) -> Void
    let getShaderInfoLog: @convention(c) (UInt32, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<CChar>) -> Void
    let createProgram: @convention(c) () -> UInt32
    let attachShader: @convention(c) (UInt32, UInt32) -> Void
    let linkProgram: Enum1
    let getProgramiv: @convention(c) (UInt32, UInt32, UnsafeMutablePointer<Int32>) -> Void
    let getProgramInfoLog: @convention(c) (UInt32, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<CChar>) -> Void
    let useProgram: Enum1
    let getUniformLocation: @convention(c) (UInt32, UnsafePointer<CChar>) -> Int32
    let uniform1i: @convention(c) (Int32, Int32) -> Void
    let uniform1f: @convention(c) (Int32, Float) -> Void
    let uniform2f: @convention(c) (Int32, Float, Float) -> Void
    let uniform4f: @convention(c) (Int32, Float, Float, Float, Float) -> Void
    let uniformMatrix3fv: @convention(c) (Int32, Int32, UInt8, UnsafePointer<Float>) -> Void
    let genVertexArrays: @convention(c) (Int32, UnsafeMutablePointer<UInt32>) -> Void
    let bindVertexArray: Enum1
    let drawArrays: @convention(c) (UInt32, Int32, Int32) -> Void
    let finish: Void0

    /// Looks every function up through `lookup` (`eglGetProcAddress`, `SDL_GL_GetProcAddress`);
    /// throws, naming the first one missing, when the library lacks any.
    package init(lookup: (String) -> UnsafeMutableRawPointer?) throws(GLFailure) {
        func f<T>(_ name: String) throws(GLFailure) -> T {
            guard let pointer = lookup(name) else { throw GLFailure("the GL library has no \(name)") }
            return unsafeBitCast(pointer, to: T.self)
        }
        getError = try f("glGetError")
        getString = try f("glGetString")
        getIntegerv = try f("glGetIntegerv")
        viewport = try f("glViewport")
        scissor = try f("glScissor")
        clearColor = try f("glClearColor")
        clear = try f("glClear")
        enable = try f("glEnable")
        disable = try f("glDisable")
        blendFunc = try f("glBlendFunc")
        genTextures = try f("glGenTextures")
        deleteTextures = try f("glDeleteTextures")
        bindTexture = try f("glBindTexture")
        activeTexture = try f("glActiveTexture")
        texImage2D = try f("glTexImage2D")
        texParameteri = try f("glTexParameteri")
        pixelStorei = try f("glPixelStorei")
        generateMipmap = try f("glGenerateMipmap")
        genFramebuffers = try f("glGenFramebuffers")
        deleteFramebuffers = try f("glDeleteFramebuffers")
        bindFramebuffer = try f("glBindFramebuffer")
        framebufferTexture2D = try f("glFramebufferTexture2D")
        checkFramebufferStatus = try f("glCheckFramebufferStatus")
        readPixels = try f("glReadPixels")
        createShader = try f("glCreateShader")
        shaderSource = try f("glShaderSource")
        compileShader = try f("glCompileShader")
        getShaderiv = try f("glGetShaderiv")
        getShaderInfoLog = try f("glGetShaderInfoLog")
        createProgram = try f("glCreateProgram")
        attachShader = try f("glAttachShader")
        linkProgram = try f("glLinkProgram")
        getProgramiv = try f("glGetProgramiv")
        getProgramInfoLog = try f("glGetProgramInfoLog")
        useProgram = try f("glUseProgram")
        getUniformLocation = try f("glGetUniformLocation")
        uniform1i = try f("glUniform1i")
        uniform1f = try f("glUniform1f")
        uniform2f = try f("glUniform2f")
        uniform4f = try f("glUniform4f")
        uniformMatrix3fv = try f("glUniformMatrix3fv")
        genVertexArrays = try f("glGenVertexArrays")
        bindVertexArray = try f("glBindVertexArray")
        drawArrays = try f("glDrawArrays")
        finish = try f("glFinish")
    }

    /// The renderer's name (`GL_RENDERER`), e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    package var rendererName: String { getString(GL.renderer).map { String(cString: $0) } ?? "unknown" }

    /// Whether the renderer draws on the CPU (Mesa's llvmpipe, softpipe or swrast): then
    /// the Cairo renderer, which knows what it may skip, is the faster one.
    package var isSoftware: Bool {
        let name = rendererName.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software"].contains { name.contains($0) }
    }
}

/// Why GL could not be used: a library or function missing, a context refused, a shader
/// that did not compile. The Cairo renderer is used instead.
package struct GLFailure: Error, CustomStringConvertible {
    /// What went wrong, in words.
    package let description: String
    /// A failure described by `description`.
    package init(_ description: String) { self.description = description }
}

/// The GL constants the renderer uses (the values of OpenGL ES 3's headers).
enum GL {
    static let renderer: UInt32 = 0x1F01
    static let maxTextureSize: UInt32 = 0x0D33
    static let colorBufferBit: UInt32 = 0x4000
    static let blend: UInt32 = 0x0BE2
    static let scissorTest: UInt32 = 0x0C11
    static let one: UInt32 = 1
    static let zero: UInt32 = 0
    static let oneMinusSrcAlpha: UInt32 = 0x0303
    static let texture2D: UInt32 = 0x0DE1
    static let texture0: UInt32 = 0x84C0
    static let rgba: UInt32 = 0x1908
    static let rgba8: UInt32 = 0x8058
    static let unsignedByte: UInt32 = 0x1401
    static let textureMinFilter: UInt32 = 0x2801
    static let textureMagFilter: UInt32 = 0x2800
    static let textureWrapS: UInt32 = 0x2802
    static let textureWrapT: UInt32 = 0x2803
    static let nearest: Int32 = 0x2600
    static let linear: Int32 = 0x2601
    static let linearMipmapLinear: Int32 = 0x2703
    static let clampToEdge: Int32 = 0x812F
    static let unpackRowLength: UInt32 = 0x0CF2
    static let unpackAlignment: UInt32 = 0x0CF5
    static let packRowLength: UInt32 = 0x0D02
    static let packAlignment: UInt32 = 0x0D05
    static let framebuffer: UInt32 = 0x8D40
    static let colorAttachment0: UInt32 = 0x8CE0
    static let framebufferComplete: UInt32 = 0x8CD5
    static let vertexShader: UInt32 = 0x8B31
    static let fragmentShader: UInt32 = 0x8B30
    static let compileStatus: UInt32 = 0x8B81
    static let linkStatus: UInt32 = 0x8B82
    static let triangleStrip: UInt32 = 0x0005
    static let noError: UInt32 = 0
}
