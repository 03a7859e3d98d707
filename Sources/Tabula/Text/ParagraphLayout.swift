import Foundation

/// Multi-line text laid out paragraph by paragraph, for ``UITextView``.
///
/// Each paragraph (the text between line breaks) has its own `TextLayout`, made when
/// first needed and kept until the paragraph changes. An edit re-lays out only the
/// paragraphs it touches and shifts the offsets and tops of the ones after it, so typing
/// in a long text costs the length of one paragraph, not of the whole text; drawing and
/// hit-testing visit only the paragraphs in view (found by binary search).
///
/// Invariants: `paragraphs` cover the text in order, each range excluding its line break,
/// consecutive ranges separated by exactly one line break (one or two UTF-16 units:
/// "\r\n" is one grapheme); `tops` are the running sums of the heights.
@MainActor
final class ParagraphLayout {
    struct Paragraph {
        /// The paragraph's text range (UTF-16), without its line break.
        var range: Range<Int>
        /// The length of the line break after it (0 for the last paragraph).
        var breakLength: Int
        var layout: TextLayout?
    }

    private(set) var paragraphs: [Paragraph] = []
    /// Where each paragraph starts, from the top of the text.
    private var tops: [CGFloat] = []
    private var topsValid = false
    private(set) var text = ""

    var font: Font { didSet { if font != oldValue { invalidateLayouts() } } }
    var width: CGFloat { didSet { if width != oldValue { invalidateLayouts() } } }
    var alignment: TextAlignment { didSet { if alignment != oldValue { invalidateLayouts() } } }
    /// Attributed runs over the whole text (UTF-16 offsets); each paragraph gets its part.
    var runs: [TextRun] = [] { didSet { if runs != oldValue { invalidateLayouts() } } }
    /// Line spacing and indents, for every paragraph.
    var paragraph = ParagraphAttributes() { didSet { if paragraph != oldValue { invalidateLayouts() } } }

    init(font: Font, width: CGFloat, alignment: TextAlignment) {
        self.font = font
        self.width = width
        self.alignment = alignment
        setText("")
    }

    private func invalidateLayouts() {
        for i in paragraphs.indices { paragraphs[i].layout = nil }
        topsValid = false
    }

    // MARK: Text

    /// Replaces the whole text.
    func setText(_ newText: String) {
        text = newText
        paragraphs = Self.split(newText[...], startingAt: 0)
        topsValid = false
    }

    /// Splits `text` (starting at UTF-16 offset `start` of the whole) into paragraphs.
    private static func split(_ text: Substring, startingAt start: Int) -> [Paragraph] {
        var result: [Paragraph] = []
        var paragraphStart = start, offset = start
        for character in text {
            let length = character.utf16.count
            if character.isNewline {
                result.append(Paragraph(range: paragraphStart ..< offset, breakLength: length))
                paragraphStart = offset + length
            }
            offset += length
        }
        result.append(Paragraph(range: paragraphStart ..< offset, breakLength: 0))
        return result
    }

    /// Applies an edit of the text: `range` (UTF-16, before) replaced, giving `newText`.
    /// Only the paragraphs the range touches are split and laid out again.
    func replace(_ range: Range<Int>, in newText: String, replacementLength: Int) {
        let first = paragraphIndex(containing: range.lowerBound)
        let last = paragraphIndex(containing: range.upperBound)
        let delta = replacementLength - range.count
        let start = paragraphs[first].range.lowerBound
        let oldEnd = paragraphs[last].range.upperBound + paragraphs[last].breakLength
        let newEnd = oldEnd + delta
        let lower = String.Index(utf16Offset: start, in: newText)
        let upper = String.Index(utf16Offset: min(newEnd, newText.utf16.count), in: newText)
        var replacement = Self.split(newText[lower ..< upper], startingAt: start)
        if last < paragraphs.count - 1, replacement.last?.range.isEmpty == true, replacement.count > 1 {
            // The region ended with the old last paragraph's line break: the empty
            // paragraph after it is the next old paragraph's start, not a new one.
            replacement.removeLast()
        }
        for i in (last + 1) ..< paragraphs.count {
            paragraphs[i].range = (paragraphs[i].range.lowerBound + delta) ..< (paragraphs[i].range.upperBound + delta)
        }
        paragraphs.replaceSubrange(first ... last, with: replacement)
        text = newText
        topsValid = false
    }

