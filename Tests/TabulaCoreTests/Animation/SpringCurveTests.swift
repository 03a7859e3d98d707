import Foundation
import Testing
@testable import TabulaCore

/// Springs covering the three regimes, unit and non-unit masses, and several release velocities.
private let springGrid: [SpringCurve] = {
    var springs: [SpringCurve] = []
    for (mass, stiffness) in [(1.0, 100.0), (2.0, 300.0), (0.5, 40.0)] {
        let critical = 2 * (stiffness * mass).squareRoot()
        for ratio in [0.1, 0.5, 0.9, 1.0, 1.3, 3.0] {
            for v0 in [-8.0, 0, 4, 25] {
                springs.append(SpringCurve(mass: mass, stiffness: stiffness, damping: ratio * critical,
                                           initialVelocity: v0))
            }
        }
    }
    return springs
}()

private func describe(_ s: SpringCurve) -> String {
    "m=\(s.mass) k=\(s.stiffness) c=\(s.damping) v0=\(s.initialVelocity) (ζ=\(s.dampingRatio))"
}

/// The settling threshold plus a rounding allowance: where the envelope is tight (critically
/// damped, or overdamped, released at rest) |value − 1| meets 0.001 exactly at settlingDuration.
private let settledTolerance = SpringCurve.settlingThreshold * (1 + 1e-9)

@Suite("SpringCurve: closed-form damped spring")
struct SpringCurveTests {
    @Test("natural frequency and damping ratio follow from mass, stiffness and damping")
    func derivedProperties() {
        let s = SpringCurve(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(s.naturalFrequency - 10) <= 1e-12)
        #expect(abs(s.dampingRatio - 0.5) <= 1e-12)
        let t = SpringCurve(mass: 4, stiffness: 100, damping: 40, initialVelocity: 3)
        #expect(abs(t.naturalFrequency - 5) <= 1e-12)
        #expect(abs(t.dampingRatio - 1) <= 1e-12)
        #expect(t.initialVelocity == 3)
        let defaults = SpringCurve()
        #expect(defaults.mass == 1 && defaults.stiffness == 100 && defaults.damping == 10)
        #expect(defaults.initialVelocity == 0)
    }

