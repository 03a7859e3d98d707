import Foundation
import Testing
@testable import TabulaCore

private extension MediaTiming.Phase {
    var isBefore: Bool { if case .before = self { true } else { false } }
    var isAfter: Bool { if case .after = self { true } else { false } }
    var activeFraction: Double? { if case .active(let f) = self { f } else { nil } }
    var beforeFraction: Double?? { if case .before(let f) = self { .some(f) } else { .none } }
    var afterFraction: Double?? { if case .after(let f) = self { .some(f) } else { .none } }
}

private let allFills: [TimingFill] = [.removed, .forwards, .backwards, .both]

private func close(_ a: Double?, _ b: Double, _ tol: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tol
}

/// The fraction shown at local time τ strictly inside a pass (not on a pass boundary),
/// computed independently: which pass, how far into it, and whether it runs backwards.
private func oracleFraction(local tau: Double, duration d: Double, autoreverses: Bool) -> Double {
    let passes = tau / d
    let pass = passes.rounded(.down)
    let within = passes - pass
    let backwards = autoreverses && Int(pass) % 2 == 1
    return backwards ? 1 - within : within
}

/// The fraction shown once the active interval is over (held by a forwards fill).
private func oracleFinalFraction(cycles: Double, autoreverses: Bool) -> Double {
    let passes = autoreverses ? 2 * cycles : cycles
    let whole = passes.rounded(.down)
    let within = passes - whole
    if within == 0 {
        // Ends exactly at the end of a pass: forwards passes end at 1, reversed ones at 0.
        return autoreverses && Int(whole) % 2 == 0 ? 0 : 1
    }
    return autoreverses && Int(whole) % 2 == 1 ? 1 - within : within
}

@Suite("MediaTiming: the CAMediaTiming model")
struct MediaTimingTests {
    @Test("fill modes extend forwards, backwards, both or neither")
    func fillModes() {
        #expect(!TimingFill.removed.fillsForwards && !TimingFill.removed.fillsBackwards)
        #expect(TimingFill.forwards.fillsForwards && !TimingFill.forwards.fillsBackwards)
        #expect(!TimingFill.backwards.fillsForwards && TimingFill.backwards.fillsBackwards)
        #expect(TimingFill.both.fillsForwards && TimingFill.both.fillsBackwards)
        #expect(MediaTiming(beginTime: 0, duration: 1).fill == .removed)
    }

    @Test("defaults: speed 1, no offset, one cycle, no autoreverse")
    func defaults() {
        let m = MediaTiming(beginTime: 3, duration: 2)
        #expect(m.speed == 1 && m.timeOffset == 0 && m.repeatCount == 0 && m.repeatDuration == 0)
        #expect(!m.autoreverses)
        #expect(m.cycleDuration == 2 && m.activeDuration == 2 && m.endTime == 5)
    }

    @Test("before the begin time: nothing, or the initial value with a backwards fill")
    func beforeBegin() {
        for fill in allFills {
            for autoreverses in [false, true] {
                let m = MediaTiming(beginTime: 10, duration: 2, repeatCount: 2, autoreverses: autoreverses, fill: fill)
                for t in [-1e9, 0, 9, 9.999999] {
                    let p = m.phase(at: t)
                    #expect(p.isBefore, "\(fill) at \(t): \(p)")
                    #expect(p == .before(fraction: fill.fillsBackwards ? 0 : nil), "\(fill) at \(t): \(p)")
                }
                #expect(m.phase(at: 10) == .active(fraction: 0), "\(fill): starts at its begin time")
            }
        }
    }

    @Test("while active, the fraction is the elapsed share of the duration")
    func activeFractions() {
        let m = MediaTiming(beginTime: 2, duration: 4)
        for (t, f) in [(2.0, 0.0), (3.0, 0.25), (4.0, 0.5), (5.0, 0.75), (5.9, 0.975)] {
            #expect(close(m.phase(at: t).activeFraction, f), "t = \(t): \(m.phase(at: t))")
        }
        for fill in allFills {
            var n = m
            n.fill = fill
            // Fill only matters outside the active interval.
            #expect(n.phase(at: 4) == .active(fraction: 0.5))
        }
    }

