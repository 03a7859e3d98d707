import Foundation
import Synchronization
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// The ink of a snapshot: pixels that differ from the background at (0, 0).
@MainActor
private struct Ink {
    let image: CGImage
    let background: Color

    init(_ screen: HeadlessScreen) {
        image = screen.snapshot().cgImage!
        background = image.color(x: 0, y: 0)
    }

    func isInk(_ x: Int, _ y: Int) -> Bool {
        let c = image.color(x: x, y: y)
        return abs(c.red - background.red) + abs(c.green - background.green) + abs(c.blue - background.blue) > 0.3
    }

    /// The bounding box of the ink in `rect` (pixels), nil when there is none.
    func bounds(in rect: CGRect) -> CGRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in Int(rect.minY) ..< Int(rect.maxY) {
            for x in Int(rect.minX) ..< Int(rect.maxX) where isInk(x, y) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// How many pixels in `rect` are near `color`.
    func count(of color: Color, in rect: CGRect) -> Int {
        count(in: rect) { c in
            abs(c.red - color.red) + abs(c.green - color.green) + abs(c.blue - color.blue) < 0.25
        }
    }

    /// How many pixels in `rect` pass `test`.
    func count(in rect: CGRect, where test: (Color) -> Bool) -> Int {
        var n = 0
        for y in Int(rect.minY) ..< Int(rect.maxY) {
            for x in Int(rect.minX) ..< Int(rect.maxX) where test(image.color(x: x, y: y)) { n += 1 }
        }
        return n
    }
}

/// A screen of 300×60 points at 1x showing one label filling it, with `string`.
@MainActor
private func showLabel(_ string: NSAttributedString?, text: String? = nil, lines: Int = 1,
                       dark: Bool = false) -> (HeadlessScreen, UILabel) {
    let (screen, root) = makeScreen(width: 300, height: 60, scale: 1)
    if dark { screen.userInterfaceStyle = .dark }
    root.backgroundColor = .systemBackground
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 60))
    label.numberOfLines = lines
    if let string { label.attributedText = string } else { label.text = text }
    root.addSubview(label)
    screen.advance(by: 1.0 / 60)
    return (screen, label)
}

private let whole = CGRect(x: 0, y: 0, width: 300, height: 60)

/// Collects the reports of views on no screen, or on screens without a handler, while
/// `body` runs.
@MainActor
private func collectingReports(_ body: () -> Void) -> [String] {
    let reports = Mutex<[String]>([])
    let previous = ProblemReports.unattributedHandler
    ProblemReports.unattributedHandler = { line in reports.withLock { $0.append(line) } }
    defer { ProblemReports.unattributedHandler = previous }
    body()
    return reports.withLock { $0 }
}

@MainActor
@Suite("Attributed text")
struct AttributedTextTests {
    @Test("foreground and background colours are drawn over their ranges only")
    func colours() {
        // Lower half blocks on the right leave the upper half of the line for the background.
        let string = NSMutableAttributedString(string: "█████ ▄▄▄▄▄")
        string.addAttribute(.foregroundColor, value: UIColor.systemRed, range: NSRange(location: 0, length: 5))
        string.addAttribute(.backgroundColor, value: UIColor.systemYellow, range: NSRange(location: 6, length: 5))
        let (screen, _) = showLabel(string)
        let ink = Ink(screen)
        let red = UIColor.systemRed.cgColor, yellow = UIColor.systemYellow.cgColor
        let left = CGRect(x: 0, y: 0, width: 60, height: 60), right = CGRect(x: 80, y: 0, width: 220, height: 60)
        #expect(ink.count(of: red, in: left) > 100)
        #expect(ink.count(of: red, in: right) == 0)
        #expect(ink.count(of: .black, in: right) > 100, "the second run keeps the label's colour")
        #expect(ink.count(of: yellow, in: right) > 20, "the background fills behind the glyphs' line")
        #expect(ink.count(of: yellow, in: left) == 0)
    }

    @Test("kerning widens the text by about the kern per character; intrinsic size follows")
    func kerning() {
        let plain = UILabel()
        plain.text = "Kerning"
        let kerned = UILabel()
        kerned.attributedText = NSAttributedString(string: "Kerning", attributes: [.kern: 4])
        let extra = kerned.intrinsicContentSize.width - plain.intrinsicContentSize.width
        #expect(extra > 4 * 6 - 2 && extra < 4 * 7 + 2, "extra \(extra)")
        let negative = UILabel()
        negative.attributedText = NSAttributedString(string: "Kerning", attributes: [.kern: NSNumber(value: -1.0)])
        #expect(negative.intrinsicContentSize.width < plain.intrinsicContentSize.width)
    }

