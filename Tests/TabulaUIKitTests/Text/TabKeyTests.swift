import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Tab with a hardware keyboard: in a text field it moves the keyboard to the next text
/// input in reading order (Shift-Tab to the previous one, going round at the ends); in a
/// text view it types a tab character.
@MainActor
@Suite("Text input: the Tab key")
struct TabKeyTests {
    let screen = HeadlessScreen(device: .iPhone15)

    /// A form: two fields side by side, a hidden field, a disabled one, a text view and a
    /// last field, laid out top to bottom but added in another order.
    func form() -> (first: UITextField, second: UITextField, hidden: UITextField, disabled: UITextField,
                    notes: UITextView, last: UITextField) {
        let root = UIViewController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = root
        screen.show(window)
        func field(_ frame: CGRect) -> UITextField {
            let field = UITextField(frame: frame)
            field.borderStyle = .roundedRect
            return field
        }
        let last = field(CGRect(x: 20, y: 400, width: 300, height: 34))
        let second = field(CGRect(x: 200, y: 100, width: 150, height: 34))
        let first = field(CGRect(x: 20, y: 100, width: 150, height: 34))
        let hidden = field(CGRect(x: 20, y: 160, width: 300, height: 34))
        hidden.isHidden = true
        let disabled = field(CGRect(x: 20, y: 220, width: 300, height: 34))
        disabled.isEnabled = false
        let notes = UITextView(frame: CGRect(x: 20, y: 280, width: 300, height: 80))
        for view in [last, second, first, hidden, disabled, notes] as [UIView] { root.view.addSubview(view) }
        screen.advance(by: 0.1)
        return (first, second, hidden, disabled, notes, last)
    }

    @Test("Tab in a text field moves to the next input in reading order, skipping hidden and disabled ones; Shift-Tab goes back; the ends go round")
    func tabMovesBetweenFields() throws {
        let f = form()
        #expect(f.first.becomeFirstResponder())
        screen.typeText("Grace")
        screen.pressKey(.keyboardTab, characters: "\t")
        #expect(f.second.isFirstResponder, "the field to the right on the same line is next")
        #expect(f.first.text == "Grace", "Tab typed nothing into the field it left")
        screen.pressKey(.keyboardTab, characters: "\t")
        #expect(f.notes.isFirstResponder, "hidden and disabled fields are skipped")
        screen.pressKey(.keyboardTab, characters: "\t")
        #expect(f.notes.isFirstResponder && f.notes.text == "\t", "in a text view Tab types a tab")
        _ = f.last.becomeFirstResponder()
        screen.pressKey(.keyboardTab, characters: "\t")
        #expect(f.first.isFirstResponder, "after the last input the first comes again")
        screen.pressKey(.keyboardTab, characters: "\t", modifierFlags: .shift)
        #expect(f.last.isFirstResponder, "Shift-Tab goes back, round the start")
        screen.pressKey(.keyboardTab, characters: "\t", modifierFlags: .shift)
        #expect(f.notes.isFirstResponder)
        #expect(f.hidden.text ?? "" == "" && f.disabled.text ?? "" == "")
    }

    @Test("a field that refuses to end editing keeps the keyboard on Tab, and a lone field keeps it too")
    func tabRespectsTheDelegate() throws {
        final class Holding: NSObject, UITextFieldDelegate {
            func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { false }
        }
        let f = form()
        let holding = Holding()
        f.first.delegate = holding
        #expect(f.first.becomeFirstResponder())
        screen.pressKey(.keyboardTab, characters: "\t")
        #expect(f.first.isFirstResponder, "the delegate kept the keyboard here")
        #expect(!f.second.isFirstResponder)
        f.first.delegate = nil
        for view in [f.second, f.notes, f.last] as [UIView] { view.removeFromSuperview() }
        screen.pressKey(.keyboardTab, characters: "\t")
        #expect(f.first.isFirstResponder && f.first.text == "", "alone, Tab leaves the field as it is")
    }

    @Test("Tab reaches a field scrolled out of view and scrolls it in; it never leaves a sheet for the screen behind")
    func tabScrollsAndStaysInItsScreen() throws {
        let root = UIViewController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = root
        screen.show(window)
        let scroll = UIScrollView(frame: root.view.bounds)
        scroll.contentSize = CGSize(width: scroll.bounds.width, height: 3000)
        root.view.addSubview(scroll)
        let fields = [100, 2500].map { y -> UITextField in
            let field = UITextField(frame: CGRect(x: 20, y: CGFloat(y), width: 300, height: 34))
            scroll.addSubview(field)
            return field
        }
        screen.advance(by: 0.1)
        #expect(fields[0].becomeFirstResponder())
        screen.pressKey(.keyboardTab, characters: "\t")
        screen.advance(by: 1)
        #expect(fields[1].isFirstResponder)
        let shown = fields[1].convert(fields[1].bounds, to: nil)
        #expect(CGRect(origin: .zero, size: screen.size).contains(shown), "the field 2,500 points down was scrolled into view: \(shown)")

        let sheet = UIViewController()
        let inSheet = [60, 120].map { y -> UITextField in
            let field = UITextField(frame: CGRect(x: 20, y: CGFloat(y), width: 300, height: 34))
            sheet.view.addSubview(field)
            return field
        }
        root.present(sheet, animated: false)
        screen.advance(by: 0.1)
        #expect(inSheet[0].becomeFirstResponder())
        for _ in 0 ..< 3 {
            screen.pressKey(.keyboardTab, characters: "\t")
            #expect(inSheet.contains { $0.isFirstResponder }, "Tab stays on the sheet")
        }
    }
}
