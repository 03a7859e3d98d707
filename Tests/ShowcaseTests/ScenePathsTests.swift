import Foundation
import Testing
@testable import Showcase
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// What a person does in the Showcase and expects to work: getting back out of a scene
/// opened from home, deleting a message from its context menu.
@Suite("Showcase: a person's paths through the scenes")
@MainActor
struct ScenePathsTests {
    @Test("Reading List opened from home shows Back beside Edit, and Back returns home")
    func readingListHasBack() throws {
        let scene = HomeScene()
        let screen = HeadlessScreen(device: HomeScene.device(scale: 1))
        Gallery.show(scene, on: screen)
        scene.settle(on: screen)
        let table = try #require(scene.controller.tableView)
        let path = try #require(scene.controller.indexPath(ofScene: ReadingListScene.name))
        table.scrollToRow(at: path, at: .middle, animated: false)
        screen.advance(by: 0.1)
        screen.tap(at: centerOfRow(path.row, section: path.section, in: table))
        screen.advance(by: 1)
        let navigation = try #require(scene.controller.navigationController)
        #expect(navigation.viewControllers.count == 2)
        #expect(!screen.elements(labelled: "Edit").isEmpty, "the app's Edit button")
        let back = try screen.element(labelled: "Scenes")
        back.tap()
        screen.advance(by: 1)
        #expect(navigation.viewControllers.count == 1, "back home")
    }

    @Test("Mail: the context menu's Delete removes the message, animated")
    func mailContextDelete() throws {
        let scene = MailSelectionScene()
        let screen = HeadlessScreen(device: MailSelectionScene.device(scale: 1))
        Gallery.show(scene, on: screen)
        scene.settle(on: screen)
        let table = try #require(scene.controller.tableView)
        let before = scene.controller.messages.count
        let doomed = scene.controller.messages[2].subject
        screen.longPress(at: centerOfRow(2, in: table), duration: 1)
        screen.advance(by: 0.6)
        try screen.element(labelled: "Delete").tap()
        screen.advance(by: 1)
        #expect(scene.controller.messages.count == before - 1)
        #expect(!scene.controller.messages.contains { $0.subject == doomed })
        #expect(table.numberOfRows(inSection: 0) == before - 1)
    }

    @Test("Row Animations on a phone: all eight animations lie within the screen's width, and the grid scrolls to the rest")
    func rowAnimationsFitAPhone() throws {
        let scene = RowAnimationsScene()
        let screen = HeadlessScreen(device: RowAnimationsScene.device(scale: 1))
        Gallery.show(scene, on: screen)
        scene.settle(on: screen)
        let controller = scene.controller
        for table in controller.tables {
            let frame = table.convert(table.bounds, to: controller.view)
            #expect(frame.minX >= 0 && frame.maxX <= screen.size.width, "\(frame) within the width")
        }
        #expect(controller.grid.contentSize.height > controller.grid.bounds.height, "the rows below can be scrolled to")
        let last = try #require(controller.tables.last)
        controller.grid.scrollRectToVisible(last.frame, animated: false)
        screen.advance(by: 0.1)
        #expect(controller.view.bounds.contains(last.convert(last.bounds, to: controller.view)), "the last table in view")
    }

    @Test("App Store opened from home measures its frames: the readout shows a number after a scroll, not a dash")
    func appStoreFromHomeReadsFrameTimes() throws {
        let home = HomeScene()
        let screen = HeadlessScreen(device: HomeScene.device(scale: 1))
        Gallery.show(home, on: screen)
        home.settle(on: screen)
        let table = try #require(home.controller.tableView)
        let path = try #require(home.controller.indexPath(ofScene: AppStoreScene.name))
        table.scrollToRow(at: path, at: .middle, animated: false)
        screen.advance(by: 0.1)
        screen.tap(at: centerOfRow(path.row, section: path.section, in: table))
        screen.advance(by: 1)
        let store = try #require(home.controller.navigationController?.topViewController as? AppStoreController)
        // As in the window, every frame is composited while the finger scrolls.
        let finger = screen.touchDown(at: CGPoint(x: 200, y: 700))
        for step in 1 ... 30 {
            screen.moveTouch(finger, to: CGPoint(x: 200, y: 700 - CGFloat(step) * 14))
            screen.advance(by: 1.0 / 60)
            _ = screen.snapshot()
        }
        screen.liftTouch(finger)
        let text = store.readout.text ?? ""
        #expect(text.contains("ms"), "a measured time: \(text)")
    }
}
