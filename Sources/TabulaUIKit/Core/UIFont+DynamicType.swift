import Foundation

extension UIFont {
    /// A semantic role for text whose size follows the user's preferred text size (Dynamic
    /// Type): UIKit's `UIFont.TextStyle`, with UIKit's raw values.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        /// UIKit's name for the style.
        public let rawValue: String
        /// A style with UIKit's name `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The largest title (34 points at the default size).
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        /// A first-level title (28 points).
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        /// A second-level title (22 points).
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        /// A third-level title (20 points).
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        /// A heading, semibold (17 points).
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        /// A subheading (15 points).
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        /// Body text (17 points).
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        /// A callout (16 points).
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        /// A footnote (13 points).
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        /// A standard caption (12 points).
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        /// An alternate caption (11 points).
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// Every style with a size table, largest first.
        static let all: [TextStyle] = [
            .largeTitle, .title1, .title2, .title3, .headline, .body, .callout, .subheadline, .footnote,
            .caption1, .caption2,
        ]
    }

    /// The system font for `style` at the preferred text size of the current traits
    /// (``UITraitCollection/current``, which Tabula sets to a view's traits while it lays
    /// out and draws; elsewhere the default, `.large`).
    ///
    /// The sizes are iOS's (Apple's Human Interface Guidelines, "Dynamic Type sizes"):
    /// body is 17 points at `.large`, 14 at `.extraSmall` and 53 at
    /// `.accessibilityExtraExtraExtraLarge`. Headline is semibold, the others regular. A
    /// label with ``UILabel/adjustsFontForContentSizeCategory`` re-scales such a font when
    /// its traits change. An unknown style is body.
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: nil)
    }

    /// The system font for `style` at the text size `traitCollection` prefers; when it
    /// does not specify one (or is nil), that of the current traits.
    public static func preferredFont(forTextStyle style: TextStyle,
                                     compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let scaling = DynamicTypeScaling(style: style, base: DynamicTypeScaling.defaultFont(for: style),
                                         maximumPointSize: nil)
        return scaling.font(for: DynamicTypeScaling.category(traitCollection))
    }

    /// This font at the size `category` asks for, when it follows the content size
    /// category (else the font itself).
    func adjusted(to category: UIContentSizeCategory) -> UIFont {
        guard let scaling else { return self }
        let adjusted = scaling.font(for: category)
        return adjusted == self ? self : adjusted
    }
}

/// How a font follows the content size category: a text style's scale applied to a base
/// font given at the default size (`.large`), capped at an optional maximum.
struct DynamicTypeScaling: Hashable, Sendable {
    let style: UIFont.TextStyle
    let base: Font
    let maximumPointSize: CGFloat?

    /// `base` at `category`.
    func font(for category: UIContentSizeCategory) -> UIFont {
        var size = base.size * Self.factor(style, category)
        if let maximumPointSize, maximumPointSize > 0 { size = min(size, maximumPointSize) }
        return UIFont(font: base.withSize(size), scaling: self)
    }

    /// The category of `traits`, or of the current traits when they do not specify one.
    static func category(_ traits: UITraitCollection?) -> UIContentSizeCategory {
        if let specified = traits?.preferredContentSizeCategory, specified != .unspecified { return specified }
        let current = UITraitCollection.current.preferredContentSizeCategory
        return current == .unspecified ? .large : current
    }

    /// The ratio of `style`'s size at `category` to its size at `.large`.
    static func factor(_ style: UIFont.TextStyle, _ category: UIContentSizeCategory) -> CGFloat {
        let sizes = table[style] ?? table[.body]!
        return sizes[index(category)] / sizes[defaultIndex]
    }

    /// The system font of `style` at the default size.
    static func defaultFont(for style: UIFont.TextStyle) -> Font {
        let sizes = table[style] ?? table[.body]!
        return .system(size: sizes[defaultIndex], weight: style == .headline ? .semibold : .regular)
    }

