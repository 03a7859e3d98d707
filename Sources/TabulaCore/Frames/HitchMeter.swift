/// Measures hitches the way Apple's tools do: the *hitch time ratio*, milliseconds by
/// which frames were late per second of motion.
///
/// A frame is expected one refresh interval after the frame before it while something
/// moves. A frame presented `n` intervals after its predecessor missed `n − 1` refreshes:
/// its hitch time is `(n − 1) × interval`, where `n` is the gap rounded to whole
/// refreshes (so a few milliseconds of scheduling jitter are not hitches). Gaps after
/// the screen had nothing to show are not motion and count neither as hitches nor as
/// time. The ratio is over the last ``window`` seconds (of the clock the times are
/// given on): under 5 ms/s is good, 5–10 ms/s is noticeable, above 10 ms/s is bad.
///
/// This replaces an average frame rate, which reads low whenever the screen rests
/// between short animations although no frame was late.
///
/// ```swift
/// var meter = HitchMeter(framesPerSecond: 60)
/// meter.recordFrame(at: now, continuesMotion: wasAnimating)
/// label.text = "\(meter.hitchTimeRatio) ms/s"
/// ```
public struct HitchMeter: Sendable, Equatable {
    /// One presented frame that followed another during motion.
    private struct Entry: Sendable, Equatable {
        let time: Double
        let gap: Double
        let hitch: Double
    }

    /// The refresh interval, in seconds.
    public let frameInterval: Double
    /// How far back the ratio looks, in seconds.
    public let window: Double
    private var entries: [Entry] = []
    private var lastFrame: Double?

    /// A meter for a display refreshing `framesPerSecond` times a second, looking back
    /// `window` seconds. A rate that is not positive counts as 60.
    public init(framesPerSecond: Double, window: Double = 1) {
        let rate = framesPerSecond.isFinite && framesPerSecond > 0 ? framesPerSecond : 60
        frameInterval = 1 / rate
        self.window = window.isFinite && window > 0 ? window : 1
    }

    /// The hitch time of a frame presented `gap` seconds after the previous one during
    /// motion, on a display refreshing every `frameInterval` seconds: the whole refreshes
    /// it missed, in seconds.
    public static func hitchTime(gap: Double, frameInterval: Double) -> Double {
        guard gap.isFinite, gap > 0, frameInterval > 0 else { return 0 }
        let refreshes = (gap / frameInterval).rounded()
        return max(refreshes - 1, 0) * frameInterval
    }

    /// Records a frame presented at `time` (seconds). `continuesMotion` is true when the
    /// screen wanted this frame as soon as the previous one was shown (something was
    /// moving); false after it rested, when the gap says nothing about lateness.
    public mutating func recordFrame(at time: Double, continuesMotion: Bool) {
        defer { lastFrame = time }
        guard time.isFinite else { return }
        if continuesMotion, let last = lastFrame, time > last {
            let gap = time - last
            entries.append(Entry(time: time, gap: gap, hitch: Self.hitchTime(gap: gap, frameInterval: frameInterval)))
        }
        let oldest = time - window
        if let keep = entries.firstIndex(where: { $0.time > oldest }) {
            entries.removeFirst(keep)
        } else {
            entries.removeAll()
        }
    }

    /// Milliseconds of hitches per second of motion over the window; 0 when nothing moved.
    public var hitchTimeRatio: Double {
        let motion = entries.reduce(0) { $0 + $1.gap }
        guard motion > 0 else { return 0 }
        return entries.reduce(0) { $0 + $1.hitch } * 1000 / motion
    }

    /// Frames that were late within the window.
    public var hitchCount: Int { entries.count { $0.hitch > 0 } }
}
