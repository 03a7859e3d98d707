import Foundation
import Testing
@testable import TabulaCore

@Suite("AxisMotion and ScrollMotion: a fling and an animated scroll stepped frame by frame, as values")
struct ScrollMotionTests {
    @Test("a fling starts decelerating inside the edges, bouncing (or resting) outside them, resting when slow")
    func flingStart() {
        func fling(_ position: Double, _ velocity: Double, bounces: Bool = true) -> AxisMotion {
            .fling(from: position, velocity: velocity, rate: 0.998, lower: 0, upper: 100, bounces: bounces, at: 2)
        }
        #expect(fling(50, 300) == .decelerating(Deceleration(start: 50, velocity: 300, rate: 0.998), start: 2))
        #expect(fling(50, 0.5) == .resting, "a point per second or less is no fling")
        #expect(fling(-10, 300) == .bouncing(EdgeBounce(start: -10, velocity: 300, target: 0), start: 2))
        #expect(fling(120, 0) == .bouncing(EdgeBounce(start: 120, velocity: 0, target: 100), start: 2))
        #expect(fling(120, 300, bounces: false) == .resting)
    }

    @Test("every fling inside 0…100, stepped at 60 frames a second: it stays inside or bounces back, and comes to rest")
    func everyFling() {
        var failures: [String] = []
        for start in stride(from: 0.0, through: 100, by: 25) {
            for velocity in stride(from: -3_000.0, through: 3_000, by: 500) {
                for bounces in [true, false] {
                    var motion = AxisMotion.fling(from: start, velocity: velocity, rate: 0.998, lower: 0, upper: 100,
                                                  bounces: bounces, at: 0)
                    var position = start, frames = 0, bounced = false
                    while !motion.isResting && frames < 60 * 10 {
                        frames += 1
                        (motion, position) = motion.step(at: Double(frames) / 60, lower: 0, upper: 100, current: position,
                                                         bounces: bounces)
                        if case .bouncing = motion { bounced = true }
                        if !bounces && (position < 0 || position > 100) { failures.append("\(start) \(velocity): \(position)") }
                    }
                    let name = "from \(start) at \(velocity)\(bounces ? "" : " without bouncing")"
                    if !motion.isResting { failures.append("\(name): still moving after 10 s") }
                    if position < -0.5 || position > 100.5 { failures.append("\(name): rests at \(position)") }
                    if bounced && !bounces { failures.append("\(name): bounced") }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test("a bounce whose edge moved goes on from where it is, with its speed, to the edge as it is now")
    func bounceEdgeMoved() {
        let bounce = EdgeBounce(start: 130, velocity: 0, target: 100)
        let (motion, position) = AxisMotion.bouncing(bounce, start: 0).step(at: 0.1, lower: 0, upper: 60, current: 125,
                                                                             bounces: true)
        #expect(position == bounce.position(at: 0.1))
        #expect(motion == .bouncing(EdgeBounce(start: bounce.position(at: 0.1), velocity: bounce.velocity(at: 0.1),
                                               target: 60), start: 0.1))
    }

    @Test("a resting axis keeps its position; shifting moves a fling's start and a bounce's start and edge")
    func restingAndShifted() {
        let rest = AxisMotion.resting.step(at: 5, lower: 0, upper: 10, current: 42, bounces: true)
        #expect(rest.motion == .resting && rest.position == 42)
        let d = Deceleration(start: 10, velocity: 100, rate: 0.998)
        #expect(AxisMotion.decelerating(d, start: 1).shifted(by: 5)
                == .decelerating(Deceleration(start: 15, velocity: 100, rate: 0.998), start: 1))
        #expect(AxisMotion.bouncing(EdgeBounce(start: -3, velocity: 0, target: 0), start: 1).shifted(by: 5)
                == .bouncing(EdgeBounce(start: 2, velocity: 0, target: 5), start: 1))
        #expect(AxisMotion.resting.shifted(by: 5) == .resting)
    }

    @Test("an animated scroll eases from start to end on schedule; retargeted, it passes through where it is")
    func animatedScroll() throws {
        let motion = ScrollMotion.animating(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 0, y: 300), start: 1, duration: 0.3)
        #expect(motion.animatedOffset(at: 1)?.offset == CGPoint(x: 0, y: 0))
        #expect(motion.animatedOffset(at: 1.15)?.finished == false)
        #expect(motion.animatedOffset(at: 1.3).map { $0.offset == CGPoint(x: 0, y: 300) && $0.finished } == true)
        #expect(ScrollMotion.decelerating(x: .resting, y: .resting).animatedOffset(at: 1) == nil)
        for time in stride(from: 1.0, through: 1.27, by: 0.03) {
            let now = try #require(motion.animatedOffset(at: time)).offset
            let retargeted = motion.retargeted(to: CGPoint(x: 0, y: 500), from: now, at: time)
            let through = try #require(retargeted.animatedOffset(at: time)).offset
            #expect(abs(through.y - now.y) < 1e-6, "no jump at \(time)")
            let end = try #require(retargeted.animatedOffset(at: 1.3))
            #expect(abs(end.offset.y - 500) < 1e-6 && end.finished, "ends on schedule")
        }
        // Moved under it: a fling moves along; an animated scroll keeps its target.
        let fling = ScrollMotion.decelerating(x: .resting, y: .decelerating(Deceleration(start: 0, velocity: 50, rate: 0.998),
                                                                              start: 0))
        #expect(fling.shiftedVertically(by: 7, from: .zero, at: 0)
                == .decelerating(x: .resting, y: .decelerating(Deceleration(start: 7, velocity: 50, rate: 0.998), start: 0)))
        let shifted = motion.shiftedVertically(by: 40, from: CGPoint(x: 0, y: 100), at: 1.15)
        #expect(abs(try #require(shifted.animatedOffset(at: 1.15)).offset.y - 140) < 1e-6)
        #expect(abs(try #require(shifted.animatedOffset(at: 1.3)).offset.y - 300) < 1e-6)
    }
}
