import CCairo
import CPangoCairo
import Foundation

/// Horizontal alignment of text within its width, as `NSTextAlignment`.
public enum TextAlignment: Int, Sendable {
    /// Lines start at the left edge, whatever the writing direction.
    case left
    /// Lines are centred.
    case center
    /// Lines end at the right edge, whatever the writing direction.
    case right
    /// Lines fill the width by stretching the spaces, except the last line of a paragraph,
    /// which follows the writing direction.
    case justified
    /// Lines start at the leading edge of the text's writing direction: left for
    /// left-to-right text, right for right-to-left text.
    case natural
}

/// How lines break and overflow, as `NSLineBreakMode`.
public enum LineBreakMode: Int, Sendable {
    /// Wraps at word boundaries, breaking inside a word only when it does not fit on a line.
    /// With a limit of one line, truncates the tail instead, as UIKit does.
    case byWordWrapping
    /// Wraps at any character (grapheme cluster).
    /// With a limit of one line, truncates the tail instead, as UIKit does.
    case byCharWrapping
    /// Wraps like `byWordWrapping`; lines beyond the line limit are cut off, without an ellipsis.
    case byClipping
    /// Replaces the start of the last visible line's text with an ellipsis when the text does not fit.
    case byTruncatingHead
    /// Replaces the end of the last visible line's text with an ellipsis when the text does not fit.
    case byTruncatingTail
    /// Replaces the middle of the last visible line's text with an ellipsis when the text does not fit.
    case byTruncatingMiddle
}

/// Text shaped and laid out for a width: measured, then drawn.
///
/// Shaping is HarfBuzz's (through Pango), so right-to-left and complex scripts
/// (Arabic joining, Devanagari clusters) come out right; bidirectional runs are
/// reordered per line. Layout is identical at every scale and rotation (Pango at a
/// resolution of 72 with hinted metrics off), so a label measured at 1x draws the same lines at 3x.
///
/// Not thread-safe: use a layout on the thread that created it.
public final class TextLayout {
    let layout: OpaquePointer
    /// The text laid out.
    public let text: String
    /// The font the text is shaped in.
    public let font: Font
    /// The wrapping width in points, or nil for unbounded lines.
    public let width: CGFloat?
    /// The most lines drawn; 0 for no limit.
    public let maximumNumberOfLines: Int
    /// How lines wrap and how text that does not fit is truncated.
    public let lineBreakMode: LineBreakMode
    /// How lines are aligned within ``width``.
    public let alignment: TextAlignment
    /// How ranges of the text differ from ``font`` (an attributed string's attributes).
    public let runs: [TextRun]
    /// Line spacing and indents.
    public let paragraph: ParagraphAttributes
    /// The colours of the glyphs, in order and apart, when the layout draws them itself
    /// rather than Pango (``drawsColoursItself(_:)``); empty otherwise.
    var glyphColours: [ColouredBytes] = []

    /// Shapes and lays out `text` in `font`, ready to be measured and drawn.
    ///
    /// - Parameters:
    ///   - text: the text to lay out.
    ///   - font: the font of the text outside `runs`.
    ///   - width: the wrapping width in points; nil lays the text out on unbounded lines.
    ///   - maximumNumberOfLines: 0 for no limit, as `UILabel.numberOfLines`.
    ///   - runs: ranges drawn in other fonts, colours and decorations; ranges are clamped
    ///     to the text.
    ///   - paragraph: line spacing and indents; the indents narrow the wrapping width.
    ///   - lineBreakMode: how a line that does not fit is wrapped or truncated.
    ///   - alignment: where lines sit between the edges.
    public init(text: String, font: Font, width: CGFloat? = nil, maximumNumberOfLines: Int = 0,
                lineBreakMode: LineBreakMode = .byTruncatingTail, alignment: TextAlignment = .natural,
                runs: [TextRun] = [], paragraph: ParagraphAttributes = ParagraphAttributes()) {
        self.text = text
        self.font = font
        self.width = width.map { $0.isFinite ? max(0, $0) : 0 }
        self.maximumNumberOfLines = max(0, maximumNumberOfLines)
        self.lineBreakMode = lineBreakMode
        self.alignment = alignment
        self.runs = runs
        self.paragraph = paragraph
        let engine = TextEngine.current
        layout = pango_layout_new(engine.context)!
        pango_layout_set_font_description(layout, engine.description(for: font))
        pango_layout_set_text(layout, text, -1)
        configure()
        applyRuns(runs)
        applyParagraph(paragraph)
    }

