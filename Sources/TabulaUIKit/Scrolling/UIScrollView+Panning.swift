import Foundation

/// The finger on a scroll view: its pan recognizer drags the content and flings it with
/// the release velocity; a short delay keeps a drag from ever reaching the content as
/// a touch, and a touch on moving content stops it without reaching the content either.
extension UIScrollView {
    func installPanning() {
        panGestureRecognizer.addTarget { [unowned self] pan in self.handlePan(pan as! UIPanGestureRecognizer) }
        addGestureRecognizer(panGestureRecognizer)
        addGestureRecognizer(contentTouchDelay)
    }

    /// As in UIKit, a drag in any direction begins the pan (and takes the touches from
    /// the content); the content moves only along the axes it can scroll. A table lets
    /// its swipe-actions recognizer decide first (`require(toFail:)`).
    func panShouldBegin() -> Bool {
        guard isScrollEnabled else { return false }
        // Content that already has the touch keeps it unless the scroll view may take it.
        let translation = panGestureRecognizer.translation(in: nil)
        let sideways = abs(translation.x) > abs(translation.y) && !canScrollHorizontally
        for touch in panGestureRecognizer.trackedTouches where !touch.hasEnded {
            // A sideways drag on a slider or a switch moves it, as in a table on iOS.
            if sideways, let control = touch.view as? UIControl, control.tracksHorizontalDrags, control.isEnabled { return false }
            guard touch.beganDelivered else { continue }
            guard canCancelContentTouches, let view = touch.view, view !== self, touchesShouldCancel(in: view) else { return false }
        }
        return true
    }

    private func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            // The content does not jump by the distance the pan needed to begin, and
            // loses no more than that: a first movement longer than the hysteresis (one
            // coarse event, or several coalesced under load) moves it by the rest.
            let t = pan.translation(in: nil), length = hypot(t.x, t.y)
            let kept = length > 0 ? min(1, pan.hysteresis / length) : 0
            dragTranslationOrigin = CGPoint(x: t.x * kept, y: t.y * kept)
            beginDragging()
            if kept < 1 { updateDragging(translation: CGPoint(x: t.x - dragTranslationOrigin.x, y: t.y - dragTranslationOrigin.y)) }
        case .changed:
            let t = pan.translation(in: nil)
            updateDragging(translation: CGPoint(x: t.x - dragTranslationOrigin.x, y: t.y - dragTranslationOrigin.y))
        case .ended:
            endDragging(velocity: pan.velocity(in: nil))
        case .cancelled:
            endDragging(velocity: .zero)
        default:
            break
        }
    }
}

/// The axis a drag with ``UIScrollView/isDirectionalLockEnabled`` moves along.
///
/// Decided from the fingers' first movement: within about 27° of an axis (one component
/// more than twice the other) the drag keeps to that axis; a diagonal start moves freely,
/// as UIKit's documentation describes.
enum DragLock: Equatable {
    case free, undecided, horizontal, vertical

    init(translation t: CGPoint) {
        let (x, y) = (abs(t.x), abs(t.y))
        if x == 0 && y == 0 { self = .undecided } else if x > 2 * y { self = .horizontal } else if y > 2 * x {
            self = .vertical
        } else {
            self = .free
        }
    }
}

/// Delays the content's `touchesBegan` by ``delay`` (UIKit's 150 ms): it fails when the
/// time is up or the finger lifts — the touches then reach the content — and loses to
/// the scroll view's pan when a drag begins, so they never do.
///
/// A finger that lands on content still moving stops it; that touch is the scroll
/// view's and never reaches the content (no row is selected by catching a fling).
@MainActor
final class ContentTouchDelayRecognizer: UIGestureRecognizer {
    static let delay: TimeInterval = 0.15

    required init() {
        super.init()
        delaysTouchesBegan = true
        cancelsTouchesInView = false
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if let scrollView = view as? UIScrollView, scrollView.isDecelerating || scrollView.motion != nil {
            scrollView.stopMotion(notify: true)
            for touch in touches { touch.isCancelledForView = true }
            // No time limit: the lift must be seen, to put a caught bounce back in bounds
            // however long the finger rests.
            return
        }
        startTimer(after: Self.delay) { [self] in state = .failed }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches == 0 else { return }
        // A caught bounce goes back in bounds once the finger lifts without dragging.
        if let scrollView = view as? UIScrollView, !scrollView.isDragging,
           scrollView.clampedContentOffset(scrollView.contentOffset) != scrollView.contentOffset {
            scrollView.fling(velocity: .zero)
        }
        state = .failed
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = .failed
    }
}
