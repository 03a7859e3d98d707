import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Offsets careless code asks for: far outside the content, or not numbers.
@Suite("UIScrollView: offsets far outside the content")
@MainActor
struct ScrollMisuseTests {
    final class Reports { var lines: [String] = [] }

    @Test("an animated scroll to 1e18 is reported and aimed at the edge: every frame shows content")
    func animatedScrollFarOutside() {
        let (screen, scroll, _) = makeScrollScreen()
        let reports = Reports()
        screen.onReport = { reports.lines.append($0) }
        scroll.setContentOffset(CGPoint(x: 0, y: 1e18), animated: true)
        #expect(reports.lines.count == 1)
        #expect(reports.lines.first?.contains("far outside the content") == true)
        var frames: [CGFloat] = []
        for _ in 0 ..< 30 {
            screen.advance(by: 1.0 / 60)
            frames.append(scroll.contentOffset.y)
        }
        #expect(frames.allSatisfy { $0 >= 0 && $0 <= 1600 }, "never past the bottom edge: \(frames)")
        #expect(scroll.contentOffset.y == 1600 && !scroll.isScrollAnimating, "settled at the bottom within 0.5 s")
    }

    @Test("a modest overshoot is kept, as UIKit keeps it; a non-finite offset is reported and ignored")
    func modestOvershootAndNaN() {
        let (screen, scroll, _) = makeScrollScreen()
        let reports = Reports()
        screen.onReport = { reports.lines.append($0) }
        scroll.setContentOffset(CGPoint(x: 0, y: -60), animated: true)
        screen.advance(by: 0.5)
        #expect(scroll.contentOffset.y == -60)
        scroll.setContentOffset(CGPoint(x: CGFloat.nan, y: 10), animated: false)
        scroll.setContentOffset(CGPoint(x: 0, y: CGFloat.infinity), animated: true)
        #expect(scroll.contentOffset.y == -60)
        #expect(reports.lines.count == 2, "\(reports.lines)")
    }
}
