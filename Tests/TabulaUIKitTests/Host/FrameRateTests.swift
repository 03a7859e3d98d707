import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport
@testable import TabulaQuartz

/// The refresh rate of a screen (60 or 120 Hz) and display links that ask for less.
@MainActor
@Suite("Host: frame rates and display links")
struct FrameRateTests {
    func screen(fps: Int) -> HeadlessScreen {
        let screen = HeadlessScreen(size: CGSize(width: 100, height: 100), framesPerSecond: fps)
        screen.show(UIWindow(frame: .zero))
        return screen
    }

    @Test("a 120 Hz screen runs twice the frames of a 60 Hz one over the same time, and an animation is sampled at each")
    func proMotionRunsMoreFrames() {
        for fps in [60, 120] {
            let screen = screen(fps: fps)
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            screen.window!.addSubview(view)
            screen.advance(by: 1.0 / Double(fps))
            var samples: [Float] = []
            let link = CADisplayLink { _ in samples.append(view.layer.presentation()!.opacity) }
            UIView.animate(withDuration: 0.5, delay: 0, options: [.curveLinear], animations: { view.alpha = 0 })
            link.add(to: .main, forMode: .common)
            screen.advance(by: 0.25)
            link.invalidate()
            #expect(screen.frameIndex == 1 + fps / 4)
            #expect(samples.count == fps / 4, "\(fps) Hz: a call per frame")
            #expect(approx(Double(view.shown.opacity), 0.5, 1e-6))
        }
    }

    @Test("duration is the screen's refresh interval; targetTimestamp is the next call's frame")
    func durationAndTargetTimestamp() {
        let screen = screen(fps: 120)
        var seen: [(TimeInterval, TimeInterval, TimeInterval)] = []
        let link = CADisplayLink { seen.append(($0.timestamp, $0.targetTimestamp, $0.duration)) }
        link.add(to: .main, forMode: .common)
        screen.advance(by: 3.0 / 120)
        link.invalidate()
        #expect(seen.count == 3)
        for (timestamp, target, duration) in seen {
            #expect(approx(duration, 1.0 / 120, 1e-12))
            #expect(approx(target - timestamp, 1.0 / 120, 1e-12))
        }
        #expect(approx(seen[1].0, seen[0].1, 1e-12), "each call happens at the previous call's target")
    }

    @Test("a link preferring 30 fps fires every other frame at 60 Hz and every fourth at 120 Hz; duration stays the refresh interval")
    func preferredRate() {
        for fps in [60, 120] {
            let screen = screen(fps: fps)
            var stamps: [TimeInterval] = []
            var durations: [TimeInterval] = []
            let link = CADisplayLink { stamps.append($0.timestamp); durations.append($0.duration) }
            link.preferredFrameRateRange = CAFrameRateRange(minimum: 24, maximum: 30, preferred: 30)
            link.add(to: .main, forMode: .common)
            screen.advance(by: 1)
            link.invalidate()
            #expect(stamps.count == 30, "\(fps) Hz")
            #expect(approx(stamps[1] - stamps[0], 1.0 / 30, 1e-9))
            #expect(durations.allSatisfy { approx($0, 1 / Double(fps), 1e-12) })
        }
    }

    @Test("preferredFramesPerSecond sets the range; 0 is the screen's rate")
    func preferredFramesPerSecond() {
        let screen = screen(fps: 60)
        var calls = 0
        let link = CADisplayLink { _ in calls += 1 }
        #expect(link.preferredFramesPerSecond == 0)
        #expect(link.preferredFrameRateRange == .default)
        link.preferredFramesPerSecond = 20
        #expect(link.preferredFrameRateRange == CAFrameRateRange(minimum: 20, maximum: 20, preferred: 20))
        link.add(to: .main, forMode: .common)
        screen.advance(by: 1)
        #expect(calls == 20)
        link.preferredFramesPerSecond = 0
        calls = 0
        screen.advance(by: 1)
        #expect(calls == 60)
        link.remove(from: .main, forMode: .common)
        screen.advance(by: 1)
        #expect(calls == 60, "removed from the run loop: no more calls")
    }

    @Test("a frame rate range the screen cannot meet exactly gets the nearest whole divisor of its rate")
    func frameIntervalChoice() {
        #expect(CAFrameRateRange.default.frameInterval(hostRate: 120) == 1)
        #expect(CAFrameRateRange(minimum: 80, maximum: 120, preferred: 120).frameInterval(hostRate: 60) == 1)
        #expect(CAFrameRateRange(minimum: 10, maximum: 50, preferred: 45).frameInterval(hostRate: 60) == 2, "30 is the only divisor rate within 10–50 near 45")
        #expect(CAFrameRateRange(minimum: 10, maximum: 50, preferred: 45).frameInterval(hostRate: 120) == 3, "40 Hz")
        #expect(CAFrameRateRange(minimum: 0, maximum: 24, preferred: nil).frameInterval(hostRate: 120) == 5)
        #expect(CAFrameRateRange(minimum: .nan, maximum: -1, preferred: .infinity).frameInterval(hostRate: 60) == 1,
                "nonsense rates count as unset")
    }

    @Test("touch gestures step at the screen's rate: a 0.3 s drag moves the finger 36 times at 120 Hz")
    func gesturesFollowTheRate() {
        let screen = screen(fps: 120)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        screen.window!.addSubview(root)
        var moves = 0
        let pan = UIPanGestureRecognizer { pan in if pan.state == .changed { moves += 1 } }
        root.addGestureRecognizer(pan)
        let start = screen.frameIndex
        screen.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 90, y: 90), duration: 0.3)
        #expect(screen.frameIndex - start == 36)
        #expect(moves >= 30)
    }
}

@MainActor
@Suite("Host: the frame statistics readout")
struct FrameReadoutTests {
    @Test("the readout gives frame time, refresh rate and hitch time ratio, never a frames-per-second average")
    func readoutLine() {
        let screen = HeadlessScreen(size: CGSize(width: 100, height: 100), framesPerSecond: 120)
        screen.show(UIWindow(frame: .zero))
        var stats = FrameStatistics()
        stats.layoutTime = 0.001
        stats.compositeTime = 0.002
        #expect(screen.statisticsReadout(stats)[0] == "3.0 ms a frame · 120 Hz", "virtual time measures no hitches")
        screen.hitchTimeRatio = 4.5
        let first = screen.statisticsReadout(stats)[0]
        #expect(first == "3.0 ms a frame · 120 Hz · hitches 4.5 ms/s")
        #expect(!first.contains("fps"))
    }
}
