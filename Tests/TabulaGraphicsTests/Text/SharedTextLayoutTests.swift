import Foundation
import Testing
import TabulaCore
@testable import TabulaGraphics

@Suite("Text: layouts shared between labels showing the same words")
struct SharedTextLayoutTests {
    @Test("the same words laid out the same way are shaped once; anything that changes the layout gets its own")
    func sameWordsShareALayout() {
        let font = Font.system(size: 17)
        let first = TextLayout.shared(text: "Row 50002", font: font, width: 300, maximumNumberOfLines: 1)
        let again = TextLayout.shared(text: "Row 50002", font: font, width: 300, maximumNumberOfLines: 1)
        #expect(first === again)

        var underlined = TextRun(range: 0 ..< 3)
        underlined.underline = TextDecoration(style: .single)
        let others = [
            TextLayout.shared(text: "Row 50003", font: font, width: 300, maximumNumberOfLines: 1),
            TextLayout.shared(text: "Row 50002", font: .system(size: 34), width: 300, maximumNumberOfLines: 1),
            TextLayout.shared(text: "Row 50002", font: font, width: 40, maximumNumberOfLines: 1),
            TextLayout.shared(text: "Row 50002", font: font, width: 300, maximumNumberOfLines: 0),
            TextLayout.shared(text: "Row 50002", font: font, width: 300, maximumNumberOfLines: 1, alignment: .center),
            TextLayout.shared(text: "Row 50002", font: font, width: 300, maximumNumberOfLines: 1, runs: [underlined]),
        ]
        for other in others { #expect(other !== first, "\(other.text) \(other.font.size) \(other.width ?? -1)") }
        // Each is what a layout made on its own gives.
        #expect(others[1].size.height > first.size.height * 1.5)
        #expect(others[2].isTruncated && !first.isTruncated)
        let made = TextLayout(text: "Row 50002", font: .system(size: 34), width: 300, maximumNumberOfLines: 1)
        #expect(others[1].size == made.size)
    }

    @Test("at most a few screens of layouts are kept, the least recently used let go first")
    func boundedAndRecent() {
        let font = Font.system(size: 13)
        let kept = TextLayout.shared(text: "Kept in use", font: font)
        let dropped = TextLayout.shared(text: "Used once, long ago", font: font)
        for i in 0 ..< SharedLayouts.capacity * 2 {
            _ = TextLayout.shared(text: "Row \(i)", font: font)
            // Used all along: never the least recent.
            #expect(TextLayout.shared(text: "Kept in use", font: font) === kept)
        }
        #expect(TextEngine.current.sharedLayouts.count <= SharedLayouts.capacity)
        #expect(TextLayout.shared(text: "Used once, long ago", font: font) !== dropped,
                "a layout not asked for since is let go")
    }

    @Test("a width that is not a number is read as no room, as a layout made on its own reads it")
    func oddWidths() {
        let font = Font.system(size: 17)
        let nan = TextLayout.shared(text: "Odd", font: font, width: .nan, maximumNumberOfLines: 1)
        let zero = TextLayout.shared(text: "Odd", font: font, width: 0, maximumNumberOfLines: 1)
        #expect(nan === zero)
        #expect(nan.width == 0)
        let negative = TextLayout.shared(text: "Odd", font: font, width: -5, maximumNumberOfLines: -3)
        #expect(negative.width == 0 && negative.maximumNumberOfLines == 0)
    }

    @Test("a long text is laid out on its own each time, not kept")
    func longTextsAreNotKept() {
        let font = Font.system(size: 15)
        let page = String(repeating: "A paragraph that goes on. ", count: 40)
        let before = TextEngine.current.sharedLayouts.count
        let first = TextLayout.shared(text: page, font: font, width: 300)
        let again = TextLayout.shared(text: page, font: font, width: 300)
        #expect(first !== again)
        #expect(first.size == again.size && first.lineCount > 5)
        #expect(TextEngine.current.sharedLayouts.count == before)
    }
}
