import Foundation
@testable import TabulaQuartz

/// A host for a tree of plain layers, with no view: the smallest thing that runs the
/// frame engine's frames and composites what they leave.
///
/// It owns an engine (clock, frame work, callbacks, animation driver) as a screen
/// does, so the tests below drive layers, animations, transactions and the compositor
/// exactly as a window host would, frame by frame at 60 Hz.
@MainActor
final class LayerStage: LayerTreeHost {
    let engine: FrameEngine
    let root = CALayer()
    let scale: CGFloat
    let framesPerSecond: Int
    private(set) var frameIndex = 0
    private(set) var updatesRequested = 0
    private(set) var redraws = 0
    /// Hears the problems reported about the stage's layers (nil: the process-wide handlers).
    var problemHandler: ((String) -> Void)?

    /// A stage of `width`×`height` points with a white root layer on it, one frame run.
    init(width: CGFloat = 200, height: CGFloat = 200, scale: CGFloat = 1, framesPerSecond: Int = 60) {
        self.scale = scale
        self.framesPerSecond = framesPerSecond
        engine = FrameEngine(referenceDate: Date(timeIntervalSinceReferenceDate: 0), framesPerSecond: framesPerSecond)
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = Color(red: 1, green: 1, blue: 1)
        root.host = self
        runFrame()
    }

    /// The time of the last frame, on this stage's clock.
    var currentTime: TimeInterval { Double(frameIndex) / Double(framesPerSecond) }

    /// Runs the frame at the current time again (as a host does when it is first shown).
    @discardableResult
    func runFrame() -> FrameTimes? { engine.runFrame(root: root, host: self, at: currentTime) }

    /// Runs every frame in the next `seconds`, each after a turn of the run loop, as a
    /// host does.
    func advance(by seconds: TimeInterval) {
        let frames = Int((seconds * Double(framesPerSecond) + 1e-6).rounded(.down))
        for _ in 0 ..< frames {
            frameIndex += 1
            engine.clock.now = currentTime
            engine.turnRunLoop()
            runFrame()
        }
    }

    /// The composited tree, as a person would see it.
    func snapshot() -> Bitmap {
        let bitmap = Bitmap(width: Int((root.bounds.width * scale).rounded()),
                            height: Int((root.bounds.height * scale).rounded()), opaque: true)
        _ = Compositor().render(root, into: bitmap, scale: scale, background: Color(red: 0, green: 0, blue: 0))
        return bitmap
    }

    func layerTreeNeedsUpdate() { updatesRequested += 1 }
    func noteBackingStoreRedrawn() { redraws += 1 }
}

/// Whether `c` is within `tolerance` of the colour (r, g, b) in every channel.
func close(_ c: Color, _ r: Double, _ g: Double, _ b: Double, tolerance: Double = 0.06) -> Bool {
    abs(c.red - r) <= tolerance && abs(c.green - g) <= tolerance && abs(c.blue - b) <= tolerance
}

/// Whether `a` and `b` differ by at most `tolerance`.
func approx(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

/// A layer of `frame` filled with (r, g, b).
@MainActor
func solidLayer(_ frame: CGRect, _ r: Double, _ g: Double, _ b: Double) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = Color(red: r, green: g, blue: b)
    return layer
}

/// A linear animation of `keyPath` from `from` to `to` over `duration` seconds.
@MainActor
func linear(_ keyPath: String, from: Any, to: Any, duration: Double) -> CABasicAnimation {
    let anim = CABasicAnimation(keyPath: keyPath)
    anim.fromValue = from
    anim.toValue = to
    anim.duration = duration
    anim.timingFunction = CAMediaTimingFunction(name: .linear)
    return anim
}

/// Whether two points differ by at most `tolerance` in each coordinate.
func approx(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-6) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// What callbacks said, in order.
@MainActor
final class CallLog {
    var entries: [String] = []
    func add(_ s: String) { entries.append(s) }
}

/// Tells a log what an animation's delegate hears.
@MainActor
final class AnimationSpy: CAAnimationDelegate {
    let name: String
    let log: CallLog
    init(_ name: String, log: CallLog) { (self.name, self.log) = (name, log) }
    func animationDidStart(_ anim: CAAnimation) { log.add("\(name) start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { log.add("\(name) stop \(flag)") }
}

/// Runs `n` frames of `stage`.
@MainActor
func runFrames(_ stage: LayerStage, _ n: Int) { stage.advance(by: Double(n) / Double(stage.framesPerSecond)) }

/// A 200-point stage with a white root layer, and the root to add layers to.
@MainActor
func layerStage(scale: CGFloat = 1) -> (LayerStage, CALayer) {
    let stage = LayerStage(scale: scale)
    return (stage, stage.root)
}

/// Writes `bitmap` as `name`.png into the folder `TABULA_LOOK_DIR` names, if any, for a
/// person to look at.
func writeForLooking(_ bitmap: Bitmap, _ name: String) {
    guard let folder = ProcessInfo.processInfo.environment["TABULA_LOOK_DIR"] else { return }
    try? bitmap.pngData().write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + ".png"))
}

/// Replaces `CALayer.onInvalidValue` while `body` runs and returns the reported messages.
@MainActor
func capturingInvalidValues(_ body: () -> Void) -> [String] {
    let saved = CALayer.onInvalidValue
    let log = CallLog()
    CALayer.onInvalidValue = { log.add($0) }
    defer { CALayer.onInvalidValue = saved }
    body()
    return log.entries
}