    @Test("after the end: nothing, or the final value with a forwards fill")
    func afterEnd() {
        for fill in allFills {
            let m = MediaTiming(beginTime: 2, duration: 4, fill: fill)
            #expect(m.endTime == 6)
            for t in [6.0, 6.000001, 7, 1e9] {
                #expect(m.phase(at: t) == .after(fraction: fill.fillsForwards ? 1 : nil), "\(fill) at \(t)")
            }
        }
    }

    @Test("fractional repeatCount: 2.5 cycles end half way through the third")
    func fractionalRepeatCount() {
        let m = MediaTiming(beginTime: 1, duration: 2, repeatCount: 2.5, fill: .forwards)
        #expect(m.activeDuration == 5)
        #expect(m.endTime == 6)
        #expect(close(m.phase(at: 2).activeFraction, 0.5))
        #expect(close(m.phase(at: 3.5).activeFraction, 0.25))      // second cycle
        #expect(close(m.phase(at: 5.5).activeFraction, 0.25))      // third cycle
        #expect(close(m.phase(at: 5.999).activeFraction, 0.4995))
        #expect(m.phase(at: 6) == .after(fraction: 0.5))
        #expect(m.phase(at: 60) == .after(fraction: 0.5))
    }

    @Test("repeatCount 0 means one cycle; fractions below 1 cut the cycle short")
    func repeatCountBelowOne() {
        #expect(MediaTiming(beginTime: 0, duration: 3, repeatCount: 0).activeDuration == 3)
        #expect(MediaTiming(beginTime: 0, duration: 3, repeatCount: 1).activeDuration == 3)
        let half = MediaTiming(beginTime: 0, duration: 3, repeatCount: 0.5, fill: .both)
        #expect(half.endTime == 1.5)
        #expect(close(half.phase(at: 1).activeFraction, 1.0 / 3))
        #expect(half.phase(at: 1.5) == .after(fraction: 0.5))
    }

    @Test("autoreverse plays 0 → 1 → 0 over twice the duration and ends at 0")
    func autoreverse() {
        let m = MediaTiming(beginTime: 0, duration: 1, autoreverses: true, fill: .forwards)
        #expect(m.cycleDuration == 2)
        #expect(m.endTime == 2)
        let expected: [(Double, Double)] = [
            (0, 0), (0.25, 0.25), (0.5, 0.5), (0.75, 0.75), (1, 1),
            (1.25, 0.75), (1.5, 0.5), (1.75, 0.25), (1.999, 0.001),
        ]
        for (t, f) in expected {
            #expect(close(m.phase(at: t).activeFraction, f), "t = \(t): \(m.phase(at: t))")
        }
        #expect(m.phase(at: 2) == .after(fraction: 0))
        // Symmetric about the turn.
        for i in 1..<100 {
            let d = Double(i) / 100
            let up = m.phase(at: 1 - d).activeFraction, down = m.phase(at: 1 + d).activeFraction
            #expect(up != nil && down != nil && abs(up! - down!) <= 1e-12, "±\(d)")
        }
    }

    @Test("repeatCount with autoreverse counts whole there-and-back cycles")
    func repeatWithAutoreverse() {
        let m = MediaTiming(beginTime: 5, duration: 1.5, repeatCount: 2, autoreverses: true, fill: .forwards)
        #expect(m.cycleDuration == 3)
        #expect(m.activeDuration == 6)
        #expect(m.endTime == 11)
        #expect(close(m.phase(at: 5.75).activeFraction, 0.5))     // first cycle, forwards
        #expect(close(m.phase(at: 7.25).activeFraction, 0.5))     // first cycle, backwards
        #expect(close(m.phase(at: 7.5).activeFraction, 1.0 / 3))
        #expect(close(m.phase(at: 8.5).activeFraction, 1.0 / 3))  // second cycle, forwards
        #expect(close(m.phase(at: 10).activeFraction, 2.0 / 3))   // second cycle, backwards
        #expect(m.phase(at: 11) == .after(fraction: 0))

        // 1.5 cycles with autoreverse end at the far end of a forwards pass.
        let oneAndAHalf = MediaTiming(beginTime: 0, duration: 1, repeatCount: 1.5, autoreverses: true, fill: .forwards)
        #expect(oneAndAHalf.endTime == 3)
        #expect(oneAndAHalf.phase(at: 3) == .after(fraction: 1))
    }

