import Foundation

/// Recognizes fingers moving across the screen (continuous).
///
/// Begins once the touches' centroid has moved ``hysteresis`` points; ``translation(in:)``
/// counts from where the fingers came down, and ``velocity(in:)`` is measured over the
/// last tenth of a second of movement, so a release reports how fast the fingers were
/// going as they lifted.
@MainActor
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

/// Recognizes two fingers moving apart or together (continuous). ``scale`` is 1 when the
/// second finger comes down and the ratio of the fingers' distance to that one after.
@MainActor
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

/// Recognizes a quick stroke in one of the allowed directions (discrete).
///
/// The finger must travel 50 points mostly along the direction (sideways
/// movement under half of it) within half a second.
@MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// The directions a swipe may go in.
    public struct Direction: OptionSet, Sendable {
        /// The bit mask of directions.
        public let rawValue: UInt
        /// Creates a set of directions from a bit mask.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Toward the right (increasing x).
        public static let right = Direction(rawValue: 1 << 0)
        /// Toward the left (decreasing x).
        public static let left = Direction(rawValue: 1 << 1)
        /// Toward the top of the screen (decreasing y).
        public static let up = Direction(rawValue: 1 << 2)
        /// Toward the bottom of the screen (increasing y).
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions the swipe recognizes; `.right` by default.
    open var direction: Direction = .right
    /// How many fingers must swipe together; more or fewer make the swipe fail.
    open var numberOfTouchesRequired = 1
    static let minimumDistance: CGFloat = 50
    static let maximumDuration: TimeInterval = 0.5

    private var start: (time: TimeInterval, point: CGPoint)?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > numberOfTouchesRequired { state = .failed; return }
        if numberOfTouches == numberOfTouchesRequired, let centroid = centroidInWindow {
            start = (event.timestamp, centroid)
            startTimer(after: Self.maximumDuration) { [self] in if state == .possible { state = .failed } }
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let start, let now = centroidInWindow else { return }
        let dx = now.x - start.point.x, dy = now.y - start.point.y
        let candidates: [(Direction, CGFloat, CGFloat)] = [(.right, dx, dy), (.left, -dx, dy), (.down, dy, dx), (.up, -dy, dx)]
        for (dir, along, across) in candidates where direction.contains(dir) {
            if along >= Self.minimumDistance && abs(across) < along / 2 {
                state = .ended
                return
            }
        }
        // Moving clearly in no allowed direction: not a swipe.
        if hypot(dx, dy) > Self.minimumDistance { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    open override func reset() { start = nil }
}
