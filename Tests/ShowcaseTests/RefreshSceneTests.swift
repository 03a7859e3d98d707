import Foundation
import Testing
@testable import Showcase
@testable import Tabula

@Suite("Refresh scene")
@MainActor
struct RefreshSceneTests {
    @Test("a pull refreshes; 1.5 s later new messages are at the top and the spinner has gone")
    func pullDeliversMessages() throws {
        let scene = RefreshScene()
        let screen = HeadlessScreen(device: RefreshScene.device(scale: 1))
        Gallery.show(scene, on: screen)
        scene.settle(on: screen)
        let table = try #require(scene.controller.tableView)
        let refresh = try #require(scene.controller.refreshControl)
        #expect(table.contentOffset.y == -155, "resting under the large title")
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "Luke")

        let finger = screen.touchDown(at: CGPoint(x: 196, y: 300))
        for step in 1 ... 36 {
            screen.advance(by: 1.0 / 30)
            screen.moveTouch(finger, to: CGPoint(x: 196, y: 300 + CGFloat(step) * 12))
        }
        #expect(refresh.isRefreshing, "refreshing while the finger is down")
        screen.liftTouch(finger)
        screen.advance(by: 0.8)
        #expect(abs(table.contentOffset.y - -215) < 0.5, "the spinner's 60 points stay open")
        #expect(refresh.spinner.isAnimating && refresh.frame.height >= 60)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "Luke", "nothing new yet")

        screen.advance(by: 1.5)
        #expect(!refresh.isRefreshing, "ended once the messages were in")
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "Mia")
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.textLabel?.text == "Luke")
        screen.advance(by: 0.5)
        #expect(table.contentOffset.y == -155, "back at the top under the large title")
        #expect(refresh.frame.height == 0)
    }
}
