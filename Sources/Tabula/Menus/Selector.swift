/// The name of an action, as UIKit's menus and `canPerformAction` use them.
///
/// Linux has no Objective-C selectors; this is a plain name. The standard edit actions
/// are constants (``cut``, ``copy``, ``paste``, …); name your own as you would have
/// written the selector: `Selector("mailStory:")`.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }
    public var description: String { name }

    public static let cut = Selector("cut:")
    public static let copy = Selector("copy:")
    public static let paste = Selector("paste:")
    public static let delete = Selector("delete:")
    public static let select = Selector("select:")
    public static let selectAll = Selector("selectAll:")

    /// The standard actions a cell's menu asks about, in menu order.
    public static let standardEditActions: [Selector] = [.cut, .copy, .paste]
}
