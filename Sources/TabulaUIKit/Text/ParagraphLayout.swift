import Foundation

/// Multi-line text laid out in segments, for ``UITextView``: each paragraph (the text
/// between line breaks), and a long paragraph cut into chunks of at most ``chunkLength``
/// UTF-16 units.
///
/// Each segment has its own `TextLayout`, made when first needed and kept until the
/// segment changes. An edit splits again and lays out again only the segments it touches
/// and shifts the offsets of the ones after it, so typing costs the length of a segment —
/// at most a chunk, however long the paragraph — not of the whole text; drawing and
/// hit-testing visit only the segments in view (found by binary search).
///
/// **The approximation.** A chunk is laid out on its own, so the wrapping of one line never
/// depends on more than its chunk: a chunk of a long paragraph starts a new line, and the
/// line before it may end short of the width (the chunk's last line). Chunks are cut after
/// whitespace where the text has some in the second half of a chunk (else at a grapheme
/// boundary, as a word longer than the line wraps anyway), so the cut falls between words,
/// where a line may end. Bidirectional runs and kerning do not reach across a cut. The
/// cuts stay where they are while the text around them is edited (an edit re-cuts only the
/// segments it touches), so the lines of a paragraph do not move as the user types, except
/// in the chunk being typed in.
///
/// Invariants: `segments` cover the text in order; a segment that ends a paragraph is
/// followed by exactly one line break (one or two UTF-16 units: "\r\n" is one grapheme),
/// except the last, which ends the text; a chunk that does not end its paragraph is not
/// empty, is followed by the next chunk directly and ends on a grapheme boundary; `tops`
/// are the running sums of the heights.
@MainActor
final class ParagraphLayout {
    struct Segment {
        /// The segment's text range (UTF-16), without its line break.
        var range: Range<Int>
        /// The length of the line break after it (0 for the last segment and for a chunk
        /// that its paragraph continues after).
        var breakLength: Int
        /// Whether the segment ends its paragraph (false for a chunk cut from a long one).
        var endsParagraph = true
        /// Whether the segment begins its paragraph (false for a chunk after a cut).
        var beginsParagraph = true
        var layout: TextLayout?
    }

    /// The most UTF-16 units a segment holds before a long paragraph is cut: large
    /// enough that cuts are rare (about once every 40 lines on a phone), small enough
    /// that laying out one chunk takes a fraction of a frame.
    static let defaultChunkLength = 2048

    /// The most UTF-16 units of a segment (a paragraph is cut into chunks of this length
    /// or less; a cut is made in its second half when there is whitespace there).
    let chunkLength: Int

    private(set) var segments: [Segment] = []
    /// Where each segment starts, from the top of the text.
    private var tops: [CGFloat] = []
    private var topsValid = false
    private(set) var text = ""

    /// How many segments have been laid out, and how many UTF-16 units they held: the
    /// work the layout did, which tests read (an edit should lay out one chunk, not the paragraph).
    private(set) var segmentsLaidOut = 0
    private(set) var unitsLaidOut = 0

    var font: Font { didSet { if font != oldValue { invalidateLayouts() } } }
    var width: CGFloat { didSet { if width != oldValue { invalidateLayouts() } } }
    var alignment: TextAlignment { didSet { if alignment != oldValue { invalidateLayouts() } } }
    /// Attributed runs over the whole text (UTF-16 offsets); each segment gets its part.
    var runs: [TextRun] = [] { didSet { if runs != oldValue { invalidateLayouts() } } }
    /// Line spacing and indents, for every paragraph.
    var paragraph = ParagraphAttributes() { didSet { if paragraph != oldValue { invalidateLayouts() } } }

    init(font: Font, width: CGFloat, alignment: TextAlignment, chunkLength: Int = ParagraphLayout.defaultChunkLength) {
        self.font = font
        self.width = width
        self.alignment = alignment
        self.chunkLength = max(2, chunkLength)
        setText("")
    }

    private func invalidateLayouts() {
        for i in segments.indices { segments[i].layout = nil }
        topsValid = false
    }

    // MARK: Text

