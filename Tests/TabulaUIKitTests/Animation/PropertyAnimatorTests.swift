import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// UIViewPropertyAnimator, checked against UIKit's documented behaviour: the blocks set
/// the model at the start, the presentation follows the clock, scrubbing while paused
/// moves the views linearly, reversing ends at `.start`, completions run once.
@MainActor
@Suite("Animation: UIViewPropertyAnimator")
struct PropertyAnimatorTests {
    /// The animated view starts with its centre at (50, 50); each test moves it to x = 150.
    private func moveRight(_ view: UIView) -> () -> Void { { view.center.x = 150 } }

    @Test("a started animator moves the view on the clock, sets the model at once and completes once at .end")
    func runsToTheEnd() {
        let (screen, view) = makeAnimationScreen()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear, animations: moveRight(view))
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        #expect(animator.state == .inactive && view.center.x == 50, "blocks run only when it starts")
        animator.startAnimation()
        #expect(animator.state == .active && animator.isRunning)
        #expect(view.center.x == 150, "the model takes the final value at once")
        runFrames(screen, 30)
        #expect(approx(view.shown.position.x, 100, 0.5))
        #expect(approx(animator.fractionComplete, 0.5, 0.01))
        runFrames(screen, 40)
        #expect(positions == [.end])
        #expect(animator.state == .inactive && !animator.isRunning)
        #expect(view.shown.position.x == 150)
        runFrames(screen, 30)
        #expect(positions == [.end], "the completion runs once")
    }

    @Test("scrubbing fractionComplete while paused puts the view at that fraction, linearly whatever the curve")
    func scrubbing() {
        let (screen, view) = makeAnimationScreen()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn, animations: moveRight(view))
        animator.fractionComplete = 0.25
        #expect(animator.state == .active && !animator.isRunning, "setting the fraction of an inactive animator pauses it")
        runFrames(screen, 1)
        #expect(approx(view.shown.position.x, 75, 0.01))
        animator.fractionComplete = 0.8
        runFrames(screen, 20)
        #expect(approx(view.shown.position.x, 130, 0.01), "a paused animator stays where it was scrubbed")
        #expect(approx(animator.fractionComplete, 0.8))
        animator.fractionComplete = 7
        #expect(animator.fractionComplete == 1, "values are clamped to 0…1")

        let (screen2, view2) = makeAnimationScreen()
        let curved = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view2.center.x = 150 }
        curved.scrubsLinearly = false
        curved.fractionComplete = 0.5
        runFrames(screen2, 1)
        let expected = 50 + 100 * TimingCurve.easeIn.value(at: 0.5)
        #expect(approx(Double(view2.shown.position.x), expected, 0.01), "scrubsLinearly = false follows the curve")
        #expect(view2.shown.position.x < 90, "ease-in is behind the linear 100 at half way")
    }

    @Test("pausing and resuming continues exactly where the uninterrupted animation would be")
    func pauseAndResume() {
        let (screen, view) = makeAnimationScreen()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut, animations: moveRight(view))
        animator.startAnimation()
        runFrames(screen, 18)
        animator.pauseAnimation()
        let held = view.shown.position.x
        runFrames(screen, 60)
        #expect(view.shown.position.x == held && animator.state == .active && !animator.isRunning)
        animator.startAnimation()
        runFrames(screen, 12)
        let expected = 50 + 100 * TimingCurve.easeInEaseOut.value(at: 0.5)
        #expect(approx(Double(view.shown.position.x), expected, 0.5))
    }

    @Test("reversing a running animator takes the view back; the completion reports .start and the model is the start")
    func reversing() {
        let (screen, view) = makeAnimationScreen()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear, animations: moveRight(view))
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        runFrames(screen, 30)
        animator.isReversed = true
        runFrames(screen, 15)
        #expect(approx(view.shown.position.x, 75, 0.5), "back a quarter of the way in a quarter second")
        #expect(animator.fractionComplete < 0.3)
        runFrames(screen, 30)
        #expect(positions == [.start])
        #expect(view.center.x == 50 && view.shown.position.x == 50)
    }

    @Test("stopAnimation(false) then finishAnimation(at: .current) leaves the view where it is")
    func stopAndFinishAtCurrent() {
        let (screen, view) = makeAnimationScreen()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear, animations: moveRight(view))
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        runFrames(screen, 30)
        animator.stopAnimation(false)
        #expect(animator.state == .stopped && positions.isEmpty)
        #expect(approx(view.center.x, 100, 0.5), "the model takes the value on screen")
        runFrames(screen, 30)
        #expect(approx(view.shown.position.x, 100, 0.5))
        animator.finishAnimation(at: .current)
        #expect(positions == [.current] && animator.state == .inactive)
        runFrames(screen, 10)
        #expect(approx(view.shown.position.x, 100, 0.5))
    }

    @Test("finishAnimation(at: .start / .end) moves a stopped animator's views there; stopAnimation(true) runs no completion")
    func finishPositions() {
        for (position, x) in [(UIViewAnimatingPosition.start, 50.0), (.end, 150.0)] {
            let (screen, view) = makeAnimationScreen()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear, animations: moveRight(view))
            animator.startAnimation()
            runFrames(screen, 20)
            animator.stopAnimation(false)
            animator.finishAnimation(at: position)
            runFrames(screen, 1)
            #expect(view.center.x == CGFloat(x) && view.shown.position.x == CGFloat(x))
        }
        let (screen, view) = makeAnimationScreen()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear, animations: moveRight(view))
        var called = 0
        animator.addCompletion { _ in called += 1 }
        animator.startAnimation()
        runFrames(screen, 20)
        animator.stopAnimation(true)
        runFrames(screen, 80)
        #expect(animator.state == .inactive && called == 0)
        #expect(view.center.x > 50 && view.center.x < 150 && view.shown.position.x == view.center.x)
    }

    @Test("misuse is reported and ignored: finishing an active animator, starting a stopped one, scrubbing while running")
    func misuse() {
        let (screen, view) = makeAnimationScreen()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear, animations: moveRight(view))
        var messages = capturingInvalidAnimations {
            animator.finishAnimation(at: .end)
        }
        #expect(messages.count == 1 && messages[0].contains("stopAnimation(false)"))
        animator.startAnimation()
        runFrames(screen, 10)
        messages = capturingInvalidAnimations {
            animator.fractionComplete = 0.9
            animator.finishAnimation(at: .end)
            animator.isInterruptible = false
        }
        #expect(messages.count == 3)
        #expect(messages[0].contains("paused"))
        #expect(animator.isRunning && animator.isInterruptible, "nothing changed")
        animator.stopAnimation(false)
        messages = capturingInvalidAnimations { animator.startAnimation() }
        #expect(messages.count == 1 && messages[0].contains("stopped"))
        #expect(animator.state == .stopped)

        let rigid = UIViewPropertyAnimator(duration: 0.2, curve: .linear) { view.alpha = 0.5 }
        rigid.isInterruptible = false
        rigid.startAnimation()
        messages = capturingInvalidAnimations { rigid.pauseAnimation(); rigid.stopAnimation(true) }
        #expect(messages.count == 2 && rigid.isRunning)
        runFrames(screen, 20)
        #expect(rigid.state == .inactive && view.alpha == 0.5)
    }

    @Test("a pan drives fractionComplete; on release the animation continues to the end from where the finger left it")
    func panDrivenInteractiveAnimation() {
        let (screen, view) = makeAnimationScreen()
        var animator: UIViewPropertyAnimator?
        var completions: [UIViewAnimatingPosition] = []
        var shownDuringDrag: [CGFloat] = []
        let pan = UIPanGestureRecognizer(action: { pan in
            switch pan.state {
            case .began:
                let a = UIViewPropertyAnimator(duration: 0.5, curve: .easeOut) { view.center.y = 150 }
                a.addCompletion { completions.append($0) }
                a.pauseAnimation()
                animator = a
            case .changed:
                animator?.fractionComplete = pan.translation(in: view.superview).y / 100
            case .ended:
                animator?.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            default: break
            }
        })
        view.addGestureRecognizer(pan)
        let id = screen.touchDown(at: CGPoint(x: 50, y: 50))
        for y in stride(from: 55.0, through: 90.0, by: 5.0) {
            screen.advance(by: 1.0 / 60)
            screen.moveTouch(id, to: CGPoint(x: 50, y: y))
            runFrames(screen, 1)
            if animator != nil { shownDuringDrag.append(view.shown.position.y) }
        }
        #expect(animator?.isRunning == false)
        let fraction = animator?.fractionComplete ?? 0
        #expect(fraction > 0.2 && fraction <= 0.4)
        #expect(approx(view.shown.position.y, 50 + 100 * fraction, 0.01), "the view follows the finger's fraction")
        #expect(zip(shownDuringDrag, shownDuringDrag.dropFirst()).allSatisfy { $0 <= $1 })
        screen.liftTouch(id)
        #expect(animator?.isRunning == true)
        var previous = view.shown.position.y
        for _ in 0 ..< 30 {
            runFrames(screen, 1)
            #expect(view.shown.position.y >= previous - 1e-9, "continues downward without jumping back")
            previous = view.shown.position.y
        }
        runFrames(screen, 20)
        #expect(completions == [.end])
        #expect(view.center.y == 150 && view.shown.position.y == 150)
    }

    @Test("a spring animator overshoots and settles; a damping ratio of 1 does not overshoot")
    func springs() {
        for (ratio, overshoots) in [(CGFloat(0.3), true), (1, false)] {
            let (screen, view) = makeAnimationScreen()
            let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: ratio, animations: moveRight(view))
            var done = false
            animator.addCompletion { _ in done = true }
            animator.startAnimation()
            var maxX: CGFloat = 0
            for _ in 0 ..< 70 {
                runFrames(screen, 1)
                maxX = max(maxX, view.shown.position.x)
            }
            #expect((maxX > 151) == overshoots)
            #expect(done && view.shown.position.x == 150)
        }
    }

    @Test("pausesOnCompletion keeps a finished animator active with no completion, so it can be reversed; stopping finishes it")
    func pausesOnCompletion() {
        let (screen, view) = makeAnimationScreen()
        let animator = UIViewPropertyAnimator(duration: 0.5, curve: .linear, animations: moveRight(view))
        animator.pausesOnCompletion = true
        var positions: [UIViewAnimatingPosition] = []
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        runFrames(screen, 40)
        #expect(animator.state == .active && !animator.isRunning && positions.isEmpty)
        #expect(view.shown.position.x == 150 && animator.fractionComplete == 1)
        animator.isReversed = true
        animator.startAnimation()
        runFrames(screen, 40)
        #expect(animator.state == .active && positions.isEmpty, "back at the start it pauses again")
        #expect(view.shown.position.x == 50 && animator.fractionComplete == 0)
        animator.stopAnimation(false)
        animator.finishAnimation(at: .start)
        #expect(positions == [.start] && view.center.x == 50 && animator.state == .inactive)
    }

    @Test("addAnimations(_:delayFactor:) starts the added changes after that share of the duration")
    func delayFactor() {
        let (screen, view) = makeAnimationScreen()
        let other = UIView(frame: CGRect(x: 0, y: 100, width: 50, height: 50))
        view.superview!.addSubview(other)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear, animations: moveRight(view))
        animator.addAnimations({ other.alpha = 0 }, delayFactor: 0.5)
        animator.startAnimation()
        runFrames(screen, 24)
        #expect(other.shown.opacity == 1, "not begun before half the duration")
        #expect(view.shown.position.x > 80)
        runFrames(screen, 21)
        #expect(other.shown.opacity < 0.75 && other.shown.opacity > 0.25)
        runFrames(screen, 20)
        #expect(other.alpha == 0 && other.shown.opacity == 0)
    }

    @Test("runningPropertyAnimator starts after its delay; blocks added while running use the remaining time")
    func runningAnimator() {
        let (screen, view) = makeAnimationScreen()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator.runningPropertyAnimator(
            withDuration: 1, delay: 0.5, options: .curveLinear, animations: moveRight(view),
            completion: { positions.append($0) })
        #expect(animator.isRunning && animator.delay == 0.5)
        runFrames(screen, 24)
        #expect(view.shown.position.x == 50, "still waiting for the delay")
        runFrames(screen, 36)
        #expect(approx(view.shown.position.x, 100, 0.5))
        animator.addAnimations { view.alpha = 0.2 }
        runFrames(screen, 15)
        #expect(view.shown.opacity < 1 && view.shown.opacity > 0.2)
        runFrames(screen, 20)
        #expect(positions == [.end] && view.shown.opacity == Float(0.2))
    }

    @Test("continueAnimation with a spring and a duration factor re-times the rest")
    func continueWithNewTiming() {
        let (screen, view) = makeAnimationScreen()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear, animations: moveRight(view))
        var done = 0
        animator.addCompletion { _ in done += 1 }
        animator.fractionComplete = 0.5
        animator.continueAnimation(withTimingParameters: UISpringTimingParameters(dampingRatio: 1), durationFactor: 0.2)
        #expect(animator.isRunning && animator.timingParameters is UISpringTimingParameters)
        runFrames(screen, 6)
        #expect(view.shown.position.x > 120, "a fifth of the duration: most of the rest is done after 0.1 s")
        runFrames(screen, 8)
        #expect(done == 1 && view.shown.position.x == 150)
    }

    @Test("filmstrip: a card slides down, is reversed part-way and slides back to where it started")
    func interruptibleCardFilmstrip() {
        let (screen, root) = makeScreen(width: 200, height: 200, scale: 1)
        root.backgroundColor = UIColor(white: 0.93, alpha: 1)
        let card = FilmstripCard(frame: CGRect(x: 28, y: 10, width: 144, height: 66))
        root.addSubview(card)
        runFrames(screen, 1)
        let animator = UIViewPropertyAnimator(duration: 0.6, curve: .easeInOut) {
            card.center.y = 150
            card.transform = CGAffineTransform(rotationAngle: 0.1)
        }
        animator.startAnimation()
        var frames: [UIImage] = []
        var ys: [CGFloat] = []
        for i in 0 ..< 16 {
            if i == 6 { animator.isReversed = true }
            runFrames(screen, 4)
            frames.append(screen.snapshot())
            ys.append(card.shown.position.y)
        }
        let strip = HeadlessScreen.filmstrip(frames, columns: 8)
        writeForLooking(strip, "property-animator-interruptible-card")
        #expect(zip(ys[0 ..< 5], ys[1 ..< 6]).allSatisfy { $0 < $1 }, "slides down until reversed")
        #expect(ys[6] < ys[5] || ys[7] < ys[5], "turns around after the reversal")
        #expect(approx(ys.last!, 43, 0.01) && card.center.y == 43, "ends where it started")
        #expect(frames.last!.cgImage!.color(x: 30, y: 12) == UIColor.systemBlue.cgColor, "square again at the end")
    }
}