    /// How far right of the layout's origin its lines start: the indent they all share.
    public var leadingInset: CGFloat { paragraph.leadingInset }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    private var pangoLayout: OpaquePointer { layout }

    private func configure() {
        let l = pangoLayout
        if let width = Self.wrapWidth(width, paragraph) {
            pango_layout_set_width(l, PangoUnits.from(width, rounding: .down))
        }
        switch lineBreakMode {
        case .byCharWrapping: pango_layout_set_wrap(l, PANGO_WRAP_CHAR)
        default:
            let wrapsWords = width == nil || !Self.hasWord(longerThan: Self.longestWordWrappedAtWords, in: text)
            pango_layout_set_wrap(l, wrapsWords ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_CHAR)
        }
        let lines = maximumNumberOfLines
        let ellipsize: PangoEllipsizeMode? = switch lineBreakMode {
        case .byTruncatingHead: PANGO_ELLIPSIZE_START
        case .byTruncatingMiddle: PANGO_ELLIPSIZE_MIDDLE
        case .byTruncatingTail: PANGO_ELLIPSIZE_END
        default: nil
        }
        // Pango truncates only when both a width and a line limit apply; UIKit's
        // wrapping modes on a single line also truncate at the end.
        if width != nil, lines > 0 {
            let mode = ellipsize ?? (lines == 1 && lineBreakMode != .byClipping ? PANGO_ELLIPSIZE_END : nil)
            if let mode {
                pango_layout_set_ellipsize(l, mode)
                pango_layout_set_height(l, Int32(clamping: -lines))
            }
        }
        let rtl = tabula_find_base_dir(text, -1) == PANGO_DIRECTION_RTL
        // With auto-direction on, Pango mirrors the alignment of right-to-left
        // paragraphs; undo that for the absolute alignments.
        switch alignment {
        case .natural: pango_layout_set_alignment(l, PANGO_ALIGN_LEFT)
        case .justified:
            pango_layout_set_alignment(l, PANGO_ALIGN_LEFT)
            pango_layout_set_justify(l, 1)
        case .center: pango_layout_set_alignment(l, PANGO_ALIGN_CENTER)
        case .left: pango_layout_set_alignment(l, rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        case .right: pango_layout_set_alignment(l, rtl ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
        }
    }

    /// The number of lines laid out before any line limit (for clipping modes) or
    /// after it (for truncating modes).
    public var lineCount: Int { Int(pango_layout_get_line_count(pangoLayout)) }

    /// The number of lines drawn.
    public var visibleLineCount: Int {
        maximumNumberOfLines > 0 ? min(lineCount, maximumNumberOfLines) : lineCount
    }

    /// True when an ellipsis replaced some of the text, or lines beyond the limit were cut.
    public var isTruncated: Bool {
        pango_layout_is_ellipsized(pangoLayout) != 0 || visibleLineCount < lineCount
    }

    /// True when the text's first strong character is right-to-left.
    public var isRightToLeft: Bool { tabula_find_base_dir(text, -1) == PANGO_DIRECTION_RTL }

    /// The size the drawn lines occupy, in points (logical extents, not ink).
    /// The width is the widest line's, not the wrapping width.
    public var size: CGSize {
        var logical = PangoRectangle()
        pango_layout_get_extents(pangoLayout, nil, &logical)
        let scale = CGFloat(Int(PANGO_SCALE))
        var height = CGFloat(logical.height) / scale
        if visibleLineCount < lineCount { height = heightOfFirstLines(visibleLineCount) }
        if text.isEmpty { return CGSize(width: 0, height: 0) }
        return CGSize(width: CGFloat(logical.width) / scale + leadingInset, height: height)
    }

    /// The distance from the top of the layout to the first line's baseline.
    public var firstBaseline: CGFloat {
        CGFloat(pango_layout_get_baseline(pangoLayout)) / CGFloat(Int(PANGO_SCALE))
    }

    /// The distance from the top of the layout to the last drawn line's baseline (the
    /// first line's for one line; lines past the line limit are not drawn, so not counted).
    public var lastBaseline: CGFloat {
        let lines = visibleLineCount
        guard lines > 1 else { return firstBaseline }
        let iter = pango_layout_get_iter(pangoLayout)!
        defer { pango_layout_iter_free(iter) }
        for _ in 1 ..< lines where pango_layout_iter_next_line(iter) == 0 { break }
        return CGFloat(pango_layout_iter_get_baseline(iter)) / CGFloat(Int(PANGO_SCALE))
    }

    /// The left edge of the drawn text relative to the layout origin (non-zero for
    /// centred, right-aligned and right-to-left text within a width).
    public var inkOriginX: CGFloat {
        var logical = PangoRectangle()
        pango_layout_get_extents(pangoLayout, nil, &logical)
        return CGFloat(logical.x) / CGFloat(Int(PANGO_SCALE)) + leadingInset
    }

    private func heightOfFirstLines(_ n: Int) -> CGFloat {
        guard n > 0 else { return 0 }
        let iter = pango_layout_get_iter(pangoLayout)!
        defer { pango_layout_iter_free(iter) }
        var bottom: Int32 = 0
        for i in 0 ..< n {
            var y0: Int32 = 0, y1: Int32 = 0
            pango_layout_iter_get_line_yrange(iter, &y0, &y1)
            bottom = y1
            if i < n - 1, pango_layout_iter_next_line(iter) == 0 { break }
        }
        return CGFloat(bottom) / CGFloat(Int(PANGO_SCALE))
    }
}

extension GraphicsContext {
    /// Draws `layout` with its top-left corner at `origin`, in `color`.
    ///
    /// Lines beyond the layout's line limit are clipped away.
    public func draw(_ layout: TextLayout, at origin: CGPoint, color: Color) {
        cairo_save(cr)
        if layout.visibleLineCount < layout.lineCount {
            let size = layout.size
            cairo_rectangle(cr, Double(origin.x) - 1e4, Double(origin.y), 2e4, Double(size.height))
            cairo_clip(cr)
        }
        cairo_move_to(cr, Double(origin.x + layout.leadingInset), Double(origin.y))
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * currentAlpha)
        if layout.glyphColours.isEmpty {
            pango_cairo_show_layout(cr, layout.layout)
        } else {
            drawGlyphs(of: layout, at: CGPoint(x: origin.x + layout.leadingInset, y: origin.y), color: color)
        }
        cairo_restore(cr)
        markOperation()
    }

    /// Draws the glyphs of `layout` stretch by stretch of one colour: its
    /// ``TextLayout/glyphColours`` where they apply, `color` elsewhere. The pixels of
    /// `pango_cairo_show_layout` for the same glyphs: each glyph is placed with Pango's
    /// arithmetic (from the current point, which Cairo keeps to 1/256 of a pixel), so
    /// that one on a half pixel rounds the same way.
    private func drawGlyphs(of layout: TextLayout, at origin: CGPoint, color: Color) {
        let colours = layout.glyphColours
        let unit = Double(Int(PANGO_SCALE))
        let alpha = currentAlpha
        var originX = 0.0, originY = 0.0
        cairo_move_to(cr, Double(origin.x), Double(origin.y))
        cairo_get_current_point(cr, &originX, &originY)
        cairo_new_path(cr)
        // The colour run covering `byte`, or nil: the first one ending after it, if it has begun.
        func colour(at byte: UInt32) -> Color? {
            var low = 0, high = colours.count
            while low < high {
                let middle = (low + high) / 2
                if colours[middle].bytes.upperBound <= byte { low = middle + 1 } else { high = middle }
            }
            return low < colours.count && colours[low].bytes.lowerBound <= byte ? colours[low].color : nil
        }
        var placed: [cairo_glyph_t] = []
        let iter = pango_layout_get_iter(layout.layout)!
        defer { pango_layout_iter_free(iter) }
        repeat {
            // A line's end has no run.
            guard let run = pango_layout_iter_get_run_readonly(iter), let item = run.pointee.item,
                  let glyphs = run.pointee.glyphs, let font = item.pointee.analysis.font else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iter, nil, &logical)
            let baseY = originY + Double(pango_layout_iter_get_baseline(iter)) / unit
            let offset = UInt32(item.pointee.offset)
            let count = Int(glyphs.pointee.num_glyphs)
            let info = glyphs.pointee.glyphs!, clusters = glyphs.pointee.log_clusters!
            var start = 0, x = logical.x
            // Glyphs in visual order; a stretch ends where the colour of its clusters
            // changes (where Pango splits the run when it colours it).
            while start < count {
                let shown = colour(at: offset + UInt32(clusters[start]))
                var end = start + 1
                while end < count, colour(at: offset + UInt32(clusters[end])) == shown { end += 1 }
                let c = shown ?? color
                cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * alpha)
                let baseX = originX + Double(x) / unit
                var unknown = false, position: Int32 = 0
                placed.removeAll(keepingCapacity: true)
                for i in start ..< end {
                    let glyph = info[i]
                    if glyph.glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 { unknown = true }
                    if glyph.glyph != PANGO_GLYPH_EMPTY {
                        placed.append(cairo_glyph_t(index: UInt(glyph.glyph),
                                                    x: baseX + Double(position + glyph.geometry.x_offset) / unit,
                                                    y: baseY + Double(glyph.geometry.y_offset) / unit))
                    }
                    position += glyph.geometry.width
                }
                if unknown {
                    // A character no font has: Pango draws its box. From the layout's
                    // origin, reached by an empty glyph as wide as the stretch's offset, not
                    // from a current point at the stretch (Cairo would round it to 1/256 px).
                    var spaced = [PangoGlyphInfo(glyph: PANGO_GLYPH_EMPTY,
                                                 geometry: PangoGlyphGeometry(width: x, x_offset: 0, y_offset: 0),
                                                 attr: PangoGlyphVisAttr())]
                    spaced += UnsafeBufferPointer(start: info + start, count: end - start)
                    var clustersSpaced = [Int32](repeating: 0, count: 1)
                    clustersSpaced += UnsafeBufferPointer(start: clusters + start, count: end - start)
                    spaced.withUnsafeMutableBufferPointer { spacedGlyphs in
                        clustersSpaced.withUnsafeMutableBufferPointer { spacedClusters in
                            var stretch = glyphs.pointee
                            stretch.glyphs = spacedGlyphs.baseAddress
                            stretch.log_clusters = spacedClusters.baseAddress
                            stretch.num_glyphs = Int32(spacedGlyphs.count)
                            cairo_move_to(cr, originX, baseY)
                            pango_cairo_show_glyph_string(cr, font, &stretch)
                        }
                    }
                } else if !placed.isEmpty {
                    cairo_set_scaled_font(cr, pango_cairo_font_get_scaled_font(OpaquePointer(font)))
                    cairo_show_glyphs(cr, placed, Int32(placed.count))
                }
                x += position
                start = end
            }
        } while pango_layout_iter_next_run(iter) != 0
    }
}
