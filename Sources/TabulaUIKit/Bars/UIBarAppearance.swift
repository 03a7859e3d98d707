import Foundation

/// The look shared by navigation bars, toolbars and tab bars: the background (a blur,
/// a colour, an image) and the shadow line along the bar's edge.
///
/// Bars take a copy of an appearance when it is assigned (as UIKit's `@NSCopying`
/// properties do): change the object afterwards and assign it again to see the change.
///
/// A difference from UIKit forced by Swift on Linux: the appearance classes do not
/// inherit from `NSObject` (whose `copy() -> Any` would make UIKit's `copy() -> Self`
/// ambiguous) and are not `NSCopying`; ``copy()`` is the way to copy them.
@preconcurrency @MainActor
open class UIBarAppearance {
    /// The idiom the appearance was made for.
    public let idiom: UIUserInterfaceIdiom

    /// A blur of what lies behind the bar, drawn first (default: the chrome material).
    open var backgroundEffect: UIBlurEffect?
    /// A colour drawn over the blur (default nil).
    open var backgroundColor: UIColor?
    /// An image drawn over the colour, sized by ``backgroundImageContentMode``.
    open var backgroundImage: UIImage?
    /// How ``backgroundImage`` fills the bar (default `.scaleToFill`; `.redraw` is read
    /// as `.scaleToFill`).
    open var backgroundImageContentMode: UIView.ContentMode = .scaleToFill
    /// The colour of the hairline along the bar's edge (nil or clear: none).
    open var shadowColor: UIColor?
    /// An image drawn as the shadow instead of the hairline, tinted by ``shadowColor``
    /// when it is a template.
    open var shadowImage: UIImage?

    /// An appearance for the phone, with the default background.
    public convenience init() { self.init(idiom: .phone) }

    /// An appearance for `idiom`, with the default background.
    public init(idiom: UIUserInterfaceIdiom) {
        self.idiom = idiom
        configureWithDefaultBackground()
    }

    /// An appearance with the background and shadow of `barAppearance` (and, when it is
    /// of the same class, everything else it holds).
    public required init(barAppearance: UIBarAppearance) {
        idiom = barAppearance.idiom
        backgroundEffect = barAppearance.backgroundEffect
        backgroundColor = barAppearance.backgroundColor
        backgroundImage = barAppearance.backgroundImage
        backgroundImageContentMode = barAppearance.backgroundImageContentMode
        shadowColor = barAppearance.shadowColor
        shadowImage = barAppearance.shadowImage
    }

    /// Returns `nil`: Tabula decodes no archived objects (see ``UIView/init(coder:)``).
    public required init?(coder: NSCoder) { return nil }

    /// The translucent system material with its hairline, as bars are by default.
    open func configureWithDefaultBackground() {
        backgroundEffect = UIBlurEffect(style: .systemChromeMaterial)
        backgroundColor = nil
        backgroundImage = nil
        shadowColor = .separator
        shadowImage = nil
    }

    /// An opaque background in the system background colour, with the hairline.
    open func configureWithOpaqueBackground() {
        backgroundEffect = nil
        backgroundColor = .systemBackground
        backgroundImage = nil
        shadowColor = .separator
        shadowImage = nil
    }

    /// No background and no hairline: what lies behind the bar shows through.
    open func configureWithTransparentBackground() {
        backgroundEffect = nil
        backgroundColor = nil
        backgroundImage = nil
        shadowColor = nil
        shadowImage = nil
    }

    /// A copy of the appearance, of the same class.
    public func copy() -> Self { Self(barAppearance: self) }

    /// Whether the background draws nothing: no blur, colour or image.
    var isTransparent: Bool {
        backgroundEffect == nil && backgroundImage == nil && (backgroundColor.map { $0.cgColor.alpha == 0 } ?? true)
    }
}

