import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Careless app code against animation blocks: durations and delays that are negative,
/// NaN or infinite, and blocks nested in mid-flight.
@MainActor
@Suite("Careless code: animation blocks", .serialized)
struct CarelessAnimationTests {
    final class Lines { var lines: [String] = [] }

    @Test("a negative or NaN duration changes at once and completes; NaN or negative delays do not wait",
          arguments: [(-1.0, 0.0), (Double.nan, 0.0), (0.3, Double.nan), (0.3, -5.0), (-.infinity, 0.0)])
    func badDurations(duration: Double, delay: Double) {
        let (screen, view) = makeAnimationScreen()
        let lines = Lines()
        screen.onReport = { lines.lines.append($0) }
        var done: [Bool] = []
        UIView.animate(withDuration: duration, delay: delay, options: [], animations: { view.alpha = 0.2 },
                       completion: { done.append($0) })
        #expect(abs(view.alpha - 0.2) < 1e-6)
        screen.advance(by: 0.5)
        #expect(done == [true], "\(done)")
        #expect(abs(view.layer.presentation()!.opacity - 0.2) < 1e-6)
        #expect(lines.lines.count == (duration.isFinite && delay.isFinite ? 0 : 1), "\(lines.lines)")
    }

    @Test("an infinite duration or delay is reported and runs as no animation")
    func infiniteDurations() {
        let (screen, view) = makeAnimationScreen()
        let lines = Lines()
        screen.onReport = { lines.lines.append($0) }
        var done: [Bool] = []
        UIView.animate(withDuration: .infinity, animations: { view.alpha = 0.2 }, completion: { done.append($0) })
        UIView.animate(withDuration: 0.2, delay: .infinity, options: [], animations: { view.center.x = 20 },
                       completion: { done.append($0) })
        screen.advance(by: 0.5)
        #expect(done == [true, true], "\(done)")
        #expect(abs(view.layer.presentation()!.opacity - 0.2) < 1e-6 && view.layer.presentation()!.position.x == 20)
        #expect(lines.lines.count == 2, "\(lines.lines)")
    }

    @Test("a property animator with a NaN duration started after an infinite delay: both reported, the change made at once, the completion told it ended")
    func animatorBadTimes() {
        let (screen, view) = makeAnimationScreen()
        let lines = Lines()
        screen.onReport = { lines.lines.append($0) }
        var processWide: [String] = []
        let saved = CALayer.onInvalidAnimation
        CALayer.onInvalidAnimation = { processWide.append($0.description) }
        defer { CALayer.onInvalidAnimation = saved }
        let animator = UIViewPropertyAnimator(duration: .nan, curve: .easeInOut) { view.alpha = 0.3 }
        var done: [UIViewAnimatingPosition] = []
        animator.addCompletion { done.append($0) }
        animator.startAnimation(afterDelay: .infinity)
        screen.advance(by: 0.1)
        #expect(done == [.end])
        #expect(abs(view.layer.presentation()!.opacity - 0.3) < 1e-6)
        let reports = processWide + lines.lines
        #expect(reports.count == 2, "\(reports)")
        #expect(reports.contains { $0.contains("duration of nan") }, "\(reports)")
        #expect(reports.contains { $0.contains("delay of inf") }, "\(reports)")
    }

    @Test("a block nested in another in mid-flight, changing the same property, ends at the last value")
    func nestedMidFlight() {
        let (screen, view) = makeAnimationScreen()
        var done: [Bool] = []
        UIView.animate(withDuration: 0.4, animations: { view.center.x = 150 }, completion: { done.append($0) })
        screen.advance(by: 0.1)
        UIView.animate(withDuration: 0.4, animations: {
            view.center.x = 10
            UIView.animate(withDuration: .nan, animations: { view.center.x = 90 }, completion: { done.append($0) })
        }, completion: { done.append($0) })
        screen.advance(by: 1)
        #expect(view.center.x == 90 && view.layer.presentation()!.position.x == 90)
        #expect(done.count == 3)
    }

    @Test("keyframes with NaN or infinite times, a spring with NaN damping, and a tiny repeating duration stay numbers and end")
    func badKeyframesAndSprings() {
        let (screen, view) = makeAnimationScreen()
        let lines = Lines()
        screen.onReport = { lines.lines.append($0) }
        var done: [Bool] = []
        UIView.animateKeyframes(withDuration: 0.4, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: .nan, relativeDuration: 0.5) { view.alpha = 0.5 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: .infinity) { view.alpha = 0.1 }
        }, completion: { done.append($0) })
        UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: .nan, initialSpringVelocity: .infinity,
                       options: [], animations: { view.center.x = 30 }, completion: { done.append($0) })
        for _ in 0 ..< 30 {
            screen.advance(by: 1.0 / 60)
            let shown = view.layer.presentation()!
            #expect(shown.opacity.isFinite && shown.position.x.isFinite, "\(shown.opacity) \(shown.position)")
        }
        #expect(done == [true, true], "\(done)")
        #expect(abs(view.layer.presentation()!.opacity - 0.1) < 1e-6 && view.layer.presentation()!.position.x == 30)
        #expect(lines.lines.count == 1 && lines.lines.first?.contains("damping ratio of nan") == true, "\(lines.lines)")
        UIView.animate(withDuration: 1e-300, delay: 0, options: [.repeat, .autoreverse], animations: { view.center.y = 10 })
        let start = Date()
        screen.advance(by: 0.5)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(view.layer.presentation()!.position.y.isFinite)
    }

    @Test("a property animator with a NaN, infinite or negative duration ends at once, as one of 0 does",
          arguments: [Double.nan, .infinity, -1])
    func animatorDurations(duration: Double) {
        let (screen, view) = makeAnimationScreen()
        var ended: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: duration, curve: .linear) { view.alpha = 0.3 }
        animator.addCompletion { ended.append($0) }
        animator.startAnimation()
        screen.advance(by: 1)
        #expect(ended == [.end], "\(ended)")
        #expect(abs(view.layer.presentation()!.opacity - 0.3) < 1e-6)
    }
}
