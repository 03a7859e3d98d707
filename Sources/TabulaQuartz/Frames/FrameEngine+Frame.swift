import Foundation

/// The time one frame spent in each of its steps, for a host's frame statistics.
package struct FrameTimes: Sendable, Equatable {
    /// Seconds in layout (`layoutSublayers`, a view's `layoutSubviews`).
    package var layout: TimeInterval = 0
    /// Seconds drawing backing stores (`draw(in:)`, a view's `draw(_:)`).
    package var display: TimeInterval = 0
    /// Seconds evaluating animations.
    package var animation: TimeInterval = 0

    package init() {}
}

/// The frame sequence: what a host runs once per frame of its clock.
///
/// The order is Core Animation's, and a host has no say in it:
///
/// 1. the clock moves to the frame's time, and the engine is the one working
///    (`FrameEngine.running`) until the frame ends;
/// 2. frame work runs (display links, decelerations, recognizer timers), in the order it
///    was added;
/// 3. the tree is laid out, then displayed (only layers that asked), then its animations
///    are evaluated at the frame's time; then the callbacks those produced run (delegates,
///    completion blocks). Changes the callbacks make (a completion that starts the next
///    animation) are laid out, displayed and evaluated in the same frame, up to four rounds;
/// 4. the implicit transaction ends, and the frame is counted.
///
/// Nothing here needs a view: a tree of plain layers runs the same frames as a window.
extension FrameEngine {
    /// Runs one frame at `time` for the tree under `root`, which `host` composites.
    ///
    /// With no root, only the callbacks already queued run (a host with nothing shown
    /// still owes its animations' delegates their calls).
    ///
    /// - Parameters:
    ///   - root: the root of the host's layer tree, or nil when it shows nothing.
    ///   - host: the host that composites the tree; `root.host` should be it.
    ///   - time: the frame's time on this engine's clock.
    /// - Returns: the time spent in layout, display and animation, or nil without a root.
    @discardableResult
    package func runFrame(root: CALayer?, host: any LayerTreeHost, at time: TimeInterval) -> FrameTimes? {
        work { runFrameSteps(root: root, host: host, at: time) }
    }

    private func runFrameSteps(root: CALayer?, host: any LayerTreeHost, at time: TimeInterval) -> FrameTimes? {
        clock.now = time
        defer {
            framesRun += 1
            CATransaction.endImplicitTransaction()
        }
        // Layers released with animations that had not stopped end them now, on the main
        // actor, in time for this frame's callbacks.
        CALayer.endReleasedAnimations()
        guard let root else {
            callbacks.drain()
            return nil
        }
        ticker.fire(at: time)
        var times = FrameTimes()
        for _ in 0 ..< 4 {
            let layoutWatch = Stopwatch()
            root.layoutSubtree()
            times.layout += layoutWatch.elapsed
            let displayWatch = Stopwatch()
            root.displayPendingSubtree()
            times.display += displayWatch.elapsed
            let animationWatch = Stopwatch()
            if animationDriver.tick(at: time, host: host) { host.layerTreeNeedsUpdate() }
            times.animation += animationWatch.elapsed
            // Layers that left the tree this frame report to no host: their callbacks
            // come to the engine working now, this one, and are this frame's too.
            if !callbacks.drain() { break }
        }
        return times
    }
}
