import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("A control's own tap wins over a tap recognizer above it, as in UIKit since iOS 6")
struct ControlTapTests {
    /// A screen whose view has a "tap anywhere to close the keyboard" recognizer, a
    /// button, a text field and a switch.
    private func screenWithDismissingTap() -> (HeadlessScreen, UIViewController, UIButton, UITextField, UISwitch, () -> Int) {
        let screen = HeadlessScreen(device: .iPhone15)
        let controller = UIViewController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        let view = controller.view!
        var recognized = 0
        let tap = UITapGestureRecognizer(target: { _ in
            recognized += 1
            view.endEditing(true)
        })
        view.addGestureRecognizer(tap)
        let button = UIButton(type: .system)
        button.setTitle("Get Followers", for: .normal)
        button.frame = CGRect(x: 40, y: 200, width: 200, height: 44)
        let field = UITextField(frame: CGRect(x: 40, y: 300, width: 300, height: 40))
        field.borderStyle = .roundedRect
        let toggle = UISwitch(frame: CGRect(x: 40, y: 400, width: 51, height: 31))
        for v in [button, field, toggle] as [UIView] { view.addSubview(v) }
        screen.advance(by: 0.05)
        return (screen, controller, button, field, toggle, { recognized })
    }

    @Test("the button's action runs, the field takes the keyboard, the switch turns; a tap elsewhere still closes the keyboard")
    func controlsWin() {
        let (screen, _, button, field, toggle, recognized) = screenWithDismissingTap()
        var pressed = 0
        button.addAction(UIAction { _ in pressed += 1 }, for: .touchUpInside)
        screen.tap(at: CGPoint(x: 140, y: 222))
        screen.advance(by: 0.1)
        #expect(pressed == 1, "the button's action ran")
        screen.tap(at: CGPoint(x: 190, y: 320))
        screen.advance(by: 0.1)
        #expect(field.isFirstResponder, "the field took the keyboard")
        screen.tap(at: CGPoint(x: 65, y: 415))
        screen.advance(by: 0.3)
        #expect(toggle.isOn, "the switch turned on")
        #expect(recognized() == 0, "none of those taps reached the recognizer")
        #expect(field.isFirstResponder, "nor closed the keyboard")

        screen.tap(at: CGPoint(x: 200, y: 150))
        screen.advance(by: 0.1)
        #expect(recognized() == 1, "a tap on the view itself is the recognizer's")
        #expect(!field.isFirstResponder, "and closes the keyboard")
    }

    @Test("a disabled button leaves the tap to the recognizer; a double-tap recognizer is not affected")
    func disabledAndDoubleTap() {
        let (screen, controller, button, _, _, recognized) = screenWithDismissingTap()
        button.isEnabled = false
        screen.tap(at: CGPoint(x: 140, y: 222))
        screen.advance(by: 0.1)
        #expect(recognized() == 1)

        var doubles = 0
        let double = UITapGestureRecognizer(target: { _ in doubles += 1 })
        double.numberOfTapsRequired = 2
        controller.view.addGestureRecognizer(double)
        button.isEnabled = true
        screen.tap(at: CGPoint(x: 140, y: 222))
        screen.advance(by: 0.05)
        screen.tap(at: CGPoint(x: 140, y: 222))
        screen.advance(by: 0.4)
        #expect(doubles == 1, "only a single tap gives way to the control")
    }
}
