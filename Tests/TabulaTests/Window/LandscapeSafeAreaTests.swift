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
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }
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
        table.insetsContentViewsToSafeArea = false
        table.layoutIfNeeded()
        #expect(label.convert(label.bounds, to: nil).minX < 59, "turned off, the content reaches under the housing")
    }
}
