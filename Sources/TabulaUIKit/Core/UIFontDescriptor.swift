import Foundation

/// A description of a font by its attributes (family, face, size, traits, OpenType
/// features) that ``UIFont/init(descriptor:size:)`` turns into a font: UIKit's
/// `UIFontDescriptor`.
///
/// A descriptor is immutable; the `with…` and ``addingAttributes(_:)`` methods return new
/// ones. Tabula resolves a descriptor through fontconfig and Pango: the family (or the
/// family of the face name), the face ("Bold Italic"), the traits' weight, width and slant,
/// the symbolic traits bold, italic, condensed, expanded and monospace, the size and the
/// feature settings listed under ``AttributeName/featureSettings``. The other attributes
/// (matrix, character set, cascade list, fixed advance, visible name) are kept in
/// ``fontAttributes`` but change nothing that is drawn. Archiving (`NSSecureCoding`) and
/// matrices (`init(name:matrix:)`, `withMatrix(_:)`) are not provided.
open class UIFontDescriptor: NSObject, NSCopying, @unchecked Sendable {
    /// The attributes, as given (immutable, hence the unchecked `Sendable`).
    private let attributes: [AttributeName: Any]

    /// A descriptor with no attributes: the system font at 17 points when made into a font.
    public override init() {
        attributes = [:]
        super.init()
    }

    /// A descriptor with `attributes`, keyed by ``AttributeName``.
    public init(fontAttributes attributes: [AttributeName: Any] = [:]) {
        self.attributes = attributes
        super.init()
    }

    /// A descriptor with a font name (a family, or a face name such as "Inter-Bold") and a size.
    public convenience init(name fontName: String, size: CGFloat) {
        self.init(fontAttributes: [.name: fontName, .size: size])
    }

