import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Records what a text field asks and tells its delegate, in order, and can refuse.
@MainActor
final class FieldLog: UITextFieldDelegate {
    var events: [String] = []
    var allowChanges = true
    var allowEnd = true
    var resignOnReturn = false
    var changes: [(NSRange, String)] = []

    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { events.append("shouldBegin"); return true }
    func textFieldDidBeginEditing(_ textField: UITextField) { events.append("didBegin") }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { events.append("shouldEnd"); return allowEnd }
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
        events.append("didEnd(\(reason == .committed ? "committed" : "cancelled"))")
    }
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        changes.append((range, string))
        return allowChanges
    }
    func textFieldShouldClear(_ textField: UITextField) -> Bool { events.append("shouldClear"); return true }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        events.append("shouldReturn")
        if resignOnReturn { textField.resignFirstResponder() }
        return true
    }
}

@MainActor
@Suite("UITextField")
struct UITextFieldTests {
    let screen = HeadlessScreen(device: .iPhone15)
    let log = FieldLog()

    /// A window with two rounded-rect fields near the top.
    func shown() -> (UITextField, UITextField) {
        // The first responder is one per app: end what an earlier test left editing.
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .systemGroupedBackground
        let name = UITextField(frame: CGRect(x: 20, y: 100, width: 353, height: 34))
        name.borderStyle = .roundedRect
        name.placeholder = "Name"
        name.delegate = log
        let other = UITextField(frame: CGRect(x: 20, y: 150, width: 353, height: 34))
        other.borderStyle = .roundedRect
        other.placeholder = "Email"
        window.addSubview(name)
        window.addSubview(other)
        screen.show(window)
        return (name, other)
    }

