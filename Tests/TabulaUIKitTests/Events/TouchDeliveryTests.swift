import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A view that writes down every touch message it gets.
@MainActor
final class TouchLogView: UIView {
    var log: [String] = []
    var locations: [CGPoint] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("began(\(touches.count))")
        locations.append(touches.first!.location(in: self))
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("ended")
        locations.append(touches.first!.location(in: self))
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
}

/// A screen 300×400 with a root view; returns the root to add views to.
@MainActor
func touchScreen() -> (HeadlessScreen, UIView) {
    let screen = HeadlessScreen(size: CGSize(width: 300, height: 400), scale: 1)
    let window = UIWindow(frame: .zero)
    window.rootViewController = UIViewController()
    screen.show(window)
    return (screen, window.rootViewController!.view)
}

@Suite("Touch delivery")
@MainActor
struct TouchDeliveryTests {
    @Test("a tap reaches the hit-tested view as began then ended, in its own coordinates")
    func tapReachesView() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        let view = TouchLogView(frame: CGRect(x: 50, y: 100, width: 100, height: 100))
        root.addSubview(view)
        screen.tap(at: CGPoint(x: 60, y: 130))
        #expect(view.log == ["began(1)", "ended"])
        #expect(view.locations == [CGPoint(x: 10, y: 30), CGPoint(x: 10, y: 30)])
        screen.tap(at: CGPoint(x: 200, y: 300))
        #expect(view.log.count == 2, "a tap outside the view does not reach it")
    }

    @Test("touches go up the responder chain from a view that does not handle them")
    func responderChain() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        let parent = TouchLogView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        parent.addSubview(child)
        root.addSubview(parent)
        screen.tap(at: CGPoint(x: 20, y: 20))
        #expect(parent.log == ["began(1)", "ended"])
        #expect(child.next === parent)
    }

    @Test("a touch keeps its view while it moves outside it; timestamps follow the virtual clock")
    func touchKeepsView() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        let view = TouchLogView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(view)
        var stamps: [TimeInterval] = []
        let pan = UIPanGestureRecognizer { pan in stamps.append(CACurrentMediaTime()) }
        pan.cancelsTouchesInView = false
        view.addGestureRecognizer(pan)
        screen.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 250, y: 350), duration: 0.2)
        #expect(view.log.first == "began(1)")
        #expect(view.log.last == "ended")
        #expect(view.log.filter { $0 == "moved" }.count == 12)
        #expect(view.locations.last == CGPoint(x: 250, y: 350))
        #expect(stamps.count == 13, "began, 11 changes and ended")
        #expect(abs(stamps.last! - screen.currentTime) < 1e-9)
    }

    @Test("tapCount counts quick taps in one place, and starts again after a pause")
    func tapCount() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        final class CountView: UIView {
            var counts: [Int] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { counts.append(touches.first!.tapCount) }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
        }
        let view = CountView(frame: root.bounds)
        root.addSubview(view)
        screen.tap(at: CGPoint(x: 100, y: 100))
        screen.advance(by: 0.1)
        screen.tap(at: CGPoint(x: 105, y: 100))
        screen.advance(by: 1)
        screen.tap(at: CGPoint(x: 100, y: 100))
        #expect(view.counts == [1, 2, 1])
    }

    @Test("several fingers at once: each touch is delivered, and the event holds them all")
    func multipleTouches() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        final class Fingers: UIView {
            var most = 0
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                most = max(most, event?.allTouches?.count ?? 0)
            }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
        }
        let view = Fingers(frame: root.bounds)
        root.addSubview(view)
        screen.pinch(at: CGPoint(x: 150, y: 200), scale: 2, duration: 0.1)
        #expect(view.most == 2)
    }
}

