import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A flag that main-queue blocks (which are `@Sendable`) can set; only the main actor
/// touches it.
final class MainQueueFlag: @unchecked Sendable {
    var isSet = false
    var frame: Int?
}

/// What scheduled work runs under `advance(by:)` (the article "Testing headless" and
/// `HeadlessScreen+RunLoop.swift` state the rules these tests pin).
@MainActor
@Suite("Host: the run loop under the virtual clock")
struct RunLoopTests {
    @Test("a DispatchQueue.main.async block runs before the next frame, and what it changes is laid out in that frame")
    func mainQueueBlockRunsBeforeTheFrame() async {
        let (screen, root) = makeScreen()
        let view = FrameCountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        root.addSubview(view)
        await screen.advance(by: 1.0 / 60)
        view.layouts = 0
        let flag = MainQueueFlag()
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                flag.isSet = true
                view.setNeedsLayout()
            }
        }
        #expect(!flag.isSet, "never from inside the call that queued it")
        await screen.advance(by: 1.0 / 60)
        #expect(flag.isSet)
        #expect(view.layouts == 1, "the frame that followed laid out what the block changed")
    }

    @Test("Task { @MainActor in } runs at the next frame; work it queues runs at a later one")
    func mainActorTaskRuns() async {
        let (screen, _) = makeScreen()
        var ran: [Int] = []
        Task { @MainActor in
            ran.append(screen.frameIndex)
            DispatchQueue.main.async { MainActor.assumeIsolated { ran.append(screen.frameIndex) } }
        }
        await screen.advance(by: 1.0 / 60)
        #expect(ran.first == 0, "the task ran before frame 1")
        await screen.advance(by: 1.0 / 60)
        #expect(ran.count == 2)
    }

    @Test("await advance(by: 0) runs queued main-queue work without running a frame")
    func advanceByZeroFlushes() async {
        let (screen, _) = makeScreen()
        let flag = MainQueueFlag()
        DispatchQueue.main.async { flag.isSet = true }
        let frames = screen.frameIndex
        await screen.advance(by: 0)
        #expect(flag.isSet)
        #expect(screen.frameIndex == frames)
    }

    @Test("a Timer whose time has come fires at the start of the next frame, at that frame's time")
    func dueTimerFires() {
        let (screen, _) = makeScreen()
        let flag = MainQueueFlag()
        _ = Timer.scheduledTimer(withTimeInterval: 0, repeats: false) { _ in
            MainActor.assumeIsolated {
                flag.isSet = true
                flag.frame = screen.frameIndex
            }
        }
        let before = screen.frameIndex
        screen.advance(by: 1.0 / 60)
        #expect(flag.isSet)
        #expect(flag.frame == before + 1)
    }

    @Test("RunLoop.current.perform blocks run at the next frame")
    func performRuns() {
        let (screen, _) = makeScreen()
        var ran = false
        RunLoop.current.perform { MainActor.assumeIsolated { ran = true } }
        screen.advance(by: 1.0 / 60)
        #expect(ran)
    }

    @Test("asyncAfter keeps real time: it runs at the first frame after its deadline has passed on the wall clock")
    func asyncAfterKeepsRealTime() async {
        let (screen, _) = makeScreen()
        let flag = MainQueueFlag()
        let start = Date()
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { flag.isSet = true }
        await screen.advance(by: 1)
        if Date().timeIntervalSince(start) < 0.15 {
            #expect(!flag.isSet, "one virtual second passed, but not 0.2 s of real time")
        }
        // Frames keep running while real time passes; the block runs at one of them.
        while !flag.isSet, Date().timeIntervalSince(start) < 10 {
            try? await Task.sleep(nanoseconds: 5_000_000)
            await screen.advance(by: 1.0 / 60)
        }
        #expect(flag.isSet)
    }
}