    /// Replaces the whole text.
    func setText(_ newText: String) {
        text = newText
        segments = split(newText[...], startingAt: 0, beginsParagraph: true, endsText: true)
        topsValid = false
    }

    /// Splits `text` (starting at UTF-16 offset `start` of the whole) into paragraphs, and
    /// those longer than ``chunkLength`` into chunks. `beginsParagraph`: whether `text`
    /// starts a paragraph; `endsText`: whether it runs to the end of the whole text (else
    /// it ends where a chunk of the same paragraph follows, or with a line break).
    private func split(_ text: Substring, startingAt start: Int, beginsParagraph: Bool, endsText: Bool) -> [Segment] {
        var result: [Segment] = []
        var segmentStart = start, offset = start, begins = beginsParagraph
        // The offset just after the last whitespace of the current segment: the preferred cut.
        var lastBreak = start
        for character in text {
            let length = character.utf16.count
            if character.isNewline {
                result.append(Segment(range: segmentStart ..< offset, breakLength: length, beginsParagraph: begins))
                offset += length
                segmentStart = offset
                begins = true
                continue
            }
            if offset - segmentStart + length > chunkLength {
                let cut = lastBreak > segmentStart + chunkLength / 2 ? lastBreak : offset
                if cut > segmentStart {
                    result.append(Segment(range: segmentStart ..< cut, breakLength: 0, endsParagraph: false,
                                          beginsParagraph: begins))
                    segmentStart = cut
                    begins = false
                }
            }
            offset += length
            if character.isWhitespace { lastBreak = offset }
        }
        result.append(Segment(range: segmentStart ..< offset, breakLength: 0, endsParagraph: endsText,
                              beginsParagraph: begins))
        return result
    }

    /// Applies an edit of the text: `range` (UTF-16, before) replaced, giving `newText`.
    /// Only the segments the range touches are split and laid out again (with the next
    /// chunk of the same paragraph when what is left of them is short, so that deleting
    /// does not leave ever smaller chunks).
    func replace(_ range: Range<Int>, in newText: String, replacementLength: Int) {
        var first = segmentIndex(containing: range.lowerBound)
        var last = segmentIndex(containing: range.upperBound)
        let delta = replacementLength - range.count
        func regionLength() -> Int {
            segments[last].range.upperBound + segments[last].breakLength + delta - segments[first].range.lowerBound
        }
        while !segments[last].endsParagraph, last + 1 < segments.count, regionLength() < chunkLength / 2 { last += 1 }
        let oldEnd = segments[last].range.upperBound + segments[last].breakLength
        let newEnd = oldEnd + delta
        let upper = String.Index(utf16Offset: min(newEnd, newText.utf16.count), in: newText)
        let endsText = last == segments.count - 1
        var replacement: [Segment]
        repeat {
            let start = segments[first].range.lowerBound
            let lower = String.Index(utf16Offset: start, in: newText)
            replacement = split(newText[lower ..< upper], startingAt: start,
                                beginsParagraph: segments[first].beginsParagraph, endsText: endsText)
            if !endsText, segments[last].endsParagraph, replacement.last?.range.isEmpty == true, replacement.count > 1 {
                // The region ended with the old last segment's line break: the empty
                // segment after it is the next old segment's start, not a new one.
                replacement.removeLast()
            }
            // Everything after a cut was deleted: the chunk before the cut must end the
            // paragraph instead of being followed by an empty chunk.
            guard replacement[0].range.isEmpty, !replacement[0].beginsParagraph, first > 0 else { break }
            first -= 1
        } while true
        for i in (last + 1) ..< segments.count {
            segments[i].range = (segments[i].range.lowerBound + delta) ..< (segments[i].range.upperBound + delta)
        }
        segments.replaceSubrange(first ... last, with: replacement)
        text = newText
        topsValid = false
    }

    // MARK: Geometry

