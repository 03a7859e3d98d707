import Foundation

/// Calls a closure at the start of every frame the host runs, before layout, as UIKit's
/// `CADisplayLink` does (the action is a closure instead of a target and selector).
///
/// A host's clock drives it: under ``HeadlessScreen`` it fires once per frame of
/// ``HeadlessScreen/advance(by:)``, never on its own. Added with
/// ``add(to:forMode:)`` it belongs to the next host that runs a frame (the only one in
/// an app), which fires it from then on; another screen's frames never do. Work that finishes on another
/// thread can leave its result where the display link's action picks it up, which brings
/// it to the main actor at a known point of the frame even while a host's loop keeps
/// the main actor busy.
///
/// ```swift
/// let link = CADisplayLink { link in print(link.timestamp) }
/// link.add(to: .main, forMode: .common)
/// // …
/// link.invalidate()
/// ```
@MainActor
public final class CADisplayLink {
    private let action: (CADisplayLink) -> Void
    private var isScheduled = false

    /// The frame time of the current (or last) call, in seconds on the host's clock.
    public private(set) var timestamp: TimeInterval = 0
    /// The time between frames.
    public var duration: TimeInterval { 1.0 / 60 }
    /// While true the action is not called; the link stays scheduled.
    public var isPaused = false

    /// A display link that calls `action` every frame once added to a run loop.
    public init(_ action: @escaping @MainActor (CADisplayLink) -> Void) {
        self.action = action
    }

    /// Starts calling the action every frame. The run loop and mode are accepted for
    /// UIKit's shape; frames come from the host whatever they are.
    public func add(to runLoop: RunLoop = .main, forMode mode: RunLoop.Mode = .common) {
        guard !isScheduled else { return }
        isScheduled = true
        FrameEngine.unclaimed.ticker.add(self) { [weak self] time in
            guard let self, self.isScheduled else { return false }
            self.timestamp = time
            if !self.isPaused { self.action(self) }
            return self.isScheduled
        }
    }

    /// Stops the calls for good (the link can be added again).
    public func invalidate() {
        guard isScheduled else { return }
        isScheduled = false
        FrameEngine.removeFrameWork(of: self)
    }
}
