/// How much a constraint matters: 1 to 1000, where 1000 is required and anything less
/// is satisfied as far as the required constraints allow, higher priorities first.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral {
    /// The priority, from 1 to 1000.
    public var rawValue: Float

    /// A priority of `rawValue`.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// A priority of `rawValue`.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// A priority written as a literal: `let p: UILayoutPriority = 751`.
    public init(floatLiteral value: Float) { self.rawValue = value }

    /// 1000: the constraint must hold.
    public static let required = UILayoutPriority(1000)
    /// 750: a button's resistance to compression.
    public static let defaultHigh = UILayoutPriority(750)
    /// 510: a drag that may resize the window's scene.
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// 500: the window's scene prefers to stay the same size.
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// 490: a drag that does not resize the window's scene.
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// 250: a button's hugging of its content.
    public static let defaultLow = UILayoutPriority(250)
    /// 50: the level at which a view is sized to fit as closely as possible.
    public static let fittingSizeLevel = UILayoutPriority(50)

    /// Lower priorities order first.
    public static func < (a: UILayoutPriority, b: UILayoutPriority) -> Bool { a.rawValue < b.rawValue }
    /// `priority` raised by `amount`: `.defaultHigh + 1`.
    public static func + (priority: UILayoutPriority, amount: Float) -> UILayoutPriority {
        UILayoutPriority(priority.rawValue + amount)
    }
    /// `priority` lowered by `amount`: `.required - 1`.
    public static func - (priority: UILayoutPriority, amount: Float) -> UILayoutPriority {
        UILayoutPriority(priority.rawValue - amount)
    }
}
