import Foundation

/// A damped harmonic oscillator, solved in closed form.
///
/// The value runs from 0 towards 1: `value(at:)` is 1 + x(t), where x is the
/// displacement of a mass `m` on a spring of stiffness `k` with damping `c`,
/// released at x(0) = -1 with velocity v₀ (in units of the whole change per
/// second). With ω₀ = √(k/m) and ζ = c / (2√(km)):
///
/// - ζ < 1 (underdamped): x = e^(-ζω₀t)·(A cos ω_d t + B sin ω_d t), ω_d = ω₀√(1-ζ²)
/// - ζ = 1 (critical):     x = (A + Bt)·e^(-ω₀t)
/// - ζ > 1 (overdamped):   x = C₁e^(r₁t) + C₂e^(r₂t)
///
/// `settlingDuration` is the time after which |x| stays below ``settlingThreshold``
/// (found from the decay envelope, which bounds x from above).
public struct SpringCurve: Hashable, Sendable {
    /// The mass `m` on the spring (at least 1e-6).
    public let mass: Double
    /// The spring constant `k` (at least 1e-6).
    public let stiffness: Double
    /// The damping coefficient `c` (at least 0; 0 never settles).
    public let damping: Double
    /// The initial velocity in units of the total change per second.
    public let initialVelocity: Double

    /// How close to the target counts as settled: 0.1 % of the change.
    public static let settlingThreshold = 0.001

