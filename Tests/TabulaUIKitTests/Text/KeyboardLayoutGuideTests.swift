import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("Keyboard layout guide and right-to-left text")
struct KeyboardLayoutGuideTests {
    @Test("a bar pinned to keyboardLayoutGuide.topAnchor rests on the safe area, then rides up with the keyboard")
    func barRidesTheKeyboard() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let controller = UIViewController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        let view = controller.view!
        let bar = UIView(frame: .zero)
        bar.translatesAutoresizingMaskIntoConstraints = false
        let field = UITextField(frame: .zero)
        field.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(bar)
        bar.addSubview(field)
        NSLayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            bar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            bar.heightAnchor.constraint(equalToConstant: 50),
            bar.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor),
            field.leadingAnchor.constraint(equalTo: bar.leadingAnchor, constant: 16),
            field.trailingAnchor.constraint(equalTo: bar.trailingAnchor, constant: -16),
            field.centerYAnchor.constraint(equalTo: bar.centerYAnchor),
        ])
        screen.show(window)
        screen.advance(by: 0.05)
        #expect(abs(bar.frame.maxY - (852 - 34)) < 0.01, "on the safe area's bottom: \(bar.frame.maxY)")
        field.becomeFirstResponder()
        screen.advance(by: 0.1)
        let midway = bar.layer.presentation()!.frame.maxY
        #expect(midway < 852 - 34 && midway > 852 - 336, "riding up with the keyboard: \(midway)")
        screen.advance(by: 0.3)
        #expect(abs(bar.frame.maxY - (852 - 336)) < 0.01)
        #expect(abs(bar.layer.presentation()!.frame.maxY - (852 - 336)) < 0.01)
        field.resignFirstResponder()
        screen.advance(by: 0.4)
        #expect(abs(bar.frame.maxY - (852 - 34)) < 0.01, "back down with the keyboard")
    }

    @Test("right-to-left text: the caret at the end is on the left, and the right arrow moves back through the text")
    func rightToLeft() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 353, height: 34))
        field.borderStyle = .roundedRect
        field.text = "שלום עולם"
        window.addSubview(field)
        screen.show(window)
        field.becomeFirstResponder()
        let end = field.caretRect(for: field.endOfDocument), start = field.caretRect(for: field.beginningOfDocument)
        #expect(end.minX < start.minX, "the text runs right to left, ending on the left")
        #expect(start.maxX > field.bounds.width - 20, "natural alignment puts it at the right")
        screen.pressKey(.keyboardRightArrow)
        #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 8)
        screen.pressKey(.keyboardLeftArrow)
        screen.pressKey(.keyboardLeftArrow)
        #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 9)
        screen.typeText("!")
        #expect(field.text == "שלום עולם!")
    }
}
