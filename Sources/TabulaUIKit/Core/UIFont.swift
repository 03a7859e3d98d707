import Foundation

/// A font with UIKit's names, backed by a pinned `Font`.
///
/// The system font is Inter (see `Font`); `UIFont(name:size:)` accepts any
/// family fontconfig knows, or a face name from ``fontNames(forFamilyName:)``
/// ("Inter-SemiBold"), falling back through the pinned families.
public final class UIFont: Hashable, Sendable, CustomStringConvertible {
    /// A font's weight, from `.ultraLight` to `.black` (UIKit's raw values, −1 to 1; `Font.Weight`).
    public typealias Weight = Font.Weight
    /// A font's width, from `.compressed` to `.expanded` (UIKit's scale, −1 to 1; `Font.Width`).
    ///
    /// Inter, the system font, has no narrow or wide faces, so the system font draws at
    /// its normal width whatever the width asked for; families with such faces (DejaVu
    /// Sans Condensed) draw narrower.
    public typealias Width = Font.Width

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

    /// A font by family name ("DejaVu Serif") or by face name as ``fontName`` and
    /// ``fontNames(forFamilyName:)`` give them ("Inter-SemiBoldItalic": the family without
    /// spaces, a hyphen, the face), or nil for an empty name or a size that is not a
    /// positive finite number. iOS's names for its system font (`.AppleSystemUIFont`, as
    /// storyboards write it, and faces such as `.SFUI-Semibold`) give the system font. A
    /// family that is not installed is drawn in the pinned fallbacks (iOS returns nil for an
    /// unknown name).
    public convenience init?(name: String, size: CGFloat) {
        guard !name.isEmpty, size > 0, size.isFinite else { return nil }
        self.init(font: UIFont.font(named: name, size: UIFont.checkedSize(size, in: "UIFont(name:size:)")))
    }