    /// A spring with the physical parameters of `CASpringAnimation`, whose defaults these are.
    ///
    /// Mass and stiffness are clamped to at least 1e-6 and damping to at least 0.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = max(mass, 1e-6)
        self.stiffness = max(stiffness, 1e-6)
        self.damping = max(damping, 0)
        self.initialVelocity = initialVelocity
    }

    /// The spring that UIKit's `usingSpringWithDamping:initialSpringVelocity:` describes:
    /// a unit mass whose natural frequency is chosen so that it settles in `duration`.
    ///
    /// - Parameters:
    ///   - dampingRatio: ζ; 1 approaches the target without overshoot, values towards 0
    ///     oscillate more. Clamped to at least 0.01 (ζ = 0 would never settle).
    ///   - initialVelocity: 1 means the whole change per second.
    ///   - duration: the settling time to match, in seconds.
    public init(dampingRatio: Double, initialVelocity: Double, duration: Double) {
        let zeta = max(dampingRatio, 0.01)
        let d = max(duration, 1e-3)
        // Settling time falls as ω₀ rises; bisect on log ω₀.
        var lo = log(1e-3), hi = log(1e5)
        for _ in 0 ..< 80 {
            let mid = (lo + hi) / 2
            let w = exp(mid)
            let curve = SpringCurve(mass: 1, stiffness: w * w, damping: 2 * zeta * w, initialVelocity: initialVelocity)
            if curve.settlingDuration > d { lo = mid } else { hi = mid }
        }
        let w = exp(hi)
        self.init(mass: 1, stiffness: w * w, damping: 2 * zeta * w, initialVelocity: initialVelocity)
    }

    /// A unit-mass spring with the pace and bounce iOS 17 and SwiftUI describe springs by:
    /// stiffness (2π ÷ duration)², and damping 4π(1 − bounce) ÷ duration for bounce ≥ 0
    /// (bounce 0 is critically damped), 4π ÷ (duration · (1 + bounce)) below 0 (overdamped).
    /// A duration that is not positive and finite is taken as 0.5 s; bounce is clamped to
    /// −0.99 ... 0.99 (an undamped or infinitely damped spring never settles).
    public init(perceptualDuration: Double, bounce: Double, initialVelocity: Double = 0) {
        let d = perceptualDuration.isFinite && perceptualDuration > 0 ? perceptualDuration : 0.5
        let b = bounce.isFinite ? min(max(bounce, -0.99), 0.99) : 0
        let damping = b >= 0 ? 4 * Double.pi * (1 - b) / d : 4 * Double.pi / (d * (1 + b))
        self.init(mass: 1, stiffness: pow(2 * Double.pi / d, 2), damping: damping, initialVelocity: initialVelocity)
    }

    /// The pace: 2π ÷ ω₀, the undamped period (the inverse of ``init(perceptualDuration:bounce:initialVelocity:)``).
    public var perceptualDuration: Double { 2 * Double.pi / naturalFrequency }

    /// The bounce: 1 − ζ for ζ ≤ 1, 1/ζ − 1 above (negative: overdamped).
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }

    /// ω₀, the undamped angular frequency.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// ζ, the damping ratio.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The value at `t` seconds after release: 0 at t = 0, tending to 1.
    public func value(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        return 1 + solution.displacement(t)
    }

    /// The rate of change of ``value(at:)`` at `t` seconds (units of the change per second).
    public func velocity(at t: Double) -> Double {
        solution.velocity(max(t, 0))
    }

    /// The time after which the value stays within ``settlingThreshold`` of 1.
    public var settlingDuration: Double {
        let s = solution
        let eps = Self.settlingThreshold
        // The envelope decreases after its maximum; find its last crossing of eps.
        var hi = 1.0
        while s.envelope(hi) > eps, hi < 1e7 { hi *= 2 }
        var lo = 0.0
        if s.envelope(0) <= eps && s.envelopeIsDecreasing { return 0 }
        for _ in 0 ..< 60 {
            let mid = (lo + hi) / 2
            if s.envelope(mid) > eps { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// The coefficients of the closed-form solution, for evaluating many frames.
    public var solution: Solution { Solution(spring: self) }

    /// The closed-form solution, its coefficients computed once.
    public struct Solution: Hashable, Sendable {
        enum Regime: Hashable, Sendable { case under, critical, over }
        let regime: Regime
        let a: Double, b: Double, decay: Double, omega: Double
        let r1: Double, r2: Double

        init(spring: SpringCurve) {
            let w0 = spring.naturalFrequency, zeta = spring.dampingRatio, v0 = spring.initialVelocity
            if abs(zeta - 1) < 1e-9 {
                regime = .critical
                a = -1; b = v0 - w0; decay = w0; omega = 0; r1 = 0; r2 = 0
            } else if zeta < 1 {
                regime = .under
                let wd = w0 * (1 - zeta * zeta).squareRoot()
                a = -1; b = (v0 - zeta * w0) / wd; decay = zeta * w0; omega = wd; r1 = 0; r2 = 0
            } else {
                regime = .over
                let root = (zeta * zeta - 1).squareRoot()
                let p = -w0 * (zeta - root), q = -w0 * (zeta + root)
                let c2 = (v0 + p) / (q - p)
                a = -1 - c2; b = c2; decay = 0; omega = 0; r1 = p; r2 = q
            }
        }

        /// x(t): the distance from the target, -1 at t = 0.
        public func displacement(_ t: Double) -> Double {
            switch regime {
            case .under: return exp(-decay * t) * (a * cos(omega * t) + b * sin(omega * t))
            case .critical: return (a + b * t) * exp(-decay * t)
            case .over: return a * exp(r1 * t) + b * exp(r2 * t)
            }
        }

        func velocity(_ t: Double) -> Double {
            switch regime {
            case .under:
                let e = exp(-decay * t), c = cos(omega * t), s = sin(omega * t)
                return e * ((b * omega - decay * a) * c - (a * omega + decay * b) * s)
            case .critical:
                return (b - decay * (a + b * t)) * exp(-decay * t)
            case .over:
                return a * r1 * exp(r1 * t) + b * r2 * exp(r2 * t)
            }
        }

        /// An upper bound of |x(t)| that decreases once past its maximum.
        func envelope(_ t: Double) -> Double {
            switch regime {
            case .under: return (a * a + b * b).squareRoot() * exp(-decay * t)
            case .critical: return (abs(a) + abs(b) * t) * exp(-decay * t)
            case .over: return abs(a) * exp(r1 * t) + abs(b) * exp(r2 * t)
            }
        }

        var envelopeIsDecreasing: Bool { regime != .critical || abs(b) <= decay * abs(a) }
    }
}
