import Foundation
import TabulaUIKit

// The defaults VoiceOver reads for the table's views (see `UIView.builtInAccessibility`
// in TabulaUIKit, which asks these through BuiltInAccessibilityProviding).

extension UITableViewCell: BuiltInAccessibilityProviding {
    /// A cell with a text field in it lets VoiceOver reach the field: it is a container,
    /// not one element — wherever the field is, in the content view or added to the cell
    /// itself, as older code and some nib cells do. A row with a switch as its accessory view (a Settings-style row)
    /// is read as that switch, in one swipe: its text is the label, the switch's state
    /// the value, and a double-tap lands on the switch.
    package func provideBuiltInAccessibility(_ result: inout BuiltInAccessibility) {
        result.isElement = !UIView.containsTextInput(self)
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
