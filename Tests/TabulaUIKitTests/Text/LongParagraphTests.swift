import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A paragraph of `count` characters without a line break: words of 2 to 9 letters.
func longParagraph(_ count: Int) -> String {
    let words = ["lorem", "ipsum", "do", "sit", "amet", "consectetur", "elit", "sed", "tempor", "ut", "labore"]
    var text = "", i = 0
    text.reserveCapacity(count + 12)
    while text.utf16.count < count {
        text += words[i % words.count] + " "
        i += 1
    }
    return String(text.prefix(count))
}

@MainActor
@Suite("UITextView: a long paragraph")
struct LongParagraphTests {
    let screen = HeadlessScreen(device: .iPhone15)

    func shown() -> UITextView {
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .white
        let view = UITextView(frame: CGRect(x: 0, y: 100, width: 393, height: 400))
        view.font = .systemFont(ofSize: 17)
        window.addSubview(view)
        screen.show(window)
        view.becomeFirstResponder()
        return view
    }

    /// Checks the segments' invariants (see ParagraphLayout) against `text`.
    func checkSegments(_ layout: ParagraphLayout, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let units = Array(text.utf16)
        var expected = 0
        for (i, segment) in layout.segments.enumerated() {
            #expect(segment.range.lowerBound == expected, "segment \(i) starts where the last ended", sourceLocation: sourceLocation)
            #expect(segment.range.count <= layout.chunkLength, "segment \(i) within a chunk", sourceLocation: sourceLocation)
            #expect(segment.beginsParagraph == (i == 0 || layout.segments[i - 1].endsParagraph), sourceLocation: sourceLocation)
            if !segment.beginsParagraph { #expect(!segment.range.isEmpty, "a chunk after a cut holds text", sourceLocation: sourceLocation) }
            let end = segment.range.upperBound
            if i == layout.segments.count - 1 {
                #expect(end == units.count && segment.endsParagraph && segment.breakLength == 0, sourceLocation: sourceLocation)
            } else if segment.endsParagraph {
                let isBreak = segment.breakLength > 0 && (units[end] == 10 || units[end] == 13)
                #expect(isBreak, "a paragraph ends at a line break", sourceLocation: sourceLocation)
            } else {
                #expect(segment.breakLength == 0 && units[end] != 10 && units[end] != 13, sourceLocation: sourceLocation)
            }
            // No line break inside a segment.
            #expect(!units[segment.range].contains(10) && !units[segment.range].contains(13), sourceLocation: sourceLocation)
            expected = end + segment.breakLength
        }
        #expect(expected == units.count, sourceLocation: sourceLocation)
    }

    @Test("segments keep their invariants through any sequence of edits, with chunks of 8 units")
    func incrementalChunks() {
        var random = SeededRandom(seed: 0xC4A2)
        let pieces = ["a", "bc", "\n", "\n\n", "é", "👍🏽", " ", "\r\n", "wörd", "lorem ipsum dolor", "abcdefghijklmnop"]
        for _ in 0 ..< 60 {
            var text = (0 ..< 10).map { _ in pieces.randomElement(using: &random)! }.joined()
            let layout = ParagraphLayout(font: .system(size: 17), width: 120, alignment: .natural, chunkLength: 8)
            layout.setText(text)
            checkSegments(layout, text)
            for _ in 0 ..< 12 {
                let length = text.utf16.count
                var lower = Int.random(in: 0 ... length, using: &random)
                var upper = Int.random(in: lower ... min(length, lower + 12), using: &random)
                let state = TextEditingState(text: text)
                lower = state.boundary(atOrBefore: lower)
                upper = state.boundary(atOrAfter: upper)
                let replacement = Bool.random(using: &random) ? pieces.randomElement(using: &random)! : ""
                var edited = TextEditingState(text: text)
                edited.apply(TextEdit(range: lower ..< upper, replacement: replacement, selectionAfter: 0 ..< 0))
                text = edited.text
                layout.replace(lower ..< upper, in: text, replacementLength: replacement.utf16.count)
                checkSegments(layout, text)
                // Each segment lays out exactly its own text.
                for i in layout.segments.indices where !layout.segments[i].range.isEmpty {
                    let r = layout.segments[i].range
                    #expect(layout.layout(i).text == TextEditingState(text: text).substring(r))
                }
                #expect(layout.height > 0)
            }
        }
    }

    @Test("chunks wrap like the whole paragraph but for at most one short line a cut")
    func wrappingAcrossCuts() {
        let text = longParagraph(12_000)
        let whole = TextLayout(text: text, font: .system(size: 17), width: 300, maximumNumberOfLines: 0,
                               lineBreakMode: .byWordWrapping)
        let chunked = ParagraphLayout(font: .system(size: 17), width: 300, alignment: .natural)
        chunked.setText(text)
        let cuts = chunked.segments.count - 1
        #expect(cuts >= 5, "12,000 characters in chunks of at most 2,048")
        let lines = chunked.segments.indices.reduce(0) { $0 + chunked.layout($1).lineCount }
        #expect(lines >= whole.lineCount && lines <= whole.lineCount + cuts, "\(lines) lines against \(whole.lineCount)")
        for i in chunked.segments.indices {
            #expect(chunked.layout(i).size.width <= 300.5, "every line within the width")
        }
        // Cuts fall after a space, between words.
        let units = Array(text.utf16)
        for segment in chunked.segments.dropLast() { #expect(units[segment.range.upperBound - 1] == 32) }
    }

    @Test("a 200,000-character paste without a line break, then typing: each key lays out one chunk")
    func pasteThenType() throws {
        let view = shown()
        let text = longParagraph(200_000)
        UIPasteboard.general.string = text
        screen.pressKey(.keyboardV, modifierFlags: .command)
        screen.advance(by: 0.1)
        #expect(view.text.utf16.count == 200_000)
        let layout = view.paragraphs
        #expect(layout.segments.count >= 90, "cut into chunks")
        // Type in the middle.
        view.selectedRange = NSRange(location: 100_003, length: 0)
        screen.advance(by: 0.1)
        for key in ["x", "y", "z"] {
            let units = layout.unitsLaidOut, segments = layout.segmentsLaidOut
            screen.typeText(key)
            screen.advance(by: 1.0 / 60)
            #expect(layout.segmentsLaidOut - segments <= 2, "\(layout.segmentsLaidOut - segments) segments laid out for one key")
            #expect(layout.unitsLaidOut - units <= 2 * layout.chunkLength,
                    "\(layout.unitsLaidOut - units) units laid out for one key")
        }
        #expect(view.text.utf16.count == 200_003)
        #expect(view.selectedRange == NSRange(location: 100_006, length: 0))
        let start = view.text.utf16.index(view.text.utf16.startIndex, offsetBy: 100_003)
        #expect(String(view.text[start...].prefix(3)) == "xyz")
        // The caret is where the text was typed: hit-testing its centre gives its offset.
        let caret = view.caretRect(for: try #require(view.selectedTextRange).start)
        #expect(view.textOffset(at: CGPoint(x: caret.midX, y: caret.midY)) == 100_006)
        #expect(caret.minY >= view.contentOffset.y && caret.maxY <= view.contentOffset.y + view.bounds.height,
                "the caret is in view")
        // Deleting lays out as little.
        let units = layout.unitsLaidOut
        view.deleteBackward()
        screen.advance(by: 1.0 / 60)
        #expect(layout.unitsLaidOut - units <= 2 * layout.chunkLength)
        #expect(view.text.utf16.count == 200_002)
    }

    @Test("up and down arrows move across a cut between chunks, keeping the column")
    func arrowsAcrossCuts() throws {
        let view = shown()
        view.text = longParagraph(10_000)
        view.layoutIfNeeded()
        let layout = view.paragraphs
        try #require(layout.segments.count > 2)
        let cut = layout.segments[1].range.lowerBound
        // A caret on the last line of the first chunk, a few characters in.
        let lastLine = layout.caretRect(atOffset: cut - 1)
        let start = layout.offset(at: CGPoint(x: 30, y: lastLine.midY))
        #expect(start < cut)
        view.selectedRange = NSRange(location: start, length: 0)
        let before = view.caretRect(forTextOffset: start)
        screen.pressKey(.keyboardDownArrow)
        let below = view.selectedRange.location
        #expect(below >= cut, "into the next chunk")
        let after = view.caretRect(forTextOffset: below)
        #expect(abs(after.minY - (before.minY + before.height)) < 1, "one line down: \(before) → \(after)")
        #expect(abs(after.minX - before.minX) < 12, "the same column")
        screen.pressKey(.keyboardUpArrow)
        #expect(view.selectedRange.location == start, "and back")
    }

    @Test("the visible part of a long paragraph draws, after scrolling into its middle")
    func drawsTheVisiblePart() throws {
        let view = shown()
        view.text = longParagraph(100_000)
        view.selectedRange = NSRange(location: 50_000, length: 0)
        view.scrollRangeToVisible(view.selectedRange)
        screen.advance(by: 0.3)
        #expect(view.contentOffset.y > 10_000)
        let frame = screen.snapshot()
        writeForLooking(frame, "textview-long-paragraph")
        let image = try #require(frame.cgImage)
        // Dark text pixels in rows spread over the view's height.
        var rowsWithText = 0
        for y in stride(from: 3 * 110, to: 3 * 490, by: 9) {
            var dark = 0
            for x in stride(from: 20, to: 1100, by: 3) where image.color(x: x, y: y).red < 0.4 { dark += 1 }
            if dark > 5 { rowsWithText += 1 }
        }
        #expect(rowsWithText > 40, "\(rowsWithText) rows with text")
    }
}
