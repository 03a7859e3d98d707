import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("Springs as iOS 17 describes them: perceptual duration and bounce")
struct ModernSpringTests {
    @Test("CASpringAnimation(perceptualDuration:bounce:) reads back what it was made with and runs until it settles")
    func caSpring() {
        for (duration, bounce) in [(0.5, 0.0), (0.35, 0.3), (1.0, 0.7)] {
            let spring = CASpringAnimation(perceptualDuration: duration, bounce: bounce)
            #expect(approx(spring.perceptualDuration, duration, 1e-9))
            #expect(approx(Double(spring.bounce), bounce, 1e-9))
            #expect(spring.mass == 1)
            #expect(spring.duration == spring.settlingDuration)
        }
        #expect(approx(Double(CASpringAnimation(perceptualDuration: 0.5, bounce: 0).damping),
                       2 * (CASpringAnimation(perceptualDuration: 0.5, bounce: 0).stiffness).squareRoot(), 1e-9),
                "bounce 0 is critically damped")
        let over = CASpringAnimation(perceptualDuration: 0.5, bounce: -0.5)
        #expect(over.allowsOverdamping)
        #expect(approx(Double(over.bounce), -0.5, 1e-9))
        let clamped = CASpringAnimation(perceptualDuration: .nan, bounce: 3)
        #expect(clamped.perceptualDuration == 0.5, "a duration that is not usable is taken as 0.5 s")
        #expect(clamped.bounce < 1 && clamped.settlingDuration.isFinite, "a bounce past 1 is clamped: the spring still settles")
    }

    @Test("animate(springDuration:bounce:) without bounce covers most of the way in its duration and never overshoots")
    func noBounce() {
        let (screen, view) = makeAnimationScreen()
        var completions: [Bool] = []
        UIView.animate(springDuration: 0.5, bounce: 0, animations: { view.center.x = 150 },
                       completion: { completions.append($0) })
        var previous = 50.0
        for _ in 0 ..< 30 {   // 0.5 s
            runFrames(screen, 1)
            let x = Double(view.shown.position.x)
            #expect(x <= 150 && x >= previous)
            previous = x
        }
        #expect(previous > 50 + 95, "at its perceptual duration the spring has come more than 95 % of the way")
        #expect(completions.isEmpty, "it is still settling")
        runFrames(screen, 60)
        #expect(view.shown.position.x == 150)
        #expect(completions == [true])
    }

    @Test("a bouncy spring overshoots and swings back, then completes once settled")
    func bouncy() {
        let (screen, view) = makeAnimationScreen()
        var completed = false
        UIView.animate(springDuration: 0.4, bounce: 0.5, initialSpringVelocity: 0, delay: 0, options: [],
                       animations: { view.center.x = 150 }, completion: { _ in completed = true })
        let expected = SpringCurve(perceptualDuration: 0.4, bounce: 0.5)
        var highest = 0.0, lowestAfter = 1000.0
        var frames = 0
        while !completed && frames < 300 {
            runFrames(screen, 1)
            frames += 1
            let x = Double(view.shown.position.x)
            if x > highest { highest = x; lowestAfter = x } else { lowestAfter = min(lowestAfter, x) }
        }
        #expect(highest > 160, "it overshoots the target by more than 10 %")
        #expect(lowestAfter < 150, "and swings back")
        #expect(completed)
        #expect(abs(Double(frames) / 60 - expected.settlingDuration) < 2.0 / 60, "completion comes when the spring settles")
    }
}
