import TabulaCore

/// The scroll view whose content the bars watch (iOS 15): a navigation bar is clear while
/// the content rests at its top edge and its large title collapses as the content
/// scrolls up; a toolbar is clear while the content's bottom edge is at it.
extension UIViewController {
    /// Sets the scroll view the bars at every edge observe:
    /// ``setContentScrollView(_:for:)`` with `.all`.
    public func setContentScrollView(_ scrollView: UIScrollView?) {
        setContentScrollView(scrollView, for: .all)
    }

    /// The scroll view ``contentScrollView(for:)`` finds when none was set: the view
    /// itself when it is a scroll view (a table view controller's), else the first subview
    /// that is a shown scroll view whose top edge reaches the bars: under them (at the
    /// view's top), or just below them (pinned to the safe area's top, as a layout with
    /// Auto Layout often is; the bar then turns from clear as its content scrolls away
    /// from the bar's edge, as in UIKit). One further down, under a header of the
    /// screen's own, is not one the bars follow.
    func foundContentScrollView() -> UIScrollView? {
        guard let view = viewIfLoaded else { return nil }
        if let scrollView = view as? UIScrollView { return scrollView }
        let barsEnd = view.safeAreaInsets.top
        for subview in view.subviews {
            if let scrollView = subview as? UIScrollView, !scrollView.isHidden, scrollView.frame.minY <= barsEnd + 0.5 {
                return scrollView
            }
        }
        return nil
    }
}