    // MARK: Geometry

    /// The index of the paragraph whose range (with its line break) holds `offset`.
    func paragraphIndex(containing offset: Int) -> Int {
        var low = 0, high = paragraphs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if paragraphs[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The laid-out paragraph `i`.
    func layout(_ i: Int) -> TextLayout {
        if let layout = paragraphs[i].layout { return layout }
        let range = paragraphs[i].range
        let lower = String.Index(utf16Offset: range.lowerBound, in: text)
        let upper = String.Index(utf16Offset: range.upperBound, in: text)
        let local = runs.compactMap { run -> TextRun? in
            let from = max(run.range.lowerBound, range.lowerBound), to = min(run.range.upperBound, range.upperBound)
            guard to > from else { return nil }
            var shifted = run
            shifted.range = (from - range.lowerBound) ..< (to - range.lowerBound)
            return shifted
        }
        let layout = TextLayout(text: String(text[lower ..< upper]), font: font, width: width, maximumNumberOfLines: 0,
                                lineBreakMode: .byWordWrapping, alignment: alignment, runs: local, paragraph: paragraph)
        paragraphs[i].layout = layout
        return layout
    }

    /// The height of paragraph `i`: one line for an empty one.
    private func height(_ i: Int) -> CGFloat {
        paragraphs[i].range.isEmpty ? font.metrics.lineHeight : layout(i).size.height
    }

    private func validateTops() {
        guard !topsValid else { return }
        tops.removeAll(keepingCapacity: true)
        var y: CGFloat = 0
        for i in paragraphs.indices {
            tops.append(y)
            y += height(i)
        }
        tops.append(y)
        topsValid = true
    }

    /// The top of paragraph `i`.
    func top(_ i: Int) -> CGFloat {
        validateTops()
        return tops[i]
    }

    /// The height of the whole text.
    var height: CGFloat {
        validateTops()
        return tops[paragraphs.count]
    }

    /// The paragraph at height `y` (clamped to the first and last).
    func paragraphIndex(atY y: CGFloat) -> Int {
        validateTops()
        var low = 0, high = paragraphs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if tops[mid] <= y { low = mid } else { high = mid - 1 }
        }
        return low
    }

    func caretRect(atOffset offset: Int) -> CGRect {
        let i = paragraphIndex(containing: offset)
        let local = min(offset - paragraphs[i].range.lowerBound, paragraphs[i].range.count)
        var rect = layout(i).caretRect(atUTF16Offset: local)
        if paragraphs[i].range.isEmpty { rect.size.height = font.metrics.lineHeight }
        return rect.offsetBy(dx: 0, dy: top(i))
    }

    func offset(at point: CGPoint) -> Int {
        if point.y < 0 { return 0 }
        if point.y >= height { return text.utf16.count }
        let i = paragraphIndex(atY: point.y)
        return paragraphs[i].range.lowerBound + layout(i).utf16Offset(at: CGPoint(x: point.x, y: point.y - top(i)))
    }

    func selectionRects(for range: Range<Int>) -> [CGRect] {
        var rects: [CGRect] = []
        let first = paragraphIndex(containing: range.lowerBound), last = paragraphIndex(containing: range.upperBound)
        for i in first ... last {
            let p = paragraphs[i].range
            let lower = max(range.lowerBound, p.lowerBound) - p.lowerBound
            let upper = min(range.upperBound, p.upperBound) - p.lowerBound
            let y = top(i)
            if lower < upper {
                rects += layout(i).selectionRects(forUTF16Range: lower ..< upper).map { $0.offsetBy(dx: 0, dy: y) }
            }
            // A selection across a line break covers a sliver after the paragraph's end.
            if range.upperBound > p.upperBound, i < last {
                let end = caretRect(atOffset: p.upperBound)
                rects.append(CGRect(x: end.minX, y: end.minY, width: 6, height: end.height))
            }
        }
        return rects
    }

    /// The paragraphs that meet the band `minY ..< maxY`.
    func paragraphs(inBand minY: CGFloat, _ maxY: CGFloat) -> ClosedRange<Int> {
        paragraphIndex(atY: minY) ... paragraphIndex(atY: maxY)
    }
}
