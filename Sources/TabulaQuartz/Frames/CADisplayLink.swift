import Foundation

/// Calls a closure at the start of every frame the host runs, before layout, as UIKit's
/// `CADisplayLink` does (the action is a closure instead of a target and selector).
///
/// A host's clock drives it: under `HeadlessScreen` it fires once per frame of
/// `HeadlessScreen.advance(by:)`, never on its own. A link names a run loop, not a host:
/// added with ``add(to:forMode:)`` while a host does its work (in a display link, a
/// touch handler, a completion) it belongs to that host; added outside every host's work
/// it belongs to the next host that turns the run loop, at the start of its next frame
/// (in an app, the only host, turning the main run loop). That host fires it from then
/// on, and keeps it alive until ``invalidate()``, as UIKit's run loop retains a link;
/// another screen's frames never fire it. It fires at the host's refresh rate
/// (`HeadlessScreen.framesPerSecond`) unless ``preferredFrameRateRange`` or
/// ``preferredFramesPerSecond`` asks for fewer frames.
///
/// Work that finishes on another thread can leave its result where the display link's
/// action picks it up, which brings it to the main actor at a known point of the frame
/// even while a host's loop keeps the main actor busy.
///
/// ```swift
/// let link = CADisplayLink { link in print(link.timestamp, link.targetTimestamp) }
/// link.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 60, preferred: 30)
/// link.add(to: .main, forMode: .common)
/// // …
/// link.invalidate()
/// ```
@preconcurrency @MainActor
public final class CADisplayLink {
    private let action: (CADisplayLink) -> Void
    private var isScheduled = false
    private var hostRate = 60
    private var framesUntilNextCall = 0

    /// The time of the frame of the current (or last) call, in seconds on the host's clock.
    public private(set) var timestamp: TimeInterval = 0
    /// The time of the frame of the next call: ``timestamp`` plus this link's interval,
    /// which is longer than ``duration`` when it asks for a lower rate than the host's.
    public private(set) var targetTimestamp: TimeInterval = 0
    /// The time between the host's frames (its refresh interval), whatever rate this link
    /// asks for.
    public var duration: TimeInterval { 1 / Double(hostRate) }
    /// While true the action is not called; the link stays scheduled.
    public var isPaused = false
    /// The range of rates the action should be called at; ``CAFrameRateRange/default``
    /// (the default) calls it every frame of the host.
    public var preferredFrameRateRange = CAFrameRateRange.default
    /// The rate the action should be called at, in frames per second; 0 (the default)
    /// means the host's rate. Setting it sets ``preferredFrameRateRange`` to that rate.
    public var preferredFramesPerSecond: Int {
        get { Int(preferredFrameRateRange.preferred ?? 0) }
        set {
            let rate = Float(max(newValue, 0))
            preferredFrameRateRange = rate == 0 ? .default : CAFrameRateRange(minimum: rate, maximum: rate, preferred: rate)
        }
    }

    /// A display link that calls `action` every frame once added to a run loop.
    public convenience init(_ action: @escaping @MainActor (CADisplayLink) -> Void) {
        self.init(action: action, heldByOwner: false)
    }

    private init(action: @escaping @MainActor (CADisplayLink) -> Void, heldByOwner: Bool) {
        self.action = action
        self.heldByOwner = heldByOwner
    }

    /// A display link for Tabula's own views and controllers, which hold it themselves:
    /// scheduled, it is not kept alive by its host, so that it stops when its owner goes,
    /// even if the owner never invalidated it.
    package static func heldByOwner(_ action: @escaping @MainActor (CADisplayLink) -> Void) -> CADisplayLink {
        CADisplayLink(action: action, heldByOwner: true)
    }

    /// Whether the link's owner holds it (``heldByOwner(_:)``); otherwise its host does
    /// while it is scheduled, as UIKit's run loop retains a display link.
    private let heldByOwner: Bool

    /// Starts calling the action every frame: of the host doing its work now, or else of
    /// the next host to turn the run loop. The run loop and mode are accepted for UIKit's
    /// shape; frames come from the host whatever they are. As in UIKit, the host keeps the
    /// link (and so what its action holds) until ``invalidate()``: a link need not be
    /// stored to keep firing.
    public func add(to runLoop: RunLoop = .main, forMode mode: RunLoop.Mode = .common) {
        guard !isScheduled else { return }
        isScheduled = true
        framesUntilNextCall = 0
        if let engine = FrameEngine.running.get() {
            schedule(on: engine)
        } else {
            let link = Reference(self, strong: !heldByOwner)
            FrameEngine.handToNextHost { engine in
                guard let self = link.object, self.isScheduled else { return }
                self.schedule(on: engine)
            }
        }
    }

    /// Fires the link at each of `engine`'s frames from now on.
    private func schedule(on engine: FrameEngine) {
        hostRate = engine.framesPerSecond
        let link = Reference(self, strong: !heldByOwner)
        engine.ticker.add(self) { time in
            guard let self = link.object, self.isScheduled else { return false }
            self.frame(at: time)
            return self.isScheduled
        }
    }

    /// The link as its host holds it: strongly, or weakly for a link its owner holds.
    private struct Reference {
        private let strong: CADisplayLink?
        private weak var weak: CADisplayLink?
        init(_ link: CADisplayLink, strong: Bool) {
            self.strong = strong ? link : nil
            weak = link
        }
        var object: CADisplayLink? { strong ?? weak }
    }

    /// One frame of the host: calls the action when this link's interval has passed.
    private func frame(at time: TimeInterval) {
        // The ticker fires only inside its engine's frame, while that engine is working.
        hostRate = FrameEngine.running.get()?.framesPerSecond ?? hostRate
        guard framesUntilNextCall <= 0 else {
            framesUntilNextCall -= 1
            return
        }
        let interval = preferredFrameRateRange.frameInterval(hostRate: hostRate)
        framesUntilNextCall = interval - 1
        timestamp = time
        targetTimestamp = time + Double(interval) / Double(hostRate)
        if !isPaused { action(self) }
    }

    /// Stops the calls, as ``invalidate()`` does: frames come from the host, not from a
    /// run loop mode, so there is only one schedule to leave.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        invalidate()
    }

    /// Stops the calls for good (the link can be added again).
    public func invalidate() {
        guard isScheduled else { return }
        isScheduled = false
        FrameEngine.removeFrameWork(of: self)
    }
}
