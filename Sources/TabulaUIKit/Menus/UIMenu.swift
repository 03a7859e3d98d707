/// A menu: a titled group of actions and submenus.
///
/// A bar button item with a menu and no primary action shows it when tapped. In this
/// release menus are data: ``UIBarButtonItem`` reports that it would show its menu, and
/// the actions are performed from there (the menu's drawing comes with the navigation bar).
@preconcurrency @MainActor
open class UIMenu: UIMenuElement {
    /// A menu's name.
    public struct Identifier: Hashable, Sendable, RawRepresentable {
        /// The name.
        public let rawValue: String
        /// Creates an identifier from a name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Creates an identifier from a name.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// How a menu shows its children.
    public struct Options: OptionSet, Sendable, Hashable {
        /// The bits, with UIKit's values.
        public let rawValue: UInt
        /// Creates options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The children show inline in the parent menu, between separators, not as a submenu.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// The menu destroys data: drawn in red in its parent.
        public static let destructive = Options(rawValue: 1 << 1)
        /// At most one child is `.on` at a time.
        public static let singleSelection = Options(rawValue: 1 << 5)
        /// The children show as a row of images.
        public static let displayAsPalette = Options(rawValue: 1 << 7)
    }

    /// The menu's identifier; a unique one is made when none is given.
    public let identifier: Identifier
    /// How the menu shows its children.
    public let options: Options
    /// The actions and submenus, in order.
    public let children: [UIMenuElement]

    /// Creates a menu of `children`.
    public init(title: String = "", image: UIImage? = nil, identifier: UIMenu.Identifier? = nil,
                options: UIMenu.Options = [], children: [UIMenuElement] = []) {
        self.identifier = identifier ?? Identifier("tabula.menu.\(UIMenu.nextSerial())")
        self.options = options
        self.children = children
        super.init(title: title, image: image)
    }

    /// A copy of this menu (same title, image, identifier and options) with other children.
    public func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
        UIMenu(title: title, image: image, identifier: identifier, options: options, children: newChildren)
    }

    /// The actions that are `.on`, in this menu and its submenus, in order.
    public var selectedElements: [UIMenuElement] {
        children.flatMap { element -> [UIMenuElement] in
            if let menu = element as? UIMenu { return menu.selectedElements }
            if let action = element as? UIAction, action.state == .on { return [action] }
            return []
        }
    }

    private static var serial = 0
    private static func nextSerial() -> Int {
        serial += 1
        return serial
    }
}
