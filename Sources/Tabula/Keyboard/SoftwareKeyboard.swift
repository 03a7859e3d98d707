import Foundation

/// The on-screen keyboard of a window: it slides up when a text input (a ``UIKeyInput``)
/// becomes first responder and down when none is, posting UIKit's keyboard notifications.
///
/// The notifications carry the frames (`NSValue`s of `CGRect`, window coordinates), the
/// duration (0.25 s) and the curve. `keyboardWillShowNotification` and
/// `keyboardWillHideNotification` (with `…WillChangeFrame…`) are posted inside the
/// keyboard's animation, as UIKit posts them, so that views an observer moves or
/// insets it changes animate with the keyboard; the `Did` notifications follow when the
/// animation ends. Switching from one text input to another keeps the keyboard up and
/// posts `keyboardWillShowNotification` again, as iOS does, so that an observer can
/// scroll the new input into view.
///
/// A host without a software keyboard (the SDL window by default: it has a physical
/// one) sets ``UIWindow/showsSoftwareKeyboard`` to false; then nothing slides up and
/// nothing is posted.
@MainActor
final class SoftwareKeyboard {
    /// The keyboard's animation, as UIKit reports it.
    static let animationDuration: TimeInterval = 0.25
    /// The curve reported: ease-out, the closest public curve to the keyboard's own.
    static let animationCurve = UIView.AnimationCurve.easeOut

    /// Brings `window`'s keyboard up for its first responder, or down when that takes no
    /// text (or has left the window). Another window's keyboard is never touched.
    static func firstResponderDidSettle(in window: UIWindow) {
        let responder = window.firstResponder
        guard let input = responder as? UIKeyInput, responder?.responderWindow === window else {
            window.softwareKeyboard.hide()
            return
        }
        guard window.showsSoftwareKeyboard else { return }
        window.softwareKeyboard.show(for: input)
    }

    unowned let window: UIWindow
    private(set) lazy var view = KeyboardView(frame: .zero)
    /// Whether the keyboard is up or going up.
    private(set) var isVisible = false

    init(window: UIWindow) { self.window = window }

    /// The keyboard's height: 336 points in portrait on a phone with a home indicator (the
    /// keys, the suggestions bar and the strip with the globe and microphone), 260 on one
    /// with a home button, 209 and 206 in landscape.
    static func height(for window: UIWindow) -> CGFloat {
        let landscape = window.bounds.width > window.bounds.height
        let homeIndicator = window.screenSafeAreaInsets.bottom > 0
        switch (landscape, homeIndicator) {
        case (false, true): return 336
        case (false, false): return 260
        case (true, true): return 209
        case (true, false): return 206
        }
    }

    /// The frame the keyboard rests at, in window coordinates.
    var restingFrame: CGRect {
        let height = Self.height(for: window)
        return CGRect(x: 0, y: window.bounds.height - height, width: window.bounds.width, height: height)
    }

    private var hiddenFrame: CGRect { restingFrame.offsetBy(dx: 0, dy: restingFrame.height) }

    /// The keyboard's frame in window coordinates while it is up, else nil.
    var frame: CGRect? { isVisible ? restingFrame : nil }

    func show(for input: UIKeyInput) {
        view.input = input
        let wasVisible = isVisible
        isVisible = true
        if view.superview !== window {
            UIView.performWithoutAnimation { view.frame = hiddenFrame }
            window.addSubview(view)
        } else {
            window.bringSubviewToFront(view)
        }
        let begin = wasVisible ? restingFrame : hiddenFrame
        let end = restingFrame
        animate(from: begin, to: end, will: UIResponder.keyboardWillShowNotification,
                did: UIResponder.keyboardDidShowNotification) { [weak self] in
            self?.view.frame = end
        }
    }

    func hide() {
        guard isVisible else { return }
        isVisible = false
        view.input = nil
        let begin = restingFrame, end = hiddenFrame
        animate(from: begin, to: end, will: UIResponder.keyboardWillHideNotification,
                did: UIResponder.keyboardDidHideNotification) { [weak self] in
            self?.view.frame = end
        } completion: { [weak self] in
            guard let self, !self.isVisible else { return }
            self.view.removeFromSuperview()
        }
    }

    /// Moves the keyboard with its animation, posting the `will` notifications inside it
    /// and the `did` ones after.
    private func animate(from begin: CGRect, to end: CGRect, will: Notification.Name, did: Notification.Name,
                         move: @escaping @MainActor () -> Void, completion: (@MainActor () -> Void)? = nil) {
        let info: [AnyHashable: Any] = [
            UIResponder.keyboardFrameBeginUserInfoKey: NSValue(cgRect: begin),
            UIResponder.keyboardFrameEndUserInfoKey: NSValue(cgRect: end),
            UIResponder.keyboardAnimationDurationUserInfoKey: NSNumber(value: Self.animationDuration),
            UIResponder.keyboardAnimationCurveUserInfoKey: NSNumber(value: Self.animationCurve.rawValue),
            UIResponder.keyboardIsLocalUserInfoKey: NSNumber(value: true),
        ]
        let center = NotificationCenter.default
        let window = self.window
        UIView.animate(withDuration: Self.animationDuration, delay: 0, options: [.curveEaseOut, .beginFromCurrentState]) {
            move()
            KeyboardGuideOwners.keyboardDidMove(in: window)
            center.post(name: will, object: nil, userInfo: info)
            center.post(name: UIResponder.keyboardWillChangeFrameNotification, object: nil, userInfo: info)
        } completion: { _ in
            center.post(name: did, object: nil, userInfo: info)
            center.post(name: UIResponder.keyboardDidChangeFrameNotification, object: nil, userInfo: info)
            completion?()
        }
    }
}

extension UIResponder {
    /// Posted before a keyboard appears, inside its animation: `userInfo` holds its frames
    /// (``keyboardFrameBeginUserInfoKey``, ``keyboardFrameEndUserInfoKey``: `NSValue`s of
    /// `CGRect`, window coordinates), the animation's duration and curve. Posted again when
    /// the first responder moves to another text input while the keyboard is up.
    public nonisolated static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    /// Posted once the keyboard has appeared.
    public nonisolated static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    /// Posted before the keyboard goes away, inside its animation.
    public nonisolated static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    /// Posted once the keyboard has gone.
    public nonisolated static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    /// Posted before the keyboard's frame changes (with each show and hide).
    public nonisolated static let keyboardWillChangeFrameNotification = Notification.Name("UIKeyboardWillChangeFrameNotification")
    /// Posted after the keyboard's frame changed.
    public nonisolated static let keyboardDidChangeFrameNotification = Notification.Name("UIKeyboardDidChangeFrameNotification")
    /// The `userInfo` key of the keyboard's frame before the change (an `NSValue` of a `CGRect`).
    public nonisolated static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    /// The `userInfo` key of the keyboard's frame after the change (an `NSValue` of a `CGRect`).
    public nonisolated static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    /// The `userInfo` key of the animation's duration in seconds (an `NSNumber`).
    public nonisolated static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    /// The `userInfo` key of the animation's curve (an `NSNumber` holding a `UIView.AnimationCurve` raw value).
    public nonisolated static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
    /// The `userInfo` key of whether the keyboard belongs to this app (an `NSNumber`, always true).
    public nonisolated static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}

extension NSValue {
    /// A value holding a rectangle (UIKit's initializer; Foundation on Linux calls it `rect`).
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// The rectangle the value holds.
    public var cgRectValue: CGRect { rectValue }
}
