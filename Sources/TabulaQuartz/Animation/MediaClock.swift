import Foundation

/// One host's media clock: the seconds of virtual time its frames have reached.
///
/// Every host (`HeadlessScreen`, and the window host through its screen) owns one,
/// in its ``FrameEngine``; only that host moves it, and only between frames. A layer
/// reads the clock of its host; ``CACurrentMediaTime()`` reads the clock of the host
/// being driven (``FrameEngine/current``).
@MainActor
package final class MediaClock {
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
/// answers for the host being driven — the one running a frame now, or else the last
/// one shown, advanced or touched — so a `beginTime` of `CACurrentMediaTime() + 1`
/// starts an animation one second of that host's clock from now. With two screens,
/// read the time of the screen whose layers you animate (`HeadlessScreen.currentTime`).
@MainActor
public func CACurrentMediaTime() -> Double { FrameEngine.current?.clock.now ?? 0 }