    /// The column of `category` in ``table`` (unknown and unspecified: `.large`).
    private static func index(_ category: UIContentSizeCategory) -> Int {
        categories.firstIndex(of: category) ?? defaultIndex
    }

    private static let defaultIndex = 3
    static let categories: [UIContentSizeCategory] = [
        .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    /// iOS's point sizes per style, from `.extraSmall` to `.accessibilityExtraExtraExtraLarge`
    /// (Human Interface Guidelines, Typography, "iOS, iPadOS Dynamic Type sizes").
    static let table: [UIFont.TextStyle: [CGFloat]] = [
        .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41],
    ]
}

/// Scales fonts and values the way a text style scales with the preferred text size:
/// UIKit's `UIFontMetrics`, for custom fonts and spacing that should follow Dynamic Type.
///
/// Give the font or value at the default size (`.large`); the result is scaled by the ratio
/// of the style's size at the category to its size at `.large` (body: 19 / 17 at
/// `.extraLarge`). A scaled font keeps following the category in a view with
/// `adjustsFontForContentSizeCategory`.
public final class UIFontMetrics: Sendable {
    /// The text style whose scale is applied.
    let textStyle: UIFont.TextStyle

    /// The metrics of the body style.
    public static var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

    /// The metrics of `textStyle`.
    public init(forTextStyle textStyle: UIFont.TextStyle) { self.textStyle = textStyle }

    /// `font` scaled for the preferred text size of the current traits.
    public func scaledFont(for font: UIFont) -> UIFont {
        scaledFont(for: font, maximumPointSize: 0, compatibleWith: nil)
    }

    /// `font` scaled for the preferred text size of the current traits, no larger than
    /// `maximumPointSize` (0: no limit).
    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        scaledFont(for: font, maximumPointSize: maximumPointSize, compatibleWith: nil)
    }

    /// `font` scaled for the text size `traitCollection` prefers (unspecified or nil: the
    /// current traits').
    public func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        scaledFont(for: font, maximumPointSize: 0, compatibleWith: traitCollection)
    }

    /// `font` scaled for the text size `traitCollection` prefers, no larger than
    /// `maximumPointSize` (0 or not finite: no limit).
    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat,
                           compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let maximum = maximumPointSize.isFinite && maximumPointSize > 0 ? maximumPointSize : nil
        let scaling = DynamicTypeScaling(style: textStyle, base: font.font, maximumPointSize: maximum)
        return scaling.font(for: DynamicTypeScaling.category(traitCollection))
    }

    /// `value` scaled for the preferred text size of the current traits.
    public func scaledValue(for value: CGFloat) -> CGFloat { scaledValue(for: value, compatibleWith: nil) }

    /// `value` scaled for the text size `traitCollection` prefers.
    public func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
        value * DynamicTypeScaling.factor(textStyle, DynamicTypeScaling.category(traitCollection))
    }
}

/// A view whose font can follow the preferred text size: UIKit's
/// `UIContentSizeCategoryAdjusting`, adopted by ``UILabel``, ``UITextField`` and ``UITextView``.
@preconcurrency @MainActor
public protocol UIContentSizeCategoryAdjusting: AnyObject {
    /// Whether the view re-scales its font when its traits' preferred text size changes.
    /// Only fonts from ``UIFont/preferredFont(forTextStyle:)`` or
    /// ``UIFontMetrics/scaledFont(for:)`` scale; others keep their size.
    var adjustsFontForContentSizeCategory: Bool { get set }
}

extension UIContentSizeCategory {
    /// Posted on the default notification centre when a screen's preferred text size
    /// changes; the user info holds the new category under ``newValueUserInfoKey``.
    public static let didChangeNotification = Notification.Name("UIContentSizeCategoryDidChangeNotification")
    /// The user-info key of the new category (a ``UIContentSizeCategory``) in a
    /// ``didChangeNotification``.
    public static let newValueUserInfoKey = "UIContentSizeCategoryNewValueKey"
}
