import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Records what a text field's delegate is asked.
@MainActor
final class FieldRangeLog: NSObject, UITextFieldDelegate {
    var ranges: [NSRange] = []
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        ranges.append(range)
        return true
    }
}

/// Text input as careless code drives it: ranges kept from before the text changed,
/// ranges inside an emoji, `NSRange`s with huge or negative numbers, offsets of `Int.max`,
/// NaN points. Each is clamped (or snapped to whole characters), reported when it lay
/// outside the text, and never stops the program.
@MainActor
@Suite("Text input misuse")
struct TextInputMisuseTests {
    let screen = HeadlessScreen(device: .iPhone15)
    var reports: [String] { reportBox.lines }
    private let reportBox = ReportBox()

    @MainActor final class ReportBox { var lines: [String] = [] }

    init() {
        let box = reportBox
        screen.onReport = { box.lines.append($0) }
        screen.showsSoftwareKeyboard = false
    }

    func textView(_ text: String) -> UITextView {
        let window = UIWindow(frame: .zero)
        let view = UITextView(frame: CGRect(x: 0, y: 100, width: 393, height: 300))
        view.font = .systemFont(ofSize: 17)
        view.text = text
        window.addSubview(view)
        screen.show(window)
        view.becomeFirstResponder()
        return view
    }

    func textField(_ text: String, delegate: UITextFieldDelegate? = nil) -> UITextField {
        let window = UIWindow(frame: .zero)
        let field = UITextField(frame: CGRect(x: 16, y: 100, width: 300, height: 44))
        field.text = text
        field.delegate = delegate
        window.addSubview(field)
        screen.show(window)
        field.becomeFirstResponder()
        return field
    }

