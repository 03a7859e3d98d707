import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A view that counts its `layoutSubviews` calls and can report them to a shared log.
final class LayoutCountingView: UIView {
    var layoutCount = 0
    var name = ""
    var log: ((String) -> Void)?
    var onLayout: ((LayoutCountingView) -> Void)?

    override func layoutSubviews() {
        layoutCount += 1
        log?(name)
        onLayout?(self)
    }
}

/// A view whose preferred size is fixed, for `sizeToFit`.
final class FixedSizeView: UIView {
    var fittingSize = CGSize(width: 44, height: 22)
    var askedSizes: [CGSize] = []
    override func sizeThatFits(_ size: CGSize) -> CGSize {
        askedSizes.append(size)
        return fittingSize
    }
}

@MainActor
final class LayoutLog {
    var entries: [String] = []
}

/// A root view controller that logs its layout callbacks around its view's `layoutSubviews`.
final class LayoutLoggingController: UIViewController {
    let log = LayoutLog()
    override func loadView() {
        let v = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        v.name = "root.layoutSubviews"
        v.log = { [log] in log.entries.append($0) }
        view = v
    }
    override func viewWillLayoutSubviews() { log.entries.append("viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { log.entries.append("viewDidLayoutSubviews") }
}

@MainActor
@Suite("Views: when layoutSubviews runs")
struct LayoutTriggerTests {
    static let frame = 1.0 / 60

    /// A screen whose root view holds `parent`, which holds `child`; both are laid out
    /// once already and their counts reset.
    func makeTree() -> (HeadlessScreen, UIView, LayoutCountingView, LayoutCountingView) {
        let (screen, root) = makeScreen()
        let parent = LayoutCountingView(frame: CGRect(x: 10, y: 10, width: 100, height: 80))
        let child = LayoutCountingView(frame: CGRect(x: 10, y: 10, width: 40, height: 30))
        parent.addSubview(child)
        root.addSubview(parent)
        screen.advance(by: Self.frame)
        #expect(parent.layoutCount == 1 && child.layoutCount == 1, "added views are laid out at the next frame")
        parent.layoutCount = 0
        child.layoutCount = 0
        return (screen, root, parent, child)
    }

    // MARK: Triggers

    @Test("a bounds size change lays out the view and its superview at the next frame, not before")
    func boundsSizeChange() {
        let (screen, _, parent, child) = makeTree()
        child.bounds.size = CGSize(width: 60, height: 30)
        #expect(child.layoutCount == 0 && parent.layoutCount == 0, "layout is deferred to the next frame")
        screen.advance(by: Self.frame)
        #expect(child.layoutCount == 1)
        #expect(parent.layoutCount == 1)
        screen.advance(by: Self.frame * 3)
        #expect(child.layoutCount == 1 && parent.layoutCount == 1, "nothing changed since")
    }

    @Test("a frame size change lays out the view and its superview")
    func frameSizeChange() {
        let (screen, _, parent, child) = makeTree()
        child.frame = CGRect(x: 10, y: 10, width: 40, height: 50)
        screen.advance(by: Self.frame)
        #expect(child.layoutCount == 1)
        #expect(parent.layoutCount == 1)
    }

    @Test("moving a view without resizing it does not lay it out")
    func originOnlyChange() {
        let (screen, _, _, child) = makeTree()
        child.frame = CGRect(x: 30, y: 25, width: 40, height: 30)
        child.center = CGPoint(x: 50, y: 50)
        screen.advance(by: Self.frame)
        #expect(child.layoutCount == 0)
        #expect(child.frame == CGRect(x: 30, y: 35, width: 40, height: 30))
    }

    @Test("a transform change lays the view out")
    func transformChange() {
        let (screen, _, _, child) = makeTree()
        child.transform = CGAffineTransform(rotationAngle: .pi / 8)
        screen.advance(by: Self.frame)
        #expect(child.layoutCount == 1)
    }

    @Test("adding a subview lays out the superview and the added view")
    func addingSubview() {
        let (screen, _, parent, _) = makeTree()
        let added = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        parent.addSubview(added)
        #expect(added.layoutCount == 0)
        screen.advance(by: Self.frame)
        #expect(parent.layoutCount == 1)
        #expect(added.layoutCount == 1)
    }

    @Test("removing a subview lays out the former superview")
    func removingSubview() {
        let (screen, _, parent, child) = makeTree()
        child.removeFromSuperview()
        screen.advance(by: Self.frame)
        #expect(parent.layoutCount == 1)
    }

    @Test("reordering subviews lays out the superview",
          arguments: ["bringSubviewToFront", "sendSubviewToBack", "exchangeSubview"])
    func reordering(_ operation: String) {
        let (screen, _, parent, child) = makeTree()
        let second = UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        parent.addSubview(second)
        screen.advance(by: Self.frame)
        parent.layoutCount = 0
        switch operation {
        case "bringSubviewToFront": parent.bringSubviewToFront(child)
        case "sendSubviewToBack": parent.sendSubviewToBack(second)
        default: parent.exchangeSubview(at: 0, withSubviewAt: 1)
        }
        #expect(parent.subviews.first === second && parent.subviews.last === child)
        screen.advance(by: Self.frame)
        #expect(parent.layoutCount == 1)
    }

    @Test("setNeedsLayout on the view or on its layer lays it out once at the next frame")
    func explicitRequests() {
        let (screen, _, parent, child) = makeTree()
        child.setNeedsLayout()
        screen.advance(by: Self.frame)
        #expect(child.layoutCount == 1)
        #expect(parent.layoutCount == 0, "the superview is not involved")

        child.layer.setNeedsLayout()
        screen.advance(by: Self.frame)
        #expect(child.layoutCount == 2)
    }

    @Test("adding a raw sublayer to the view's layer lays the view out")
    func addingSublayer() {
        let (screen, _, parent, _) = makeTree()
        let sublayer = CALayer()
        parent.layer.addSublayer(sublayer)
        screen.advance(by: Self.frame)
        #expect(parent.layoutCount == 1)
        sublayer.removeFromSuperlayer()
        screen.advance(by: Self.frame)
        #expect(parent.layoutCount == 2)
    }

    // MARK: Non-triggers

    @Test("alpha, background colour, hidden and nothing at all do not lay out")
    func nonTriggers() {
        let (screen, _, parent, child) = makeTree()
        child.alpha = 0.5
        child.backgroundColor = .red
        parent.backgroundColor = .blue
        child.isHidden = true
        child.isHidden = false
        screen.advance(by: Self.frame)
        screen.advance(by: 0.5)
        #expect(child.layoutCount == 0)
        #expect(parent.layoutCount == 0)
    }

    @Test("several requests in one frame make exactly one layoutSubviews call")
    func coalescing() {
        let (screen, _, parent, child) = makeTree()
        child.setNeedsLayout()
        child.setNeedsLayout()
        child.layer.setNeedsLayout()
        child.bounds.size = CGSize(width: 41, height: 31)
        child.bounds.size = CGSize(width: 42, height: 32)
        child.transform = CGAffineTransform(scaleX: 1.5, y: 1.5)
        child.addSubview(UIView(frame: .zero))
        parent.setNeedsLayout()
        parent.bounds.size = CGSize(width: 120, height: 90)
        screen.advance(by: Self.frame)
        #expect(child.layoutCount == 1)
        #expect(parent.layoutCount == 1)
        screen.advance(by: Self.frame * 5)
        #expect(child.layoutCount == 1 && parent.layoutCount == 1)
    }

    // MARK: layoutIfNeeded

    @Test("layoutIfNeeded runs pending layout at once, and only when something is pending")
    func layoutIfNeededRunsNow() {
        let (screen, _, _, child) = makeTree()
        child.layoutIfNeeded()
        #expect(child.layoutCount == 0, "nothing was pending")
        child.setNeedsLayout()
        child.layoutIfNeeded()
        #expect(child.layoutCount == 1)
        screen.advance(by: Self.frame)
        #expect(child.layoutCount == 1, "the pending layout was consumed")
    }

    @Test("layoutIfNeeded lays out an ancestor that needs layout first, outermost first")
    func layoutIfNeededOutermostFirst() {
        let (screen, _, parent, child) = makeTree()
        defer { withExtendedLifetime(screen) {} }
        var order: [String] = []
        let grandchild = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        child.addSubview(grandchild)
        child.layoutIfNeeded()
        parent.layoutCount = 0
        child.layoutCount = 0
        for (view, name) in [(parent, "parent"), (child, "child"), (grandchild, "grandchild")] {
            view.name = name
            view.log = { order.append($0) }
        }
        parent.setNeedsLayout()
        grandchild.setNeedsLayout()
        grandchild.layoutIfNeeded()
        #expect(order == ["parent", "grandchild"])

        // Only the ancestor is pending: asking a descendant still lays it out.
        order = []
        parent.setNeedsLayout()
        grandchild.layoutIfNeeded()
        #expect(order == ["parent"])
    }

    @Test("layoutIfNeeded works for a view that is in no window")
    func layoutIfNeededDetached() {
        let view = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.bounds.size = CGSize(width: 20, height: 20)
        view.layoutIfNeeded()
        #expect(view.layoutCount == 1)
        view.layoutIfNeeded()
        #expect(view.layoutCount == 1)
    }

    // MARK: Autoresizing

    @Test("autoresizing is applied before layoutSubviews: a flexible-width subview already has its new width")
    func autoresizingBeforeLayout() {
        let (screen, _, parent, _) = makeTree()
        let bar = UIView(frame: CGRect(x: 10, y: 0, width: 80, height: 20))
        bar.autoresizingMask = .flexibleWidth
        parent.addSubview(bar)
        screen.advance(by: Self.frame)
        var widthSeen: CGFloat = -1
        parent.onLayout = { _ in widthSeen = bar.frame.width }
        parent.bounds.size = CGSize(width: 200, height: 80)
        screen.advance(by: Self.frame)
        #expect(widthSeen == 180)
        #expect(bar.frame == CGRect(x: 10, y: 0, width: 180, height: 20))
    }

    @Test("flexible left and right margins keep a subview centred")
    func flexibleMarginsStayCentred() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let badge = UIView(frame: CGRect(x: 50, y: 10, width: 100, height: 20))
        badge.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        parent.addSubview(badge)
        parent.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
        #expect(badge.frame == CGRect(x: 100, y: 10, width: 100, height: 20))
        #expect(badge.center.x == parent.bounds.midX)
        parent.frame = CGRect(x: 0, y: 0, width: 160, height: 100)
        #expect(badge.frame.width == 100)
        #expect(badge.center.x == parent.bounds.midX)
    }

    @Test("flexible height and top margin share the change in proportion to their lengths")
    func proportionalDistribution() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        // Top margin 20, height 40, fixed bottom margin 40.
        let panel = UIView(frame: CGRect(x: 0, y: 20, width: 100, height: 40))
        panel.autoresizingMask = [.flexibleHeight, .flexibleTopMargin]
        parent.addSubview(panel)
        parent.bounds.size = CGSize(width: 100, height: 160)
        // 60 more points: a third to the margin (20 of 60), two thirds to the height.
        #expect(panel.frame == CGRect(x: 0, y: 40, width: 100, height: 80))
        #expect(parent.bounds.height - panel.frame.maxY == 40, "the fixed bottom margin is kept")
    }

