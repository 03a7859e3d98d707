/// Which clock a layer's animations run on.
///
/// A layer on a host runs on that host's clock. A layer on no host has no clock of its
/// own: it runs on ``MediaClock/stopped``, which stays at 0, so its time stands still
/// and its animations do not advance. When the layer's clock changes — its tree joins a
/// screen, moves to another screen or leaves one — the times of its animations move by
/// the difference between the two clocks, so each animation keeps its progress: one
/// added while the layer was on no screen starts when the layer appears on one, and one
/// moved between screens continues from where it was, never jumping or waiting for the
/// other clock.
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
        for i in animationCores.indices {
            animationCores[i].shift(by: shift)
            animationCores[i].timingID = AnimationTimingIDs.id(for: animationCores[i])
        }
        for anim in animationList where anim.endTime.isFinite { anim.endTime += shift }
        presentationNeedsModel = true
        return clock
    }
}
