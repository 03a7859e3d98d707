import TabulaCore

/// Evaluates the animations of a host's layer tree once per frame.
///
/// Only layers with animations are visited, so a frame costs in proportion to
/// what moves, not to the size of the tree. Each visit computes the layer's
/// presentation values at the frame time and reports starts and stops; the
/// callbacks run after every layer has been evaluated.
///
/// The visit list holds unmanaged references (kept alive by `retained`) so that
/// walking ten thousand layers costs no reference counting.
///
/// While nothing changes from frame to frame but the animated values, frames run from an
/// ``AnimationPlan`` instead of layer by layer; any change drops the plan, and a later
/// frame in which nothing changed makes a new one.
@MainActor
package final class AnimationDriver {
    private var visits: [Unmanaged<CALayer>] = []
    private var retained: [ObjectKey: CALayer] = [:]
    private var plan: AnimationPlan?
    /// The progress of the timings the last tick met (see ``tick(at:host:)``).
    private var memo = ProgressMemo()
    /// How many frames the current plan has run.
    private var planFrames = 0
    /// Layer-by-layer frames to run before trying to make a plan again, and how many to
    /// wait the next time: plans that keep failing or breaking are tried less often (up to
    /// every 64th frame), so that a scene that changes in every frame pays little for them.
    private var planWait = 0, planBackoff = 0
    /// Whether frames may run from a plan (tests compare with frames that do not).
    package var usesPlans = true
    /// How many frames ran from a plan.
    package private(set) var plannedFrames = 0

    package var animatingLayerCount: Int { visits.count }

    /// Starts visiting `layer` (it has animations and is in this host's tree).
    func register(_ layer: CALayer) {
        let id = ObjectIdentifier(self)
        guard layer.animationDriverID != id else { return }
        layer.animationDriverID = id
        layer.leftHostSinceRegistration = false
        visits.append(Unmanaged.passUnretained(layer))
        retained[ObjectKey(layer)] = layer
        dropPlan()
    }

    /// Evaluates every animating layer at time `t`; returns whether any was visited.
    @discardableResult
    package func tick(at t: Double, host: AnyObject) -> Bool {
        guard !visits.isEmpty else { return false }
        let id = ObjectIdentifier(self)
        if plan != nil {
            if plan?.run(at: t, driver: id) == true {
                planFrames += 1
                plannedFrames += 1
                return true
            }
            dropPlan()
        }
        var kept = 0
        // The memo outlives the tick (its entries are pure functions of their time and
        // timing, so a later tick just misses them): its slots are made once, not every
        // tick. Moved out while in use, so that writing it does not copy it.
        var memo = self.memo
        self.memo = ProgressMemo()
        defer { self.memo = memo }
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
                retained[ObjectKey(layer)] = nil
            }
        }
        visits.removeSubrange(kept...)
        makePlanIfDue()
        return true
    }

    /// After a frame run layer by layer: makes a plan of the next frames, unless it is not
    /// yet time to try again.
    private func makePlanIfDue() {
        guard usesPlans else { return }
        guard planWait == 0 else {
            planWait -= 1
            return
        }
        plan = AnimationPlan(layers: visits, driver: ObjectIdentifier(self))
        planFrames = 0
        if plan == nil { backOff() }
    }

    /// Stops using the plan (a layer joined, or the plan did not hold for a frame).
    private func dropPlan() {
        guard plan != nil else { return }
        plan = nil
        if planFrames < 8 { backOff() } else { planBackoff = 0 }
    }

    /// Waits longer before the next attempt to make a plan.
    private func backOff() {
        planBackoff = min(max(1, planBackoff * 2), 64)
        planWait = planBackoff
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
