import CCairo
import CPangoCairo
import Foundation

/// One Pango font map and context per thread.
///
/// Pango's font maps are not thread-safe, so each thread that measures or draws
/// text gets its own. The context is set up for identical layout at every scale
/// and rotation: resolution 72 (one point is one unit), unhinted metrics,
/// glyph positions not rounded to whole units, greyscale antialiasing.
final class TextEngine {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    private var descriptions: [Font: OpaquePointer] = [:]
    private var metricsCache: [Font: FontMetrics] = [:]

    private static let key = "org.tabula.TextEngine"

    /// This thread's engine.
    static var current: TextEngine {
        let dictionary = Thread.current.threadDictionary
        if let engine = dictionary[key] as? TextEngine { return engine }
        let engine = TextEngine()
        dictionary[key] = engine
        return engine
    }

    private init() {
        fontMap = pango_cairo_font_map_new()!
        pango_cairo_font_map_set_resolution(OpaquePointer(fontMap), 72)
        context = pango_font_map_create_context(fontMap)!
        pango_cairo_context_set_resolution(context, 72)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        for d in descriptions.values { pango_font_description_free(d) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// A cached Pango description for `font` (owned by the engine).
    func description(for font: Font) -> OpaquePointer {
        if let d = descriptions[font] { return d }
        let d = pango_font_description_new()!
        pango_font_description_set_family(d, font.pangoFamilyList)
        pango_font_description_set_absolute_size(d, Double(font.size) * Double(PANGO_SCALE))
        pango_font_description_set_weight(d, PangoWeight(rawValue: UInt32(font.weight.cssWeight)))
        pango_font_description_set_style(d, font.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        let pointer = d
        descriptions[font] = pointer
        return pointer
    }

    func metrics(for font: Font) -> FontMetrics {
        if let m = metricsCache[font] { return m }
        let m = pango_context_get_metrics(context, description(for: font), nil)!
        defer { pango_font_metrics_unref(m) }
        let scale = CGFloat(Int(PANGO_SCALE))
        let ascent = CGFloat(pango_font_metrics_get_ascent(m)) / scale
        let descent = CGFloat(pango_font_metrics_get_descent(m)) / scale
        var height = CGFloat(pango_font_metrics_get_height(m)) / scale
        if height <= 0 { height = ascent + descent }
        let result = FontMetrics(ascender: ascent, descender: -descent, lineHeight: height)
        metricsCache[font] = result
        return result
    }
}

extension Font {
    /// Ascender, descender and line height, measured by the pinned font files.
    public var metrics: FontMetrics { TextEngine.current.metrics(for: self) }
}
