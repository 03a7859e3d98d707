import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Steppers and segmented controls as careless code sets them up: limits the wrong way
/// round, a step of zero, a NaN segment width, a segment inserted before the selection.
/// Each bad value is reported and refused, and the control keeps working.
@MainActor
@Suite("Control misuse")
struct ControlMisuseTests {
    let screen = HeadlessScreen(size: CGSize(width: 390, height: 200), scale: 1)

    func show(_ view: UIView) {
        let window = UIWindow(frame: .zero)
        window.addSubview(view)
        screen.show(window)
    }

    @Test("a stepper's minimum above its maximum, a zero, negative or NaN step, a NaN limit are reported and refused")
    func stepperLimits() throws {
        let stepper = UIStepper(frame: CGRect(x: 20, y: 30, width: 0, height: 0))
        stepper.value = 50
        var reports: [String] = []
        show(stepper)
        screen.onReport = { reports.append($0) }
        stepper.minimumValue = 200
        stepper.maximumValue = -1
        stepper.maximumValue = .nan
        stepper.stepValue = 0
        stepper.stepValue = -3
        stepper.stepValue = .nan
        try #require(reports.count == 6, "\(reports)")
        #expect(reports[0].contains("UIStepper.minimumValue cannot be 200.0") && reports[0].contains("it stays 0.0"))
        #expect(reports[3].contains("UIStepper.stepValue cannot be 0.0"))
        #expect(stepper.minimumValue == 0 && stepper.maximumValue == 100 && stepper.stepValue == 1 && stepper.value == 50)
        // Both halves still step, by the step it kept.
        screen.tap(at: CGPoint(x: 20 + 70, y: 46))
        #expect(stepper.value == 51)
        screen.tap(at: CGPoint(x: 20 + 24, y: 46))
        #expect(stepper.value == 50)
    }

    @Test("a slider's NaN or infinite limit is reported and refused: its value stays a number")
    func sliderLimits() throws {
        let slider = UISlider(frame: CGRect(x: 20, y: 30, width: 200, height: 34))
        slider.maximumValue = 10
        slider.value = 4
        var reports: [String] = []
        show(slider)
        screen.onReport = { reports.append($0) }
        slider.minimumValue = .nan
        slider.maximumValue = .infinity
        slider.minimumValue = -.infinity
        try #require(reports.count == 3, "\(reports)")
        #expect(reports[0].contains("UISlider.minimumValue cannot be nan") && reports[0].contains("it stays 0.0"))
        #expect(slider.minimumValue == 0 && slider.maximumValue == 10 && slider.value == 4)
        slider.minimumValue = 5
        #expect(slider.value == 5, "a finite minimum above the value still moves it up")
    }

    @Test("inserting an action segment before the selected one keeps that segment selected")
    func insertingActionBeforeSelection() {
        let control = UISegmentedControl(items: ["Day", "Week", "Month"])
        control.selectedSegmentIndex = 1
        control.insertSegment(action: UIAction(title: "Hour") { _ in }, at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 2)
        #expect(control.titleForSegment(at: control.selectedSegmentIndex) == "Week")
        control.insertSegment(action: UIAction(title: "Year") { _ in }, at: Int.max, animated: false)
        #expect(control.titleForSegment(at: control.selectedSegmentIndex) == "Week")
        #expect(control.titleForSegment(at: 4) == "Year")
    }

    @Test("a negative, NaN or infinite segment width is reported and the segments keep their room")
    func badSegmentWidths() {
        let control = UISegmentedControl(items: ["A", "B", "C"])
        control.frame = CGRect(x: 0, y: 20, width: 300, height: 32)
        var heard: [String] = []
        show(control)
        screen.onReport = { heard.append($0) }
        control.setWidth(.nan, forSegmentAt: 0)
        control.setWidth(.infinity, forSegmentAt: 1)
        control.setWidth(-20, forSegmentAt: 2)
        screen.advance(by: 0.1)
        #expect(heard.count == 3, "\(heard)")
        #expect(heard.allSatisfy { $0.contains("is not a width") })
        #expect((0 ..< 3).allSatisfy { control.widthForSegment(at: $0) == 0 })
        #expect(control.segmentFrames().map(\.width) == [100, 100, 100])
    }
}
