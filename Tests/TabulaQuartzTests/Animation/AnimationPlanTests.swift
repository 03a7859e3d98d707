import Foundation
import Testing
@testable import TabulaQuartz

/// Frames run from an `AnimationPlan` (the flat list a driver makes while nothing but the
/// animated values changes) against the same frames run layer by layer: what is on screen
/// must be the same in every frame, through starts, stops, model changes, animations
/// added and removed mid-flight, and a layer leaving the tree.
@MainActor
@Suite("Animation: frames run from a plan show what frames run layer by layer show")
struct AnimationPlanTests {
    /// Two stages with the same layers: the first may run frames from plans, the second never.
    private func twoStages(layers count: Int) -> [(stage: LayerStage, layers: [CALayer])] {
        [true, false].map { usesPlans in
            let stage = LayerStage()
            stage.engine.animationDriver.usesPlans = usesPlans
            let layers = (0 ..< count).map { i in
                let layer = CALayer()
                layer.frame = CGRect(x: CGFloat(i % 4) * 40, y: CGFloat(i / 4) * 40, width: 30, height: 30)
                layer.backgroundColor = Color(red: 0.2, green: 0.4, blue: Double(i) / Double(count))
                stage.root.addSublayer(layer)
                return layer
            }
            runFrames(stage, 1)
            return (stage, layers)
        }
    }

    /// Applies `change` to the layers of both stages.
    private func onBoth(_ stages: [(stage: LayerStage, layers: [CALayer])], _ change: ([CALayer]) -> Void) {
        for pair in stages { change(pair.layers) }
    }

    /// Runs `frames` frames on both stages and expects the same values on screen after each.
    private func expectSameFrames(_ stages: [(stage: LayerStage, layers: [CALayer])], _ frames: Int, _ label: String,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        for frame in 0 ..< frames {
            for pair in stages { runFrames(pair.stage, 1) }
            for (k, (planned, walked)) in zip(stages[0].layers, stages[1].layers).enumerated() {
                #expect(planned.renderProperties == walked.renderProperties, "\(label), frame \(frame), layer \(k)",
                        sourceLocation: sourceLocation)
            }
        }
    }

    private func basic(_ keyPath: String, from: Any, to: Any, duration: Double, curve: CAMediaTimingFunctionName? = nil)
        -> CABasicAnimation {
        let anim = CABasicAnimation(keyPath: keyPath)
        anim.fromValue = from
        anim.toValue = to
        anim.duration = duration
        if let curve { anim.timingFunction = CAMediaTimingFunction(name: curve) }
        return anim
    }

    /// Every kind the plan holds, on each of `layers`: a number, a point, a colour, a
    /// component of a rect, a transform (a spring, which overshoots) and a sublayer
    /// transform, with two different timings.
    private func addEveryKind(to layers: [CALayer]) {
        let turn = CATransform3D(rotationAngle: .pi / 3, x: 0, y: 0, z: 1)
        for (i, layer) in layers.enumerated() {
            let opacity = basic("opacity", from: 1.0, to: 0.2, duration: 1.5, curve: .easeInEaseOut)
            opacity.autoreverses = true
            opacity.repeatCount = .infinity
            layer.add(opacity, forKey: "opacity")
            layer.add(basic("position", from: CGPoint(x: 10, y: 10), to: CGPoint(x: 150, y: CGFloat(20 * i)),
                            duration: 2, curve: .easeOut), forKey: "position")
            layer.add(basic("backgroundColor", from: Color(red: 1, green: 0, blue: 0),
                            to: Color(red: 0, green: 0, blue: 1, alpha: 0.5), duration: 2), forKey: "color")
            layer.add(basic("bounds.size.width", from: 30.0, to: 60.0, duration: 1.5, curve: .easeIn), forKey: "width")
            let spring = CASpringAnimation(keyPath: "transform")
            spring.fromValue = CATransform3D.identity
            spring.toValue = turn
            spring.damping = 5
            spring.duration = 2
            layer.add(spring, forKey: "turn")
            layer.add(basic("sublayerTransform", from: CATransform3D(scaleX: 1, y: 1, z: 1),
                            to: CATransform3D(scaleX: 2, y: 0.5, z: 1), duration: 1.5), forKey: "sublayers")
        }
    }

    @Test("every kind of animation the plan holds, across its curves, as the frames run")
    func everyKind() {
        let stages = twoStages(layers: 8)
        onBoth(stages) { addEveryKind(to: $0) }
        expectSameFrames(stages, 100, "every kind")
        #expect(stages[0].stage.engine.animationDriver.plannedFrames > 50, "frames ran from plans")
        #expect(stages[1].stage.engine.animationDriver.plannedFrames == 0)
    }

    @Test("model changes, animations added and removed, a layer leaving: the plan is dropped, then made again")
    func changesMidFlight() {
        let stages = twoStages(layers: 8)
        onBoth(stages) { addEveryKind(to: $0) }
        expectSameFrames(stages, 10, "steady")
        let planned = stages[0].stage.engine.animationDriver.plannedFrames
        onBoth(stages) { layers in
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layers[2].opacity = 0.7
            layers[3].cornerRadius = 4
            CATransaction.commit()
        }
        expectSameFrames(stages, 10, "after model changes")
        onBoth(stages) { $0[4].add(basic("zPosition", from: 0.0, to: 8.0, duration: 0.5), forKey: "lift") }
        expectSameFrames(stages, 10, "after an animation was added")
        onBoth(stages) { $0[5].removeAnimation(forKey: "position") }
        expectSameFrames(stages, 10, "after an animation was removed")
        onBoth(stages) { $0[6].removeFromSuperlayer() }
        expectSameFrames(stages, 10, "after a layer left")
        onBoth(stages) { layers in
            let additive = basic("position.x", from: 0.0, to: 30.0, duration: 1)
            additive.isAdditive = true
            layers[7].add(additive, forKey: "nudge")
        }
        expectSameFrames(stages, 70, "with an additive animation (no plan), then after it ended")
        #expect(stages[0].stage.engine.animationDriver.plannedFrames > planned + 20, "plans were made again")
    }

    @Test("animations that end, held or removed, and staggered starts")
    func startsAndStops() {
        let stages = twoStages(layers: 12)
        for (stage, layers) in stages {
            for (i, layer) in layers.enumerated() {
                let fade = basic("opacity", from: 1.0, to: 0.0, duration: 0.3 + 0.05 * Double(i))
                fade.beginTime = stage.currentTime + 0.02 * Double(i + 1)
                fade.fillMode = i % 2 == 0 ? .both : .removed
                fade.isRemovedOnCompletion = i % 3 != 0
                layer.add(fade, forKey: "fade")
            }
        }
        expectSameFrames(stages, 60, "fades")
    }
}
