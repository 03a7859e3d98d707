import Foundation
import Testing
import TabulaCore
@testable import TabulaGraphics

private let sentence = "The quick brown fox jumps over the lazy dog while the table view scrolls past its cells."
private let longParagraph = Array(repeating: sentence, count: 3).joined(separator: " ")
private let hebrew = "שלום עולם"
private let hebrewSentence = "שלום עולם, מה שלומך היום?"
private let arabic = "مرحبا بالعالم"

/// The range of columns holding dark ink on a white bitmap, or nil when there is none.
private func inkColumns(_ bitmap: Bitmap) -> ClosedRange<Int>? {
    var columns: [Int] = []
    for x in 0 ..< bitmap.width {
        for y in 0 ..< bitmap.height where bitmap.pixel(x: x, y: y).red < 128 {
            columns.append(x)
            break
        }
    }
    guard let first = columns.first, let last = columns.last else { return nil }
    return first ... last
}

extension Bitmap {
    /// The width of the columns holding dark ink, 0 when there are none.
    fileprivate var inkWidth: Int { inkColumns(self).map { $0.count } ?? 0 }
}

/// Draws `layout` at (4, 4) on a white canvas 4 points wider than its width, at scale 1.
private func render(_ layout: TextLayout) -> Bitmap {
    let ctx = canvas(width: Int(layout.width ?? 200) + 8, height: Int(layout.size.height) + 8, scale: 1)
    ctx.draw(layout, at: CGPoint(x: 4, y: 4), color: .black)
    return ctx.bitmap
}

@Suite("Text: layout and measuring")
struct TextLayoutTests {
    // MARK: Size

