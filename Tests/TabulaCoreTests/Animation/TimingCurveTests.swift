import Foundation
import Testing
@testable import TabulaCore

// Oracles written independently of TimingCurve: the Bernstein form of one coordinate
// of the cubic Bézier from 0 to 1, solved by plain bisection or by dense sampling.

/// 3(1-s)²s·p1 + 3(1-s)s²·p2 + s³, the Bernstein form (the source uses the power form).
private func bernsteinCoordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
}

/// y at time fraction x, by bisecting x(s) = x (x(s) is non-decreasing when x1, x2 ∈ 0…1).
private func bisectedValue(_ c: TimingCurve, at x: Double) -> Double {
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if bernsteinCoordinate(mid, c.x1, c.x2) < x { lo = mid } else { hi = mid }
        if hi - lo < 1e-16 { break }
    }
    return bernsteinCoordinate((lo + hi) / 2, c.y1, c.y2)
}

/// The curve sampled at `steps + 1` equally spaced parameters, then read by linear interpolation in x.
private struct SampledCurve {
    let xs: [Double], ys: [Double]

    init(_ c: TimingCurve, steps: Int = 100_000) {
        var xs = [Double](), ys = [Double]()
        xs.reserveCapacity(steps + 1)
        ys.reserveCapacity(steps + 1)
        for i in 0...steps {
            let s = Double(i) / Double(steps)
            xs.append(bernsteinCoordinate(s, c.x1, c.x2))
            ys.append(bernsteinCoordinate(s, c.y1, c.y2))
        }
        self.xs = xs
        self.ys = ys
    }

    func value(at x: Double) -> Double {
        // Last index with xs[i] <= x.
        var lo = 0, hi = xs.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if xs[mid] <= x { lo = mid } else { hi = mid }
        }
        let dx = xs[hi] - xs[lo]
        if dx <= 0 { return ys[lo] }
        return ys[lo] + (ys[hi] - ys[lo]) * (x - xs[lo]) / dx
    }
}

private let standardCurves: [(name: String, curve: TimingCurve)] = [
    ("default", .default), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut),
]

/// An overshooting curve ("back" easing): y leaves 0…1 on both sides.
private let overshootCurve = TimingCurve(x1: 0.3, y1: -0.6, x2: 0.7, y2: 1.6)

/// 0…1 in steps of 0.001, plus points crowding both ends.
private let xGrid: [Double] = {
    var xs = (0...1000).map { Double($0) / 1000 }
    for e in [1e-12, 1e-9, 1e-6, 1e-4, 1e-3, 0.01] { xs += [e, 1 - e] }
    return xs.sorted()
}()

