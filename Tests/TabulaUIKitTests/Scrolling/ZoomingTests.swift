import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Draws a 4×4 checkerboard of blue and orange squares, so that zooming is easy to see.
@MainActor
final class CheckerView: UIView {
    override func draw(_ rect: CGRect) {
        let ctx = UIGraphicsGetCurrentContext()!
        let side = bounds.width / 4
        for row in 0 ..< 4 {
            for column in 0 ..< 4 {
                ctx.setFillColor((row + column).isMultiple(of: 2) ? UIColor.systemBlue.cgColor : UIColor.systemOrange.cgColor)
                ctx.fill(CGRect(x: CGFloat(column) * side, y: CGFloat(row) * side, width: side, height: side))
            }
        }
    }
}

/// Returns the checkerboard for zooming and records the zoom callbacks.
@MainActor
final class ZoomDelegate: UIScrollViewDelegate {
    let view: UIView
    var events: [String] = []
    var endScales: [CGFloat] = []
    init(_ view: UIView) { self.view = view }
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { view }
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { events.append("begin") }
    func scrollViewDidZoom(_ scrollView: UIScrollView) {
        if events.last != "zoom" { events.append("zoom") }
    }
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        events.append("end")
        endScales.append(scale)
    }
}

@MainActor
@Suite("UIScrollView zooming and directional lock")
struct ZoomingTests {
    /// A 200×200 scroll view showing a 200×200 checkerboard, zoomable from 1 to 3.
    func make() -> (HeadlessScreen, UIScrollView, CheckerView, ZoomDelegate) {
        let (screen, root) = makeScreen(width: 200, height: 200, scale: 1)
        let scroll = UIScrollView(frame: root.bounds)
        let board = CheckerView(frame: scroll.bounds)
        scroll.addSubview(board)
        scroll.contentSize = board.bounds.size
        let delegate = ZoomDelegate(board)
        scroll.delegate = delegate
        scroll.minimumZoomScale = 1
        scroll.maximumZoomScale = 3
        root.addSubview(scroll)
        screen.advance(by: 1.0 / 60)
        return (screen, scroll, board, delegate)
    }

    @Test("a pinch spreading the fingers zooms the view with a scale transform; the content size follows")
    func pinchZooms() {
        let (screen, scroll, board, delegate) = make()
        #expect(scroll.pinchGestureRecognizer != nil)
        screen.pinch(at: CGPoint(x: 100, y: 100), scale: 2)
        screen.advance(by: 0.5)
        let scale = scroll.zoomScale
        #expect(scale > 1.8 && scale < 2.05)
        #expect(approx(board.transform.a, scale) && approx(board.transform.d, scale))
        #expect(approx(scroll.contentSize.width, 200 * scale, 1e-6) && board.frame.origin == .zero)
        #expect(delegate.events == ["begin", "zoom", "end"] && delegate.endScales == [scale])
        #expect(approx(scroll.contentOffset.x, 100 * scale - 100, 1), "the point under the fingers stays under them")
        #expect(!scroll.isZooming && !scroll.isZoomBouncing)
        let picture = screen.snapshot()
        writeForLooking(picture, "scroll-zoomed-checkerboard")
        // At 2× the middle of the view is the corner between four squares: one square's
        // colour on each side of it.
        let image = picture.cgImage!
        #expect(image.color(x: 95, y: 95) != image.color(x: 105, y: 95))
        #expect(image.color(x: 40, y: 40) == image.color(x: 95, y: 95), "a square is twice as large")
    }

