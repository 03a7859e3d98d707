import CCairo
import CPangoCairo
import Foundation

/// One Pango font map and context per thread.
///
/// Pango's font maps are not thread-safe, so each thread that measures or draws
/// text gets its own. The context is set up for identical layout at every scale
/// and rotation: resolution 72 (one point is one unit), unhinted metrics,
/// glyph positions not rounded to whole units, greyscale antialiasing.
package final class TextEngine {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    private var descriptions: [Font: OpaquePointer] = [:]
    private var metricsCache: [Font: FontMetrics] = [:]
    /// The scales at which the common fonts have been prepared (see `prepareCommonFonts`).
    var preparedScales: Set<CGFloat> = []
    /// The layouts shared on this thread (``TextLayout/shared(text:font:width:maximumNumberOfLines:lineBreakMode:alignment:runs:paragraph:)``).
    let sharedLayouts = SharedLayouts()

    /// The thread-specific slot holding each thread's engine (retained), released when
    /// its thread ends.
    private static let slot: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { engine in
            if let engine { Unmanaged<TextEngine>.fromOpaque(engine).release() }
        }
        precondition(status == 0, "pthread_key_create failed (\(status)): no thread-specific slot for the text engine")
        return key
    }()

    /// This thread's engine.
    ///
    /// Read from a thread-specific slot: every label measured or drawn asks for it, and
    /// Foundation's `Thread.current.threadDictionary` cost a dictionary lookup through
    /// `NSDictionary` each time (2 % of an update's time in a table).
    static var current: TextEngine {
        if let engine = pthread_getspecific(slot) {
            return Unmanaged<TextEngine>.fromOpaque(engine).takeUnretainedValue()
        }
        let engine = TextEngine()
        pthread_setspecific(slot, Unmanaged.passRetained(engine).toOpaque())
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
        pango_font_description_set_absolute_size(d, Double(Font.usableSize(font.size)) * Double(PANGO_SCALE))
        pango_font_description_set_weight(d, PangoWeight(rawValue: UInt32(font.weight.cssWeight)))
        pango_font_description_set_style(d, font.isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_stretch(d, PangoStretch(rawValue: UInt32(font.width.stretchClass - 1)))
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
        var result = FontMetrics(ascender: ascent, descender: -descent, lineHeight: height)
        result.capHeight = heightOfFlatLetters(font, tag: HB_OT_METRICS_TAG_CAP_HEIGHT, sample: "H")
        result.xHeight = heightOfFlatLetters(font, tag: HB_OT_METRICS_TAG_X_HEIGHT, sample: "x")
        metricsCache[font] = result
        return result
    }

    /// The font's OpenType metric `tag` in points (from the face Pango picks for the
    /// family), or, when the font leaves it unset, the ink height of `sample` above the baseline.
    private func heightOfFlatLetters(_ font: Font, tag: hb_ot_metrics_tag_t, sample: String) -> CGFloat {
        if let loaded = pango_context_load_font(context, description(for: font)) {
            defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
            let perEm = tabula_ot_metric_per_em(loaded, tag)
            if perEm > 0 { return CGFloat(perEm) * font.size }
        }
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, description(for: font))
        pango_layout_set_text(layout, sample, -1)
        var ink = PangoRectangle()
        pango_layout_get_extents(layout, &ink, nil)
        let baseline = pango_layout_get_baseline(layout)
        return CGFloat(baseline - ink.y) / CGFloat(Int(PANGO_SCALE))
    }

    /// The families the font map knows (fontconfig's), sorted by name.
    func familyNames() -> [String] {
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(fontMap, &families, &count)
        guard let families else { return [] }
        defer { g_free(families) }
        var names: [String] = []
        for i in 0 ..< Int(count) {
            if let family = families[i], let name = pango_font_family_get_name(family) { names.append(String(cString: name)) }
        }
        return Array(Set(names)).sorted()
    }

    /// The faces of `family` (matched without regard to case), each with its name
    /// ("Bold Italic") and the weight, slant and stretch Pango describes it with; nil when
    /// no such family is installed.
    func faces(ofFamily family: String) -> (family: String, faces: [FontFace])? {
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(fontMap, &families, &count)
        guard let families else { return nil }
        defer { g_free(families) }
        for i in 0 ..< Int(count) {
            guard let candidate = families[i], let cName = pango_font_family_get_name(candidate) else { continue }
            let name = String(cString: cName)
            guard name.caseInsensitiveCompare(family) == .orderedSame else { continue }
            var faces: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFace>?>?
            var faceCount: Int32 = 0
            pango_font_family_list_faces(candidate, &faces, &faceCount)
            guard let faces else { return (name, []) }
            defer { g_free(faces) }
            var result: [FontFace] = []
            for j in 0 ..< Int(faceCount) {
                guard let face = faces[j], let cFace = pango_font_face_get_face_name(face) else { continue }
                if pango_font_face_is_synthesized(face) != 0 { continue }
                let d = pango_font_face_describe(face)!
                defer { pango_font_description_free(d) }
                let weight = Int(pango_font_description_get_weight(d).rawValue)
                let style = pango_font_description_get_style(d)
                let stretch = Int(pango_font_description_get_stretch(d).rawValue) + 1
                result.append(FontFace(name: String(cString: cFace), cssWeight: weight,
                                       isItalic: style != PANGO_STYLE_NORMAL, stretchClass: stretch))
            }
            return (name, result)
        }
        return nil
    }
}

extension Font {
    /// Ascender, descender, line height, cap height and x-height, measured by the pinned font files.
    public var metrics: FontMetrics { TextEngine.current.metrics(for: self) }

    /// The names of the font families installed (fontconfig's, through Pango), sorted.
    public static var installedFamilyNames: [String] { TextEngine.current.familyNames() }

    /// The faces of the installed family `family` (its name matched without regard to
    /// case), with the family's name as installed; nil when no such family is installed.
    public static func installedFaces(ofFamily family: String) -> (family: String, faces: [FontFace])? {
        TextEngine.current.faces(ofFamily: family)
    }
}

/// One face of an installed family: its name and how Pango describes it.
public struct FontFace: Hashable, Sendable {
    /// The face's name within its family ("Regular", "Semi Bold Italic").
    public var name: String
    /// The CSS / OpenType weight, 100 to 1000.
    public var cssWeight: Int
    /// Whether the face is italic or oblique.
    public var isItalic: Bool
    /// The CSS / OpenType stretch step, 1 (ultra-condensed) to 9 (ultra-expanded), 5 normal.
    public var stretchClass: Int
}