    @Test("a word too long for the width breaks between letters without a hyphen, as UIKit's labels do (Pango adds one by default)")
    func noInsertedHyphens() throws {
        let font = Font.system(size: 30)
        let wrapped = TextLayout(text: "NOTIFICATIONS", font: font, width: 150)
        #expect(wrapped.lineCount >= 2)
        // Where the second line starts: the first offset whose caret is below the first line's.
        let firstLineY = wrapped.caretRect(atUTF16Offset: 0).minY
        let breakAt = try #require((1 ..< 13).first { wrapped.caretRect(atUTF16Offset: $0).minY > firstLineY + 1 })
        let firstLine = TextLayout(text: String("NOTIFICATIONS".prefix(breakAt)), font: font)
        // With a hyphen drawn after it, the first line is a hyphen (14 pixels here) wider
        // than its letters; without, the two agree to the pixels' rounding.
        #expect(abs(render(wrapped).inkWidth - render(TextLayout(text: firstLine.text, font: font, width: 150)).inkWidth) <= 4,
                "first line \(firstLine.text)")
    }

    @Test("a bigger font measures bigger")
    func sizeGrowsWithFontSize() {
        let small = TextLayout(text: "Settings", font: .system(size: 12)).size
        let large = TextLayout(text: "Settings", font: .system(size: 24)).size
        #expect(small.width > 0 && small.height > 0)
        #expect(large.width > small.width * 1.8)
        #expect(large.height > small.height * 1.8)
    }

    @Test("a longer text measures wider on one unbounded line")
    func sizeGrowsWithText() {
        let font = Font.system(size: 15)
        let short = TextLayout(text: "Wi-Fi", font: font)
        let long = TextLayout(text: "Wi-Fi and Bluetooth", font: font)
        #expect(long.size.width > short.size.width)
        #expect(long.lineCount == 1)
        #expect(long.size.height == short.size.height)
    }

    @Test("a sentence wraps to more lines within a width and stays inside it")
    func wrapping() {
        let font = Font.system(size: 15)
        let unbounded = TextLayout(text: sentence, font: font)
        let wrapped = TextLayout(text: sentence, font: font, width: 150)
        #expect(unbounded.lineCount == 1)
        #expect(unbounded.size.width > 300)
        #expect(wrapped.lineCount >= 3)
        #expect(wrapped.size.width <= 150)
        #expect(wrapped.size.width > 100, "lines are filled, not broken after every word")
        #expect(wrapped.size.height > unbounded.size.height * CGFloat(wrapped.lineCount) * 0.9)
        #expect(!wrapped.isTruncated)
    }

    @Test("explicit newlines start new lines")
    func newlines() {
        let layout = TextLayout(text: "One\nTwo\nThree", font: .system(size: 15))
        #expect(layout.lineCount == 3)
        #expect(layout.size.width < TextLayout(text: "One Two Three", font: .system(size: 15)).size.width)
    }

    @Test("one line with tail truncation truncates a long text but not a short one")
    func singleLineTruncation() {
        let font = Font.system(size: 15)
        let long = TextLayout(text: sentence, font: font, width: 120, maximumNumberOfLines: 1,
                              lineBreakMode: .byTruncatingTail)
        #expect(long.lineCount == 1)
        #expect(long.visibleLineCount == 1)
        #expect(long.isTruncated)
        #expect(long.size.width <= 120)
        #expect(long.size.height == TextLayout(text: "The", font: font).size.height)

        let short = TextLayout(text: "Done", font: font, width: 120, maximumNumberOfLines: 1,
                               lineBreakMode: .byTruncatingTail)
        #expect(short.lineCount == 1)
        #expect(!short.isTruncated)
    }

    @Test("head, middle and tail truncation all fit one line", arguments: [
        LineBreakMode.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail,
    ])
    func truncationModes(mode: LineBreakMode) {
        let layout = TextLayout(text: sentence, font: .system(size: 15), width: 140, maximumNumberOfLines: 1,
                                lineBreakMode: mode)
        #expect(layout.lineCount == 1)
        #expect(layout.isTruncated)
        #expect(layout.size.width <= 140)
    }

    @Test("a line limit makes the text shorter than the unlimited layout")
    func lineLimitHeight() {
        let font = Font.system(size: 15)
        let unlimited = TextLayout(text: longParagraph, font: font, width: 160)
        let two = TextLayout(text: longParagraph, font: font, width: 160, maximumNumberOfLines: 2)
        #expect(unlimited.lineCount >= 5)
        #expect(two.visibleLineCount == 2)
        #expect(two.isTruncated)
        #expect(two.size.height < unlimited.size.height)
        let lineHeight = unlimited.size.height / CGFloat(unlimited.lineCount)
        #expect(abs(two.size.height - 2 * lineHeight) < 1.5)

        // A limit the text does not reach changes nothing.
        let roomy = TextLayout(text: longParagraph, font: font, width: 160, maximumNumberOfLines: 100)
        #expect(roomy.size == unlimited.size)
        #expect(!roomy.isTruncated)
    }

    @Test("clipping with a line limit lays out every line but reports the visible height")
    func clippingHeight() {
        let font = Font.system(size: 15)
        let unlimited = TextLayout(text: longParagraph, font: font, width: 160)
        let clipped = TextLayout(text: longParagraph, font: font, width: 160, maximumNumberOfLines: 3,
                                 lineBreakMode: .byClipping)
        #expect(clipped.lineCount == unlimited.lineCount)
        #expect(clipped.visibleLineCount == 3)
        #expect(clipped.isTruncated)
        let lineHeight = unlimited.size.height / CGFloat(unlimited.lineCount)
        #expect(abs(clipped.size.height - 3 * lineHeight) < 1.5)

        // Drawing shows only the visible lines: nothing below them.
        let ctx = canvas(width: 170, height: Int(unlimited.size.height) + 10, scale: 1)
        ctx.draw(clipped, at: CGPoint(x: 4, y: 4), color: .black)
        let bottom = Int((4 + clipped.size.height).rounded(.up)) + 1
        var inkBelow = 0
        for y in bottom ..< ctx.bitmap.height {
            for x in 0 ..< ctx.bitmap.width where ctx.bitmap.pixel(x: x, y: y).red < 250 { inkBelow += 1 }
        }
        #expect(inkBelow == 0)
        #expect(inkColumns(ctx.bitmap) != nil)
    }

    @Test("empty text measures zero")
    func emptyText() {
        let empty = TextLayout(text: "", font: .system(size: 17), width: 100)
        #expect(empty.size == .zero)
        #expect(!empty.isTruncated)
        #expect(TextLayout(text: "", font: .system(size: 17)).size == .zero)
    }

    @Test("the same text and font always measure the same")
    func deterministic() {
        let font = Font.system(size: 13, weight: .medium)
        let a = TextLayout(text: sentence, font: font, width: 200)
        let b = TextLayout(text: sentence, font: font, width: 200)
        #expect(a.size == b.size)
        #expect(a.lineCount == b.lineCount)
        #expect(a.firstBaseline == b.firstBaseline)
    }

    @Test("layout does not depend on the scale it is drawn at")
    func scaleIndependent() {
        let layout = TextLayout(text: sentence, font: .system(size: 14), width: 180)
        let before = layout.size
        let oneX = canvas(width: 190, height: 80, scale: 1)
        oneX.draw(layout, at: CGPoint(x: 2, y: 2), color: .black)
        let threeX = canvas(width: 190, height: 80, scale: 3)
        threeX.draw(layout, at: CGPoint(x: 2, y: 2), color: .black)
        #expect(layout.size == before)
        // The ink spans the same share of the canvas at both scales.
        let one = inkColumns(oneX.bitmap), three = inkColumns(threeX.bitmap)
        #expect(one != nil && three != nil)
        if let one, let three {
            #expect(abs(Double(three.upperBound) / 3 - Double(one.upperBound)) < 1.5)
            #expect(abs(Double(three.lowerBound) / 3 - Double(one.lowerBound)) < 1.5)
        }
    }

    @Test("bold text is wider than regular text")
    func boldIsWider() {
        let regular = TextLayout(text: "Notifications", font: .system(size: 17)).size.width
        let bold = TextLayout(text: "Notifications", font: .system(size: 17, weight: .bold)).size.width
        #expect(bold > regular * 1.02)
    }

    // MARK: Direction and alignment

    @Test("Hebrew and Arabic are right-to-left; Latin and digits are not")
    func rightToLeft() {
        let font = Font.system(size: 15)
        #expect(TextLayout(text: hebrewSentence, font: font).isRightToLeft)
        #expect(TextLayout(text: arabic, font: font).isRightToLeft)
        #expect(TextLayout(text: "123 " + hebrew, font: font).isRightToLeft, "the first strong character decides")
        #expect(!TextLayout(text: "Hello " + hebrew, font: font).isRightToLeft)
        #expect(!TextLayout(text: "Hello", font: font).isRightToLeft)
    }

    @Test("right-to-left text with natural alignment draws on the right; .left forces it left",
          arguments: [hebrew, arabic])
    func rightToLeftAlignment(text: String) throws {
        let font = Font.system(size: 15)
        let width: CGFloat = 300
        let natural = try #require(inkColumns(render(TextLayout(text: text, font: font, width: width))))
        #expect(natural.lowerBound > 4 + Int(width) / 2, "ink \(natural) should be in the right half")
        #expect(natural.upperBound <= 4 + Int(width))
        #expect(natural.upperBound >= 4 + Int(width) - 3, "flush with the right edge")

        let left = try #require(inkColumns(render(TextLayout(text: text, font: font, width: width,
                                                                 alignment: .left))))
        #expect(left.upperBound < 4 + Int(width) / 2, "ink \(left) should be in the left half")
        #expect(left.lowerBound <= 4 + 3, "flush with the left edge")

        let right = try #require(inkColumns(render(TextLayout(text: text, font: font, width: width,
                                                                  alignment: .right))))
        #expect(abs(right.upperBound - natural.upperBound) <= 1)
    }

    @Test("left-to-right text with natural alignment draws on the left; .right forces it right")
    func leftToRightAlignment() throws {
        let font = Font.system(size: 15)
        let natural = try #require(inkColumns(render(TextLayout(text: "General", font: font, width: 300))))
        #expect(natural.lowerBound <= 4 + 3)
        #expect(natural.upperBound < 154)
        let right = try #require(inkColumns(render(TextLayout(text: "General", font: font, width: 300,
                                                                  alignment: .right))))
        #expect(right.lowerBound > 154)
        #expect(right.upperBound >= 304 - 3 && right.upperBound <= 304)
    }

    @Test("centred text has equal margins", arguments: ["Centred", hebrew])
    func centred(text: String) throws {
        let width: CGFloat = 300
        let layout = TextLayout(text: text, font: .system(size: 15), width: width, alignment: .center)
        let ink = try #require(inkColumns(render(layout)))
        let leftMargin = ink.lowerBound - 4
        let rightMargin = 4 + Int(width) - 1 - ink.upperBound
        #expect(leftMargin > 50)
        #expect(abs(leftMargin - rightMargin) <= 4, "ink \(ink) in a \(width)-point line")
        #expect(abs(layout.inkOriginX - (width - layout.size.width) / 2) < 1)
    }

    // MARK: Fonts

    @Test("font metrics: ascender above, descender below, line height covers both")
    func metrics() {
        let m = Font.system(size: 20).metrics
        #expect(m.ascender > 10 && m.ascender < 25)
        #expect(m.descender < 0 && m.descender > -10)
        #expect(m.lineHeight >= (m.ascender - m.descender) - 0.5)
        #expect(m.lineHeight < 2 * 20)
        let big = Font.system(size: 40).metrics
        #expect(abs(big.ascender - 2 * m.ascender) < 0.5)
        #expect(abs(big.descender - 2 * m.descender) < 0.5)
    }

    @Test("a single line is as tall as the font's line height, with the baseline at the ascender")
    func lineHeightMatchesMetrics() {
        let font = Font.system(size: 17)
        let layout = TextLayout(text: "Keyboard", font: font)
        #expect(abs(layout.size.height - font.metrics.lineHeight) < 1)
        #expect(abs(layout.firstBaseline - font.metrics.ascender) < 1)
    }

    @Test("UIKit weights map to CSS weights", arguments: [
        (Font.Weight.ultraLight, 100), (.thin, 200), (.light, 300), (.regular, 400), (.medium, 500),
        (.semibold, 600), (.bold, 700), (.heavy, 800), (.black, 900),
    ])
    func cssWeights(weight: Font.Weight, css: Int) {
        #expect(weight.cssWeight == css)
    }

    @Test("in-between weights round to the nearest CSS weight")
    func nearestCSSWeight() {
        #expect(Font.Weight(0.05).cssWeight == 400)
        #expect(Font.Weight(0.38).cssWeight == 700)
        #expect(Font.Weight(1).cssWeight == 900)
        #expect(Font.Weight(-1).cssWeight == 100)
        #expect(Font.Weight.bold > .regular)
    }

    @Test("a font with an invalid size falls back to 17 points")
    func invalidSize() {
        #expect(Font.system(size: 0).size == 17)
        #expect(Font.system(size: -3).size == 17)
        #expect(Font.system(size: .nan).size == 17)
        #expect(Font.system(size: 12).withSize(30).size == 30)
    }
}
