import Foundation

/// Composites frames on the GPU through OpenGL ES 3: the ``Compositor`` decides what each
/// layer puts on screen, exactly as for Cairo, and a ``GLLayerRenderer`` draws it into a
/// render target, which is read back into the frame's bitmap.
///
/// Which renderer a screen uses is ``FrameRendererKind``'s choice; ``headless()`` gives the
/// process's renderer over an EGL context with no window (a GPU, or Mesa's llvmpipe).
@MainActor
package final class GLFrameRenderer {
    /// The GL resources kept from frame to frame.
    package let device: GLDevice
    private var frame: GLTexture?
    /// Makes the renderer's context current on the calling thread before a frame, and
    /// lets it go after (see ``HeadlessGLContext/makeCurrentAgain()``); nil when the
    /// context stays current on its thread.
    private let context: (makeCurrent: @MainActor () -> Bool, release: @MainActor () -> Void)?

    /// A renderer over the GL functions of the current context.
    package init(gl: GLFunctions, context: (makeCurrent: @MainActor () -> Bool, release: @MainActor () -> Void)? = nil) throws(GLFailure) {
        device = try GLDevice(gl: gl)
        self.context = context
    }

    /// The GL renderer's name (the GPU's, or "llvmpipe …").
    package var rendererName: String { device.rendererName }

    /// The process's renderer over its headless EGL context, made at first use; or why
    /// there is none (no EGL, no OpenGL ES 3, a shader refused).
    package static func headless() -> Result<GLFrameRenderer, GLFailure> { shared }

    private static let shared: Result<GLFrameRenderer, GLFailure> = {
        switch HeadlessGLContext.shared {
        case .failure(let failure): return .failure(failure)
        case .success(let context):
            do throws(GLFailure) {
                let renderer = try GLFrameRenderer(gl: context.gl, context: ({ context.makeCurrentAgain() }, { context.release() }))
                context.release()
                return .success(renderer)
            } catch { return .failure(error) }
        }
    }()

    /// Composites `root` into `bitmap` as ``Compositor/render(_:into:scale:background:)``
    /// does, drawing on the GPU and reading the frame back. A frame larger than the GPU's
    /// textures is drawn by Cairo (``FrameStatistics/bandsDrawn`` then says so: it is not 0).
    package func render(_ root: CALayer, with compositor: Compositor, into bitmap: Bitmap, scale: CGFloat,
                        background: Color) -> FrameStatistics {
        guard context?.makeCurrent() ?? true else {
            var statistics = compositor.render(root, into: bitmap, scale: scale, background: background)
            statistics.drawingFailure = "the GPU's context could not be made current: Cairo drew this frame"
            return statistics
        }
        defer { context?.release() }
        guard let target = frameTarget(width: bitmap.width, height: bitmap.height) else {
            return compositor.render(root, into: bitmap, scale: scale, background: background)
        }
        let watch = Stopwatch()
        let bounds = CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
        compositor.shadowCache.beginFrame()
        device.beginFrame()
        let renderer = GLLayerRenderer(device: device, frame: target, bounds: bounds, shadowCache: compositor.shadowCache)
        var statistics = compositor.render(root, to: renderer, scale: scale, background: background)
        renderer.checkErrors()
        statistics.drawingFailure = statistics.drawingFailure ?? renderer.drawingFailure
        compositor.shadowCache.endFrame()
        device.endFrame()
        readBack(target, into: bitmap)
        statistics.bandsDrawn = 0
        statistics.compositeTime = watch.elapsed
        return statistics
    }

    /// The render target the frame is drawn into, kept while the size stays.
    private func frameTarget(width: Int, height: Int) -> GLTexture? {
        if let frame, frame.width >= width, frame.height >= height,
           frame.width - width < 64, frame.height - height < 64 {
            return frame
        }
        if let frame { device.recycle(frame) }
        frame = device.target(width: width, height: height)
        return frame
    }

    private func readBack(_ target: GLTexture, into bitmap: Bitmap) {
        let gl = device.gl
        gl.bindFramebuffer(GL.framebuffer, target.framebuffer)
        bitmap.withUnsafeMutablePixels { pixels, wordsPerRow in
            gl.pixelStorei(GL.packRowLength, Int32(wordsPerRow))
            gl.pixelStorei(GL.packAlignment, 4)
            gl.readPixels(0, 0, Int32(bitmap.width), Int32(bitmap.height), GL.rgba, GL.unsignedByte, pixels)
            gl.pixelStorei(GL.packRowLength, 0)
        }
    }
}

/// Which renderer draws a screen's frames.
package enum FrameRendererKind: String, CaseIterable, Sendable {
    /// Cairo, on the CPU, in bands on several threads.
    case cairo
    /// OpenGL ES 3 (``GLFrameRenderer``), on a GPU or on Mesa's llvmpipe.
    case gpu
    /// The GPU when there is a hardware one, Cairo otherwise: on a machine without a GPU,
    /// Cairo (which skips what is covered and draws in bands) is faster than llvmpipe.
    case automatic = "auto"

    /// The renderer the `TABULA_RENDERER` environment variable names (`cairo`, `gpu`,
    /// `auto`), or nil when it names none.
    package static var fromEnvironment: FrameRendererKind? {
        ProcessInfo.processInfo.environment["TABULA_RENDERER"].flatMap { FrameRendererKind(rawValue: $0.lowercased()) }
    }

    /// The GPU renderer to use for this choice, or nil for Cairo, with the reason when a
    /// GPU was asked for and is not there.
    @MainActor
    package func resolve() -> (renderer: GLFrameRenderer?, note: String?) {
        switch self {
        case .cairo: return (nil, nil)
        case .gpu:
            switch GLFrameRenderer.headless() {
            case .success(let renderer): return (renderer, nil)
            case .failure(let failure): return (nil, "the GPU renderer is not available (\(failure)); Cairo draws")
            }
        case .automatic:
            guard case .success(let renderer) = GLFrameRenderer.headless(), !renderer.device.isSoftware else {
                return (nil, nil)
            }
            return (renderer, nil)
        }
    }
}
