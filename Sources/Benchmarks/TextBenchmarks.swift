import Foundation
import Tabula

/// Typing into a long text: one key typed in the middle of a text view, then the frame
/// that shows it (layout, drawing, compositing) on an iPhone 15-class screen at 3x.
/// The baseline is the same keystroke in a text view of 1,000 characters: a ratio near 1
/// means typing does not slow down with the length of the text.
@MainActor
func runTextBenchmarks() {
    runLongWordBenchmark()
    for runs in [2000, 16_000] { runAttributeRunsBenchmark(runs: runs) }
    runTextFieldBenchmark()
    runLongParagraphBenchmark()
    guard selected("text.typing.textView100k", "text.typing.textView1k") else { return }
    func editingScreen(characters: Int) -> (HeadlessScreen, UITextView) {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let view = UITextView(frame: CGRect(x: 0, y: 100, width: 393, height: 500))
        view.font = .systemFont(ofSize: 17)
        // Paragraphs of about 50 characters, as prose or code has them.
        let paragraph = "The quick brown fox jumps over the lazy dog again.\n"
        view.text = String(String(repeating: paragraph, count: characters / paragraph.count + 1).prefix(characters))
        window.addSubview(view)
        screen.show(window)
        view.becomeFirstResponder()
        view.selectedRange = NSRange(location: characters / 2, length: 0)
        view.scrollRangeToVisible(view.selectedRange)
        screen.advance(by: 0.5)
        screen.renderFrame()
        return (screen, view)
    }
    let (longScreen, long) = editingScreen(characters: 100_000)
    let (shortScreen, short) = editingScreen(characters: 1_000)
    var typed = 0
    func keystroke(_ screen: HeadlessScreen, _ view: UITextView) {
        // Type and delete in turn, so the text stays the same length.
        if typed % 2 == 0 { view.insertText("x") } else { view.deleteBackward() }
        screen.advance(by: 1.0 / 60)
        screen.renderFrame()
    }
    benchmark("text.typing.textView100k", iterations: 200, notes: [
        "what": "one key typed (or deleted) in the middle of a 100,000-character UITextView, then the frame showing it at 3x",
    ], { typed += 1; keystroke(longScreen, long) }, against: "text.typing.textView1k",
       baselineNotes: ["what": "the same keystroke and frame in a 1,000-character text view"]) {
        keystroke(shortScreen, short)
    }
    precondition(long.text.utf16.count >= 99_999, "the long text kept its length")
}

/// A keystroke at the end of a text field holding a megabyte (pasted), then its frame,
/// against the same in a field of 100 characters: the field lays out only the text
/// around the caret, so the ratio stays near 1.
@MainActor
func runTextFieldBenchmark() {
    guard selected("text.typing.textField1MB", "text.typing.textField100") else { return }
    func field(characters: Int) -> (HeadlessScreen, UITextField) {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 353, height: 34))
        field.borderStyle = .roundedRect
        window.addSubview(field)
        screen.show(window)
        field.becomeFirstResponder()
        let line = "All the world's a stage, and all the men and women merely players; "
        field.insertText(String(String(repeating: line, count: characters / line.count + 1).prefix(characters)))
        screen.advance(by: 0.5)
        screen.renderFrame()
        return (screen, field)
    }
    let (bigScreen, big) = field(characters: 1_000_000)
    let (smallScreen, small) = field(characters: 100)
    var typed = 0
    func keystroke(_ screen: HeadlessScreen, _ field: UITextField) {
        if typed % 2 == 0 { field.insertText("x") } else { field.deleteBackward() }
        screen.advance(by: 1.0 / 60)
        screen.renderFrame()
    }
    benchmark("text.typing.textField1MB", iterations: 200, notes: [
        "what": "one key typed (or deleted) at the end of a UITextField holding 1,000,000 characters, then the frame at 3x",
    ], { typed += 1; keystroke(bigScreen, big) }, against: "text.typing.textField100",
       baselineNotes: ["what": "the same keystroke and frame in a field of 100 characters"]) {
        keystroke(smallScreen, small)
    }
}

