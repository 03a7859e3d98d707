import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A view that fills its bounds and records the rect of each `draw(_:)` call.
final class RecordingDrawView: UIView {
    var drawnRects: [CGRect] = []
    var fill = Color(rgb: 0x34C759)
    override func draw(_ rect: CGRect) {
        drawnRects.append(rect)
        let ctx = UIGraphicsGetCurrentContext()!
        ctx.setFillColor(fill)
        ctx.fill(bounds)
    }
}

/// A view that draws a black 2-point border around a white inside.
final class BorderedView: UIView {
    var drawCount = 0
    override func draw(_ rect: CGRect) {
        drawCount += 1
        let ctx = UIGraphicsGetCurrentContext()!
        ctx.setFillColor(.black)
        ctx.fill(bounds)
        ctx.setFillColor(.white)
        ctx.fill(bounds.insetBy(dx: 2, dy: 2))
    }
}

/// A UIView subclass that does not override `draw(_:)`; no other test uses it.
final class ContainerOnlyView: UIView {}

/// A view that calls `super.draw(_:)` first (harmless in UIKit) and then draws.
final class SuperCallingDrawView: UIView {
    var drawCount = 0
    override func draw(_ rect: CGRect) {
        super.draw(rect)
        drawCount += 1
        let ctx = UIGraphicsGetCurrentContext()!
        ctx.setFillColor(Color(rgb: 0xFF9500))
        ctx.fill(bounds)
    }
}

/// A view that calls `super.draw(_:)` and draws only once it has data (a common UIKit pattern).
final class LazyChartView: UIView {
    var hasData = false
    var drawCount = 0
    override func draw(_ rect: CGRect) {
        super.draw(rect)
        drawCount += 1
        guard hasData else { return }
        UIGraphicsGetCurrentContext()!.fill(bounds)
    }
}

@MainActor
@Suite("Views: redrawing and coalescing")
struct DisplayCoalescingTests {
    static let frame = 1.0 / 60

    /// A screen at scale 2 with a drawing view that has been drawn once, its records cleared.
    func makeDrawingView(frame: CGRect = CGRect(x: 10, y: 10, width: 100, height: 60))
        -> (HeadlessScreen, UIView, RecordingDrawView) {
        let (screen, root) = makeScreen()
        let view = RecordingDrawView(frame: frame)
        root.addSubview(view)
        screen.advance(by: Self.frame)
        #expect(view.drawnRects == [view.bounds], "a new view is drawn whole at the next frame")
        view.drawnRects = []
        return (screen, root, view)
    }

    @Test("two setNeedsDisplay(_:) rects in one frame make one draw with their union")
    func unionOfRects() {
        let (screen, _, view) = makeDrawingView()
        view.setNeedsDisplay(CGRect(x: 10, y: 10, width: 20, height: 20))
        view.setNeedsDisplay(CGRect(x: 50, y: 30, width: 10, height: 5))
        #expect(view.drawnRects.isEmpty, "drawing waits for the next frame")
        screen.advance(by: Self.frame)
        #expect(view.drawnRects == [CGRect(x: 10, y: 10, width: 50, height: 25)])
    }

    @Test("setNeedsDisplay() redraws the whole bounds once, however often it is called")
    func wholeBounds() {
        let (screen, _, view) = makeDrawingView()
        view.setNeedsDisplay()
        view.setNeedsDisplay(CGRect(x: 1, y: 1, width: 2, height: 2))
        view.setNeedsDisplay()
        screen.advance(by: Self.frame)
        #expect(view.drawnRects == [CGRect(x: 0, y: 0, width: 100, height: 60)])
    }

    @Test("the rect is in bounds coordinates when the bounds origin is not zero")
    func boundsOrigin() {
        let (screen, _, view) = makeDrawingView()
        view.bounds.origin = CGPoint(x: 100, y: 50)
        view.setNeedsDisplay()
        screen.advance(by: Self.frame)
        #expect(view.drawnRects == [CGRect(x: 100, y: 50, width: 100, height: 60)])
    }