    /// The descriptor of the system font for `style` at the current preferred text size
    /// (as ``UIFont/preferredFont(forTextStyle:)``), with the style under ``AttributeName/textStyle``.
    open class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle) -> UIFontDescriptor {
        preferredFontDescriptor(withTextStyle: style, compatibleWith: nil)
    }

    /// The descriptor of the system font for `style` at the text size `traitCollection`
    /// prefers (nil or unspecified: the current traits').
    open class func preferredFontDescriptor(withTextStyle style: UIFont.TextStyle,
                                            compatibleWith traitCollection: UITraitCollection?) -> UIFontDescriptor {
        UIFont.preferredFont(forTextStyle: style, compatibleWith: traitCollection).fontDescriptor
    }

    // MARK: Reading

    /// Every attribute of the descriptor.
    open var fontAttributes: [AttributeName: Any] { attributes }

    /// The value of one attribute, or nil when it is not set.
    open func object(forKey anAttribute: AttributeName) -> Any? { attributes[anAttribute] }

    /// The face name of the font the descriptor resolves to ("Inter-Bold"; iOS gives the
    /// PostScript name), as ``UIFont/fontName``.
    open var postscriptName: String { UIFont.faceName(of: resolvedFont(size: 0)) }

    /// The size attribute in points; 0 when the descriptor has none.
    open var pointSize: CGFloat {
        attributes[.size].flatMap(AttributedTextRuns.number).flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 0
    }

    /// The symbolic traits of the font the descriptor resolves to: bold (weight semibold
    /// or heavier), italic, condensed, expanded and monospace, plus any other bits set
    /// under ``TraitKey/symbolic``.
    open var symbolicTraits: SymbolicTraits {
        let font = resolvedFont(size: 0)
        var traits = SymbolicTraits(rawValue: storedSymbolicTraits.rawValue & ~Self.resolvedTraitBits.rawValue)
        if font.weight >= .semibold { traits.insert(.traitBold) }
        if font.isItalic { traits.insert(.traitItalic) }
        if font.width < .standard { traits.insert(.traitCondensed) }
        if font.width > .standard { traits.insert(.traitExpanded) }
        if font.family == Font.monospacedFamily { traits.insert(.traitMonoSpace) }
        return traits
    }

    /// Descriptors of the installed faces of the descriptor's family (fontconfig's, through
    /// Pango) that agree with it on every key of `mandatoryKeys`: `.family` always,
    /// `.name` and `.face` when the face is the one named, `.traits` when the weight, slant
    /// and width are the same, `.size` always (the faces are scalable). Other keys are
    /// ignored; nil or an empty set matches every face. Each has the family, the face, the
    /// face name, the traits and the size of this descriptor. Empty for a family that is not
    /// installed.
    open func matchingFontDescriptors(withMandatoryKeys mandatoryKeys: Set<AttributeName>?) -> [UIFontDescriptor] {
        let font = resolvedFont(size: 0)
        guard let (family, faces) = Font.installedFaces(ofFamily: font.family) else { return [] }
        let keys = mandatoryKeys ?? []
        return faces.compactMap { face -> UIFontDescriptor? in
            var faceFont = Font(family: family, size: font.size, weight: Font.Weight(UIFont.weightValue(css: face.cssWeight)),
                                italic: face.isItalic, width: Font.Width(CGFloat(face.stretchClass - 5) / 10))
            faceFont.features = font.features
            let sameFace = faceFont.weight.cssWeight == font.weight.cssWeight && faceFont.isItalic == font.isItalic
                && faceFont.width.stretchClass == font.width.stretchClass
            if !sameFace, keys.contains(.traits) || keys.contains(.face) || keys.contains(.name) { return nil }
            var attributes = UIFont(font: faceFont).fontDescriptor.fontAttributes
            attributes[.face] = face.name
            if pointSize == 0 { attributes.removeValue(forKey: .size) }
            return UIFontDescriptor(fontAttributes: attributes)
        }
    }

    // MARK: Deriving

    /// A copy with `attributes` added, replacing those of the same names.
    open func addingAttributes(_ attributes: [AttributeName: Any] = [:]) -> UIFontDescriptor {
        UIFontDescriptor(fontAttributes: self.attributes.merging(attributes) { _, new in new })
    }

    /// A copy at another point size (a size that is not a positive finite number is
    /// stored, and counts as no size: 17 points when made into a font).
    open func withSize(_ newPointSize: CGFloat) -> UIFontDescriptor { addingAttributes([.size: newPointSize]) }

    /// A copy in another family; the face name and the name are dropped (the face's
    /// weight and slant carry over through the traits).
    open func withFamily(_ newFamily: String) -> UIFontDescriptor {
        var copy = attributes
        copy.removeValue(forKey: .name)
        copy.removeValue(forKey: .face)
        copy[.family] = newFamily
        copy[.traits] = traitsOf(resolvedFont(size: 0), keeping: copy[.traits])
        return UIFontDescriptor(fontAttributes: copy)
    }

    /// A copy with another face of the family ("Bold", "Semi Bold Italic"); the weight,
    /// width and slant of the traits give way to the face's.
    open func withFace(_ newFace: String) -> UIFontDescriptor {
        var copy = attributes
        copy[.face] = newFace
        if var traits = copy[.traits] as? [TraitKey: Any] {
            traits.removeValue(forKey: .weight)
            traits.removeValue(forKey: .width)
            traits.removeValue(forKey: .slant)
            traits[.symbolic] = storedSymbolicTraits.rawValue & ~Self.resolvedTraitBits.rawValue
            copy[.traits] = traits
        }
        return UIFontDescriptor(fontAttributes: copy)
    }

    /// A copy whose symbolic traits are exactly `symbolicTraits`: bold (the bold weight,
    /// or regular without it), italic, condensed or expanded (the condensed, expanded or
    /// standard width), monospace (DejaVu Sans Mono, or the system font without it when the
    /// descriptor was monospaced); other bits are kept under ``TraitKey/symbolic``.
    ///
    /// Nil when the traits contradict each other (condensed and expanded), as iOS returns
    /// nil when no font matches.
    open func withSymbolicTraits(_ symbolicTraits: SymbolicTraits) -> UIFontDescriptor? {
        if symbolicTraits.contains(.traitCondensed), symbolicTraits.contains(.traitExpanded) { return nil }
        var font = resolvedFont(size: 0)
        let bold = symbolicTraits.contains(.traitBold)
        if bold != (font.weight >= .semibold) { font.weight = bold ? .bold : .regular }
        font.isItalic = symbolicTraits.contains(.traitItalic)
        font.width = symbolicTraits.contains(.traitCondensed) ? .condensed
            : symbolicTraits.contains(.traitExpanded) ? .expanded : .standard
        if symbolicTraits.contains(.traitMonoSpace) {
            font.family = Font.monospacedFamily
        } else if font.family == Font.monospacedFamily {
            font.family = Font.systemFamily
        }
        var copy = attributes
        copy.removeValue(forKey: .name)
        copy.removeValue(forKey: .face)
        copy[.family] = font.family
        var traits = traitsOf(font, keeping: copy[.traits])
        traits[.symbolic] = symbolicTraits.rawValue
        copy[.traits] = traits
        return UIFontDescriptor(fontAttributes: copy)
    }

    /// A copy in another design of the system font: `.default` Inter, `.serif` DejaVu
    /// Serif, `.monospaced` DejaVu Sans Mono. No rounded face is installed, so `.rounded`
    /// is Inter (iOS's is SF Pro Rounded). Nil when the descriptor is not one of these
    /// system designs (a font by name such as "Lohit Devanagari"), as in iOS; weight, slant
    /// and size carry over.
    open func withDesign(_ design: SystemDesign) -> UIFontDescriptor? {
        let font = resolvedFont(size: 0)
        guard Self.systemDesignFamilies.contains(font.family) else { return nil }
        let family = switch design {
        case .serif: Font.serifFamily
        case .monospaced: Font.monospacedFamily
        default: Font.systemFamily
        }
        return withFamily(family)
    }

    // MARK: NSObject

    /// A copy (descriptors are immutable, so the same values).
    open func copy(with zone: NSZone? = nil) -> Any { UIFontDescriptor(fontAttributes: attributes) }

    /// Whether `object` is a descriptor that resolves to the same font with the same
    /// size attribute and text style.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFontDescriptor else { return false }
        return other.resolvedFont(size: 0) == resolvedFont(size: 0) && other.pointSize == pointSize
            && other.textStyle == textStyle
    }

    /// A hash consistent with ``isEqual(_:)``.
    open override var hash: Int { resolvedFont(size: 0).hashValue ^ pointSize.hashValue }

    /// The attributes, for debugging.
    open override var description: String { "UIFontDescriptor(\(resolvedFont(size: 0)))" }

    // MARK: Resolving

    /// The families ``withDesign(_:)`` accepts: the system font's designs.
    static let systemDesignFamilies: Set<String> = [Font.systemFamily, Font.serifFamily, Font.monospacedFamily]

    /// The symbolic bits that come from the resolved font rather than from storage.
    private static let resolvedTraitBits: SymbolicTraits = [.traitBold, .traitItalic, .traitCondensed, .traitExpanded, .traitMonoSpace]

    /// The text style stored under ``AttributeName/textStyle``.
    var textStyle: UIFont.TextStyle? {
        (attributes[.textStyle] as? String).map(UIFont.TextStyle.init(rawValue:))
            ?? attributes[.textStyle] as? UIFont.TextStyle
    }

    /// The symbolic traits stored in the traits dictionary.
    private var storedSymbolicTraits: SymbolicTraits {
        let traits = attributes[.traits] as? [TraitKey: Any]
        if let value = traits?[.symbolic] as? SymbolicTraits { return value }
        return (traits?[.symbolic]).flatMap(AttributedTextRuns.number).map { SymbolicTraits(rawValue: UInt32(truncatingIfNeeded: Int($0))) } ?? []
    }

    /// `existing` traits (a traits dictionary, or nil) with `font`'s weight, width and slant.
    private func traitsOf(_ font: Font, keeping existing: Any?) -> [TraitKey: Any] {
        var traits = existing as? [TraitKey: Any] ?? [:]
        traits[.weight] = font.weight.rawValue
        traits[.width] = font.width.rawValue
        traits[.slant] = font.isItalic ? CGFloat(0.07) : CGFloat(0)
        return traits
    }

    /// The font the attributes describe at `size` points (0: the size attribute, else 17).
    ///
    /// Family: the family attribute, else the family of the name, else Inter. Then the
    /// face name (or the name's face), the traits' weight, width and slant, the symbolic
    /// traits, and the feature settings, each over the one before.
    func resolvedFont(size: CGFloat) -> Font {
        let pointSize = size.isFinite && size > 0 ? size : (self.pointSize > 0 ? self.pointSize : 17)
        var font = Font(family: Font.systemFamily, size: pointSize)
        if let name = attributes[.name] as? String, !name.isEmpty {
            font = UIFont.font(named: name, size: pointSize)
        }
        if let family = attributes[.family] as? String, !family.isEmpty { font.family = family }
        if let face = attributes[.face] as? String,
           let styled = UIFont.font(family: font.family, style: face.replacingOccurrences(of: " ", with: ""), size: pointSize) {
            font.weight = styled.weight
            font.isItalic = styled.isItalic
            font.width = styled.width
        }
        if let traits = attributes[.traits] as? [TraitKey: Any] {
            if let weight = traits[.weight].flatMap(AttributedTextRuns.number), weight.isFinite {
                font.weight = Font.Weight(min(1, max(-1, weight)))
            }
            if let width = traits[.width].flatMap(AttributedTextRuns.number), width.isFinite {
                font.width = Font.Width(min(1, max(-1, width)))
            }
            if let slant = traits[.slant].flatMap(AttributedTextRuns.number), slant.isFinite { font.isItalic = slant != 0 }
            let symbolic = storedSymbolicTraits
            if symbolic.contains(.traitBold), font.weight < .semibold { font.weight = .bold }
            if symbolic.contains(.traitItalic) { font.isItalic = true }
            if symbolic.contains(.traitCondensed), font.width >= .standard { font.width = .condensed }
            if symbolic.contains(.traitExpanded), font.width <= .standard { font.width = .expanded }
            if symbolic.contains(.traitMonoSpace) { font.family = Font.monospacedFamily }
        }
        if let settings = attributes[.featureSettings] as? [[FeatureKey: Any]] {
            font.features = settings.compactMap(Self.openTypeFeature)
        }
        return font
    }

    /// The OpenType feature (HarfBuzz syntax) for an AAT feature type and selector, as
    /// Core Text maps them; nil for the pairs Tabula does not map.
    static func openTypeFeature(_ setting: [FeatureKey: Any]) -> String? {
        guard let type = (setting[.type] ?? setting[.featureIdentifier]).flatMap(AttributedTextRuns.number),
              let selector = (setting[.selector] ?? setting[.typeIdentifier]).flatMap(AttributedTextRuns.number),
              type.isFinite, selector.isFinite else { return nil }
        switch (Int(type), Int(selector)) {
        case (1, 0): return "rlig"  // required ligatures on
        case (1, 2): return "liga"  // common ligatures on
        case (1, 3): return "liga=0"  // common ligatures off
        case (6, 0): return "tnum"  // monospaced numbers
        case (6, 1): return "pnum"  // proportional numbers
        case (10, 1): return "sups"  // superiors
        case (10, 2): return "subs"  // inferiors
        case (11, 1): return "frac"  // diagonal fractions
        case (14, 4): return "zero"  // slashed zero on
        case (21, 0): return "onum"  // lower-case (old-style) numbers
        case (21, 1): return "lnum"  // upper-case (lining) numbers
        case (33, 0): return "case"  // case-sensitive layout on
        case (36, 0): return "calt"  // contextual alternates on
        case (36, 1): return "calt=0"  // contextual alternates off
        case (35, let s) where s >= 2 && s <= 40 && s % 2 == 0:
            return String(format: "ss%02d", s / 2)  // stylistic set n on
        default: return nil
        }
    }
}

