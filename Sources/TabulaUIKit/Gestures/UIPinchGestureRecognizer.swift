import Foundation

/// Recognizes two fingers moving apart or together (continuous). ``scale`` is 1 when the
/// second finger comes down and the ratio of the fingers' distance to that one after.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The distance between the fingers over the distance when the pinch started.
    open var scale: CGFloat = 1
    /// The change of ``scale`` per second at the last movement.
    open private(set) var velocity: CGFloat = 0
    /// How far the distance must change (in points) before the pinch begins.
    static let threshold: CGFloat = 8

    private var initialDistance: CGFloat?
    private var lastSample: (time: TimeInterval, scale: CGFloat)?

    private var distance: CGFloat? {
        let touches = trackedTouches.filter { !$0.hasEnded }
        guard touches.count >= 2 else { return nil }
        let a = touches[0].locationInWindow, b = touches[1].locationInWindow
        return hypot(a.x - b.x, a.y - b.y)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible && numberOfTouches > 2 { state = .failed; return }
        if numberOfTouches == 2 && initialDistance == nil { initialDistance = distance }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let initialDistance, initialDistance > 0, let distance else { return }
        switch state {
        case .possible:
            guard abs(distance - initialDistance) >= Self.threshold else { return }
            update(distance / initialDistance, at: event.timestamp)
            state = .began
        case .began, .changed:
            update(distance / initialDistance, at: event.timestamp)
            state = .changed
        default:
            break
        }
    }

    private func update(_ newScale: CGFloat, at time: TimeInterval) {
        if let last = lastSample, time > last.time {
            velocity = (newScale - last.scale) / CGFloat(time - last.time)
        }
        scale = newScale
        lastSample = (time, newScale)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .began, .changed: state = .ended
        case .possible: if numberOfTouches == 0 || initialDistance != nil { state = .failed }
        default: break
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = state == .possible ? .failed : .cancelled
    }

    open override func reset() {
        initialDistance = nil
        lastSample = nil
        scale = 1
        velocity = 0
    }
}
