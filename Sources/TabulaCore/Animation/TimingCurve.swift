import Foundation

/// A cubic Bézier timing curve from (0, 0) to (1, 1), as `CAMediaTimingFunction` defines it.
///
/// The curve maps the fraction of time elapsed (x) to the fraction of the
/// change applied (y). Evaluation solves x(s) = time for the curve parameter
/// `s` (Newton's method, falling back to bisection) to within 1e-10, then
/// returns y(s): the value is exact at any frame time, not sampled from a table.
///
/// See also: ``SpringCurve``, ``MediaTiming``.
public struct TimingCurve: Hashable, Sendable {
    /// The coordinates of the two control points, (x1, y1) and (x2, y2).
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// A curve with control points (x1, y1) and (x2, y2). The x coordinates are
    /// clamped to 0…1 so that time never runs backwards; y may leave 0…1 (overshoot).
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    /// Core Animation's default curve (0.25, 0.1, 0.25, 1).
    public static let `default` = TimingCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
    /// Constant speed: the value equals the time fraction (`kCAMediaTimingFunctionLinear`).
    public static let linear = TimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)
    /// Starts slowly and ends at full speed (0.42, 0, 1, 1).
    public static let easeIn = TimingCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)
    /// Starts at full speed and slows to the end (0, 0, 0.58, 1).
    public static let easeOut = TimingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// Starts and ends slowly (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// Whether both control points lie on the diagonal, so that the value equals the time fraction.
    public var isLinear: Bool { x1 == y1 && x2 == y2 }

    /// The fraction of the change at time fraction `x` (clamped to 0…1).
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if isLinear { return x }
        return Self.bezier(solveParameter(forX: x), y1, y2)
    }

    /// The slope dy/dx at time fraction `x` (for matching velocities).
    public func slope(at x: Double) -> Double {
        if isLinear { return 1 }
        let s = solveParameter(forX: min(max(x, 0), 1))
        let dx = Self.derivative(s, x1, x2), dy = Self.derivative(s, y1, y2)
        // Both speeds vanish (up to rounding) where a control point sits on its end point,
        // as at easeOut's start and easeIn's end: dy/dx is 0/0 there, so take its limit,
        // the ratio of the second derivatives.
        if abs(dx) < 1e-9 && abs(dy) < 1e-9 {
            let ddx = Self.secondDerivative(s, x1, x2)
            if ddx != 0 { return Self.secondDerivative(s, y1, y2) / ddx }
        }
        return dx == 0 ? 0 : dy / dx
    }

    /// The curve parameter s in 0…1 with x(s) = x.
    func solveParameter(forX x: Double) -> Double {
        var s = x
        for _ in 0 ..< 8 {
            let error = Self.bezier(s, x1, x2) - x
            if abs(error) < 1e-10 { return s }
            let d = Self.derivative(s, x1, x2)
            if abs(d) < 1e-7 { break }
            s -= error / d
        }
        // x(s) is monotonic (control x in 0…1), so bisection always converges.
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0 ..< 60 {
            let value = Self.bezier(s, x1, x2)
            if abs(value - x) < 1e-10 { break }
            if value < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// One coordinate of the Bézier with end points 0 and 1: 3(1-s)²s·p1 + 3(1-s)s²·p2 + s³.
    @inline(__always)
    static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return ((a * s + b) * s + c) * s
    }

    @inline(__always)
    static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return (3 * a * s + 2 * b) * s + c
    }

    @inline(__always)
    static func secondDerivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return 6 * a * s + 2 * b
    }
}
