/// An object in the responder chain: views, view controllers, windows.
@MainActor
open class UIResponder {
    public init() {}

    /// The next responder in the chain; nil ends it.
    open var next: UIResponder? { nil }

    open var canBecomeFirstResponder: Bool { false }
    public internal(set) var isFirstResponder = false

    /// The one responder that gets key presses first (weak: it leaves with its object).
    static weak var current: UIResponder?

    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        if let current = UIResponder.current, current !== self { current.resignFirstResponder() }
        isFirstResponder = true
        UIResponder.current = self
        return true
    }

    @discardableResult
    open func resignFirstResponder() -> Bool {
        isFirstResponder = false
        if UIResponder.current === self { UIResponder.current = nil }
        return true
    }

    // Touch handling: the default passes the touches up the responder chain, as UIKit does.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }

    // Keys: the default passes the presses up the responder chain, as UIKit does.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesBegan(presses, with: event) }
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesEnded(presses, with: event) }
}
