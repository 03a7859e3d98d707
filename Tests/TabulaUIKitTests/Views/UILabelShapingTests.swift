import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A one-line label is measured on an unbounded line (its intrinsic size) and then drawn in
/// its bounds; where the line fits and starts at the left edge, the measured layout is the
/// one drawn, so the text is shaped once. What it draws must not depend on that.
@MainActor
@Suite("UILabel: a line measured and then drawn is shaped once, and draws the same")
struct UILabelShapingTests {
    /// A label of `size` set up by `configure`, drawn on a screen of its own, its intrinsic
    /// size asked first or not.
    private static func drawn(_ size: CGSize, measuredFirst: Bool, _ configure: (UILabel) -> Void) throws -> [UInt32] {
        let (screen, root) = makeScreen(width: size.width, height: size.height, scale: 2)
        let label = UILabel(frame: CGRect(origin: .zero, size: size))
        configure(label)
        if measuredFirst { _ = label.intrinsicContentSize }
        root.addSubview(label)
        screen.advance(by: 1.0 / 60)
        let image = try #require(screen.snapshot().cgImage)
        var words: [UInt32] = []
        image.withUnsafePixels { p, stride in
            for y in 0 ..< image.height { for x in 0 ..< image.width { words.append(p[y * stride + x]) } }
        }
        return words
    }

    enum Line: String, CaseIterable, Sendable {
        case cellTitle = "a cell's title", centred, rightAligned = "right-aligned", leftHebrew = "left-aligned Hebrew"
        case naturalArabic = "natural Arabic", justified, lineBreak = "a line break in one line"
        case truncated = "too long, truncated", indented = "an indented paragraph"

        @MainActor func configure(_ label: UILabel) {
            switch self {
            case .cellTitle: label.text = "Row 50007"
            case .centred: label.text = "Row 7"; label.textAlignment = .center
            case .rightAligned: label.text = "Row 7"; label.textAlignment = .right
            case .leftHebrew: label.text = "שלום עולם"; label.textAlignment = .left
            case .naturalArabic: label.text = "مرحبا بالعالم"
            case .justified: label.text = "Two words"; label.textAlignment = .justified
            case .lineBreak: label.text = "First line\nSecond line"
            case .truncated: label.text = String(repeating: "Far too long ", count: 8)
            case .indented:
                let style = NSMutableParagraphStyle()
                style.firstLineHeadIndent = 30
                label.attributedText = NSAttributedString(string: "Indented", attributes: [.paragraphStyle: style])
            }
        }
    }

    @Test("measured first or not, every kind of line draws the same pixels", arguments: Line.allCases)
    func samePixels(line: Line) throws {
        let size = CGSize(width: 220, height: 30)
        let measured = try Self.drawn(size, measuredFirst: true, line.configure)
        let unmeasured = try Self.drawn(size, measuredFirst: false, line.configure)
        #expect(measured.contains { $0 != measured[0] }, "\(line.rawValue): something is drawn")
        let differing = zip(measured, unmeasured).filter { $0 != $1 }.count
        #expect(differing == 0, "\(line.rawValue): \(differing) pixels differ")
    }

    @Test("a left-to-right line that fits is drawn from the layout it was measured with; others get their own")
    func shapedOnce() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        label.text = "Row 50007"
        let measured = label.layout(forWidth: nil)
        #expect(label.fittedLayout(in: label.bounds.size).layout === measured)

        label.textAlignment = .center
        let centred = label.layout(forWidth: nil)
        #expect(label.fittedLayout(in: label.bounds.size).layout !== centred, "centring needs the width")

        label.textAlignment = .natural
        label.text = "مرحبا"
        let arabic = label.layout(forWidth: nil)
        #expect(label.fittedLayout(in: label.bounds.size).layout !== arabic, "right-to-left text starts at the right")

        label.text = String(repeating: "Far too long ", count: 8)
        let long = label.layout(forWidth: nil)
        #expect(label.fittedLayout(in: label.bounds.size).layout !== long, "a line wider than the label is truncated")
    }

    @Test("two labels showing the same words share one layout; a change to one leaves the other as it was")
    func labelsShareLayouts() {
        let pushed = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        let inserted = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        pushed.text = "Row 50002"
        inserted.text = "Row 50002"
        #expect(inserted.layout(forWidth: nil) === pushed.layout(forWidth: nil))
        let size = pushed.intrinsicContentSize
        inserted.font = .systemFont(ofSize: 34)
        inserted.text = "Row 50002 and more"
        #expect(inserted.layout(forWidth: nil) !== pushed.layout(forWidth: nil))
        #expect(pushed.intrinsicContentSize == size && inserted.intrinsicContentSize.width > size.width * 2)
        // The same words in another colour are the same shapes: colour is given when drawn.
        let tinted = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        tinted.text = "Row 50002"
        tinted.textColor = .systemRed
        #expect(tinted.layout(forWidth: nil) === pushed.layout(forWidth: nil))
    }
}
