import Foundation

/// What an item of a bar has: a title, an image, whether it is enabled, and a tag: UIKit's
/// abstract base of ``UIBarButtonItem`` and ``UITabBarItem``.
@preconcurrency @MainActor
open class UIBarItem: NSObject {
    /// Creates an item with no title or image.
    public override init() { super.init() }

    /// Returns `nil`: Tabula decodes no archived objects (see ``UIView/init(coder:)``); it
    /// is declared, as in UIKit, so that a subclass's `required init?(coder:)` compiles.
    public required init?(coder: NSCoder) { return nil }

    /// The title shown for the item.
    open var title: String? { didSet { if title != oldValue { itemDidChange() } } }
    /// The image shown for the item (a symbol is drawn at the bar's size).
    open var image: UIImage? { didSet { if image !== oldValue { itemDidChange() } } }
    /// The image shown in landscape on a phone, if it differs; Tabula shows ``image``.
    open var landscapeImagePhone: UIImage?
    /// Whether the item responds to taps (default true); a disabled item is drawn faded.
    open var isEnabled = true { didSet { if isEnabled != oldValue { itemDidChange() } } }
    /// A number of your own that identifies the item (default 0).
    open var tag = 0
    /// What VoiceOver reads for the item; nil reads its title.
    open var accessibilityLabel: String? { didSet { itemDidChange() } }

    /// Something the bar shows changed.
    func itemDidChange() {}
}

/// An item of a ``UITabBar``: a title under an image (a symbol at the bar's size), a
/// second image for the selected state, and a badge.
///
/// A view controller's ``UIViewController/tabBarItem`` is the one its tab bar controller
/// shows. The badge is drawn as iOS draws it: a red capsule (``badgeColor``) with the
/// ``badgeValue`` in white, over the image's trailing top corner.
@preconcurrency @MainActor
open class UITabBarItem: UIBarItem {
    /// The items UIKit provides, each with its own title and image.
    public enum SystemItem: Int, Sendable, CaseIterable {
        /// "More": the tab of the tabs that do not fit.
        case more = 0
        /// "Favorites", a star.
        case favorites = 1
        /// "Featured", a star.
        case featured = 2
        /// "Top Rated", a star.
        case topRated = 3
        /// "Recents", a clock.
        case recents = 4
        /// "Contacts", a person in a circle.
        case contacts = 5
        /// "History", a clock.
        case history = 6
        /// "Bookmarks", a book.
        case bookmarks = 7
        /// "Search", a magnifying glass.
        case search = 8
        /// "Downloads", an arrow down in a circle.
        case downloads = 9
        /// "Most Recent", a clock.
        case mostRecent = 10
        /// "Most Viewed", a list.
        case mostViewed = 11

        /// The title UIKit shows for the item.
        var title: String {
            switch self {
            case .more: "More"
            case .favorites: "Favorites"
            case .featured: "Featured"
            case .topRated: "Top Rated"
            case .recents: "Recents"
            case .contacts: "Contacts"
            case .history: "History"
            case .bookmarks: "Bookmarks"
            case .search: "Search"
            case .downloads: "Downloads"
            case .mostRecent: "Most Recent"
            case .mostViewed: "Most Viewed"
            }
        }

        /// The symbol drawn for the item: Tabula's own drawing of the name, filled where
        /// a filled form exists.
        var symbolNames: [String] {
            switch self {
            case .more: ["ellipsis"]
            case .favorites, .featured, .topRated: ["star.fill", "star"]
            case .recents, .history, .mostRecent: ["clock.fill", "clock"]
            case .contacts: ["person.crop.circle.fill", "person.crop.circle"]
            case .bookmarks: ["book.fill", "book"]
            case .search: ["magnifyingglass"]
            case .downloads: ["arrow.down.circle.fill", "arrow.down.circle"]
            case .mostViewed: ["list.bullet"]
            }
        }

        /// The symbol's image, or nil when Tabula has none of its names.
        var image: UIImage? {
            for name in symbolNames { if let image = UIImage(systemName: name) { return image } }
            return nil
        }
    }

    /// Creates an item with no title or image.
    public override init() { super.init() }

    /// Returns `nil`: Tabula decodes no archived objects (see ``UIView/init(coder:)``); it
    /// is declared, as in UIKit, so that a subclass's `required init?(coder:)` compiles.
    public required init?(coder: NSCoder) { return nil }

    /// Creates an item showing `title` over `image`, with `tag`. Either may be nil.
    public convenience init(title: String?, image: UIImage?, tag: Int) {
        self.init()
        self.title = title
        self.image = image
        self.tag = tag
    }

    /// Creates an item showing `title` over `image`, and `selectedImage` while selected.
    public convenience init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.init()
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }

    /// Creates one of UIKit's own items, with its title and image; as in UIKit, setting
    /// ``UIBarItem/title`` or ``UIBarItem/image`` on it later changes nothing shown.
    public convenience init(tabBarSystemItem systemItem: UITabBarItem.SystemItem, tag: Int) {
        self.init()
        self.systemItem = systemItem
        self.tag = tag
    }

    /// The image shown while the item is selected; nil shows ``UIBarItem/image``.
    open var selectedImage: UIImage? { didSet { if selectedImage !== oldValue { itemDidChange() } } }

    /// The text of the badge over the item's image (a count, "!", or "" for a dot); nil
    /// (the default) shows no badge.
    open var badgeValue: String? { didSet { if badgeValue != oldValue { itemDidChange() } } }

    /// The badge's background; nil (the default) is the system red.
    open var badgeColor: UIColor? { didSet { itemDidChange() } }

    /// How far the title is moved from where the bar puts it (default zero).
    open var titlePositionAdjustment = UIOffset(horizontal: 0, vertical: 0) { didSet { itemDidChange() } }

    /// The system item this item was made as, if any.
    private(set) var systemItem: SystemItem?

    /// The title the bar shows: the system item's, else ``UIBarItem/title``.
    package var displayedTitle: String? { systemItem?.title ?? title }
    /// The image the bar shows when not selected.
    package var displayedImage: UIImage? { systemItem.map { $0.image } ?? image }
    /// The image the bar shows when selected.
    var displayedSelectedImage: UIImage? { systemItem.map { $0.image } ?? selectedImage ?? image }

    /// The bar showing the item, told when it changes.
    weak var tabBar: UITabBar?

    override func itemDidChange() { tabBar?.itemDidChange(self) }
}
