import Foundation

/// What a view shows when there is no content to show: an image, a title, secondary text
/// and up to two buttons, stacked and centred, with how each is drawn (UIKit's
/// `UIContentUnavailableConfiguration`, iOS 17).
///
/// A value: copy it, change the copy, and assign it to a view controller's
/// ``UIViewController/contentUnavailableConfiguration`` (which shows it over the
/// controller's view) or to a ``UIContentUnavailableView``.
///
/// ```swift
/// var empty = UIContentUnavailableConfiguration.empty()
/// empty.image = UIImage(systemName: "star")
/// empty.text = "No Favorites"
/// empty.secondaryText = "Your favorite recipes will appear here."
/// empty.button.title = "Browse Recipes"
/// empty.buttonProperties.primaryAction = UIAction { _ in showRecipes() }
/// contentUnavailableConfiguration = empty
/// ```
///
/// The factories give iOS 17's looks at the default (Large) text size; their fonts
/// follow the preferred text size and their colours the appearance:
///
/// | Factory | Image | Text | Secondary text |
/// | --- | --- | --- | --- |
/// | ``empty()`` | none (a symbol you set is drawn large, in the secondary label colour) | none; 22 pt bold (title 2), label colour | none; 17 pt (body), secondary label colour |
/// | ``loading()`` | an activity indicator | "Loading…", 17 pt, secondary label colour | none |
/// | ``search()`` | `magnifyingglass` | "No Results" (with the search text: "No Results for “text”") | "Check the spelling or try a new search." |
///
/// Buttons show when their configuration (``button``, ``secondaryButton``) has a title,
/// subtitle or image, or their properties an action with a title; the background is
/// clear. The pieces stack in the order of the table's columns, then the buttons, with
/// the paddings between them; the stack is centred between the margins, which by default
/// are the superview's layout margins (the safe area included).
public struct UIContentUnavailableConfiguration: UIContentConfiguration, Hashable {
    /// Which factory made the configuration: its defaults for a state, and whether it
    /// shows an activity indicator.
    enum Base: Hashable, Sendable { case empty, loading, search }

    let base: Base

    /// The image above the text; nil shows none (a loading configuration shows its
    /// activity indicator there instead).
    public var image: UIImage?
    /// How the image (or the activity indicator) is drawn.
    public var imageProperties = ImageProperties()
    /// The main text, in a larger, bolder font; nil shows none. ``attributedText``, when
    /// set, is shown instead.
    public var text: String? {
        get { storedText }
        set { storedText = newValue; textIsCustomized = true }
    }
    /// The main text with attributes, shown instead of ``text`` when set; the attributes
    /// it sets win over ``textProperties``.
    public var attributedText: NSAttributedString?
    /// How the main text is drawn.
    public var textProperties: TextProperties
    /// The secondary text under the main text; nil shows none.
    public var secondaryText: String? {
        get { storedSecondaryText }
        set { storedSecondaryText = newValue; secondaryTextIsCustomized = true }
    }
    /// The secondary text with attributes, shown instead of ``secondaryText`` when set.
    public var secondaryAttributedText: NSAttributedString?
    /// How the secondary text is drawn.
    public var secondaryTextProperties: TextProperties
    /// The configuration of the primary button under the text: plain (tinted text, no
    /// background) by default, and shown once it has a title, subtitle or image.
    public var button = UIButton.Configuration.plain()
    /// What the primary button does.
    public var buttonProperties = ButtonProperties()
    /// The configuration of the secondary button under the primary one, shown as
    /// ``button`` is.
    public var secondaryButton = UIButton.Configuration.plain()
    /// What the secondary button does.
    public var secondaryButtonProperties = ButtonProperties()
    /// How the pieces line up across the view; `.center` by default.
    public var alignment = Alignment.center
    /// The axes on which the view takes its superview's layout margins (the safe area
    /// included) where they are larger than ``directionalLayoutMargins``: both by default.
    public var axesPreservingSuperviewLayoutMargins: UIAxis = .both
    /// The least space between the content and the view's edges; zero by default, the
    /// superview's margins giving the space (see ``axesPreservingSuperviewLayoutMargins``).
    public var directionalLayoutMargins = NSDirectionalEdgeInsets.zero
    /// The space between the image (or activity indicator) and the text under it.
    public var imageToTextPadding: CGFloat
    /// The space between the text and the secondary text.
    public var textToSecondaryTextPadding: CGFloat
    /// The space between the text (or whatever is last above the buttons) and the buttons.
    public var textToButtonPadding: CGFloat
    /// The space between the primary button and the secondary button.
    public var buttonToSecondaryButtonPadding: CGFloat
    /// The background behind the whole view: clear for every factory.
    public var background = UIBackgroundConfiguration.clear()

    var storedText: String?
    /// Whether ``text`` was set by the app (then a state does not replace it).
    var textIsCustomized = false
    var storedSecondaryText: String?
    /// Whether ``secondaryText`` was set by the app.
    var secondaryTextIsCustomized = false

