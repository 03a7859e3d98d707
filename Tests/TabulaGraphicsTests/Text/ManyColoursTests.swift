import Foundation
import Testing
import TabulaCore
@testable import TabulaGraphics

/// A text coloured in many places is laid out without its colours and drawn glyph by
/// glyph (Pango's own colouring costs time in proportion to the square of the runs):
/// the pixels must be Pango's.
@MainActor
@Suite("Text: many colours", .serialized)
struct ManyColoursTests {
    /// Every other word of `text` in one of three colours; with `partWords`, a colour
    /// also begins inside a word.
    func colouredRuns(_ text: String, partWords: Bool = false) -> [TextRun] {
        let colours = [Color(red: 0, green: 0.48, blue: 1), Color(red: 1, green: 0.23, blue: 0.19),
                       Color(red: 0.2, green: 0.78, blue: 0.35, alpha: 0.6)]
        var runs: [TextRun] = []
        var offset = 0
        for (i, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            let length = word.utf16.count
            if i % 2 == 0, length > 0 {
                let start = partWords && length > 2 ? offset + length / 2 : offset
                var run = TextRun(range: start ..< offset + length)
                run.foregroundColor = colours[i % 3]
                if i % 4 == 0 { run.font = .system(size: 17, weight: .bold) }
                runs.append(run)
            }
            offset += length + 1
        }
        return runs
    }

    /// `layout` drawn at scale 2 on white.
    func pixels(_ layout: TextLayout) -> [UInt32] {
        let size = layout.size
        let context = canvas(width: Int(layout.width ?? size.width) + 8, height: Int(size.height) + 8)
        let bitmap = context.bitmap
        context.draw(layout, at: CGPoint(x: 4, y: 4), color: Color(red: 0.1, green: 0.1, blue: 0.1))
        return bitmap.withUnsafePixels { start, wordsPerRow in Array(UnsafeBufferPointer(start: start, count: wordsPerRow * bitmap.height)) }
    }

    /// The same text laid out twice: colours drawn by Pango, then by the layout.
    func bothWays(_ text: String, runs: [TextRun], width: CGFloat? = 300, lines: Int = 0,
                  alignment: TextAlignment = .natural) -> (pango: TextLayout, own: TextLayout) {
        let saved = TextLayout.coloursPangoDraws
        defer { TextLayout.coloursPangoDraws = saved }
        TextLayout.coloursPangoDraws = .max
        let pango = TextLayout(text: text, font: .system(size: 17), width: width, maximumNumberOfLines: lines,
                               alignment: alignment, runs: runs)
        TextLayout.coloursPangoDraws = 0
        let own = TextLayout(text: text, font: .system(size: 17), width: width, maximumNumberOfLines: lines,
                             alignment: alignment, runs: runs)
        return (pango, own)
    }

    @Test("the glyphs drawn colour by colour are Pango's pixels: wrapped, centred, right to left, truncated, colours inside words, an emoji, a character no font has")
    func samePixels() {
        let english = (0 ..< 60).map { "word\($0) fi" }.joined(separator: " ")
        let mixed = "Shalom שלום עולם and مرحبا بالعالم then 😀 more words to wrap across the lines, office affine"
        let cases: [(String, [TextRun], Int, TextAlignment)] = [
            (english, colouredRuns(english), 0, .natural),
            (english, colouredRuns(english, partWords: true), 0, .center),
            (english, colouredRuns(english), 3, .natural),
            (mixed, colouredRuns(mixed), 0, .natural),
            (mixed, colouredRuns(mixed, partWords: true), 0, .right),
        ]
        for (i, (text, runs, lines, alignment)) in cases.enumerated() {
            let (pango, own) = bothWays(text, runs: runs, lines: lines, alignment: alignment)
            #expect(pango.glyphColours.isEmpty && !own.glyphColours.isEmpty, "case \(i): each way taken")
            #expect(own.size == pango.size && own.lineCount == pango.lineCount, "case \(i): the same lines")
            let (a, b) = (pixels(pango), pixels(own))
            let differing = zip(a, b).filter { $0 != $1 }.count
            #expect(a.count == b.count && differing == 0, "case \(i): \(differing) pixels differ")
            #expect(Set(b).count > 20, "case \(i): something coloured was drawn")
        }
        // A character no font has: Pango's box, drawn where Pango draws it.
        let missing = "Words with \u{10FFFD} in them " + english
        for alignment in [TextAlignment.natural, .right] {
            let (pango, own) = bothWays(missing, runs: colouredRuns(missing), alignment: alignment)
            let (a, b) = (pixels(pango), pixels(own))
            let differing = zip(a, b).filter { $0 != $1 }.count
            #expect(differing == 0, "\(alignment): \(differing) pixels differ")
            #expect(!own.glyphColours.isEmpty, "\(alignment): drawn glyph by glyph")
        }
    }

    @Test("a text with a background, underline or overlapping colours keeps Pango's way")
    func pangoKeepsTheRest() {
        let text = (0 ..< 100).map { "w\($0)" }.joined(separator: " ")
        var runs = colouredRuns(text)
        let saved = TextLayout.coloursPangoDraws
        defer { TextLayout.coloursPangoDraws = saved }
        TextLayout.coloursPangoDraws = 10
        #expect(!TextLayout(text: text, font: .system(size: 17), width: 300, runs: runs).glyphColours.isEmpty)
        runs[3].underline = TextDecoration()
        #expect(TextLayout(text: text, font: .system(size: 17), width: 300, runs: runs).glyphColours.isEmpty)
        runs = colouredRuns(text)
        runs.append({ var run = TextRun(range: 0 ..< 10); run.foregroundColor = .black; return run }())
        #expect(TextLayout(text: text, font: .system(size: 17), width: 300, runs: runs).glyphColours.isEmpty,
                "a colour over earlier ones")
        #expect(TextLayout(text: text, font: .system(size: 17), width: 300, runs: Array(runs.prefix(8))).glyphColours.isEmpty,
                "few colours")
    }
}
