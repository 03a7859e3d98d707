import Foundation
import Testing
@testable import TabulaQuartz

/// Additive animations of a position, a bounds and an opacity — the offsets UIKit's
/// block animations and a table's updates animate — are evaluated in place each frame:
/// the fields start again from the model and every offset adds. What is on screen must be
/// what evaluating every animation from the model gives, and the sum of the offsets.
@MainActor
@Suite("Animation: additive offsets add to the model, frame after frame")
struct AdditiveAnimationTests {
    private func offset(_ keyPath: String, from: Any, to: Any) -> CABasicAnimation {
        let anim = CABasicAnimation(keyPath: keyPath)
        anim.fromValue = from
        anim.toValue = to
        anim.duration = 0.3
        anim.isAdditive = true
        anim.timingFunction = CAMediaTimingFunction(name: .linear)
        return anim
    }

    /// A 50-point square at (100, 100), on a stage.
    private func square() -> (LayerStage, CALayer) {
        let stage = LayerStage()
        let layer = CALayer()
        layer.frame = CGRect(x: 75, y: 75, width: 50, height: 50)
        stage.root.addSublayer(layer)
        runFrames(stage, 1)
        return (stage, layer)
    }

    /// Moves the model without an implicit animation.
    private func setModel(_ change: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change()
        CATransaction.commit()
    }

