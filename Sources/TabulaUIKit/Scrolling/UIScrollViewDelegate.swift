import Foundation

/// The messages a scroll view sends as it scrolls. Every method has a default that does
/// nothing, so a delegate implements only what it needs.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: AnyObject {
    /// The content offset changed (by dragging, deceleration, bouncing, animation or code).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// A drag is about to move the content (the finger has moved past the pan's threshold).
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The finger lifted with `velocity` (points per millisecond, as UIKit); the delegate
    /// may change where deceleration comes to rest.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The finger lifted; `decelerate` tells whether the content moves on (decelerating or
    /// bouncing back) or is already at rest.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content is starting to move on by itself after a drag or a fling.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// The content came to rest after decelerating, or a touch stopped it.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animation started by `setContentOffset(_:animated:)` or
    /// `scrollRectToVisible(_:animated:)` finished.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// Asks whether ``UIScrollView/scrollToTop()`` may scroll the view to the top.
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    /// A scroll to the top, asked for by ``UIScrollView/scrollToTop()``, has finished.
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    /// The view that zooming scales, or nil (the default) for a scroll view that does not zoom.
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// A pinch is about to zoom `view`.
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// The zoom scale changed (by a pinch, a bounce back or code).
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    /// A zoom ended, after any bounce back to the limits, at `scale`.
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    /// The adjusted content inset changed: the content inset, the safe area (bars
    /// appearing, a rotation) or a refresh control's inset. Called after the scroll view's
    /// own `adjustedContentInsetDidChange()`.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    /// Does nothing.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// Does nothing: the content comes to rest where deceleration takes it.
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    /// Does nothing.
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Does nothing.
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    /// Returns true: the view may scroll to the top.
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    /// Does nothing.
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    /// Returns nil: the scroll view does not zoom.
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    /// Does nothing.
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    /// Does nothing.
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    /// Does nothing.
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}
