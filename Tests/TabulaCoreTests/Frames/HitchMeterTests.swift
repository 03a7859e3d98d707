import Testing
@testable import TabulaCore

@Suite("HitchMeter: hitch time ratio (ms of lateness per second of motion)")
struct HitchMeterTests {
    @Test("a gap of n refreshes missed n − 1 of them; jitter under half a refresh is not a hitch")
    func hitchTimeOfOneGap() {
        let interval = 1.0 / 60
        for refreshes in 1 ... 6 {
            for jitter in [-0.4, 0, 0.4] {
                let gap = (Double(refreshes) + jitter) * interval
                let hitch = HitchMeter.hitchTime(gap: gap, frameInterval: interval)
                #expect(abs(hitch - Double(refreshes - 1) * interval) < 1e-12, "gap \(gap)")
            }
        }
        #expect(HitchMeter.hitchTime(gap: 0, frameInterval: interval) == 0)
        #expect(HitchMeter.hitchTime(gap: .nan, frameInterval: interval) == 0)
    }

    @Test("a short animation at every refresh between rests reads 0 ms/s, however long the rests")
    func shortAnimationsBetweenRests() {
        var meter = HitchMeter(framesPerSecond: 60)
        var t = 0.0
        for _ in 0 ..< 3 {
            meter.recordFrame(at: t, continuesMotion: false)      // the first frame after a rest
            for _ in 0 ..< 9 {                                     // 0.15 s of motion, every refresh
                t += 1.0 / 60
                meter.recordFrame(at: t, continuesMotion: true)
            }
            t += 0.4                                               // resting: nothing presented
        }
        #expect(meter.hitchTimeRatio == 0)
        #expect(meter.hitchCount == 0)
    }

    @Test("one frame that takes two refreshes in a second of motion at 60 Hz is 1 late frame: 16.7 ms/s")
    func oneDroppedFrame() {
        var meter = HitchMeter(framesPerSecond: 60)
        var t = 0.0
        meter.recordFrame(at: t, continuesMotion: false)
        for i in 1 ... 59 {
            t += (i == 30 ? 2.0 : 1.0) / 60
            meter.recordFrame(at: t, continuesMotion: true)
        }
        #expect(meter.hitchCount == 1)
        #expect(abs(meter.hitchTimeRatio - 1000.0 / 60) < 1e-6, "16.7 ms late over 1 s of motion")
    }

    @Test("at 120 Hz the same stall misses more refreshes; the ratio forgets what is older than the window")
    func windowAndRate() {
        var meter = HitchMeter(framesPerSecond: 120, window: 1)
        meter.recordFrame(at: 0, continuesMotion: false)
        meter.recordFrame(at: 0.05, continuesMotion: true)     // 6 refreshes: 5 missed
        #expect(abs(meter.hitchTimeRatio - 5.0 / 120 * 1000 / 0.05) < 1e-6)
        var t = 0.05
        while t < 2 {
            t += 1.0 / 120
            meter.recordFrame(at: t, continuesMotion: true)
        }
        #expect(meter.hitchTimeRatio == 0, "the stall is more than a second old")
    }
}