/// A keystroke in the middle of one paragraph of 1,000,000 characters (no line break),
/// then its frame, against the same in a paragraph of 1,000: the text view lays a long
/// paragraph out in chunks and an edit lays out only the chunk it touches, so the ratio
/// stays near 1 (the goal is within 2×).
@MainActor
func runLongParagraphBenchmark() {
    guard selected("text.typing.textView1MParagraph", "text.typing.textView1kParagraph") else { return }
    func editingScreen(characters: Int) -> (HeadlessScreen, UITextView) {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let view = UITextView(frame: CGRect(x: 0, y: 100, width: 393, height: 500))
        view.font = .systemFont(ofSize: 17)
        let sentence = "The quick brown fox jumps over the lazy dog again and again. "
        view.text = String(String(repeating: sentence, count: characters / sentence.count + 1).prefix(characters))
        window.addSubview(view)
        screen.show(window)
        view.becomeFirstResponder()
        view.selectedRange = NSRange(location: characters / 2, length: 0)
        view.scrollRangeToVisible(view.selectedRange)
        screen.advance(by: 0.5)
        screen.renderFrame()
        return (screen, view)
    }
    let (longScreen, long) = editingScreen(characters: 1_000_000)
    let (shortScreen, short) = editingScreen(characters: 1_000)
    var typed = 0
    func keystroke(_ screen: HeadlessScreen, _ view: UITextView) {
        if typed % 2 == 0 { view.insertText("x") } else { view.deleteBackward() }
        screen.advance(by: 1.0 / 60)
        screen.renderFrame()
    }
    benchmark("text.typing.textView1MParagraph", iterations: 200, notes: [
        "what": "one key typed (or deleted) in the middle of a UITextView holding one paragraph of 1,000,000 characters, then the frame at 3x",
    ], ratioBudget: 2, { typed += 1; keystroke(longScreen, long) }, against: "text.typing.textView1kParagraph",
       baselineNotes: ["what": "the same keystroke and frame in a text view holding one paragraph of 1,000 characters"]) {
        keystroke(shortScreen, short)
    }
    precondition(long.text.utf16.count >= 999_999, "the long text kept its length")
}

/// A label wrapping a 16,000-character word (a token, a hash, base64) against one
/// wrapping 16,000 characters of ordinary words: each measured in a new text each time
/// (the labels' shared layouts would answer a text seen before at once).
@MainActor
func runLongWordBenchmark() {
    guard selected("text.label.longWord16000", "text.label.words16000") else { return }
    let token = String(repeating: "Zm9vYmFy", count: 2000)
    let words = String(repeating: "lorem ipsum dolor sit amet consectetur ", count: 16_000 / 39)
    var made = 0
    func measure(_ text: String) {
        made += 1
        let label = UILabel()
        label.numberOfLines = 0
        label.text = text + "\(made)"
        _ = label.sizeThatFits(CGSize(width: 358, height: CGFloat.greatestFiniteMagnitude))
    }
    benchmark("text.label.longWord16000", iterations: 20, warmup: 2, notes: [
        "what": "sizeThatFits of a label, 0 lines, 358 pt wide, showing one 16,000-character word",
    ], { measure(token) }, against: "text.label.words16000", baselineNotes: [
        "what": "the same with 16,000 characters of ordinary words",
    ]) { measure(words) }
}

/// A label showing text whose every other word has attributes of its own (a chat log,
/// search results with each hit highlighted, syntax colouring) against the same text
/// without attributes: `runs` words, every other one bold and blue.
@MainActor
func runAttributeRunsBenchmark(runs: Int) {
    let name = "text.label.attributeRuns\(runs)", plain = "text.label.plainRuns\(runs)"
    guard selected(name, plain) else { return }
    let words = (0 ..< runs).map { "w\($0 % 100) " }.joined()
    var made = 0
    func measure(attributed: Bool) {
        made += 1
        let string = NSMutableAttributedString(string: words + "\(made)", attributes: [.font: UIFont.systemFont(ofSize: 17)])
        if attributed {
            var location = 0
            for i in 0 ..< runs {
                let length = "w\(i % 100) ".utf16.count
                if i % 2 == 0 {
                    string.addAttributes([.font: UIFont.boldSystemFont(ofSize: 17), .foregroundColor: UIColor.systemBlue],
                                         range: NSRange(location: location, length: length - 1))
                }
                location += length
            }
        }
        let label = UILabel()
        label.numberOfLines = 0
        label.attributedText = string
        _ = label.sizeThatFits(CGSize(width: 358, height: CGFloat.greatestFiniteMagnitude))
    }
    benchmark(name, iterations: 10, warmup: 1, notes: [
        "what": "sizeThatFits of a label, 0 lines, 358 pt wide, \(runs) words, every other one bold and blue",
    ], { measure(attributed: true) }, against: plain, baselineNotes: [
        "what": "the same words in one font and colour",
    ]) { measure(attributed: false) }
}
