import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Counts adjusted-content-inset changes.
@MainActor
private final class InsetLog: UIScrollViewDelegate {
    var insets: [CGFloat] = []
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {
        insets.append(scrollView.adjustedContentInset.top)
    }
}

@Suite("UIScrollView: per-axis bouncing, stopping, indicators, inset changes")
@MainActor
struct ScrollAnimatingTests {
    @Test("bouncesVertically off stops a drag at the top edge while the other axis still bands; bounces sets both")
    func perAxisBouncing() {
        let (screen, scroll, _) = makeScrollScreen()
        scroll.contentSize = CGSize(width: 600, height: 2000)
        scroll.bouncesVertically = false
        #expect(scroll.bounces, "true while either axis bounces")
        let touch = screen.touchDown(at: CGPoint(x: 100, y: 100))
        for step in 1 ... 20 {
            screen.advance(by: 1.0 / 60)
            screen.moveTouch(touch, to: CGPoint(x: 100 + 3 * CGFloat(step), y: 100 + 10 * CGFloat(step)))
        }
        screen.advance(by: 1.0 / 60)
        #expect(scroll.isDragging)
        #expect(scroll.contentOffset.y == 0, "no rubber band past the top")
        #expect(scroll.contentOffset.x < 0, "the horizontal axis still bands past its edge")
        screen.liftTouch(touch)
        screen.advance(by: 2)
        #expect(scroll.contentOffset == .zero)
        scroll.bounces = false
        #expect(!scroll.bouncesHorizontally && !scroll.bouncesVertically && !scroll.bounces)
        scroll.bounces = true
        #expect(scroll.bouncesHorizontally && scroll.bouncesVertically)
    }

    @Test("isScrollAnimating during an animated scroll; stopScrollingAndZooming leaves the content where it is")
    func stopAnimatedScroll() {
        let (screen, scroll, log) = makeScrollScreen()
        scroll.setContentOffset(CGPoint(x: 0, y: 600), animated: true)
        #expect(scroll.isScrollAnimating)
        screen.advance(by: 0.1)
        let midway = scroll.contentOffset.y
        #expect(midway > 0 && midway < 600)
        scroll.stopScrollingAndZooming()
        #expect(!scroll.isScrollAnimating)
        screen.advance(by: 1)
        #expect(scroll.contentOffset.y == midway, "it stays where it was stopped")
        #expect(!log.events.contains("didEndScrollingAnimation"))
        // A fling is not an animation; stopped, it ends its deceleration.
        scroll.fling(velocity: CGPoint(x: 0, y: 2000))
        #expect(!scroll.isScrollAnimating && scroll.isDecelerating)
        screen.advance(by: 0.1)
        scroll.stopScrollingAndZooming()
        #expect(!scroll.isDecelerating)
        #expect(log.events.last == "didEndDecelerating")
    }

    @Test("a fling toward the top with bouncesVertically off stops at the edge in every frame; with it on, it overshoots and settles")
    func flingFrames() throws {
        for bounces in [false, true] {
            let (screen, scroll, _) = makeScrollScreen()
            for row in 0 ..< 40 {
                let band = UIView(frame: CGRect(x: 0, y: CGFloat(row) * 50, width: 200, height: 50))
                band.backgroundColor = row % 2 == 0 ? .systemTeal : .systemYellow
                scroll.addSubview(band)
            }
            scroll.bouncesVertically = bounces
            scroll.contentOffset = CGPoint(x: 0, y: 300)
            scroll.fling(velocity: CGPoint(x: 0, y: -3000))
            var offsets: [CGFloat] = [], frames: [UIImage] = []
            for step in 0 ..< 90 {
                screen.advance(by: 1.0 / 60)
                offsets.append(scroll.contentOffset.y)
                if step % 6 == 0 { frames.append(screen.snapshot()) }
            }
            writeForLooking(HeadlessScreen.filmstrip(frames, columns: 15), "scroll-fling-bounces-\(bounces)-film")
            if bounces {
                #expect(offsets.min()! < -5, "it overshoots the top")
            } else {
                #expect(offsets.allSatisfy { $0 >= 0 }, "never past the top: \(offsets.min()!)")
            }
            #expect(offsets.last == 0, "at rest at the top")
        }
    }

    @Test("stopping content that bounced past an edge puts it back at the edge")
    func stopWhileBouncing() {
        let (screen, scroll, _) = makeScrollScreen()
        scroll.fling(velocity: CGPoint(x: 0, y: -3000))
        screen.advance(by: 0.05)
        #expect(scroll.contentOffset.y < 0)
        scroll.stopScrollingAndZooming()
        #expect(scroll.contentOffset.y == 0)
        screen.advance(by: 1)
        #expect(scroll.contentOffset.y == 0)
    }

    @Test("withScrollIndicatorsShown shows the indicator of the axis the offset moved along only")
    func indicatorsForChanges() {
        let (screen, scroll, _) = makeScrollScreen()
        scroll.contentSize = CGSize(width: 600, height: 2000)
        /// The opacity on screen (the model's alpha is already 0 while a flash fades).
        func shown(_ indicator: UIView) -> Float { indicator.layer.presentation()?.opacity ?? indicator.layer.opacity }
        scroll.withScrollIndicatorsShown { scroll.contentOffset = CGPoint(x: 0, y: 300) }
        screen.advance(by: 0.1)
        #expect(shown(scroll.verticalIndicator) > 0.9 && shown(scroll.horizontalIndicator) == 0)
        screen.advance(by: 1.5)
        #expect(shown(scroll.verticalIndicator) == 0, "it fades as after a flash")
        scroll.withScrollIndicatorsShown { scroll.setContentOffset(CGPoint(x: 200, y: 300), animated: true) }
        #expect(scroll.horizontalIndicator.alpha > 0 && scroll.verticalIndicator.alpha == 0)
        scroll.withScrollIndicatorsShown {}
        #expect(scroll.horizontalIndicator.alpha > 0, "no change shows or hides nothing")
    }

    @Test("the delegate hears scrollViewDidChangeAdjustedContentInset when the inset changes, not otherwise")
    func adjustedInsetMessage() {
        let (screen, scroll, _) = makeScrollScreen()
        let log = InsetLog()
        scroll.delegate = log
        scroll.contentInset = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        scroll.contentInset = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        screen.advance(by: 0.1)
        #expect(log.insets == [20])
    }
}
