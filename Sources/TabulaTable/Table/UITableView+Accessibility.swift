import Foundation
import TabulaUIKit

// The defaults VoiceOver reads for the table's views (see `UIView.builtInAccessibility`
// in TabulaUIKit, which asks these through BuiltInAccessibilityProviding).

extension UITableViewCell: BuiltInAccessibilityProviding {
    /// A cell with a text field in it, or a control a person works (a button, a stepper, a
    /// switch in its content), lets VoiceOver and UI tests reach it: the cell is a container,
    /// not one element, and its labels and controls are read one by one — wherever they are,
    /// in the content view or added to the cell itself, as older code and some nib cells do.
    /// A cell with neither is one element whose label joins its labels. A row with a switch
    /// as its accessory view (a Settings-style row) is read as that switch, in one swipe: its
    /// text is the label, the switch's state the value, and a double-tap lands on the switch.
    package func provideBuiltInAccessibility(_ result: inout BuiltInAccessibility) {
        result.isElement = !UIView.containsTextInput(self) && !containsInteractiveControl
        result.label = UIView.joinedText(of: self)
        if isSelected { result.traits.insert(.selected) }
        if let toggle = (isEditing ? editingAccessoryView : accessoryView) as? UISwitch, !toggle.isHidden {
            result.value = toggle.isOn ? "1" : "0"
            result.traits.insert(.button)
            if !toggle.isEnabled { result.traits.insert(.notEnabled) }
            result.activationPoint = toggle.convert(CGPoint(x: toggle.bounds.midX, y: toggle.bounds.midY), to: nil)
            result.isSwitch = true
        }
    }
}

extension UITableViewCell {
    /// Whether a visible control other than the Settings-style accessory switch (which the
    /// row is read as) is in the cell: a button in the content view, a custom accessory
    /// button, a stepper, the info button of `.detailButton` and `.detailDisclosureButton`.
    /// The table's other accessory glyphs and its editing controls are not controls.
    var containsInteractiveControl: Bool {
        let rowSwitch = (isEditing ? editingAccessoryView : accessoryView) as? UISwitch
        func visit(_ view: UIView) -> Bool {
            guard !view.isHidden, view.alpha > 0.01, view !== rowSwitch else { return false }
            if let glyph = view as? AccessoryGlyphView { return glyph.isInfoButton }
            return view is UIControl || view.subviews.contains(where: visit)
        }
        return subviews.contains(where: visit)
    }
}

extension AccessoryGlyphView: BuiltInAccessibilityProviding {
    /// The info button is a button VoiceOver reads as "More Info", after the row's text
    /// (as in the Wi-Fi list of iOS's Settings); the chevron and the checkmark are drawn
    /// state, read with the row.
    package func provideBuiltInAccessibility(_ result: inout BuiltInAccessibility) {
        guard isInfoButton else { return }
        result.isElement = true
        result.label = "More Info"
        result.traits = .button
    }
}

extension UITableViewHeaderFooterView: BuiltInAccessibilityProviding {
    package func provideBuiltInAccessibility(_ result: inout BuiltInAccessibility) {
        result.isElement = true
        result.label = UIView.joinedText(of: self)
        result.traits = tableRole.isHeader ? .header : .staticText
    }
}

extension SwipeActionButton: BuiltInAccessibilityProviding {
    package func provideBuiltInAccessibility(_ result: inout BuiltInAccessibility) {
        result.isElement = true
        result.label = label.text ?? imageView.image?.symbol?.name
        result.traits = .button
    }
}
