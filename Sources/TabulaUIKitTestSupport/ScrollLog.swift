import Foundation
import TabulaUIKit

/// Logs every delegate message, with the offset at that moment.
@MainActor
package final class ScrollLog: UIScrollViewDelegate {
    package var events: [String] = []
    package var offsets: [CGFloat] = []
    package var retarget: CGPoint?
    package var floating: UIView?
    package var floatingOrigin: CGFloat = 0
    package func scrollViewDidScroll(_ s: UIScrollView) {
        offsets.append(s.contentOffset.y)
        if events.last != "scroll" { events.append("scroll") }
        // The floating view of WWDC 2011, What's New in Table Views: keep it at the same place on screen.
        if let floating { floating.frame.origin.y = floatingOrigin + s.bounds.origin.y }
    }
    package func scrollViewWillBeginDragging(_ s: UIScrollView) { events.append("willBeginDragging") }
    package func scrollViewWillEndDragging(_ s: UIScrollView, withVelocity v: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        events.append("willEndDragging")
        if let retarget { targetContentOffset.pointee = retarget }
    }
    package func scrollViewDidEndDragging(_ s: UIScrollView, willDecelerate d: Bool) { events.append("didEndDragging(\(d))") }
    package func scrollViewWillBeginDecelerating(_ s: UIScrollView) { events.append("willBeginDecelerating") }
    package func scrollViewDidEndDecelerating(_ s: UIScrollView) { events.append("didEndDecelerating") }
    package func scrollViewDidEndScrollingAnimation(_ s: UIScrollView) { events.append("didEndScrollingAnimation") }
    package func scrollViewDidScrollToTop(_ s: UIScrollView) { events.append("didScrollToTop") }
}

@MainActor
package func makeScrollScreen(contentHeight: CGFloat = 2000) -> (HeadlessScreen, UIScrollView, ScrollLog) {
    let screen = HeadlessScreen(size: CGSize(width: 200, height: 400), scale: 1)
    let window = UIWindow(frame: .zero)
    window.rootViewController = UIViewController()
    screen.show(window)
    let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 400))
    scroll.contentSize = CGSize(width: 200, height: contentHeight)
    let log = ScrollLog()
    scroll.delegate = log
    window.rootViewController!.view.addSubview(scroll)
    screen.advance(by: 1.0 / 60)
    return (screen, scroll, log)
}
