import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A table controller whose rows are buttons or links: it logs selection and primary
/// actions, refuses selection of the rows in `buttons`, and says no primary action for
/// the rows in `inert`. Written as a UIKit subclass is, with `override`.
@MainActor
private final class LinksController: UITableViewController {
    var log: [String] = []
    var buttons: Set<Int> = []
    var inert: Set<Int> = []

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 12 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = "Link \(indexPath.row)"
        return cell
    }
    override func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        log.append("willSelect \(indexPath.row)")
        return buttons.contains(indexPath.row) ? nil : indexPath
    }
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        log.append("didSelect \(indexPath.row)")
    }
    override func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
        log.append("didDeselect \(indexPath.row)")
    }
    override func tableView(_ tableView: UITableView, canPerformPrimaryActionForRowAt indexPath: IndexPath) -> Bool {
        !inert.contains(indexPath.row) && super.tableView(tableView, canPerformPrimaryActionForRowAt: indexPath)
    }
    override func tableView(_ tableView: UITableView, performPrimaryActionForRowAt indexPath: IndexPath) {
        log.append("primary \(indexPath.row) selected \(tableView.indexPathsForSelectedRows?.map(\.row) ?? [])")
    }
}

/// Primary actions (iOS 16): a tap on one row is its primary action, told after the
/// selection, whether or not the selection changed.
@Suite("Table primary actions")
@MainActor
struct PrimaryActionTests {
    private func show(_ controller: LinksController) -> HeadlessScreen {
        let screen = HeadlessScreen(size: CGSize(width: 390, height: 700), scale: 1)
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 1.0 / 60)
        return screen
    }

    private func tap(_ row: Int, _ controller: LinksController, _ screen: HeadlessScreen) {
        screen.tap(at: controller.tableView.centerOfRow(IndexPath(row: row, section: 0)))
        screen.advance(by: 1.0 / 60)
    }

    @Test("a tap selects, then performs the primary action with only that row selected")
    func tapPerformsAfterSelection() {
        let controller = LinksController(style: .plain)
        let screen = show(controller)
        tap(2, controller, screen)
        tap(5, controller, screen)
        #expect(controller.log == ["willSelect 2", "didSelect 2", "primary 2 selected [2]",
                                   "willSelect 5", "didDeselect 2", "didSelect 5", "primary 5 selected [5]"])
    }

    @Test("a row that refuses selection keeps the selection as it was and still performs its primary action")
    func refusedSelectionStillActs() {
        let controller = LinksController(style: .plain)
        controller.buttons = [7]
        let screen = show(controller)
        tap(1, controller, screen)
        controller.log = []
        tap(7, controller, screen)
        #expect(controller.log == ["willSelect 7", "primary 7 selected [1]"])
        #expect(controller.tableView.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
    }

    @Test("no primary action where the delegate says no, while editing by default, or where a tap extends a multiple selection (the first tap, selecting one row, acts)")
    func whenNot() {
        let controller = LinksController(style: .plain)
        controller.inert = [3]
        let screen = show(controller)
        tap(3, controller, screen)
        #expect(controller.log == ["willSelect 3", "didSelect 3"], "the delegate says no")

        controller.log = []
        controller.tableView.allowsSelectionDuringEditing = true
        controller.setEditing(true, animated: false)
        screen.advance(by: 1.0 / 60)
        tap(4, controller, screen)
        #expect(!controller.log.contains { $0.hasPrefix("primary") }, "editing: \(controller.log)")

        controller.setEditing(false, animated: false)
        controller.tableView.allowsMultipleSelection = true
        screen.advance(by: 1.0 / 60)
        controller.log = []
        tap(6, controller, screen)
        tap(8, controller, screen)
        #expect(controller.log == ["willSelect 6", "didSelect 6", "primary 6 selected [6]", "willSelect 8", "didSelect 8"],
                "the first tap selects one row, the second extends the selection")
        controller.log = []
        tap(6, controller, screen)
        tap(8, controller, screen)
        tap(2, controller, screen)
        #expect(controller.log.filter { $0.hasPrefix("primary") } == ["primary 2 selected [2]"],
                "with the selection emptied by taps, the next tap acts again: \(controller.log)")
    }
}
