import Foundation

/// A typeface at a size: family, weight, slant, width and OpenType features.
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

    /// UIKit's width scale (`UIFont.Width` raw values), from −1 (narrowest) to 1 (widest).
    ///
    /// A width picks a face of the family with that stretch (`usWidthClass`), through
    /// Pango and fontconfig; a family without such faces draws at its normal width. Inter,
    /// the system font, has no condensed or expanded faces (and no width axis), so the
    /// system font draws at its normal width whatever the width; DejaVu Sans and DejaVu
    /// Serif have condensed faces.
    public struct Width: RawRepresentable, Hashable, Comparable, Sendable {
        /// The width on UIKit's scale: 0 is standard, negative is narrower, positive is wider.
        public var rawValue: CGFloat
        /// Creates a width from its value on UIKit's scale.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// Creates a width from its value on UIKit's scale.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// The narrowest width (Apple does not document the raw values; Tabula uses −0.4).
        public static let compressed = Width(-0.4)
        /// A narrow width (−0.2 in Tabula).
        public static let condensed = Width(-0.2)
        /// The normal width (0).
        public static let standard = Width(0)
        /// A wide width (0.2 in Tabula).
        public static let expanded = Width(0.2)

        /// Whether `a` is narrower than `b`.
        public static func < (a: Width, b: Width) -> Bool { a.rawValue < b.rawValue }

        /// The CSS / OpenType stretch step, 1 (ultra-condensed) to 9 (ultra-expanded), 5
        /// being normal: 0.1 on UIKit's scale per step, clamped (NaN is normal).
        public var stretchClass: Int {
            guard rawValue.isFinite else { return 5 }
            return min(9, max(1, 5 + Int((rawValue * 10).rounded())))
        }
    }

    /// The system font's family.
    public static let systemFamily = "Inter"
    /// The family of the monospaced system font (`UIFont.monospacedSystemFont`, the
    /// `.monospaced` design): DejaVu Sans Mono, which has book and bold faces only.
    public static let monospacedFamily = "DejaVu Sans Mono"
    /// The family of the serif design (`UIFontDescriptor.SystemDesign.serif`): DejaVu Serif.
    public static let serifFamily = "DejaVu Serif"
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
    /// How narrow or wide a face is asked for (see ``Width``).
    public var width: Width
    /// OpenType features applied to every glyph, in HarfBuzz's syntax: `"tnum"` turns
    /// tabular figures on, `"liga=0"` turns ligatures off. Kept sorted and without repeats,
    /// so that equal sets compare equal.
    public var features: [String] {
        didSet { features = Self.normalized(features) }
    }

    /// The largest size a font is drawn at, in points: larger sizes are drawn at this one
    /// (Pango and Cairo cannot draw glyphs millions of points tall).
    public static let maximumSize: CGFloat = 4096

    /// `size` as a font is drawn at: 17 points for a size that is not a positive finite
    /// number, at most ``maximumSize``.
    public static func usableSize(_ size: CGFloat) -> CGFloat {
        size.isFinite && size > 0 ? min(size, maximumSize) : 17
    }

    /// Creates a font; a size that is not a positive finite number becomes 17 points,
    /// and one past ``maximumSize`` becomes that.
    /// Characters the family lacks are drawn from ``fallbackFamilies``.
    public init(family: String, size: CGFloat, weight: Weight = .regular, italic: Bool = false,
                width: Width = .standard, features: [String] = []) {
        self.family = family
        self.size = Self.usableSize(size)
        self.weight = weight
        self.isItalic = italic
        self.width = width
        self.features = Self.normalized(features)
    }

    /// `features` sorted, without empty entries or repeats.
    private static func normalized(_ features: [String]) -> [String] {
        Array(Set(features.filter { !$0.isEmpty })).sorted()
    }

    /// The system font (Inter) at `size` points.
    public static func system(size: CGFloat, weight: Weight = .regular) -> Font {
        Font(family: systemFamily, size: size, weight: weight)
    }

    /// The same font at another size, in points.
    public func withSize(_ size: CGFloat) -> Font {
        var copy = self
        copy.size = Self.usableSize(size)
        return copy
    }

    /// The Pango description string, with the pinned fallbacks appended.
    var pangoFamilyList: String {
        ([family] + Self.fallbackFamilies.filter { $0 != family }).joined(separator: ",")
    }

    /// The family, size, CSS weight and slant, as "Inter 17.0pt weight 400".
    public var description: String {
        "\(family) \(size)pt weight \(weight.cssWeight)\(isItalic ? " italic" : "")"
            + (width == .standard ? "" : " width \(width.rawValue)")
            + (features.isEmpty ? "" : " features \(features.joined(separator: ","))")
    }
}

/// Vertical metrics of a font, in points.
public struct FontMetrics: Hashable, Sendable {
    /// Distance from the baseline to the top of the tallest glyphs (positive).
    public var ascender: CGFloat
    /// Distance from the baseline to the bottom of the deepest glyphs (negative, as in UIKit).
    public var descender: CGFloat
    /// The default distance between baselines.
    public var lineHeight: CGFloat
    /// The height of flat capital letters above the baseline (the font's OS/2 `sCapHeight`,
    /// or the ink height of "H" when the font does not give it).
    public var capHeight: CGFloat = 0
    /// The height of flat lowercase letters above the baseline (OS/2 `sxHeight`, or the
    /// ink height of "x").
    public var xHeight: CGFloat = 0

    /// The extra space between lines beyond the ascender and descender (the line gap), never negative.
    public var leading: CGFloat { max(0, lineHeight - (ascender - descender)) }
}
