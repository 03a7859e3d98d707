import Foundation
import Testing
@testable import TabulaQuartz

/// Core Animation's transactions on plain layers, run by a stage's frames: implicit
/// animations, their settings, and completion blocks (moved here from the UIKit module's
/// tests: none of them needs a view).
@MainActor
@Suite("Animation: transactions and implicit animations of plain layers")
struct CATransactionTests {
    /// A 20-point red layer on a stage, one frame after it joined (a layer changed
    /// before its first frame on a host does not animate).
    private func makeStandaloneLayer() -> (LayerStage, CALayer) {
        let stage = LayerStage()
        let sublayer = CALayer()
        sublayer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        sublayer.backgroundColor = Color(red: 1, green: 0, blue: 0)
        stage.root.addSublayer(sublayer)
        runFrames(stage, 1)
        return (stage, sublayer)
    }

    @Test("a standalone layer animates implicitly: 0.25 s with the default curve")
    func implicitAnimation() {
        let (stage, sublayer) = makeStandaloneLayer()
        let t0 = stage.currentTime
        sublayer.opacity = 0
        sublayer.position = CGPoint(x: 70, y: 20)
        #expect(sublayer.opacity == 0, "the model changes at once")
        #expect(sublayer.animationKeys() == ["opacity", "position"])
        for frame in 1 ..< 15 {
            runFrames(stage, 1)
            let f = TimingCurve.default.value(at: (stage.currentTime - t0) / 0.25)
            let shown = sublayer.presentation()!
            #expect(approx(Double(shown.opacity), 1 - f, 1e-6), "frame \(frame)")
            #expect(approx(shown.position, CGPoint(x: 20 + 50 * f, y: 20)), "frame \(frame)")
        }
        runFrames(stage, 1)
        #expect(sublayer.animationKeys() == nil, "0.25 s = 15 frames")
        #expect(sublayer.presentation()!.opacity == 0)
    }

    @Test("a layer changed before its first frame on screen does not animate implicitly")
    func noImplicitAnimationBeforeFirstFrame() {
        let stage = LayerStage()
        let sublayer = CALayer()
        stage.root.addSublayer(sublayer)
        sublayer.opacity = 0.5
        #expect(sublayer.animationKeys() == nil)
    }

    @Test("setDisableActions(true) inside begin/commit turns implicit animations off for that transaction")
    func disableActions() {
        let (stage, sublayer) = makeStandaloneLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        #expect(CATransaction.disableActions())
        sublayer.opacity = 0.25
        sublayer.position = CGPoint(x: 80, y: 80)
        CATransaction.commit()
        #expect(!CATransaction.disableActions())
        #expect(sublayer.animationKeys() == nil)
        runFrames(stage, 1)
        #expect(sublayer.presentation()!.opacity == 0.25)
        #expect(sublayer.presentation()!.position == CGPoint(x: 80, y: 80))
        sublayer.opacity = 1
        #expect(sublayer.animationKeys() == ["opacity"], "after the commit changes animate again")
    }

    @Test("CATransaction.setAnimationDuration sets the length of the implicit animations")
    func transactionDuration() {
        let (stage, sublayer) = makeStandaloneLayer()
        let t0 = stage.currentTime
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        sublayer.cornerRadius = 10
        CATransaction.commit()
        runFrames(stage, 30)
        let f = TimingCurve.default.value(at: stage.currentTime - t0)
        #expect(approx(Double(sublayer.presentation()!.cornerRadius), 10 * f, 1e-6))
        runFrames(stage, 29)
        #expect(sublayer.animationKeys() == ["cornerRadius"])
        runFrames(stage, 1)
        #expect(sublayer.animationKeys() == nil, "1 s = 60 frames")
    }

    @Test("the completion block runs when the transaction's animations have ended, and never from commit()")
    func transactionCompletion() {
        let (stage, sublayer) = makeStandaloneLayer()
        let log = CallLog()
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.5)
        CATransaction.setCompletionBlock { log.add("done") }
        sublayer.opacity = 0
        CATransaction.commit()
        #expect(log.entries.isEmpty)
        runFrames(stage, 29)
        #expect(log.entries.isEmpty)
        runFrames(stage, 1)
        #expect(log.entries == ["done"], "on the frame the animation ends")
        #expect(sublayer.animationKeys() == nil)
        runFrames(stage, 10)
        #expect(log.entries == ["done"])
    }

    @Test("a transaction without animations runs its completion block on the next frame")
    func transactionCompletionWithoutAnimations() {
        let stage = LayerStage()
        let log = CallLog()
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.add("done") }
        CATransaction.commit()
        #expect(log.entries.isEmpty)
        runFrames(stage, 1)
        #expect(log.entries == ["done"])
    }

    @Test("CATransaction.setAnimationTimingFunction sets the curve of the implicit animations")
    func transactionTimingFunction() {
        let (stage, sublayer) = makeStandaloneLayer()
        let t0 = stage.currentTime
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        sublayer.position.x = 120
        CATransaction.commit()
        for frame in 1 ..< 15 {
            runFrames(stage, 1)
            let f = (stage.currentTime - t0) / 0.25
            #expect(approx(Double(sublayer.presentation()!.position.x), 20 + 100 * f, 1e-9), "frame \(frame)")
        }
    }

    @Test("settings made inside a nested transaction end with its commit")
    func nestedTransactions() {
        let (stage, sublayer) = makeStandaloneLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        CATransaction.setAnimationDuration(2)
        sublayer.opacity = 0.5
        CATransaction.commit()
        #expect(!CATransaction.disableActions())
        #expect(CATransaction.animationDuration() == 1)
        #expect(sublayer.animationKeys() == nil)
        sublayer.cornerRadius = 4
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(sublayer.animationKeys() == ["cornerRadius"])
        runFrames(stage, 59)
        #expect(sublayer.animationKeys() == ["cornerRadius"], "the outer transaction's 1 s")
        runFrames(stage, 1)
        #expect(sublayer.animationKeys() == nil)
    }

    @Test("nested transactions ending on the same frame: the inner completion block runs before the outer one")
    func nestedTransactionCompletions() {
        let (stage, sublayer) = makeStandaloneLayer()
        let log = CallLog()
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.add("outer") }
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.add("inner") }
        sublayer.opacity = 0
        CATransaction.commit()
        CATransaction.commit()
        runFrames(stage, 14)
        #expect(log.entries.isEmpty)
        runFrames(stage, 1)
        #expect(log.entries == ["inner", "outer"])
    }
}
