import Foundation
import Testing
@testable import Showcase
@testable import TabulaUIKit
@testable import TabulaTable

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

    @Test("the new messages fade in over the rows sliding down to make room: in no frame of the update is a new row covered by another (issue 33.15)")
    func newRowsNeverCovered() throws {
        let scene = RefreshScene()
        let screen = HeadlessScreen(device: RefreshScene.device(scale: 1))
        Gallery.show(scene, on: screen)
        scene.settle(on: screen)
        let table = try #require(scene.controller.tableView)
        let finger = screen.touchDown(at: CGPoint(x: 196, y: 300))
        for step in 1 ... 36 {
            screen.advance(by: 1.0 / 30)
            screen.moveTouch(finger, to: CGPoint(x: 196, y: 300 + CGFloat(step) * 12))
        }
        screen.liftTouch(finger)
        let before = table.numberOfRows(inSection: 0)
        for _ in 0 ..< 240 where table.numberOfRows(inSection: 0) == before { screen.advance(by: 1.0 / 60) }
        try #require(table.numberOfRows(inSection: 0) == before + 2, "the messages arrived")
        let inserted = try [0, 1].map { try #require(table.cellForRow(at: IndexPath(row: $0, section: 0))) }
        let luke = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        #expect(luke.textLabel?.text == "Luke")
        let lukeEnd = luke.frame.minY
        func drawn(_ view: UIView) -> CGRect { view.layer.presentation()?.frame ?? view.frame }
        var middleFrames = 0
        for frame in 0 ..< Int(UITableView.updateAnimationDuration * 60) + 3 {
            if drawn(luke).minY < lukeEnd - 1 { middleFrames += 1 }
            // Drawing order: a cell later among the table's subviews is drawn over an earlier one.
            for cell in inserted {
                let index = try #require(table.subviews.firstIndex { $0 === cell })
                for case let other as UITableViewCell in table.subviews[(index + 1)...] {
                    let overlap = drawn(cell).intersection(drawn(other))
                    let covered = "\"\(cell.textLabel?.text ?? "")\" at \(drawn(cell).minY) is covered by "
                        + "\"\(other.textLabel?.text ?? "")\" at \(drawn(other).minY)"
                    #expect(overlap.isNull || overlap.height < 0.5, "frame \(frame): \(covered)")
                }
            }
            screen.advance(by: 1.0 / 60)
        }
        #expect(middleFrames >= 12, "the rows below slid down over several frames")
        #expect(inserted.map { $0.textLabel?.text } == ["Mia", "Build bot"])
    }
}