    @Test("a larger font in one run makes the line taller; a baseline offset raises its run")
    func fontsAndBaseline() {
        let mixed = NSMutableAttributedString(string: "small BIG")
        mixed.addAttribute(.font, value: UIFont.boldSystemFont(ofSize: 34), range: NSRange(location: 6, length: 3))
        let label = UILabel()
        label.text = "small BIG"
        let plainHeight = label.intrinsicContentSize.height
        label.attributedText = mixed
        #expect(label.intrinsicContentSize.height > plainHeight * 1.6)

        let block = "██"
        let (flatScreen, _) = showLabel(NSAttributedString(string: block))
        let raised = NSMutableAttributedString(string: block)
        raised.addAttribute(.baselineOffset, value: 6, range: NSRange(location: 1, length: 1))
        let (raisedScreen, _) = showLabel(raised)
        let flat = Ink(flatScreen), up = Ink(raisedScreen)
        let first = CGRect(x: 0, y: 0, width: 10, height: 60), second = CGRect(x: 14, y: 0, width: 20, height: 60)
        // The raised line may be taller (and centred differently); what matters is the
        // second character's position relative to the first.
        let flatStep = flat.bounds(in: second)!.minY - flat.bounds(in: first)!.minY
        let upStep = up.bounds(in: second)!.minY - up.bounds(in: first)!.minY
        #expect(flatStep - upStep == 6, "raised \(flatStep - upStep) pixels")
        #expect(flat.bounds(in: first)!.height == up.bounds(in: first)!.height)
    }

    @Test("underline and strikethrough draw lines below and through the text, in their colours")
    func decorations() {
        let text = "acemnorsuvwxz"
        let (plainScreen, _) = showLabel(nil, text: text)
        let plain = Ink(plainScreen).bounds(in: whole)!
        let underlined = NSAttributedString(string: text, attributes: [
            .underlineStyle: NSUnderlineStyle.single.rawValue, .underlineColor: UIColor.systemBlue,
        ])
        let (underScreen, _) = showLabel(underlined)
        let under = Ink(underScreen)
        #expect(under.bounds(in: whole)!.maxY > plain.maxY, "a line below the baseline")
        // Pixels tinted blue, on one or two rows (a thin line at 1x is antialiased).
        let bluish = under.count(in: whole) { $0.blue - $0.red > 0.3 }
        #expect(bluish > Int(plain.width) - 4 && bluish < Int(plain.width) * 3)

        let struck = NSAttributedString(string: text, attributes: [
            .strikethroughStyle: NSUnderlineStyle.single.rawValue, .strikethroughColor: UIColor.systemRed,
        ])
        let (struckScreen, _) = showLabel(struck)
        let strike = Ink(struckScreen)
        let middle = CGRect(x: 0, y: plain.minY, width: 300, height: plain.height)
        let reddish = { (c: Color) in c.red - c.blue > 0.3 && c.red - c.green > 0.3 }
        #expect(strike.count(in: middle, where: reddish) > Int(plain.width) - 4)
        let struckBounds = strike.bounds(in: whole)!
        #expect(struckBounds.minY >= plain.minY && struckBounds.maxY <= plain.maxY, "through the text, not below it")
        #expect(Ink(plainScreen).count(in: whole, where: reddish) == 0)
    }