/// The look of a navigation bar: its background and shadow, the title's and the large
/// title's text attributes, and the bar button items' appearance.
@preconcurrency @MainActor
open class UINavigationBarAppearance: UIBarAppearance {
    /// Attributes of the title (`.font`, `.foregroundColor`); what is missing takes the
    /// default (17-point semibold, the label colour).
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// Attributes of the large title; what is missing takes the default (34-point bold).
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// How far the title is moved from its place.
    open var titlePositionAdjustment: UIOffset = .zero
    /// The appearance of plain bar button items.
    open var buttonAppearance = UIBarButtonItemAppearance(style: .plain)
    /// The appearance of `.done` bar button items.
    open var doneButtonAppearance = UIBarButtonItemAppearance(style: .done)
    /// The appearance of the back button's title.
    open var backButtonAppearance = UIBarButtonItemAppearance(style: .plain)
    /// The image of the back button's chevron (default: the system chevron).
    open private(set) var backIndicatorImage: UIImage = UINavigationBarAppearance.defaultBackIndicator
    /// The mask of the chevron during transitions.
    open private(set) var backIndicatorTransitionMaskImage: UIImage = UINavigationBarAppearance.defaultBackIndicator

    private static var defaultBackIndicator: UIImage { UIImage(systemName: "chevron.backward") ?? UIImage() }

    /// A navigation bar appearance for `idiom`, with the default background.
    public override init(idiom: UIUserInterfaceIdiom) { super.init(idiom: idiom) }

    /// A navigation bar appearance with the background of `barAppearance` (and all its
    /// navigation bar attributes when it is one).
    public required init(barAppearance: UIBarAppearance) {
        super.init(barAppearance: barAppearance)
        guard let source = barAppearance as? UINavigationBarAppearance else { return }
        titleTextAttributes = source.titleTextAttributes
        largeTitleTextAttributes = source.largeTitleTextAttributes
        titlePositionAdjustment = source.titlePositionAdjustment
        buttonAppearance = source.buttonAppearance.copy()
        doneButtonAppearance = source.doneButtonAppearance.copy()
        backButtonAppearance = source.backButtonAppearance.copy()
        backIndicatorImage = source.backIndicatorImage
        backIndicatorTransitionMaskImage = source.backIndicatorTransitionMaskImage
    }

    /// Returns `nil`: Tabula decodes no archived objects.
    public required init?(coder: NSCoder) { return nil }

    /// Sets the back chevron's image and its transition mask (nil for either: the default).
    open func setBackIndicatorImage(_ backIndicatorImage: UIImage?, transitionMaskImage: UIImage?) {
        self.backIndicatorImage = backIndicatorImage ?? Self.defaultBackIndicator
        backIndicatorTransitionMaskImage = transitionMaskImage ?? Self.defaultBackIndicator
    }
}

/// The look of a toolbar: its background and shadow, and its items' appearance.
@preconcurrency @MainActor
open class UIToolbarAppearance: UIBarAppearance {
    /// The appearance of plain bar button items.
    open var buttonAppearance = UIBarButtonItemAppearance(style: .plain)
    /// The appearance of `.done` bar button items.
    open var doneButtonAppearance = UIBarButtonItemAppearance(style: .done)

    /// A toolbar appearance for `idiom`, with the default background.
    public override init(idiom: UIUserInterfaceIdiom) { super.init(idiom: idiom) }

    /// A toolbar appearance with the background of `barAppearance` (and its items'
    /// appearance when it is one).
    public required init(barAppearance: UIBarAppearance) {
        super.init(barAppearance: barAppearance)
        guard let source = barAppearance as? UIToolbarAppearance else { return }
        buttonAppearance = source.buttonAppearance.copy()
        doneButtonAppearance = source.doneButtonAppearance.copy()
    }

    /// Returns `nil`: Tabula decodes no archived objects.
    public required init?(coder: NSCoder) { return nil }
}

