import Foundation

/// How far ahead a scrolling list prefetches: the speed and direction of the content
/// offset along the scrolling axis, observed once per layout, and the reach they give.
/// Shared by the table's and the collection view's prefetching.
///
/// The reach is ``lookaheadTime`` seconds of scrolling at the current speed, never less
/// than one screen and never more than ``maximumScreens`` screens: at rest the next screen
/// (in the last direction of motion, forward at first) is prefetched; a fast fling reaches
/// further. The speed is the offset's change between observations over the host's clock;
/// a jump (scrolling to an item) counts as a fast move.
public struct PrefetchMotion: Sendable, Equatable {
    /// Seconds of scrolling at the current speed that are prefetched ahead.
    public static let lookaheadTime: Double = 0.75
    /// The most screens ahead that are prefetched, however fast the scroll.
    public static let maximumScreens: Double = 4

    /// The offset at the last observation that moved (nil before the first).
    public private(set) var lastOffset: Double?
    /// When the speed was last measured.
    public private(set) var lastTime: Double = 0
    /// Points per second, as of the last observation that moved.
    public private(set) var speed: Double = 0
    /// The last direction of motion: towards later items (down, or right) at first.
    public private(set) var movingForward = true

    /// At rest, moving forward.
    public init() {}

    /// Takes the offset along the axis at `time` (seconds on the host's clock).
    public mutating func observe(offset: Double, at time: Double) {
        guard let last = lastOffset else {
            lastOffset = offset
            lastTime = time
            return
        }
        let delta = offset - last, dt = time - lastTime
        if dt > 0 {
            speed = abs(delta) / dt
            lastTime = time
            lastOffset = offset
        } else if delta != 0 {
            lastOffset = offset   // a second layout in the same frame: keep the speed
        }
        if delta != 0 { movingForward = delta > 0 }
    }

    /// The length ahead of the screen to prefetch, for a screen `screen` points long.
    public func lookahead(screen: Double) -> Double {
        min(max(screen, speed * Self.lookaheadTime), screen * Self.maximumScreens)
    }

    /// The span of the axis to prefetch, beyond the screen at `offset` in the direction of motion.
    public func range(offset: Double, screen: Double) -> ClosedRange<Double> {
        let reach = lookahead(screen: screen)
        return movingForward ? (offset + screen) ... (offset + screen + reach) : (offset - reach) ... offset
    }

    /// The span in which items asked for earlier stay asked for: ahead, within the farthest
    /// reach (a fling that slows down does not cancel what it will soon reach).
    public func keptRange(offset: Double, screen: Double) -> ClosedRange<Double> {
        movingForward ? (offset + screen) ... (offset + screen * (1 + Self.maximumScreens))
                      : (offset - screen * Self.maximumScreens) ... offset
    }
}
