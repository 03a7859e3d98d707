import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Views and layers as careless code drives them: NaN and infinite geometry, a view added
/// to itself or to its own descendant, layer cycles. Each is reported and ignored, and
/// the view keeps laying out and drawing.
@MainActor
@Suite("Views: misuse")
struct ViewMisuseTests {
    let screen = HeadlessScreen(size: CGSize(width: 200, height: 200))

    final class Reports { var lines: [String] = [] }

    func shown(_ view: UIView) -> Reports {
        let reports = Reports()
        screen.onReport = { reports.lines.append($0) }
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .white
        window.addSubview(view)
        screen.show(window)
        return reports
    }

    @Test("NaN or infinite bounds, frame, center, transform and alpha are reported and ignored; the view still draws",
          arguments: [CGFloat.nan, .infinity, -.infinity])
    func nonFiniteGeometry(bad: CGFloat) {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        view.backgroundColor = .red
        let reports = shown(view)
        view.bounds = CGRect(x: 0, y: 0, width: bad, height: 50)
        view.bounds = CGRect(x: bad, y: 0, width: 100, height: 50)
        view.frame = CGRect(x: 10, y: bad, width: 100, height: 50)
        view.center = CGPoint(x: bad, y: 3)
        view.transform = CGAffineTransform(a: bad, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        view.alpha = .nan
        view.layer.bounds = CGRect(x: 0, y: 0, width: 10, height: bad)
        view.layer.position = CGPoint(x: 1, y: bad)
        view.setNeedsLayout()
        screen.advance(by: 0.1)
        #expect(view.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.transform == .identity && view.alpha == 1)
        #expect(reports.lines.count == 8, "one report for each call, the layer's too (it is on the screen): \(reports.lines)")
        #expect(reports.lines.first?.contains("UIView.bounds") == true)
        #expect(reports.lines.suffix(2).allSatisfy { $0.hasPrefix("CALayer.") })
        let frame = screen.snapshot()
        let pixel = frame.cgImage!.pixel(x: 60, y: 45)
        #expect(pixel.red > 230 && pixel.green < 30, "the view is still drawn in red: \(pixel)")
    }

    @Test("adding a view to itself or to its own descendant is reported and leaves the hierarchy as it was")
    func subviewCycles() {
        let outer = UIView(), middle = UIView(), inner = UIView()
        outer.addSubview(middle)
        middle.addSubview(inner)
        let reports = shown(outer)
        outer.addSubview(outer)
        inner.addSubview(outer)
        middle.insertSubview(outer, at: 0)
        inner.insertSubview(middle, aboveSubview: inner)
        #expect(reports.lines.count == 4)
        #expect(reports.lines.allSatisfy { $0.contains("its own ancestor") })
        #expect(outer.subviews.count == 1 && outer.subviews[0] === middle)
        #expect(middle.subviews.count == 1 && middle.subviews[0] === inner && inner.subviews.isEmpty)
        #expect(outer.superview is UIWindow)
        screen.advance(by: 0.1)   // layout and drawing still run
    }

    @Test("a sublayer cycle is reported through onInvalidValue and changes nothing")
    func sublayerCycles() {
        var reports: [String] = []
        let saved = CALayer.onInvalidValue
        CALayer.onInvalidValue = { reports.append($0) }
        defer { CALayer.onInvalidValue = saved }
        let a = CALayer(), b = CALayer()
        a.addSublayer(b)
        a.addSublayer(a)
        b.addSublayer(a)
        b.insertSublayer(a, at: 0)
        #expect(reports.count == 3)
        #expect(a.sublayers?.count == 1 && b.sublayers == nil && a.superlayer == nil)
    }
}
