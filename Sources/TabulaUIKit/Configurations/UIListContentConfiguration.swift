import Foundation

/// The content of a row, header or footer in a list: text, secondary text and an image,
/// with how each is drawn and where (UIKit's `UIListContentConfiguration`).
///
/// A value: copy it, change the copy, and assign it; nothing is shared.
///
/// ```swift
/// var content = cell.defaultContentConfiguration()
/// content.text = "Wi-Fi"
/// content.secondaryText = "Home"
/// content.image = wifiIcon
/// cell.contentConfiguration = content
/// ```
///
/// The factories give iOS 17's looks at the default text size: ``cell()``,
/// ``subtitleCell()``, ``valueCell()`` for rows; ``plainHeader()``, ``groupedHeader()``
/// and their footers for section titles; prominent headers and sidebar rows. A row's
/// horizontal margins come from the cell it is in (16 points, none before an accessory),
/// as ``axesPreservingSuperviewLayoutMargins`` asks.
public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
    /// Which factory made the configuration: its defaults for each state.
    enum Base: Hashable, Sendable {
        case cell, subtitleCell, valueCell
        case plainHeader, plainFooter, groupedHeader, groupedFooter
        case prominentInsetGroupedHeader, extraProminentInsetGroupedHeader
        case sidebarCell, sidebarSubtitleCell, accompaniedSidebarCell, accompaniedSidebarSubtitleCell, sidebarHeader
    }

    let base: Base

    /// The image at the leading edge; nil shows none.
    public var image: UIImage?
    /// How the image is drawn.
    public var imageProperties = ImageProperties()
    /// The main text; nil shows none. ``attributedText``, when set, is shown instead.
    public var text: String?
    /// The main text with attributes; when set it is shown instead of ``text``. Tabula
    /// draws its characters with ``textProperties`` (the attributes are kept, not drawn).
    public var attributedText: NSAttributedString?
    /// How the main text is drawn.
    public var textProperties: TextProperties
    /// The secondary text (a subtitle or a value); nil shows none.
    public var secondaryText: String?
    /// The secondary text with attributes, shown instead of ``secondaryText`` when set
    /// (its characters, with ``secondaryTextProperties``).
    public var secondaryAttributedText: NSAttributedString?
    /// How the secondary text is drawn.
    public var secondaryTextProperties: TextProperties
    /// The axes on which the content view takes its container's layout margins when they
    /// are larger than ``directionalLayoutMargins``: horizontal for the factories, so that
    /// a row's content lines up with the cell's 16-point margins.
    public var axesPreservingSuperviewLayoutMargins: UIAxis = .horizontal
    /// The margins between the content and the content view's edges; with
    /// ``axesPreservingSuperviewLayoutMargins`` these are minimums, as the container's
    /// margins may be larger.
    public var directionalLayoutMargins: NSDirectionalEdgeInsets
    /// Whether the text and secondary text sit side by side (the value at the trailing
    /// edge) when they fit on one line; otherwise the secondary text goes below.
    public var prefersSideBySideTextAndSecondaryText = false
    /// The space between the image and the text.
    public var imageToTextPadding: CGFloat = 15
    /// The least space between the text and secondary text side by side.
    public var textToSecondaryTextHorizontalPadding: CGFloat = 8
    /// The space between the text and the secondary text below it.
    public var textToSecondaryTextVerticalPadding: CGFloat = 2
    /// The opacity of the whole content view; 1 by default.
    public var alpha: CGFloat = 1

    init(base: Base, text: TextProperties, secondary: TextProperties, margins: NSDirectionalEdgeInsets) {
        self.base = base
        textProperties = text
        secondaryTextProperties = secondary
        directionalLayoutMargins = margins
    }

    /// The text shown: the attributed text's characters, or the text, with the transform applied.
    var shownText: String? {
        (attributedText?.string ?? text).map(textProperties.transformed)
    }

    /// The secondary text shown, likewise.
    var shownSecondaryText: String? {
        (secondaryAttributedText?.string ?? secondaryText).map(secondaryTextProperties.transformed)
    }

    // MARK: UIContentConfiguration

    /// Makes a ``UIListContentView`` showing this configuration.
    @MainActor
    public func makeContentView() -> any UIView & UIContentView {
        UIListContentView(configuration: self)
    }

    /// This configuration with its style's colours for `state` applied to every colour
    /// you have not set yourself. The row, header and footer styles look the same in
    /// every state (a selected row shows it in its background configuration); the
    /// sidebar rows turn their text and image white while selected or highlighted.
    public func updated(for state: any UIConfigurationState) -> UIListContentConfiguration {
        let flags = ConfigurationFlags(state)
        let defaults = Self.make(base)
        var copy = self
        let selectedSidebar = (base == .sidebarCell || base == .sidebarSubtitleCell)
            && (flags.isSelected || flags.isHighlighted)
        if !copy.textProperties.colorIsCustomized {
            copy.textProperties.storedColor = selectedSidebar ? .white : defaults.textProperties.storedColor
        }
        if !copy.secondaryTextProperties.colorIsCustomized {
            copy.secondaryTextProperties.storedColor = selectedSidebar ? .white : defaults.secondaryTextProperties.storedColor
        }
        if !copy.imageProperties.tintColorIsCustomized {
            copy.imageProperties.storedTintColor = selectedSidebar ? .white : defaults.imageProperties.storedTintColor
        }
        return copy
    }

    // MARK: Equality

    /// Equal when every property is; images are compared by identity.
    public static func == (a: Self, b: Self) -> Bool {
        a.base == b.base && a.image === b.image && a.imageProperties == b.imageProperties
            && a.text == b.text && a.attributedText == b.attributedText && a.textProperties == b.textProperties
            && a.secondaryText == b.secondaryText && a.secondaryAttributedText == b.secondaryAttributedText
            && a.secondaryTextProperties == b.secondaryTextProperties
            && a.axesPreservingSuperviewLayoutMargins == b.axesPreservingSuperviewLayoutMargins
            && a.directionalLayoutMargins == b.directionalLayoutMargins
            && a.prefersSideBySideTextAndSecondaryText == b.prefersSideBySideTextAndSecondaryText
            && a.imageToTextPadding == b.imageToTextPadding
            && a.textToSecondaryTextHorizontalPadding == b.textToSecondaryTextHorizontalPadding
            && a.textToSecondaryTextVerticalPadding == b.textToSecondaryTextVerticalPadding
            && a.alpha == b.alpha
    }

    /// Hashes the texts, style and image identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(base)
        hasher.combine(image.map(ObjectIdentifier.init))
        hasher.combine(text)
        hasher.combine(secondaryText)
        hasher.combine(textProperties)
        hasher.combine(secondaryTextProperties)
    }
}
