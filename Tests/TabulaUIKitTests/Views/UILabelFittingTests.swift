import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// The columns and rows of `bitmap` that hold pixels matching `isInk`, within `rect` (pixels).
private func inkBounds(_ bitmap: Bitmap, in rect: CGRect, _ isInk: (Color) -> Bool) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
    var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
    for y in Int(rect.minY) ..< min(bitmap.height, Int(rect.maxY)) {
        for x in Int(rect.minX) ..< min(bitmap.width, Int(rect.maxX)) where isInk(bitmap.color(x: x, y: y)) {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
    }
    return minX <= maxX ? (minX ... maxX, minY ... maxY) : nil
}

@MainActor
@Suite("UILabel: fitting, shadow, resettable font and colour")
struct UILabelFittingTests {
    static let long = "A line far too long for a narrow label"

    @Test("adjustsFontSizeToFitWidth shrinks a line to fit, down to minimumScaleFactor, then truncates")
    func shrinking() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 150, height: 30))
        label.text = Self.long
        let natural = label.intrinsicContentSize.width
        #expect(natural > 250)
        // Off by default: truncated at full size.
        var fitted = label.fittedLayout(in: label.bounds.size)
        #expect(fitted.scale == 1 && fitted.layout.isTruncated)

        label.adjustsFontSizeToFitWidth = true
        fitted = label.fittedLayout(in: label.bounds.size)
        #expect(fitted.scale == 1 && fitted.layout.isTruncated, "a minimum scale factor of 0 shrinks nothing")

        label.minimumScaleFactor = 0.3
        fitted = label.fittedLayout(in: label.bounds.size)
        #expect(!fitted.layout.isTruncated && fitted.layout.size.width <= 150)
        #expect(fitted.scale < 0.6 && fitted.scale > 150 / natural - 0.02, "the largest size that fits: \(fitted.scale)")
        #expect(fitted.layout.size.width > 150 * 0.97, "it fills the width")
        #expect(label.intrinsicContentSize.width == natural, "the intrinsic size is the full-size text's")

        label.minimumScaleFactor = 0.8
        fitted = label.fittedLayout(in: label.bounds.size)
        #expect(abs(fitted.scale - 0.8) < 0.001 && fitted.layout.isTruncated, "no smaller than the factor, then truncated")

        // Text that fits is not touched.
        label.text = "Short"
        #expect(label.fittedLayout(in: label.bounds.size).scale == 1)

        // Bad factors are clamped.
        label.minimumScaleFactor = -2
        #expect(label.minimumScaleFactor == 0)
        label.minimumScaleFactor = .nan
        #expect(label.minimumScaleFactor == 0)
        label.minimumScaleFactor = 7
        #expect(label.minimumScaleFactor == 1)
    }

    @Test("with several lines the text shrinks until its lines fit the height and the line limit")
    func shrinkingLines() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 160, height: 44))
        label.text = String(repeating: "Words that wrap. ", count: 6)
        label.numberOfLines = 2
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.2
        let fitted = label.fittedLayout(in: label.bounds.size)
        #expect(fitted.scale < 1 && !fitted.layout.isTruncated)
        #expect(fitted.layout.lineCount <= 2 && fitted.layout.size.height <= 44.5)
        let rect = label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 2)
        #expect(rect.height <= 44.5)
    }

    @Test("baselineAdjustment places shrunk text on the full-size baseline, centred, or at the full-size top")
    func baselines() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 60))
        label.text = Self.long
        label.font = .systemFont(ofSize: 30)
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.1
        let natural = label.layout(forWidth: 120)
        let fitted = label.fittedLayout(in: label.bounds.size).layout
        let naturalTop = 30 - natural.size.height / 2
        #expect(label.baselineAdjustment == .alignBaselines)
        var rect = label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1)
        #expect(abs(rect.minY + fitted.firstBaseline - (naturalTop + natural.firstBaseline)) < 0.01)
        label.baselineAdjustment = .alignCenters
        rect = label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1)
        #expect(abs(rect.midY - 30) < 0.01)
        label.baselineAdjustment = .none
        rect = label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1)
        #expect(abs(rect.minY - naturalTop) < 0.01)
    }

    @Test("allowsDefaultTighteningForTruncation fits a slightly long line by tightening its letters")
    func tightening() {
        let label = UILabel()
        label.text = "Tighten these letters"
        let natural = label.intrinsicContentSize.width
        label.frame = CGRect(x: 0, y: 0, width: natural / 1.03, height: 30)
        #expect(label.fittedLayout(in: label.bounds.size).layout.isTruncated)
        label.allowsDefaultTighteningForTruncation = true
        let tight = label.fittedLayout(in: label.bounds.size).layout
        #expect(!tight.isTruncated && tight.size.width <= label.bounds.width)
        #expect(tight.runs.first?.kern ?? 0 < 0)
        // Far too long: truncated, not squeezed.
        label.frame.size.width = natural / 1.3
        #expect(label.fittedLayout(in: label.bounds.size).layout.isTruncated)
    }

    @Test("the shadow is the text again in shadowColor, moved by shadowOffset; pictures in light and dark")
    func shadowAndPictures() throws {
        for style in [UIUserInterfaceStyle.light, .dark] {
            let (screen, root) = makeScreen(width: 240, height: 150, scale: 2)
            screen.userInterfaceStyle = style
            root.backgroundColor = .systemBackground
            let plain = UILabel(frame: CGRect(x: 10, y: 5, width: 220, height: 30))
            plain.text = "████ Shadowed"
            plain.font = .boldSystemFont(ofSize: 22)
            plain.shadowColor = .systemRed
            plain.shadowOffset = CGSize(width: 3, height: 3)
            let shrunk = UILabel(frame: CGRect(x: 10, y: 45, width: 120, height: 30))
            shrunk.text = "Shrunk to fit this narrow label"
            shrunk.adjustsFontSizeToFitWidth = true
            shrunk.minimumScaleFactor = 0.3
            let full = UILabel(frame: CGRect(x: 10, y: 80, width: 120, height: 30))
            full.text = "Shrunk to fit this narrow label"
            let attributed = UILabel(frame: CGRect(x: 10, y: 112, width: 220, height: 30))
            attributed.attributedText = NSAttributedString(string: "Blue with shadow", attributes: [
                .foregroundColor: UIColor.systemBlue, .font: UIFont.systemFont(ofSize: 20),
            ])
            attributed.shadowColor = .systemGreen
            attributed.shadowOffset = CGSize(width: 2, height: 2)
            for label in [plain, shrunk, full, attributed] { root.addSubview(label) }
            screen.advance(by: 1.0 / 60)
            let image = try #require(screen.snapshot().cgImage)
            writeBitmapForLooking(image, "label-fitting-\(style == .dark ? "dark" : "light")")

            // The shadow: red pixels, right of and below the text's ink.
            let isRed: (Color) -> Bool = { $0.red > 0.7 && $0.green < 0.4 && $0.blue < 0.4 }
            let textColor = UIColor.label.resolvedColor(with: UITraitCollection(userInterfaceStyle: style)).cgColor
            let isText: (Color) -> Bool = { abs($0.red - textColor.red) < 0.1 && abs($0.green - textColor.green) < 0.1 && abs($0.blue - textColor.blue) < 0.1 }
            let band = CGRect(x: 20, y: 10, width: 440, height: 60)
            let red = try #require(inkBounds(image, in: band, isRed))
            let text = try #require(inkBounds(image, in: band, isText))
            // (Its bottom is cut off by the label's bounds, as in UIKit, so compare the tops.)
            #expect(red.x.upperBound - text.x.upperBound >= 4 && red.y.lowerBound - text.y.lowerBound >= 4,
                    "the shadow is 3 points (6 pixels) right and down: \(red) vs \(text)")

            // The shrunk label's ink stays inside its width and is shorter than the full-size one's.
            let shrunkInk = try #require(inkBounds(image, in: CGRect(x: 0, y: 90, width: 480, height: 60), isText))
            let fullInk = try #require(inkBounds(image, in: CGRect(x: 0, y: 160, width: 480, height: 60), isText))
            #expect(shrunkInk.x.upperBound <= 2 * 130 + 1)
            #expect(shrunkInk.y.count < fullInk.y.count, "smaller glyphs: \(shrunkInk.y) vs \(fullInk.y)")

            // Attributed text keeps its blue; its shadow is all green.
            let isGreen: (Color) -> Bool = { $0.green > 0.6 && $0.red < 0.4 && $0.blue < 0.5 }
            let isBlue: (Color) -> Bool = { $0.blue > 0.8 && $0.red < 0.3 && $0.green < 0.6 }
            let lowBand = CGRect(x: 0, y: 224, width: 480, height: 60)
            #expect(inkBounds(image, in: lowBand, isGreen) != nil && inkBounds(image, in: lowBand, isBlue) != nil)
        }
    }

    @Test("a label shorter than its font's line keeps the line centred: its letters whole, the cut in the room above and below them")
    func shorterThanItsLine() throws {
        let (screen, root) = makeScreen(width: 200, height: 80, scale: 2)
        root.backgroundColor = .white
        // A 28-point font's line is about 34 points: the label is 24 (a 44-point cell less
        // 10-point insets, as in Apple's two-column grid sample).
        let label = UILabel(frame: CGRect(x: 20, y: 28, width: 160, height: 24))
        label.font = .systemFont(ofSize: 28)
        label.text = "2048"
        root.addSubview(label)
        let rect = label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1)
        #expect(rect.height > 24 && abs(rect.midY - 12) < 0.01, "centred, taller than the bounds: \(rect)")
        screen.advance(by: 1.0 / 60)
        let image = try #require(screen.snapshot().cgImage)
        let isInk: (Color) -> Bool = { $0.red < 0.5 && $0.green < 0.5 && $0.blue < 0.5 }
        let ink = try #require(inkBounds(image, in: CGRect(x: 0, y: 0, width: 400, height: 160), isInk))
        // The label spans pixels 56 ..< 104. Digits stand on the baseline and reach the cap
        // height: whole, they end above the label's last row and start below its first.
        #expect(ink.y.lowerBound > 56 && ink.y.upperBound < 103, "the digits' rows \(ink.y) lie inside 56..<104, not cut")
        let middle = Double(ink.y.lowerBound + ink.y.upperBound) / 2
        #expect(abs(middle - 80) < 8, "about the label's middle (row 80): \(middle)")
    }

    /// Apple's `numberOfLines`: "the label truncates any text that doesn't fit within the
    /// maximum number of lines and inside the bounding rectangle", as `lineBreakMode` says.
    @Test("text of several lines taller than its label shows the whole lines that fit, the last one truncated")
    func truncatedToTheHeight() throws {
        // Three lines' worth of words in a label two lines tall (a title in a fixed-height
        // box at a large text size).
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 50))
        label.font = .systemFont(ofSize: 20)
        label.numberOfLines = 0
        label.text = "Words enough to fill three lines"
        let full = label.layout(forWidth: 120)
        #expect(full.visibleLineCount >= 3 && full.size.height > 60)
        let shown = label.fittedLayout(in: label.bounds.size).layout
        #expect(shown.visibleLineCount == 2 && shown.isTruncated, "two lines, the second ending in an ellipsis")
        #expect(shown.size.height <= 50.5)
        let rect = label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 0)
        #expect(abs(rect.midY - 25) < 0.01 && rect.height == shown.size.height, "centred: \(rect)")
        // Shorter than one line: the first line, truncated. Tall enough, or a wrapping mode: all lines.
        #expect(label.fittedLayout(in: CGSize(width: 120, height: 10)).layout.visibleLineCount == 1)
        #expect(label.fittedLayout(in: CGSize(width: 120, height: 200)).layout.visibleLineCount == full.visibleLineCount)
        label.lineBreakMode = .byWordWrapping
        #expect(label.fittedLayout(in: label.bounds.size).layout.visibleLineCount == full.visibleLineCount)
        // A line limit below what fits still wins.
        label.lineBreakMode = .byTruncatingTail
        label.numberOfLines = 1
        #expect(label.fittedLayout(in: label.bounds.size).layout.visibleLineCount == 1)
    }

    @Test("no shadowColor, no shadow")
    func noShadow() throws {
        let (screen, root) = makeScreen(width: 200, height: 40, scale: 1)
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
        label.text = "████"
        label.font = .systemFont(ofSize: 30)
        label.shadowOffset = CGSize(width: 3, height: 3)
        label.textColor = .systemRed
        root.addSubview(label)
        screen.advance(by: 1.0 / 60)
        let isRed: (Color) -> Bool = { $0.red > 0.7 && $0.green < 0.4 }
        let area = CGRect(x: 0, y: 0, width: 200, height: 40)
        let first = try #require(screen.snapshot().cgImage)
        #expect(inkBounds(first, in: area, isRed) != nil, "red text")
        label.textColor = .black
        screen.advance(by: 1.0 / 60)
        let second = try #require(screen.snapshot().cgImage)
        #expect(inkBounds(second, in: area, isRed) == nil, "a shadow offset alone draws nothing")
    }

    @Test("font and textColor are null-resettable; the stored-only properties have UIKit's defaults")
    func resettableAndDefaults() {
        let label = UILabel()
        label.font = .boldSystemFont(ofSize: 30)
        label.textColor = .systemRed
        label.font = nil
        label.textColor = nil
        #expect(label.font == .systemFont(ofSize: 17))
        #expect(label.textColor == .label)
        #expect(label.shadowColor == nil && label.shadowOffset == CGSize(width: 0, height: -1))
        #expect(label.baselineAdjustment == .alignBaselines && !label.allowsDefaultTighteningForTruncation)
        #expect(label.lineBreakStrategy == .standard && !label.showsExpansionTextWhenTruncated)
        #expect(label.preferredVibrancy == .none)
    }
}
