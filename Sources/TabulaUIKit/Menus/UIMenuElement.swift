/// What a menu is made of: an action (``UIAction``) or a submenu (``UIMenu``).
///
/// Tabula keeps menus as data in this release: a bar button item holds one, and tests
/// read it and perform its actions; drawing a menu comes with the navigation bar.
@preconcurrency @MainActor
open class UIMenuElement {
    /// The element's title (stored here so that ``UIAction`` can make it settable).
    var storedTitle: String
    /// The element's image (stored here so that ``UIAction`` can make it settable).
    var storedImage: UIImage?

    /// The element's title, as a menu shows it.
    open var title: String { storedTitle }
    /// The image shown beside the title, if any.
    open var image: UIImage? { storedImage }
    /// A second line of text under the title (default nil).
    open var subtitle: String?

    init(title: String, image: UIImage?) {
        storedTitle = title
        storedImage = image
    }

    /// How an element looks and behaves in its menu.
    public struct Attributes: OptionSet, Sendable, Hashable {
        /// The bits, with UIKit's values.
        public let rawValue: UInt
        /// Creates attributes from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The element is shown dimmed and cannot be chosen.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// The element destroys data: drawn in red.
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// The element is not shown.
        public static let hidden = Attributes(rawValue: 1 << 2)
        /// Choosing the element leaves the menu open.
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// Whether an element shows a checkmark.
    public enum State: Int, Sendable {
        /// No checkmark.
        case off = 0
        /// A checkmark.
        case on = 1
        /// A dash: some of what the element stands for is on.
        case mixed = 2
    }
}
