import Testing
@testable import TabulaQuartz
@testable import TabulaUIKit
import TabulaUIKitTestSupport

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
