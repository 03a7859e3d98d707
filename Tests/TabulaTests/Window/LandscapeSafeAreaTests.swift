import Foundation
import Testing
@testable import TabulaUIKit
import TabulaTestSupport
@testable import TabulaTable

/// Landscape on a phone with a sensor housing: the side safe areas (59 points on an iPhone
/// 15) keep content clear of the housing and the rounded corners, as on iOS.
@MainActor
@Suite("Safe area: landscape sides")
struct LandscapeSafeAreaTests {
    final class Rows: UITableViewController {
        var rowCount = 30
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rowCount }
        override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Header" }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? UITableViewCell(style: .default, reuseIdentifier: "row")
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
    }

    @Test("in landscape, a table's cell text, separators and headers start past the side safe area")
    func tableInLandscape() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let controller = Rows(style: .plain)
        let window = UIWindow(frame: .zero)
        window.rootViewController = UINavigationController(rootViewController: controller)
        screen.show(window)
        screen.rotate(to: .landscapeRight, duration: 0)
        screen.advance(by: 0.5)
        #expect(window.safeAreaInsets.left == 59 && window.safeAreaInsets.right == 59)
        let table = try #require(controller.tableView)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        let label = try #require(cell.textLabel)
        let labelInWindow = label.convert(label.bounds, to: nil)
        #expect(labelInWindow.minX >= 59 + 16 - 0.5, "the text starts at the safe area plus the margin: \(labelInWindow)")
        let separator = cell.separatorView.convert(cell.separatorView.bounds, to: nil)
        #expect(separator.minX >= 59 + 16 - 0.5 && separator.maxX <= 852, "the separator starts under the text: \(separator)")
        #expect(cell.convert(cell.bounds, to: nil).minX == 0, "the row itself still spans the screen")
        let header = try #require(table.headerView(forSection: 0))
        let headerLabel = try #require(header.textLabel)
        #expect(headerLabel.convert(headerLabel.bounds, to: nil).minX >= 59 + 16 - 0.5, "the header's title too")
        // A short table: the filler rows' separators below the last row line up with the rows'.
        controller.rowCount = 2
        table.reloadData()
        table.layoutIfNeeded()
        let filler = try #require(table.fillerView?.lines)
        #expect(filler.left >= 59 + 16 - 0.5, "the empty rows' separators start where the rows' do: \(filler.left)")
        table.insetsContentViewsToSafeArea = false
        table.layoutIfNeeded()
        let shown = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel)
        #expect(shown.convert(shown.bounds, to: nil).minX < 59, "turned off, the content reaches under the housing")
        #expect((table.fillerView?.lines?.left ?? 99) < 59, "and the empty rows' separators with it")
    }

    @Test("an alert up while the screen turns stays centred on the turned screen, and comes back centred")
    func alertTurnsWithTheScreen() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let controller = Rows(style: .plain)
        let window = UIWindow(frame: .zero)
        window.rootViewController = UINavigationController(rootViewController: controller)
        screen.show(window)
        let alert = UIAlertController(title: "Delete?", message: "It cannot be undone.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        controller.present(alert, animated: true)
        screen.advance(by: 0.6)
        for orientation in [UIInterfaceOrientation.landscapeRight, .portrait] {
            screen.rotate(to: orientation)
            screen.advance(by: 1)
            let card = alert.view.convert(alert.view.bounds, to: nil)
            let bounds = window.bounds
            #expect(abs(card.midX - bounds.midX) < 1, "\(orientation): centred across: \(card) in \(bounds)")
            #expect(card.minY >= 0 && card.maxY <= bounds.maxY, "\(orientation): on the screen: \(card) in \(bounds)")
        }
    }
}
