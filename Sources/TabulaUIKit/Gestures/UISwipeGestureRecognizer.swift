import Foundation

/// Recognizes a quick stroke in one of the allowed directions (discrete).
///
/// The finger must travel 50 points mostly along the direction (sideways
/// movement under half of it) within half a second.
@preconcurrency @MainActor
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
