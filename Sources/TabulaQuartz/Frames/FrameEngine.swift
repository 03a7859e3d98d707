import Foundation

/// What one host owns to run frames: its media clock, its frame work (display links,
/// decelerations, recognizer timers), its animation callback queue and the driver that
/// evaluates its layers' animations.
///
/// Nothing here is shared between hosts, so two screens in one process are independent:
/// advancing one never moves the other's clock, flings or animations. A layer reaches
/// its host's engine through ``CALayer/host``, a view through its layer.
///
/// No work waits in a process-wide place; it waits where it belongs:
///
/// - A layer on no host has no clock of its own: it reads ``MediaClock/stopped``, which
///   stays at 0. Frame work scheduled for it waits on the layer, in an engine of its own
///   that nothing runs, and the host the layer's tree joins adopts that work at the
///   moment it joins; its animations' times move onto the host's clock then
///   (`CALayer.alignAnimationClock()`), so they start on the screen.
/// - Callbacks of a layer on no host (a delegate hearing that a removed animation
///   stopped) and work that names no layer at all (a display link added from code, the
///   completion of a block that animated nothing) go to the host doing its work now
///   (``running``), or, outside every host's work, to the next host that turns the run
///   loop (``handToNextHost(_:)``), as in UIKit, where they run on the main run loop.
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
        Self.live.removeAll { $0.object == nil }
        Self.live.append(Weak(self))
    }

    /// An engine that no host runs, holding the work of a layer on no host (or of no
    /// layer) until a host adopts it; its clock is the stopped one's twin, at 0.
    private convenience init(waiting: Void) {
        self.init(referenceDate: Date(timeIntervalSinceReferenceDate: 0))
    }

    /// The engine of the host doing its work now — running a frame, turning the run loop
    /// before one, delivering input — bound for the length of that work only
    /// (``work(_:)``); nil outside every host's work.
    package static let running = TaskLocal<FrameEngine?>(wrappedValue: nil)

    /// Runs `body` as this engine's host's work: ``running`` is this engine meanwhile.
    package func work<Result>(_ body: () throws -> Result) rethrows -> Result {
        try Self.running.withValue(self, operation: body)
    }

    /// Every engine alive, weakly (hosts' engines and the engines of waiting work), so that
    /// frame work can be cancelled wherever it was scheduled — its view may have moved to
    /// another screen since. Nothing is run, timed or adopted through this list.
    private static var live: [Weak<FrameEngine>] = []

    /// Moves `other`'s frame work and callbacks here, after this engine's own.
    package func adopt(_ other: FrameEngine) {
        guard other !== self else { return }
        if other.ticker.hasActions { ticker.adopt(other.ticker) }
        if !other.callbacks.isEmpty { callbacks.adopt(other.callbacks) }
    }

    /// The engine that runs the frame work of `layer`: its host's, or, on no host, the
    /// engine its work waits in until its tree joins a host (see ``CALayer/host``).
    /// Without a layer, an engine that the next host to turn the run loop adopts.
    package static func of(_ layer: CALayer?) -> FrameEngine {
        guard let layer else {
            let waiting = FrameEngine(waiting: ())
            handToNextHost { $0.adopt(waiting) }
            return waiting
        }
        if let host = layer.host { return host.engine }
        if let waiting = layer.waitingWork { return waiting }
        let waiting = FrameEngine(waiting: ())
        layer.waitingWork = waiting
        return waiting
    }

    /// The queue for callbacks of `layer` (nil: of no layer): its host's, else the queue of
    /// the host working now, else one that the next host to turn the run loop adopts.
    package static func callbacks(for layer: CALayer?) -> AnimationCallbacks {
        if let host = layer?.host { return host.engine.callbacks }
        if let engine = running.get() { return engine.callbacks }
        let waiting = FrameEngine(waiting: ())
        handToNextHost { $0.adopt(waiting) }
        return waiting.callbacks
    }

    /// The clock `layer` runs on: its host's, or the stopped clock for a layer on no host.
    /// Without a layer: the clock of the host working now, else the stopped clock.
    package static func clock(of layer: CALayer?) -> MediaClock {
        if let layer { return layer.host?.engine.clock ?? .stopped }
        return running.get()?.clock ?? .stopped
    }

    /// Calls `body` with the engine of the next host to turn the run loop
    /// (``turnRunLoop()``), at that turn — for work that names no host.
    ///
    /// The work waits on the main actor, not in the current thread's run loop: on Linux
    /// the main actor runs on the main queue, which libdispatch may serve from a different
    /// thread at each turn (an `async` main, Swift Testing), so work left in one thread's
    /// run loop could wait there for good (a display link added from a main-queue block
    /// never fired in the window).
    package static func handToNextHost(_ body: @escaping @MainActor (FrameEngine) -> Void) {
        handedOff.append(body)
    }

    /// Work handed to the next host to turn the run loop, in the order it was handed.
    private static var handedOff: [@MainActor (FrameEngine) -> Void] = []

    /// One turn of the current thread's run loop, without waiting, as this engine's host's
    /// work: its due timers and `perform` blocks run, then the work handed to the next host
    /// (``handToNextHost(_:)``), including any those blocks handed.
    package func turnRunLoop() {
        work {
            _ = RunLoop.current.run(mode: .default, before: .distantPast)
            let handed = Self.handedOff
            Self.handedOff = []
            for body in handed { body(self) }
        }
    }

    /// Cancels the frame work of `owner` on every engine.
    package static func removeFrameWork(of owner: AnyObject) {
        for engine in live { engine.object?.ticker.remove(owner) }
    }

    /// Whether `owner` has frame work on any engine.
    package static func hasFrameWork(_ owner: AnyObject) -> Bool {
        live.contains { $0.object?.ticker.isTicking(owner) == true }
    }
}
