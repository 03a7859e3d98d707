/// A range of frame rates, with the rate preferred within it (Core Animation's type).
///
/// A ``CADisplayLink`` fires at the rate its range asks for, as far as the host's refresh
/// rate allows: the host's rate divided by a whole number (60 Hz gives 60, 30, 20, 15…;
/// 120 Hz also gives 120, 40, 24…). ``default`` (all zeros) leaves the choice to the
/// host: every frame.
public struct CAFrameRateRange: Hashable, Sendable {
    /// The lowest acceptable rate, in frames per second.
    public var minimum: Float
    /// The highest acceptable rate, in frames per second.
    public var maximum: Float
    /// The rate wanted, in frames per second; nil leaves it to the host, within the range.
    public var preferred: Float?

    /// The default range (zeros): the host's own rate.
    public static let `default` = CAFrameRateRange()

    /// The default range (zeros): the host's own rate.
    public init() {
        minimum = 0
        maximum = 0
        preferred = 0
    }

    /// A range from `minimum` to `maximum` frames per second, preferring `preferred`.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// Every how many host frames a display link with this range fires, on a host
    /// refreshing `hostRate` times a second: the whole divisor whose rate is nearest the
    /// preferred rate (or the maximum, without one), kept inside the range where a
    /// divisor allows. Rates that are not positive finite numbers count as unset.
    func frameInterval(hostRate: Int) -> Int {
        let host = Double(hostRate)
        func valid(_ rate: Float?) -> Double? {
            guard let rate, rate.isFinite, rate > 0 else { return nil }
            return Double(rate)
        }
        let maximum = valid(self.maximum) ?? host
        let minimum = min(valid(self.minimum) ?? 0, maximum)
        guard let wanted = valid(preferred) ?? valid(self.maximum) else { return 1 }
        let target = min(max(wanted, minimum), maximum)
        let divisors = 1 ... max(hostRate, 1)
        let inRange = divisors.filter { host / Double($0) <= maximum + 1e-9 && host / Double($0) >= minimum - 1e-9 }
        let candidates = inRange.isEmpty ? Array(divisors) : inRange
        return candidates.min { abs(host / Double($0) - target) < abs(host / Double($1) - target) } ?? 1
    }
}
