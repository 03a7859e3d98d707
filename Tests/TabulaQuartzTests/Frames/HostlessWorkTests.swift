import Foundation
import Testing
@testable import TabulaQuartz

/// Work that belongs to no host yet waits where it belongs, not in the process (DESIGN:
/// "per host, not per process"): a layer joins its host's clock when its tree joins the
/// host, and what names no layer goes to the host doing its work or the next one to turn
/// the run loop.
@MainActor
@Suite("Frames: work of layers on no host")
struct HostlessWorkTests {
    @Test("frame work scheduled for a layer on no host waits on the layer, and runs on the host's clock once its tree joins")
    func frameWorkWaitsOnTheLayer() {
        let stage = LayerStage()
        let parent = CALayer(), layer = CALayer()
        parent.addSublayer(layer)
        var times: [TimeInterval] = []
        FrameEngine.of(layer).ticker.add(layer) { t in
            times.append(t)
            return true
        }
        #expect(layer.waitingWork != nil)
        stage.advance(by: 3.0 / 60)
        #expect(times.isEmpty, "the stage's frames do not run work of a layer that is not on it")
        #expect(FrameEngine.hasFrameWork(layer), "it can still be found, and cancelled")
        stage.root.addSublayer(parent)
        #expect(layer.waitingWork == nil, "the stage adopted it when the tree joined")
        stage.advance(by: 2.0 / 60)
        #expect(times.count == 2)
        #expect(approx(times.last!, stage.currentTime, 1e-9))
        FrameEngine.removeFrameWork(of: layer)
        stage.advance(by: 1.0 / 60)
        #expect(times.count == 2)
    }

    @Test("an animation added to a layer on no host stands still, and starts when its tree joins a host, on that host's clock")
    func animationStartsOnJoining() {
        let stage = LayerStage()
        stage.advance(by: 1)
        let layer = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), 1, 0, 0)
        layer.add(linear("opacity", from: 1.0, to: 0.0, duration: 1), forKey: "fade")
        #expect(layer.mediaClock === MediaClock.stopped)
        stage.advance(by: 0.5)
        #expect(approx(Double(layer.presentation()!.opacity), 1), "a layer on no host has no time passing")
        stage.root.addSublayer(layer)
        #expect(layer.mediaClock === stage.engine.clock)
        stage.advance(by: 0.25)
        #expect(approx(Double(layer.presentation()!.opacity), 0.75), "a quarter of the way, counted from joining")
        stage.advance(by: 1)
        #expect(layer.animationKeys() == nil)
    }

    @Test("CACurrentMediaTime reads the clock of the host doing its work, and 0 outside every host's work")
    func currentMediaTime() {
        let a = LayerStage(), b = LayerStage()
        a.advance(by: 2)
        b.advance(by: 0.5)
        #expect(CACurrentMediaTime() == 0, "a test's own statements are no host's work")
        var seenA: [Double] = [], seenB: [Double] = []
        a.engine.ticker.add(a.root) { _ in
            seenA.append(CACurrentMediaTime())
            return false
        }
        b.engine.ticker.add(b.root) { _ in
            seenB.append(CACurrentMediaTime())
            return false
        }
        a.advance(by: 1.0 / 60)
        b.advance(by: 1.0 / 60)
        #expect(seenA.count == 1 && approx(seenA[0], a.currentTime, 1e-9))
        #expect(seenB.count == 1 && approx(seenB[0], b.currentTime, 1e-9))
    }

    @Test("a display link added outside every host's work joins the next host to turn the run loop; one added in a host's frame joins that host")
    func displayLinksJoinTheirHost() {
        let a = LayerStage(), b = LayerStage()
        var fromCode: [TimeInterval] = []
        let link = CADisplayLink { fromCode.append($0.timestamp) }
        link.add(to: .main, forMode: .common)
        defer { link.invalidate() }
        b.advance(by: 2.0 / 60)
        a.advance(by: 3.0 / 60)
        #expect(fromCode.count == 2, "B turned the run loop first; A's frames do not fire B's link")
        #expect(approx(fromCode.last!, b.currentTime, 1e-9))

        var fromFrame: [TimeInterval] = []
        var made: CADisplayLink?
        a.engine.ticker.add(a.root) { _ in
            let inner = CADisplayLink { fromFrame.append($0.timestamp) }
            inner.add(to: .main, forMode: .common)
            made = inner
            return false
        }
        a.advance(by: 1.0 / 60)
        b.advance(by: 3.0 / 60)
        a.advance(by: 2.0 / 60)
        made?.invalidate()
        #expect(fromFrame.count == 2, "A's next two frames fire it; B's do not")
        #expect(approx(fromFrame.last!, a.currentTime, 1e-9))
    }

    @Test("a delegate of an animation removed from a layer on no host hears it at the next host's frame")
    func callbacksOfNoHost() {
        let stage = LayerStage()
        let log = CallLog()
        let layer = CALayer()
        let anim = linear("opacity", from: 1.0, to: 0.0, duration: 1)
        anim.delegate = AnimationSpy("a", log: log)
        layer.add(anim, forKey: "fade")
        layer.removeAnimation(forKey: "fade")
        #expect(log.entries.isEmpty, "never from inside the call")
        stage.advance(by: 1.0 / 60)
        #expect(log.entries == ["a stop false"])
    }

    @Test("a layer's problem goes to its host's handler; two hosts hear only their own, a layer on no host the process-wide handler")
    func problemsGoToTheirHost() {
        let a = LayerStage(), b = LayerStage()
        var heardA: [String] = [], heardB: [String] = []
        a.problemHandler = { heardA.append($0) }
        b.problemHandler = { heardB.append($0) }
        let onA = CALayer(), onB = CALayer(), onNone = CALayer()
        a.root.addSublayer(onA)
        b.root.addSublayer(onB)
        let unattributed = capturingInvalidValues {
            onA.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1)
            onB.position = CGPoint(x: CGFloat.infinity, y: 0)
            onB.add(linear("nonsense", from: 1.0, to: 0.0, duration: 1), forKey: "bad")
            onNone.sublayers = [onNone]
        }
        #expect(heardA.count == 1 && heardA[0].contains("CALayer.bounds"))
        #expect(heardB.count == 2 && heardB[0].contains("CALayer.position") && heardB[1].contains("nonsense"))
        #expect(unattributed.count == 1 && unattributed[0].contains("CALayer.sublayers"))
    }
}
