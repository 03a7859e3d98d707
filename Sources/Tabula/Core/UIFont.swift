/// A font with UIKit's names, backed by a pinned `Font`.
///
/// The system font is Inter (see `Font`); `UIFont(name:size:)` accepts any
/// family fontconfig knows, falling back through the pinned families.
public final class UIFont: Hashable, Sendable, CustomStringConvertible {
    /// A font's weight, from `.ultraLight` to `.black` (UIKit's raw values, −1 to 1; `Font.Weight`).
    public typealias Weight = Font.Weight

    /// The font as a value, for text layout.
    public let font: Font

    /// How the font follows the content size category: set on fonts from
    /// ``preferredFont(forTextStyle:)`` and ``UIFontMetrics/scaledFont(for:)``, nil on others.
    let scaling: DynamicTypeScaling?

    /// A font wrapping `font`.
    public init(font: Font) {
        self.font = font
        scaling = nil
    }

    /// A font wrapping `font` that follows the content size category as `scaling` says.
    init(font: Font, scaling: DynamicTypeScaling?) {
        self.font = font
        self.scaling = scaling
    }

    /// A font by family name, or nil for an empty name or a non-positive size.
    public convenience init?(name: String, size: CGFloat) {
        guard !name.isEmpty, size > 0, size.isFinite else { return nil }
        self.init(font: Font(family: name, size: size))
    }

    /// The system font (Inter) at `size` points and the given weight.
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(font: .system(size: size, weight: weight))
    }

    /// The bold system font at `size` points.
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont {
        systemFont(ofSize: size, weight: .bold)
    }

    /// The italic system font at `size` points.
    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(font: Font(family: Font.systemFamily, size: size, italic: true))
    }

    /// The default size of the system font (17 points, the body text size).
    public static var systemFontSize: CGFloat { 17 }
    /// The standard size of label text, 17 points.
    public static var labelFontSize: CGFloat { 17 }
    /// The size of small text, 12 points.
    public static var smallSystemFontSize: CGFloat { 12 }

    /// The font's size in points.
    public var pointSize: CGFloat { font.size }
    /// The font's family name, as asked for.
    public var familyName: String { font.family }
    /// The family name, followed by `-w` and the CSS weight (`Inter-w700`) when the weight is not regular.
    public var fontName: String { font.family + (font.weight == .regular ? "" : "-w\(font.weight.cssWeight)") }
    /// The distance from the baseline to the top of the tallest glyphs, positive.
    public var ascender: CGFloat { font.metrics.ascender }
    /// The distance from the baseline to the bottom of the deepest glyphs, negative as in UIKit.
    public var descender: CGFloat { font.metrics.descender }
    /// The default distance between baselines.
    public var lineHeight: CGFloat { font.metrics.lineHeight }

    /// The same font at another size (a fixed size: it no longer follows the content size category).
    public func withSize(_ size: CGFloat) -> UIFont { UIFont(font: font.withSize(size)) }

    /// Whether the two fonts have the same family, size, weight and slant (the text
    /// style a font follows is not compared: `preferredFont(forTextStyle: .body)` at the
    /// default size equals `systemFont(ofSize: 17)`).
    public static func == (a: UIFont, b: UIFont) -> Bool { a.font == b.font }
    /// Hashes the font, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(font) }
    /// The family, size, weight and slant, for debugging.
    public var description: String { "UIFont(\(font))" }
}