    init(base: Base, text: TextProperties, secondary: TextProperties, paddings: (CGFloat, CGFloat, CGFloat, CGFloat)) {
        self.base = base
        textProperties = text
        secondaryTextProperties = secondary
        (imageToTextPadding, textToSecondaryTextPadding, textToButtonPadding, buttonToSecondaryButtonPadding) = paddings
    }

    // MARK: UIContentConfiguration

    /// Makes a ``UIContentUnavailableView`` showing this configuration.
    @MainActor
    public func makeContentView() -> any UIView & UIContentView {
        UIContentUnavailableView(configuration: self)
    }

    /// This configuration with its factory's defaults for `state` applied to what you
    /// have not set yourself: a ``search()`` configuration given a
    /// ``UIContentUnavailableConfigurationState`` with search text names it ("No Results
    /// for “text”"). Other states and factories change nothing.
    public func updated(for state: any UIConfigurationState) -> UIContentUnavailableConfiguration {
        guard base == .search, !textIsCustomized else { return self }
        var copy = self
        let query = (state as? UIContentUnavailableConfigurationState)?.searchText ?? ""
        copy.storedText = query.isEmpty ? Self.noResults : "No Results for “\(query)”"
        return copy
    }

    // MARK: Equality

    /// Equal when every property is; images are compared as `UIImage`s are, actions and
    /// menus by identity.
    public static func == (a: Self, b: Self) -> Bool {
        a.base == b.base && a.image == b.image && a.imageProperties == b.imageProperties
            && a.storedText == b.storedText && a.textIsCustomized == b.textIsCustomized
            && a.attributedText == b.attributedText && a.textProperties == b.textProperties
            && a.storedSecondaryText == b.storedSecondaryText && a.secondaryTextIsCustomized == b.secondaryTextIsCustomized
            && a.secondaryAttributedText == b.secondaryAttributedText
            && a.secondaryTextProperties == b.secondaryTextProperties
            && a.button == b.button && a.buttonProperties == b.buttonProperties
            && a.secondaryButton == b.secondaryButton && a.secondaryButtonProperties == b.secondaryButtonProperties
            && a.alignment == b.alignment
            && a.axesPreservingSuperviewLayoutMargins == b.axesPreservingSuperviewLayoutMargins
            && a.directionalLayoutMargins == b.directionalLayoutMargins
            && a.imageToTextPadding == b.imageToTextPadding && a.textToSecondaryTextPadding == b.textToSecondaryTextPadding
            && a.textToButtonPadding == b.textToButtonPadding
            && a.buttonToSecondaryButtonPadding == b.buttonToSecondaryButtonPadding
            && a.background == b.background
    }

    /// Hashes the factory, texts, image and buttons.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(base)
        hasher.combine(image)
        hasher.combine(storedText)
        hasher.combine(storedSecondaryText)
        hasher.combine(button)
        hasher.combine(secondaryButton)
    }
}

extension UIContentUnavailableConfiguration {
    /// The configuration for content that is not there: nothing shown until you set an
    /// image, texts or buttons, styled as iOS 17 styles them (a large symbol in the
    /// secondary label colour, a bold title, secondary text in the secondary label colour).
    public static func empty() -> UIContentUnavailableConfiguration { make(.empty) }

    /// The configuration for content that is loading: an activity indicator above
    /// "Loading…" in the secondary label colour.
    public static func loading() -> UIContentUnavailableConfiguration { make(.loading) }

    /// The configuration for a search that found nothing: the magnifying glass, "No
    /// Results" (naming the search text once a state gives it, see ``updated(for:)``) and
    /// a hint to search again.
    public static func search() -> UIContentUnavailableConfiguration { make(.search) }

    static let noResults = "No Results"

    /// The configuration a factory returns. Each font follows a text style, as UIKit's
    /// do: title 2 (22 points, bold), body 17, subheadline 15.
    private static func make(_ base: Base) -> UIContentUnavailableConfiguration {
        func styled(_ font: UIFont, _ style: UIFont.TextStyle) -> UIFont {
            UIFontMetrics(forTextStyle: style).scaledFont(for: font)
        }
        let title = TextProperties(font: styled(.systemFont(ofSize: 22, weight: .bold), .title2), color: .label)
        let body = TextProperties(font: styled(.systemFont(ofSize: 17), .body), color: .secondaryLabel)
        var c: UIContentUnavailableConfiguration
        switch base {
        case .empty, .search:
            c = UIContentUnavailableConfiguration(base: base, text: title, secondary: body, paddings: (16, 8, 20, 8))
        case .loading:
            let small = TextProperties(font: styled(.systemFont(ofSize: 15), .subheadline), color: .secondaryLabel)
            c = UIContentUnavailableConfiguration(base: base, text: body, secondary: small, paddings: (8, 4, 20, 8))
            c.storedText = "Loading…"
        }
        if base == .search {
            c.image = UIImage(systemName: "magnifyingglass")
            c.storedText = noResults
            c.storedSecondaryText = "Check the spelling or try a new search."
        }
        c.imageProperties.tintColor = .secondaryLabel
        return c
    }
}
