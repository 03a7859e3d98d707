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
    /// text (or has left the window). Another window's keyboard is never touched. A
    /// responder's own input view (a date picker, say) comes up in the keyboard's place,
    /// even where the host has a physical keyboard: nothing else can edit it.
    static func firstResponderDidSettle(in window: UIWindow) {
        let responder = window.firstResponder
        guard let responder, responder.responderWindow === window else {
            window.softwareKeyboard.hide()
            return
        }
        if let inputView = responder.inputView {
            window.softwareKeyboard.show(inputView: inputView, accessory: responder.inputAccessoryView)
        } else if let input = responder as? UIKeyInput, window.showsSoftwareKeyboard {
            window.softwareKeyboard.show(for: input)
        } else if !(responder is UIKeyInput) {
            window.softwareKeyboard.hide()
        }
    }

    unowned let window: UIWindow
    private(set) lazy var view = KeyboardView(frame: .zero)
    /// The first responder's input view in its host, while one is shown instead of the keys.
    private var inputViewHost: InputViewHost?
    /// What slides up: the keys, or the first responder's input view.
    private var shownView: UIView { inputViewHost ?? view }
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
        let height = inputViewHost?.height(in: window) ?? Self.height(for: window)
        return CGRect(x: 0, y: window.bounds.height - height, width: window.bounds.width, height: height)
    }

    private var hiddenFrame: CGRect { restingFrame.offsetBy(dx: 0, dy: restingFrame.height) }

    /// The keyboard's frame in window coordinates while it is up, else nil.
    var frame: CGRect? { isVisible ? restingFrame : nil }

    func show(for input: UIKeyInput) {
        view.input = input
        present(host: nil)
    }

    /// Shows `inputView` (with `accessory` above it) in the keyboard's place.
    func show(inputView: UIView, accessory: UIView?) {
        view.input = nil
        if let host = inputViewHost, host.shows(inputView, accessory: accessory) {
            present(host: host)
        } else {
            present(host: InputViewHost(inputView: inputView, accessory: accessory))
        }
    }

    /// Slides up the keys (`host` nil) or an input view; what was up before is swapped out
    /// at once, and the new one moves from where the old one rested.
    private func present(host: InputViewHost?) {
        let previous = isVisible ? shownView : nil
        let wasVisible = isVisible
        let begin = wasVisible ? restingFrame : hiddenFrame
        inputViewHost = host
        let shown = shownView
        if let previous, previous !== shown { previous.removeFromSuperview() }
        isVisible = true
        if shown.superview !== window {
            UIView.performWithoutAnimation { shown.frame = wasVisible ? begin : hiddenFrame }
            window.addSubview(shown)
        } else {
            window.bringSubviewToFront(shown)
        }
        let end = restingFrame
        animate(from: begin, to: end, will: UIResponder.keyboardWillShowNotification,
                did: UIResponder.keyboardDidShowNotification) {
            shown.frame = end
        }
    }

    /// Puts what is up at its resting frame for the window's size, after the window
    /// changed size (a rotation): the keys or input view stay along the bottom edge.
    func windowDidLayOut() {
        guard isVisible, shownView.superview === window, shownView.frame != restingFrame else { return }
        shownView.frame = restingFrame
    }

    func hide() {
        guard isVisible else { return }
        isVisible = false
        view.input = nil
        let begin = restingFrame, end = hiddenFrame
        let shown = shownView
        animate(from: begin, to: end, will: UIResponder.keyboardWillHideNotification,
                did: UIResponder.keyboardDidHideNotification) {
            shown.frame = end
        } completion: { [weak self] in
            guard let self, !self.isVisible || self.shownView !== shown else { return }
            shown.removeFromSuperview()
            if self.inputViewHost === shown { self.inputViewHost = nil }
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
            Self.announcing(from: window) {
                center.post(name: will, object: nil, userInfo: info)
                center.post(name: UIResponder.keyboardWillChangeFrameNotification, object: nil, userInfo: info)
            }
        } completion: { _ in
            Self.announcing(from: window) {
                center.post(name: did, object: nil, userInfo: info)
                center.post(name: UIResponder.keyboardDidChangeFrameNotification, object: nil, userInfo: info)
            }
            completion?()
        }
    }

    /// The window whose keyboard is posting its notifications now, else nil (nothing is
    /// posting, or code posts them itself, as a test may).
    private(set) static var announcingWindow: UIWindow?

    private static func announcing(from window: UIWindow, _ post: () -> Void) {
        let outer = announcingWindow
        announcingWindow = window
        defer { announcingWindow = outer }
        post()
    }
}

extension UIView {
    /// Whether the keyboard notification being posted now concerns this view: true unless
    /// it comes from the keyboard of another screen.
    ///
    /// UIKit posts keyboard notifications to the whole app with no object, and observers
    /// listen with `object: nil`. Here several screens (``HeadlessScreen``s, each a device
    /// with its own clock) may live in one process; a keyboard's frame means nothing on
    /// another screen, and an animation started there runs on a clock the keyboard's
    /// screen does not advance, so its `Did` notification would wait for it. The library's
    /// own observers (a table view controller's insets, an alert rising) ask this first.
    package var hearsAnnouncedKeyboard: Bool {
        guard let keyboardWindow = SoftwareKeyboard.announcingWindow else { return true }
        return keyboardWindow.layer.mediaClock === layer.mediaClock
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
