import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Careless app code against a zooming scroll view: scales, limits and rectangles that
/// are not usable numbers, and NaN or infinite insets and content sizes.
@MainActor
@Suite("Careless code: zooming, insets and content size", .serialized)
struct CarelessZoomingTests {
    final class Lines { var lines: [String] = [] }

    /// A 200×200 root on a screen, collecting the screen's reports.
    func screenRoot() -> (HeadlessScreen, UIView, Lines) {
        let (screen, root) = makeScreen(width: 200, height: 200, scale: 1)
        let lines = Lines()
        screen.onReport = { lines.lines.append($0) }
        return (screen, root, lines)
    }

    // MARK: Zooming

    func zoomer() -> (HeadlessScreen, UIScrollView, UIView, ZoomDelegate, Lines) {
        let (screen, root, lines) = screenRoot()
        let scroll = UIScrollView(frame: root.bounds)
        let board = UIView(frame: scroll.bounds)
        scroll.addSubview(board)
        scroll.contentSize = board.bounds.size
        let delegate = ZoomDelegate(board)
        scroll.delegate = delegate
        scroll.minimumZoomScale = 1
        scroll.maximumZoomScale = 3
        root.addSubview(scroll)
        screen.advance(by: 1.0 / 60)
        return (screen, scroll, board, delegate, lines)
    }

    @Test("setZoomScale with 0, a negative, NaN or infinite scale is reported and changes nothing",
          arguments: [CGFloat(0), -2, .nan, .infinity, -.infinity])
    func badZoomScale(scale: CGFloat) {
        let (screen, scroll, board, delegate, lines) = zoomer()
        defer { withExtendedLifetime((screen, delegate)) {} }
        scroll.zoomScale = 2
        scroll.setZoomScale(scale, animated: false)
        #expect(scroll.zoomScale == 2 && board.frame.width == 400)
        #expect(lines.lines.count == 1, "\(lines.lines)")
    }

    @Test("zoom limits that are not positive numbers are reported and kept as they were",
          arguments: [CGFloat(0), -1, .nan, .infinity])
    func badZoomLimits(limit: CGFloat) {
        let (screen, scroll, board, delegate, lines) = zoomer()
        defer { withExtendedLifetime((screen, delegate)) {} }
        scroll.minimumZoomScale = limit
        scroll.maximumZoomScale = limit
        #expect(scroll.minimumZoomScale == 1 && scroll.maximumZoomScale == 3)
        #expect(lines.lines.count == 2, "\(lines.lines)")
        scroll.zoom(to: CGRect(x: 0, y: 0, width: 1e300, height: 1e300), animated: false)
        scroll.setZoomScale(1e-9, animated: false)
        scroll.zoom(to: CGRect(x: 0, y: 0, width: 1e-300, height: 1e-300), animated: false)
        #expect(scroll.zoomScale == 3 && board.frame.width == 600, "\(scroll.zoomScale) \(board.frame)")
        #expect(scroll.contentOffset.x.isFinite && scroll.contentOffset.y.isFinite)
    }

    @Test("a minimum above the maximum: zooming stays inside both, at the maximum")
    func invertedLimits() {
        let (screen, scroll, board, delegate, _) = zoomer()
        defer { withExtendedLifetime((screen, delegate)) {} }
        scroll.minimumZoomScale = 4
        scroll.maximumZoomScale = 2
        scroll.zoomScale = 10
        #expect(scroll.zoomScale == 2 && board.frame.width == 400)
        scroll.zoomScale = 0.5
        #expect(scroll.zoomScale == 2)
    }

    @Test("zoom(to:) with a NaN, infinite or null rectangle is reported and changes nothing",
          arguments: [CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10),
                      .null, CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)])
    func badZoomRect(rect: CGRect) {
        let (screen, scroll, board, delegate, lines) = zoomer()
        defer { withExtendedLifetime((screen, delegate)) {} }
        scroll.zoomScale = 2
        let offset = scroll.contentOffset
        scroll.zoom(to: rect, animated: false)
        #expect(scroll.zoomScale == 2 && board.frame.width == 400 && scroll.contentOffset == offset)
        #expect(lines.lines.count == 1, "\(lines.lines)")
    }

    @Test("scrollRectToVisible with a NaN, infinite or null rectangle is reported and scrolls nowhere",
          arguments: [CGRect(x: 0, y: CGFloat.nan, width: 10, height: 10), CGRect(x: 0, y: 0, width: 10, height: CGFloat.infinity),
                      .null])
    func badScrollRect(rect: CGRect) {
        let (screen, scroll, _, delegate, lines) = zoomer()
        defer { withExtendedLifetime((screen, delegate)) {} }
        scroll.contentSize = CGSize(width: 200, height: 1000)
        scroll.contentOffset = CGPoint(x: 0, y: 300)
        scroll.scrollRectToVisible(rect, animated: true)
        screen.advance(by: 0.5)
        #expect(scroll.contentOffset == CGPoint(x: 0, y: 300))
        #expect(lines.lines.count == 1 && lines.lines.first?.contains("scrollRectToVisible") == true, "\(lines.lines)")
    }

    @Test("a NaN or infinite contentInset or contentSize is reported and ignored; scrolling still works",
          arguments: [CGFloat.nan, .infinity, -.infinity])
    func badInsets(value: CGFloat) {
        let (screen, scroll, _, delegate, lines) = zoomer()
        defer { withExtendedLifetime(delegate) {} }
        scroll.contentInset = UIEdgeInsets(top: value, left: 0, bottom: 0, right: 0)
        scroll.contentSize = CGSize(width: 200, height: value)
        #expect(scroll.contentInset == .zero && scroll.contentSize == CGSize(width: 200, height: 200))
        #expect(scroll.adjustedContentInset.top.isFinite)
        #expect(lines.lines.count == 2, "\(lines.lines)")
        scroll.contentSize = CGSize(width: 200, height: 1000)
        scroll.setContentOffset(CGPoint(x: 0, y: 5000), animated: true)
        screen.advance(by: 1)
        #expect(scroll.contentOffset.y.isFinite && scroll.contentOffset.y <= 800)
    }

    @Test("zoom(to:) with a rectangle of no size zooms in to the maximum about it; CGRect.infinite zooms out to the minimum")
    func degenerateZoomRects() {
        let (screen, scroll, board, delegate, lines) = zoomer()
        defer { withExtendedLifetime((screen, delegate)) {} }
        scroll.zoom(to: CGRect(x: 100, y: 100, width: 0, height: 0), animated: false)
        #expect(scroll.zoomScale == 3 && board.frame.width == 600)
        #expect(scroll.contentOffset == CGPoint(x: 200, y: 200), "the point stays in the middle")
        scroll.zoom(to: CGRect(x: 150, y: 150, width: -100, height: -100), animated: false)
        #expect(scroll.zoomScale == 2 && scroll.contentOffset == CGPoint(x: 100, y: 100), "a negative size is standardized")
        scroll.zoom(to: .infinite, animated: false)
        #expect(scroll.zoomScale == 1 && board.frame.width == 200 && scroll.contentOffset == .zero)
        #expect(lines.lines.isEmpty, "\(lines.lines)")
    }
}
