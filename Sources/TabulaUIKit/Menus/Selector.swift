/// The name of an action, as UIKit's menus and `canPerformAction` use them.
///
/// Linux has no Objective-C selectors; this is a plain name. The standard edit actions
/// are constants (``cut``, ``copy``, ``paste``, …); name your own as you would have
/// written the selector: `Selector("mailStory:")`.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The action's name, spelled as the Objective-C selector would be (`"copy:"`).
    public let name: String
    /// Creates an action name.
    public init(_ name: String) { self.name = name }
    /// Creates an action name from a string literal, so `"mailStory:"` can stand for a `Selector`.
    public init(stringLiteral name: String) { self.name = name }
    /// The action's name.
    public var description: String { name }

    /// The Cut edit action.
    public static let cut = Selector("cut:")
    /// The Copy edit action.
    public static let copy = Selector("copy:")
    /// The Paste edit action.
    public static let paste = Selector("paste:")
    /// The Delete edit action (not among the ``standardEditActions`` a cell's menu offers).
    public static let delete = Selector("delete:")
    /// The Select edit action (not among the ``standardEditActions`` a cell's menu offers).
    public static let select = Selector("select:")
    /// The Select All edit action (not among the ``standardEditActions`` a cell's menu offers).
    public static let selectAll = Selector("selectAll:")

    /// The standard actions a cell's menu asks about, in menu order.
    public static let standardEditActions: [Selector] = [.cut, .copy, .paste]
}
