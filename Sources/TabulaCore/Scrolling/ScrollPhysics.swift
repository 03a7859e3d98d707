import Foundation

/// Exponential deceleration of a fling, as UIScrollView does it: every millisecond the
/// velocity is multiplied by `rate` (0.998 for `.normal`, 0.99 for `.fast`).
///
/// With k = 1000 · ln(rate) (negative), velocity is v₀·e^{kt} and position
/// x₀ + v₀·(e^{kt} − 1)/k, so a fling comes to rest at x₀ − v₀/k.
public struct Deceleration: Sendable, Equatable {
    /// The scroll position when the finger lifted, in points.
    public var start: Double
    /// The velocity when the finger lifted, in points per second.
    public var velocity: Double
    /// The fraction of velocity kept each millisecond (`UIScrollView.DecelerationRate`'s raw value).
    public var rate: Double

    /// A fling from `start` at `velocity` points per second, slowing at `rate`.
    ///
    /// - Precondition: `0 < rate < 1`; anything else traps with a message naming the rate.
    public init(start: Double, velocity: Double, rate: Double) {
        precondition(rate > 0 && rate < 1, "a deceleration rate must be in 0 < rate < 1, got \(rate)")
        self.start = start
        self.velocity = velocity
        self.rate = rate
    }

    private var k: Double { 1000 * log(rate) }

    /// The position `t` seconds after the fling started.
    public func position(at t: Double) -> Double { start + velocity * (exp(k * t) - 1) / k }

    /// The velocity (points per second) at `t`.
    public func velocity(at t: Double) -> Double { velocity * exp(k * t) }

    /// Where the fling comes to rest.
    public var restingPosition: Double { start - velocity / k }

    /// The velocity that comes to rest exactly at `target` from `start` at this rate.
    public static func velocity(from start: Double, to target: Double, rate: Double) -> Double {
        -(target - start) * 1000 * log(rate)
    }

    /// When the remaining distance falls below `tolerance` points (the fling then stops).
    public func duration(tolerance: Double = 0.1) -> Double {
        let remaining = abs(velocity / k)
        guard remaining > tolerance else { return 0 }
        return log(tolerance / remaining) / k
    }
}

/// A critically damped spring pulling a scroll position back to an edge (the bounce).
///
/// x(t) = target + (A + B·t)·e^{−ωt} with A = x₀ − target and B = v₀ + ωA: it reaches the
/// edge without oscillating, overshooting at most once if it starts moving outwards.
/// (``SpringCurve`` is normalised to travel from 0 to 1; a bounce often starts exactly at
/// the edge with only a velocity, where that normalisation has nothing to divide by.)
public struct EdgeBounce: Sendable, Equatable {
    /// UIKit's bounce settles in about half a second.
    public static let defaultStiffness = 12.0

    /// The position when the bounce begins, in points (usually past the edge).
    public var start: Double
    /// The velocity when the bounce begins, in points per second.
    public var velocity: Double
    /// The edge the position returns to.
    public var target: Double
    /// The spring's angular frequency ω, per second; higher returns faster.
    public var omega: Double

    /// A bounce from `start` at `velocity` back to `target`, with angular frequency `omega`.
    public init(start: Double, velocity: Double, target: Double, omega: Double = EdgeBounce.defaultStiffness) {
        self.start = start
        self.velocity = velocity
        self.target = target
        self.omega = omega
    }

    /// The position `t` seconds after the bounce began.
    public func position(at t: Double) -> Double {
        let a = start - target, b = velocity + omega * a
        return target + (a + b * t) * exp(-omega * t)
    }

    /// The velocity (points per second) `t` seconds after the bounce began.
    public func velocity(at t: Double) -> Double {
        let a = start - target, b = velocity + omega * a
        return (b - omega * (a + b * t)) * exp(-omega * t)
    }

    /// Whether it is within `tolerance` of the edge and nearly still at `t`.
    public func isSettled(at t: Double, tolerance: Double = 0.1) -> Bool {
        abs(position(at: t) - target) < tolerance && abs(velocity(at: t)) < 10 * tolerance
    }
}

/// How far content follows a finger dragged `overshoot` points past an edge: less and
/// less, never more than `dimension · coefficient` (UIKit's rubber band, coefficient 0.55).
public func rubberBandDistance(_ overshoot: Double, dimension: Double, coefficient: Double = 0.55) -> Double {
    guard overshoot != 0, dimension > 0 else { return 0 }
    let sign: Double = overshoot < 0 ? -1 : 1
    let x = abs(overshoot)
    return sign * (1 - 1 / (x * coefficient / dimension + 1)) * dimension
}

/// The inverse of ``rubberBandDistance(_:dimension:coefficient:)``: how far a finger must
/// have gone past an edge for the content to be `distance` points past it. A distance
/// at or beyond `dimension` (which the rubber band never reaches) is treated as 99.9 % of it.
public func rubberBandOvershoot(forDistance distance: Double, dimension: Double, coefficient: Double = 0.55) -> Double {
    guard distance != 0, dimension > 0, coefficient > 0 else { return 0 }
    let sign: Double = distance < 0 ? -1 : 1
    let fraction = min(abs(distance) / dimension, 0.999)
    return sign * (1 / (1 - fraction) - 1) * dimension / coefficient
}
