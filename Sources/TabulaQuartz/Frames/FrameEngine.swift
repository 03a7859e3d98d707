import Foundation

/// What one host owns to run frames: its media clock, its frame work (display links,
/// decelerations, recognizer timers), its animation callback queue and the driver that
/// evaluates its layers' animations.
///
/// Nothing here is shared between hosts, so two screens in one process are independent:
/// advancing one never moves the other's clock, flings or animations. A layer reaches
/// its host's engine through ``CALayer/host``, a view through its layer.
///
/// Work that belongs to no host — a display link added from code, frame work or a
/// callback of a view that is on no screen — waits in the *unclaimed* engine, and the
/// next host to run a frame adopts it. A layer on no host reads the clock of the host
/// being driven (``current``: the one running a frame, or else the last one shown,
/// advanced or touched); see `CALayer.alignAnimationClock()` for what happens to its
/// animations when it joins a host.
@MainActor
package final class FrameEngine {
    /// The host's clock.
    package let clock: MediaClock
    /// Work run at the start of each frame.
    package let ticker = FrameTicker()
    /// Animation delegate and completion callbacks, run after each frame's animations.
    package let callbacks = AnimationCallbacks()
    /// Evaluates the animations of the host's layers each frame.
    package let animationDriver = AnimationDriver()

    /// The host's refresh rate.
    let framesPerSecond: Int
    /// How many frames ``runFrame(root:host:at:)`` has run.
    package internal(set) var framesRun = 0

    package init(referenceDate: Date, framesPerSecond: Int = 60) {
        clock = MediaClock(referenceDate: referenceDate)
        self.framesPerSecond = framesPerSecond
    }

    /// The engine of the host being driven: the host running a frame now, or the last
    /// one that was shown, advanced or touched. Nil before any host has been driven.
    private(set) static weak var current: FrameEngine?

    /// Holds work that belongs to no host until a host runs its next frame. Its clock
    /// stays at 0.
    static let unclaimed = FrameEngine(referenceDate: Date(timeIntervalSinceReferenceDate: 0))

    /// Every live engine, so that work can be cancelled wherever it was scheduled.
    private static var live: [Weak<FrameEngine>] = []

    /// Makes this engine the one being driven.
    package func becomeCurrent() {
        guard Self.current !== self else { return }
        if !Self.live.contains(where: { $0.object === self }) {
            Self.live.removeAll { $0.object == nil }
            Self.live.append(Weak(self))
        }
        Self.current = self
    }

    /// Takes over the unclaimed work (at the start of each of this host's frames).
    package func adoptUnclaimedWork() {
        if Self.unclaimed.ticker.hasActions { ticker.adopt(Self.unclaimed.ticker) }
        if !Self.unclaimed.callbacks.isEmpty { callbacks.adopt(Self.unclaimed.callbacks) }
    }

    /// The engine that runs frame work and callbacks for `layer`: its host's, or the
    /// unclaimed one.
    package static func of(_ layer: CALayer?) -> FrameEngine { layer?.host?.engine ?? unclaimed }

    /// The clock `layer` runs on: its host's, or else that of the host being driven.
    package static func clock(of layer: CALayer?) -> MediaClock {
        layer?.host?.engine.clock ?? current?.clock ?? unclaimed.clock
    }

    /// Cancels the frame work of `owner` on every engine.
    package static func removeFrameWork(of owner: AnyObject) {
        unclaimed.ticker.remove(owner)
        for engine in live { engine.object?.ticker.remove(owner) }
    }

    /// Whether `owner` has frame work on any engine.
    package static func hasFrameWork(_ owner: AnyObject) -> Bool {
        unclaimed.ticker.isTicking(owner) || live.contains { $0.object?.ticker.isTicking(owner) == true }
    }
}