    @Test("overlapping offsets of a row pushed down twice, grown and faded: the sum, and what the model gives")
    func overlappingOffsets() {
        let (stage, layer) = square()
        // A row pushed down 44 points; five frames later, 44 more, and it grows by 44
        // (its model 94 high, its size animating from 44 less: a negative offset).
        setModel { layer.position.y += 44 }
        layer.add(offset("position", from: CGPoint(x: 0, y: -44), to: CGPoint.zero), forKey: "push-1")
        var drawn: [(y: CGFloat, height: CGFloat, top: CGFloat, opacity: Float)] = []
        for frame in 0 ..< 24 {
            if frame == 5 {
                setModel {
                    layer.position.y += 44 + 22
                    layer.bounds.size.height += 44
                    layer.opacity = 1
                }
                layer.add(offset("position", from: CGPoint(x: 0, y: -66), to: CGPoint.zero), forKey: "push-2")
                layer.add(offset("bounds", from: CGRect(x: 0, y: 0, width: 0, height: -44), to: CGRect.zero), forKey: "grow")
                layer.add(offset("opacity", from: -1.0, to: 0.0), forKey: "fade")
            }
            runFrames(stage, 1)
            let shown = layer.renderProperties
            let reference = layer.presentationProperties(at: stage.currentTime)
            #expect(shown.position == reference.position && shown.bounds == reference.bounds
                    && shown.opacity == reference.opacity, "frame \(frame): in place \(shown.position) \(shown.bounds) \(shown.opacity), from the model \(reference.position) \(reference.bounds) \(reference.opacity)")
            drawn.append((shown.position.y, shown.bounds.size.height, shown.position.y - shown.bounds.size.height / 2,
                          shown.opacity))
        }
        // Frame 2 (3/60 s into the first push): 100 + 44 − 44·(1 − 0.05/0.3).
        #expect(abs(drawn[2].y - (144 - 44 * (1 - 3.0 / 18))) < 1e-6, "\(drawn[2].y)")
        // Frame 9: the first push 10/18 through, the second 5/18; the top edge moves only
        // by the pushes, as the growth adds below it.
        let first = 1 - 10.0 / 18, second = 1 - 5.0 / 18
        #expect(abs(drawn[9].top - (75 + 88 - 44 * first - 44 * second)) < 1e-6, "\(drawn[9].top)")
        #expect(abs(drawn[9].height - (94 - 44 * second)) < 1e-6, "\(drawn[9].height)")
        #expect(abs(drawn[9].opacity - Float(1 - second)) < 1e-6, "\(drawn[9].opacity)")
        // When both end, the model shows.
        #expect(drawn[23].y == 100 + 88 + 22 && drawn[23].height == 94 && drawn[23].opacity == 1)
        #expect(layer.animationKeys() == nil)
    }

    /// A layer's presentation is worked out when the compositor reads it, not at each
    /// addition: a picture taken between an update and its first frame must still show
    /// every offset just added (through `add` and through the updates' own path).
    @Test("a picture taken right after offsets are added, before any frame, shows the layer where they put it")
    func pictureBeforeTheFirstFrame() {
        let stage = LayerStage()
        let layer = solidLayer(CGRect(x: 20, y: 20, width: 40, height: 40), 1, 0, 0)
        stage.root.addSublayer(layer)
        runFrames(stage, 1)
        let red = stage.snapshot().pixel(x: 40, y: 40)
        #expect(red.red > 200 && red.green < 50, "\(red)")
        layer.add(offset("position", from: CGPoint(x: 0, y: 100), to: CGPoint.zero), forKey: "down")
        layer.addMadeAnimation(offset("position", from: CGPoint(x: 80, y: 0), to: CGPoint.zero), of: .position,
                               from: .point(CGPoint(x: 80, y: 0)), to: .point(.zero), forKey: "right")
        let picture = stage.snapshot()
        #expect(picture.pixel(x: 40, y: 40) != red, "not at its model place")
        #expect(picture.pixel(x: 120, y: 140) == red, "100 down and 80 right: \(picture.pixel(x: 120, y: 140))")
        #expect(layer.renderProperties.position == CGPoint(x: 120, y: 140))
        // Removing them shows the model again, also before a frame.
        layer.removeAllAnimations()
        #expect(stage.snapshot().pixel(x: 40, y: 40) == red)
    }

    /// The updates' fades (not additive) go through the same path as their offsets.
    @Test("a fade added through the updates' own path shows what add(_:forKey:) shows, frame by frame, and ends at the model")
    func madeFadeMatchesAdd() {
        let (stage, added) = square(), made = CALayer()
        made.frame = added.frame
        stage.root.addSublayer(made)
        runFrames(stage, 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for layer in [added, made] { layer.opacity = 0.25 }
        CATransaction.commit()
        func fade() -> CABasicAnimation {
            let anim = CABasicAnimation(keyPath: "opacity")
            (anim.fromValue, anim.toValue, anim.duration) = (0.9, 0.25, 0.3)
            anim.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            return anim
        }
        added.add(fade(), forKey: "fade")
        made.addMadeAnimation(fade(), of: .opacity, from: .scalar(0.9), to: .scalar(0.25), forKey: "fade")
        var shown: [Float] = []
        for _ in 0 ..< 24 {
            #expect(made.renderProperties.opacity == added.renderProperties.opacity)
            shown.append(made.renderProperties.opacity)
            runFrames(stage, 1)
        }
        #expect(shown.first == 0.9 && zip(shown, shown.dropFirst()).allSatisfy { $0 >= $1 }, "\(shown)")
        #expect(made.renderProperties.opacity == 0.25 && made.animationKeys() == nil)
    }

    @Test("an offset over an animation that is not additive adds to its value, not to the model's")
    func offsetOverAbsolute() {
        let (stage, layer) = square()
        let slide = CABasicAnimation(keyPath: "position")
        slide.fromValue = CGPoint(x: 100, y: 0)
        slide.toValue = CGPoint(x: 100, y: 300)
        slide.duration = 1
        slide.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(slide, forKey: "slide")
        layer.add(offset("position", from: CGPoint(x: 10, y: 0), to: CGPoint.zero), forKey: "nudge")
        for frame in 0 ..< 12 {
            runFrames(stage, 1)
            let t = Double(frame + 1) / 60
            let shown = layer.renderProperties.position
            #expect(abs(shown.y - 300 * t) < 1e-6 && abs(shown.x - (100 + 10 * max(0, 1 - t / 0.3))) < 1e-6,
                    "frame \(frame): \(shown)")
            #expect(shown == layer.presentationProperties(at: stage.currentTime).position)
        }
    }

    @Test("an owner tells its own animations from anyone else's by the keys' first bytes, and its unique keys stack")
    func ownedKeys() {
        let (stage, layer) = square()
        let prefix = "tabula.update."
        #expect(layer.animationKeysAllStart(with: prefix) && !layer.hasAnimation(keyedWithPrefix: prefix), "no animation")
        for serial in 1 ... 2 {
            let nudge = offset("position", from: CGPoint(x: 0, y: 10), to: CGPoint.zero)
            layer.addMadeAnimation(nudge, of: .position, from: .point(CGPoint(x: 0, y: 10)), to: .point(.zero),
                                   forKey: "\(prefix)position.\(serial)", keyIsNew: true)
        }
        runFrames(stage, 1)
        #expect(layer.animationKeys() == ["tabula.update.position.1", "tabula.update.position.2"])
        #expect(layer.renderProperties.position.y > 100 + 10, "both offsets add: \(layer.renderProperties.position)")
        #expect(layer.animationKeysAllStart(with: prefix) && layer.hasAnimation(keyedWithPrefix: prefix))
        #expect(layer.hasAnimation(keyedWithPrefix: prefix + "position.") && !layer.hasAnimation(keyedWithPrefix: prefix + "opacity."))
        // A key shorter than the prefix, one that differs in a byte, and one whose "e"
        // carries a combining accent: none is the owner's.
        for stranger in ["tabula.", "tabula.updatE.x", "tabula.update\u{301}.x"] {
            layer.add(offset("opacity", from: 0, to: 0), forKey: stranger)
            #expect(!layer.animationKeysAllStart(with: prefix), "\(stranger) is someone else's")
            layer.removeAnimation(forKey: stranger)
            #expect(layer.animationKeysAllStart(with: prefix))
        }
        #expect(layer.animationKeysAllStart(with: "") && layer.hasAnimation(keyedWithPrefix: ""), "every key starts with nothing")
    }
}
