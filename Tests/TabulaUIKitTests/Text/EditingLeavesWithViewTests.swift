import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A text field that leaves its window takes its editing with it, as in UIKit: it resigns
/// (its delegate hears the end) and the keyboard goes down. An app that signs
/// in from a field still editing and then swaps the window's root view controller must
/// not show its next screen under a keyboard nobody can dismiss.
@MainActor
@Suite("Editing ends when the view leaves its window")
struct EditingLeavesWithViewTests {
    /// A screen with a sign-in form: a field inside a container view.
    final class FormController: UIViewController {
        let form = UIView(frame: CGRect(x: 20, y: 100, width: 353, height: 100))
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 353, height: 34))
        override func viewDidLoad() {
            view.backgroundColor = .systemBackground
            field.borderStyle = .roundedRect
            field.placeholder = "Username"
            form.addSubview(field)
            view.addSubview(form)
        }
    }

    func editing() throws -> (HeadlessScreen, UIWindow, FormController, FieldLog) {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let form = FormController()
        window.rootViewController = form
        screen.show(window)
        let log = FieldLog()
        form.field.delegate = log
        screen.tap(at: CGPoint(x: 100, y: 117))
        screen.advance(by: 0.3)
        #expect(form.field.isEditing)
        #expect(screen.keyboardFrame != nil, "the keyboard is up while the field edits")
        return (screen, window, form, log)
    }

    @Test("replacing the window's root view controller ends editing and takes the keyboard down")
    func replacingRoot() throws {
        let (screen, window, form, log) = try editing()
        let next = UIViewController()
        next.view.backgroundColor = .systemTeal
        window.rootViewController = next
        screen.advance(by: 0.5)
        #expect(!form.field.isFirstResponder && !form.field.isEditing)
        #expect(log.events.last == "didEnd(committed)", "the delegate hears the end: \(log.events)")
        #expect(screen.keyboardFrame == nil, "no keyboard over the new screen")
        #expect(screen.firstResponder == nil)
    }

    @Test("removing a view that holds the editing field ends editing and takes the keyboard down")
    func removingContainer() throws {
        let (screen, _, form, _) = try editing()
        form.form.removeFromSuperview()
        screen.advance(by: 0.5)
        #expect(!form.field.isFirstResponder)
        #expect(screen.keyboardFrame == nil)
    }

    @Test("moving the field within its window keeps it editing")
    func movingWithinWindow() throws {
        let (screen, _, form, _) = try editing()
        form.view.addSubview(form.field)
        screen.advance(by: 0.5)
        #expect(form.field.isFirstResponder && form.field.isEditing)
        #expect(screen.keyboardFrame != nil)
    }
}
