import Foundation
import TabulaCore

/// Dragging, flinging, bouncing and animated scrolling.
///
/// The finger (the scroll view's pan gesture recognizer, or a test) reports a drag through
/// `beginDragging()`, `updateDragging(translation:)` and `endDragging(velocity:)`. After
/// that, a `Motion` (`ScrollMotion`, a value in TabulaCore) moves the content once per
/// frame on the host's clock, through its host's frame ticker: each axis decelerates
/// exponentially at ``decelerationRate``, and one that passes an edge bounces back on a
/// critically damped spring.
extension UIScrollView {
    /// What moves the content between frames.
    package typealias Motion = ScrollMotion

    /// How long `setContentOffset(_:animated:)` takes.
    static let scrollAnimationDuration: TimeInterval = 0.3

    // MARK: Dragging

    /// The finger touched down and starts moving the content.
    func beginDragging() {
        if motion != nil { stopMotion(notify: false) }
        isTracking = true
        isDragging = true
        dragStartOffset = contentOffset
        dragLock = isDirectionalLockEnabled && canScrollHorizontally && canScrollVertically
            ? DragLock(translation: panGestureRecognizer.translation(in: nil)) : .free
        delegate?.scrollViewWillBeginDragging(self)
        showIndicators()
        if keyboardDismissMode != .none { window?.endEditing(true) }
    }

    /// The finger has moved by `translation` since ``beginDragging()``. Past an edge the
    /// content follows less and less (rubber banding), or stops when that axis does not bounce.
    func updateDragging(translation: CGPoint) {
        guard isDragging else { return }
        var proposed = contentOffset
        if isDirectionalLockEnabled, dragLock == .undecided { dragLock = DragLock(translation: translation) }
        if canScrollHorizontally, dragLock != .vertical {
            proposed.x = banded(dragStartOffset.x - translation.x, minimumContentOffset.x,
                                maximumContentOffset.x, bounds.width, bounces: bouncesHorizontally)
        }
        if canScrollVertically, dragLock != .horizontal {
            proposed.y = banded(dragStartOffset.y - translation.y, minimumContentOffset.y,
                                maximumContentOffset.y, bounds.height, bounces: bouncesVertically)
        }
        applyContentOffset(proposed)
    }

    private func banded(_ value: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ dimension: CGFloat, bounces: Bool) -> CGFloat {
        if value < lo { return bounces ? lo + rubberBandDistance(value - lo, dimension: dimension) : lo }
        if value > hi { return bounces ? hi + rubberBandDistance(value - hi, dimension: dimension) : hi }
        return value
    }

    /// The offset a drag measures from, before banding, that puts the content at `value`.
    private func unbanded(_ value: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ dimension: CGFloat, bounces: Bool) -> CGFloat {
        guard bounces else { return value }
        if value < lo { return lo + rubberBandOvershoot(forDistance: value - lo, dimension: dimension) }
        if value > hi { return hi + rubberBandOvershoot(forDistance: value - hi, dimension: dimension) }
        return value
    }

    /// The limits moved under a drag (a refresh control began refreshing and added its
    /// inset): the content stays under the finger instead of jumping to where the same
    /// finger travel bands against the new limits. The drag's start moves instead, so the
    /// rest of the drag bands against the new edge.
    func keepDraggedContent(oldMinimum: CGPoint, oldMaximum: CGPoint) {
        let lo = minimumContentOffset, hi = maximumContentOffset, offset = contentOffset
        dragStartOffset.x += unbanded(offset.x, lo.x, hi.x, bounds.width, bounces: bouncesHorizontally)
            - unbanded(offset.x, oldMinimum.x, oldMaximum.x, bounds.width, bounces: bouncesHorizontally)
        dragStartOffset.y += unbanded(offset.y, lo.y, hi.y, bounds.height, bounces: bouncesVertically)
            - unbanded(offset.y, oldMinimum.y, oldMaximum.y, bounds.height, bounces: bouncesVertically)
    }

