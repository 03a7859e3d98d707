/// A font with UIKit's names, backed by a pinned ``Font``.
///
/// The system font is Inter (see ``Font``); `UIFont(name:size:)` accepts any
/// family fontconfig knows, falling back through the pinned families.
public final class UIFont: Hashable, Sendable, CustomStringConvertible {
    public typealias Weight = Font.Weight

    /// The font as a value, for text layout.
    public let font: Font

    public init(font: Font) { self.font = font }

    /// A font by family name, or nil for an empty name or a non-positive size.
    public convenience init?(name: String, size: CGFloat) {
        guard !name.isEmpty, size > 0, size.isFinite else { return nil }
        self.init(font: Font(family: name, size: size))
    }

    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(font: .system(size: size, weight: weight))
    }

    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont {
        systemFont(ofSize: size, weight: .bold)
    }

    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(font: Font(family: Font.systemFamily, size: size, italic: true))
    }

    /// The default size of the system font (17 points, the body text size).
    public static var systemFontSize: CGFloat { 17 }
    public static var labelFontSize: CGFloat { 17 }
    public static var smallSystemFontSize: CGFloat { 12 }

    public var pointSize: CGFloat { font.size }
    public var familyName: String { font.family }
    public var fontName: String { font.family + (font.weight == .regular ? "" : "-w\(font.weight.cssWeight)") }
    public var ascender: CGFloat { font.metrics.ascender }
    public var descender: CGFloat { font.metrics.descender }
    public var lineHeight: CGFloat { font.metrics.lineHeight }

    public func withSize(_ size: CGFloat) -> UIFont { UIFont(font: font.withSize(size)) }

    public static func == (a: UIFont, b: UIFont) -> Bool { a.font == b.font }
    public func hash(into hasher: inout Hasher) { hasher.combine(font) }
    public var description: String { "UIFont(\(font))" }
}