    @Test("a flexible bottom margin pins the subview to the top; no mask keeps the frame")
    func fixedAndBottomMargins() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let pinned = UIView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        let plain = UIView(frame: CGRect(x: 50, y: 50, width: 30, height: 30))
        pinned.autoresizingMask = [.flexibleBottomMargin, .flexibleWidth]
        parent.addSubview(pinned)
        parent.addSubview(plain)
        parent.bounds.size = CGSize(width: 150, height: 300)
        #expect(pinned.frame == CGRect(x: 10, y: 10, width: 80, height: 30))
        #expect(plain.frame == CGRect(x: 50, y: 50, width: 30, height: 30))
    }

    @Test("autoresizesSubviews = false turns autoresizing off")
    func autoresizesSubviewsOff() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.autoresizesSubviews = false
        let bar = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 20))
        bar.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        parent.addSubview(bar)
        parent.bounds.size = CGSize(width: 300, height: 300)
        #expect(bar.frame == CGRect(x: 10, y: 10, width: 80, height: 20))
    }

    @Test("the root view follows the window's size through its flexible width and height")
    func rootViewFollowsWindow() {
        let (screen, root) = makeScreen(width: 160, height: 120)
        #expect(root.frame == CGRect(x: 0, y: 0, width: 160, height: 120))
        root.window!.frame = CGRect(x: 0, y: 0, width: 100, height: 200)
        #expect(root.frame == CGRect(x: 0, y: 0, width: 100, height: 200))
        _ = screen
    }

    // MARK: sizeToFit

    @Test("sizeToFit takes the size from sizeThatFits and keeps the frame's origin")
    func sizeToFit() {
        let view = FixedSizeView(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
        view.sizeToFit()
        #expect(view.askedSizes == [CGSize(width: 100, height: 100)])
        #expect(view.bounds.size == CGSize(width: 44, height: 22))
        #expect(view.frame == CGRect(x: 10, y: 20, width: 44, height: 22))
    }

    @Test("sizeToFit lays the view out when its size changes")
    func sizeToFitLaysOut() {
        let (screen, root) = makeScreen()
        let view = FixedSizeView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let counter = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        counter.addSubview(view)
        root.addSubview(counter)
        screen.advance(by: Self.frame)
        counter.layoutCount = 0
        view.sizeToFit()
        screen.advance(by: Self.frame)
        #expect(counter.layoutCount == 1, "the superview hears of the new size")
    }

    // MARK: View controller

    @Test("the root view controller's viewWillLayoutSubviews and viewDidLayoutSubviews bracket layoutSubviews")
    func viewControllerBrackets() {
        let screen = HeadlessScreen(size: CGSize(width: 100, height: 100))
        let window = UIWindow(frame: .zero)
        let controller = LayoutLoggingController()
        window.rootViewController = controller
        screen.show(window)
        #expect(controller.log.entries == ["viewWillLayoutSubviews", "root.layoutSubviews", "viewDidLayoutSubviews"])
        controller.log.entries = []
        controller.view.setNeedsLayout()
        screen.advance(by: Self.frame)
        #expect(controller.log.entries == ["viewWillLayoutSubviews", "root.layoutSubviews", "viewDidLayoutSubviews"])
        controller.log.entries = []
        screen.advance(by: Self.frame)
        #expect(controller.log.entries.isEmpty)
    }
}
