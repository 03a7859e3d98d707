import Foundation

/// An object in the responder chain: views, view controllers, windows.
///
/// As in UIKit it descends from `NSObject`, so responders are equal, and hash, by
/// identity (`firstIndex(of:)`, `Set<UIView>` and `[UIViewController: …]` work) and have
/// a `description`.
@preconcurrency @MainActor
open class UIResponder: NSObject {
    /// A responder that is not first responder.
    public override init() { super.init() }

    /// The class's name, as Objective-C's `+description` gives it; override it to describe
    /// the class otherwise.
    open class func description() -> String { String(describing: self) }

    /// The class name and the object's address, as UIKit's `NSObject` prints them:
    /// `<MyView: 0x…>` (views add their frame, as UIKit's do).
    open override var description: String {
        "<\(type(of: self)): 0x\(String(UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()), radix: 16))>"
    }

    /// The next responder in the chain; nil ends it.
    open var next: UIResponder? { nil }

    /// Called on objects loaded from a storyboard or nib once all of them are made and
    /// connected (outlets set, actions attached), through the code `tabula-port`
    /// generates from the file (see ``InterfaceBuilder``); never for objects made in code,
    /// as in UIKit. The default does nothing.
    open func awakeFromNib() {}

    /// Whether this responder can become first responder; `false` unless a subclass overrides it.
    open var canBecomeFirstResponder: Bool { false }
    /// Whether this responder is the first responder, the one that gets key presses first.
    public internal(set) var isFirstResponder = false

    /// The window whose first responder this is (weak: the window keeps the responder
    /// only while both live). Nil for a responder that became first responder in no window.
    weak var firstResponderWindow: UIWindow?

    /// Makes this responder the first responder of its window, resigning the window's
    /// current one. Each window (and so each host) has its own first responder, as in
    /// UIKit: becoming first responder on one screen never resigns another screen's.
    ///
    /// - Returns: `false`, changing nothing, when ``canBecomeFirstResponder`` is `false`
    ///   or the current first responder refuses to resign.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        if isFirstResponder { return true }
        return changingFirstResponder {
            let window = responderWindow
            if let current = window?.firstResponder, current !== self {
                guard current.resignFirstResponder() else { return false }
            }
            isFirstResponder = true
            firstResponderWindow = window
            window?.firstResponder = self
            return true
        }
    }

    /// Gives up first-responder status; the default always succeeds.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        changingFirstResponder {
            isFirstResponder = false
            if let window = firstResponderWindow, window.firstResponder === self { window.firstResponder = nil }
            firstResponderWindow = nil
        }
        return true
    }

    /// Whether this responder would give up first-responder status; true by default.
    open var canResignFirstResponder: Bool { true }

    /// A view shown in place of the keyboard while this responder is first responder
    /// (nil: the keyboard, for a text input). Tabula shows its own keyboard only.
    open var inputView: UIView? { nil }
    /// A view shown above the keyboard while this responder is first responder (accepted;
    /// not shown yet).
    open var inputAccessoryView: UIView? { nil }
    /// Asks the keyboard to show the first responder's traits again (the return key's title).
    open func reloadInputViews() {
        guard isFirstResponder, let window = firstResponderWindow else { return }
        SoftwareKeyboard.firstResponderDidSettle(in: window)
    }

    /// Runs `body`, a change of first responder in this responder's window (the one it is
    /// first responder of, else the one it is shown in). The window's keyboard follows
    /// its first responder only once the outermost change (a text field's whole become
    /// or resign, delegate calls included) has finished, so that switching from one field
    /// to another keeps the keyboard up, and its notifications come after the delegates'
    /// begin and end callbacks, as in UIKit.
    func changingFirstResponder<T>(_ body: () -> T) -> T {
        guard let window = firstResponderWindow ?? responderWindow else { return body() }
        window.firstResponderChangeDepth += 1
        defer {
            window.firstResponderChangeDepth -= 1
            if window.firstResponderChangeDepth == 0 { SoftwareKeyboard.firstResponderDidSettle(in: window) }
        }
        return body()
    }

    /// The window this responder is shown in, if any.
    var responderWindow: UIWindow? { nil }

    // Touch handling: the default passes the touches up the responder chain, as UIKit does.
    /// Called when fingers touch down in this responder; the default passes them to ``UIResponder/next``.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    /// Called when touching fingers move; the default passes them to ``UIResponder/next``.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    /// Called when fingers lift; the default passes them to ``UIResponder/next``.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    /// Called when the system cancels touches (a gesture recognizer took them); the default passes them to ``UIResponder/next``.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }

    // Keys: the default passes the presses up the responder chain, as UIKit does.
    /// Called when keys are pressed while this responder is in the chain; the default passes them to ``UIResponder/next``.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesBegan(presses, with: event) }
    /// Called when keys are released; the default passes them to ``UIResponder/next``.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesEnded(presses, with: event) }
}