extension UIFontDescriptor {
    /// The name of a descriptor attribute (UIKit's raw values).
    public struct AttributeName: RawRepresentable, Hashable, Sendable {
        /// UIKit's name of the attribute.
        public let rawValue: String
        /// An attribute name from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An attribute name from its raw value.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The family (a `String`: "Inter", "DejaVu Serif").
        public static let family = AttributeName("NSFontFamilyAttribute")
        /// The font's name (a `String`: a family, or a face name such as "Inter-Bold").
        public static let name = AttributeName("NSFontNameAttribute")
        /// The face within the family (a `String`: "Bold", "Semi Bold Italic").
        public static let face = AttributeName("NSFontFaceAttribute")
        /// The size in points (a number).
        public static let size = AttributeName("NSFontSizeAttribute")
        /// The name shown to people (kept, not used by Tabula).
        public static let visibleName = AttributeName("NSFontVisibleNameAttribute")
        /// A transformation of the glyphs (kept, not drawn by Tabula).
        public static let matrix = AttributeName("NSFontMatrixAttribute")
        /// The characters the font must cover (kept, not used by Tabula).
        public static let characterSet = AttributeName("NSCTFontCharacterSetAttribute")
        /// Fallback descriptors (kept; Tabula falls back through its pinned families).
        public static let cascadeList = AttributeName("NSCTFontCascadeListAttribute")
        /// The traits (a `[UIFontDescriptor.TraitKey: Any]`: weight, width, slant, symbolic).
        public static let traits = AttributeName("NSCTFontTraitsAttribute")
        /// An advance forced on every glyph (kept, not drawn by Tabula).
        public static let fixedAdvance = AttributeName("NSCTFontFixedAdvanceAttribute")
        /// Font features (an array of `[UIFontDescriptor.FeatureKey: Any]` with an AAT type
        /// and selector). Tabula maps them to OpenType features: number spacing (type 6:
        /// monospaced `tnum`, proportional `pnum`), number case (21: `onum`, `lnum`),
        /// ligatures (1), vertical position (10: `sups`, `subs`), fractions (11: `frac`),
        /// slashed zero (14, selector 4: `zero`), case-sensitive layout (33), contextual
        /// alternates (36) and stylistic sets (35); other pairs are ignored.
        public static let featureSettings = AttributeName("NSCTFontFeatureSettingsAttribute")
        /// The text style of a preferred font (a ``UIFont/TextStyle`` raw value).
        public static let textStyle = AttributeName("NSCTFontUIUsageAttribute")
    }

