/// Something a layer runs when one of its properties changes (Core Animation's `CAAction`):
/// animations are actions, and `NSNull` is the action that does nothing.
@preconcurrency @MainActor
public protocol CAAction {
    /// Runs the action for `event` (a property name) on `anObject` (the layer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension CAAnimation: CAAction {
    /// Adds a copy of the animation to the layer `anObject` under the key `event`.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

extension NSNull: CAAction {
    /// Does nothing: in a layer's `actions`, `NSNull()` turns an implicit animation off.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}
