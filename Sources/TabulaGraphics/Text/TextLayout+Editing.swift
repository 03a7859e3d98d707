import CCairo
import CPangoCairo
import Foundation

/// What an editor needs of laid-out text: where the caret goes for an offset, which offset
/// a point falls on, and the rectangles a selection covers. Offsets are UTF-16 code units
/// of ``TextLayout/text``, as in UIKit; Pango counts UTF-8 bytes, and the conversions
/// happen here only.
extension TextLayout {
    private static let unit = CGFloat(Int(PANGO_SCALE))

    /// The UTF-8 byte index of a UTF-16 offset (clamped to the text).
    func byteIndex(utf16Offset offset: Int) -> Int32 {
        let utf16 = text.utf16
        let clamped = min(max(0, offset), utf16.count)
        let index = utf16.index(utf16.startIndex, offsetBy: clamped)
        return Int32(text.utf8.distance(from: text.utf8.startIndex, to: index))
    }

    /// The UTF-16 offset of a UTF-8 byte index (clamped to the text).
    func utf16Offset(byteIndex: Int32) -> Int {
        let utf8 = text.utf8
        let clamped = min(max(0, Int(byteIndex)), utf8.count)
        let index = utf8.index(utf8.startIndex, offsetBy: clamped)
        return text.utf16.distance(from: text.utf16.startIndex, to: index)
    }

    private func rect(_ r: PangoRectangle) -> CGRect {
        CGRect(x: CGFloat(r.x) / Self.unit, y: CGFloat(r.y) / Self.unit,
               width: CGFloat(r.width) / Self.unit, height: CGFloat(r.height) / Self.unit)
    }

    /// The caret for `offset`: a zero-width rectangle the height of its line, in layout
    /// coordinates. In mixed-direction text it is the strong caret (where text of the
    /// paragraph's direction would be inserted).
    public func caretRect(atUTF16Offset offset: Int) -> CGRect {
        var strong = PangoRectangle()
        pango_layout_get_cursor_pos(layout, byteIndex(utf16Offset: offset), &strong, nil)
        var caret = rect(strong)
        if caret.height <= 0 { caret.size.height = font.metrics.lineHeight }
        caret.size.width = 0
        return caret
    }

    /// The offset of the caret position nearest `point` (layout coordinates): before or
    /// after the grapheme cluster under it, whichever edge is nearer; points above or below
    /// the text go to its first or last line.
    public func utf16Offset(at point: CGPoint) -> Int {
        var index: Int32 = 0, trailing: Int32 = 0
        pango_layout_xy_to_index(layout, PangoUnits.from(point.x), PangoUnits.from(point.y),
                                 &index, &trailing)
        var offset = utf16Offset(byteIndex: index)
        if trailing > 0 {
            let start = String.Index(utf16Offset: offset, in: text)
            if start < text.endIndex {
                // Past a cluster's middle: after the whole cluster.
                offset = text.index(after: start).utf16Offset(in: text)
            }
        }
        return offset
    }

    /// The rectangles, one per line at most, that the text in `range` (UTF-16 offsets)
    /// covers, in layout coordinates: a selection's highlight. A range inside one line of
    /// mixed-direction text may cover several pieces of it.
    public func selectionRects(forUTF16Range range: Range<Int>) -> [CGRect] {
        guard !range.isEmpty else { return [] }
        let start = byteIndex(utf16Offset: range.lowerBound), end = byteIndex(utf16Offset: range.upperBound)
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        var rects: [CGRect] = []
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iter) else { continue }
            let lineStart = line.pointee.start_index, lineEnd = lineStart + line.pointee.length
            // A line's trailing newline belongs to it: a selection across it covers the gap.
            guard start <= lineEnd, end > lineStart || (start == lineStart && end == lineStart) else { continue }
            var y0: Int32 = 0, y1: Int32 = 0
            pango_layout_iter_get_line_yrange(iter, &y0, &y1)
            var ranges: UnsafeMutablePointer<Int32>?
            var count: Int32 = 0
            pango_layout_line_get_x_ranges(line, max(start, lineStart), min(end, lineEnd), &ranges, &count)
            defer { g_free(ranges) }
            for k in 0 ..< Int(count) {
                guard let ranges else { break }
                let x0 = CGFloat(ranges[2 * k]) / Self.unit, x1 = CGFloat(ranges[2 * k + 1]) / Self.unit
                rects.append(CGRect(x: x0, y: CGFloat(y0) / Self.unit, width: max(0, x1 - x0),
                                    height: CGFloat(y1 - y0) / Self.unit))
            }
        } while pango_layout_iter_next_line(iter) != 0
        return rects.filter { $0.width > 0 }
    }

    /// The offset one line above (`lines` < 0) or below (`lines` > 0) `offset`, nearest the
    /// same horizontal position `x`: the up and down arrows. Past the first or last line it
    /// is the start or end of the text.
    public func utf16Offset(verticallyFrom offset: Int, lines: Int, x: CGFloat) -> Int {
        let caret = caretRect(atUTF16Offset: offset)
        let y = caret.midY + CGFloat(lines) * caret.height
        if y < 0 { return 0 }
        if y > size.height, text.utf16.count > 0 { return text.utf16.count }
        return utf16Offset(at: CGPoint(x: x, y: y))
    }
}
