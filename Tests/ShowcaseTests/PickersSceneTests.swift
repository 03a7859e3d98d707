import Foundation
import Testing
@testable import Showcase
@testable import TabulaUIKit

@Suite("Pickers scene")
@MainActor
struct PickersSceneTests {
    @Test("in landscape the form is taller than the screen and scrolls: a drag brings the summary under the date wheels into view")
    func landscapeScrolls() throws {
        let scene = PickersScene()
        let screen = HeadlessScreen(device: PickersScene.device(scale: 1))
        Gallery.show(scene, on: screen)
        scene.settle(on: screen)
        screen.rotate(to: .landscapeLeft)
        screen.advance(by: 1)
        let controller = scene.controller, scroller = controller.scroller
        #expect(scroller.contentSize.height > scroller.bounds.height + 200, "\(scroller.contentSize) in \(scroller.bounds)")
        func summaryOnScreen() -> Bool {
            let frame = controller.summary.convert(controller.summary.bounds, to: nil)
            return frame.maxY <= screen.size.height && frame.minY >= 0
        }
        #expect(!summaryOnScreen(), "below the bottom edge at first")
        // Drag in the left margin (the sensor housing's side), clear of the wheels.
        let finger = screen.touchDown(at: CGPoint(x: 30, y: 330))
        for step in 1 ... 20 {
            screen.advance(by: 1.0 / 60)
            screen.moveTouch(finger, to: CGPoint(x: 30, y: 330 - CGFloat(step) * 15))
        }
        screen.liftTouch(finger)
        screen.advance(by: 2)
        #expect(summaryOnScreen(), "scrolled into view: offset \(scroller.contentOffset.y)")
    }
}
