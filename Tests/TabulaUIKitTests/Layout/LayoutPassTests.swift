import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A view that sizes its one subview to half its width in `layoutSubviews`, and counts
/// its passes.
@MainActor
private final class HalvingView: UIView {
    let child = UIView()
    var layouts = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(child)
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        layouts += 1
        child.frame = CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height)
    }
}

@MainActor
@Suite("Layout passes")
struct LayoutPassTests {
    /// A 100 × 40 ``HalvingView`` on a screen, one frame run.
    private func shownHalvingView() -> (HeadlessScreen, HalvingView) {
        let (screen, root) = makeScreen(width: 320, height: 200)
        let view = HalvingView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        return (screen, view)
    }

    @Test("a view that resizes its subviews in layoutSubviews is laid out once, not again for their new sizes")
    func resizingSubviewsInLayout() {
        let (screen, view) = shownHalvingView()
        defer { withExtendedLifetime(screen) {} }
        #expect(view.layouts == 1)
        #expect(view.child.frame.width == 50)
        view.frame.size.width = 200
        screen.advance(by: 1.0 / 60)
        #expect(view.layouts == 2, "one pass for one change of size")
        #expect(view.child.frame.width == 100)
    }

    @Test("a subview resized from outside its superview's layout still marks the superview for layout")
    func resizingFromOutside() {
        let (screen, view) = shownHalvingView()
        defer { withExtendedLifetime(screen) {} }
        view.child.frame.size.width = 80
        #expect(view.layer.needsLayout(), "the superview of a resized view waits for layout, as in UIKit")
        screen.advance(by: 1.0 / 60)
        #expect(view.layouts == 2)
        #expect(view.child.frame.width == 50, "its layout puts the subview back")
    }

    @Test("a view added to a laid-out superview is laid out once it is there")
    func addedViewIsLaidOut() {
        let (screen, root) = makeScreen(width: 320, height: 200)
        defer { withExtendedLifetime(screen) {} }
        screen.advance(by: 1.0 / 60)
        let view = HalvingView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        view.layoutIfNeeded()
        #expect(view.layouts == 1)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        #expect(view.layouts == 2, "joining a view marks a view for layout, as in UIKit")
    }
}
