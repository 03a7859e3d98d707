import Foundation

extension UIView {
    /// Ends editing in this view or a view inside it: the first responder there resigns.
    ///
    /// - Parameter force: true resigns without asking the delegate
    ///   (`textFieldShouldEndEditing`, `textViewShouldEndEditing`).
    /// - Returns: whether the first responder resigned (true when none was inside).
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let responder = (window?.firstResponder as? UIView) ?? firstResponderInside,
              responder === self || responder.isDescendant(of: self)
        else { return true }
        let editor = responder as? ForcedEndEditing
        editor?.forcingEndEditing = force
        defer { editor?.forcingEndEditing = false }
        return responder.resignFirstResponder()
    }
}

extension UIView {
    /// This view or the first of its descendants that is first responder (for a view in
    /// no window, whose first responder no window knows).
    fileprivate var firstResponderInside: UIView? {
        if isFirstResponder { return self }
        for subview in subviews {
            if let found = subview.firstResponderInside { return found }
        }
        return nil
    }
}

/// A text input whose delegate may refuse to end editing, unless forced.
@MainActor
protocol ForcedEndEditing: AnyObject {
    var forcingEndEditing: Bool { get set }
}

extension UITextField: ForcedEndEditing {}
