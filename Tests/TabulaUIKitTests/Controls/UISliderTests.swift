import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
@Suite("UISlider")
struct UISliderTests {
    let screen = HeadlessScreen(size: CGSize(width: 320, height: 100), scale: 2)

    func shown(continuous: Bool = true) -> (UISlider, () -> [Float]) {
        let slider = UISlider(frame: CGRect(x: 20, y: 30, width: 228, height: 34))
        slider.minimumValue = 0
        slider.maximumValue = 100
        slider.value = 50
        slider.isContinuous = continuous
        var values: [Float] = []
        slider.addAction(UIAction { action in values.append((action.sender as? UISlider)?.value ?? -1) }, for: .valueChanged)
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .white
        window.addSubview(slider)
        screen.show(window)
        return (slider, { values })
    }

    @Test("dragging the thumb changes the value continuously; the track is tinted up to the thumb")
    func drag() throws {
        let (slider, values) = shown()
        // The thumb's centre is at 20 + 14 + 200 × 0.5 = 134.
        let finger = screen.touchDown(at: CGPoint(x: 134, y: 47))
        for x in stride(from: CGFloat(144), through: 184, by: 10) {
            screen.moveTouch(finger, to: CGPoint(x: x, y: 47))
            screen.advance(by: 1.0 / 60)
        }
        screen.liftTouch(finger)
        screen.advance(by: 0.1)
        #expect(abs(slider.value - 75) < 0.01, "50 points of a 200-point travel: \(slider.value)")
        #expect(values().count == 5 && values().last.map { abs($0 - 75) < 0.01 } == true)
        writeForLooking(screen.snapshot(), "slider")
        let tinted = try #require(screen.snapshot().cgImage).color(x: 2 * 60, y: 2 * 47)
        #expect(tinted.blue > 0.8 && tinted.red < 0.3, "left of the thumb the track is blue: \(tinted)")
    }

    @Test("a slider that is not continuous reports once, when the finger lifts; a touch off the thumb does nothing")
    func notContinuous() {
        let (slider, values) = shown(continuous: false)
        screen.drag(from: CGPoint(x: 134, y: 47), to: CGPoint(x: 34, y: 47), duration: 0.2)
        screen.advance(by: 0.1)
        #expect(slider.value == 0 && values() == [0])
        screen.drag(from: CGPoint(x: 200, y: 47), to: CGPoint(x: 240, y: 47), duration: 0.2)
        screen.advance(by: 0.1)
        #expect(slider.value == 0, "the track away from the thumb does not move it")
        slider.value = 500
        #expect(slider.value == 100, "clamped to the maximum")
    }
}
