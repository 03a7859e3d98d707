import Foundation

/// The scroll view's side of pull to refresh: it hosts ``UIScrollView/refreshControl``
/// behind the content, tells it of every change of offset, and adds and removes the
/// inset a refreshing control keeps open above the content.
///
/// Invariants:
/// - ``refreshInset`` is the attached control's height while it refreshes, else 0, and is
///   the only difference between ``adjustedContentInset`` and what the content inset and
///   the safe area make.
/// - The control's frame is the gap the pull opens above the content (see
///   ``refreshGapBottom``), so it is empty, and draws nothing, when nothing is pulled.
extension UIScrollView {
    /// How long the content takes to slide when a refresh inset comes or goes.
    static let refreshInsetAnimationDuration: TimeInterval = 0.35

    /// How far the content's top is pulled below where it rests without a refresh inset:
    /// positive while pulled or while a refresh holds the content down, negative once the
    /// content is scrolled up.
    var refreshPullDistance: CGFloat {
        -(contentOffset.y + adjustedContentInset.top - refreshInset)
    }

    /// The bottom of the gap a pull opens, in content coordinates: the top of the content
    /// inset, above a large title that moves with the content (the title is part of the
    /// safe area but not of the gap).
    var refreshGapBottom: CGFloat {
        let safeTop = adjustedContentInset.top - refreshInset - contentInset.top
        return -contentInset.top - min(largeTitleInset, max(0, safeTop))
    }

    /// Attaches the new ``refreshControl`` and detaches the old one; a replaced control
    /// that was refreshing takes its inset with it (animated when on screen).
    func refreshControlDidChange(from old: UIRefreshControl?) {
        let new = refreshControl
        guard old !== new else { return }
        if let old, old.scrollView === self { old.detach() }
        if let new {
            // A control belongs to one scroll view: moving it here takes it from the other.
            if let other = new.scrollView, other !== self { other.refreshControl = nil }
            new.attach(to: self)
        }
        let inset = new.map { $0.isRefreshing ? $0.refreshingHeight : 0 } ?? 0
        setRefreshInset(inset, animated: window != nil)
        layoutRefreshControl()
    }

    /// Puts the control behind the content: below every subview but a table's
    /// background view, which fills the table behind everything (a background view set
    /// later goes below it too).
    func insertRefreshControl(_ control: UIRefreshControl) {
        if let background = (self as? any ScrollBackgroundViewHolding)?.backgroundView, background.superview === self {
            insertSubview(control, aboveSubview: background)
        } else {
            insertSubview(control, at: 0)
        }
    }

    /// Sets the inset a refreshing control adds to the top of ``adjustedContentInset``.
    ///
    /// - A new inset slides resting content down to show the control, when the content
    ///   rested at its top (animated on screen); content scrolled away stays where it is.
    /// - An inset taken away slides the content up over the gap it leaves, unless the gap
    ///   is already scrolled away. A bounce in progress retargets itself to the new edge
    ///   (see `UIScrollView+Motion.swift`), and under a finger nothing moves until the
    ///   finger lifts.
    func setRefreshInset(_ inset: CGFloat, animated: Bool) {
        guard inset != refreshInset, inset.isFinite else { return }
        let growing = inset > refreshInset
        let wasAtTop = !isTracking && motion == nil && abs(contentOffset.y - minimumContentOffset.y) < 0.5
        refreshInset = inset
        updateAdjustedContentInset(followsEdge: false)
        guard !isTracking else { return }
        let top = CGPoint(x: contentOffset.x, y: minimumContentOffset.y)
        if growing {
            guard wasAtTop else { return }
            slideForRefreshInset(to: top, animated: animated)
            return
        }
        if let target = animatedScrollTarget {
            retargetAnimatedScroll(to: clampedContentOffset(target))
        } else if motion == nil, contentOffset.y < top.y {
            slideForRefreshInset(to: top, animated: animated)
        }
    }

    private func slideForRefreshInset(to target: CGPoint, animated: Bool) {
        guard animated, window != nil else {
            setContentOffset(target, animated: false)
            return
        }
        // The inset moves the content, not the user: no scroll indicators.
        startAnimatedScroll(to: target, duration: Self.refreshInsetAnimationDuration, showsIndicators: false)
        isSettlingRefreshInset = true
    }

    /// Tells the control where the content is now; every change of offset or inset and
    /// every layout comes here.
    func layoutRefreshControl() {
        guard let control = refreshControl, control.superview === self else { return }
        control.scrollViewDidMove(pull: refreshPullDistance, gapBottom: refreshGapBottom)
    }
}
