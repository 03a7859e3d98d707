import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// View trees as deep as an app may make them: every pass (layout, display, compositing,
/// hit testing, traits, accessibility, snapshots) runs on the main thread's stack, so
/// the depth of a tree is limited (``UIView/maximumHierarchyDepth``); a view that would
/// lie deeper is reported and not added.
@MainActor
@Suite("Views: deep hierarchies")
struct DeepHierarchyTests {
    final class Reports { var lines: [String] = [] }

    /// A chain of `depth` views under the window, each inset by a fraction of a point.
    func chain(depth: Int, in window: UIWindow) -> [UIView] {
        var views: [UIView] = []
        var parent: UIView = window
        for i in 0 ..< depth {
            let view = i == depth - 1 ? UILabel() : UIView()
            view.frame = CGRect(x: 0.01, y: 0.01, width: 300, height: 300)
            view.backgroundColor = i % 2 == 0 ? .systemBlue : .systemTeal
            parent.addSubview(view)
            views.append(view)
            parent = view
        }
        (views.last as? UILabel)?.text = "Deepest"
        return views
    }

    @Test("a chain as deep as the limit lays out, draws, hit-tests, changes traits and is walked for accessibility")
    func chainAtTheLimit() throws {
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))
        let reports = Reports()
        screen.onReport = { reports.lines.append($0) }
        let window = UIWindow(frame: .zero)
        screen.show(window)
        let views = chain(depth: UIView.maximumHierarchyDepth - 1, in: window)
        screen.advance(by: 0.1)
        #expect(reports.lines.isEmpty)
        // A label takes no touches: the view holding it is hit.
        #expect(window.hitTest(CGPoint(x: 100, y: 100), with: nil) === views[views.count - 2])
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.1)
        #expect(views.last?.traitCollection.userInterfaceStyle == .dark)
        _ = screen.snapshot()
        #expect(screen.elements(labelled: "Deepest").count == 1)
    }

    @Test("a view that would lie deeper than the limit is reported and not added; the tree keeps working")
    func chainPastTheLimit() throws {
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))
        let reports = Reports()
        screen.onReport = { reports.lines.append($0) }
        let window = UIWindow(frame: .zero)
        screen.show(window)
        let views = chain(depth: UIView.maximumHierarchyDepth + 5, in: window)
        #expect(reports.lines.count == 1, "the first view past the limit: \(reports.lines)")
        #expect(reports.lines.first?.contains("\(UIView.maximumHierarchyDepth)") == true)
        let last = try #require(views.last)
        #expect(last.superview == nil || last.window == nil)
        // A subtree whose height would carry it past the limit is refused whole.
        let tall = UIView()
        var tip = tall
        for _ in 0 ..< 10 {
            let next = UIView()
            tip.addSubview(next)
            tip = next
        }
        views[UIView.maximumHierarchyDepth - 5].addSubview(tall)
        #expect(tall.superview == nil)
        screen.advance(by: 0.1)
        _ = screen.snapshot()
    }

    @Test("a layer tree deeper than the limit is refused with a report; one at the limit is composited")
    func deepLayers() throws {
        var reports: [String] = []
        let saved = CALayer.onInvalidValue
        CALayer.onInvalidValue = { reports.append($0) }
        defer { CALayer.onInvalidValue = saved }
        let screen = HeadlessScreen(size: CGSize(width: 100, height: 100))
        let window = UIWindow(frame: .zero)
        screen.show(window)
        var parent = window.layer
        var layers: [CALayer] = []
        for i in 0 ..< CALayer.maximumTreeDepth + 3 {
            let layer = CALayer()
            layer.frame = CGRect(x: 0.01, y: 0.01, width: 90, height: 90)
            layer.backgroundColor = (i % 2 == 0 ? UIColor.systemRed : UIColor.systemOrange).cgColor
            parent.addSublayer(layer)
            layers.append(layer)
            parent = layer
        }
        #expect(reports.count == 1, "\(reports)")
        #expect(layers[CALayer.maximumTreeDepth - 1].superlayer != nil && layers[CALayer.maximumTreeDepth].superlayer == nil)
        screen.advance(by: 0.1)
        _ = screen.snapshot()
    }
}
