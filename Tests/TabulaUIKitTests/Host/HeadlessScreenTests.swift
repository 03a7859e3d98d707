import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport
@testable import TabulaGraphics

/// A view that counts the frames at which it is laid out.
final class FrameCountingView: UIView {
    var layouts = 0
    override func layoutSubviews() { layouts += 1 }
}

@MainActor
@Suite("Host: HeadlessScreen clock, pictures and statistics")
struct HeadlessScreenTests {
    func close(_ a: Color, _ b: Color, _ tolerance: Double = 2.5 / 255) -> Bool {
        abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance
            && abs(a.blue - b.blue) <= tolerance && abs(a.alpha - b.alpha) <= tolerance
    }

    @Test("advance(by: 0.25) runs 15 frames of 60 Hz and moves the clock")
    func advanceRunsFrames() {
        let (screen, _) = makeScreen()
        #expect(screen.frameIndex == 0 && screen.currentTime == 0)
        screen.advance(by: 0.25)
        #expect(screen.frameIndex == 15)
        #expect(abs(screen.currentTime - 0.25) < 1e-9)
        screen.advance(by: 1)
        #expect(screen.frameIndex == 75)
        #expect(abs(screen.currentTime - 1.25) < 1e-9)
        screen.advance(by: 0)
        #expect(screen.frameIndex == 75)
    }

    @Test("fractions of a frame carry over to the next advance")
    func fractionalAdvance() {
        let screen = HeadlessScreen(size: CGSize(width: 10, height: 10))
        screen.advance(by: 0.01)
        #expect(screen.frameIndex == 0, "0.6 of a frame")
        screen.advance(by: 0.01)
        #expect(screen.frameIndex == 1, "1.2 frames")
        for _ in 0 ..< 60 { screen.advance(by: 1.0 / 60) }
        #expect(screen.frameIndex == 61, "sixty exact frames never lose one to rounding")
        for _ in 0 ..< 100 { screen.advance(by: 0.001) }
        #expect(screen.frameIndex == 67, "1.12 s is 67.2 frames")
    }

    @Test("each frame runs pending layout: a view marked every frame is laid out every frame")
    func frameRunsLayout() {
        let (screen, root) = makeScreen()
        let view = FrameCountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        view.layouts = 0
        for _ in 0 ..< 10 {
            view.setNeedsLayout()
            screen.advance(by: 1.0 / 60)
        }
        #expect(view.layouts == 10)
        view.setNeedsLayout()
        screen.advance(by: 0.001)
        #expect(view.layouts == 10, "no frame boundary was crossed")
    }

    @Test("a snapshot is size × scale pixels", arguments: [CGFloat(1), 2, 3])
    func snapshotSize(_ scale: CGFloat) {
        let screen = HeadlessScreen(size: CGSize(width: 100, height: 50), scale: scale)
        screen.show(UIWindow(frame: .zero))
        let image = screen.snapshot()
        #expect(image.cgImage!.width == Int(100 * scale))
        #expect(image.cgImage!.height == Int(50 * scale))
        #expect(image.scale == scale)
        #expect(image.size == CGSize(width: 100, height: 50))
    }

    @Test("a snapshot is a copy: later changes do not alter it")
    func snapshotIsCopy() {
        let (screen, root) = makeScreen(width: 20, height: 20, scale: 1)
        let before = screen.snapshot()
        root.backgroundColor = .red
        let after = screen.snapshot()
        #expect(close(before.cgImage!.color(x: 5, y: 5), .white))
        #expect(close(after.cgImage!.color(x: 5, y: 5), Color(red: 1, green: 0, blue: 0)))
    }

    @Test("a frame bitmap that Cairo stopped drawing into is replaced, and the failure reported")
    func failedFrameBitmapIsReplaced() {
        let (screen, root) = makeScreen(width: 20, height: 20, scale: 1)
        // Cairo's errors are sticky: a surface that failed once takes no more drawing.
        screen.frame.finishSurfaceForTesting()
        root.backgroundColor = .red
        let after = screen.snapshot()
        #expect(close(after.cgImage!.color(x: 5, y: 5), Color(red: 1, green: 0, blue: 0)), "the change shows")
        #expect(screen.lastFrameStatistics.drawingFailure != nil, "the failed attempt is reported")
        root.backgroundColor = .blue
        #expect(close(screen.snapshot().cgImage!.color(x: 5, y: 5), Color(red: 0, green: 0, blue: 1)))
        #expect(screen.lastFrameStatistics.drawingFailure == nil, "the next frame drew whole")
    }