    @Test("a view that is not marked is not drawn again")
    func noMarkNoDraw() {
        let (screen, _, view) = makeDrawingView()
        screen.advance(by: 0.5)
        #expect(view.drawnRects.isEmpty)
        view.setNeedsDisplay()
        screen.advance(by: 0.5)
        #expect(view.drawnRects.count == 1)
    }

    @Test("moving or resizing a view with the default content mode stretches its cached content")
    func geometryChangeDoesNotRedraw() {
        let (screen, _, view) = makeDrawingView()
        let before = view.layer.contents
        view.center = CGPoint(x: 80, y: 60)
        view.frame = CGRect(x: 0, y: 0, width: 150, height: 90)
        view.transform = CGAffineTransform(rotationAngle: 0.3)
        screen.advance(by: Self.frame)
        #expect(view.drawnRects.isEmpty)
        #expect(view.layer.contents === before, "the old bitmap is kept")
        #expect(view.layer.contents?.width == 200, "still 100 points × scale 2")
    }

    @Test("with contentMode .redraw a bounds size change redraws the whole view, a move does not")
    func redrawContentMode() {
        let (screen, _, view) = makeDrawingView()
        view.contentMode = .redraw
        view.center = CGPoint(x: 90, y: 70)
        screen.advance(by: Self.frame)
        #expect(view.drawnRects.isEmpty, "a move keeps the content")
        view.frame = CGRect(x: 0, y: 0, width: 150, height: 90)
        screen.advance(by: Self.frame)
        #expect(view.drawnRects == [CGRect(x: 0, y: 0, width: 150, height: 90)])
        #expect(view.layer.contents?.width == 300)
        #expect(view.layer.contents?.height == 180)
    }

    @Test("a drawing view's contents are a bitmap of bounds × screen scale; a non-drawing view has none")
    func backingStores() {
        let (screen, root) = makeScreen(scale: 3)
        let drawing = RecordingDrawView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        let container = ContainerOnlyView(frame: CGRect(x: 0, y: 30, width: 30, height: 20))
        container.backgroundColor = .red
        let plain = UIView(frame: CGRect(x: 40, y: 0, width: 30, height: 20))
        root.addSubview(drawing)
        root.addSubview(container)
        root.addSubview(plain)
        screen.advance(by: Self.frame)
        #expect(drawing.layer.contents?.width == 90)
        #expect(drawing.layer.contents?.height == 60)
        #expect(container.layer.contents == nil)
        #expect(plain.layer.contents == nil)
        #expect(root.layer.contents == nil)
        // The background colour still shows without a backing store.
        let pixel = screen.snapshot().cgImage!.color(x: 45, y: 120)
        #expect(pixel.red > 0.99 && pixel.green < 0.01)
    }

    @Test("frame statistics count the backing stores redrawn since the previous snapshot")
    func redrawStatistics() {
        let (screen, root, first) = makeDrawingView()
        let second = RecordingDrawView(frame: CGRect(x: 10, y: 80, width: 50, height: 20))
        root.addSubview(second)
        screen.advance(by: Self.frame)
        _ = screen.snapshot()
        first.setNeedsDisplay(CGRect(x: 0, y: 0, width: 5, height: 5))
        first.setNeedsDisplay(CGRect(x: 50, y: 50, width: 5, height: 5))
        screen.advance(by: Self.frame)
        _ = screen.snapshot()
        #expect(screen.lastFrameStatistics.backingStoresRedrawn == 1)
        first.setNeedsDisplay()
        second.setNeedsDisplay()
        screen.advance(by: Self.frame)
        _ = screen.snapshot()
        #expect(screen.lastFrameStatistics.backingStoresRedrawn == 2)
        first.center.x += 10
        screen.advance(by: Self.frame)
        _ = screen.snapshot()
        #expect(screen.lastFrameStatistics.backingStoresRedrawn == 0, "moving redraws nothing")
    }

    @Test("a view that does not override draw(_:) never counts as a redrawn backing store")
    func nonDrawingViewNotCounted() {
        let (screen, root) = makeScreen()
        screen.advance(by: Self.frame)
        _ = screen.snapshot()
        let container = ContainerOnlyView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        container.backgroundColor = .blue
        root.addSubview(container)
        screen.advance(by: Self.frame)
        _ = screen.snapshot()
        #expect(screen.lastFrameStatistics.backingStoresRedrawn == 0)
        #expect(container.layer.contents == nil)
    }

