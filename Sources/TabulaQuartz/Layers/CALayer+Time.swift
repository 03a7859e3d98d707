/// Which clock a layer's animations run on.
///
/// A layer on a host runs on that host's clock. A layer on no host runs on the clock
/// of the host being driven (``FrameEngine/current``), or on a clock stuck at 0 before
/// any host has been driven. When the
/// layer's clock changes — it is shown on a screen, moved to another screen, or its
/// animations were made while another screen was being driven — the times of its
/// animations move by the difference between the two clocks, so each animation keeps
/// its progress: one added before `show` starts when the layer appears on the screen
/// (or where it had got to on the clock it was made on), and one moved between screens
/// continues from where it was, never jumping or waiting for the other clock.
extension CALayer {
    /// The clock of the engine that runs this layer's frames.
    package var mediaClock: MediaClock { FrameEngine.clock(of: self) }

    /// Puts the attached animations on ``mediaClock`` and returns it.
    ///
    /// Invariant: afterwards every time in `animationCores` and `animationList` is a
    /// time on `animationClock`, which is `mediaClock`.
    @discardableResult
    package func alignAnimationClock() -> MediaClock {
        let clock = mediaClock
        guard let old = animationClock, old !== clock else {
            animationClock = clock
            return clock
        }
        animationClock = clock
        let shift = clock.now - old.now
        guard shift != 0, !animationList.isEmpty else { return clock }
        for i in animationCores.indices { animationCores[i].shift(by: shift) }
        for anim in animationList where anim.endTime.isFinite { anim.endTime += shift }
        presentationNeedsModel = true
        return clock
    }
}
