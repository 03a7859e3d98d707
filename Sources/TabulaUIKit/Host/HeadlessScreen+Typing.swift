import Foundation

/// Typing, as on the software keyboard or a hardware one, into the first responder.
///
/// Named after XCUITest's `typeText(_:)`: "\n" is the Return key (a text field's return
/// action, a line break in a text view) and "\u{8}" the delete key. Input methods compose
/// with ``setMarkedText(_:selectedRange:)`` and commit with ``typeText(_:)`` or
/// ``unmarkText()``, as SDL's text editing events and iOS's keyboards do.
extension HeadlessScreen {
    /// The text input that is first responder, if any.
    public var firstResponderTextInput: (any UIKeyInput)? {
        guard let responder = window?.firstResponder, responder.responderWindow === window else { return nil }
        return responder as? UIKeyInput
    }

    /// Types `text` into the first responder, one grapheme cluster at a time, at the
    /// current time. Each character goes through the input's `insertText(_:)` (so a
    /// delegate is asked for each), "\n" is Return and "\u{8}" deletes backward.
    ///
    /// With no text input first responder nothing is typed and the problem is reported to
    /// ``onReport`` (or, when that is nil, `UIViewController.onInvalidUse`) (XCUITest fails the same way: the element has no
    /// keyboard focus).
    public func typeText(_ text: String) {
        guard let input = firstResponderTextInput else {
            ProblemReports.report("typeText(\(text.debugDescription)): no text input is first responder; tap a text field first", on: self, otherwise: UIViewController.onInvalidUse)
            return
        }
        work {
            for character in text {
                if character == "\u{8}" { input.deleteBackward() } else { input.insertText(String(character)) }
            }
            CATransaction.endImplicitTransaction()
        }
    }

    /// An input method's composition, as a Chinese, Japanese or Korean keyboard makes it:
    /// `text` is shown marked (underlined) in place of the previous composition or the
    /// selection, with the caret at `selectedRange` within it (its end when nil). Commit
    /// with ``typeText(_:)`` (the chosen text replaces the composition) or ``unmarkText()``.
    public func setMarkedText(_ text: String, selectedRange: NSRange? = nil) {
        guard let input = firstResponderTextInput as? UITextInput else {
            ProblemReports.report("setMarkedText(\(text.debugDescription)): no text input is first responder",
                                  on: self, otherwise: UIViewController.onInvalidUse)
            return
        }
        work {
            input.setMarkedText(text, selectedRange: selectedRange ?? NSRange(location: text.utf16.count, length: 0))
            CATransaction.endImplicitTransaction()
        }
    }

    /// Commits the composition as it stands.
    public func unmarkText() {
        guard let input = firstResponderTextInput as? UITextInput else { return }
        work {
            input.unmarkText()
            CATransaction.endImplicitTransaction()
        }
    }

    /// The software keyboard's frame in window coordinates while it is up (or going up), else nil.
    public var keyboardFrame: CGRect? {
        guard let window, window.showsSoftwareKeyboard else { return nil }
        return window.softwareKeyboard.frame
    }
}
