import Foundation

/// A typeface at a size: family, weight and slant.
///
/// Fonts are pinned so that every machine draws the same pixels: the system
/// font is Inter (Debian's `fonts-inter`), falling back to DejaVu Sans for
/// Hebrew, Arabic and symbols, to Lohit Devanagari for Devanagari, to Noto Sans CJK
/// (`fonts-noto-cjk`) for Chinese, Japanese and Korean. Emoji come from Noto Color Emoji
/// (`fonts-noto-color-emoji`), the only installed font that has them, through
/// fontconfig's fallback: named in the list, fontconfig would prefer it over Inter for
/// digits at some weights. Sizes are
/// in points; one point is one unit of the drawing context.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// UIKit's weight scale (`UIFont.Weight` raw values), from −1 to 1.
    public struct Weight: RawRepresentable, Hashable, Comparable, Sendable {
        /// The weight on UIKit's scale: 0 is regular, negative is lighter, positive is bolder.
        public var rawValue: CGFloat
        /// Creates a weight from its value on UIKit's scale.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Creates a weight from its value on UIKit's scale.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// The lightest weight (CSS 100).
        public static let ultraLight = Weight(-0.8)
        /// Thin (CSS 200).
        public static let thin = Weight(-0.6)
        /// Light (CSS 300).
        public static let light = Weight(-0.4)
        /// The normal weight of body text (CSS 400).
        public static let regular = Weight(0)
        /// Medium (CSS 500).
        public static let medium = Weight(0.23)
        /// Semibold (CSS 600).
        public static let semibold = Weight(0.3)
        /// Bold (CSS 700).
        public static let bold = Weight(0.4)
        /// Heavy (CSS 800).
        public static let heavy = Weight(0.56)
        /// The heaviest weight (CSS 900).
        public static let black = Weight(0.62)

        /// Whether `a` is lighter than `b`.
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }

        /// The CSS / OpenType weight (100…900) nearest to this UIKit weight.
        public var cssWeight: Int {
            let table: [(CGFloat, Int)] = [
                (-0.8, 100), (-0.6, 200), (-0.4, 300), (0, 400), (0.23, 500), (0.3, 600), (0.4, 700),
                (0.56, 800), (0.62, 900),
            ]
            return table.min { abs($0.0 - rawValue) < abs($1.0 - rawValue) }!.1
        }
    }

    /// The system font's family.
    public static let systemFamily = "Inter"
    /// Families tried, in order, for characters the requested family lacks.
    public static let fallbackFamilies = ["DejaVu Sans", "Lohit Devanagari", "Noto Sans CJK SC"]

    /// The font family's name, as fontconfig knows it ("Inter").
    public var family: String
    /// The size in points.
    public var size: CGFloat
    /// How heavy the strokes are.
    public var weight: Weight
    /// Whether the italic (or oblique) style is used.
    public var isItalic: Bool

    /// Creates a font; a size that is not a positive finite number becomes 17 points.
    /// Characters the family lacks are drawn from ``fallbackFamilies``.
    public init(family: String, size: CGFloat, weight: Weight = .regular, italic: Bool = false) {
        self.family = family
        self.size = size.isFinite && size > 0 ? size : 17
        self.weight = weight
        self.isItalic = italic
    }

    /// The system font (Inter) at `size` points.
    public static func system(size: CGFloat, weight: Weight = .regular) -> Font {
        Font(family: systemFamily, size: size, weight: weight)
    }

    /// The same font at another size, in points.
    public func withSize(_ size: CGFloat) -> Font {
        Font(family: family, size: size, weight: weight, italic: isItalic)
    }

    /// The Pango description string, with the pinned fallbacks appended.
    var pangoFamilyList: String {
        ([family] + Self.fallbackFamilies.filter { $0 != family }).joined(separator: ",")
    }

    /// The family, size, CSS weight and slant, as "Inter 17.0pt weight 400".
    public var description: String { "\(family) \(size)pt weight \(weight.cssWeight)\(isItalic ? " italic" : "")" }
}

/// Vertical metrics of a font, in points.
public struct FontMetrics: Hashable, Sendable {
    /// Distance from the baseline to the top of the tallest glyphs (positive).
    public var ascender: CGFloat
    /// Distance from the baseline to the bottom of the deepest glyphs (negative, as in UIKit).
    public var descender: CGFloat
    /// The default distance between baselines.
    public var lineHeight: CGFloat
}
