import CCairo
import CPangoCairo
import Foundation

/// A line drawn under or through text: `NSUnderlineStyle` without the UIKit types.
public struct TextDecoration: Hashable, Sendable {
    /// How the line is drawn.
    public enum Style: Int, Hashable, Sendable {
        /// One thin line.
        case single
        /// One thick line (drawn as a single line: Pango has no thick one).
        case thick
        /// Two thin lines.
        case double
    }

    /// How the line is drawn.
    public var style: Style
    /// The line's colour; nil uses the text's.
    public var color: Color?

    /// A decoration of `style`, in `color` (nil: the text's colour).
    public init(style: Style = .single, color: Color? = nil) {
        self.style = style
        self.color = color
    }
}

/// How one range of a text is drawn: what an attributed string's attributes become for
/// ``TextLayout``. Every property left nil takes the layout's default.
public struct TextRun: Hashable, Sendable {
    /// The characters the run covers, as UTF-16 offsets into the text (as `NSRange`).
    public var range: Range<Int>
    /// The font of the run.
    public var font: Font?
    /// The colour of the glyphs.
    public var foregroundColor: Color?
    /// The colour filled behind the glyphs.
    public var backgroundColor: Color?
    /// Extra space after each character, in points (`NSAttributedString.Key.kern`).
    public var kern: CGFloat?
    /// A line under the text.
    public var underline: TextDecoration?
    /// A line through the text.
    public var strikethrough: TextDecoration?
    /// How far the glyphs are raised above the baseline, in points (negative lowers them).
    public var baselineOffset: CGFloat?

    /// A run over `range` with no attributes set.
    public init(range: Range<Int>) { self.range = range }

    /// Whether the run sets nothing.
    public var isEmpty: Bool {
        font == nil && foregroundColor == nil && backgroundColor == nil && kern == nil && underline == nil
            && strikethrough == nil && baselineOffset == nil
    }
}

/// The spacing and indents of a text's paragraphs (`NSParagraphStyle` without the UIKit
/// types), in points. One set applies to the whole text.
public struct ParagraphAttributes: Hashable, Sendable {
    /// Extra space between the lines of a paragraph.
    public var lineSpacing: CGFloat = 0
    /// The line height as a multiple of the font's natural one (0: natural).
    public var lineHeightMultiple: CGFloat = 0
    /// The indent of every line but a paragraph's first, from the leading edge.
    public var headIndent: CGFloat = 0
    /// The indent of each paragraph's first line, from the leading edge.
    public var firstLineHeadIndent: CGFloat = 0
    /// Positive: the lines' trailing edge measured from the leading edge; zero or
    /// negative: the distance in from the trailing edge (`NSParagraphStyle.tailIndent`).
    public var tailIndent: CGFloat = 0

    /// The defaults: no spacing, no indents.
    public init() {}

    /// Whether nothing differs from the defaults.
    var isDefault: Bool { self == ParagraphAttributes() }

    /// The indent all lines share, from the leading edge (the smaller of the two head indents).
    var leadingInset: CGFloat { max(0, min(headIndent, firstLineHeadIndent)) }
}

/// A colour over a range of a text's UTF-8 bytes (see ``TextLayout/glyphColours``).
struct ColouredBytes {
    var bytes: Range<UInt32>
    var color: Color
}

