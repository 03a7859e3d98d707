import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Collects what a legacy animation delegate is told, in order.
@MainActor
private final class LegacyDelegateSpy: UIViewAnimationDelegate {
    var events: [String] = []
    var contexts: [UnsafeMutableRawPointer?] = []

    func animationWillStart(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        events.append("willStart \(animationID ?? "nil")")
        contexts.append(context)
    }

    func animationDidStop(_ animationID: String?, finished: Bool, context: UnsafeMutableRawPointer?) {
        events.append("didStop \(animationID ?? "nil") \(finished)")
        contexts.append(context)
    }
}

@MainActor
@Suite("Animation: UIView's legacy begin/commit API")
struct LegacyAnimationTests {
    @Test("changes between beginAnimations and commitAnimations animate over 0.2 s, ease-in-ease-out, by default")
    func defaultDurationAndCurve() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        UIView.beginAnimations(nil, context: nil)
        view.center = CGPoint(x: 150, y: 50)
        UIView.commitAnimations()
        #expect(view.center == CGPoint(x: 150, y: 50), "the model changes at once")
        #expect(view.shown.position == CGPoint(x: 50, y: 50), "nothing moves before the first frame")
        for frame in 1 ..< 12 {
            runFrames(screen, 1)
            let f = TimingCurve.easeInEaseOut.value(at: (screen.currentTime - t0) / 0.2)
            #expect(approx(Double(view.shown.position.x), 50 + 100 * f, 1e-9), "frame \(frame)")
            #expect(view.layer.animationKeys() == ["position"], "frame \(frame)")
        }
        runFrames(screen, 1)
        #expect(view.layer.animationKeys() == nil, "the animation ends after 12 frames (0.2 s)")
        #expect(view.shown.position == CGPoint(x: 150, y: 50))
    }

    @Test("setAnimationDuration sets the length; setAnimationDelay holds the start value until the delay has passed")
    func durationAndDelay() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        UIView.beginAnimations("fade", context: nil)
        UIView.setAnimationDuration(0.5)
        UIView.setAnimationDelay(0.25)
        UIView.setAnimationCurve(.linear)
        view.alpha = 0
        UIView.commitAnimations()
        #expect(view.alpha == 0)
        for frame in 1 ..< 45 {
            runFrames(screen, 1)
            let e = screen.currentTime - t0
            let expected = e < 0.25 ? 1 : 1 - (e - 0.25) / 0.5
            #expect(approx(Double(view.shown.opacity), expected, 1e-6), "frame \(frame), \(e) s after the commit")
        }
        #expect(view.layer.animationKeys() == ["opacity"], "still running 1 frame before 0.75 s")
        runFrames(screen, 1)
        #expect(view.layer.animationKeys() == nil, "ends at delay + duration = 0.75 s (45 frames)")
        #expect(view.shown.opacity == 0)
    }

    @Test("setAnimationStart(date) begins the animations at that date on the screen's clock")
    func startDate() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        let start = screen.currentDate.addingTimeInterval(0.5)
        // The media time that date stands for (t0 + 0.5, as exactly as a Date can say it).
        let begin = start.timeIntervalSince(screen.startDate)
        #expect(approx(begin, t0 + 0.5, 1e-6))
        let log = CallLog()
        UIView.beginAnimations("later", context: nil)
        UIView.setAnimationStart(start)
        UIView.setAnimationDuration(0.5)
        UIView.setAnimationCurve(.linear)
        UIView.setAnimationWillStart { id, _ in log.add("willStart \(id!)") }
        view.center.x = 150
        UIView.commitAnimations()
        runFrames(screen, 29)
        #expect(view.shown.position.x == 50, "before the start date the old value shows")
        #expect(log.entries.isEmpty)
        runFrames(screen, 1)
        #expect(log.entries == ["willStart later"], "the start date has come")
        #expect(approx(Double(view.shown.position.x), 50 + 100 * (screen.currentTime - begin) / 0.5, 1e-9))
        runFrames(screen, 15)
        #expect(approx(Double(view.shown.position.x), 50 + 100 * (screen.currentTime - begin) / 0.5, 1e-9))
        #expect(approx(Double(view.shown.position.x), 100, 1e-4), "halfway at 0.75 s")
        runFrames(screen, 15)
        #expect(view.shown.position.x == 150)
        #expect(view.layer.animationKeys() == nil, "ends at the start date + 0.5 s")
    }

    @Test("setAnimationCurve paces the block with the named curve, exact at every frame",
          arguments: [UIView.AnimationCurve.easeInOut, .easeIn, .easeOut, .linear])
    func curves(_ curve: UIView.AnimationCurve) {
        let expectedCurve: TimingCurve = switch curve {
        case .easeInOut: .easeInEaseOut
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .linear: .linear
        }
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(1)
        UIView.setAnimationCurve(curve)
        view.center.x = 150
        UIView.commitAnimations()
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            let f = expectedCurve.value(at: screen.currentTime - t0)
            #expect(approx(Double(view.shown.position.x), 50 + 100 * f, 1e-9), "\(curve) frame \(frame)")
        }
        runFrames(screen, 1)
        #expect(view.shown.position.x == 150)
    }

    @Test("setAnimationRepeatCount(2) runs the animation twice, each time from the start value")
    func wholeRepeatCount() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(0.5)
        UIView.setAnimationCurve(.linear)
        UIView.setAnimationRepeatCount(2)
        view.center.x = 150
        UIView.commitAnimations()
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            let e = screen.currentTime - t0
            var cycle = e.truncatingRemainder(dividingBy: 0.5) / 0.5
            if cycle == 0 { cycle = 1 }   // the exact end of the first cycle shows its end
            #expect(approx(Double(view.shown.position.x), 50 + 100 * cycle, 1e-6), "frame \(frame), \(e) s")
        }
        runFrames(screen, 1)
        #expect(view.layer.animationKeys() == nil, "two cycles of 0.5 s end at 1 s")
        #expect(view.shown.position.x == 150)
    }

    @Test("a fractional repeat count (1.5) ends mid-cycle, then the layer snaps to the model value")
    func fractionalRepeatCount() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        var stopped: [Bool] = []
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(0.5)
        UIView.setAnimationCurve(.linear)
        UIView.setAnimationRepeatCount(1.5)
        UIView.setAnimationDidStop { _, finished, _ in stopped.append(finished) }
        view.center.x = 150
        UIView.commitAnimations()
        runFrames(screen, 30)
        #expect(approx(Double(view.shown.position.x), 150, 1e-9), "the first cycle ends at the target")
        runFrames(screen, 1)
        #expect(approx(Double(view.shown.position.x), 50 + 100 * (screen.currentTime - t0 - 0.5) / 0.5, 1e-6),
                "the second cycle restarts from the start value")
        runFrames(screen, 13)
        let e = screen.currentTime - t0
        #expect(approx(Double(view.shown.position.x), 50 + 100 * (e - 0.5) / 0.5, 1e-6))
        #expect(view.shown.position.x < 100, "one frame before 0.75 s it has not reached the middle of the cycle")
        #expect(stopped.isEmpty)
        runFrames(screen, 1)
        #expect(view.shown.position.x == 150, "after 1.5 cycles (0.75 s) it stops halfway and shows the model value")
        #expect(view.layer.animationKeys() == nil)
        #expect(stopped == [true])
    }

    @Test("setAnimationRepeatAutoreverses goes there and back; after the end the layer shows the model value")
    func autoreverses() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(0.5)
        UIView.setAnimationCurve(.linear)
        UIView.setAnimationRepeatAutoreverses(true)
        view.center.x = 150
        UIView.commitAnimations()
        var peak = 0.0
        for frame in 1 ..< 60 {
            runFrames(screen, 1)
            let e = screen.currentTime - t0
            let f = e <= 0.5 ? e / 0.5 : 2 - e / 0.5
            let x = Double(view.shown.position.x)
            #expect(approx(x, 50 + 100 * f, 1e-6), "frame \(frame), \(e) s")
            peak = max(peak, x)
        }
        #expect(approx(peak, 150, 1e-6), "it reaches the target halfway")
        #expect(approx(Double(view.shown.position.x), 50 + 100.0 / 30, 1e-6), "one frame before the end it is nearly back")
        runFrames(screen, 1)
        #expect(view.layer.animationKeys() == nil)
        #expect(view.shown.position.x == 150, "after the way back the layer shows the model value")
    }

    @Test("setAnimationsEnabled(false) in a block: later changes are immediate until re-enabled; areAnimationsEnabled says so")
    func disabledInsideBlock() {
        let (screen, view) = makeAnimationScreen()
        #expect(UIView.areAnimationsEnabled)
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(1)
        view.center.x = 150
        UIView.setAnimationsEnabled(false)
        #expect(!UIView.areAnimationsEnabled)
        view.alpha = 0.5
        UIView.setAnimationsEnabled(true)
        #expect(UIView.areAnimationsEnabled)
        view.layer.cornerRadius = 10
        UIView.commitAnimations()
        #expect(view.layer.animationKeys() == ["position", "cornerRadius"], "only the changes made while enabled animate")
        runFrames(screen, 1)
        #expect(view.shown.opacity == 0.5, "the change made while disabled is on screen at once")
        #expect(view.shown.position.x > 50 && view.shown.position.x < 150)
        #expect(view.shown.cornerRadius > 0 && view.shown.cornerRadius < 10)
    }

    @Test("setAnimationsEnabled(false) inside a block lasts until the block commits")
    func disabledUntilCommit() {
        let (screen, view) = makeAnimationScreen()
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationsEnabled(false)
        view.alpha = 0.5
        UIView.commitAnimations()
        #expect(UIView.areAnimationsEnabled, "the commit restores the setting the block began with")
        #expect(view.layer.animationKeys() == nil)
        #expect(view.shown.opacity == 0.5)

        UIView.beginAnimations(nil, context: nil)
        view.alpha = 1
        UIView.commitAnimations()
        #expect(view.layer.animationKeys() == ["opacity"], "the next block animates again")
        runFrames(screen, 1)
        #expect(view.shown.opacity > 0.5 && view.shown.opacity < 1)
    }

    @Test("the delegate and the closures hear the ID and context: will-start when the delay has passed, did-stop at the end")
    func delegateAndClosures() {
        let (screen, view) = makeAnimationScreen()
        let spy = LegacyDelegateSpy()
        let log = CallLog()
        let context = UnsafeMutableRawPointer(bitPattern: 0xC0FFEE)!
        var contexts: [UnsafeMutableRawPointer?] = []
        UIView.beginAnimations("slide", context: context)
        UIView.setAnimationDuration(0.5)
        UIView.setAnimationDelay(0.25)
        UIView.setAnimationDelegate(spy)
        UIView.setAnimationWillStart { id, ctx in
            log.add("willStart \(id ?? "nil")")
            contexts.append(ctx)
        }
        UIView.setAnimationDidStop { id, finished, ctx in
            log.add("didStop \(id ?? "nil") \(finished)")
            contexts.append(ctx)
        }
        view.center.x = 150
        UIView.commitAnimations()
        #expect(spy.events.isEmpty && log.entries.isEmpty, "nothing is called from inside commitAnimations")
        runFrames(screen, 14)
        #expect(spy.events.isEmpty && log.entries.isEmpty, "will-start waits for the delay, not the commit")
        runFrames(screen, 1)
        #expect(spy.events == ["willStart slide"], "the delay (15 frames) has passed")
        #expect(log.entries == ["willStart slide"])
        runFrames(screen, 29)
        #expect(spy.events == ["willStart slide"])
        runFrames(screen, 1)
        #expect(spy.events == ["willStart slide", "didStop slide true"], "delay + duration = 45 frames")
        #expect(log.entries == ["willStart slide", "didStop slide true"])
        #expect(spy.contexts == [context, context])
        #expect(contexts == [context, context])
        runFrames(screen, 30)
        #expect(spy.events.count == 2 && log.entries.count == 2, "each is called once")
    }

    @Test("a block cut off by one that begins from the current state hears did-stop with finished == false")
    func didStopNotFinished() {
        let (screen, view) = makeAnimationScreen()
        let spy = LegacyDelegateSpy()
        UIView.beginAnimations("first", context: nil)
        UIView.setAnimationDuration(1)
        UIView.setAnimationDelegate(spy)
        view.center.x = 150
        UIView.commitAnimations()
        runFrames(screen, 10)
        #expect(spy.events == ["willStart first"])
        UIView.beginAnimations("second", context: nil)
        UIView.setAnimationBeginsFromCurrentState(true)
        UIView.setAnimationDelegate(spy)
        view.center.x = 0
        UIView.commitAnimations()
        #expect(spy.events == ["willStart first"], "not told re-entrantly")
        runFrames(screen, 1)
        #expect(spy.events == ["willStart first", "didStop first false", "willStart second"])
    }

    @Test("a block that changes nothing still calls will-start and did-stop, on the next frame")
    func emptyBlockCallbacks() {
        let (screen, _) = makeAnimationScreen()
        let spy = LegacyDelegateSpy()
        UIView.beginAnimations("empty", context: nil)
        UIView.setAnimationDelegate(spy)
        UIView.commitAnimations()
        #expect(spy.events.isEmpty)
        runFrames(screen, 1)
        #expect(spy.events == ["willStart empty", "didStop empty true"])
    }

    @Test("nested blocks do not start until the outermost commits; frames in between move nothing")
    func nestedWaitForOutermost() {
        let (screen, view) = makeAnimationScreen()
        let spy = LegacyDelegateSpy()
        UIView.beginAnimations("outer", context: nil)
        UIView.setAnimationDuration(0.5)
        UIView.setAnimationCurve(.linear)
        UIView.beginAnimations("inner", context: nil)
        UIView.setAnimationDelegate(spy)
        view.center.x = 150
        UIView.commitAnimations()
        #expect(view.layer.animationKeys() == nil, "the inner commit starts nothing")
        let held = view.shown.position
        for frame in 1 ... 10 {
            runFrames(screen, 1)
            #expect(view.shown.position == held, "frame \(frame)")
            #expect(view.layer.animationKeys() == nil, "frame \(frame)")
        }
        #expect(spy.events.isEmpty, "the inner block has not started")
        let t0 = screen.currentTime
        UIView.commitAnimations()
        #expect(view.layer.animationKeys() == ["position"])
        #expect(view.shown.position.x == 50, "it starts from the old value when the outer block commits")
        runFrames(screen, 15)
        #expect(approx(Double(view.shown.position.x), 50 + 100 * (screen.currentTime - t0) / 0.5, 1e-6))
        #expect(approx(Double(view.shown.position.x), 100, 1e-6), "halfway, with the outer block's 0.5 s linear")
        #expect(spy.events == ["willStart inner"])
        runFrames(screen, 15)
        #expect(spy.events == ["willStart inner", "didStop inner true"])
    }

    @Test("a nested block inherits the enclosing block's duration and curve unless it sets its own")
    func nestedInheritance() {
        let (screen, view) = makeAnimationScreen()
        let t0 = screen.currentTime
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(1)
        UIView.setAnimationCurve(.linear)
        view.center.x = 150
        UIView.beginAnimations(nil, context: nil)
        view.alpha = 0                                  // inherits 1 s, linear
        UIView.commitAnimations()
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(0.5)
        UIView.setAnimationCurve(.easeIn)
        view.layer.cornerRadius = 20                    // its own 0.5 s, ease-in
        UIView.commitAnimations()
        UIView.commitAnimations()
        runFrames(screen, 15)
        var e = screen.currentTime - t0
        #expect(approx(Double(view.shown.position.x), 50 + 100 * e, 1e-6))
        #expect(approx(Double(view.shown.opacity), 1 - e, 1e-6), "the same 1 s linear pace as the outer block")
        #expect(approx(Double(view.shown.cornerRadius), 20 * TimingCurve.easeIn.value(at: e / 0.5), 1e-6))
        runFrames(screen, 15)
        #expect(view.shown.cornerRadius == 20, "the inner block's own 0.5 s is over")
        e = screen.currentTime - t0
        #expect(approx(Double(view.shown.opacity), 1 - e, 1e-6), "halfway")
        runFrames(screen, 30)
        #expect(view.layer.animationKeys() == nil)
    }

    @Test("nested blocks ending on the same frame: the outer block, begun first, is told first")
    func nestedCallbackOrder() {
        let (screen, view) = makeAnimationScreen()
        let log = CallLog()
        UIView.beginAnimations("outer", context: nil)
        UIView.setAnimationDuration(0.5)
        UIView.setAnimationWillStart { id, _ in log.add("willStart \(id!)") }
        UIView.setAnimationDidStop { id, _, _ in log.add("didStop \(id!)") }
        view.center.x = 150
        UIView.beginAnimations("inner", context: nil)
        UIView.setAnimationWillStart { id, _ in log.add("willStart \(id!)") }
        UIView.setAnimationDidStop { id, _, _ in log.add("didStop \(id!)") }
        view.alpha = 0.5
        UIView.commitAnimations()
        UIView.commitAnimations()
        runFrames(screen, 1)
        #expect(log.entries == ["willStart outer", "willStart inner"])
        runFrames(screen, 29)
        #expect(log.entries == ["willStart outer", "willStart inner", "didStop outer", "didStop inner"])
    }

    @Test("commitAnimations without beginAnimations reports the mistake through onInvalidAnimation and changes nothing")
    func commitWithoutBegin() {
        let (screen, view) = makeAnimationScreen()
        view.center.x = 120
        let errors = capturingInvalidAnimations {
            UIView.commitAnimations()
        }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("commitAnimations") == true)
        #expect(errors.first?.contains("beginAnimations") == true)
        #expect(view.layer.animationKeys() == nil)
        #expect(UIView.areAnimationsEnabled)
        // Still no block open: a change now is immediate.
        view.center.x = 60
        #expect(view.layer.animationKeys() == nil)
        runFrames(screen, 1)
        #expect(view.shown.position.x == 60)
        // And a real block still works afterwards.
        UIView.beginAnimations(nil, context: nil)
        view.center.x = 150
        UIView.commitAnimations()
        #expect(view.layer.animationKeys() == ["position"])
    }
}
