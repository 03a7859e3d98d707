/// A button for a navigation bar or toolbar: a title, an image, a system item or a
/// custom view, with a primary action, a menu, or both.
///
/// There are no selectors on Linux, so UIKit's `init(title:style:target:action:)` family
/// does not exist; pass the action as a closure instead:
///
/// ```swift
/// navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { _ in
///     self.insertRow()
/// })
/// ```
///
/// A ``UINavigationBar`` or ``UIToolbar`` shows an item as its title, its image (a symbol
/// at the bar's size, in the tint), its system item's symbol, or its custom view; a
/// bar's tap is `perform()`.
@preconcurrency @MainActor
open class UIBarButtonItem: UIBarItem {
    /// How a bar draws an item's title.
    public enum Style: Int, Sendable {
        /// The regular weight.
        case plain = 0
        /// Bold: the item that finishes a task (Done, Save).
        case done = 2
    }

    /// The standard items, drawn by the system with their localized title or symbol.
    public enum SystemItem: Int, Sendable, CaseIterable {
        /// "Done", bold.
        case done = 0
        /// "Cancel".
        case cancel = 1
        /// "Edit".
        case edit = 2
        /// "Save", bold.
        case save = 3
        /// A plus sign.
        case add = 4
        /// Space that grows to fill the bar between items (toolbars).
        case flexibleSpace = 5
        /// Space of the item's ``UIBarButtonItem/width``.
        case fixedSpace = 6
        /// A pencil over a square: write something new.
        case compose = 7
        /// A curved arrow pointing back: reply.
        case reply = 8
        /// A square with an arrow out of it: share.
        case action = 9
        /// A folder: move or file.
        case organize = 10
        /// An open book: bookmarks.
        case bookmarks = 11
        /// A magnifying glass.
        case search = 12
        /// A circular arrow: reload.
        case refresh = 13
        /// A cross: stop loading.
        case stop = 14
        /// A camera.
        case camera = 15
        /// A trash can.
        case trash = 16
        /// A triangle: play.
        case play = 17
        /// Two bars: pause.
        case pause = 18
        /// Double triangles to the left.
        case rewind = 19
        /// Double triangles to the right.
        case fastForward = 20
        /// "Undo".
        case undo = 21
        /// "Redo".
        case redo = 22
        /// A cross in a circle: close.
        case close = 24
    }

    /// The bar that shows this item, told when the item changes so that it redraws.
    weak var barShowingItem: (any BarItemHost)?

    /// The system item the button was made as, if any.
    private(set) var systemItem: SystemItem?

    // The title (nil for system items, which draw their own), the image shown instead of
    // the title (a symbol is drawn at 17 points, medium, unless its own configuration says
    // otherwise, in the item's or bar's tint), `isEnabled` (a disabled item is dimmed and
    // its action never runs), `tag` and `accessibilityLabel` (nil reads the title, or for a
    // system item drawn as a symbol its name: "Add" for the plus) are UIBarItem's.

    /// Plain or bold (`.done`).
    open var style: Style = .plain { didSet { barShowingItem?.itemDidChange() } }
    /// The colour of the title or image (nil: the bar's tint).
    open var tintColor: UIColor? { didSet { barShowingItem?.itemDidChange() } }
    /// The item's width in points; 0 lets the bar size it (and a `.fixedSpace` is this wide).
    open var width: CGFloat = 0
    /// A view shown instead of a title or image; it handles its own touches.
    open var customView: UIView?
    /// The menu shown when the item is tapped and has no primary action (or, with one,
    /// on a long press).
    open var menu: UIMenu?
    /// The storyboard segue a tap on the item triggers (see ``InterfaceBuilder``), if any.
    var storyboardSegue: InterfaceBuilder.SegueTemplate?

    /// What a tap does. Setting an action on an item that is not a system item gives the
    /// item the action's title and image.
    open var primaryAction: UIAction? {
        didSet {
            guard systemItem == nil, let primaryAction else { return }
            title = primaryAction.title
            image = primaryAction.image
        }
    }

    /// An empty plain item.
    public override init() {
        systemItem = nil
        super.init()
    }

    /// The bar showing the item redraws it.
    override func itemDidChange() { barShowingItem?.itemDidChange() }

    /// Returns `nil`: Tabula decodes no archived objects (see ``UIView/init(coder:)``); it
    /// is declared, as in UIKit, so that a subclass's `required init?(coder:)` compiles.
    public required init?(coder: NSCoder) { return nil }