    /// The finger lifted, moving the content at `velocity` (points per second, in the
    /// direction the content moves). Asks the delegate where to come to rest, then
    /// decelerates or bounces back.
    func endDragging(velocity: CGPoint) {
        guard isDragging else { return }
        isTracking = false
        // Velocity of the offset is opposite to the finger's.
        var offsetVelocity = CGPoint(x: canScrollHorizontally && dragLock != .vertical ? -velocity.x : 0,
                                     y: canScrollVertically && dragLock != .horizontal ? -velocity.y : 0)
        dragLock = .free
        let rate = Double((isPagingEnabled ? DecelerationRate.fast : decelerationRate).rawValue)
        let resting = isPagingEnabled ? pageTarget(velocity: offsetVelocity) : CGPoint(
            x: Deceleration(start: contentOffset.x, velocity: offsetVelocity.x, rate: rate).restingPosition,
            y: Deceleration(start: contentOffset.y, velocity: offsetVelocity.y, rate: rate).restingPosition)
        var target = clampedContentOffset(resting)
        if isPagingEnabled {
            offsetVelocity.x = Deceleration.velocity(from: contentOffset.x, to: target.x, rate: rate)
            offsetVelocity.y = Deceleration.velocity(from: contentOffset.y, to: target.y, rate: rate)
        }
        let proposedTarget = target
        withUnsafeMutablePointer(to: &target) { pointer in
            delegate?.scrollViewWillEndDragging(
                self, withVelocity: CGPoint(x: offsetVelocity.x / 1000, y: offsetVelocity.y / 1000),
                targetContentOffset: pointer)
        }
        if target != proposedTarget, target.x.isFinite, target.y.isFinite {
            // Land exactly where the delegate asked.
            offsetVelocity.x = Deceleration.velocity(from: contentOffset.x, to: target.x, rate: rate)
            offsetVelocity.y = Deceleration.velocity(from: contentOffset.y, to: target.y, rate: rate)
        }
        isDragging = false
        let outside = clampedContentOffset(contentOffset) != contentOffset
        let decelerate = outside || abs(offsetVelocity.x) > 1 || abs(offsetVelocity.y) > 1
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerate)
        pageRestingTarget = isPagingEnabled ? target : nil
        if decelerate {
            startDecelerating(velocity: offsetVelocity, rate: rate)
        } else {
            // Too close to the page to move there at any speed: be exactly on it.
            if isPagingEnabled, target != contentOffset { applyContentOffset(target) }
            hideIndicators()
        }
    }

    /// Where a paging drag comes to rest: the page the drag started on, or the next one
    /// toward which the content moves when the finger lifts (faster than 200 points per
    /// second) or which it has come more than half way to.
    private func pageTarget(velocity: CGPoint) -> CGPoint {
        func axis(_ offset: CGFloat, _ start: CGFloat, _ v: CGFloat, _ page: CGFloat, _ lo: CGFloat) -> CGFloat {
            guard page > 0 else { return offset }
            let startPage = ((start - lo) / page).rounded()
            var target = ((offset - lo) / page).rounded()
            if abs(v) > 200 { target = startPage + (v > 0 ? 1 : -1) }
            return lo + min(max(target, startPage - 1), startPage + 1) * page
        }
        let lo = minimumContentOffset
        return CGPoint(x: axis(contentOffset.x, dragStartOffset.x, velocity.x, bounds.width, lo.x),
                       y: axis(contentOffset.y, dragStartOffset.y, velocity.y, bounds.height, lo.y))
    }

    // MARK: Flinging

    /// Starts the content moving at `velocity` (points per second, the direction the
    /// content offset moves), as if a finger had flung it: it decelerates at
    /// ``decelerationRate`` and bounces at the edges. Tabula's addition, for code and
    /// tests that scroll without a gesture.
    public func fling(velocity: CGPoint) {
        guard velocity.x.isFinite, velocity.y.isFinite else { return }
        if motion != nil { stopMotion(notify: false) }
        pageRestingTarget = nil
        showIndicators()
        startDecelerating(velocity: CGPoint(x: canScrollHorizontally ? velocity.x : 0,
                                            y: canScrollVertically ? velocity.y : 0))
    }

    package func startDecelerating(velocity: CGPoint, rate paceRate: Double? = nil) {
        let now = layer.mediaClock.now
        let rate = paceRate ?? Double(decelerationRate.rawValue)
        func axis(_ position: CGFloat, _ v: CGFloat, _ lo: CGFloat, _ hi: CGFloat, bounces: Bool) -> AxisMotion {
            .fling(from: Double(position), velocity: Double(v), rate: rate, lower: Double(lo), upper: Double(hi),
                   bounces: bounces, at: now)
        }
        let lo = minimumContentOffset, hi = maximumContentOffset
        let x = axis(contentOffset.x, velocity.x, lo.x, hi.x, bounces: bouncesHorizontally)
        let y = axis(contentOffset.y, velocity.y, lo.y, hi.y, bounces: bouncesVertically)
        if case .resting = x, case .resting = y {
            applyContentOffset(clampedContentOffset(contentOffset))
            hideIndicators()
            return
        }
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        motion = .decelerating(x: x, y: y)
        FrameEngine.of(layer).ticker.add(self) { [weak self] time in self?.stepMotion(at: time) ?? false }
    }

    // MARK: Animated scrolling

    func startAnimatedScroll(to target: CGPoint, duration: TimeInterval = scrollAnimationDuration,
                             showsIndicators: Bool = true) {
        if motion != nil { stopMotion(notify: false) }
        if showsIndicators { showIndicators() }
        motion = .animating(from: contentOffset, to: target, start: layer.mediaClock.now, duration: duration)
        FrameEngine.of(layer).ticker.add(self) { [weak self] time in self?.stepMotion(at: time) ?? false }
    }

    /// Scrolls to the top, as a tap on the status bar does: asks
    /// `scrollViewShouldScrollToTop(_:)`, animates, then calls `scrollViewDidScrollToTop(_:)`.
    /// Returns false when `scrollsToTop` is off or the delegate refuses.
    @discardableResult
    public func scrollToTop() -> Bool {
        guard scrollsToTop, delegate?.scrollViewShouldScrollToTop(self) ?? true else { return false }
        let top = CGPoint(x: contentOffset.x, y: minimumContentOffset.y)
        scrollingToTop = true
        if window == nil || top == contentOffset {
            setContentOffset(top, animated: false)
            finishScrollToTop()
        } else {
            startAnimatedScroll(to: top)
        }
        return true
    }

    private func finishScrollToTop() {
        guard scrollingToTop else { return }
        scrollingToTop = false
        delegate?.scrollViewDidScrollToTop(self)
    }

    // MARK: Frames

    /// Advances the motion to `time`; returns whether to keep ticking.
    private func stepMotion(at time: TimeInterval) -> Bool {
        guard let motion else { return false }
        switch motion {
        case .animating:
            guard let step = motion.animatedOffset(at: time) else { return false }
            applyContentOffset(step.offset)
            if step.finished {
                self.motion = nil
                hideIndicators()
                if scrollingToTop {
                    finishScrollToTop()
                } else if isSettlingRefreshInset {
                    isSettlingRefreshInset = false
                } else {
                    delegate?.scrollViewDidEndScrollingAnimation(self)
                }
                scrollDidComeToRest()
                return self.motion != nil // a bounce back started at rest ticks on
            }
            return true
        case let .decelerating(x, y):
            let lo = minimumContentOffset, hi = maximumContentOffset
            let (nx, px) = x.step(at: time, lower: Double(lo.x), upper: Double(hi.x), current: Double(contentOffset.x),
                                  bounces: bouncesHorizontally)
            let (ny, py) = y.step(at: time, lower: Double(lo.y), upper: Double(hi.y), current: Double(contentOffset.y),
                                  bounces: bouncesVertically)
            self.motion = .decelerating(x: nx, y: ny)
            applyContentOffset(CGPoint(x: px, y: py))
            if nx.isResting, ny.isResting {
                if let page = pageRestingTarget {
                    // No rounding drift: a page is a whole multiple of the view's size.
                    pageRestingTarget = nil
                    applyContentOffset(page)
                }
                self.motion = nil
                isDecelerating = false
                hideIndicators()
                delegate?.scrollViewDidEndDecelerating(self)
                scrollDidComeToRest()
                return self.motion != nil
            }
            return true
        }
    }

    /// Moves the content offset by `delta` points vertically without disturbing a drag or
    /// a motion in progress: they continue from the moved position. A table uses this
    /// when measured heights replace estimates above what is on screen.
    ///
    /// An animated scroll keeps its target: the offset it was asked for (the top, say)
    /// is still where it ends, and what remains of the way is eased from the moved
    /// position. (A table whose target is a row retargets it itself.)
    package func shiftContentOffset(by delta: CGFloat) {
        dragStartOffset.y += delta
        if let motion {
            self.motion = motion.shiftedVertically(by: Double(delta), from: contentOffset, at: layer.mediaClock.now)
        }
        applyContentOffset(CGPoint(x: contentOffset.x, y: contentOffset.y + delta))
    }

    /// Points an animated scroll in progress at `target`, continuing from `current` (the
    /// offset now) without a jump: the start is solved so that the eased path passes
    /// through `current` at this frame's time and ends at `target` on schedule.
    package func retargetAnimatedScroll(to target: CGPoint, from current: CGPoint? = nil) {
        guard let motion, case .animating = motion else { return }
        self.motion = motion.retargeted(to: target, from: current ?? contentOffset, at: layer.mediaClock.now)
    }

    /// Where an animated scroll in progress is going, if one is.
    package var animatedScrollTarget: CGPoint? {
        if case let .animating(_, to, _, _) = motion { return to }
        return nil
    }

    /// Stops any deceleration or scrolling animation where it is.
    func stopMotion(notify: Bool) {
        FrameEngine.removeFrameWork(of: self)
        let wasDecelerating = isDecelerating
        motion = nil
        isDecelerating = false
        scrollingToTop = false
        isSettlingRefreshInset = false
        if notify && wasDecelerating { delegate?.scrollViewDidEndDecelerating(self) }
    }
}