    @Test("exact ends of cycles show the end of the cycle just finished")
    func exactCycleEnds() {
        let forward = MediaTiming(beginTime: 0, duration: 1, repeatCount: 3)
        for t in [1.0, 2.0] {
            #expect(forward.phase(at: t) == .active(fraction: 1), "t = \(t)")
            #expect(close(forward.phase(at: t + 1e-6).activeFraction, 1e-6, 1e-9), "t = \(t)⁺")
        }
        let reversing = MediaTiming(beginTime: 0, duration: 1, repeatCount: 3, autoreverses: true)
        #expect(reversing.phase(at: 1) == .active(fraction: 1))
        #expect(reversing.phase(at: 2) == .active(fraction: 0))
        #expect(reversing.phase(at: 3) == .active(fraction: 1))
        #expect(reversing.phase(at: 4) == .active(fraction: 0))
        #expect(reversing.fraction(atLocal: 6) == 0)
        #expect(forward.fraction(atLocal: 0) == 0)
        #expect(forward.fraction(atLocal: 3) == 1)
    }

    @Test("an infinite repeat count never ends")
    func infiniteRepeat() {
        for autoreverses in [false, true] {
            let m = MediaTiming(beginTime: 1, duration: 0.5, repeatCount: .infinity, autoreverses: autoreverses,
                                fill: .forwards)
            #expect(m.activeDuration == .infinity)
            #expect(m.endTime == .infinity)
            #expect(m.phase(at: 0.5).isBefore)
            for t in [1.0, 1.1, 2.35, 100.2, 123_456.3] {
                let f = m.phase(at: t).activeFraction
                #expect(f != nil, "t = \(t)")
                let local = t - 1
                if local > 0 {
                    #expect(close(f, oracleFraction(local: local, duration: 0.5, autoreverses: autoreverses), 1e-6),
                            "t = \(t): \(String(describing: f))")
                }
            }
        }
        let forever = MediaTiming(beginTime: 0, duration: 1, repeatCount: .infinity)
        #expect(forever.phase(at: 1e15).activeFraction != nil)
    }

    @Test("repeatDuration sets the active time directly, cutting or extending cycles")
    func repeatDuration() {
        let m = MediaTiming(beginTime: 1, duration: 1, repeatDuration: 2.5, fill: .forwards)
        #expect(m.activeDuration == 2.5)
        #expect(m.endTime == 3.5)
        #expect(close(m.phase(at: 3.25).activeFraction, 0.25))
        #expect(m.phase(at: 3.5) == .after(fraction: 0.5))

        let shorter = MediaTiming(beginTime: 0, duration: 1, repeatDuration: 0.4, fill: .forwards)
        #expect(shorter.endTime == 0.4)
        #expect(close(shorter.phase(at: 0.4).afterFraction ?? nil, 0.4))

        let reversing3 = MediaTiming(beginTime: 0, duration: 1, repeatDuration: 3, autoreverses: true, fill: .forwards)
        #expect(reversing3.endTime == 3)
        #expect(reversing3.phase(at: 3) == .after(fraction: 1))
        let reversing2 = MediaTiming(beginTime: 0, duration: 1, repeatDuration: 2, autoreverses: true, fill: .forwards)
        #expect(reversing2.phase(at: 2) == .after(fraction: 0))
        let reversing2_5 = MediaTiming(beginTime: 0, duration: 1, repeatDuration: 2.5, autoreverses: true,
                                       fill: .forwards)
        #expect(reversing2_5.phase(at: 2.5) == .after(fraction: 0.5))
    }

    @Test("speed scales the parent clock: 2 halves the end time, ½ doubles it")
    func speed() {
        let normal = MediaTiming(beginTime: 4, duration: 2, repeatCount: 2)
        var fast = normal
        fast.speed = 2
        var slow = normal
        slow.speed = 0.5
        #expect(normal.endTime == 8)
        #expect(fast.endTime == 6)
        #expect(slow.endTime == 12)
        // The local duration is unchanged; the parent clock runs through it faster.
        #expect(fast.activeDuration == 4)
        #expect(close(fast.phase(at: 4.5).activeFraction, 0.5))
        #expect(close(slow.phase(at: 6).activeFraction, 0.5))
        #expect(fast.phase(at: 6).isAfter)
        #expect(slow.phase(at: 11.9).activeFraction != nil)
        // beginTime is in the parent's time, not scaled.
        #expect(fast.phase(at: 3.99).isBefore)
        #expect(fast.phase(at: 4) == .active(fraction: 0))
    }

    @Test("speed 0 freezes the animation at its time offset (a paused layer)")
    func pausedBySpeedZero() {
        let m = MediaTiming(beginTime: 1, duration: 2, speed: 0, timeOffset: 0.5)
        #expect(m.endTime == .infinity)
        for t in [1.0, 2, 50, 1e6] {
            #expect(close(m.phase(at: t).activeFraction, 0.25), "t = \(t)")
        }
        #expect(m.phase(at: 0.5).isBefore)
    }

    @Test("timeOffset shifts local time: the animation starts part-way through and ends sooner")
    func timeOffset() {
        let m = MediaTiming(beginTime: 0, duration: 1, timeOffset: 0.25, fill: .both)
        #expect(m.phase(at: 0) == .active(fraction: 0.25))
        #expect(close(m.phase(at: 0.5).activeFraction, 0.75))
        #expect(m.endTime == 0.75)
        #expect(m.phase(at: 0.75) == .after(fraction: 1))
        // A backwards fill shows the value at the offset, where the animation will start.
        #expect(m.phase(at: -1) == .before(fraction: 0.25))

        // With speed: local = (t − begin)·speed + offset.
        let fast = MediaTiming(beginTime: 2, duration: 4, speed: 2, timeOffset: 1)
        #expect(close(fast.phase(at: 2.5).activeFraction, 0.5))
        #expect(fast.endTime == 3.5)
        #expect(fast.phase(at: 3.5).isAfter)
    }

    @Test("a zero duration ends at once, holding the end value when filling forwards")
    func zeroDuration() {
        let m = MediaTiming(beginTime: 1, duration: 0, fill: .forwards)
        #expect(m.endTime == 1)
        #expect(m.phase(at: 1) == .after(fraction: 1))
        #expect(m.phase(at: 0.5) == .before(fraction: nil))
    }

    /// Every combination of a few durations, repeat counts, directions, begin times and speeds.
    @Test("end time and final fraction for every repeat count, with and without autoreverse",
          arguments: [0.5, 1.0, 1.5, 2.0, 3.0, 0.25, 2.75], [false, true])
    func exhaustiveEnds(repeatCount: Double, autoreverses: Bool) {
        for duration in [0.1, 0.25, 0.3, 0.7, 1, 2.5] {
            for beginTime in [0.0, 0.3, 10] {
                for speed in [1.0, 2, 0.5] {
                    let m = MediaTiming(beginTime: beginTime, duration: duration, speed: speed,
                                        repeatCount: repeatCount, autoreverses: autoreverses, fill: .forwards)
                    let label = "d=\(duration) rc=\(repeatCount) rev=\(autoreverses) begin=\(beginTime) speed=\(speed)"
                    let cycle = autoreverses ? 2 * duration : duration
                    let expectedEnd = beginTime + repeatCount * cycle / speed
                    #expect(abs(m.endTime - expectedEnd) <= 1e-12 * max(1, expectedEnd), "\(label): \(m.endTime)")

                    let final = oracleFinalFraction(cycles: repeatCount, autoreverses: autoreverses)
                    let after = m.phase(at: m.endTime + 1e-9)
                    #expect(after.isAfter, "\(label): \(after)")
                    #expect(close(after.afterFraction ?? nil, final, 1e-9), "\(label): ends at \(after), want \(final)")
                    #expect(close(m.phase(at: m.endTime + 1000).afterFraction ?? nil, final, 1e-9), "\(label)")

                    // Just before the end it is still active and approaching the same value.
                    let justBefore = m.phase(at: m.endTime - 1e-7 * duration)
                    #expect(close(justBefore.activeFraction, final, 1e-5), "\(label): \(justBefore)")

                    // Inside the active interval, away from pass boundaries, the fraction follows the oracle.
                    let samples = 96
                    for i in 0..<samples {
                        let tau = (Double(i) + 0.37) / Double(samples) * repeatCount * cycle
                        let f = m.phase(at: beginTime + tau / speed).activeFraction
                        let want = oracleFraction(local: tau, duration: duration, autoreverses: autoreverses)
                        #expect(close(f, want, 1e-9), "\(label) at local \(tau): \(String(describing: f)) vs \(want)")
                        if let f, !(f >= 0 && f <= 1) { Issue.record("\(label): fraction \(f) outside 0…1") }
                    }
                }
            }
        }
    }
}
