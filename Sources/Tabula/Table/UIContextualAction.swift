import Foundation

/// One button revealed by swiping a row (current UIKit's swipe actions).
@MainActor
public final class UIContextualAction {
    public enum Style: Int, Sendable { case normal, destructive }

    /// Called when the button is tapped (or the row fully swiped). Call `completion`
    /// with whether the action was performed; the row then closes.
    public typealias Handler = @MainActor (UIContextualAction, UIView, @escaping @MainActor (Bool) -> Void) -> Void

    public let style: Style
    public var title: String?
    public var backgroundColor: UIColor!
    public var image: UIImage?
    public let handler: Handler

    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : UIColor(rgb: 0x8E8E93)
    }
}

/// The actions revealed by swiping a row one way.
@MainActor
public final class UISwipeActionsConfiguration {
    /// In order from the edge the row was swiped from.
    public let actions: [UIContextualAction]
    /// Whether swiping the row all the way across performs the first action.
    public var performsFirstActionWithFullSwipe = true

    public init(actions: [UIContextualAction]) { self.actions = actions }
}
