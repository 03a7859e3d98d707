import Foundation

/// How safe area insets flow down the view tree.
///
/// Each view keeps its insets (``UIView/safeAreaInsets``) and works them out again only
/// when something they depend on changes: its frame, its superview, its superview's
/// insets or size, the screen's insets (a window), or what its view controller adds.
/// When they change, the view is told (``UIView/safeAreaInsetsDidChange()``, then its
/// view controller's ``UIViewController/viewSafeAreaInsetsDidChange()``), lays out
/// again, and passes the change on to its subviews. A tree whose insets are all zero —
/// every view on a screen made without a device profile — pays one comparison per
/// geometry change.
extension UIView {
    /// The insets this view should have now, from its superview's (a window: its
    /// screen's) and its view controller's bars and additional insets.
    func computedSafeAreaInsets() -> UIEdgeInsets { computedSafeAreaInsets(atFrame: safeAreaMeasuringFrame ?? frame) }

    /// The insets this view would have at `frame` in its superview, as it is now: what a
    /// container that is about to move the view there measures it with (a table sizing a
    /// cell for the row it will take, while the cell still sits where the last layout put it).
    package func computedSafeAreaInsets(atFrame frame: CGRect) -> UIEdgeInsets {
        var insets = UIEdgeInsets.zero
        if let window = self as? UIWindow {
            insets = window.screenSafeAreaInsets
        } else if let superview {
            let outer = superview.storedSafeAreaInsets
            if outer != .zero {
                var f = frame
                if viewController != nil {
                    // A view controller's root view takes the insets of the place its
                    // container gives it, not of where a transition has it for now: one
                    // sliding off the screen in a pop, or up from below as a sheet, keeps
                    // its layout (as in UIKit) instead of finding itself all unsafe.
                    let b = superview.bounds
                    if f.minX < b.minX || f.maxX > b.maxX { f.origin.x = min(max(f.minX, b.minX), max(b.minX, b.maxX - f.width)) }
                    if f.minY < b.minY || f.maxY > b.maxY { f.origin.y = min(max(f.minY, b.minY), max(b.minY, b.maxY - f.height)) }
                }
                func clamp(_ value: CGFloat, _ length: CGFloat) -> CGFloat { min(max(0, value), max(0, length)) }
                if viewController != nil, let scroller = superview as? UIScrollView {
                    // A view controller's root view in a scroll view (a page of a page view
                    // controller) takes the insets of the part of the scroll view it fills
                    // now, where `f` was put above; top and bottom too when the scroll view
                    // does not inset its content for them (a pager: UIKit gives each page
                    // the safe area of the page view controller's view).
                    let safe = superview.bounds.inset(by: outer)
                    let adjusts = scroller.contentInsetAdjustmentBehavior != .never
                    insets = UIEdgeInsets(top: adjusts ? 0 : clamp(safe.minY - f.minY, f.height),
                                          left: clamp(safe.minX - f.minX, f.width),
                                          bottom: adjusts ? 0 : clamp(f.maxY - safe.maxY, f.height),
                                          right: clamp(f.maxX - safe.maxX, f.width))
                } else if superview is UIScrollView {
                    // Content scrolls under the bars by design; only the sides stay unsafe,
                    // as far as the view reaches into them (an inset-grouped card that
                    // keeps clear of them has none).
                    insets = UIEdgeInsets(top: 0, left: clamp(outer.left - f.minX, f.width), bottom: 0,
                                          right: clamp(f.maxX - (superview.bounds.width - outer.right), f.width))
                } else {
                    let safe = superview.bounds.inset(by: outer)
                    insets = UIEdgeInsets(top: clamp(safe.minY - f.minY, f.height),
                                          left: clamp(safe.minX - f.minX, f.width),
                                          bottom: clamp(f.maxY - safe.maxY, f.height),
                                          right: clamp(f.maxX - safe.maxX, f.width))
                }
            }
        }
        if let controller = viewController {
            let bars = controller.barSafeAreaInsets
            let extra = controller.additionalSafeAreaInsets
            insets = UIEdgeInsets(top: max(insets.top, bars.top) + extra.top,
                                  left: max(insets.left, bars.left) + extra.left,
                                  bottom: max(insets.bottom, bars.bottom, controller.tabBarSafeAreaInset) + extra.bottom,
                                  right: max(insets.right, bars.right) + extra.right)
        }
        return insets
    }

    /// Works the insets out again; when they changed, tells the view and its view
    /// controller, asks for layout, and passes the change on to the subviews. With
    /// `includingSubviews`, the subviews check theirs even if this view's did not change
    /// (its bounds changed under them).
    func refreshSafeAreaInsets(includingSubviews: Bool = false) {
        let insets = computedSafeAreaInsets()
        // Equal up to rounding: a transformed view's frame (a sheet's presenter, pushed
        // back) comes out a few ulps apart as its bounds move, and insets that followed
        // that noise would move a scroll view's offset, which moves the bounds again.
        let stored = storedSafeAreaInsets
        func same(_ a: CGFloat, _ b: CGFloat) -> Bool { a == b || abs(a - b) < 1e-9 }
        guard !(same(insets.top, stored.top) && same(insets.left, stored.left)
                && same(insets.bottom, stored.bottom) && same(insets.right, stored.right)) else {
            if includingSubviews { for subview in subviews { subview.refreshSafeAreaInsets() } }
            return
        }
        storedSafeAreaInsets = insets
        updateSystemGuides()
        setNeedsLayout()
        safeAreaInsetsDidChange()
        viewController?.viewSafeAreaInsetsDidChange()
        (self as? UIScrollView)?.updateAdjustedContentInset()
        for subview in subviews { subview.refreshSafeAreaInsets() }
    }

    /// The view's frame moved or changed size, or its transform changed.
    func geometryDidChangeForSafeArea() {
        guard storedSafeAreaInsets != .zero || (superview?.storedSafeAreaInsets ?? .zero) != .zero
                || viewController != nil else { return }
        refreshSafeAreaInsets()
    }

    /// The view's bounds changed from `old`: subviews overlap its unsafe edges differently
    /// when its size changed (a scroll view's subviews do not depend on its offset).
    func boundsDidChangeForSafeArea(from old: CGRect) {
        guard storedSafeAreaInsets != .zero, old.size != bounds.size || !(self is UIScrollView) else { return }
        for subview in subviews { subview.refreshSafeAreaInsets() }
    }
}

extension UIViewController {
    /// Asks the root view to work its safe area out again (bars or additional insets changed).
    func safeAreaContributionsDidChange() {
        viewIfLoaded?.refreshSafeAreaInsets()
    }
}
