import Foundation
import Testing
@testable import TabulaQuartz

/// A frame updates a layer's presentation in place when it can (the animated fields
/// rewritten, the rest kept from the last frame) and starts from a copy of the model
/// otherwise. What is drawn must be the same either way: here each frame's presentation is
/// compared with the one worked out from scratch, through the pattern of a table updating
/// every frame — the model moves, offsets are added, holds that add nothing start and end,
/// fades replace each other, and earlier animations end while later ones run.
@MainActor
@Suite("Animation: presentations updated in place equal those worked out from the model")
struct InPlaceEvaluationTests {
    private func offset(_ keyPath: String, from: Any, to: Any, duration: Double = 0.3) -> CABasicAnimation {
        let anim = CABasicAnimation(keyPath: keyPath)
        anim.isAdditive = true
        anim.fromValue = from
        anim.toValue = to
        anim.duration = duration
        anim.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return anim
    }

    /// The fields the compositor draws, from what the last frame left (`renderProperties`)
    /// and from scratch (`presentation()`).
    private func expectFreshEqualsInPlace(_ layers: [CALayer], _ label: String,
                                          sourceLocation: SourceLocation = #_sourceLocation) {
        for (k, layer) in layers.enumerated() {
            let shown = layer.renderProperties
            guard let fresh = layer.presentation() else {
                #expect(!layer.hasAnimations, "\(label), layer \(k): animations but no presentation",
                        sourceLocation: sourceLocation)
                continue
            }
            #expect(shown.position == fresh.position, "\(label), layer \(k): position", sourceLocation: sourceLocation)
            #expect(shown.bounds == fresh.bounds, "\(label), layer \(k): bounds", sourceLocation: sourceLocation)
            #expect(shown.opacity == fresh.opacity, "\(label), layer \(k): opacity", sourceLocation: sourceLocation)
            #expect(shown.backgroundColor == fresh.backgroundColor, "\(label), layer \(k): background",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("an update every frame for a second and a half: moves, offsets, holds, fades and ends")
    func updateEveryFrame() {
        let (stage, root) = layerStage()
        let rows = (0 ..< 6).map { i -> CALayer in
            let row = CALayer()
            row.frame = CGRect(x: 0, y: CGFloat(i) * 30, width: 200, height: 30)
            row.backgroundColor = Color(red: 1, green: 1, blue: 1)
            root.addSublayer(row)
            return row
        }
        runFrames(stage, 1)
        for frame in 0 ..< 90 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            for (i, row) in rows.enumerated() where (frame + i) % 3 != 0 {
                // The model moves down a row; an offset carries it there from where it was.
                let dy: CGFloat = frame % 20 < 10 ? 30 : -30
                row.position.y += dy
                row.add(offset("position", from: CGPoint(x: 0, y: -dy), to: CGPoint.zero), forKey: "move-\(frame)")
                if i == 2 {
                    // A row growing: its size offset too.
                    row.bounds.size.height += 1
                    row.add(offset("bounds", from: CGRect(x: 0, y: 0, width: 0, height: -1), to: CGRect.zero),
                            forKey: "grow-\(frame)")
                }
            }
            // An update holds the table open with an offset of nothing.
            rows[0].add(offset("position", from: CGPoint.zero, to: CGPoint.zero), forKey: "hold-\(frame)")
            if frame % 7 == 0 {
                // A fade that replaces the last one (removed mid-flight), and a model change
                // that is not a move (the background).
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 0.2
                fade.toValue = 0.6 // not the model's 1: its end must give way to the model
                fade.duration = 0.08
                rows[4].add(fade, forKey: "fade")
                rows[5].backgroundColor = Color(red: 0, green: Double(frame % 2), blue: 1)
            }
            if frame % 11 == 0 { rows[3].opacity = frame % 22 == 0 ? 0.5 : 1 }
            CATransaction.commit()
            runFrames(stage, 1)
            expectFreshEqualsInPlace(rows, "frame \(frame)")
        }
        // Past every animation's end, the models show.
        runFrames(stage, 30)
        for (k, row) in rows.enumerated() {
            #expect(!row.hasAnimations, "row \(k) has animations left after they all ended")
            #expect(row.renderProperties == row.modelValues, "row \(k) shows its model")
        }
    }

    @Test("a row whose last offsets end in place shows its model, and the driver lets it go")
    func lastOffsetsEnd() {
        let (stage, root) = layerStage()
        let row = CALayer()
        row.frame = CGRect(x: 0, y: 0, width: 100, height: 30)
        root.addSublayer(row)
        runFrames(stage, 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        row.position.y += 40
        row.add(offset("position", from: CGPoint(x: 0, y: -40), to: CGPoint.zero, duration: 0.1), forKey: "a")
        CATransaction.commit()
        runFrames(stage, 2)
        // A second offset while the first runs: both in place, then both end.
        row.add(offset("position", from: CGPoint(x: 0, y: 10), to: CGPoint.zero, duration: 0.1), forKey: "b")
        runFrames(stage, 1)
        expectFreshEqualsInPlace([row], "while both run")
        runFrames(stage, 10)
        #expect(!row.hasAnimations)
        #expect(row.renderProperties.position == row.position, "the model's position shows")
        #expect(stage.engine.animationDriver.animatingLayerCount == 0, "no layer left to visit")
    }
}