    @Test("a pinch past the maximum goes further with resistance and springs back to the maximum")
    func bouncesBackFromMaximum() {
        let (screen, scroll, _, delegate) = make()
        screen.pinch(at: CGPoint(x: 100, y: 100), scale: 6)
        #expect(scroll.zoomScale > 3, "past the limit while the fingers are down")
        #expect(scroll.zoomScale < 6 * 0.8, "but following the fingers less")
        #expect(scroll.isZoomBouncing && delegate.endScales.isEmpty)
        var scales: [CGFloat] = []
        for _ in 0 ..< 24 {
            screen.advance(by: 1.0 / 60)
            scales.append(scroll.zoomScale)
        }
        #expect(zip(scales, scales.dropFirst()).allSatisfy { $0 >= $1 }, "shrinks steadily back")
        #expect(scroll.zoomScale == 3 && !scroll.isZoomBouncing && !scroll.isZooming)
        #expect(delegate.endScales == [3])
        #expect(scroll.contentSize == CGSize(width: 600, height: 600))
        #expect(scroll.clampedContentOffset(scroll.contentOffset) == scroll.contentOffset)
    }

    @Test("with bouncesZoom off the scale stops at the limits; pinching in stops at the minimum")
    func noBounce() {
        let (screen, scroll, _, delegate) = make()
        defer { withExtendedLifetime(delegate) {} }
        scroll.bouncesZoom = false
        screen.pinch(at: CGPoint(x: 100, y: 100), scale: 6)
        #expect(scroll.zoomScale == 3 && !scroll.isZoomBouncing)
        screen.advance(by: 0.5)
        screen.pinch(at: CGPoint(x: 100, y: 100), scale: 0.1)
        #expect(scroll.zoomScale == 1)
    }

    @Test("setZoomScale clamps to the limits; zoom(to:animated:) fills the view with a rectangle")
    func zoomingFromCode() {
        let (screen, scroll, board, delegate) = make()
        scroll.zoomScale = 10
        #expect(scroll.zoomScale == 3 && board.frame.size == CGSize(width: 600, height: 600))
        #expect(approx(scroll.contentOffset.x, 200, 1e-6), "the middle stays in the middle")
        scroll.setZoomScale(1, animated: true)
        screen.advance(by: 0.1)
        #expect(scroll.zoomScale > 1 && scroll.zoomScale < 3)
        screen.advance(by: 0.3)
        #expect(scroll.zoomScale == 1 && scroll.contentOffset == .zero)
        scroll.zoom(to: CGRect(x: 100, y: 100, width: 100, height: 100), animated: false)
        #expect(scroll.zoomScale == 2 && scroll.contentOffset == CGPoint(x: 200, y: 200))
        #expect(delegate.events.contains("zoom") && !delegate.events.contains("begin"), "code does not begin a pinch")

        let plain = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        plain.maximumZoomScale = 4
        plain.zoomScale = 2
        #expect(plain.zoomScale == 1, "without viewForZooming nothing zooms")
    }

    @Test("directional lock: a mostly sideways drag moves only sideways; a diagonal one moves both ways")
    func directionalLock() {
        func drag(locked: Bool, to end: CGPoint) -> CGPoint {
            let (screen, root) = makeScreen(width: 200, height: 200, scale: 1)
            let scroll = UIScrollView(frame: root.bounds)
            scroll.contentSize = CGSize(width: 1000, height: 1000)
            scroll.isDirectionalLockEnabled = locked
            scroll.contentOffset = CGPoint(x: 300, y: 300)
            root.addSubview(scroll)
            screen.advance(by: 1.0 / 60)
            screen.drag(from: CGPoint(x: 150, y: 150), to: end, duration: 0.5)
            screen.advance(by: 3)
            return scroll.contentOffset
        }
        let mostlySideways = CGPoint(x: 50, y: 120)   // 100 left, 30 up
        let locked = drag(locked: true, to: mostlySideways)
        #expect(locked.y == 300 && locked.x > 340)
        let free = drag(locked: false, to: mostlySideways)
        #expect(free.y > 310 && free.x > 340)
        let diagonal = drag(locked: true, to: CGPoint(x: 80, y: 80))
        #expect(diagonal.x > 330 && diagonal.y > 330, "a diagonal start is not locked")
        let down = drag(locked: true, to: CGPoint(x: 170, y: 50))
        #expect(down.x == 300 && down.y > 360)
    }
}
