import CCairo

/// How drawn pixels combine with the pixels already there, with Core Graphics' names.
///
/// Each mode is one of Cairo's operators. Core Graphics' `plusDarker` has no Cairo
/// equivalent and is left out.
public enum CGBlendMode: Int32, Sendable, CaseIterable {
    /// Source over destination: ordinary painting. The default.
    case normal = 0
    /// Multiplies the colours: darkens.
    case multiply = 1
    /// Inverts, multiplies and inverts again: lightens.
    case screen = 2
    /// Multiplies or screens by the destination's colour.
    case overlay = 3
    /// Keeps the darker of the two colours.
    case darken = 4
    /// Keeps the lighter of the two colours.
    case lighten = 5
    /// Brightens the destination to reflect the source.
    case colorDodge = 6
    /// Darkens the destination to reflect the source.
    case colorBurn = 7
    /// Darkens or lightens, as a diffused spotlight would.
    case softLight = 8
    /// Multiplies or screens by the source's colour.
    case hardLight = 9
    /// Subtracts the darker colour from the lighter one.
    case difference = 10
    /// Like ``difference`` with less contrast.
    case exclusion = 11
    /// The source's hue with the destination's saturation and luminosity.
    case hue = 12
    /// The source's saturation with the destination's hue and luminosity.
    case saturation = 13
    /// The source's hue and saturation with the destination's luminosity.
    case color = 14
    /// The source's luminosity with the destination's hue and saturation.
    case luminosity = 15
    /// Makes what is drawn transparent (clears it), whatever the colour.
    case clear = 16
    /// Replaces the destination with the source, transparency included.
    case copy = 17
    /// The source where the destination is opaque, nothing elsewhere.
    case sourceIn = 18
    /// The source where the destination is transparent, nothing elsewhere.
    case sourceOut = 19
    /// The source over the destination, only where the destination is opaque.
    case sourceAtop = 20
    /// The destination over the source.
    case destinationOver = 21
    /// The destination where the source is opaque: masks the destination by the source.
    case destinationIn = 22
    /// The destination where the source is transparent: cuts the source out of it.
    case destinationOut = 23
    /// The destination over the source, only where the source is opaque.
    case destinationAtop = 24
    /// The parts of each that do not overlap the other.
    case xor = 25
    /// Adds the colours, saturating at white.
    case plusLighter = 27

    var cairoOperator: cairo_operator_t {
        switch self {
        case .normal: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        case .screen: CAIRO_OPERATOR_SCREEN
        case .overlay: CAIRO_OPERATOR_OVERLAY
        case .darken: CAIRO_OPERATOR_DARKEN
        case .lighten: CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: CAIRO_OPERATOR_COLOR_BURN
        case .softLight: CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: CAIRO_OPERATOR_HARD_LIGHT
        case .difference: CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: CAIRO_OPERATOR_EXCLUSION
        case .hue: CAIRO_OPERATOR_HSL_HUE
        case .saturation: CAIRO_OPERATOR_HSL_SATURATION
        case .color: CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: CAIRO_OPERATOR_CLEAR
        case .copy: CAIRO_OPERATOR_SOURCE
        case .sourceIn: CAIRO_OPERATOR_IN
        case .sourceOut: CAIRO_OPERATOR_OUT
        case .sourceAtop: CAIRO_OPERATOR_ATOP
        case .destinationOver: CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: CAIRO_OPERATOR_DEST_IN
        case .destinationOut: CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: CAIRO_OPERATOR_DEST_ATOP
        case .xor: CAIRO_OPERATOR_XOR
        case .plusLighter: CAIRO_OPERATOR_ADD
        }
    }
}

extension GraphicsContext {
    /// Sets how later fills, strokes and image draws combine with what is already drawn
    /// (``CGBlendMode/normal`` by default); saved and restored with the graphics state.
    public func setBlendMode(_ mode: CGBlendMode) { cairo_set_operator(cr, mode.cairoOperator) }
}

extension Bitmap {
    /// A copy whose every pixel has `color`, keeping this bitmap's coverage (its alpha):
    /// how a template image is tinted.
    public func tinted(with color: Color) -> Bitmap {
        let result = Bitmap(width: width, height: height)
        let cr = cairo_create(result.surface)!
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_mask_surface(cr, surface, 0, 0)
        cairo_destroy(cr)
        return result
    }
}

extension GraphicsContext {
    /// The factor set by ``setAlpha(_:)`` that multiplies the alpha of everything drawn.
    public var globalAlpha: Double { currentAlpha }
}
