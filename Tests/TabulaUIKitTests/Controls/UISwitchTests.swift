import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("UISwitch")
struct UISwitchTests {
    let screen = HeadlessScreen(size: CGSize(width: 200, height: 100), scale: 2)

    func shown() -> (UISwitch, () -> Int) {
        let toggle = UISwitch(frame: CGRect(x: 40, y: 30, width: 100, height: 100))
        var changes = 0
        toggle.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .white
        window.addSubview(toggle)
        screen.show(window)
        return (toggle, { changes })
    }

    @Test("51 × 31 points whatever the frame; a tap turns it on with the thumb sliding, and sends valueChanged once")
    func tap() throws {
        let (toggle, changes) = shown()
        #expect(toggle.frame.size == CGSize(width: 51, height: 31))
        let thumb = try #require(toggle.subviews.last)
        #expect(thumb.frame.minX == 2)
        screen.tap(at: CGPoint(x: 65, y: 45))
        #expect(toggle.isOn && changes() == 1)
        screen.advance(by: 0.1)
        let midway = thumb.layer.presentation()!.frame.minX
        #expect(midway > 2 && midway < 22, "sliding: \(midway)")
        screen.advance(by: 0.3)
        #expect(thumb.frame.minX == 22)
        writeForLooking(screen.snapshot(), "switch-on")
        toggle.setOn(false, animated: false)
        #expect(!toggle.isOn && changes() == 1, "setOn from code sends nothing")
    }

    @Test("pressed, the thumb stretches; dragged past the middle and released, the switch follows the thumb")
    func drag() throws {
        let (toggle, changes) = shown()
        let thumb = try #require(toggle.subviews.last)
        let finger = screen.touchDown(at: CGPoint(x: 50, y: 45))
        screen.advance(by: 0.3)
        #expect(thumb.frame.width == 34, "stretched while pressed")
        for x in stride(from: CGFloat(55), through: 90, by: 5) {
            screen.moveTouch(finger, to: CGPoint(x: x, y: 45))
            screen.advance(by: 1.0 / 60)
        }
        #expect(thumb.frame.minX > 10, "the thumb follows the finger: \(thumb.frame.minX)")
        screen.liftTouch(finger)
        screen.advance(by: 0.4)
        #expect(toggle.isOn && changes() == 1)
        #expect(thumb.frame.width == 27)
        // A drag further toward the on side changes nothing.
        let again = screen.touchDown(at: CGPoint(x: 80, y: 45))
        screen.advance(by: 0.3)
        screen.moveTouch(again, to: CGPoint(x: 86, y: 45))
        screen.advance(by: 1.0 / 60)
        screen.moveTouch(again, to: CGPoint(x: 92, y: 45))
        screen.advance(by: 1.0 / 60)
        screen.liftTouch(again)
        screen.advance(by: 0.4)
        #expect(toggle.isOn && changes() == 1)
    }
}
