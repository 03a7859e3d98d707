/// Evaluates the animations of a host's layer tree once per frame.
///
/// Only layers with animations are visited, so a frame costs in proportion to
/// what moves, not to the size of the tree. Each visit computes the layer's
/// presentation values at the frame time and reports starts and stops; the
/// callbacks run after every layer has been evaluated.
///
/// The visit list holds unmanaged references (kept alive by `retained`) so that
/// walking ten thousand layers costs no reference counting.
@MainActor
package final class AnimationDriver {
    private var visits: [Unmanaged<CALayer>] = []
    private var retained: [ObjectIdentifier: CALayer] = [:]

    package var animatingLayerCount: Int { visits.count }

    /// Starts visiting `layer` (it has animations and is in this host's tree).
    func register(_ layer: CALayer) {
        let id = ObjectIdentifier(self)
        guard layer.animationDriverID != id else { return }
        layer.animationDriverID = id
        layer.leftHostSinceRegistration = false
        visits.append(Unmanaged.passUnretained(layer))
        retained[ObjectIdentifier(layer)] = layer
    }

    /// Evaluates every animating layer at time `t`; returns whether any was visited.
    @discardableResult
    package func tick(at t: Double, host: AnyObject) -> Bool {
        guard !visits.isEmpty else { return false }
        let id = ObjectIdentifier(self)
        var kept = 0
        var memo = ProgressMemo()
        for i in visits.indices {
            let keep = visits[i].withGuaranteedReference { layer in
                visit(layer, at: t, host: host, driver: id, memo: &memo)
            }
            if keep {
                if kept != i { visits[kept] = visits[i] }
                kept += 1
            } else {
                let layer = visits[i].takeUnretainedValue()
                if layer.animationDriverID == id { layer.animationDriverID = nil }
                retained[ObjectIdentifier(layer)] = nil
            }
        }
        visits.removeSubrange(kept...)
        return true
    }

    /// Evaluates `layer` at `t`; returns whether it still has animations to visit.
    private func visit(_ layer: CALayer, at t: Double, host: AnyObject, driver id: ObjectIdentifier,
                       memo: inout ProgressMemo) -> Bool {
        guard layer.animationDriverID == id else { return false }
        if layer.leftHostSinceRegistration {
            guard layer.host === host else {
                // Left the screen: Core Animation drops the animations of a layer that
                // leaves the tree, and their delegates hear finished == false. (A layer
                // moved elsewhere within the frame is back by now and keeps them.)
                if layer.host == nil { layer.removeAllAnimations() }
                layer.presented = nil
                return false
            }
            layer.leftHostSinceRegistration = false
        }
        return layer.evaluateAnimations(at: t, memo: &memo)
    }
}

extension Unmanaged {
    /// Calls `body` with the instance, neither retaining nor releasing it.
    ///
    /// The standard library's `_withUnsafeGuaranteedRef`, wrapped: a main-actor closure
    /// literal handed straight to it (a module without strict concurrency checking)
    /// checks at run time, on every call, that it runs on the main actor, which costs
    /// more than visiting a layer. Handed to this function, it does not.
    @inline(__always)
    func withGuaranteedReference<Result>(_ body: (Instance) -> Result) -> Result {
        _withUnsafeGuaranteedRef(body)
    }
}