    /// The system font (Inter) at `size` points and the given weight.
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(font: .system(size: checkedSize(size, in: "UIFont.systemFont(ofSize:)"), weight: weight))
    }

    /// `size` as the font is drawn at (``Font/usableSize(_:)``); a size that had to be
    /// changed is reported, naming `call`. 0 is UIKit's "the default size" and is not.
    static func checkedSize(_ size: CGFloat, in call: String) -> CGFloat {
        let usable = Font.usableSize(size)
        if usable != size, size != 0 {
            ProblemReports.reportUnattributed("\(call): a font size of \(size) points cannot be drawn; \(usable) points "
                                              + "is used (sizes are positive and at most \(Font.maximumSize) points)")
        }
        return usable
    }

    /// The system font at `size` points, with the given weight and width.
    ///
    /// Inter has no narrow or wide faces: the width is kept (in ``fontDescriptor`` and
    /// asked of fontconfig) but the glyphs are Inter's normal ones. A size that is not a
    /// positive finite number becomes 17 points.
    public static func systemFont(ofSize size: CGFloat, weight: Weight, width: Width) -> UIFont {
        UIFont(font: Font(family: Font.systemFamily, size: checkedSize(size, in: "UIFont.systemFont(ofSize:weight:width:)"),
                          weight: weight, width: width))
    }

    /// The monospaced system font at `size` points: DejaVu Sans Mono (iOS's is SF Mono).
    /// DejaVu Sans Mono has a book and a bold face, so weights from semibold up draw bold
    /// and the lighter ones book.
    public static func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(font: Font(family: Font.monospacedFamily, size: checkedSize(size, in: "UIFont.monospacedSystemFont(ofSize:weight:)"),
                          weight: weight))
    }

    /// The system font at `size` points whose digits all have the same advance (tabular
    /// figures, the OpenType feature `tnum`), so columns of numbers line up and a counting
    /// number does not jiggle; other characters keep their proportional widths.
    public static func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(font: Font(family: Font.systemFamily, size: checkedSize(size, in: "UIFont.monospacedDigitSystemFont(ofSize:weight:)"),
                          weight: weight, features: ["tnum"]))
    }

    /// The names of the installed font families (fontconfig's, through Pango), sorted:
    /// the pinned ones (Inter, DejaVu Sans, …) and whatever else the machine has.
    public static var familyNames: [String] { Font.installedFamilyNames }

    /// The face names of the installed family `familyName` (matched without regard to
    /// case), sorted, each usable with ``init(name:size:)``: the family without spaces, a
    /// hyphen and the face without spaces ("Inter-Bold", "Inter-SemiBoldItalic"; iOS gives
    /// PostScript names). Empty for a family that is not installed.
    public static func fontNames(forFamilyName familyName: String) -> [String] {
        guard let (family, faces) = Font.installedFaces(ofFamily: familyName) else { return [] }
        let compact = family.replacingOccurrences(of: " ", with: "")
        return Array(Set(faces.map { compact + "-" + $0.name.replacingOccurrences(of: " ", with: "") })).sorted()
    }

    /// The standard size of button titles, 18 points (iOS's value).
    public static var buttonFontSize: CGFloat { 18 }

    /// The bold system font at `size` points.
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont {
        systemFont(ofSize: size, weight: .bold)
    }

    /// The italic system font at `size` points.
    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont {
        UIFont(font: Font(family: Font.systemFamily, size: checkedSize(size, in: "UIFont.italicSystemFont(ofSize:)"), italic: true))
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
    /// The face name: the family without spaces, a hyphen, then the width, weight and
    /// slant ("Inter-Regular", "Inter-SemiBoldItalic", "DejaVuSans-CondensedBold"), as
    /// ``fontNames(forFamilyName:)`` lists them and ``init(name:size:)`` reads them.
    public var fontName: String { UIFont.faceName(of: font) }
    /// The distance from the baseline to the top of the tallest glyphs, positive.
    public var ascender: CGFloat { font.metrics.ascender }
    /// The distance from the baseline to the bottom of the deepest glyphs, negative as in UIKit.
    public var descender: CGFloat { font.metrics.descender }
    /// The default distance between baselines.
    public var lineHeight: CGFloat { font.metrics.lineHeight }
    /// The space between lines beyond the ascender and descender (the font's line gap;
    /// 0 for Inter): ``lineHeight`` less ``ascender`` less the depth of ``descender``.
    public var leading: CGFloat { font.metrics.leading }
    /// The height of flat capital letters ("H") above the baseline, from the font's OS/2 table.
    public var capHeight: CGFloat { font.metrics.capHeight }
    /// The height of flat lowercase letters ("x") above the baseline, from the font's OS/2 table.
    public var xHeight: CGFloat { font.metrics.xHeight }

    /// The same font at another size (a fixed size: it no longer follows the content size category).
    public func withSize(_ size: CGFloat) -> UIFont {
        UIFont(font: font.withSize(Self.checkedSize(size, in: "UIFont.withSize(_:)")))
    }

    /// Whether the two fonts have the same family, size, weight, slant, width and features (the text
    /// style a font follows is not compared: `preferredFont(forTextStyle: .body)` at the
    /// default size equals `systemFont(ofSize: 17)`).
    public static func == (a: UIFont, b: UIFont) -> Bool { a.font == b.font }
    /// Hashes the font, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(font) }
    /// The family, size, weight, slant, width and features, for debugging.
    public var description: String { "UIFont(\(font))" }
}

extension UIFont {
    /// CSS weights and the names faces give them, in face names.
    static let weightNames: [(Int, String)] = [
        (100, "Thin"), (200, "ExtraLight"), (300, "Light"), (400, "Regular"), (500, "Medium"),
        (600, "SemiBold"), (700, "Bold"), (800, "ExtraBold"), (900, "Black"),
    ]
    /// Stretch steps (1…9) and their names in face names.
    static let widthNames: [(Int, String)] = [
        (1, "UltraCondensed"), (2, "ExtraCondensed"), (3, "Condensed"), (4, "SemiCondensed"),
        (6, "SemiExpanded"), (7, "Expanded"), (8, "ExtraExpanded"), (9, "UltraExpanded"),
    ]

