import Foundation

/// Recognizes fingers moving across the screen (continuous).
///
/// Begins once the touches' centroid has moved ``hysteresis`` points; ``translation(in:)``
/// counts from where the fingers came down, and ``velocity(in:)`` is measured over the
/// last tenth of a second of movement, so a release reports how fast the fingers were
/// going as they lifted.
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// The fewest fingers that must be down for the pan to begin.
    open var minimumNumberOfTouches = 1
    /// The most fingers the pan allows; more fingers before it begins make it fail.
    open var maximumNumberOfTouches = Int.max
    /// How far the fingers move before the pan begins (UIKit's is about 10 points).
    open var hysteresis: CGFloat = 10

    /// Where the translation counts from, in window coordinates.
    private var origin: CGPoint?
    private var samples: [(time: TimeInterval, point: CGPoint)] = []

    /// How far the fingers have moved, in `view`'s coordinate system (the window's when nil).
    open func translation(in view: UIView?) -> CGPoint {
        guard let origin, let current = samples.last?.point else { return .zero }
        return Self.vector(from: origin, to: current, in: view)
    }

    /// Makes the translation read `translation` from now on.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard let current = samples.last?.point ?? centroidInWindow else { return }
        let now = Self.vector(from: .zero, to: translation, in: view, inverse: true)
        origin = CGPoint(x: current.x - now.x, y: current.y - now.y)
    }

    /// Points per second the fingers were moving at their last movement, in `view`'s coordinates.
    open func velocity(in view: UIView?) -> CGPoint {
        guard let last = samples.last,
              let first = samples.first(where: { last.time - $0.time <= Self.velocityWindow && last.time > $0.time })
        else { return .zero }
        let dt = CGFloat(last.time - first.time)
        let v = Self.vector(from: first.point, to: last.point, in: view)
        return CGPoint(x: v.x / dt, y: v.y / dt)
    }

    static let velocityWindow: TimeInterval = 0.1

    /// A window-coordinate vector expressed in `view`'s coordinates (or back, with `inverse`).
    private static func vector(from a: CGPoint, to b: CGPoint, in view: UIView?, inverse: Bool = false) -> CGPoint {
        guard let view else { return CGPoint(x: b.x - a.x, y: b.y - a.y) }
        let p = inverse ? view.convert(a, to: nil) : view.convert(a, from: nil)
        let q = inverse ? view.convert(b, to: nil) : view.convert(b, from: nil)
        return CGPoint(x: q.x - p.x, y: q.y - p.y)
    }

    private func record(_ time: TimeInterval) {
        guard let centroid = centroidInWindow else { return }
        samples.append((time, centroid))
        let cutoff = time - 2 * Self.velocityWindow
        if let keep = samples.firstIndex(where: { $0.time >= cutoff }), keep > 0 { samples.removeFirst(keep) }
    }

    /// Fingers added or lifted move the centroid: shift the origin so the translation does not jump.
    private func fingersChanged(_ time: TimeInterval) {
        let before = samples.last?.point
        guard let after = centroidInWindow else { return }
        if let before, let origin {
            self.origin = CGPoint(x: origin.x + after.x - before.x, y: origin.y + after.y - before.y)
        } else {
            origin = after
        }
        samples = samples.map { ($0.time, CGPoint(x: $0.point.x + after.x - (before?.x ?? after.x),
                                                  y: $0.point.y + after.y - (before?.y ?? after.y))) }
        samples.append((time, after))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        fingersChanged(event.timestamp)
        if state == .possible && numberOfTouches > maximumNumberOfTouches { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        record(event.timestamp)
        switch state {
        case .possible:
            let t = translation(in: nil)
            if hypot(t.x, t.y) >= hysteresis, numberOfTouches >= minimumNumberOfTouches,
               numberOfTouches <= maximumNumberOfTouches {
                state = .began
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        // A finger that rested before lifting releases at rest: the lift is a sample,
        // so the velocity window sees no motion (UIKit's velocity decays the same way).
        if numberOfTouches == 0, let last = samples.last, event.timestamp > last.time {
            samples.append((event.timestamp, touches.first?.location(in: nil) ?? last.point))
        }
        if numberOfTouches == 0 {
            switch state {
            case .began, .changed: state = .ended
            case .possible: state = .failed
            default: break
            }
        } else {
            fingersChanged(event.timestamp)
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = state == .possible ? .failed : .cancelled
    }

    open override func reset() {
        origin = nil
        samples = []
    }
}