    private func observe(_ names: [Notification.Name], into events: @escaping @MainActor (String) -> Void) -> [NSObjectProtocol] {
        names.map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                let name = note.name.rawValue.replacingOccurrences(of: "UIKeyboard", with: "")
                MainActor.assumeIsolated { events(name) }
            }
        }
    }

    @Test("a tap begins editing: the delegate first, then editingDidBegin, then the keyboard slides up over 0.25 s")
    func tapBeginsEditing() throws {
        let (field, _) = shown()
        var events: [String] = []
        field.addAction(UIAction { _ in self.log.events.append("editingDidBegin") }, for: .editingDidBegin)
        let observers = observe([UIResponder.keyboardWillShowNotification, UIResponder.keyboardDidShowNotification]) {
            self.log.events.append($0)
        }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        screen.tap(at: CGPoint(x: 100, y: 117))
        #expect(field.isEditing && field.isFirstResponder)
        #expect(log.events == ["shouldBegin", "didBegin", "editingDidBegin", "WillShowNotification"])
        let keyboard = try #require(screen.keyboardFrame)
        #expect(keyboard == CGRect(x: 0, y: 852 - 336, width: 393, height: 336))
        let view = try #require(screen.window?.softwareKeyboard.view)
        screen.advance(by: 0.1)
        let midway = view.layer.presentation()!.frame.minY
        #expect(midway > keyboard.minY && midway < 852, "sliding up: \(midway)")
        screen.advance(by: 0.2)
        #expect(view.layer.presentation()!.frame.minY == keyboard.minY)
        #expect(log.events.last == "DidShowNotification")
        events = log.events
        #expect(events.count == 5)
        writeForLooking(screen.snapshot(), "textfield-editing")
    }

    @Test("typed text goes through the delegate, sends editingChanged each time, and the caret follows it")
    func typing() throws {
        let (field, _) = shown()
        var changed = 0
        field.addAction(UIAction { _ in changed += 1 }, for: .editingChanged)
        field.becomeFirstResponder()
        screen.typeText("Hi 👋🏽")
        #expect(field.text == "Hi 👋🏽")
        #expect(changed == 4)
        #expect(log.changes.map(\.0) == [NSRange(location: 0, length: 0), NSRange(location: 1, length: 0),
                                         NSRange(location: 2, length: 0), NSRange(location: 3, length: 0)])
        #expect(field.selectedTextRange == field.textRange(from: field.endOfDocument, to: field.endOfDocument))
        // Delete removes the whole emoji with its skin tone (4 UTF-16 units), then the space.
        screen.typeText("\u{8}")
        #expect(field.text == "Hi ")
        #expect(log.changes.last! == (NSRange(location: 3, length: 4), ""))
        screen.typeText("\u{8}\u{8}")
        #expect(field.text == "H")
        #expect(changed == 7)
    }

    @Test("a delegate that refuses every change leaves text, selection and events as they were")
    func refusingDelegate() {
        let (field, _) = shown()
        field.text = "keep"
        field.becomeFirstResponder()
        var changed = 0
        field.addAction(UIAction { _ in changed += 1 }, for: .editingChanged)
        log.allowChanges = false
        UIPasteboard.general.string = "pasted"
        screen.typeText("xyz\u{8}")
        screen.pressKey(.keyboardV, modifierFlags: .command)
        screen.setMarkedText("ka")
        #expect(field.text == "keep")
        #expect(field.markedTextRange == nil)
        #expect(changed == 0)
        #expect(log.changes.count == 6, "asked each time: 3 letters, a delete, a paste, a composition")
    }

    @Test("Return asks textFieldShouldReturn and sends editingDidEndOnExit, inserting nothing")
    func returnKey() {
        let (field, _) = shown()
        var exits = 0
        field.addAction(UIAction { _ in exits += 1 }, for: .editingDidEndOnExit)
        log.resignOnReturn = true
        field.becomeFirstResponder()
        screen.typeText("Ada\n")
        #expect(field.text == "Ada")
        #expect(exits == 1)
        #expect(!field.isEditing)
        #expect(log.events.suffix(3) == ["shouldReturn", "shouldEnd", "didEnd(committed)"])
        screen.advance(by: 0.3)
        #expect(screen.keyboardFrame == nil, "the keyboard went down")
    }

    @Test("an input method's composition is marked, replaced as it grows, and committed")
    func composition() {
        let (field, _) = shown()
        field.becomeFirstResponder()
        screen.typeText("I said ")
        for marked in ["n", "ni", "nih", "niha", "nihao"] { screen.setMarkedText(marked) }
        #expect(field.text == "I said nihao")
        #expect(field.markedTextRange.map { field.offset(from: field.beginningOfDocument, to: $0.start) } == 7)
        screen.typeText("你好")
        #expect(field.text == "I said 你好")
        #expect(field.markedTextRange == nil)
        screen.setMarkedText("ㅎ")
        screen.setMarkedText("하")
        screen.unmarkText()
        #expect(field.text == "I said 你好하")
        screen.typeText(" 👋🏽")
        screen.setMarkedText("にほん")
        screen.advance(by: 0.05)
        writeForLooking(screen.snapshot(), "textfield-cjk")
    }

    @Test("arrows, shift, option and command move and select; copy and paste go through the pasteboard")
    func keys() {
        let (field, _) = shown()
        field.text = "one two three"
        field.becomeFirstResponder()
        screen.pressKey(.keyboardLeftArrow, modifierFlags: .alternate)
        screen.pressKey(.keyboardLeftArrow, modifierFlags: [.alternate, .shift])
        #expect(field.text(in: field.selectedTextRange!) == "two ")
        screen.pressKey(.keyboardC, modifierFlags: .command)
        #expect(UIPasteboard.general.string == "two ")
        screen.pressKey(.keyboardEnd)
        screen.typeText(" ")
        screen.pressKey(.keyboardV, modifierFlags: .control)
        #expect(field.text == "one two three two ")
        screen.pressKey(.keyboardA, modifierFlags: .command)
        screen.pressKey(.keyboardX, modifierFlags: .command)
        #expect(field.text == "")
        #expect(UIPasteboard.general.string == "one two three two ")
        screen.pressKey(.keyboardV, modifierFlags: .command)
        screen.pressKey(.keyboardHome)
        screen.pressKey(.keyboardDeleteForward)
        #expect(field.text == "ne two three two ")
    }

    @Test("secure text draws dots, cannot be copied or cut, and still edits by cluster")
    func secure() {
        let (field, _) = shown()
        field.isSecureTextEntry = true
        field.becomeFirstResponder()
        UIPasteboard.general.string = "before"
        screen.typeText("pa🇫🇷")
        screen.pressKey(.keyboardA, modifierFlags: .command)
        screen.pressKey(.keyboardC, modifierFlags: .command)
        screen.pressKey(.keyboardX, modifierFlags: .command)
        #expect(UIPasteboard.general.string == "before")
        #expect(field.text == "pa🇫🇷")
        screen.pressKey(.keyboardRightArrow)
        screen.typeText("\u{8}")
        #expect(field.text == "pa")
    }

    @Test("tapping the software keyboard's keys types: shift capitalizes the first letter, then space, delete and return")
    func softwareKeys() throws {
        let (field, _) = shown()
        log.resignOnReturn = true
        screen.tap(at: CGPoint(x: 100, y: 117))
        screen.advance(by: 0.3)
        let keyboard = try #require(screen.window?.softwareKeyboard.view)
        func tapKey(_ key: KeyboardView.Key) throws {
            let rect = try #require(keyboard.keys().first { $0.key == key }?.rect)
            screen.tap(at: keyboard.convert(CGPoint(x: rect.midX, y: rect.midY), to: nil))
        }
        try tapKey(.character("H"))
        try tapKey(.character("i"))
        try tapKey(.space)
        try tapKey(.character("x"))
        try tapKey(.delete)
        #expect(field.text == "Hi ")
        try tapKey(.returnKey)
        #expect(log.events.contains("shouldReturn"))
        #expect(!field.isEditing)
    }

    @Test("moving to another field keeps the keyboard up and announces it again; endEditing(true) ends it without asking")
    func switchingAndForcedEnd() {
        let (field, other) = shown()
        var names: [String] = []
        let observers = observe([UIResponder.keyboardWillShowNotification, UIResponder.keyboardWillHideNotification]) { names.append($0) }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        screen.tap(at: CGPoint(x: 100, y: 117))
        screen.advance(by: 0.3)
        screen.tap(at: CGPoint(x: 100, y: 167))
        #expect(other.isEditing && !field.isEditing)
        #expect(names == ["WillShowNotification", "WillShowNotification"])
        log.allowEnd = false
        screen.tap(at: CGPoint(x: 100, y: 117))
        #expect(field.isEditing)
        #expect(field.resignFirstResponder() == false, "the delegate refuses")
        #expect(field.isEditing)
        #expect(screen.window!.endEditing(true))
        #expect(!field.isEditing && !field.isFirstResponder)
        #expect(names.last == "WillHideNotification")
    }

    @Test("the clear button asks textFieldShouldClear and empties the field")
    func clearButton() {
        let (field, _) = shown()
        field.clearButtonMode = .always
        field.text = "something"
        screen.advance(by: 0.05)
        let button = field.clearButtonRect(forBounds: field.bounds)
        screen.tap(at: field.convert(CGPoint(x: button.midX, y: button.midY), to: nil))
        #expect(field.text == "")
        #expect(log.events.contains("shouldClear"))
    }

    @Test("a tap while editing places the caret, a double tap selects the word")
    func tapsPlaceAndSelect() throws {
        let (field, _) = shown()
        field.text = "hello world"
        field.becomeFirstResponder()
        let start = field.caretRect(for: field.beginningOfDocument)
        let tapY = field.convert(CGPoint(x: 0, y: field.bounds.midY), to: nil).y
        // Two taps on "world", far enough apart in time to be separate taps.
        let worldX = field.convert(CGPoint(x: start.minX + 60, y: 0), to: nil).x
        screen.tap(at: CGPoint(x: worldX, y: tapY))
        let caret = try #require(field.selectedTextRange)
        #expect(caret.isEmpty)
        let offset = field.offset(from: field.beginningOfDocument, to: caret.start)
        #expect(offset > 6 && offset < 11, "in the second word: \(offset)")
        screen.advance(by: 0.05)
        screen.tap(at: CGPoint(x: worldX, y: tapY))
        #expect(field.text(in: field.selectedTextRange!) == "world")
    }

    @Test("a rounded-rect field draws its placeholder grey and, while editing, a tint-coloured caret")
    func drawing() throws {
        let (field, _) = shown()
        var frame = screen.snapshot()
        let placeholderPixel = darkestPixel(in: frame, rect: field.convert(CGRect(x: 7, y: 8, width: 40, height: 18), to: nil))
        #expect(placeholderPixel > 0.55 && placeholderPixel < 0.9, "placeholder grey: \(placeholderPixel)")
        field.becomeFirstResponder()
        screen.advance(by: 0.05)
        frame = screen.snapshot()
        let caret = field.caretRect(for: field.endOfDocument)
        let center = field.convert(CGPoint(x: caret.midX, y: caret.midY), to: nil)
        let pixel = try #require(frame.cgImage).color(x: Int(center.x * 3), y: Int(center.y * 3))
        #expect(pixel.blue > 0.8 && pixel.red < 0.3, "the caret is system blue: \(pixel)")
    }

    @Test("a megabyte pasted into a field: only the text around the caret is laid out, and editing goes on")
    func megabytePaste() throws {
        let (field, _) = shown()
        field.becomeFirstResponder()
        let line = "All the world's a stage, and all the men and women merely players; "
        UIPasteboard.general.string = String(repeating: line, count: 1_000_000 / line.count) + "END"
        screen.pressKey(.keyboardV, modifierFlags: .command)
        let length = field.text!.utf16.count
        #expect(length > 990_000)
        let (layout, _) = field.editingLayout()
        #expect(layout.text.utf16.count <= 2 * UITextField.windowReach + 1, "laid out: \(layout.text.utf16.count)")
        #expect(layout.text.hasSuffix("END"), "the end, where the caret is, is laid out")
        screen.typeText("!\u{8}\u{8}")
        #expect(field.text!.hasSuffix("EN"))
        // Home jumps to the start: the window follows the caret there.
        screen.pressKey(.keyboardHome)
        let (start, _) = field.editingLayout()
        #expect(start.text.hasPrefix("All the world"))
        screen.typeText(">")
        #expect(field.text!.hasPrefix(">All"))
        let caret = field.caretRect(for: field.selectedTextRange!.start)
        #expect(caret.minX > 7 && caret.minX < 30, "the caret just after the first character: \(caret.minX)")
        // Walking right across the window's edge keeps the caret on screen.
        for _ in 0 ..< 30 { screen.pressKey(.keyboardRightArrow, modifierFlags: .alternate) }
        screen.advance(by: 0.05)
        let moved = field.caretRect(for: field.selectedTextRange!.start)
        #expect(moved.minX >= 0 && moved.maxX <= field.bounds.width, "in view: \(moved)")
    }

    /// The darkest grey value (0 black … 1 white) in `rect` (points) of `image`.
    private func darkestPixel(in image: UIImage, rect: CGRect) -> Double {
        var darkest = 1.0
        guard let bitmap = image.cgImage else { return darkest }
        for y in Int(rect.minY * 3) ..< Int(rect.maxY * 3) {
            for x in Int(rect.minX * 3) ..< Int(rect.maxX * 3) {
                let p = bitmap.color(x: x, y: y)
                darkest = min(darkest, (p.red + p.green + p.blue) / 3)
            }
        }
        return darkest
    }
}