    @Test("the paragraph style aligns, indents, spaces lines and truncates")
    func paragraphStyle() {
        let centred = NSMutableParagraphStyle()
        centred.alignment = .center
        let (centreScreen, _) = showLabel(NSAttributedString(string: "Mid", attributes: [.paragraphStyle: centred]))
        let mid = Ink(centreScreen).bounds(in: whole)!
        #expect(abs(mid.midX - 150) < 3, "centred at \(mid.midX)")

        let indented = NSMutableParagraphStyle()
        indented.firstLineHeadIndent = 40
        indented.headIndent = 20
        let (plainScreen, _) = showLabel(nil, text: "Indented")
        let (indentScreen, label) = showLabel(NSAttributedString(string: "Indented", attributes: [.paragraphStyle: indented]))
        let plain = Ink(plainScreen).bounds(in: whole)!
        #expect(Ink(indentScreen).bounds(in: whole)!.minX == plain.minX + 40)
        let wrapped = NSAttributedString(string: String(repeating: "hanging indent ", count: 8),
                                         attributes: [.paragraphStyle: indented])
        label.numberOfLines = 0
        label.attributedText = wrapped
        let measured = label.sizeThatFits(CGSize(width: 200, height: 0))
        #expect(measured.width <= 200)

        let spaced = NSMutableParagraphStyle()
        spaced.lineSpacing = 10
        let lines = "one\ntwo\nthree"
        let tight = UILabel(), loose = UILabel()
        tight.numberOfLines = 0
        loose.numberOfLines = 0
        tight.text = lines
        loose.attributedText = NSAttributedString(string: lines, attributes: [.paragraphStyle: spaced])
        #expect(loose.intrinsicContentSize.height >= tight.intrinsicContentSize.height + 20 - 1)

        let clipping = NSMutableParagraphStyle()
        clipping.lineBreakMode = .byTruncatingHead
        let long = String(repeating: "word ", count: 40) + "END"
        let truncating = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 30))
        truncating.attributedText = NSAttributedString(string: long, attributes: [.paragraphStyle: clipping])
        #expect(truncating.layout(forWidth: 120).lineBreakMode == .byTruncatingHead)
        #expect(truncating.layout(forWidth: 120).isTruncated)
    }

    @Test("setting text drops the attributes; attributedText then has the label's font and colour")
    func textClearsAttributes() {
        let label = UILabel()
        label.font = .systemFont(ofSize: 13)
        label.textColor = .systemGreen
        label.attributedText = NSAttributedString(string: "Styled", attributes: [.font: UIFont.boldSystemFont(ofSize: 30)])
        #expect(label.text == "Styled")
        let styled = label.intrinsicContentSize
        label.text = "Styled"
        #expect(label.intrinsicContentSize.height < styled.height * 0.7, "the 30-point font is gone")
        let back = label.attributedText
        #expect(back?.string == "Styled")
        #expect(back?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == .systemFont(ofSize: 13))
        #expect(back?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor == .systemGreen)
        label.attributedText = nil
        #expect(label.text == nil && label.attributedText == nil)

        // A font set after the attributed text applies to all of it, as in UIKit.
        label.attributedText = NSAttributedString(string: "Styled", attributes: [.font: UIFont.boldSystemFont(ofSize: 30)])
        label.font = .systemFont(ofSize: 13)
        #expect(label.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == .systemFont(ofSize: 13))
        #expect(label.intrinsicContentSize.height < styled.height * 0.7)

        // The string is copied: changing the original later changes nothing.
        let mutable = NSMutableAttributedString(string: "Copy")
        label.attributedText = mutable
        mutable.append(NSAttributedString(string: " changed"))
        #expect(label.text == "Copy")
    }

    @Test("attributes of the wrong type or not finite are reported once and left out; the rest is drawn")
    func badAttributes() {
        let string = NSMutableAttributedString(string: "████ ████")
        string.addAttribute(.font, value: "Helvetica", range: NSRange(location: 0, length: 4))
        string.addAttribute(.kern, value: Double.nan, range: NSRange(location: 5, length: 4))
        string.addAttribute(.foregroundColor, value: UIColor.systemRed, range: NSRange(location: 5, length: 4))
        var shown: (HeadlessScreen, UILabel)?
        let reports = collectingReports { shown = showLabel(string) }
        #expect(reports.count == 2)
        #expect(reports.contains { $0.contains("UILabel.attributedText") && $0.contains("NSFont") && $0.contains("0..<4") })
        #expect(reports.contains { $0.contains("NSKern") && $0.contains("5..<9") && $0.contains("nan") })
        let clean = NSMutableAttributedString(string: "████ ████")
        clean.addAttribute(.foregroundColor, value: UIColor.systemRed, range: NSRange(location: 5, length: 4))
        let (cleanScreen, _) = showLabel(clean)
        #expect(shown!.0.snapshot().pngData() == cleanScreen.snapshot().pngData(), "drawn as without the bad attributes")
        let redraw = collectingReports { shown!.0.advance(by: 1.0 / 60); shown!.1.setNeedsDisplay(); shown!.0.advance(by: 1.0 / 60) }
        #expect(redraw.isEmpty, "reported once, when set")

        // An attribute ending inside a surrogate pair covers the whole character before it.
        let emoji = NSMutableAttributedString(string: "a😀b")
        emoji.addAttribute(.foregroundColor, value: UIColor.systemRed, range: NSRange(location: 0, length: 2))
        let runs = AttributedTextRuns(emoji, traits: UITraitCollection(userInterfaceStyle: .light))
        #expect(runs.runs.map(\.range) == [0 ..< 1])
    }

    @Test("dynamic colours in attributes follow dark mode; links in a label look like text")
    func darkAndLinks() {
        let string = NSMutableAttributedString(string: "████ ████")
        string.addAttribute(.foregroundColor, value: UIColor.label, range: NSRange(location: 0, length: 4))
        string.addAttribute(.link, value: URL(string: "https://example.com")!, range: NSRange(location: 5, length: 4))
        let (screen, _) = showLabel(string, dark: true)
        let ink = Ink(screen)
        #expect(ink.count(of: .white, in: CGRect(x: 0, y: 0, width: 60, height: 60)) > 100)
        #expect(ink.count(of: .white, in: CGRect(x: 70, y: 0, width: 230, height: 60)) > 100, "the link is drawn as text")
        #expect(ink.count(of: UIColor.systemBlue.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)).cgColor,
                          in: whole) == 0)
        screen.userInterfaceStyle = .light
        screen.advance(by: 1.0 / 60)
        #expect(Ink(screen).count(of: .black, in: CGRect(x: 0, y: 0, width: 60, height: 60)) > 100)
    }

    @Test("a Swift AttributedString with UIKit attributes converts to an NSAttributedString the label draws")
    func swiftAttributedString() {
        var string = AttributedString("Plain ")
        var bold = AttributedString("bold")
        bold.font = .boldSystemFont(ofSize: 30)
        bold.foregroundColor = .systemRed
        bold.underlineStyle = .single
        bold.link = URL(string: "https://example.com")
        string.append(bold)
        let converted = NSAttributedString(string)
        #expect(converted.string == "Plain bold")
        #expect(converted.attribute(.font, at: 0, effectiveRange: nil) == nil)
        var range = NSRange()
        #expect(converted.attribute(.font, at: 7, effectiveRange: &range) as? UIFont == .boldSystemFont(ofSize: 30))
        #expect(range == NSRange(location: 6, length: 4))
        #expect(converted.attribute(.foregroundColor, at: 6, effectiveRange: nil) as? UIColor == .systemRed)
        #expect(converted.attribute(.underlineStyle, at: 6, effectiveRange: nil) as? Int == NSUnderlineStyle.single.rawValue)
        #expect(converted.attribute(.link, at: 6, effectiveRange: nil) as? URL == URL(string: "https://example.com"))
        let label = UILabel()
        label.text = "Plain bold"
        let plain = label.intrinsicContentSize
        label.attributedText = converted
        #expect(label.intrinsicContentSize.height > plain.height * 1.4)
    }

    @Test("self-sizing rows measure attributed text")
    func attributedRows() {
        final class Source: NSObject, UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
                var content = cell.defaultContentConfiguration()
                let big = NSMutableAttributedString(string: "Title ")
                if indexPath.row == 1 {
                    big.append(NSAttributedString(string: "large", attributes: [.font: UIFont.boldSystemFont(ofSize: 40)]))
                }
                content.attributedText = big
                cell.contentConfiguration = content
                return cell
            }
        }
        let table = UITableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        let source = Source()
        table.dataSource = source
        _ = showTable(table)
        let small = table.rectForRow(at: IndexPath(row: 0, section: 0)).height
        let large = table.rectForRow(at: IndexPath(row: 1, section: 0)).height
        #expect(large > small + 20, "\(small) → \(large)")
    }

    @Test("a text view draws links in its tint colour and the other attributes until edited")
    func textViewLinks() {
        let (screen, root) = makeScreen(width: 300, height: 80, scale: 1)
        root.backgroundColor = .white
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 80))
        textView.backgroundColor = .white
        let string = NSMutableAttributedString(string: "████ ████", attributes: [.font: UIFont.systemFont(ofSize: 20)])
        string.addAttribute(.link, value: "https://example.com", range: NSRange(location: 5, length: 4))
        textView.attributedText = string
        root.addSubview(textView)
        screen.advance(by: 1.0 / 60)
        let blue = UIColor.systemBlue.cgColor
        #expect(Ink(screen).count(of: blue, in: CGRect(x: 60, y: 0, width: 240, height: 80)) > 100, "the link")
        #expect(Ink(screen).count(of: blue, in: CGRect(x: 0, y: 0, width: 50, height: 80)) == 0)
        #expect(textView.attributedText.attribute(.link, at: 5, effectiveRange: nil) as? String == "https://example.com")
        textView.text = "████ ████"
        screen.advance(by: 1.0 / 60)
        #expect(Ink(screen).count(of: blue, in: CGRect(x: 0, y: 0, width: 300, height: 80)) == 0, "setting text drops them")
        #expect(textView.attributedText.attribute(.link, at: 5, effectiveRange: nil) == nil)
    }

    @Test("looked at: labels with each attribute and a table of attributed rows, light and dark")
    func lookAtAttributes() {
        func attributed(_ text: String, _ attributes: [NSAttributedString.Key: Any]) -> NSAttributedString {
            let string = NSMutableAttributedString(string: "Plain, then ")
            string.append(NSAttributedString(string: text, attributes: attributes))
            return string
        }
        let centred = NSMutableParagraphStyle()
        centred.alignment = .center
        let indented = NSMutableParagraphStyle()
        indented.firstLineHeadIndent = 24
        indented.headIndent = 8
        indented.lineSpacing = 6
        let samples: [NSAttributedString] = [
            attributed("bold 22", [.font: UIFont.boldSystemFont(ofSize: 22)]),
            attributed("red text", [.foregroundColor: UIColor.systemRed]),
            attributed("on yellow", [.backgroundColor: UIColor.systemYellow.withAlphaComponent(0.6)]),
            attributed("k e r n e d", [.kern: 3]),
            attributed("underlined", [.underlineStyle: NSUnderlineStyle.single.rawValue, .underlineColor: UIColor.systemBlue]),
            attributed("double", [.underlineStyle: NSUnderlineStyle.double.rawValue]),
            attributed("struck", [.strikethroughStyle: NSUnderlineStyle.single.rawValue, .strikethroughColor: UIColor.systemRed]),
            attributed("raised", [.baselineOffset: 6]),
            attributed("a link", [.link: URL(string: "https://example.com")!]),
            NSAttributedString(string: "Centred by its paragraph style", attributes: [.paragraphStyle: centred]),
            NSAttributedString(string: "Indented first line, spaced lines and a hanging head indent that wraps",
                               attributes: [.paragraphStyle: indented, .foregroundColor: UIColor.secondaryLabel]),
        ]
        var pictures: [Data] = []
        for dark in [false, true] {
            let (screen, root) = makeScreen(width: 390, height: 640, scale: 2)
            if dark { screen.userInterfaceStyle = .dark }
            root.backgroundColor = .systemBackground
            var y: CGFloat = 8
            for sample in samples {
                let label = UILabel(frame: .zero)
                label.numberOfLines = 0
                label.attributedText = sample
                let size = label.sizeThatFits(CGSize(width: 358, height: 0))
                label.frame = CGRect(x: 16, y: y, width: 358, height: size.height)
                root.addSubview(label)
                y += size.height + 6
            }
            final class Rows: NSObject, UITableViewDataSource {
                func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
                func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                    var content = cell.defaultContentConfiguration()
                    let title = NSMutableAttributedString(string: ["Hamlet ", "Macbeth ", "The Tempest "][indexPath.row])
                    title.append(NSAttributedString(string: ["1600", "1606", "1611"][indexPath.row], attributes: [
                        .foregroundColor: UIColor.secondaryLabel, .font: UIFont.systemFont(ofSize: 13), .baselineOffset: 2,
                    ]))
                    content.attributedText = title
                    content.secondaryAttributedText = NSAttributedString(string: "Tragedy", attributes: [
                        .strikethroughStyle: indexPath.row == 2 ? NSUnderlineStyle.single.rawValue : 0,
                    ])
                    cell.contentConfiguration = content
                    return cell
                }
            }
            let table = UITableView(frame: CGRect(x: 0, y: y + 8, width: 390, height: 640 - y - 8), style: .insetGrouped)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            let rows = Rows()
            table.dataSource = rows
            root.addSubview(table)
            screen.advance(by: 1.0 / 60)
            let image = screen.snapshot()
            writeForLooking(image, dark ? "attributed-text-dark" : "attributed-text-light")
            pictures.append(image.pngData()!)
            #expect(table.visibleCells.count == 3)
            withExtendedLifetime(rows) {}
        }
        #expect(pictures[0] != pictures[1], "dark differs from light")
    }
}
