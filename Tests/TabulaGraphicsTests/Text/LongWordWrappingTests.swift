import Foundation
import Testing
import TabulaCore
@testable import TabulaGraphics

@Suite("Text: a word too long for any line wraps at characters, in time that grows with its length")
struct LongWordWrappingTests {
    @Test("only a stretch of characters with no place to break between them counts as a long word")
    func longWordsFound() {
        let limit = TextLayout.longestWordWrappedAtWords
        #expect(TextLayout.hasWord(longerThan: limit, in: String(repeating: "Zm9vYmFy", count: 200)))
        // Ordinary words, however many.
        #expect(!TextLayout.hasWord(longerThan: limit, in: String(repeating: "lorem ipsum dolor ", count: 1000)))
        // Chinese breaks between any two ideographs; a long URL after each slash.
        #expect(!TextLayout.hasWord(longerThan: limit, in: String(repeating: "我们今天去公园散步", count: 300)))
        #expect(!TextLayout.hasWord(longerThan: limit,
                                    in: String(repeating: "https://example.com/some/path/segment/", count: 60)))
        // The word just at the limit, and just over it.
        #expect(!TextLayout.hasWord(longerThan: limit, in: "start " + String(repeating: "x", count: limit) + " end"))
        #expect(TextLayout.hasWord(longerThan: limit, in: "start " + String(repeating: "x", count: limit + 2) + " end"))
        // Emoji and combining marks count as characters, not bytes.
        #expect(!TextLayout.hasWord(longerThan: limit, in: String(repeating: "👍🏽 ", count: 1200)))
    }

    @Test("a 20,000-character word wraps into the lines it would at characters; words around a shorter one still wrap at words")
    func wrapping() {
        let token = String(repeating: "Zm9vYmFy", count: 2500)
        let font = Font.system(size: 17)
        let wrapped = TextLayout(text: token, font: font, width: 300, lineBreakMode: .byWordWrapping)
        let atCharacters = TextLayout(text: token, font: font, width: 300, lineBreakMode: .byCharWrapping)
        #expect(wrapped.size == atCharacters.size)
        #expect(wrapped.size.width <= 300 && wrapped.size.height > 17 * 300)
        // A word of 50 characters among ordinary ones: the words stay whole.
        let text = "alpha beta gamma " + String(repeating: "q", count: 50) + " delta epsilon zeta eta theta"
        let words = TextLayout(text: text, font: font, width: 120, lineBreakMode: .byWordWrapping)
        let characters = TextLayout(text: text, font: font, width: 120, lineBreakMode: .byCharWrapping)
        #expect(words.size.height > characters.size.height, "words wrapped at characters: \(words.size)")
    }
}
