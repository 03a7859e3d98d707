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

    @Test("a thumb image replaces the round thumb at its own size and is what a finger drags; value images shorten the track")
    func thumbAndValueImages() throws {
        let (slider, values) = shown()
        func square(_ side: CGFloat, _ color: UIColor) -> UIImage {
            UIGraphicsImageRenderer(size: CGSize(width: side, height: side)).image { context in
                color.setFill()
                context.fill(CGRect(x: 0, y: 0, width: side, height: side))
            }
        }
        let thumb = square(20, .systemRed)
        slider.setThumbImage(thumb, for: .normal)
        slider.minimumValueImage = square(16, .systemGray)
        slider.maximumValueImage = square(16, .systemGray)
        #expect(slider.currentThumbImage === thumb && slider.thumbImage(for: .highlighted) === thumb)
        screen.advance(by: 0.1)
        let bounds = slider.bounds
        let track = slider.trackRect(forBounds: bounds)
        #expect(track.minX == 16 + 8 && track.maxX == 228 - 16 - 8, "the track between the value images: \(track)")
        let thumbRect = slider.thumbRect(forBounds: bounds, trackRect: track, value: slider.value)
        #expect(thumbRect.size == CGSize(width: 20, height: 20))
        #expect(abs(thumbRect.midX - (track.minX + 10 + (track.width - 20) * 0.5)) < 0.001)
        // The picture: red where the thumb is.
        let center = slider.convert(CGPoint(x: thumbRect.midX, y: thumbRect.midY), to: nil)
        let pixel = try #require(screen.snapshot().cgImage).color(x: Int(center.x * 2), y: Int(center.y * 2))
        #expect(pixel.red > 0.8 && pixel.green < 0.4, "the thumb image is drawn: \(pixel)")
        // A finger on the thumb image drags it: a quarter of the travel adds 25.
        let finger = screen.touchDown(at: center)
        let quarter = (track.width - 20) / 4
        for step in 1 ... 4 {
            screen.moveTouch(finger, to: CGPoint(x: center.x + quarter * CGFloat(step) / 4, y: center.y))
            screen.advance(by: 1.0 / 60)
        }
        screen.liftTouch(finger)
        #expect(abs(slider.value - 75) < 0.01, "\(slider.value)")
        #expect(!values().isEmpty)
        writeForLooking(screen.snapshot(), "slider-images")
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
