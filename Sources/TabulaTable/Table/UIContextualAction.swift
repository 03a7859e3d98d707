import Foundation
import TabulaUIKit

/// One button revealed by swiping a row (current UIKit's swipe actions).
@preconcurrency @MainActor
public final class UIContextualAction {
    /// How an action looks: its default background colour.
    public enum Style: Int, Sendable {
        /// An ordinary action, gray by default.
        case normal
        /// An action that deletes or discards, red by default.
        case destructive
    }

    /// Called when the button is tapped (or the row fully swiped). Call `completion`
    /// with whether the action was performed; the row then closes.
    public typealias Handler = @MainActor (UIContextualAction, UIView, @escaping @MainActor (Bool) -> Void) -> Void

    /// Whether the action is `.normal` or `.destructive`.
    public let style: Style
    /// The button's title.
    public var title: String?
    /// The button's colour: `.systemRed` for a destructive action, gray (#8E8E93) otherwise, unless set.
    public var backgroundColor: UIColor!
    /// An image for the button, drawn in white: alone on a row shorter than 91 points,
    /// over the ``title`` on a taller one.
    public var image: UIImage?
    /// Called when the button is tapped, or when the row is swiped all the way across for the first action.
    public let handler: Handler

    /// An action with the given style, title and handler; its colour follows the style.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : UIColor(rgb: 0x8E8E93)
    }
}

/// The actions revealed by swiping a row one way.
@preconcurrency @MainActor
public final class UISwipeActionsConfiguration {
    /// In order from the edge the row was swiped from.
    public let actions: [UIContextualAction]
    /// Whether swiping the row all the way across performs the first action.
    public var performsFirstActionWithFullSwipe = true

    /// A configuration showing `actions`, the first one nearest the edge the row was swiped from.
    public init(actions: [UIContextualAction]) { self.actions = actions }
}