extension TextLayout {
    /// Turns the runs into a Pango attribute list on the layout. Ranges are clamped to the
    /// text (the caller has reported any that were outside it).
    ///
    /// A word broken between letters because it is wider than the line gets no hyphen, as
    /// in UIKit (whose labels hyphenate only with a paragraph style's hyphenation factor,
    /// which Tabula does not have); Pango adds one by default.
    func applyRuns(_ runs: [TextRun]) {
        let baseFeatures = font.features
        let list = pango_attr_list_new()!
        defer { pango_attr_list_unref(list) }
        if let noHyphens = pango_attr_insert_hyphens_new(0) {
            noHyphens.pointee.start_index = 0
            noHyphens.pointee.end_index = UInt32.max
            pango_attr_list_insert(list, noHyphens)
        }
        let engine = TextEngine.current
        // The font's OpenType features over the whole text; a run in another font sets
        // its own, turning off those of the layout's font it does not have (Pango applies
        // every features attribute that covers a glyph, the later ones last).
        if !baseFeatures.isEmpty, let attribute = pango_attr_font_features_new(baseFeatures.joined(separator: ",")) {
            attribute.pointee.start_index = 0
            attribute.pointee.end_index = UInt32.max
            pango_attr_list_insert(list, attribute)
        }
        func featureTag(_ feature: String) -> Substring {
            feature.drop { $0 == "+" || $0 == "-" }.prefix { $0 != "=" && $0 != "[" }
        }
        let drawsColours = Self.drawsColoursItself(runs)
        var colours: [ColouredBytes] = []
        for run in runs where !run.isEmpty && !run.range.isEmpty {
            let start = UInt32(byteIndex(utf16Offset: run.range.lowerBound))
            let end = UInt32(byteIndex(utf16Offset: run.range.upperBound))
            guard end > start else { continue }
            func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?) {
                guard let attribute else { return }
                attribute.pointee.start_index = start
                attribute.pointee.end_index = end
                pango_attr_list_insert(list, attribute)
            }
            func channel(_ v: Double) -> UInt16 { UInt16((v * 65535).rounded()) }
            if let font = run.font {
                insert(pango_attr_font_desc_new(engine.description(for: font)))
                if font.features != baseFeatures {
                    let own = Set(font.features.map(featureTag))
                    let off = baseFeatures.map(featureTag).filter { !own.contains($0) }.map { "\($0)=0" }
                    let settings = font.features + off
                    if !settings.isEmpty { insert(pango_attr_font_features_new(settings.joined(separator: ","))) }
                }
            }
            if let c = run.foregroundColor, drawsColours {
                colours.append(ColouredBytes(bytes: start ..< end, color: c))
            } else if let c = run.foregroundColor {
                insert(pango_attr_foreground_new(channel(c.red), channel(c.green), channel(c.blue)))
                if c.alpha < 1 { insert(pango_attr_foreground_alpha_new(max(1, channel(c.alpha)))) }
            }
            if let c = run.backgroundColor {
                insert(pango_attr_background_new(channel(c.red), channel(c.green), channel(c.blue)))
                if c.alpha < 1 { insert(pango_attr_background_alpha_new(max(1, channel(c.alpha)))) }
            }
            if let kern = run.kern { insert(pango_attr_letter_spacing_new(PangoUnits.from(kern))) }
            if let offset = run.baselineOffset { insert(pango_attr_rise_new(PangoUnits.from(offset))) }
            if let underline = run.underline {
                let style: PangoUnderline = switch underline.style {
                case .single, .thick: PANGO_UNDERLINE_SINGLE
                case .double: PANGO_UNDERLINE_DOUBLE
                }
                insert(pango_attr_underline_new(style))
                if let c = underline.color {
                    insert(pango_attr_underline_color_new(channel(c.red), channel(c.green), channel(c.blue)))
                }
            }
            if let strike = run.strikethrough {
                insert(pango_attr_strikethrough_new(1))
                if let c = strike.color {
                    insert(pango_attr_strikethrough_color_new(channel(c.red), channel(c.green), channel(c.blue)))
                }
            }
        }
        pango_layout_set_attributes(layout, list)
        glyphColours = colours
    }

    /// How many runs with a colour of their own a text may have before the layout draws
    /// the colours itself (``drawsColoursItself(_:)``); settable for tests, which compare
    /// both ways.
    package nonisolated(unsafe) static var coloursPangoDraws = 64

    /// Whether the glyphs' colours are left out of Pango's attributes and drawn by
    /// ``GraphicsContext/draw(_:at:color:)`` glyph by glyph.
    ///
    /// Pango applies a colour to the shaped text after it breaks the lines: for each
    /// stretch of glyphs it walks the attribute list from its start, so a text coloured in
    /// n places costs time in proportion to n² (a 16,000-word label with every other word
    /// coloured: 1.2 s to lay out, against 0.06 s in one colour; syntax colouring of a
    /// long file, every keystroke). Colours change no glyph's place, so the layout is the
    /// same without them. Only for texts with many colours, in runs that follow one
    /// another without overlapping (as an attributed string's do), and nothing else Pango
    /// draws from its attributes (background, underline, strikethrough, a raised baseline).
    static func drawsColoursItself(_ runs: [TextRun]) -> Bool {
        var coloured = 0, end = 0
        for run in runs where !run.range.isEmpty {
            if run.backgroundColor != nil || run.underline != nil || run.strikethrough != nil || run.baselineOffset != nil {
                return false
            }
            guard run.foregroundColor != nil else { continue }
            guard run.range.lowerBound >= end else { return false }
            end = run.range.upperBound
            coloured += 1
        }
        return coloured > coloursPangoDraws
    }

    /// Line spacing and the hanging part of the indents (the shared part moves the
    /// whole layout, see ``ParagraphAttributes/leadingInset``).
    func applyParagraph(_ paragraph: ParagraphAttributes) {
        guard !paragraph.isDefault else { return }
        if paragraph.lineHeightMultiple > 0 {
            pango_layout_set_line_spacing(layout, Float(paragraph.lineHeightMultiple))
        } else if paragraph.lineSpacing > 0 {
            pango_layout_set_spacing(layout, PangoUnits.from(paragraph.lineSpacing))
        }
        // Pango indents a paragraph's first line by a positive indent, and every other
        // line by a negative one.
        let first = max(0, paragraph.firstLineHeadIndent), head = max(0, paragraph.headIndent)
        if first != head { pango_layout_set_indent(layout, PangoUnits.from(first - head)) }
    }

    /// The wrapping width Pango gets: the layout's width less the indents.
    static func wrapWidth(_ width: CGFloat?, _ paragraph: ParagraphAttributes) -> CGFloat? {
        guard let width else { return nil }
        var w = width - paragraph.leadingInset
        if paragraph.tailIndent > 0 {
            w = min(w, paragraph.tailIndent - paragraph.leadingInset)
        } else {
            w += paragraph.tailIndent
        }
        return max(0, w)
    }
}
