import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport
@testable import TabulaQuartz

/// What happens when something gets in the way of a running animation. Each rule is
/// stated in the test's name; together they are the contract documented in
/// `AnimationBlock` and the Animation article.
@MainActor
@Suite("Animation: interruption")
struct InterruptionTests {
    /// Advances frame by frame until `until`, checking that the presentation value never
    /// jumps by more than `maxStep` between frames.
    func sampleOpacity(_ screen: HeadlessScreen, _ view: UIView, until end: Double, maxStep: Double) -> [Double] {
        var values = [Double(view.shown.opacity)]
        while screen.currentTime < end - 1e-9 {
            screen.advance(by: 1.0 / 60)
            let v = Double(view.shown.opacity)
            #expect(abs(v - values.last!) <= maxStep, "jump from \(values.last!) to \(v) at \(screen.currentTime)")
            values.append(v)
        }
        return values
    }

    @Test("without beginFromCurrentState the new block waits: the in-flight one finishes first, then the new one runs from where it landed")
    func queuedBehindInFlight() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let log = CallLog()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 },
                       completion: { log.add("A \($0)") })
        screen.advance(by: 0.5)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 1 },
                       completion: { log.add("B \($0)") })
        #expect(view.alpha == 1, "the model takes the new value at once")
        // A linear fade moves 1/60 per frame; no frame may move further.
        let values = sampleOpacity(screen, view, until: t0 + 2, maxStep: 1.0 / 60 + 1e-6)
        #expect(log.entries == ["A true", "B true"])
        // A still reaches 0 at t0 + 1 ...
        let atOne = values[Int(((t0 + 1 - (t0 + 0.5)) * 60).rounded())]
        #expect(approx(atOne, 0, 1e-6))
        // ... and B ends at 1 exactly one second later.
        #expect(approx(values.last!, 1, 1e-6))
    }

    @Test("with beginFromCurrentState the in-flight one is cut off (finished == false) and the new one starts from the value on screen")
    func beginFromCurrentState() {
        let (screen, view) = makeAnimationScreen()
        let log = CallLog()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 },
                       completion: { log.add("A \($0)") })
        screen.advance(by: 0.5)
        #expect(approx(Double(view.shown.opacity), 0.5))
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState],
                       animations: { view.alpha = 1 }, completion: { log.add("B \($0)") })
        #expect(approx(Double(view.shown.opacity), 0.5), "no jump at the interruption")
        screen.advance(by: 1.0 / 60)
        #expect(log.entries == ["A false"], "the cut-off block hears finished == false on the next frame")
        #expect(approx(Double(view.shown.opacity), 0.5 + 0.5 / 60, 1e-6), "runs from 0.5 to 1 over one second")
        screen.advance(by: 0.5 - 1.0 / 60)
        #expect(approx(Double(view.shown.opacity), 0.75, 1e-6))
        screen.advance(by: 0.5)
        #expect(log.entries == ["A false", "B true"])
        #expect(view.shown.opacity == 1)
    }

    @Test("a legacy block with setAnimationBeginsFromCurrentState(true) interrupts the same way")
    func legacyBeginFromCurrentState() {
        let (screen, view) = makeAnimationScreen()
        var stops: [(String?, Bool)] = []
        UIView.beginAnimations("out", context: nil)
        UIView.setAnimationDuration(1)
        UIView.setAnimationCurve(.linear)
        UIView.setAnimationDidStop { id, finished, _ in stops.append((id, finished)) }
        view.center.x = 150
        UIView.commitAnimations()
        screen.advance(by: 0.25)
        UIView.beginAnimations("back", context: nil)
        UIView.setAnimationBeginsFromCurrentState(true)
        UIView.setAnimationDuration(1)
        UIView.setAnimationCurve(.linear)
        UIView.setAnimationDidStop { id, finished, _ in stops.append((id, finished)) }
        view.center.x = 50
        UIView.commitAnimations()
        #expect(approx(view.shown.position.x, 75))
        screen.advance(by: 1)
        #expect(stops.map(\.0) == ["out", "back"])
        #expect(stops.map(\.1) == [false, true])
        #expect(approx(view.shown.position.x, 50))
    }

    @Test("an in-flight animation that repeats forever cannot be waited for: a new block cuts it off and starts from the screen")
    func repeatingIsCutOff() {
        let (screen, view) = makeAnimationScreen()
        var first: Bool?
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .repeat, .autoreverse],
                       animations: { view.alpha = 0 }, completion: { first = $0 })
        screen.advance(by: 0.25)
        let shown = Double(view.shown.opacity)
        #expect(approx(shown, 0.75, 1e-6))
        UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: { view.alpha = 1 })
        #expect(approx(Double(view.shown.opacity), shown))
        screen.advance(by: 0.5)
        #expect(first == false)
        #expect(view.shown.opacity == 1)
        #expect(view.layer.animationKeys() == nil)
    }

    @Test("removing a view mid-flight removes its animations; the completion hears finished == false")
    func removalCutsOff() {
        let (screen, view) = makeAnimationScreen()
        var finished: Bool?
        UIView.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { finished = $0 })
        screen.advance(by: 0.5)
        view.removeFromSuperview()
        screen.advance(by: 1.0 / 60)
        #expect(finished == false)
        #expect(view.layer.animationKeys() == nil)
        #expect(view.shown.opacity == 0, "off screen, the layer shows its model value")
    }

    @Test("moving a view to another superview in the same frame keeps its animation running")
    func reparentingKeeps() {
        let (screen, view) = makeAnimationScreen()
        let other = UIView(frame: CGRect(x: 0, y: 100, width: 200, height: 100))
        screen.window!.addSubview(other)
        var finished: Bool?
        UIView.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { finished = $0 })
        screen.advance(by: 0.5)
        other.addSubview(view)
        screen.advance(by: 0.25)
        #expect(finished == nil)
        #expect(view.layer.animationKeys() == ["opacity"])
        screen.advance(by: 0.25)
        #expect(finished == true)
    }

    @Test("hiding a view mid-flight does not stop its animation: it runs on unseen and completes normally")
    func hidingContinues() {
        let (screen, view) = makeAnimationScreen()
        var finished: Bool?
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 150 },
                       completion: { finished = $0 })
        screen.advance(by: 0.5)
        view.isHidden = true
        screen.advance(by: 0.25)
        #expect(approx(view.shown.position.x, 125))
        view.isHidden = false
        screen.advance(by: 0.25)
        #expect(finished == true)
    }

    @Test("setting the property without animation mid-flight changes the model; the running animation keeps the screen until it ends, then the new value shows")
    func setWithoutAnimationMidFlight() {
        let (screen, view) = makeAnimationScreen()
        var finished: Bool?
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 150 },
                       completion: { finished = $0 })
        screen.advance(by: 0.5)
        view.center.x = 20
        #expect(view.center.x == 20)
        screen.advance(by: 0.25)
        #expect(approx(view.shown.position.x, 125), "the animation still owns the screen")
        screen.advance(by: 0.25)
        #expect(finished == true)
        #expect(view.shown.position.x == 20, "after it ends, the model value shows")
    }

    @Test("removeAllAnimations shows the model at once and completes the block with finished == false")
    func removeAllAnimations() {
        let (screen, view) = makeAnimationScreen()
        var finished: Bool?
        UIView.animate(withDuration: 1, animations: { view.alpha = 0.2 }, completion: { finished = $0 })
        screen.advance(by: 0.5)
        view.layer.removeAllAnimations()
        #expect(approx(Double(view.shown.opacity), 0.2))
        #expect(finished == nil, "callbacks never run inside the app's own call")
        screen.advance(by: 1.0 / 60)
        #expect(finished == false)
    }

    @Test("a completion that starts the next animation chains without a gap or a jump")
    func chainedCompletion() {
        let (screen, view) = makeAnimationScreen()
        UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: { view.center.x = 100 },
                       completion: { _ in
                           UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear,
                                          animations: { view.center.x = 150 })
                       })
        var previous = view.shown.position.x
        for _ in 0 ..< 60 {
            screen.advance(by: 1.0 / 60)
            let x = view.shown.position.x
            #expect(x >= previous - 1e-9 && x - previous <= 50.0 / 30 + 1e-6, "monotonic, at most one frame's step")
            previous = x
        }
        #expect(approx(view.shown.position.x, 150))
    }
}