    /// `font`'s face name: "Family-[Width][Weight][Italic]", "Regular" standing alone only.
    static func faceName(of font: Font) -> String {
        let width = widthNames.first { $0.0 == font.width.stretchClass }?.1 ?? ""
        let weight = weightNames.first { $0.0 == font.weight.cssWeight }?.1 ?? "Regular"
        var style = width + (weight == "Regular" && (!width.isEmpty || font.isItalic) ? "" : weight)
        if font.isItalic { style += "Italic" }
        return font.family.replacingOccurrences(of: " ", with: "") + "-" + style
    }

    /// The font `name` stands for: one of iOS's names for its system font (the system font
    /// here), an installed family's face name ("Inter-Bold"), or else a family name.
    static func font(named name: String, size: CGFloat) -> Font {
        if let system = systemFont(named: name, size: size) { return system }
        if let dash = name.lastIndex(of: "-") {
            let familyPart = String(name[..<dash]), stylePart = String(name[name.index(after: dash)...])
            if let family = installedFamily(compactName: familyPart), let font = font(family: family, style: stylePart, size: size) {
                return font
            }
        }
        return Font(family: name, size: size)
    }

    /// The system font, for the names iOS gives San Francisco: the family `.AppleSystemUIFont`
    /// (what Interface Builder writes for "System" in a `fontDescription` with a name, and
    /// `UIFont.systemFont(ofSize:).familyName` on iOS) and face names such as `.SFUI-Semibold`
    /// or `.SFUIText-Bold`, whose weight is kept. Nil for any other name.
    static func systemFont(named name: String, size: CGFloat) -> Font? {
        guard let prefix = [".AppleSystemUIFont", ".SFUI", ".SFNS"].first(where: { name.hasPrefix($0) }) else { return nil }
        var style = name.dropFirst(prefix.count)
        if let dash = style.lastIndex(of: "-") {
            style = style[style.index(after: dash)...]
        } else if prefix != ".AppleSystemUIFont" {
            style = ""   // ".SFUIText": a family of the system font, regular
        }
        return font(family: Font.systemFamily, style: String(style), size: size) ?? Font(family: Font.systemFamily, size: size)
    }

    /// The installed family whose name without spaces is `compactName` (case ignored).
    private static func installedFamily(compactName: String) -> String? {
        let wanted = compactName.lowercased()
        return Font.installedFamilyNames.first { $0.replacingOccurrences(of: " ", with: "").lowercased() == wanted }
    }

    /// Weight names read in face names, longest first (so "ExtraBold" is not read as "Bold").
    private static let weightAliases: [(String, Int)] = [
        ("extralight", 200), ("ultralight", 200), ("extrabold", 800), ("ultrabold", 800), ("semibold", 600),
        ("demibold", 600), ("hairline", 100), ("regular", 400), ("medium", 500), ("normal", 400), ("black", 900),
        ("heavy", 900), ("light", 300), ("thin", 100), ("book", 400), ("bold", 700),
    ]

    /// `family` in the face `style` names ("SemiBoldItalic", "CondensedBold", "Book"),
    /// case ignored, or nil when `style` is not made of width, weight and slant names.
    static func font(family: String, style: String, size: CGFloat) -> Font? {
        var rest = Substring(style.lowercased())
        var font = Font(family: family, size: size)
        if let (step, name) = widthNames.first(where: { rest.hasPrefix($0.1.lowercased()) }) {
            font.width = Font.Width(CGFloat(step - 5) / 10)
            rest = rest.dropFirst(name.count)
        }
        if let (name, css) = weightAliases.first(where: { rest.hasPrefix($0.0) }) {
            font.weight = Font.Weight(weightValue(css: css))
            rest = rest.dropFirst(name.count)
        }
        for slant in ["italic", "oblique"] where rest.hasPrefix(slant) {
            font.isItalic = true
            rest = rest.dropFirst(slant.count)
        }
        return rest.isEmpty && !style.isEmpty ? font : nil
    }

    /// UIKit's weight value for a CSS weight (100…900).
    static func weightValue(css: Int) -> CGFloat {
        let table: [Int: CGFloat] = [100: -0.8, 200: -0.6, 300: -0.4, 400: 0, 500: 0.23, 600: 0.3, 700: 0.4, 800: 0.56, 900: 0.62]
        return table[css] ?? 0
    }
}