    /// A key of the traits dictionary (UIKit's raw values).
    public struct TraitKey: RawRepresentable, Hashable, Sendable {
        /// UIKit's name of the key.
        public let rawValue: String
        /// A key from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A key from its raw value.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The symbolic traits (a ``SymbolicTraits`` or its raw value).
        public static let symbolic = TraitKey("NSCTFontSymbolicTrait")
        /// The weight, −1 to 1 (a ``UIFont/Weight`` raw value); values outside are clamped.
        public static let weight = TraitKey("NSCTFontWeightTrait")
        /// The width, −1 to 1 (a ``UIFont/Width`` raw value); values outside are clamped.
        public static let width = TraitKey("NSCTFontProportionTrait")
        /// The slant, −1 to 1; Tabula draws any non-zero slant as the italic face.
        public static let slant = TraitKey("NSCTFontSlantTrait")
    }

    /// A key of one feature setting (UIKit's raw values).
    public struct FeatureKey: RawRepresentable, Hashable, Sendable {
        /// UIKit's name of the key.
        public let rawValue: String
        /// A key from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A key from its raw value.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The AAT feature type (a number: 6 is number spacing).
        public static let type = FeatureKey("CTFeatureTypeIdentifier")
        /// The AAT feature selector (a number: with type 6, 0 is monospaced numbers).
        public static let selector = FeatureKey("CTFeatureSelectorIdentifier")
        /// The feature type, under its name before iOS 15 (deprecated there).
        public static let featureIdentifier = FeatureKey("CTFeatureTypeIdentifier")
        /// The feature selector, under its name before iOS 15 (deprecated there).
        public static let typeIdentifier = FeatureKey("CTFeatureSelectorIdentifier")
    }