    @Test("a range kept from before the text shrank is clamped to the text, reported, and the edit made")
    func staleRangeInTextView() throws {
        let view = textView("Hello, world")
        let stale = try #require(view.textRange(from: view.position(from: view.beginningOfDocument, offset: 7)!,
                                                to: view.endOfDocument))
        view.text = "Hi"
        view.becomeFirstResponder()
        view.replace(stale, withText: "!")
        #expect(view.text == "Hi!")
        #expect(view.selectedRange == NSRange(location: 3, length: 0))
        #expect(reports.count == 1)
        #expect(reports.first?.contains("UITextView.replace(_:withText:)") == true)
        #expect(reports.first?.contains("7..<12") == true)
    }

    @Test("a stale range of the same length as the text is fine: it still lies inside")
    func staleRangeSameLength() throws {
        let view = textView("abcdef")
        let range = try #require(view.textRange(from: view.position(from: view.beginningOfDocument, offset: 2)!,
                                                to: view.position(from: view.beginningOfDocument, offset: 4)!))
        view.text = "uvwxyz"
        view.becomeFirstResponder()
        view.replace(range, withText: "--")
        #expect(view.text == "uv--yz")
        #expect(reports.isEmpty)
    }

    @Test("a delegate is only ever asked about ranges inside the text, even for a stale one")
    func delegateSeesRangesInsideTheText() throws {
        let log = FieldRangeLog()
        let field = textField("abcdefghijklmnopqrstuvwxyz", delegate: log)
        let stale = try #require(field.textRange(from: field.position(from: field.beginningOfDocument, offset: 20)!,
                                                 to: field.endOfDocument))
        field.text = "abc"
        field.replace(stale, withText: "Z")
        #expect(log.ranges == [NSRange(location: 3, length: 0)])
        #expect(field.text == "abcZ")
        #expect(reports.count == 1)
    }

    @Test("ranges that start or end inside a grapheme cluster are widened to whole clusters",
          arguments: ["👨‍👩‍👧", "🇫🇷", "e\u{301}", "👍🏽", "😀"])
    func rangesInsideClusters(cluster: String) throws {
        let field = textField("a" + cluster + "b")
        // One UTF-16 unit into the cluster, to one unit before its end.
        let inside = try #require(field.textRange(from: field.position(from: field.beginningOfDocument, offset: 2)!,
                                                  to: field.position(from: field.beginningOfDocument,
                                                                     offset: cluster.utf16.count)!))
        field.replace(inside, withText: "X")
        #expect(field.text == "aXb", "the whole cluster is replaced")
        // A marked text composed over a range that ends inside a cluster.
        let view = textView("x" + cluster)
        view.selectedRange = NSRange(location: 1, length: 1)
        #expect(view.selectedRange == NSRange(location: 1, length: cluster.utf16.count), "widened to the cluster")
        view.setMarkedText("ka", selectedRange: NSRange(location: 2, length: 0))
        #expect(view.text == "xka")
        #expect(view.markedTextRange.map { view.offset(from: view.beginningOfDocument, to: $0.start) } == 1)
        #expect(reports.isEmpty, "snapping to clusters is not a misuse: \(reports)")
    }

    @Test("NSRanges with huge, negative or NSNotFound numbers are clamped and reported, not trapped")
    func hugeAndNegativeNSRanges() {
        let view = textView("Hello")
        view.selectedRange = NSRange(location: 2, length: -5)
        #expect(view.selectedRange == NSRange(location: 2, length: 0))
        view.selectedRange = NSRange(location: Int.max - 1, length: Int.max)
        #expect(view.selectedRange == NSRange(location: 5, length: 0))
        view.selectedRange = NSRange(location: 1, length: Int.max)
        #expect(view.selectedRange == NSRange(location: 1, length: 4))
        #expect(reports.count == 3)
        view.setMarkedText("あい", selectedRange: NSRange(location: Int.max - 1, length: Int.max))
        #expect(view.text == "Hあい")
        view.setMarkedText("あいう", selectedRange: NSRange(location: NSNotFound, length: 0))
        #expect(view.text == "Hあいう")
        view.unmarkText()
        view.scrollRangeToVisible(NSRange(location: -3, length: Int.max))
        #expect(reports.count == 5)
    }

    @Test("position arithmetic with Int.max neither overflows nor takes time that grows with the offset")
    func positionsWithHugeOffsets() throws {
        let field = textField("Hello")
        let view = textView(String(repeating: "line of text\n", count: 50))
        for input in [field as any UITextInput, view as any UITextInput] {
            let start = input.beginningOfDocument, end = input.endOfDocument
            #expect(input.position(from: start, offset: Int.max) == nil)
            #expect(input.position(from: end, offset: Int.min) == nil)
            #expect(input.position(from: start, in: .right, offset: Int.max) == end)
            #expect(input.position(from: end, in: .left, offset: Int.max) == start)
            #expect(input.position(from: start, in: .down, offset: Int.max) == end)
            #expect(input.position(from: end, in: .up, offset: 100_000_000) == start)
        }
    }

    @Test("closestPosition(to:) with NaN is nil, and far-off points land at the text's ends")
    func closestPositionToOddPoints() throws {
        let field = textField("Hello")
        let view = textView("Hello\nworld")
        for input in [field as any UITextInput, view as any UITextInput] {
            #expect(input.closestPosition(to: CGPoint(x: CGFloat.nan, y: 10)) == nil)
            #expect(input.closestPosition(to: CGPoint(x: 10, y: CGFloat.nan)) == nil)
            let far = try #require(input.closestPosition(to: CGPoint(x: 1e12, y: 1e12)))
            #expect(far == input.endOfDocument)
            let before = try #require(input.closestPosition(to: CGPoint(x: -1e12, y: -1e12)))
            #expect(before == input.beginningOfDocument)
            _ = input.closestPosition(to: CGPoint(x: CGFloat.infinity, y: -CGFloat.infinity))
        }
    }

    @Test("positions and ranges from before the text changed give clamped rectangles and text")
    func staleGeometryQueries() throws {
        let view = textView("A long text that will be cut short")
        let end = view.endOfDocument
        let range = try #require(view.textRange(from: view.beginningOfDocument, to: end))
        view.text = "Short"
        let caret = view.caretRect(for: end)
        #expect(caret.minY >= 0 && caret.height > 0 && caret.minX.isFinite)
        #expect(view.text(in: range) == "Short")
        #expect(view.firstRect(for: range).width > 0)
        view.selectedTextRange = range
        #expect(view.selectedRange == NSRange(location: 0, length: 5))
        #expect(reports.count == 1, "only setting the selection is a change, and it is reported")
    }
}

/// Where the first tap into a field puts the caret.
@MainActor
@Suite("Text fields: the first tap")
struct FirstTapTests {
    @Test("the first tap at the end of right-aligned text puts the caret at its end, though a clear button then appears")
    func firstTapInRightAlignedField() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        screen.showsSoftwareKeyboard = false
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .white
        let field = UITextField(frame: CGRect(x: 110, y: 200, width: 260, height: 44))
        field.text = "Tabula's iPhone"
        field.textAlignment = .right
        field.clearButtonMode = .whileEditing
        window.addSubview(field)
        screen.show(window)
        screen.advance(by: 0.1)
        // Just inside the end of the drawn text, and then in the middle of "Tabula's".
        let end = field.convert(CGPoint(x: field.bounds.maxX - 3, y: field.bounds.midY), to: nil)
        screen.tap(at: end)
        screen.advance(by: 0.1)
        #expect(field.isEditing)
        #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 15)
        screen.typeText(" Pro")
        #expect(field.text == "Tabula's iPhone Pro")
    }
}