@Suite("TimingCurve: cubic Bézier timing functions")
struct TimingCurveTests {
    @Test("the standard curves use CAMediaTimingFunction's control points")
    func controlPoints() {
        func points(_ c: TimingCurve) -> [Double] { [c.x1, c.y1, c.x2, c.y2] }
        #expect(points(.linear) == [0, 0, 1, 1])
        #expect(points(.easeIn) == [0.42, 0, 1, 1])
        #expect(points(.easeOut) == [0, 0, 0.58, 1])
        #expect(points(.easeInEaseOut) == [0.42, 0, 0.58, 1])
        #expect(points(.default) == [0.25, 0.1, 0.25, 1])
        #expect(TimingCurve.linear.isLinear)
        for (_, c) in standardCurves { #expect(!c.isLinear) }
    }

    @Test("every curve starts at 0, ends at 1, and clamps times outside 0…1")
    func endpointsAndClamping() {
        for c in standardCurves.map(\.curve) + [.linear, overshootCurve] {
            #expect(c.value(at: 0) == 0)
            #expect(c.value(at: 1) == 1)
            for x in [-1e9, -2, -0.5, -1e-12, -0.0] { #expect(c.value(at: x) == 0, "x = \(x)") }
            for x in [1 + 1e-12, 1.5, 2, 1e9, .infinity] { #expect(c.value(at: x) == 1, "x = \(x)") }
            #expect(c.value(at: -.infinity) == 0)
        }
    }

    @Test("linear is the identity, as is any curve whose control points lie on the diagonal")
    func linearIsIdentity() {
        let diagonal = TimingCurve(x1: 0.3, y1: 0.3, x2: 0.6, y2: 0.6)
        #expect(diagonal.isLinear)
        for x in xGrid {
            #expect(TimingCurve.linear.value(at: x) == x)
            #expect(abs(diagonal.value(at: x) - x) <= 1e-12)
            #expect(abs(TimingCurve.linear.slope(at: x) - 1) <= 1e-12)
        }
    }

    @Test("standard curves agree with a bisection of the Bernstein form to 1e-9",
          arguments: standardCurves.map(\.name))
    func matchesBisection(name: String) {
        let c = standardCurves.first { $0.name == name }!.curve
        var worst = 0.0
        for x in xGrid {
            worst = max(worst, abs(c.value(at: x) - bisectedValue(c, at: x)))
            // Newton must not wander to a root of x(s) = x outside the curve's 0…1.
            let s = c.solveParameter(forX: x)
            #expect(s >= 0 && s <= 1, "\(name): s = \(s) for x = \(x)")
        }
        #expect(worst <= 1e-9, "\(name): worst error \(worst)")
    }

    @Test("standard curves agree with a 100 000-step sampling of the parametric curve to 1e-6",
          arguments: standardCurves.map(\.name))
    func matchesDenseSampling(name: String) {
        let c = standardCurves.first { $0.name == name }!.curve
        let sampled = SampledCurve(c)
        var worst = 0.0, worstX = 0.0
        for i in 0...10_000 {
            let x = Double(i) / 10_000
            let e = abs(c.value(at: x) - sampled.value(at: x))
            if e > worst { (worst, worstX) = (e, x) }
        }
        #expect(worst <= 1e-6, "\(name): worst error \(worst) at x = \(worstX)")
    }

    @Test("a few reference values of the standard curves")
    func referenceValues() {
        // At the curve parameter s = 1/2 the point is ((3x1 + 3x2 + 1)/8, (3y1 + 3y2 + 1)/8),
        // which pins one exact (x, y) pair per curve without any solving.
        for (name, c) in standardCurves + [("overshoot", overshootCurve)] {
            let x = (3 * c.x1 + 3 * c.x2 + 1) / 8, y = (3 * c.y1 + 3 * c.y2 + 1) / 8
            #expect(abs(c.value(at: x) - y) <= 1e-9, "\(name) at x = \(x)")
        }
        // easeIn is slow at first: a quarter of the time gives well under a quarter of the change.
        #expect(TimingCurve.easeIn.value(at: 0.25) < 0.1)
        #expect(TimingCurve.easeOut.value(at: 0.25) > 0.35)
    }

    @Test("the standard curves never run backwards", arguments: standardCurves.map(\.name))
    func monotonic(name: String) {
        let c = standardCurves.first { $0.name == name }!.curve
        var previous = c.value(at: 0)
        for i in 1...20_000 {
            let v = c.value(at: Double(i) / 20_000)
            #expect(v >= previous, "\(name) decreases at x = \(Double(i) / 20_000)")
            if v < previous { return }
            previous = v
        }
    }

    @Test("easeInEaseOut is point-symmetric about (½, ½) and passes exactly through it")
    func easeInEaseOutSymmetry() {
        let c = TimingCurve.easeInEaseOut
        #expect(c.value(at: 0.5) == 0.5)
        for x in xGrid {
            #expect(abs(c.value(at: x) + c.value(at: 1 - x) - 1) <= 1e-9, "x = \(x)")
        }
    }

    @Test("easeIn lags linear time and easeOut leads it; each is the other turned about (½, ½)")
    func easeInAndOut() {
        // The solver works to 1e-10 in x, so the ordering is only meaningful above that.
        for x in xGrid where x >= 1e-9 && x <= 1 - 1e-9 {
            let easeIn = TimingCurve.easeIn.value(at: x), easeOut = TimingCurve.easeOut.value(at: x)
            #expect(easeIn < x, "easeIn(\(x)) = \(easeIn)")
            #expect(easeOut > x, "easeOut(\(x)) = \(easeOut)")
            #expect(abs(easeOut - (1 - TimingCurve.easeIn.value(at: 1 - x))) <= 1e-9, "x = \(x)")
        }
        for x in stride(from: 0.05, to: 0.96, by: 0.05) {
            let v = TimingCurve.easeInEaseOut.value(at: x)
            if x < 0.5 { #expect(v < x) } else if x > 0.5 { #expect(v > x) }
        }
    }

    @Test("a curve with control y outside 0…1 undershoots and overshoots, still exactly")
    func overshoot() {
        let c = overshootCurve
        let values = xGrid.map { c.value(at: $0) }
        #expect(values.min()! < -0.05)
        #expect(values.max()! > 1.05)
        var worst = 0.0
        for x in xGrid { worst = max(worst, abs(c.value(at: x) - bisectedValue(c, at: x))) }
        #expect(worst <= 1e-9)
        // Its sampled extrema agree with the oracle's.
        let oracle = xGrid.map { bisectedValue(c, at: $0) }
        #expect(abs(values.max()! - oracle.max()!) <= 1e-9)
        #expect(abs(values.min()! - oracle.min()!) <= 1e-9)
    }

    @Test("control x coordinates are clamped to 0…1 so that time never runs backwards")
    func xClamping() {
        let c = TimingCurve(x1: -0.5, y1: 0.2, x2: 1.7, y2: 0.8)
        #expect(c.x1 == 0 && c.x2 == 1)
        #expect(c.y1 == 0.2 && c.y2 == 0.8)
        #expect(c == TimingCurve(x1: 0, y1: 0.2, x2: 1, y2: 0.8))
        // x1 = 0 with y1 ≠ 0 (and x2 = 1 with y2 ≠ 1) are vertical tangents, where y is very
        // sensitive to x: the solver's 1e-10 in x is checked directly, y more loosely.
        var previous = 0.0
        for x in xGrid {
            let v = c.value(at: x)
            #expect(v >= previous - 1e-12)
            #expect(abs(v - bisectedValue(c, at: x)) <= 1e-6)
            #expect(abs(bernsteinCoordinate(c.solveParameter(forX: x), c.x1, c.x2) - x) <= 1e-10)
            previous = v
        }
    }

    @Test("unusual but valid curves still match the oracle",
          arguments: [
            TimingCurve(x1: 1, y1: 0, x2: 0, y2: 1),      // x'(½) = 0: a flat spot in time
            TimingCurve(x1: 0, y1: 1, x2: 1, y2: 0),      // vertical tangents at both ends
            TimingCurve(x1: 0.9, y1: 0.1, x2: 0.1, y2: 0.9),
            TimingCurve(x1: 0.01, y1: 0.99, x2: 0.02, y2: 1),
            TimingCurve(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55),
          ])
    func unusualCurves(c: TimingCurve) {
        var worst = 0.0, worstX = 0.0
        for x in xGrid {
            // The documented contract: the parameter found reproduces x to 1e-10.
            let s = c.solveParameter(forX: x)
            #expect(s >= 0 && s <= 1)
            #expect(abs(bernsteinCoordinate(s, c.x1, c.x2) - x) <= 1e-10, "x = \(x): x(s) = \(bernsteinCoordinate(s, c.x1, c.x2))")
            let e = abs(c.value(at: x) - bisectedValue(c, at: x))
            if e > worst { (worst, worstX) = (e, x) }
        }
        // Where x'(s) = 0 (a vertical tangent, or a pause in time at x1 = 1, x2 = 0) y is very
        // sensitive to x, so 1e-10 in x allows a few 1e-6 in y: still far below a pixel.
        #expect(worst <= 1e-5, "worst error \(worst) at x = \(worstX)")
    }

    @Test("slope(at:) is the derivative of value(at:)", arguments: standardCurves.map(\.name))
    func slopeMatchesFiniteDifference(name: String) {
        let c = standardCurves.first { $0.name == name }!.curve
        let h = 1e-6
        for x in stride(from: 0.01, through: 0.99, by: 0.01) {
            let numeric = (c.value(at: x + h) - c.value(at: x - h)) / (2 * h)
            #expect(abs(c.slope(at: x) - numeric) <= 1e-5, "\(name) at x = \(x)")
        }
    }

    @Test("slope at the ends is the curve's limiting slope, also where the Bézier's speed vanishes")
    func slopeAtEnds() {
        // easeInEaseOut leaves and arrives horizontally.
        #expect(abs(TimingCurve.easeInEaseOut.slope(at: 0)) <= 1e-12)
        #expect(abs(TimingCurve.easeInEaseOut.slope(at: 1)) <= 1e-12)
        #expect(abs(TimingCurve.easeIn.slope(at: 0)) <= 1e-12)
        #expect(abs(TimingCurve.easeOut.slope(at: 1)) <= 1e-12)
        // easeOut starts (and easeIn ends) at 1/0.58: there dx/ds = dy/ds = 0, so the slope
        // is the limit of their ratio. A velocity hand-off at those ends must not read 0.
        let expected = 1 / 0.58
        #expect(abs(TimingCurve.easeOut.slope(at: 0) - expected) <= 1e-6)
        #expect(abs(TimingCurve.easeIn.slope(at: 1) - expected) <= 1e-6)
        // The default curve starts with slope y1/x1 = 0.4 and ends flat.
        #expect(abs(TimingCurve.default.slope(at: 0) - 0.4) <= 1e-9)
        #expect(abs(TimingCurve.default.slope(at: 1)) <= 1e-12)
        // And the ends agree with one-sided differences of the values.
        let h = 1e-7
        for (name, c) in standardCurves {
            let start = c.value(at: h) / h, end = (1 - c.value(at: 1 - h)) / h
            #expect(abs(c.slope(at: 0) - start) <= 1e-3, "\(name) start")
            #expect(abs(c.slope(at: 1) - end) <= 1e-3, "\(name) end")
        }
    }
}
