/// Groups layer changes, and sets how their implicit animations run.
///
/// Changing an animatable property of a layer that no view owns animates it
/// implicitly (0.25 s, the default curve) once the layer has been on screen for
/// a frame; a view's own layer animates only inside a UIView animation block.
/// `setDisableActions(true)` turns both off. Settings made outside `begin()` /
/// `commit()` belong to the implicit transaction, which ends with the frame.
///
/// The completion block runs once every animation added while the transaction
/// was open (implicit, explicit, or from UIView blocks) has stopped — on the next
/// frame when there were none.
@preconcurrency @MainActor
public final class CATransaction {
    @MainActor private struct Frame {
        var disableActions: Bool?
        var duration: Double?
        var timingFunction: CAMediaTimingFunction?
        let group = AnimationGroup()
    }

    private static var stack: [Frame] = []
    private static var implicit = Frame()

    private init() {}

    /// Opens a nested transaction; its settings apply until the matching ``commit()``.
    public static func begin() {
        let frame = Frame()
        frame.group.join(stack.last?.group ?? implicit.group)
        stack.append(frame)
    }

    /// Ends the innermost transaction. Without a matching `begin()` nothing happens
    /// and the mistake is reported on standard error (Core Animation only logs it too).
    public static func commit() {
        guard let frame = stack.popLast() else {
            CALayer.onInvalidAnimation(CAAnimationError(description: "CATransaction.commit() called without a matching begin()"))
            return
        }
        frame.group.seal()
    }

    /// Has no effect: frames are committed by the host at the end of each frame.
    public static func flush() {}

    /// Whether layer changes are kept from animating, as set by the innermost transaction
    /// that set it; false by default.
    public static func disableActions() -> Bool {
        for frame in stack.reversed() { if let v = frame.disableActions { return v } }
        return implicit.disableActions ?? false
    }

    /// Stops (true) or allows (false) implicit animations and UIView block animations of the
    /// changes made in the current transaction.
    public static func setDisableActions(_ flag: Bool) { modifyTop { $0.disableActions = flag } }

    /// The duration of implicit animations (default 0.25 s).
    public static func animationDuration() -> Double {
        for frame in stack.reversed() { if let v = frame.duration { return v } }
        return implicit.duration ?? 0.25
    }

    /// Sets the duration, in seconds, of the current transaction's implicit animations.
    public static func setAnimationDuration(_ duration: Double) { modifyTop { $0.duration = duration } }

    /// The curve of implicit animations; nil means the default curve.
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        for frame in stack.reversed() { if let v = frame.timingFunction { return v } }
        return implicit.timingFunction
    }

    /// Sets the curve of the current transaction's implicit animations; nil for the default curve.
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        modifyTop { $0.timingFunction = function }
    }

    /// The block to run when this transaction's animations have all stopped.
    public static func completionBlock() -> (() -> Void)? {
        guard let handler = (stack.last ?? implicit).group.onStop else { return nil }
        return { handler(true) }
    }

    /// Sets the block that runs, on the main actor, once every animation added during the
    /// current transaction has stopped (on the next frame if none was added).
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        (stack.last ?? implicit).group.onStop = block.map { b in { _ in b() } }
    }

    private static func modifyTop(_ change: (inout Frame) -> Void) {
        if stack.isEmpty { change(&implicit) } else { change(&stack[stack.count - 1]) }
    }

    /// The group that animations created now join.
    package static var currentGroup: AnimationGroup? { (stack.last ?? implicit).group }

    /// Ends the implicit transaction (called by the host at the end of each frame).
    package static func endImplicitTransaction() {
        // Transactions left open by the app close here too, so nothing waits forever.
        while let frame = stack.popLast() { frame.group.seal() }
        implicit.group.seal()
        implicit = Frame()
    }
}

extension CALayer {
    /// Turns a change of the model into an animation when an action applies:
    /// inside a UIView animation block for a view's layer, implicitly for a
    /// standalone layer that is on screen; never when actions are disabled.
    func didChange(_ key: LayerKey, from old: AnimatableValue) {
        markTreeChanged(key)
        redrawIfClassAsks(key)
        if !animationCores.isEmpty { noteModelChange(key) }
        if isViewBacked {
            owningView?.layer(self, didChange: key, from: old)
        } else if let host, host.framesRun > joinedAtFrame, !CATransaction.disableActions(),
                  let action = action(forKey: key.rawValue) {
            // A basic animation without values (the implicit one, or one from `actions`)
            // runs from what is on screen to the new model value.
            if let basic = action as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil,
               let anim = basic.copyForAdding() as? CABasicAnimation {
                anim.keyPath = anim.keyPath ?? key.rawValue
                anim.fromValue = presentationValue(of: key, modelValue: old).publicValue
                anim.toValue = key.value(in: modelValues).publicValue
                add(anim, forKey: key.rawValue)
            } else {
                action.run(forKey: key.rawValue, object: self, arguments: nil)
            }
        }
    }

    /// The animation an implicit change of `key` runs when nothing overrides it: a basic
    /// animation over the transaction's duration and curve, for animatable keys only.
    func implicitAction(forKey key: String) -> CABasicAnimation? {
        guard LayerKey(rawValue: key) != nil else { return nil }
        let anim = CABasicAnimation(keyPath: key)
        anim.duration = CATransaction.animationDuration()
        anim.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return anim
    }
}
