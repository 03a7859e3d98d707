import Foundation
import Testing
@testable import TabulaQuartz

/// Counts its layouts and draws.
private final class CountingLayer: CALayer {
    var layouts = 0
    var draws = 0
    override func layoutSublayers() {
        super.layoutSublayers()
        layouts += 1
    }
    override func draw(in ctx: CGContext) { draws += 1 }
}

/// The frame sequence run by the engine itself, with no view and no screen
/// (DESIGN: "the frame sequence belongs to the frame engine in the render module").
@MainActor
@Suite("Frames: the frame engine runs frames of plain layers")
struct FrameEngineTests {
    @Test("a frame lays out and draws only the layers that asked, once each, and counts itself")
    func layoutAndDisplay() {
        let stage = LayerStage()
        let layer = CountingLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        stage.root.addSublayer(layer)
        let before = stage.engine.framesRun
        stage.advance(by: 1.0 / 60)
        #expect(stage.engine.framesRun == before + 1)
        #expect(stage.framesRun == stage.engine.framesRun, "a host reads its frame count from its engine")
        let (layouts, draws) = (layer.layouts, layer.draws)
        stage.advance(by: 3.0 / 60)
        #expect(layer.layouts == layouts && layer.draws == draws, "nothing asked again")
        layer.setNeedsLayout()
        layer.setNeedsDisplay()
        stage.advance(by: 1.0 / 60)
        #expect(layer.layouts == layouts + 1)
        #expect(layer.draws == draws + 1)
        #expect(stage.redraws > 0, "the host hears of redrawn backing stores")
    }

    @Test("frame work runs at the start of each frame with the frame's time, until it says stop")
    func frameWork() {
        let stage = LayerStage()
        let owner = CALayer()
        var times: [TimeInterval] = []
        stage.engine.ticker.add(owner) { t in
            times.append(t)
            return times.count < 3
        }
        #expect(FrameEngine.hasFrameWork(owner))
        stage.advance(by: 5.0 / 60)
        #expect(times.count == 3)
        #expect(approx(times[0], 1.0 / 60, 1e-9) && approx(times[2], 3.0 / 60, 1e-9))
        #expect(!FrameEngine.hasFrameWork(owner))
    }

    @Test("an explicit animation of a plain layer shows its halfway value halfway, on the host's clock")
    func explicitAnimationHalfway() {
        let stage = LayerStage()
        stage.advance(by: 1)
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), 1, 0, 0)
        stage.root.addSublayer(layer)
        layer.add(linear("opacity", from: 1.0, to: 0.0, duration: 1), forKey: "fade")
        stage.advance(by: 0.5)
        #expect(approx(Double(layer.presentation()!.opacity), 0.5))
        #expect(layer.opacity == 1, "the model keeps its value")
        stage.advance(by: 0.5)
        #expect(layer.animationKeys() == nil)
        #expect(layer.presentation()!.opacity == 1)
    }

    @Test("a completion that starts the next animation is evaluated in the same frame")
    func callbackChainsInOneFrame() {
        let stage = LayerStage()
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), 1, 0, 0)
        stage.root.addSublayer(layer)
        stage.advance(by: 1.0 / 60)
        let log = CallLog()
        CATransaction.begin()
        CATransaction.setCompletionBlock {
            log.add("first done")
            layer.add(linear("position.x", from: 100.0, to: 200.0, duration: 1), forKey: "next")
        }
        layer.add(linear("opacity", from: 1.0, to: 0.0, duration: 0.5), forKey: "first")
        CATransaction.commit()
        stage.advance(by: 0.5)
        #expect(log.entries == ["first done"])
        #expect(approx(Double(layer.presentation()!.position.x), 100), "the next animation shows in the frame that started it")
    }

    @Test("a display link added from code fires at each of the host's frames, with the frame's time")
    func displayLink() {
        let stage = LayerStage(framesPerSecond: 120)
        var stamps: [TimeInterval] = []
        let link = CADisplayLink { stamps.append($0.timestamp) }
        link.add(to: .main, forMode: .common)
        defer { link.invalidate() }
        stage.advance(by: 3.0 / 120)
        #expect(stamps.count == 3)
        #expect(approx(stamps.last!, stage.currentTime, 1e-9))
        #expect(approx(link.duration, 1.0 / 120, 1e-12), "the host's refresh interval")
        link.isPaused = true
        stage.advance(by: 2.0 / 120)
        #expect(stamps.count == 3)
    }

    @Test("the host keeps a display link that nothing else holds until it is invalidated, as UIKit's run loop retains one")
    func displayLinkIsRetainedWhileScheduled() {
        let stage = LayerStage()
        var calls = 0
        weak var added: CADisplayLink?
        do {
            let link = CADisplayLink { _ in calls += 1 }
            link.add(to: .main, forMode: .common)
            added = link
        }
        stage.advance(by: 3.0 / 60)
        #expect(calls == 3, "the link was not stored, and fires: \(calls)")
        #expect(added != nil)
        added?.invalidate()
        stage.advance(by: 2.0 / 60)
        #expect(calls == 3, "invalidated, it stops")
        #expect(added == nil, "and the host lets it go")
    }

    @Test("two engines are independent: one stage's frames never move the other's clock or animations")
    func twoStagesAreIndependent() {
        let a = LayerStage(), b = LayerStage()
        let layerA = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), 1, 0, 0)
        let layerB = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), 0, 0, 1)
        a.root.addSublayer(layerA)
        b.root.addSublayer(layerB)
        layerA.add(linear("opacity", from: 1.0, to: 0.0, duration: 1), forKey: "fade")
        layerB.add(linear("opacity", from: 1.0, to: 0.0, duration: 1), forKey: "fade")
        a.advance(by: 0.75)
        #expect(approx(Double(layerA.presentation()!.opacity), 0.25))
        #expect(approx(Double(layerB.presentation()!.opacity), 1), "B's clock did not move")
        #expect(b.engine.clock.now == 0)
        b.advance(by: 0.25)
        #expect(approx(Double(layerB.presentation()!.opacity), 0.75))
        #expect(approx(Double(layerA.presentation()!.opacity), 0.25))
    }

    @Test("the compositor draws the frame an animation leaves: a square halfway across at 0.5 s")
    func compositedAnimationFrame() {
        let stage = LayerStage()
        let square = solidLayer(CGRect(x: 0, y: 80, width: 40, height: 40), 1, 0, 0)
        stage.root.addSublayer(square)
        stage.advance(by: 1.0 / 60)
        square.add(linear("position.x", from: 20.0, to: 180.0, duration: 1), forKey: "slide")
        stage.advance(by: 0.5)
        let frame = stage.snapshot()
        #expect(close(frame.color(x: 100, y: 100), 1, 0, 0), "the square is at x = 100: \(frame.color(x: 100, y: 100))")
        #expect(close(frame.color(x: 20, y: 100), 1, 1, 1), "it left where it started")
        #expect(close(frame.color(x: 180, y: 100), 1, 1, 1), "and has not arrived")
    }

    @Test("with no tree a frame still runs the callbacks already queued")
    func frameWithoutTree() {
        let stage = LayerStage()
        let log = CallLog()
        CATransaction.begin()
        CATransaction.setCompletionBlock { log.add("done") }
        CATransaction.commit()
        // A transaction that animated nothing names no host: its completion goes to the
        // next host that turns the run loop, and waits in its queue for its frame.
        stage.engine.turnRunLoop()
        #expect(log.entries.isEmpty)
        #expect(stage.engine.runFrame(root: nil, host: stage, at: 0) == nil)
        #expect(log.entries == ["done"])
    }
}