    @Test("starts at 0 (and stays 0 before release) with the given initial velocity")
    func initialConditions() {
        for s in springGrid {
            #expect(s.value(at: 0) == 0, "\(describe(s))")
            #expect(s.value(at: -1) == 0)
            #expect(abs(s.velocity(at: 0) - s.initialVelocity) <= 1e-9 * max(1, abs(s.initialVelocity)),
                    "\(describe(s)): v(0) = \(s.velocity(at: 0))")
            // The closed form itself is continuous at 0 (no jump at the first frame).
            #expect(abs(s.value(at: 1e-9)) <= 1e-6, "\(describe(s))")
        }
    }

    @Test("converges to 1")
    func convergence() {
        for s in springGrid {
            let settle = s.settlingDuration
            #expect(settle.isFinite && settle > 0, "\(describe(s))")
            for k in [3.0, 10.0] {
                #expect(abs(s.value(at: k * settle) - 1) <= 1e-6, "\(describe(s)) at \(k)×settling")
                #expect(abs(s.velocity(at: k * settle)) <= 1e-3, "\(describe(s))")
            }
            #expect(abs(s.value(at: 1e4) - 1) <= 1e-12)
        }
    }

    @Test("satisfies m·x'' + c·x' + k·x = 0 (x = value − 1), checked by finite differences")
    func satisfiesTheODE() {
        for s in springGrid {
            let settle = s.settlingDuration
            let h = 1e-4 / max(1, s.naturalFrequency / 10)
            for fraction in [0.01, 0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0] {
                let t = fraction * settle
                let prev = s.value(at: t - h), mid = s.value(at: t), next = s.value(at: t + h)
                let x2 = (next - 2 * mid + prev) / (h * h)
                let x1 = (next - prev) / (2 * h)
                let residual = s.mass * x2 + s.damping * x1 + s.stiffness * (mid - 1)
                // The residual's natural scale: the spring force of the whole change.
                #expect(abs(residual) <= 1e-4 * s.stiffness, "\(describe(s)) at t = \(t): \(residual)")
                // velocity(at:) is the derivative of value(at:).
                #expect(abs(s.velocity(at: t) - x1) <= 1e-4 * max(1, s.naturalFrequency, abs(s.initialVelocity)),
                        "\(describe(s)) at t = \(t)")
            }
        }
    }

    @Test("an underdamped spring released at rest overshoots by exp(−ζπ/√(1−ζ²))")
    func underdampedOvershoot() {
        for ratio in [0.1, 0.3, 0.5, 0.7, 0.9] {
            let s = SpringCurve(mass: 1, stiffness: 100, damping: 2 * ratio * 10)
            let wd = 10 * (1 - ratio * ratio).squareRoot()
            // The first peak is at t = π/ω_d.
            let peakTime = Double.pi / wd
            let expected = 1 + exp(-ratio * Double.pi / (1 - ratio * ratio).squareRoot())
            #expect(abs(s.value(at: peakTime) - expected) <= 1e-9, "ζ = \(ratio)")
            let sampledMax = stride(from: 0.0, through: 3, by: 0.0005).map { s.value(at: $0) }.max()!
            #expect(sampledMax > 1)
            #expect(abs(sampledMax - expected) <= 1e-5, "ζ = \(ratio)")
        }
    }

    @Test("critically damped and overdamped springs released at rest never pass 1")
    func noOvershootWithoutInitialVelocity() {
        for mass in [0.5, 1.0, 3.0] {
            for ratio in [1.0, 1.01, 1.5, 3.0, 10.0] {
                let k = 150.0
                let s = SpringCurve(mass: mass, stiffness: k, damping: 2 * ratio * (k * mass).squareRoot())
                var previous = 0.0
                for i in 1...4000 {
                    let t = Double(i) * s.settlingDuration * 2 / 4000
                    let v = s.value(at: t)
                    #expect(v < 1 + 1e-12, "\(describe(s)) at t = \(t): \(v)")
                    #expect(v >= previous - 1e-15, "\(describe(s)) not monotonic at t = \(t)")
                    previous = v
                }
            }
        }
    }

    @Test("a critically damped spring flung fast enough does overshoot; one flung backwards dips below 0")
    func initialVelocityOvershoot() {
        let fast = SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: 30)
        let backwards = SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: -30)
        let ts = stride(from: 0.0, through: 2, by: 0.001)
        #expect(ts.map { fast.value(at: $0) }.max()! > 1.01)
        #expect(ts.map { backwards.value(at: $0) }.min()! < -0.01)
        // x(t) = (−1 + (v₀ − ω₀)t)·e^(−ω₀t): check against the formula at a few times.
        for t in [0.05, 0.1, 0.3, 0.7] {
            let expected = 1 + (-1 + (30 - 10) * t) * exp(-10 * t)
            #expect(abs(fast.value(at: t) - expected) <= 1e-12)
        }
    }

    @Test("settles within 0.1 % by settlingDuration, and not much earlier")
    func settlingDuration() {
        for s in springGrid {
            let settle = s.settlingDuration
            var worstAfter = 0.0
            for i in 0...2000 {
                let t = settle * (1 + 3 * Double(i) / 2000)
                worstAfter = max(worstAfter, abs(s.value(at: t) - 1))
            }
            #expect(worstAfter <= settledTolerance, "\(describe(s)): \(worstAfter) after settling")

            // settlingDuration is not wildly too large: the spring is visibly unsettled
            // somewhere in the second half of it.
            var worstBefore = 0.0
            for i in 0...2000 {
                let t = settle * (0.5 + 0.5 * Double(i) / 2000)
                worstBefore = max(worstBefore, abs(s.value(at: t) - 1))
            }
            #expect(worstBefore > 0.0002, "\(describe(s)): only \(worstBefore) in [½·settling, settling]")
        }
        #expect(SpringCurve.settlingThreshold == 0.001)
    }

    @Test("for springs released at rest without overshoot, the envelope is tight: 0.1 % is reached just at the end")
    func settlingIsTightWithoutOvershoot() {
        for ratio in [1.0, 1.5, 3.0] {
            let s = SpringCurve(mass: 1, stiffness: 100, damping: 20 * ratio)
            let settle = s.settlingDuration
            #expect(abs(s.value(at: 0.95 * settle) - 1) > SpringCurve.settlingThreshold, "ζ = \(ratio)")
            #expect(abs(abs(s.value(at: settle) - 1) - SpringCurve.settlingThreshold) <= 1e-5, "ζ = \(ratio)")
        }
        // Critically damped at rest: |x| = (1 + ω₀t)e^(−ω₀t), which the envelope equals.
        let critical = SpringCurve(mass: 1, stiffness: 100, damping: 20)
        let t = critical.settlingDuration
        #expect(abs((1 + 10 * t) * exp(-10 * t) - 0.001) <= 1e-9)
    }

    @Test("init(dampingRatio:initialVelocity:duration:) settles in the requested duration",
          arguments: [0.3, 0.5, 0.7, 1.0, 1.5], [0.3, 0.5, 1.0, 2.0])
    func dampingRatioInit(ratio: Double, duration: Double) {
        for v0 in [0.0, 1.0, -2.0] {
            let s = SpringCurve(dampingRatio: ratio, initialVelocity: v0, duration: duration)
            #expect(abs(s.dampingRatio - ratio) <= 1e-12, "ζ = \(s.dampingRatio)")
            #expect(s.mass == 1)
            #expect(s.initialVelocity == v0)
            #expect(abs(s.settlingDuration - duration) <= 0.01 * duration,
                    "ζ = \(ratio), v0 = \(v0): settles in \(s.settlingDuration), wanted \(duration)")
            #expect(abs(s.value(at: duration) - 1) <= settledTolerance)
            #expect(abs(s.velocity(at: 0) - v0) <= 1e-9 * max(1, abs(v0)))
        }
    }

    @Test("a shorter duration means a stiffer spring, and ζ = 0 is clamped so that it still settles")
    func dampingRatioInitEdges() {
        let slow = SpringCurve(dampingRatio: 0.5, initialVelocity: 0, duration: 2)
        let fast = SpringCurve(dampingRatio: 0.5, initialVelocity: 0, duration: 0.5)
        #expect(fast.naturalFrequency > slow.naturalFrequency)
        #expect(abs(fast.naturalFrequency / slow.naturalFrequency - 4) <= 1e-6)   // settling ∝ 1/ω₀
        let undamped = SpringCurve(dampingRatio: 0, initialVelocity: 0, duration: 1)
        #expect(abs(undamped.dampingRatio - 0.01) <= 1e-12)
        #expect(abs(undamped.settlingDuration - 1) <= 0.01)
    }
}