    @Test("pngData starts with the PNG signature and decodes to the same size")
    func pngData() throws {
        let (screen, _) = makeScreen(width: 30, height: 20, scale: 2)
        let data = try #require(screen.snapshot().pngData())
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try #require(UIImage(data: data, scale: 2))
        #expect(decoded.cgImage!.width == 60 && decoded.cgImage!.height == 40)
        #expect(close(decoded.cgImage!.color(x: 10, y: 10), .white))
    }

    @Test("record(duration: 0.5, fps: 10) captures 6 pictures over half a second")
    func record() {
        let (screen, root) = makeScreen(width: 20, height: 20, scale: 1)
        let start = screen.frameIndex
        let frames = screen.record(duration: 0.5, fps: 10)
        #expect(frames.count == 6)
        #expect(screen.frameIndex - start == 30)
        #expect(frames.allSatisfy { $0.cgImage!.width == 20 && $0.cgImage!.height == 20 })
        _ = root
    }

    @Test("the screen background shows where no view draws")
    func screenBackground() {
        let screen = HeadlessScreen(size: CGSize(width: 40, height: 20), scale: 1)
        screen.backgroundColor = Color(red: 0, green: 1, blue: 0)
        let window = UIWindow(frame: .zero)
        let left = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        left.backgroundColor = .blue
        window.addSubview(left)
        screen.show(window)
        let image = screen.snapshot().cgImage!
        #expect(close(image.color(x: 5, y: 10), Color(red: 0, green: 0, blue: 1)))
        #expect(close(image.color(x: 30, y: 10), Color(red: 0, green: 1, blue: 0)))
        screen.backgroundColor = Color(red: 1, green: 0, blue: 1)
        #expect(close(screen.snapshot().cgImage!.color(x: 30, y: 10), Color(red: 1, green: 0, blue: 1)))
        // A translucent view shows the background through it.
        left.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        #expect(close(screen.snapshot().cgImage!.color(x: 5, y: 10), Color(red: 0.5, green: 0, blue: 1)))
    }

    @Test("an opaque full-screen view occludes the views behind it")
    func occlusion() {
        let (screen, root) = makeScreen(width: 100, height: 100, scale: 1)
        for i in 0 ..< 3 {
            let v = UIView(frame: CGRect(x: CGFloat(i) * 20, y: 10, width: 15, height: 15))
            v.backgroundColor = .red
            root.addSubview(v)
        }
        _ = screen.snapshot()
        #expect(screen.lastFrameStatistics.layersOccluded == 0)
        let composited = screen.lastFrameStatistics.layersComposited
        #expect(composited == 4, "the root view and three squares")

        let cover = UIView(frame: root.bounds)
        cover.backgroundColor = .gray
        root.addSubview(cover)
        let image = screen.snapshot().cgImage!
        #expect(screen.lastFrameStatistics.layersOccluded == 4, "the root view and the squares are hidden")
        #expect(screen.lastFrameStatistics.layersComposited == 1)
        #expect(close(image.color(x: 5, y: 15), Color(white: 0.5)))

        // A translucent cover hides nothing.
        cover.alpha = 0.5
        _ = screen.snapshot()
        #expect(screen.lastFrameStatistics.layersOccluded == 0)
    }

    @Test("translucent views count as blended layers, opaque ones do not")
    func blending() {
        let (screen, root) = makeScreen(width: 100, height: 100, scale: 1)
        let opaque = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        opaque.backgroundColor = .red
        root.addSubview(opaque)
        _ = screen.snapshot()
        let baseline = screen.lastFrameStatistics.layersBlended
        #expect(baseline == 0, "opaque, axis-aligned backgrounds need no blending")

        let tinted = UIView(frame: CGRect(x: 40, y: 0, width: 30, height: 30))
        tinted.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        root.addSubview(tinted)
        _ = screen.snapshot()
        #expect(screen.lastFrameStatistics.layersBlended == baseline + 1)

        let faded = UIView(frame: CGRect(x: 0, y: 40, width: 30, height: 30))
        faded.backgroundColor = .green
        faded.alpha = 0.5
        root.addSubview(faded)
        _ = screen.snapshot()
        #expect(screen.lastFrameStatistics.layersBlended == baseline + 2)
    }
}