/// The look of a tab bar: its background and shadow, and its items in each layout.
@preconcurrency @MainActor
open class UITabBarAppearance: UIBarAppearance {
    /// The items' look when the image is above the title (portrait on a phone).
    open var stackedLayoutAppearance = UITabBarItemAppearance(style: .stacked)
    /// The items' look when the image is beside the title (a regular width).
    open var inlineLayoutAppearance = UITabBarItemAppearance(style: .inline)
    /// The items' look beside the title in a compact height (landscape on a phone).
    open var compactInlineLayoutAppearance = UITabBarItemAppearance(style: .compactInline)
    /// The tint of the selection indicator image.
    open var selectionIndicatorTintColor: UIColor?
    /// An image drawn behind the selected item.
    open var selectionIndicatorImage: UIImage?
    /// How stacked items are spread across the bar.
    open var stackedItemPositioning: UITabBar.ItemPositioning = .automatic
    /// The width of each stacked item when they are centred (0: the system's).
    open var stackedItemWidth: CGFloat = 0
    /// The space between stacked items when they are centred (0: the system's).
    open var stackedItemSpacing: CGFloat = 0

    /// A tab bar appearance for `idiom`, with the default background.
    public override init(idiom: UIUserInterfaceIdiom) { super.init(idiom: idiom) }

    /// A tab bar appearance with the background of `barAppearance` (and its item
    /// appearances when it is one).
    public required init(barAppearance: UIBarAppearance) {
        super.init(barAppearance: barAppearance)
        guard let source = barAppearance as? UITabBarAppearance else { return }
        stackedLayoutAppearance = source.stackedLayoutAppearance.copy()
        inlineLayoutAppearance = source.inlineLayoutAppearance.copy()
        compactInlineLayoutAppearance = source.compactInlineLayoutAppearance.copy()
        selectionIndicatorTintColor = source.selectionIndicatorTintColor
        selectionIndicatorImage = source.selectionIndicatorImage
        stackedItemPositioning = source.stackedItemPositioning
        stackedItemWidth = source.stackedItemWidth
        stackedItemSpacing = source.stackedItemSpacing
    }

    /// Returns `nil`: Tabula decodes no archived objects.
    public required init?(coder: NSCoder) { return nil }
}

/// The look of bar button items in each state.
@preconcurrency @MainActor
open class UIBarButtonItemAppearance {
    /// The look of an enabled item.
    public let normal = UIBarButtonItemStateAppearance()
    /// The look while the item is touched (unset values: ``normal``'s).
    public let highlighted = UIBarButtonItemStateAppearance()
    /// The look of a disabled item (unset values: ``normal``'s).
    public let disabled = UIBarButtonItemStateAppearance()
    /// The look of a focused item (unset values: ``highlighted``'s).
    public let focused = UIBarButtonItemStateAppearance()

    /// The defaults for items of `style`.
    public required init(style: UIBarButtonItem.Style) {}

    /// The defaults for plain items.
    public convenience init() { self.init(style: .plain) }

    /// Returns `nil`: Tabula decodes no archived objects.
    public required init?(coder: NSCoder) { return nil }

    /// Resets every state to the defaults for items of `style`.
    open func configureWithDefault(for style: UIBarButtonItem.Style) {
        for state in [normal, highlighted, disabled, focused] { state.reset() }
    }

    /// A copy, of the same class.
    public func copy() -> Self {
        let copy = Self(style: .plain)
        for (from, to) in [(normal, copy.normal), (highlighted, copy.highlighted), (disabled, copy.disabled),
                           (focused, copy.focused)] {
            to.take(from)
        }
        return copy
    }
}

/// The look of bar button items in one state: title attributes and position, background.
@preconcurrency @MainActor
open class UIBarButtonItemStateAppearance {
    /// Attributes of the title (`.font`, `.foregroundColor`); what is missing takes the
    /// default (the tint colour, 17 points).
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// How far the title is moved from its place.
    open var titlePositionAdjustment: UIOffset = .zero
    /// An image drawn behind the item.
    open var backgroundImage: UIImage?
    /// How far the background image is moved from its place.
    open var backgroundImagePositionAdjustment: UIOffset = .zero

