import Foundation
import Testing
@testable import TabulaQuartz

/// Counts its layouts and draws, and runs `onLayout` in each layout.
private final class WatchedLayer: CALayer {
    var layouts = 0
    var draws = 0
    var onLayout: (() -> Void)?
    override func layoutSublayers() {
        super.layoutSublayers()
        layouts += 1
        onLayout?()
    }
    override func draw(in ctx: CGContext) { draws += 1 }
}

/// A frame's layout and display walks go down only where a layer below waits for them
/// (`CALayer.layoutPendingBelow`): these check that no marked layer is ever passed over,
/// wherever and whenever it was marked.
@MainActor
@Suite("Frames: layout and display reach every marked layer, and only those")
struct PendingWorkTests {
    /// A chain of `depth` watched layers, each the only sublayer of the one before.
    private func chain(_ depth: Int) -> [WatchedLayer] {
        let layers = (0 ..< depth).map { _ in WatchedLayer() }
        for layer in layers { layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10) }
        for (parent, child) in zip(layers, layers.dropFirst()) { parent.addSublayer(child) }
        return layers
    }

    @Test("a layer marked deep in a tree that is not on screen is laid out and drawn once the tree joins it")
    func markedWhileDetached() {
        let stage = LayerStage()
        let layers = chain(6)
        stage.advance(by: 1.0 / 60)
        let deepest = layers[5]
        let (layouts, draws) = (deepest.layouts, deepest.draws)
        deepest.setNeedsLayout()
        deepest.setNeedsDisplay()
        stage.root.addSublayer(layers[0])
        stage.advance(by: 1.0 / 60)
        #expect(deepest.layouts == layouts + 1)
        #expect(deepest.draws == draws + 1)
        // Its ancestors were only passed through: laid out once, when they joined (their
        // own first layout), not again for the deepest one's sake.
        let ancestorLayouts = layers[1].layouts
        deepest.setNeedsLayout()
        stage.advance(by: 1.0 / 60)
        #expect(deepest.layouts == layouts + 2)
        #expect(layers[1].layouts == ancestorLayouts)
    }

    @Test("a layer that another's layout marks after the walk passed it is laid out by the next frame")
    func markedBehindTheWalk() {
        let stage = LayerStage()
        let first = WatchedLayer(), second = WatchedLayer()
        first.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        second.frame = CGRect(x: 0, y: 10, width: 10, height: 10)
        stage.root.addSublayer(first)
        stage.root.addSublayer(second)
        stage.advance(by: 1.0 / 60)
        var marks = 1
        second.onLayout = {
            guard marks > 0 else { return }
            marks -= 1
            first.setNeedsLayout()
            first.setNeedsDisplay()
        }
        let (layouts, draws) = (first.layouts, first.draws)
        second.setNeedsLayout()
        stage.advance(by: 1.0 / 60)
        stage.advance(by: 1.0 / 60)
        #expect(first.layouts == layouts + 1, "the mark made behind the walk is not lost")
        #expect(first.draws == draws + 1)
        stage.advance(by: 3.0 / 60)
        #expect(first.layouts == layouts + 1, "and it is laid out once, not again and again")
    }

    @Test("a layer moved to another parent while marked is laid out under its new parent")
    func movedWhileMarked() {
        let stage = LayerStage()
        let old = chain(3), new = chain(3)
        stage.root.addSublayer(old[0])
        stage.root.addSublayer(new[0])
        stage.advance(by: 1.0 / 60)
        let moved = old[2]
        moved.setNeedsLayout()
        moved.setNeedsDisplay()
        moved.removeFromSuperlayer()
        stage.advance(by: 1.0 / 60)
        let (layouts, draws) = (moved.layouts, moved.draws)
        #expect(moved.needsLayout() && moved.needsDisplay(), "off screen it waits")
        new[2].addSublayer(moved)
        stage.advance(by: 1.0 / 60)
        #expect(moved.layouts == layouts + 1)
        #expect(moved.draws == draws + 1)
    }

    @Test("a mask, and a layer under a mask, are laid out and drawn when marked")
    func maskMarked() {
        let stage = LayerStage()
        let masked = WatchedLayer(), mask = WatchedLayer(), underMask = WatchedLayer()
        masked.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        mask.frame = masked.bounds
        mask.addSublayer(underMask)
        masked.mask = mask
        stage.root.addSublayer(masked)
        stage.advance(by: 1.0 / 60)
        let (maskDraws, underLayouts) = (mask.draws, underMask.layouts)
        mask.setNeedsDisplay()
        underMask.setNeedsLayout()
        stage.advance(by: 1.0 / 60)
        #expect(mask.draws == maskDraws + 1)
        #expect(underMask.layouts == underLayouts + 1)
    }

    @Test("subtreeNeedsLayout answers exactly, before and after the walk")
    func subtreeNeedsLayoutIsExact() {
        let stage = LayerStage()
        let layers = chain(4)
        stage.root.addSublayer(layers[0])
        stage.advance(by: 1.0 / 60)
        #expect(!layers[0].subtreeNeedsLayout)
        layers[3].setNeedsLayout()
        #expect(layers[0].subtreeNeedsLayout && layers[2].subtreeNeedsLayout)
        // Laid out from the middle: the top still passes through, but nothing waits.
        layers[2].layoutIfNeeded()
        #expect(!layers[0].subtreeNeedsLayout)
        layers[3].setNeedsLayout()
        layers[3].removeFromSuperlayer()
        #expect(layers[2].needsLayout(), "losing a sublayer asks for its former superlayer's layout")
        layers[2].layoutIfNeeded()
        #expect(!layers[0].subtreeNeedsLayout, "a marked layer that left is no longer below")
        #expect(layers[3].subtreeNeedsLayout)
    }

    @Test("a completion that changes a layer evaluated earlier in the frame shows the change in that frame")
    func callbackChangesAnEvaluatedLayer() {
        let stage = LayerStage()
        let moving = solidLayer(CGRect(x: 0, y: 0, width: 20, height: 20), 1, 0, 0)
        let fading = solidLayer(CGRect(x: 0, y: 40, width: 20, height: 20), 0, 0, 1)
        stage.root.addSublayer(moving)
        stage.root.addSublayer(fading)
        stage.advance(by: 1.0 / 60)
        moving.add(linear("position.x", from: 0.0, to: 100.0, duration: 10), forKey: "slow")
        CATransaction.begin()
        CATransaction.setCompletionBlock {
            CATransaction.setDisableActions(true)
            moving.opacity = 0.25
        }
        fading.add(linear("opacity", from: 1.0, to: 0.0, duration: 0.5), forKey: "fade")
        CATransaction.commit()
        stage.advance(by: 0.5)
        let shown = moving.presentation()
        #expect(shown?.opacity == 0.25, "the model changed by the completion, in the frame that ran it")
        #expect(approx(Double(shown?.position.x ?? 0), 5, 0.2), "and the animation goes on where it was, half a second in")
    }
}
