import Testing
@testable import TabulaQuartz
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A view subclass with a `deinit` of its own, as UIKit code writes them (a base class
/// with an isolated `deinit` would make this fail to compile).
private final class CountingView: UIView {
    nonisolated(unsafe) static var released = 0
    deinit { CountingView.released += 1 }
}

/// A layer delegate that is not a view.
private final class Drawer: CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {}
}

/// A view's superview, a layer's superlayer and a layer's owning view are not weak
/// references (a weak reference slows every retain and release of its target): the
/// parent clears them as it goes away. What remains of the parent-to-be-nil promise is
/// what these check — a child that outlives its parent sees no parent, and reading it
/// does not trap.
@MainActor
@Suite("Back-references: superview, superlayer and a layer's view, after the parent goes away")
struct BackReferenceTests {
    @Test("a subview kept after its superview is released has no superview")
    func subviewOutlivesSuperview() {
        let child = UIView()
        let grandchild = UIView()
        do {
            let parent = CountingView()
            parent.addSubview(child)
            child.addSubview(grandchild)
            #expect(child.superview === parent)
        }
        #expect(child.superview == nil)
        #expect(grandchild.superview === child)
        // The subview is usable on: added elsewhere, it moves as any view does.
        let other = UIView()
        other.addSubview(child)
        #expect(child.superview === other)
        #expect(other.subviews.count == 1)
    }

    @Test("a sublayer kept after its superlayer is released has no superlayer")
    func sublayerOutlivesSuperlayer() {
        let child = CALayer()
        do {
            let parent = CALayer()
            parent.addSublayer(child)
            #expect(child.superlayer === parent)
        }
        #expect(child.superlayer == nil)
        let other = CALayer()
        other.addSublayer(child)
        #expect(child.superlayer === other)
    }

    @Test("a view's layer kept after the view is released has no delegate")
    func layerOutlivesView() {
        var layer: CALayer?
        do {
            let view = UIView()
            layer = view.layer
            #expect(layer?.delegate === view)
        }
        #expect(layer?.delegate == nil)
        // Still a view's layer: a change does not animate implicitly.
        layer?.opacity = 0.5
        #expect(layer?.animationKeys() == nil)
    }

    @Test("a layout guide kept after its view is released has no owning view, nor do the view's system guides")
    func guideOutlivesView() {
        let guide = UILayoutGuide()
        var margins: UILayoutGuide?
        do {
            let view = UIView()
            view.addLayoutGuide(guide)
            margins = view.layoutMarginsGuide
            #expect(guide.owningView === view)
            #expect(margins?.owningView === view)
        }
        #expect(guide.owningView == nil)
        #expect(margins?.owningView == nil)
    }

    @Test("a delegate that is not a view is held weakly, and nil once it goes away")
    func otherDelegateIsWeak() {
        let layer = CALayer()
        do {
            let drawer = Drawer()
            layer.delegate = drawer
            #expect(layer.delegate === drawer)
        }
        #expect(layer.delegate == nil)
    }

    @Test("a view subclass with its own deinit is released, and a deep tree of views and layers with it")
    func subclassesRelease() {
        let viewsBefore = CountingView.released
        var layers: [Weak<CALayer>] = []
        do {
            let root = CountingView()
            var parent: UIView = root
            for _ in 0 ..< 200 {
                let child = CountingView()
                let sublayer = CALayer()
                child.layer.addSublayer(sublayer)
                layers.append(Weak(sublayer))
                parent.addSubview(child)
                parent = child
            }
        }
        #expect(CountingView.released - viewsBefore == 201)
        #expect(layers.allSatisfy { $0.object == nil })
    }
}

/// A layer subclass with a `deinit` of its own, as Core Animation code writes them: a base
/// class with an isolated `deinit` would make it fail to compile.
private final class CountingLayer: CALayer {
    nonisolated(unsafe) static var released = 0
    deinit { CountingLayer.released += 1 }
}

/// A constraint subclass with a `deinit` of its own, for the same reason.
private final class CountingConstraint: NSLayoutConstraint {
    nonisolated(unsafe) static var released = 0
    deinit { CountingConstraint.released += 1 }
}

/// Hears how an animation stopped.
private final class StopListener: CAAnimationDelegate {
    var stops: [Bool] = []
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(flag) }
}

@MainActor
@Suite("Subclasses with a deinit of their own: layers and constraints")
struct SubclassDeinitTests {
    @Test("a layer subclass's deinit runs; its sublayers lose their superlayer")
    func layerSubclass() {
        let before = CountingLayer.released
        let child = CALayer()
        do {
            let parent = CountingLayer()
            parent.addSublayer(child)
            #expect(child.superlayer === parent)
        }
        #expect(CountingLayer.released == before + 1)
        #expect(child.superlayer == nil)
    }

    @Test("a layer released before its animation ran: the delegate hears finished == false at the next frame, once")
    func releasedWithAnimation() {
        let (screen, _) = makeScreen()
        let listener = StopListener()
        do {
            let layer = CountingLayer()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 1
            fade.delegate = listener
            layer.add(fade, forKey: "fade")
        }
        #expect(listener.stops.isEmpty, "told at a frame, not inside the release")
        screen.advance(by: 1.0 / 60)
        #expect(listener.stops == [false])
        screen.advance(by: 1.0 / 60)
        #expect(listener.stops == [false], "once")
    }

    @Test("a constraint subclass's deinit runs, and a constraint released while active is no longer counted")
    func constraintSubclass() {
        let before = NSLayoutConstraint.activeCount, released = CountingConstraint.released
        do {
            let parent = UIView(), child = UIView()
            parent.addSubview(child)
            let width = CountingConstraint(item: child, attribute: .width, relatedBy: .equal, toItem: nil,
                                           attribute: .notAnAttribute, multiplier: 1, constant: 40)
            width.isActive = true
            #expect(NSLayoutConstraint.activeCount == before + 1)
        }
        #expect(CountingConstraint.released == released + 1)
        #expect(NSLayoutConstraint.activeCount == before)
    }
}
