import Foundation
import Testing
@testable import TabulaCore

@Suite("Scroll physics")
struct ScrollPhysicsTests {
    @Test("a fling loses 0.2% of its speed per millisecond at the normal rate and comes to rest where predicted")
    func deceleration() {
        let d = Deceleration(start: 100, velocity: 2000, rate: 0.998)
        #expect(abs(d.velocity(at: 0.001) - 2000 * 0.998) < 1e-9)
        #expect(abs(d.velocity(at: 1) - 2000 * pow(0.998, 1000)) < 1e-6)
        #expect(abs(d.restingPosition - (100 + 2000 / (-1000 * log(0.998)))) < 1e-9)
        #expect(abs(d.position(at: 20) - d.restingPosition) < 1e-6)
        // Numerically integrate the velocity: the position formula matches.
        var x = 100.0
        for i in 0 ..< 5000 { x += d.velocity(at: (Double(i) + 0.5) * 0.0001) * 0.0001 }
        #expect(abs(x - d.position(at: 0.5)) < 0.01)
        // The fast rate stops sooner and shorter.
        let fast = Deceleration(start: 100, velocity: 2000, rate: 0.99)
        #expect(fast.restingPosition < d.restingPosition)
        #expect(fast.duration() < d.duration())
    }

    @Test("the velocity chosen for a target lands exactly on it")
    func velocityForTarget() {
        let v = Deceleration.velocity(from: 40, to: 640, rate: 0.998)
        #expect(abs(Deceleration(start: 40, velocity: v, rate: 0.998).restingPosition - 640) < 1e-9)
    }

    @Test("a bounce returns to the edge without oscillating")
    func bounce() {
        let b = EdgeBounce(start: -60, velocity: -800, target: 0)
        var previous = b.position(at: 0), turned = 0, wasMovingOut = true
        for i in 1 ... 300 {
            let x = b.position(at: Double(i) / 120)
            let movingOut = x < previous
            if movingOut != wasMovingOut { turned += 1 }
            wasMovingOut = movingOut
            previous = x
            #expect(x <= 1e-9, "never crosses the edge")
        }
        #expect(turned == 1)
        #expect(b.isSettled(at: 2))
    }

    @Test("rubber banding follows the finger less and less and never passes the limit")
    func rubberBand() {
        #expect(rubberBandDistance(0, dimension: 800) == 0)
        let small = rubberBandDistance(10, dimension: 800)
        #expect(small > 5 && small < 10)
        #expect(rubberBandDistance(-10, dimension: 800) == -small)
        #expect(rubberBandDistance(1e9, dimension: 800) < 800)
        #expect(rubberBandDistance(400, dimension: 800) < 2 * rubberBandDistance(200, dimension: 800))
    }

    @Test("the inverse rubber band finds the finger's overshoot for every content overshoot")
    func rubberBandInverse() {
        for overshoot in stride(from: -3000.0, through: 3000, by: 125) {
            let distance = rubberBandDistance(overshoot, dimension: 844)
            let back = rubberBandOvershoot(forDistance: distance, dimension: 844)
            #expect(abs(back - overshoot) < 1e-6 * max(1, abs(overshoot)), "overshoot \(overshoot)")
        }
        #expect(rubberBandOvershoot(forDistance: 0, dimension: 844) == 0)
        #expect(rubberBandOvershoot(forDistance: 5000, dimension: 844).isFinite, "past the limit: finite")
    }
}
