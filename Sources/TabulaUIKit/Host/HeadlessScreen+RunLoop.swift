import Foundation

/// The run loop under the virtual clock: what scheduled work runs, and when.
///
/// Each frame starts with a turn of the run loop, as in an app, then runs the frame's
/// work (frame work and display links, layout, display, animations, callbacks). What the
/// turn can run depends on the thread the main actor is on:
///
/// - On the main thread (an app, a command-line tool with a synchronous `main`, XCTest),
///   the turn is `RunLoop.main` polled once: the blocks of `DispatchQueue.main.async`,
///   `RunLoop.main.perform` and `Task { @MainActor in … }` queued before the frame run.
/// - Elsewhere — Swift Testing on Linux runs `@MainActor` tests on the main queue after
///   `dispatch_main()`, on a worker thread, where libdispatch forbids draining the main
///   queue from inside one of its blocks — the synchronous ``advance(by:)`` polls only
///   the current thread's run loop (its timers and `perform` blocks), and
///   `await advance(by:)` also suspends once a frame so that the main queue runs what
///   was queued: `DispatchQueue.main.async` blocks and main-actor tasks.
///
/// `Timer` and `DispatchQueue.main.asyncAfter` keep real time, as Foundation and
/// libdispatch measure it (nothing can move their clock): they run at the first frame
/// after their deadline has passed on the wall clock, which a virtual second usually
/// reaches long before. For work that must follow the screen's clock, use a
/// `CADisplayLink` (its `timestamp` is the screen's time) or an animation's completion.
extension HeadlessScreen {
    /// Moves the virtual clock forward by `seconds` as ``advance(by:)`` does, and before
    /// each frame suspends once, so that what is queued on the main queue —
    /// `DispatchQueue.main.async` blocks, `Task { @MainActor in … }` — runs first, as a run
    /// loop turn would. Even with no frame due it suspends once.
    ///
    /// ```swift
    /// DispatchQueue.main.async { model.reload() }
    /// await screen.advance(by: 1.0 / 60)   // the block has run, then the frame
    /// ```
    public func advance(by seconds: TimeInterval) async {
        precondition(seconds >= 0 && seconds.isFinite, "advance(by:) needs a non-negative duration, got \(seconds)")
        targetTime += seconds
        repeat {
            // Main-actor work queued so far runs before this task resumes: the main
            // queue is first in, first out.
            await Task.yield()
            guard frameIndex < lastFrameDue else { break }
            stepFrame()
        } while true
    }

    /// One turn of the current thread's run loop, without waiting, as this screen's work
    /// (see the extension's notes for what that runs); work handed to the next host to
    /// turn the run loop — a display link added from code — comes to this screen.
    func serviceRunLoop() {
        engine.turnRunLoop()
    }
}
