import Foundation

/// One host's media clock: the seconds of virtual time its frames have reached.
///
/// Every host (`HeadlessScreen`, and the window host through its screen) owns one,
/// in its ``FrameEngine``; only that host moves it, and only between frames. A layer
/// reads the clock of its host, and a layer on no host reads ``stopped``;
/// ``CACurrentMediaTime()`` reads the clock of the host doing its work now
/// (``FrameEngine/running``).
@MainActor
package final class MediaClock {
    /// The time of everything that is on no host: 0, for ever. No engine owns it and
    /// nothing moves it, so it is a constant. A layer on no host runs no frames; when its
    /// tree joins a host, the times of its animations move from this clock onto the host's
    /// (`CALayer.alignAnimationClock()`), so an animation added meanwhile starts on the
    /// screen.
    package static let stopped = MediaClock()

    /// The time of the frame the host is running, or ran last (seconds).
    package var now: Double = 0
    /// The wall-clock date that media time 0 stands for (for `UIView.setAnimationStart(_:)`).
    var referenceDate: Date

    init(referenceDate: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        self.referenceDate = referenceDate
    }

    /// The time on this clock of `date`.
    package func mediaTime(for date: Date) -> Double { date.timeIntervalSince(referenceDate) }
}

/// The current time on the media clock that animations use (seconds).
///
/// Time is virtual and belongs to a host: it moves only when a host runs frames
/// (`HeadlessScreen.advance(by:)` or a window host's display loop). This function
/// answers for the host doing its work now — running a frame (display links, layout,
/// drawing, animation delegates and completions), turning the run loop before one, or
/// delivering a touch, a key or typing — so a `beginTime` of `CACurrentMediaTime() + 1`
/// set there starts an animation one second of that host's clock from now. In an app all
/// code runs as some host's work.
///
/// Outside every host's work — a test's own statements between calls to its screen —
/// there is no host to ask, and it returns 0: the time of a layer on no host, which
/// never moves. Read the screen's clock there (`HeadlessScreen.currentTime`).
@MainActor
public func CACurrentMediaTime() -> Double { FrameEngine.running.get()?.clock.now ?? 0 }
