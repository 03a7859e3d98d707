import Foundation
import TabulaUIKit

// The defaults VoiceOver reads for the table's views (see `UIView.builtInAccessibility`
// in TabulaUIKit, which asks these through BuiltInAccessibilityProviding).

extension UITableViewCell: BuiltInAccessibilityProviding {
    /// A cell with a text field in it lets VoiceOver reach the field: it is a container,
    /// not one element.
    package func provideBuiltInAccessibility(_ result: inout BuiltInAccessibility) {
        result.isElement = !UIView.containsTextInput(contentView)
        result.label = UIView.joinedText(of: self)
        if isSelected { result.traits.insert(.selected) }
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