    /// A design of the system font (UIKit's raw values).
    public struct SystemDesign: RawRepresentable, Hashable, Sendable {
        /// UIKit's name of the design.
        public let rawValue: String
        /// A design from its raw value.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The system font, Inter.
        public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
        /// A rounded design: Inter in Tabula (no rounded face is installed).
        public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
        /// A monospaced design: DejaVu Sans Mono.
        public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
        /// A serif design: DejaVu Serif.
        public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
    }

    /// Traits of a face, with UIKit's bits: the lower 16 describe the typeface, the upper
    /// the font's class.
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: UInt32
        /// Traits from their bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// The italic face.
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        /// A bold face (semibold or heavier).
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        /// An expanded face.
        public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
        /// A condensed face.
        public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
        /// Glyphs of one advance (DejaVu Sans Mono in Tabula).
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
        /// Vertical glyphs (kept, not drawn by Tabula).
        public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
        /// A face tuned for interfaces (kept, no effect in Tabula).
        public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
        /// Tighter line spacing (kept, no effect in Tabula).
        public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
        /// Looser line spacing (kept, no effect in Tabula).
        public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)
        /// The bits of the font's class.
        public static let classMask = SymbolicTraits(rawValue: 0xF000_0000)
        /// No class.
        public static let classUnknown = SymbolicTraits([])
        /// Old-style serifs.
        public static let classOldStyleSerifs = SymbolicTraits(rawValue: 1 << 28)
        /// Transitional serifs.
        public static let classTransitionalSerifs = SymbolicTraits(rawValue: 2 << 28)
        /// Modern serifs.
        public static let classModernSerifs = SymbolicTraits(rawValue: 3 << 28)
        /// Clarendon serifs.
        public static let classClarendonSerifs = SymbolicTraits(rawValue: 4 << 28)
        /// Slab serifs.
        public static let classSlabSerifs = SymbolicTraits(rawValue: 5 << 28)
        /// Free-form serifs.
        public static let classFreeformSerifs = SymbolicTraits(rawValue: 7 << 28)
        /// Sans serif.
        public static let classSansSerif = SymbolicTraits(rawValue: 8 << 28)
        /// Ornamentals.
        public static let classOrnamentals = SymbolicTraits(rawValue: 9 << 28)
        /// Scripts.
        public static let classScripts = SymbolicTraits(rawValue: 10 << 28)
        /// Symbols.
        public static let classSymbolic = SymbolicTraits(rawValue: 12 << 28)
    }
}

