import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A view that logs its hierarchy hooks, with the window it is in at each.
final class HookLoggingView: UIView {
    var events: [String] = []
    var windowsAtWillMove: [UIWindow?] = []
    var windowsAtDidMove: [UIWindow?] = []

    override func willMove(toWindow newWindow: UIWindow?) {
        events.append(newWindow == nil ? "willMove(toWindow: nil)" : "willMove(toWindow:)")
        windowsAtWillMove.append(window)
    }
    override func didMoveToWindow() {
        events.append("didMoveToWindow")
        windowsAtDidMove.append(window)
    }
    override func willMove(toSuperview newSuperview: UIView?) {
        events.append(newSuperview == nil ? "willMove(toSuperview: nil)" : "willMove(toSuperview:)")
    }
    override func didMoveToSuperview() { events.append("didMoveToSuperview") }
    override func didAddSubview(_ subview: UIView) { events.append("didAddSubview") }
    override func willRemoveSubview(_ subview: UIView) { events.append("willRemoveSubview") }
}

/// A view that draws, so that its backing store's scale can be checked.
final class ScaleCheckingView: UIView {
    override func draw(_ rect: CGRect) {
        UIGraphicsGetCurrentContext()!.fill(bounds)
    }
}

@MainActor
@Suite("Views: the view hierarchy")
struct HierarchyTests {
    func views(_ n: Int) -> [UIView] {
        (0 ..< n).map { i in
            let v = UIView(frame: CGRect(x: CGFloat(i), y: 0, width: 10, height: 10))
            v.tag = i + 1
            return v
        }
    }

    /// The subview layers in the layer's order, ignoring layers added directly.
    func layerOrder(_ parent: UIView) -> [ObjectIdentifier] {
        let own = Set(parent.subviews.map { ObjectIdentifier($0.layer) })
        return (parent.layer.sublayers ?? []).map(ObjectIdentifier.init).filter(own.contains)
    }

    func viewOrder(_ parent: UIView) -> [ObjectIdentifier] {
        parent.subviews.map { ObjectIdentifier($0.layer) }
    }

    func tags(_ parent: UIView) -> [Int] { parent.subviews.map(\.tag) }

    @Test("every insertion and reordering keeps subviews and sublayers in the same order")
    func orderAgreement() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let v = views(5)
        parent.addSubview(v[0])
        parent.addSubview(v[1])
        #expect(tags(parent) == [1, 2])
        parent.insertSubview(v[2], at: 0)
        #expect(tags(parent) == [3, 1, 2])
        parent.insertSubview(v[3], aboveSubview: v[2])
        #expect(tags(parent) == [3, 4, 1, 2])
        parent.insertSubview(v[4], belowSubview: v[2])
        #expect(tags(parent) == [5, 3, 4, 1, 2])
        #expect(layerOrder(parent) == viewOrder(parent))
        #expect(parent.layer.sublayers!.count == 5)

        parent.bringSubviewToFront(v[4])
        #expect(tags(parent) == [3, 4, 1, 2, 5])
        #expect(layerOrder(parent) == viewOrder(parent))
        parent.sendSubviewToBack(v[1])
        #expect(tags(parent) == [2, 3, 4, 1, 5])
        #expect(layerOrder(parent) == viewOrder(parent))
        parent.exchangeSubview(at: 0, withSubviewAt: 3)
        #expect(tags(parent) == [1, 3, 4, 2, 5])
        #expect(layerOrder(parent) == viewOrder(parent))
        parent.exchangeSubview(at: 4, withSubviewAt: 1)
        #expect(tags(parent) == [1, 5, 4, 2, 3])
        #expect(layerOrder(parent) == viewOrder(parent))

