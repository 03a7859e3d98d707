import Foundation

/// Recognizes a finger held still for ``minimumPressDuration`` (continuous: `.began` when
/// the time has passed, `.changed` as the finger then moves, `.ended` when it lifts).
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long, in seconds, the fingers must be held still before the press begins.
    open var minimumPressDuration: TimeInterval = 0.5
    /// How many fingers must press; more fingers make the press fail.
    open var numberOfTouchesRequired = 1
    /// How far the finger may move before the press begins.
    open var allowableMovement: CGFloat = 10

    private var start: CGPoint?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        if numberOfTouches > numberOfTouchesRequired { state = .failed; return }
        if numberOfTouches == numberOfTouchesRequired {
            start = centroidInWindow
            startTimer(after: minimumPressDuration) { [self] in
                if state == .possible { state = .began }
            }
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            if let start, let now = centroidInWindow, hypot(now.x - start.x, now.y - start.y) > allowableMovement {
                state = .failed
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .began, .changed: state = .ended
        case .possible: state = .failed
        default: break
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = state == .possible ? .failed : .cancelled
    }

    open override func reset() { start = nil }
}