@Suite("Gesture recognizers")
@MainActor
struct GestureRecognizerTests {
    @Test("a tap recognizer fires once, at touch up, and the view's touches are cancelled")
    func tap() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        let view = TouchLogView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        root.addSubview(view)
        var states: [UIGestureRecognizer.State] = []
        var location = CGPoint.zero
        let tap = UITapGestureRecognizer { tap in states.append(tap.state); location = tap.location(in: view) }
        view.addGestureRecognizer(tap)
        screen.tap(at: CGPoint(x: 40, y: 60))
        #expect(states == [.ended])
        #expect(location == CGPoint(x: 40, y: 60))
        #expect(view.log == ["began(1)", "cancelled"])
        #expect(tap.state == .possible, "reset once its touches ended")
        tap.cancelsTouchesInView = false
        screen.advance(by: 1)
        screen.tap(at: CGPoint(x: 40, y: 60))
        #expect(view.log.suffix(2) == ["began(1)", "ended"])
    }

    @Test("a tap fails when the finger moves away, and a drag is not a tap")
    func tapFailsOnMovement() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        var fired = 0
        let tap = UITapGestureRecognizer { _ in fired += 1 }
        root.addGestureRecognizer(tap)
        screen.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 50, y: 120), duration: 0.2)
        #expect(fired == 0)
        screen.advance(by: 1)
        screen.tap(at: CGPoint(x: 50, y: 50))
        #expect(fired == 1, "the recognizer was reset after the failed drag")
    }

    @Test("a single tap that requires a double tap to fail waits for it, and loses to it")
    func requireToFail() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        var log: [String] = []
        let double = UITapGestureRecognizer { _ in log.append("double") }
        double.numberOfTapsRequired = 2
        let single = UITapGestureRecognizer { _ in log.append("single") }
        single.require(toFail: double)
        root.addGestureRecognizer(double)
        root.addGestureRecognizer(single)
        screen.tap(at: CGPoint(x: 100, y: 100))
        #expect(log.isEmpty, "the single tap waits while a second tap may come")
        screen.advance(by: 0.2)
        #expect(log.isEmpty)
        screen.advance(by: 0.2)
        #expect(log == ["single"], "the double tap timed out and failed")
        screen.advance(by: 1)
        screen.tap(at: CGPoint(x: 100, y: 100))
        screen.advance(by: 0.1)
        screen.tap(at: CGPoint(x: 100, y: 100))
        screen.advance(by: 1)
        #expect(log == ["single", "double"])
    }

    /// Says that its recognizer waits for `other` to fail.
    final class WaitingDelegate: UIGestureRecognizerDelegate {
        weak var other: UIGestureRecognizer?
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            otherGestureRecognizer === other
        }
    }

    /// A pan that makes every other pan on its touches wait for it, and begins only when `allowed`.
    final class FirstPan: UIPanGestureRecognizer {
        var allowed = true
        override func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            otherGestureRecognizer is UIPanGestureRecognizer
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            if !allowed, state == .possible { state = .failed; return }
            super.touchesMoved(touches, with: event)
        }
    }

    @Test("failure requirements asked for as recognition comes: the delegate's shouldRequireFailureOf, a subclass's shouldBeRequiredToFail(by:)",
          arguments: [false, true])
    func dynamicFailureRequirements(bySubclass: Bool) {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        var log: [String] = []
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        root.addSubview(inner)
        // The inner pan is nearer the finger; unasked, it would take the drag.
        let innerPan = UIPanGestureRecognizer { pan in if pan.state == .began { log.append("inner") } }
        let outerPan: UIPanGestureRecognizer
        let delegate = WaitingDelegate()
        if bySubclass {
            outerPan = FirstPan()
        } else {
            outerPan = UIPanGestureRecognizer()
            delegate.other = outerPan
            innerPan.delegate = delegate
        }
        outerPan.addTarget { pan in if pan.state == .began { log.append("outer") } }
        inner.addGestureRecognizer(innerPan)
        root.addGestureRecognizer(outerPan)
        screen.drag(from: CGPoint(x: 50, y: 100), to: CGPoint(x: 250, y: 100))
        screen.advance(by: 0.5)
        #expect(log == ["outer"], "the inner pan waited for the outer one, which recognized")

        // When the one it waits for fails, the waiting pan recognizes.
        log = []
        if let first = outerPan as? FirstPan { first.allowed = false } else {
            outerPan.isEnabled = false
        }
        screen.drag(from: CGPoint(x: 50, y: 100), to: CGPoint(x: 250, y: 100))
        screen.advance(by: 0.5)
        #expect(log == ["inner"])
    }

    @Test("a two-finger tap needs numberOfTouchesRequired = 2; numberOfTouches counts the fingers down")
    func twoFingerTap() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        var counts: [Int] = []
        let one = UITapGestureRecognizer { _ in counts.append(1) }
        let two = UITapGestureRecognizer { _ in counts.append(2) }
        two.numberOfTouchesRequired = 2
        let pinch = UIPinchGestureRecognizer { pinch in counts.append(10 * pinch.numberOfTouches) }
        let views = (0 ..< 3).map { i in UIView(frame: CGRect(x: 0, y: CGFloat(i) * 130, width: 300, height: 120)) }
        for (view, recognizer) in zip(views, [one, two, pinch] as [UIGestureRecognizer]) {
            root.addSubview(view)
            view.addGestureRecognizer(recognizer)
        }
        func twoFingers(at y: CGFloat) {
            screen.sendTouches([TouchInput(id: 100, phase: .began, location: CGPoint(x: 100, y: y)),
                                TouchInput(id: 101, phase: .began, location: CGPoint(x: 160, y: y))])
            screen.advance(by: 0.05)
            screen.sendTouches([TouchInput(id: 100, phase: .ended, location: CGPoint(x: 100, y: y)),
                                TouchInput(id: 101, phase: .ended, location: CGPoint(x: 160, y: y))])
            screen.advance(by: 1)
        }
        twoFingers(at: 60)
        #expect(counts.isEmpty, "two fingers are not a one-finger tap")
        twoFingers(at: 190)
        #expect(counts == [2])
        screen.tap(at: CGPoint(x: 100, y: 190))
        #expect(counts == [2], "one finger is not a two-finger tap")
        screen.pinch(at: CGPoint(x: 150, y: 320), scale: 1.5, duration: 0.2)
        #expect(counts.dropFirst().first == 20, "two fingers down as the pinch begins")
    }

    @Test("long press: began after minimumPressDuration, changed as the finger moves, ended on lift")
    func longPress() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        var states: [(UIGestureRecognizer.State, TimeInterval)] = []
        let press = UILongPressGestureRecognizer { press in states.append((press.state, CACurrentMediaTime())) }
        root.addGestureRecognizer(press)
        let start = screen.currentTime
        let id = screen.touchDown(at: CGPoint(x: 100, y: 100))
        screen.advance(by: 0.4)
        #expect(states.isEmpty)
        screen.advance(by: 0.2)
        #expect(states.map(\.0) == [.began])
        #expect(abs(states[0].1 - start - 0.5) < 1.0 / 60 + 1e-9)
        screen.moveTouch(id, to: CGPoint(x: 130, y: 100))
        screen.liftTouch(id)
        #expect(states.map(\.0) == [.began, .changed, .ended])
        #expect(press.state == .possible)
    }

    @Test("long press fails when the finger moves more than allowableMovement first")
    func longPressFails() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        var fired = 0
        let press = UILongPressGestureRecognizer { _ in fired += 1 }
        root.addGestureRecognizer(press)
        let id = screen.touchDown(at: CGPoint(x: 100, y: 100))
        screen.advance(by: 0.1)
        screen.moveTouch(id, to: CGPoint(x: 100, y: 120))
        screen.advance(by: 1)
        screen.liftTouch(id)
        #expect(fired == 0)
    }

    @Test("pan: translation from touch down, velocity of the release, setTranslation")
    func pan() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        var translations: [CGPoint] = []
        var velocity = CGPoint.zero
        let pan = UIPanGestureRecognizer { pan in
            translations.append(pan.translation(in: root))
            if pan.state == .ended { velocity = pan.velocity(in: root) }
        }
        root.addGestureRecognizer(pan)
        screen.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 50, y: 290), duration: 0.4)
        #expect(translations.first!.y >= 10, "begins after the hysteresis")
        #expect(translations.last == CGPoint(x: 0, y: 240))
        #expect(abs(velocity.y - 600) < 1, "240 points in 0.4 s")
        #expect(abs(velocity.x) < 1e-9)

        var reset: [CGPoint] = []
        let zeroing = UIPanGestureRecognizer { pan in
            reset.append(pan.translation(in: nil))
            pan.setTranslation(.zero, in: nil)
        }
        root.removeGestureRecognizer(pan)
        root.addGestureRecognizer(zeroing)
        screen.advance(by: 1)
        screen.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 110, y: 50), duration: 0.1)
        #expect(reset.dropFirst().allSatisfy { abs($0.x - 10) < 1e-9 || $0.x == 0 }, "each step measured from the last")
    }

    @Test("pinch: scale is the ratio of the fingers' distances, velocity its rate")
    func pinch() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        var scales: [CGFloat] = []
        var states: [UIGestureRecognizer.State] = []
        var velocity: CGFloat = 0
        let pinch = UIPinchGestureRecognizer { pinch in
            scales.append(pinch.scale); states.append(pinch.state); velocity = pinch.velocity
        }
        root.addGestureRecognizer(pinch)
        screen.pinch(at: CGPoint(x: 150, y: 200), scale: 2, duration: 0.5)
        #expect(states.first == .began)
        #expect(states.last == .ended)
        #expect(abs(scales.last! - 2) < 1e-9)
        #expect(abs(velocity - 2) < 0.01, "scale grows by 1 in 0.5 s")
    }

    @Test("swipe recognizes a quick stroke in its direction only")
    func swipe() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        var swiped = 0
        let swipe = UISwipeGestureRecognizer { _ in swiped += 1 }
        swipe.direction = .left
        root.addGestureRecognizer(swipe)
        screen.drag(from: CGPoint(x: 250, y: 100), to: CGPoint(x: 100, y: 110), duration: 0.2)
        #expect(swiped == 1)
        screen.advance(by: 1)
        screen.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 250, y: 100), duration: 0.2)
        #expect(swiped == 1, "a stroke to the right is not a left swipe")
        screen.advance(by: 1)
        screen.drag(from: CGPoint(x: 250, y: 100), to: CGPoint(x: 100, y: 100), duration: 1.5)
        #expect(swiped == 1, "too slow")
    }

    @Test("recognizers sharing a touch exclude each other unless the delegate allows both")
    func simultaneous() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        final class Both: UIGestureRecognizerDelegate {
            var allow = false
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith o: UIGestureRecognizer) -> Bool { allow }
        }
        let both = Both()
        var log: [String] = []
        let pan = UIPanGestureRecognizer { p in if p.state == .began { log.append("pan") } }
        let swipe = UISwipeGestureRecognizer { _ in log.append("swipe") }
        swipe.direction = .right
        pan.delegate = both
        root.addGestureRecognizer(pan)
        root.addGestureRecognizer(swipe)
        screen.drag(from: CGPoint(x: 50, y: 100), to: CGPoint(x: 250, y: 100), duration: 0.2)
        #expect(log == ["pan"], "the pan began first; the swipe failed")
        both.allow = true
        log = []
        screen.advance(by: 1)
        screen.drag(from: CGPoint(x: 50, y: 100), to: CGPoint(x: 250, y: 100), duration: 0.2)
        #expect(log == ["pan", "swipe"])
    }

    @Test("delegate: shouldBegin false fails the recognizer, shouldReceive false keeps touches from it")
    func delegateGates() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        final class Gate: UIGestureRecognizerDelegate {
            var begin = true, receive = true
            func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { begin }
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { receive }
        }
        let gate = Gate()
        var fired = 0
        let tap = UITapGestureRecognizer { _ in fired += 1 }
        tap.delegate = gate
        root.addGestureRecognizer(tap)
        gate.begin = false
        screen.tap(at: CGPoint(x: 10, y: 10))
        screen.advance(by: 1)
        gate.begin = true
        gate.receive = false
        screen.tap(at: CGPoint(x: 10, y: 10))
        screen.advance(by: 1)
        #expect(fired == 0)
        gate.receive = true
        screen.tap(at: CGPoint(x: 10, y: 10))
        #expect(fired == 1)
        tap.isEnabled = false
        screen.advance(by: 1)
        screen.tap(at: CGPoint(x: 10, y: 10))
        #expect(fired == 1)
    }

    @Test("delaysTouchesBegan holds the view's touches until the recognizer fails, and drops them if it wins")
    func delaysTouchesBegan() {
        let (screen, root) = touchScreen()
        defer { withExtendedLifetime(screen) {} }
        let view = TouchLogView(frame: root.bounds)
        root.addSubview(view)
        let press = UILongPressGestureRecognizer { _ in }
        press.delaysTouchesBegan = true
        view.addGestureRecognizer(press)
        let id = screen.touchDown(at: CGPoint(x: 100, y: 100))
        screen.advance(by: 0.2)
        #expect(view.log.isEmpty, "held while the press may still begin")
        screen.liftTouch(id)
        #expect(view.log == ["began(1)", "ended"], "the press failed: the view gets both at once")
        screen.advance(by: 1)
        screen.longPress(at: CGPoint(x: 100, y: 100), duration: 1)
        #expect(view.log.count == 2, "the press won: the view never heard of that touch")
    }
}
