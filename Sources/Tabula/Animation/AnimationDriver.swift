/// Evaluates the animations of a host's layer tree once per frame.
///
/// Only layers with animations are visited, so a frame costs in proportion to
/// what moves, not to the size of the tree. Each visit computes the layer's
/// presentation values at the frame time and reports starts and stops; the
/// callbacks run after every layer has been evaluated.
@MainActor
final class AnimationDriver {
    private var layers: [CALayer] = []

    var animatingLayerCount: Int { layers.count }

    /// Starts visiting `layer` (it has animations and is in this host's tree).
    func register(_ layer: CALayer) {
        guard layer.animationDriver !== self else { return }
        layer.animationDriver = self
        layers.append(layer)
    }

    /// Evaluates every animating layer at time `t`.
    func tick(at t: Double, host: AnyObject) {
        var kept = 0
        for i in layers.indices {
            let layer = layers[i]
            guard layer.animationDriver === self else { continue }
            if layer.host !== host {
                // Left the screen: Core Animation drops the animations of a layer that
                // leaves the tree, and their delegates hear finished == false.
                if layer.host == nil { layer.removeAllAnimations() }
                layer.animationDriver = nil
                layer.presented = nil
                continue
            }
            layer.evaluateAnimations(at: t)
            if layer.hasAnimations {
                layers[kept] = layer
                kept += 1
            } else {
                layer.animationDriver = nil
            }
        }
        layers.removeSubrange(kept...)
    }
}
