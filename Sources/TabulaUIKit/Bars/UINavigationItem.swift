/// What a navigation bar shows while a view controller is on top of a navigation stack:
/// its title (or title view), a prompt, the bar button items on either side and how the
/// back button reads.
///
/// Every view controller has one (``UIViewController/navigationItem``); a
/// ``UINavigationBar`` draws the title, the back button and the bar button items
/// (title views, prompts and large titles are not drawn yet).
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
    /// When a navigation bar that prefers large titles shows this item's title large.
    public enum LargeTitleDisplayMode: Int, Sendable {
        /// As the previous item does (large for the first item when the bar prefers large titles).
        case automatic = 0
        /// Always large.
        case always = 1
        /// Never large.
        case never = 2
    }

    /// How a bar lays out an item (iOS 16): a navigator's title in the middle; a
    /// browser's and an editor's at the leading edge, beside the back button.
    public enum ItemStyle: Int, Sendable {
        /// A title in the middle, as bars always laid them out.
        case navigator = 0
        /// A title at the leading edge, for moving through documents or folders.
        case browser = 1
        /// A title at the leading edge, for editing one document.
        case editor = 2
    }

    /// How the bar lays this item out; `.navigator` by default. Tabula keeps the value and
    /// lays every style out as `.navigator` (the title in the middle).
    open var style: ItemStyle = .navigator

    /// The title shown in the middle of the bar (the view controller's title unless set).
    open var title: String? { didSet { barShowingItem?.itemDidChange() } }
    /// The view controller whose `navigationItem` this is, when it made it: told when the
    /// search text of ``searchController`` changes (its content-unavailable state reads it).
    weak var owningController: UIViewController?
    /// A view shown instead of the title.
    open var titleView: UIView? { didSet { barShowingItem?.itemDidChange() } }
    /// A line of text above the bar's buttons.
    open var prompt: String? { didSet { barShowingItem?.itemDidChange() } }
    /// A search controller whose search bar the navigation bar shows in a row under the
    /// title (and under the large title); see ``hidesSearchBarWhenScrolling``.
    open var searchController: UISearchController? {
        didSet {
            if oldValue?.searchingController === owningController { oldValue?.searchingController = nil }
            searchController?.searchingController = owningController
            barShowingItem?.itemDidChange()
            barShowingItem?.onLargeTitleChange?()
        }
    }
    /// Whether the search row closes as the content scrolls up under the bar (true by
    /// default, as in iOS): it shows in full at rest, closes before the large title does,
    /// and opens again as the content comes back down. False keeps it in place. (iOS also
    /// snaps a half-closed row open or shut when the finger lifts; Tabula leaves it where
    /// the content stops.)
    open var hidesSearchBarWhenScrolling = true {
        didSet { if hidesSearchBarWhenScrolling != oldValue { barShowingItem?.onLargeTitleChange?() } }
    }

    /// Where the navigation bar puts the search bar of ``searchController``.
    public enum SearchBarPlacement: Int, Sendable {
        /// Where the current layout suits: on iPhone, ``stacked``.
        case automatic = 0
        /// At the trailing edge of the bar, inline with its other content (iPad and Mac
        /// layouts; an iPhone's compact width stacks it).
        case inline = 1
        /// In a row of its own under the title.
        case stacked = 2
    }

    /// Where the search bar of ``searchController`` should go (default ``SearchBarPlacement-swift.enum/automatic``);
    /// ``searchBarPlacement`` is where it goes. Tabula lays out as an iPhone does, whose
    /// compact width stacks the search bar under the title even when `.inline` is preferred,
    /// so the preference is kept but every placement draws the stacked row.
    open var preferredSearchBarPlacement: SearchBarPlacement = .automatic

    /// Where the search bar of ``searchController`` is placed: ``SearchBarPlacement-swift.enum/stacked``
    /// whenever the item has a search controller (the iPhone's placement, whatever
    /// ``preferredSearchBarPlacement`` says), and ``SearchBarPlacement-swift.enum/automatic``
    /// while it has none.
    open var searchBarPlacement: SearchBarPlacement { searchController == nil ? .automatic : .stacked }

    /// The item the back button shows when this item is the one below the top (overrides
    /// ``backButtonTitle``).
    open var backBarButtonItem: UIBarButtonItem? { didSet { barShowingItem?.itemDidChange() } }
    /// The back button's title when this item is the one below the top (nil: the title, or "Back").
    open var backButtonTitle: String? { didSet { barShowingItem?.itemDidChange() } }

    /// What the back button shows when this item is the one below the top (and its
    /// ``backBarButtonItem`` is nil): the titles it tries, longest first, keeping the first
    /// that leaves the centred title room.
    public enum BackButtonDisplayMode: Int, Sendable {
        /// ``backButtonTitle`` or ``title``, then "Back", then the chevron alone.
        case `default` = 0
        /// "Back", then the chevron alone; the titles are ignored.
        case generic = 1
        /// The chevron alone.
        case minimal = 2
    }

    /// How the back button to this item is titled (default ``BackButtonDisplayMode-swift.enum/default``).
    /// Set it on the item of the screen a person goes back *to*, as ``backButtonTitle``.
    open var backButtonDisplayMode: BackButtonDisplayMode = .default { didSet { barShowingItem?.itemDidChange() } }

    /// The back button's titles to try for this item, longest first (see ``backButtonDisplayMode``).
    var backButtonTitleCandidates: [String] {
        if let item = backBarButtonItem { return [item.title ?? backButtonTitle ?? title ?? "Back", ""] }
        switch backButtonDisplayMode {
        case .default:
            let specific = [backButtonTitle, title].compactMap { $0 }.first { !$0.isEmpty }
            return (specific.map { [$0] } ?? []) + (specific == "Back" ? [""] : ["Back", ""])
        case .generic: return ["Back", ""]
        case .minimal: return [""]
        }
    }
    /// Whether the back button is hidden while this item is on top (default false).
    open var hidesBackButton = false { didSet { barShowingItem?.itemDidChange() } }
    /// Whether the left items show beside the back button instead of replacing it (default false).
    open var leftItemsSupplementBackButton = false { didSet { barShowingItem?.itemDidChange() } }
    /// The bar's look while this item is on top and content scrolls under the bar (nil:
    /// the bar's ``UINavigationBar/standardAppearance``). Assigning stores a copy.
    open var standardAppearance: UINavigationBarAppearance? {
        get { storedAppearances[0] }
        set { storedAppearances[0] = newValue?.copy(); barShowingItem?.itemDidChange() }
    }
    /// The look in a compact height while this item is on top (nil: the bar's).
    open var compactAppearance: UINavigationBarAppearance? {
        get { storedAppearances[1] }
        set { storedAppearances[1] = newValue?.copy(); barShowingItem?.itemDidChange() }
    }
    /// The look at the scroll edge while this item is on top (nil: the bar's).
    open var scrollEdgeAppearance: UINavigationBarAppearance? {
        get { storedAppearances[2] }
        set { storedAppearances[2] = newValue?.copy(); barShowingItem?.itemDidChange() }
    }
    /// The scroll-edge look in a compact height while this item is on top (nil: the bar's).
    open var compactScrollEdgeAppearance: UINavigationBarAppearance? {
        get { storedAppearances[3] }
        set { storedAppearances[3] = newValue?.copy(); barShowingItem?.itemDidChange() }
    }
    private var storedAppearances: [UINavigationBarAppearance?] = [nil, nil, nil, nil]

    /// When the title shows large (default `.automatic`).
    open var largeTitleDisplayMode = LargeTitleDisplayMode.automatic

    /// The items on the left (leading) side, first one outermost.
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { barShowingItem?.itemDidChange() } }
    /// The items on the right (trailing) side, first one outermost.
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { barShowingItem?.itemDidChange() } }

    /// The first left item; setting it replaces all the left items.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// The first right item; setting it replaces all the right items.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    /// The bar that shows this item, told when the item changes so that it redraws.
    weak var barShowingItem: UINavigationBar?

    /// An item with no title.
    public override init() { super.init() }

    /// An item with a title.
    public init(title: String) {
        super.init()
        self.title = title
    }

    /// Returns `nil`: Tabula decodes no archived objects (see ``UIView/init(coder:)``); it
    /// is declared, as in UIKit, so that a subclass's `required init?(coder:)` compiles.
    public required init?(coder: NSCoder) { return nil }

    /// Replaces the left items with `item` (the change animates once bars are drawn).
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    /// Replaces the right items with `item` (the change animates once bars are drawn).
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    /// Replaces the left items (the change animates once bars are drawn).
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    /// Replaces the right items (the change animates once bars are drawn).
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    /// Hides or shows the back button (the change animates once bars are drawn).
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }
}
