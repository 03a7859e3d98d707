import Foundation

/// How an animation's effect extends outside its active time (`CAMediaTimingFillMode`).
public enum TimingFill: Sendable, Hashable {
    /// No effect before the begin time or after the end.
    case removed
    /// Holds the final value after the end.
    case forwards
    /// Shows the initial value before the begin time.
    case backwards
    /// Both.
    case both

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// The timing model of Core Animation's `CAMediaTiming`, as a value: maps a time
/// on the parent clock to the fraction of one cycle that an animation shows.
///
/// Local time is `(t - beginTime) × speed + timeOffset`. One cycle lasts
/// `duration` (twice that with `autoreverses`, the second half played backwards).
/// The active time lasts `repeatDuration` if set, otherwise `repeatCount` cycles
/// (fractions allowed; 0 means one), and may be infinite.
public struct MediaTiming: Hashable, Sendable {
    /// The time on the parent clock at which the animation starts.
    public var beginTime: Double
    /// The length of one pass in local time, in seconds; 0 or less shows the end value at once.
    public var duration: Double
    /// How fast local time runs relative to the parent clock; 2 plays twice as fast, 0 stops the clock.
    public var speed: Double = 1
    /// Added to local time, so that the animation starts partway through its active interval.
    public var timeOffset: Double = 0
    /// How many cycles to play, fractions allowed; 0 means one, `.infinity` repeats forever.
    public var repeatCount: Double = 0
    /// How long to repeat in local time; when positive it takes precedence over `repeatCount`.
    public var repeatDuration: Double = 0
    /// Whether each cycle plays forwards and then backwards.
    public var autoreverses = false
    /// Whether the animation's values show before it begins and after it ends (`fillMode`).
    public var fill: TimingFill = .removed

    /// A timing with the given properties; the defaults are Core Animation's.
    public init(beginTime: Double, duration: Double, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                fill: TimingFill = .removed) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fill = fill
    }

    /// Where a time falls relative to the active interval.
    public enum Phase: Hashable, Sendable {
        /// Before the begin time; `fraction` is the value shown if the fill reaches back, else nil.
        case before(fraction: Double?)
        /// Running: the fraction of the cycle (0…1, already reversed on the way back).
        case active(fraction: Double)
        /// Past the end; `fraction` is the final value if the fill holds it, else nil.
        case after(fraction: Double?)
    }

    /// The length of one cycle: the duration, doubled by autoreversing.
    @inlinable
    public var cycleDuration: Double { autoreverses ? 2 * duration : duration }

    /// The length of the active interval in local time (may be infinite).
    @inlinable
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount.isInfinite ? .infinity : repeatCount * cycleDuration }
        return cycleDuration
    }

    /// The parent time at which the active interval ends (infinite when it repeats forever
    /// or the clock is stopped).
    @inlinable
    public var endTime: Double {
        let active = activeDuration
        guard active.isFinite, speed > 0 else { return .infinity }
        return beginTime + (active - timeOffset) / speed
    }

    /// The phase at parent time `t`.
    public func phase(at t: Double) -> Phase {
        let local = (t - beginTime) * speed + timeOffset
        if local < 0 || t < beginTime {
            return .before(fraction: fill.fillsBackwards ? fraction(atLocal: max(0, timeOffset)) : nil)
        }
        let active = activeDuration
        if local >= active {
            return .after(fraction: fill.fillsForwards ? fraction(atLocal: active) : nil)
        }
        return .active(fraction: fraction(atLocal: local))
    }

    /// The fraction of the cycle shown at local time `t` (0 ≤ t ≤ active duration).
    /// At the exact end of a cycle it is that cycle's end (1, or 0 when reversing).
    public func fraction(atLocal t: Double) -> Double {
        guard duration > 0 else { return 1 }
        let cycle = cycleDuration
        var c = t.truncatingRemainder(dividingBy: cycle)
        // A whole number of cycles can leave a rounding residue instead of 0 (3 × 0.1 mod 0.1
        // is about 3e-17): that is still the end of the cycle just finished, not a new start.
        if t > 0 && c <= t * 1e-12 { c = cycle }
        var f = c / duration
        if f > 1 { f = 2 - f }
        return min(max(f, 0), 1)
    }
}
