import Foundation

extension UIScrollView {
    /// Whether an animated scroll is under way: `setContentOffset(_:animated:)`,
    /// `scrollRectToVisible(_:animated:)`, a scroll to the top. A deceleration after a
    /// drag is not an animation (see ``isDecelerating``).
    public var isScrollAnimating: Bool {
        if case .animating = motion { return true }
        return false
    }

    /// Whether an animated zoom is under way: `setZoomScale(_:animated:)`,
    /// `zoom(to:animated:)`, or the zoom springing back to a limit after a pinch.
    public var isZoomAnimating: Bool { zoomAnimation != nil }

    /// Stops any animated scroll or zoom and any deceleration, leaving the content where it
    /// is, except that content bounced past an edge returns to the edge, and a paging
    /// scroll view's content to the nearest page, as in UIKit. A finger on the content is
    /// not affected. A deceleration stopped this way ends with
    /// `scrollViewDidEndDecelerating(_:)`; an animated scroll ends without
    /// `scrollViewDidEndScrollingAnimation(_:)`.
    public func stopScrollingAndZooming() {
        if let zoomAnimation {
            zoomAnimation.cancel()
            self.zoomAnimation = nil
            if let view = zoomView {
                let limited = Swift.min(Swift.max(zoomScale, minimumZoomScale), maximumZoomScale)
                if limited != zoomScale { applyZoom(limited, to: view) }
            }
        }
        guard motion != nil else { return }
        stopMotion(notify: true)
        if !isDragging {
            var rest = clampedContentOffset(contentOffset)
            if isPagingEnabled { rest = nearestPage(to: rest) }
            if rest != contentOffset { applyContentOffset(rest) }
            hideIndicators()
        }
    }

    /// The page origin nearest to `offset`, for a paging scroll view (pages are the
    /// bounds' size, from the minimum offset), kept inside the limits.
    private func nearestPage(to offset: CGPoint) -> CGPoint {
        let lo = minimumContentOffset
        func page(_ value: CGFloat, _ origin: CGFloat, _ size: CGFloat) -> CGFloat {
            guard size > 0 else { return value }
            return origin + ((value - origin) / size).rounded() * size
        }
        return clampedContentOffset(CGPoint(x: page(offset.x, lo.x, bounds.width), y: page(offset.y, lo.y, bounds.height)))
    }

    /// Runs `changes`, which change the content offset, and shows the scroll indicator of
    /// each axis along which the offset changed; the others stay hidden. Changed at once,
    /// the indicators flash at the new place; an animated change shows them moving with
    /// the content, and they fade when it ends.
    public func withScrollIndicatorsShown(forContentOffsetChanges changes: () -> Void) {
        let before = contentOffset
        changes()
        let after = animatedScrollTarget ?? contentOffset
        let horizontal = after.x != before.x, vertical = after.y != before.y
        guard horizontal || vertical else { return }
        showIndicators(horizontal: horizontal, vertical: vertical)
        if !isScrollAnimating { hideIndicators() }
    }
}
