import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
final class TextViewLog: UITextViewDelegate {
    var events: [String] = []
    var refuse: String?
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { events.append("shouldBegin"); return true }
    func textViewDidBeginEditing(_ textView: UITextView) { events.append("didBegin") }
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        events.append("shouldChange(\(range.location),\(range.length),\(text.debugDescription))")
        return text != refuse
    }
    func textViewDidChange(_ textView: UITextView) { events.append("didChange") }
    func textViewDidEndEditing(_ textView: UITextView) { events.append("didEnd") }
}

@MainActor
@Suite("UITextView")
struct UITextViewTests {
    let screen = HeadlessScreen(device: .iPhone15)
    let log = TextViewLog()

    func shown(text: String = "") -> UITextView {
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .white
        let view = UITextView(frame: CGRect(x: 0, y: 100, width: 393, height: 300))
        view.font = .systemFont(ofSize: 17)
        view.text = text
        view.delegate = log
        window.addSubview(view)
        screen.show(window)
        return view
    }

    @Test("Return inserts a line break, the delegate is asked, and the content grows with the lines")
    func typingLines() {
        let view = shown()
        view.becomeFirstResponder()
        let before = view.contentSize.height
        screen.typeText("First\nSecond")
        #expect(view.text == "First\nSecond")
        #expect(log.events.contains("shouldChange(5,0,\"\\n\")"))
        view.layoutIfNeeded()
        #expect(view.contentSize.height > before + 15, "two lines: \(before) → \(view.contentSize.height)")
        #expect(log.events.filter { $0 == "didChange" }.count == 12)
    }

    @Test("up and down move by line, keeping the column; home and end go to the line's ends")
    func verticalMovement() throws {
        let view = shown(text: "abcdef\nabcdef\nab")
        view.becomeFirstResponder()
        view.selectedRange = NSRange(location: 3, length: 0)
        screen.pressKey(.keyboardDownArrow)
        #expect(view.selectedRange.location == 10)
        screen.pressKey(.keyboardDownArrow)
        #expect(view.selectedRange.location == 16, "the short last line: its end")
        screen.pressKey(.keyboardUpArrow)
        screen.pressKey(.keyboardHome)
        #expect(view.selectedRange.location == 7)
        screen.pressKey(.keyboardEnd, modifierFlags: .shift)
        #expect(view.selectedRange == NSRange(location: 7, length: 6))
    }

    @Test("typing at the end of a long text keeps the caret in view by scrolling")
    func caretStaysInView() {
        let view = shown(text: (1 ... 60).map { "Line \($0)" }.joined(separator: "\n"))
        view.becomeFirstResponder()
        screen.typeText("!")
        view.layoutIfNeeded()
        let caret = view.caretRect(for: view.endOfDocument)
        #expect(view.contentOffset.y > 900, "scrolled to the end of about 1,250 points of text")
        #expect(caret.maxY <= view.contentOffset.y + view.bounds.height)
        #expect(caret.minY >= view.contentOffset.y)
    }

    @Test("a refused change leaves the text; a non-editable view takes no text")
    func refusalAndReadOnly() {
        let view = shown(text: "keep")
        log.refuse = "x"
        view.becomeFirstResponder()
        screen.typeText("x")
        #expect(view.text == "keep")
        view.resignFirstResponder()
        view.isEditable = false
        view.becomeFirstResponder()
        view.insertText("y")
        #expect(view.text == "keep")
    }

    @Test("the paragraph layout after any sequence of edits equals one made from scratch")
    func incrementalParagraphs() {
        var random = SeededRandom(seed: 0x7E5A)
        let pieces = ["a", "bc", "\n", "\n\n", "é", "👍🏽", " ", "\r\n", "wörd"]
        for _ in 0 ..< 100 {
            var text = (0 ..< 8).map { _ in pieces.randomElement(using: &random)! }.joined()
            let layout = ParagraphLayout(font: .system(size: 17), width: 200, alignment: .natural)
            layout.setText(text)
            for _ in 0 ..< 10 {
                let length = text.utf16.count
                var lower = Int.random(in: 0 ... length, using: &random)
                var upper = Int.random(in: lower ... min(length, lower + 6), using: &random)
                // Edits keep to grapheme boundaries, as TextEditingState makes them.
                let state = TextEditingState(text: text)
                lower = state.boundary(atOrBefore: lower)
                upper = state.boundary(atOrAfter: upper)
                let replacement = Bool.random(using: &random) ? pieces.randomElement(using: &random)! : ""
                var edited = TextEditingState(text: text)
                edited.apply(TextEdit(range: lower ..< upper, replacement: replacement, selectionAfter: 0 ..< 0))
                text = edited.text
                layout.replace(lower ..< upper, in: text, replacementLength: replacement.utf16.count)
                let fresh = ParagraphLayout(font: .system(size: 17), width: 200, alignment: .natural)
                fresh.setText(text)
                #expect(layout.segments.map(\.range) == fresh.segments.map(\.range), "\(text.debugDescription)")
                #expect(layout.segments.map(\.breakLength) == fresh.segments.map(\.breakLength))
                #expect(abs(layout.height - fresh.height) < 0.001)
            }
        }
    }

    @Test("a tap begins editing with the caret where it fell; the text draws")
    func tapAndDraw() throws {
        let view = shown(text: "Tap somewhere in this text to edit it.")
        screen.tap(at: CGPoint(x: 60, y: 117))
        #expect(view.isFirstResponder)
        #expect(log.events.prefix(2) == ["shouldBegin", "didBegin"])
        let caret = view.selectedRange
        #expect(caret.length == 0 && caret.location > 0 && caret.location < 10, "\(caret)")
        screen.typeText("ping ")
        screen.advance(by: 0.3)
        writeForLooking(screen.snapshot(), "textview-editing")
        let image = try #require(screen.snapshot().cgImage)
        // Some dark text pixels in the first line.
        var dark = 0
        for x in stride(from: 20, to: 900, by: 2) where image.color(x: x, y: 3 * 119).red < 0.4 { dark += 1 }
        #expect(dark > 20)
    }
}