    @Test("an override that calls super.draw(_:) still draws")
    func superCallingOverrideDraws() {
        let (screen, root) = makeScreen()
        let view = SuperCallingDrawView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        root.addSubview(view)
        screen.advance(by: Self.frame)
        #expect(view.drawCount == 1)
        #expect(view.layer.contents != nil)
        let pixel = screen.snapshot().cgImage!.color(x: 10, y: 10)
        #expect(abs(pixel.red - 1) < 0.01 && abs(pixel.green - Double(0x95) / 255) < 0.01)
    }

    @Test("an override that calls super.draw(_:) and draws nothing the first time is still drawn when marked later")
    func lazyDrawingOverride() {
        let (screen, root) = makeScreen()
        let chart = LazyChartView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        root.addSubview(chart)
        screen.advance(by: Self.frame)
        #expect(chart.drawCount == 1)
        chart.hasData = true
        chart.setNeedsDisplay()
        screen.advance(by: Self.frame)
        // The app's own setNeedsDisplay overrides the per-class "does not draw" verdict,
        // and a class that then draws is never skipped again.
        #expect(chart.drawCount == 2)
        #expect(chart.layer.contents != nil)
        let second = LazyChartView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        root.addSubview(second)
        screen.advance(by: Self.frame)
        #expect(second.drawCount == 1, "a new instance of a class that drew is drawn on first display")
    }

    @Test("contentStretch keeps a drawn border's width when the view is widened without redrawing")
    func contentStretch() {
        let (screen, root) = makeScreen(width: 200, height: 100, scale: 1)
        let stretched = BorderedView(frame: CGRect(x: 10, y: 10, width: 50, height: 30))
        stretched.contentStretch = CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2)
        let plain = BorderedView(frame: CGRect(x: 10, y: 50, width: 50, height: 30))
        root.addSubview(stretched)
        root.addSubview(plain)
        screen.advance(by: Self.frame)
        stretched.frame = CGRect(x: 10, y: 10, width: 150, height: 30)
        plain.frame = CGRect(x: 10, y: 50, width: 150, height: 30)
        screen.advance(by: Self.frame)
        #expect(stretched.drawCount == 1 && plain.drawCount == 1, "neither is redrawn")
        let image = screen.snapshot().cgImage!
        func isBlack(_ x: Int, _ y: Int) -> Bool { image.color(x: x, y: y).red < 0.1 }
        func isWhite(_ x: Int, _ y: Int) -> Bool { image.color(x: x, y: y).red > 0.9 }
        // The stretched view: the 2-point border stays 2 points on the left and right.
        let y1 = 25
        #expect(isBlack(10, y1) && isBlack(11, y1))
        #expect(isWhite(12, y1) && isWhite(14, y1) && isWhite(85, y1))
        #expect(isWhite(156, y1) && isBlack(158, y1) && isBlack(159, y1))
        // The default stretch scales everything by 3: the border becomes 6 points wide.
        let y2 = 65
        #expect(isBlack(10, y2) && isBlack(14, y2))
        #expect(isWhite(18, y2) && isWhite(85, y2))
        #expect(isBlack(155, y2))
    }

    @Test("drawing happens at the screen's scale and is shown pixel for pixel")
    func drawnPixels() {
        let (screen, root) = makeScreen(width: 100, height: 100, scale: 2)
        let view = BorderedView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(view)
        screen.advance(by: Self.frame)
        let image = screen.snapshot().cgImage!
        // The border covers device pixels 20...23 (2 points at scale 2), the inside starts at 24.
        #expect(image.color(x: 20, y: 40).red < 0.01)
        #expect(image.color(x: 23, y: 40).red < 0.01)
        #expect(image.color(x: 24, y: 40).red > 0.99)
        #expect(image.color(x: 19, y: 40).red > 0.99, "the white root view")
    }
}
