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
}
