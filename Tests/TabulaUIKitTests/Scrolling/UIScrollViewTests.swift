import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@Suite("UIScrollView")
@MainActor
struct UIScrollViewTests {
    @Test("scrolling moves the bounds origin; subviews keep their frames and appear to move")
    func offsetIsBoundsOrigin() {
        let (screen, scroll, log) = makeScrollScreen()
        defer { withExtendedLifetime(screen) {} }
        let box = UIView(frame: CGRect(x: 10, y: 100, width: 50, height: 50))
        scroll.addSubview(box)
        scroll.contentOffset = CGPoint(x: 0, y: 80)
        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 80))
        #expect(box.frame.origin.y == 100)
        #expect(box.convert(CGPoint.zero, to: scroll.superview) == CGPoint(x: 10, y: 20))
        #expect(log.offsets == [80])
        scroll.contentOffset = CGPoint(x: 0, y: CGFloat.nan)
        #expect(scroll.contentOffset.y == 80, "non-finite offsets are ignored")
    }

    @Test("limits come from the content size and insets; negative offsets need a top inset or a bounce")
    func limits() {
        let (screen, scroll, _) = makeScrollScreen()
        defer { withExtendedLifetime(screen) {} }
        scroll.contentInset = UIEdgeInsets(top: 44, left: 0, bottom: 20, right: 0)
        #expect(scroll.minimumContentOffset == CGPoint(x: 0, y: -44))
        #expect(scroll.maximumContentOffset == CGPoint(x: 0, y: 2000 + 20 - 400))
        scroll.contentSize = CGSize(width: 200, height: 100)
        #expect(scroll.maximumContentOffset.y == -44, "short content cannot scroll down")
    }

    @Test("a fling decelerates at UIKit's normal rate, tells the delegate, and stops where predicted")
    func fling() {
        let (screen, scroll, log) = makeScrollScreen(contentHeight: 20_000)
        scroll.fling(velocity: CGPoint(x: 0, y: 1500))
        #expect(scroll.isDecelerating)
        #expect(log.events == ["willBeginDecelerating"])
        screen.advance(by: 0.5)
        let expectedAtHalf = 1500 * (pow(0.998, 500) - 1) / (1000 * Foundation.log(0.998))
        #expect(abs(scroll.contentOffset.y - CGFloat(expectedAtHalf)) < 0.5)
        #expect(scroll.isShowingScrollIndicators)
        screen.advance(by: 5)
        #expect(!scroll.isDecelerating)
        #expect(abs(scroll.contentOffset.y - 1500 / (-1000 * Foundation.log(0.998))) < 0.2)
        #expect(log.events == ["willBeginDecelerating", "scroll", "didEndDecelerating"])
        #expect(!scroll.isShowingScrollIndicators, "indicators fade out after scrolling stops")
        // The fast rate goes a fifth as far.
        let (screen2, scroll2, _) = makeScrollScreen(contentHeight: 20_000)
        scroll2.decelerationRate = .fast
        scroll2.fling(velocity: CGPoint(x: 0, y: 1500))
        screen2.advance(by: 3)
        #expect(abs(scroll2.contentOffset.y - 1500 / (-1000 * Foundation.log(0.99))) < 0.2)
    }

    @Test("a fling past the top bounces through negative offsets and settles at the edge; a floating view stays put")
    func bounceAtTop() {
        let (screen, scroll, log) = makeScrollScreen()
        let floating = UIView(frame: CGRect(x: 150, y: 10, width: 40, height: 40))
        scroll.addSubview(floating)
        log.floating = floating
        log.floatingOrigin = 10
        scroll.contentOffset = CGPoint(x: 0, y: 100)
        scroll.fling(velocity: CGPoint(x: 0, y: -3000))
        var lowest: CGFloat = 0
        for _ in 0 ..< 120 {
            screen.advance(by: 1.0 / 60)
            lowest = min(lowest, scroll.contentOffset.y)
            #expect(abs(floating.frame.origin.y - scroll.contentOffset.y - 10) < 1e-9, "the floating view stays on screen")
        }
        #expect(lowest < -20, "it went past the top")
        #expect(scroll.contentOffset.y == 0)
        #expect(log.events.last == "didEndDecelerating")
    }

    @Test("without bouncing a fling stops dead at the edge")
    func noBounce() {
        let (screen, scroll, _) = makeScrollScreen()
        scroll.bounces = false
        scroll.contentOffset = CGPoint(x: 0, y: 100)
        scroll.fling(velocity: CGPoint(x: 0, y: -3000))
        var lowest: CGFloat = 100
        for _ in 0 ..< 60 { screen.advance(by: 1.0 / 60); lowest = min(lowest, scroll.contentOffset.y) }
        #expect(lowest == 0)
    }

    @Test("dragging past the edge rubber-bands, then the release bounces back")
    func rubberBand() {
        let (screen, scroll, log) = makeScrollScreen()
        scroll.beginDragging()
        #expect(scroll.isTracking && scroll.isDragging)
        scroll.updateDragging(translation: CGPoint(x: 0, y: 100))
        let pulled = -scroll.contentOffset.y
        #expect(pulled > 30 && pulled < 100, "the content follows the finger less than one to one")
        scroll.updateDragging(translation: CGPoint(x: 0, y: 200))
        #expect(-scroll.contentOffset.y < 2 * pulled)
        scroll.endDragging(velocity: .zero)
        #expect(!scroll.isDragging && scroll.isDecelerating)
        screen.advance(by: 1.5)
        #expect(scroll.contentOffset.y == 0)
        #expect(log.events == ["willBeginDragging", "scroll", "willEndDragging", "didEndDragging(true)",
                               "willBeginDecelerating", "scroll", "didEndDecelerating"])
    }

    @Test("the delegate can change where a fling comes to rest, and it lands exactly there")
    func retarget() {
        let (screen, scroll, log) = makeScrollScreen(contentHeight: 20_000)
        log.retarget = CGPoint(x: 0, y: 440)
        scroll.beginDragging()
        scroll.updateDragging(translation: CGPoint(x: 0, y: -40))
        scroll.endDragging(velocity: CGPoint(x: 0, y: -2000))
        screen.advance(by: 6)
        #expect(abs(scroll.contentOffset.y - 440) < 0.11)
    }

    @Test("a release without velocity inside the limits does not decelerate")
    func gentleRelease() {
        let (screen, scroll, log) = makeScrollScreen()
        defer { withExtendedLifetime(screen) {} }
        scroll.beginDragging()
        scroll.updateDragging(translation: CGPoint(x: 0, y: -50))
        scroll.endDragging(velocity: .zero)
        #expect(scroll.contentOffset.y == 50)
        #expect(log.events.suffix(2) == ["willEndDragging", "didEndDragging(false)"])
        #expect(!scroll.isDecelerating)
    }

    @Test("animated setContentOffset scrolls over 0.3 s calling didScroll each frame, then ends")
    func animatedOffset() {
        let (screen, scroll, log) = makeScrollScreen()
        scroll.setContentOffset(CGPoint(x: 0, y: 600), animated: true)
        #expect(scroll.contentOffset.y == 0)
        screen.advance(by: 0.15)
        #expect(scroll.contentOffset.y > 100 && scroll.contentOffset.y < 500)
        screen.advance(by: 0.2)
        #expect(scroll.contentOffset.y == 600)
        #expect(log.offsets.count >= 17)
        #expect(log.events == ["scroll", "didEndScrollingAnimation"])
    }

    @Test("scrollRectToVisible scrolls the least distance, and not at all when already visible")
    func scrollRect() {
        let (screen, scroll, _) = makeScrollScreen()
        defer { withExtendedLifetime(screen) {} }
        scroll.scrollRectToVisible(CGRect(x: 0, y: 500, width: 10, height: 50), animated: false)
        #expect(scroll.contentOffset.y == 150)
        scroll.scrollRectToVisible(CGRect(x: 0, y: 300, width: 10, height: 50), animated: false)
        #expect(scroll.contentOffset.y == 150)
        scroll.scrollRectToVisible(CGRect(x: 0, y: 100, width: 10, height: 50), animated: false)
        #expect(scroll.contentOffset.y == 100)
        scroll.scrollRectToVisible(CGRect(x: 0, y: 5000, width: 10, height: 50), animated: false)
        #expect(scroll.contentOffset.y == 1600, "clamped to the content")
    }

    @Test("scroll to top animates to the top inset and tells the delegate; scrollsToTop off refuses")
    func scrollToTop() {
        let (screen, scroll, log) = makeScrollScreen()
        scroll.contentInset.top = 20
        scroll.contentOffset = CGPoint(x: 0, y: 900)
        #expect(scroll.scrollToTop())
        screen.advance(by: 0.5)
        #expect(scroll.contentOffset.y == -20)
        #expect(log.events.last == "didScrollToTop")
        scroll.scrollsToTop = false
        #expect(!scroll.scrollToTop())
    }

    @Test("indicators show while dragging, sit at the right edge in proportion, and fade after")
    func indicators() {
        let (screen, scroll, _) = makeScrollScreen()
        scroll.beginDragging()
        scroll.updateDragging(translation: CGPoint(x: 0, y: -800))
        let bar = scroll.verticalIndicator
        #expect(bar.alpha == 1)
        #expect(bar.frame.maxX == 800 - 800 + 197 && bar.frame.width == 3)
        let onScreen = bar.frame.origin.y - scroll.contentOffset.y
        #expect(onScreen > 150 && onScreen < 250, "half way down the track at half the content")
        #expect(abs(bar.frame.height - (400 - 9) * 0.2) < 1)
        #expect(scroll.subviews.last === bar)
        scroll.endDragging(velocity: .zero)
        screen.advance(by: 0.3)
        #expect(bar.layer.presentation()!.opacity == 1, "still shown just after stopping")
        screen.advance(by: 1)
        #expect(bar.layer.presentation()!.opacity == 0)
    }

    @Test("the indicators keep to their own insets; the content inset does not move them")
    func indicatorInsets() {
        let (_, scroll, _) = makeScrollScreen()
        scroll.contentInset.bottom = 100
        scroll.beginDragging()
        scroll.updateDragging(translation: CGPoint(x: 0, y: -10_000))
        let bar = scroll.verticalIndicator
        let bottomBefore = bar.frame.maxY - scroll.contentOffset.y
        #expect(bottomBefore > 400 - 20, "the content inset leaves the track full length: \(bottomBefore)")
        scroll.scrollIndicatorInsets = UIEdgeInsets(top: 0, left: 0, bottom: 100, right: 5)
        scroll.layoutIfNeeded()
        let bottom = bar.frame.maxY - scroll.contentOffset.y
        #expect(bottom <= 400 - 100, "the track ends above the indicator inset: \(bottom)")
        #expect(bar.frame.maxX == scroll.contentOffset.x + 197 - 5)
        #expect(scroll.horizontalScrollIndicatorInsets.right == 5)
        scroll.endDragging(velocity: .zero)
    }
}