        // Moving views that are already subviews.
        parent.insertSubview(v[0], aboveSubview: v[2])
        #expect(tags(parent) == [5, 4, 2, 3, 1])
        #expect(layerOrder(parent) == viewOrder(parent))
        parent.insertSubview(v[2], belowSubview: v[4])
        #expect(tags(parent) == [3, 5, 4, 2, 1])
        #expect(layerOrder(parent) == viewOrder(parent))
        parent.insertSubview(v[1], at: 99)
        #expect(tags(parent) == [3, 5, 4, 1, 2], "an index past the end appends")
        #expect(layerOrder(parent) == viewOrder(parent))
        parent.addSubview(v[4])
        #expect(tags(parent) == [3, 4, 1, 2, 5], "adding a subview again moves it to the front")
        #expect(layerOrder(parent) == viewOrder(parent))
    }

    @Test("a long sequence of reorderings with raw sublayers mixed in keeps the orders agreeing")
    func orderAgreementWithRawLayers() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let v = views(6)
        for view in v { parent.addSubview(view) }
        let raw = CALayer()
        parent.layer.insertSublayer(raw, at: 2)
        var rng = SeededRandom(seed: 7)
        for step in 0 ..< 200 {
            let a = v[Int(rng.next() % 6)], b = v[Int(rng.next() % 6)]
            switch rng.next() % 7 {
            case 0: parent.bringSubviewToFront(a)
            case 1: parent.sendSubviewToBack(a)
            case 2: parent.exchangeSubview(at: Int(rng.next() % 6), withSubviewAt: Int(rng.next() % 6))
            case 3: if a !== b { parent.insertSubview(a, aboveSubview: b) }
            case 4: if a !== b { parent.insertSubview(a, belowSubview: b) }
            case 5: parent.insertSubview(a, at: Int(rng.next() % 7))
            default: parent.addSubview(a)
            }
            #expect(layerOrder(parent) == viewOrder(parent), "step \(step)")
            #expect(parent.subviews.count == 6)
            if layerOrder(parent) != viewOrder(parent) { break }
        }
        #expect(raw.superlayer === parent.layer, "the raw layer stays")
        #expect(parent.layer.sublayers!.count == 7)
    }

    @Test("insertSubview(_:aboveSubview:) and belowSubview place the view next to the sibling")
    func aboveBelow() {
        let parent = UIView(frame: .zero)
        let v = views(3)
        for view in v { parent.addSubview(view) }
        let newcomer = UIView(frame: .zero)
        newcomer.tag = 9
        parent.insertSubview(newcomer, aboveSubview: v[0])
        #expect(tags(parent) == [1, 9, 2, 3])
        parent.insertSubview(newcomer, belowSubview: v[0])
        #expect(tags(parent) == [9, 1, 2, 3])
        parent.insertSubview(newcomer, aboveSubview: v[2])
        #expect(tags(parent) == [1, 2, 3, 9])
        #expect(layerOrder(parent) == viewOrder(parent))
    }

    @Test("adding a view to a new parent removes it from the old one, layer included")
    func reparenting() {
        let oldParent = UIView(frame: .zero)
        let newParent = UIView(frame: .zero)
        let child = UIView(frame: .zero)
        oldParent.addSubview(child)
        #expect(child.superview === oldParent)
        #expect(child.layer.superlayer === oldParent.layer)
        newParent.addSubview(child)
        #expect(child.superview === newParent)
        #expect(oldParent.subviews.isEmpty)
        #expect(oldParent.layer.sublayers == nil)
        #expect(newParent.subviews.count == 1 && newParent.subviews[0] === child)
        #expect(child.layer.superlayer === newParent.layer)
    }

    @Test("removeFromSuperview detaches the view and its layer; a second call does nothing")
    func removal() {
        let parent = UIView(frame: .zero)
        let v = views(3)
        for view in v { parent.addSubview(view) }
        v[1].removeFromSuperview()
        #expect(v[1].superview == nil)
        #expect(v[1].layer.superlayer == nil)
        #expect(tags(parent) == [1, 3])
        #expect(layerOrder(parent) == viewOrder(parent))
        #expect(parent.layer.sublayers!.count == 2)
        v[1].removeFromSuperview()
        #expect(tags(parent) == [1, 3])
    }

    @Test("window is set for every descendant of a shown window and cleared on removal")
    func windowProperty() {
        let (screen, root) = makeScreen()
        defer { withExtendedLifetime(screen) {} }
        let window = root.window
        #expect(window != nil)
        let outer = UIView(frame: .zero)
        let inner = UIView(frame: .zero)
        outer.addSubview(inner)
        #expect(inner.window == nil)
        root.addSubview(outer)
        #expect(outer.window === window)
        #expect(inner.window === window)
        outer.removeFromSuperview()
        #expect(inner.window == nil)
        #expect(inner.isDescendant(of: outer))
        #expect(!outer.isDescendant(of: inner))
    }

    @Test("willMove(toWindow:) and didMoveToWindow fire for a subtree entering and leaving a window")
    func windowHooks() {
        let (screen, root) = makeScreen()
        defer { withExtendedLifetime(screen) {} }
        let window = root.window!
        let outer = HookLoggingView(frame: .zero)
        let inner = HookLoggingView(frame: .zero)
        outer.addSubview(inner)
        #expect(!inner.events.contains("didMoveToWindow"), "no window yet")
        #expect(outer.events == ["didAddSubview"])
        outer.events = []
        inner.events = []

        root.addSubview(outer)
        for view in [outer, inner] {
            #expect(view.events.filter { $0.contains("Window") } == ["willMove(toWindow:)", "didMoveToWindow"])
            #expect(view.windowsAtWillMove.count == 1 && view.windowsAtWillMove[0] == nil,
                    "in willMove(toWindow:) the view is not in the window yet")
            #expect(view.windowsAtDidMove.count == 1 && view.windowsAtDidMove[0] === window)
        }
        #expect(outer.events.contains("willMove(toSuperview:)") && outer.events.contains("didMoveToSuperview"))
        #expect(!inner.events.contains("didMoveToSuperview"), "the inner view keeps its superview")

        outer.events = []
        inner.events = []
        outer.removeFromSuperview()
        for view in [outer, inner] {
            #expect(view.events.filter { $0.contains("Window") } == ["willMove(toWindow: nil)", "didMoveToWindow"])
            #expect(view.windowsAtWillMove.last! === window, "still in the window when told it will leave")
            #expect(view.windowsAtDidMove.last! == nil)
        }

        // Moving between two views of the same window does not change windows.
        let other = UIView(frame: .zero)
        root.addSubview(other)
        root.addSubview(outer)
        outer.events = []
        other.addSubview(outer)
        #expect(outer.events.filter { $0.contains("Window") }.isEmpty)
        #expect(outer.events.contains("didMoveToSuperview"))
    }

    @Test("didAddSubview and willRemoveSubview are called on the superview")
    func superviewHooks() {
        let parent = HookLoggingView(frame: .zero)
        let child = UIView(frame: .zero)
        parent.addSubview(child)
        #expect(parent.events == ["didAddSubview"])
        child.removeFromSuperview()
        #expect(parent.events == ["didAddSubview", "willRemoveSubview"])
    }

    @Test("viewWithTag finds the view itself, then its descendants depth first")
    func tagSearch() {
        let root = UIView(frame: .zero)
        root.tag = 1
        let a = UIView(frame: .zero), b = UIView(frame: .zero), deep = UIView(frame: .zero)
        a.tag = 2
        b.tag = 3
        deep.tag = 3
        a.addSubview(deep)
        root.addSubview(a)
        root.addSubview(b)
        #expect(root.viewWithTag(1) === root)
        #expect(root.viewWithTag(2) === a)
        #expect(root.viewWithTag(3) === deep, "depth first: a's subtree comes before b")
        #expect(b.viewWithTag(3) === b)
        #expect(root.viewWithTag(42) == nil)
        #expect(a.viewWithTag(1) == nil, "the search does not go up")
    }

    @Test("views added to a window at scale 3 draw at contentsScale 3")
    func scaleFromWindow() {
        let (screen, root) = makeScreen(width: 100, height: 100, scale: 3)
        let outer = ScaleCheckingView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        let inner = ScaleCheckingView(frame: CGRect(x: 0, y: 0, width: 7, height: 5))
        outer.addSubview(inner)
        #expect(inner.layer.contentsScale == 1, "not in a window yet")
        root.addSubview(outer)
        #expect(outer.layer.contentsScale == 3)
        #expect(inner.layer.contentsScale == 3)
        screen.advance(by: 1.0 / 60)
        #expect(outer.layer.contents?.width == 60 && outer.layer.contents?.height == 30)
        #expect(inner.layer.contents?.width == 21 && inner.layer.contents?.height == 15)
        #expect(root.layer.contentsScale == 3)
    }

    @Test("the responder chain goes from a view to its superview, and from a root view to its controller")
    func responderChain() {
        let screen = HeadlessScreen(size: CGSize(width: 50, height: 50))
        let window = UIWindow(frame: .zero)
        let controller = UIViewController()
        window.rootViewController = controller
        screen.show(window)
        let child = UIView(frame: .zero)
        controller.view.addSubview(child)
        #expect(child.next === controller.view)
        #expect(controller.view.next === controller)
        #expect(controller.next === window)
        #expect(controller.view.superview === window)
    }
}