extension UIFont {
    /// The font's descriptor: its family, name, size, traits (weight, width, slant,
    /// symbolic), OpenType features and, for a preferred font, its text style.
    public var fontDescriptor: UIFontDescriptor {
        var traits: [UIFontDescriptor.TraitKey: Any] = [
            .weight: font.weight.rawValue, .width: font.width.rawValue,
            .slant: font.isItalic ? CGFloat(0.07) : CGFloat(0),
        ]
        var symbolic: UIFontDescriptor.SymbolicTraits = []
        if font.weight >= .semibold { symbolic.insert(.traitBold) }
        if font.isItalic { symbolic.insert(.traitItalic) }
        if font.width < .standard { symbolic.insert(.traitCondensed) }
        if font.width > .standard { symbolic.insert(.traitExpanded) }
        if font.family == Font.monospacedFamily { symbolic.insert(.traitMonoSpace) }
        traits[.symbolic] = symbolic.rawValue
        var attributes: [UIFontDescriptor.AttributeName: Any] = [
            .family: font.family, .name: fontName, .size: font.size, .traits: traits,
        ]
        let settings = font.features.compactMap(UIFont.featureSetting)
        if !settings.isEmpty { attributes[.featureSettings] = settings }
        if let scaling { attributes[.textStyle] = scaling.style.rawValue }
        return UIFontDescriptor(fontAttributes: attributes)
    }

    /// The font `descriptor` describes, at `pointSize` points when it is greater than 0,
    /// else at the descriptor's size (17 points when it has none), as in UIKit.
    ///
    /// A descriptor with a text style (``UIFontDescriptor/preferredFontDescriptor(withTextStyle:)``)
    /// gives a font that follows the content size category like
    /// ``preferredFont(forTextStyle:)``, in the descriptor's family, weight and slant.
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        let font = descriptor.resolvedFont(size: pointSize)
        if let style = descriptor.textStyle, !(pointSize.isFinite && pointSize > 0) {
            // Back to the style's default size, so the font scales like a preferred font.
            let category = DynamicTypeScaling.category(nil)
            let base = font.withSize(font.size / DynamicTypeScaling.factor(style, category))
            self.init(font: font, scaling: DynamicTypeScaling(style: style, base: base, maximumPointSize: nil))
        } else {
            self.init(font: font)
        }
    }

    /// The AAT feature setting for an OpenType feature that ``UIFontDescriptor`` maps.
    static func featureSetting(_ feature: String) -> [UIFontDescriptor.FeatureKey: Any]? {
        let pairs: [String: (Int, Int)] = [
            "tnum": (6, 0), "pnum": (6, 1), "onum": (21, 0), "lnum": (21, 1), "liga": (1, 2), "liga=0": (1, 3),
            "rlig": (1, 0), "sups": (10, 1), "subs": (10, 2), "frac": (11, 1), "zero": (14, 4), "case": (33, 0),
            "calt": (36, 0), "calt=0": (36, 1),
        ]
        guard let (type, selector) = pairs[feature] else { return nil }
        return [.type: type, .selector: selector]
    }
}