    /// A plain item with a title or image (the primary action's, when given), a primary
    /// action and a menu.
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil,
                            menu: UIMenu? = nil) {
        self.init()
        self.menu = menu
        self.primaryAction = primaryAction
        // Observers do not run inside an initializer: take the action's title and image here.
        self.title = primaryAction?.title ?? title
        self.image = primaryAction?.image ?? image
    }

    /// A system item (its title or symbol is the system's, not the action's) with a
    /// primary action and a menu.
    public convenience init(barButtonSystemItem systemItem: UIBarButtonItem.SystemItem,
                            primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init(systemItem: systemItem, primaryAction: primaryAction, menu: menu)
    }

    /// A system item (its title or symbol is the system's, not the action's) with a
    /// primary action and a menu.
    public convenience init(systemItem: UIBarButtonItem.SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        // Before the action: a system item keeps its own title and image.
        self.systemItem = systemItem
        self.primaryAction = primaryAction
        self.menu = menu
        if systemItem == .done || systemItem == .save { style = .done }
    }

    /// An item that shows `customView`.
    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }

    /// Space of `width` points between toolbar items.
    public static func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(systemItem: .fixedSpace)
        item.width = width
        return item
    }

    /// Space that grows to push toolbar items apart.
    public static func flexibleSpace() -> UIBarButtonItem {
        UIBarButtonItem(systemItem: .flexibleSpace)
    }

    // MARK: What a bar does with it

    /// What a tap on an item did.
    enum Tap: Equatable {
        /// The primary action ran.
        case performed(UIAction)
        /// The item has a menu and no primary action: a bar shows the menu.
        case showsMenu(UIMenu)
        /// The item is disabled; nothing ran.
        case disabled
        /// The item has no action, no menu (or is a custom view or a space): nothing ran.
        case nothing
        /// The item's storyboard segue was triggered.
        case segue

        static func == (a: Tap, b: Tap) -> Bool {
            switch (a, b) {
            case let (.performed(x), .performed(y)): x === y
            case let (.showsMenu(x), .showsMenu(y)): x === y
            case (.disabled, .disabled), (.nothing, .nothing), (.segue, .segue): true
            default: false
            }
        }
    }

    /// Taps the item as a bar would: runs the primary action (its sender is the item),
    /// or, without one, says the item's menu shows. Nothing runs while the item or its
    /// action is disabled.
    @discardableResult
    func perform() -> Tap {
        guard customView == nil, systemItem != .flexibleSpace, systemItem != .fixedSpace else { return .nothing }
        guard isEnabled else { return .disabled }
        if let primaryAction {
            guard !primaryAction.attributes.contains(.disabled) else { return .disabled }
            primaryAction.performWithSender(self, target: nil)
            return .performed(primaryAction)
        }
        if let storyboardSegue {
            InterfaceBuilder.trigger(storyboardSegue, sender: self)
            return .segue
        }
        if let menu { return .showsMenu(menu) }
        return .nothing
    }

    /// The text a bar shows for the item (or reads out for one drawn as a symbol): the
    /// title, or the system item's.
    var displayedTitle: String? {
        guard let systemItem else { return title }
        return Self.systemTitles[systemItem]
    }

    /// The SF Symbols name of a system item drawn as a symbol; nil for text items.
    var systemSymbolName: String? {
        systemItem.flatMap { Self.systemSymbols[$0] }
    }

    private static let systemTitles: [SystemItem: String] = [
        .done: "Done", .cancel: "Cancel", .edit: "Edit", .save: "Save", .add: "Add", .compose: "Compose",
        .reply: "Reply", .action: "Share", .organize: "Organize", .bookmarks: "Bookmarks", .search: "Search",
        .refresh: "Refresh", .stop: "Stop", .camera: "Camera", .trash: "Delete", .play: "Play", .pause: "Pause",
        .rewind: "Rewind", .fastForward: "Fast Forward", .undo: "Undo", .redo: "Redo", .close: "Close",
    ]

    private static let systemSymbols: [SystemItem: String] = [
        .add: "plus", .compose: "square.and.pencil", .reply: "arrowshape.turn.up.left",
        .action: "square.and.arrow.up", .organize: "folder", .bookmarks: "book", .search: "magnifyingglass",
        .refresh: "arrow.clockwise", .stop: "xmark", .camera: "camera", .trash: "trash", .play: "play.fill",
        .pause: "pause.fill", .rewind: "backward.fill", .fastForward: "forward.fill", .close: "xmark.circle.fill",
    ]
}

/// The look of a navigation bar or toolbar.
public enum UIBarStyle: Int, Sendable {
    /// Light, with dark text.
    case `default` = 0
    /// Dark, with white text.
    case black = 1
}

/// A bar that shows bar button items (a navigation bar, a toolbar): told when one changes.
@MainActor
protocol BarItemHost: AnyObject {
    /// An item shown changed: rebuild before the next frame.
    func itemDidChange()
}