@MainActor
@Suite("Animation: presentation stays in step with the model")
struct PresentationModelTests {
    @Test("moving a view without animation while its alpha animates: the move shows at once, the fade goes on")
    func modelChangeOfOtherProperty() {
        let (screen, view) = makeAnimationScreen()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 })
        screen.advance(by: 0.25)
        view.center = CGPoint(x: 120, y: 80)
        screen.advance(by: 0.25)
        #expect(view.shown.position == CGPoint(x: 120, y: 80))
        #expect(approx(Double(view.shown.opacity), 0.5, 1e-6))
        #expect(view.layer.renderProperties.position == CGPoint(x: 120, y: 80), "the compositor draws it there")
    }

    @Test("a kept animation without a fill stops affecting the layer when it ends")
    func keptAnimationWithoutFill() {
        let (screen, view) = makeAnimationScreen()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.0
        fade.duration = 0.5
        fade.isRemovedOnCompletion = false
        view.layer.add(fade, forKey: "fade")
        screen.advance(by: 0.25)
        #expect(approx(Double(view.layer.renderProperties.opacity), 0.5, 1e-6))
        screen.advance(by: 0.5)
        #expect(view.layer.animationKeys() == ["fade"])
        #expect(view.layer.renderProperties.opacity == 1, "past its end, without a fill, the model shows")
    }

    @Test("removing one of two animations leaves the other on screen at once, before the next frame")
    func removeOneOfTwo() {
        let (screen, view) = makeAnimationScreen()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.alpha = 0
            view.center.x = 150
        })
        screen.advance(by: 0.5)
        view.layer.removeAnimation(forKey: "position")
        #expect(view.layer.renderProperties.position.x == 150, "the removed one shows the model")
        #expect(approx(Double(view.layer.renderProperties.opacity), 0.5, 1e-6), "the other still shows its value")
    }
}