    /// The index of the segment whose range (with its line break) holds `offset`; at a
    /// cut, the chunk after it.
    func segmentIndex(containing offset: Int) -> Int {
        var low = 0, high = segments.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if segments[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The laid-out segment `i`.
    func layout(_ i: Int) -> TextLayout {
        if let layout = segments[i].layout { return layout }
        let range = segments[i].range
        let lower = String.Index(utf16Offset: range.lowerBound, in: text)
        let upper = String.Index(utf16Offset: range.upperBound, in: text)
        let local = runs.compactMap { run -> TextRun? in
            let from = max(run.range.lowerBound, range.lowerBound), to = min(run.range.upperBound, range.upperBound)
            guard to > from else { return nil }
            var shifted = run
            shifted.range = (from - range.lowerBound) ..< (to - range.lowerBound)
            return shifted
        }
        var attributes = paragraph
        // A chunk after a cut continues its paragraph: its first line is not the paragraph's.
        if !segments[i].beginsParagraph { attributes.firstLineHeadIndent = attributes.headIndent }
        let layout = TextLayout(text: String(text[lower ..< upper]), font: font, width: width, maximumNumberOfLines: 0,
                                lineBreakMode: .byWordWrapping, alignment: alignment, runs: local, paragraph: attributes)
        segments[i].layout = layout
        segmentsLaidOut += 1
        unitsLaidOut += range.count
        return layout
    }

    /// The height of segment `i`: one line for an empty paragraph.
    private func height(_ i: Int) -> CGFloat {
        guard segments[i].range.isEmpty else { return layout(i).size.height }
        return segments[i].beginsParagraph ? font.metrics.lineHeight : 0
    }

    private func validateTops() {
        guard !topsValid else { return }
        tops.removeAll(keepingCapacity: true)
        var y: CGFloat = 0
        for i in segments.indices {
            tops.append(y)
            y += height(i)
        }
        tops.append(y)
        topsValid = true
    }

    /// The top of segment `i`.
    func top(_ i: Int) -> CGFloat {
        validateTops()
        return tops[i]
    }

    /// The height of the whole text.
    var height: CGFloat {
        validateTops()
        return tops[segments.count]
    }

    /// The segment at height `y` (clamped to the first and last).
    func segmentIndex(atY y: CGFloat) -> Int {
        validateTops()
        var low = 0, high = segments.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if tops[mid] <= y { low = mid } else { high = mid - 1 }
        }
        return low
    }

    func caretRect(atOffset offset: Int) -> CGRect {
        let i = segmentIndex(containing: offset)
        let local = min(offset - segments[i].range.lowerBound, segments[i].range.count)
        var rect = layout(i).caretRect(atUTF16Offset: local)
        if segments[i].range.isEmpty { rect.size.height = font.metrics.lineHeight }
        return rect.offsetBy(dx: 0, dy: top(i))
    }

    func offset(at point: CGPoint) -> Int {
        if point.y < 0 { return 0 }
        if point.y >= height { return text.utf16.count }
        let i = segmentIndex(atY: point.y)
        return segments[i].range.lowerBound + layout(i).utf16Offset(at: CGPoint(x: point.x, y: point.y - top(i)))
    }

    func selectionRects(for range: Range<Int>) -> [CGRect] {
        var rects: [CGRect] = []
        let first = segmentIndex(containing: range.lowerBound), last = segmentIndex(containing: range.upperBound)
        for i in first ... last {
            let p = segments[i].range
            let lower = max(range.lowerBound, p.lowerBound) - p.lowerBound
            let upper = min(range.upperBound, p.upperBound) - p.lowerBound
            let y = top(i)
            if lower < upper {
                rects += layout(i).selectionRects(forUTF16Range: lower ..< upper).map { $0.offsetBy(dx: 0, dy: y) }
            }
            // A selection across a line break covers a sliver after the paragraph's end.
            if range.upperBound > p.upperBound, i < last, segments[i].endsParagraph {
                let end = caretRect(atOffset: p.upperBound)
                rects.append(CGRect(x: end.minX, y: end.minY, width: 6, height: end.height))
            }
        }
        return rects
    }

    /// The segments that meet the band `minY ..< maxY`.
    func segments(inBand minY: CGFloat, _ maxY: CGFloat) -> ClosedRange<Int> {
        segmentIndex(atY: minY) ... segmentIndex(atY: maxY)
    }
}