    init() {}

    func reset() { take(UIBarButtonItemStateAppearance()) }

    func take(_ other: UIBarButtonItemStateAppearance) {
        titleTextAttributes = other.titleTextAttributes
        titlePositionAdjustment = other.titlePositionAdjustment
        backgroundImage = other.backgroundImage
        backgroundImagePositionAdjustment = other.backgroundImagePositionAdjustment
    }
}

/// The look of tab bar items in each state, for one layout.
@preconcurrency @MainActor
open class UITabBarItemAppearance {
    /// The layouts of tab bar items.
    public enum Style: Int, Sendable {
        /// The image above the title.
        case stacked = 0
        /// The image beside the title.
        case inline = 1
        /// The image beside the title, in a compact height.
        case compactInline = 2
    }

    /// The look of an item that is not selected.
    public let normal = UITabBarItemStateAppearance()
    /// The look of the selected item.
    public let selected = UITabBarItemStateAppearance()
    /// The look of a disabled item.
    public let disabled = UITabBarItemStateAppearance()
    /// The look of a focused item.
    public let focused = UITabBarItemStateAppearance()

    /// The defaults for items in `style`'s layout.
    public required init(style: UITabBarItemAppearance.Style) {}

    /// The defaults for stacked items.
    public convenience init() { self.init(style: .stacked) }

    /// Returns `nil`: Tabula decodes no archived objects.
    public required init?(coder: NSCoder) { return nil }

    /// Resets every state to the defaults for `style`'s layout.
    open func configureWithDefault(for style: UITabBarItemAppearance.Style) {
        for state in [normal, selected, disabled, focused] { state.take(UITabBarItemStateAppearance()) }
    }

    /// A copy, of the same class.
    public func copy() -> Self {
        let copy = Self(style: .stacked)
        for (from, to) in [(normal, copy.normal), (selected, copy.selected), (disabled, copy.disabled),
                           (focused, copy.focused)] {
            to.take(from)
        }
        return copy
    }
}

/// The look of tab bar items in one state: title attributes, icon colour, badge.
@preconcurrency @MainActor
open class UITabBarItemStateAppearance {
    /// Attributes of the title (`.font`, `.foregroundColor`).
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// How far the title is moved from its place.
    open var titlePositionAdjustment: UIOffset = .zero
    /// The colour of the item's image (nil: the default — the tint when selected, grey
    /// otherwise).
    open var iconColor: UIColor?
    /// The badge's background colour (nil: the item's ``UITabBarItem/badgeColor``, or red).
    open var badgeBackgroundColor: UIColor?
    /// Attributes of the badge's text.
    open var badgeTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// How far the badge is moved from its place.
    open var badgePositionAdjustment: UIOffset = .zero
    /// How far the badge's text is moved inside it.
    open var badgeTitlePositionAdjustment: UIOffset = .zero

    init() {}

    func take(_ other: UITabBarItemStateAppearance) {
        titleTextAttributes = other.titleTextAttributes
        titlePositionAdjustment = other.titlePositionAdjustment
        iconColor = other.iconColor
        badgeBackgroundColor = other.badgeBackgroundColor
        badgeTextAttributes = other.badgeTextAttributes
        badgePositionAdjustment = other.badgePositionAdjustment
        badgeTitlePositionAdjustment = other.badgeTitlePositionAdjustment
    }
}

extension UITabBar {
    /// How a tab bar spreads its items across its width.
    public enum ItemPositioning: Int, Sendable {
        /// As the bar's size suggests: fill on a phone, centred on a wide bar.
        case automatic = 0
        /// Items share the whole width.
        case fill = 1
        /// Items are centred, at ``UITabBarAppearance/stackedItemWidth`` apart.
        case centered = 2
    }
}
