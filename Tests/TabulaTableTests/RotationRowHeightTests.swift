import Foundation
import Testing
@testable import TabulaUIKit
import TabulaTestSupport
@testable import TabulaTable

private let titles = ["Wi-Fi", "Bluetooth", "Mobile Data", "Hotspot"]
private let details = ["Home", "On", "", "Off"]

/// Self-sizing rows through a rotation, on a phone with a safe area: a row is measured at
/// the table's new width while its cell still has the frame of the old width, and must get
/// the height its content needs in the row it is about to take, as on iOS, where a row's
/// height after turning to landscape and back is what it was before.
@MainActor
@Suite("Row heights: measured for the row, not for the cell's old frame")
struct RotationRowHeightTests {
    final class Value1Rows: UITableViewController {
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { titles.count }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row")
                ?? UITableViewCell(style: .value1, reuseIdentifier: "row")
            cell.textLabel?.text = titles[indexPath.row]
            cell.detailTextLabel?.text = details[indexPath.row]
            cell.accessoryType = .disclosureIndicator
            return cell
        }
    }

    /// A value1-like cell made with constraints: two wrapping labels of equal width, side
    /// by side, pinned 11 points from the content view's top and bottom.
    final class PinnedCell: UITableViewCell {
        let title = UILabel(frame: .zero), value = UILabel(frame: .zero)

        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            for label in [title, value] {
                label.font = .preferredFont(forTextStyle: .body)
                label.adjustsFontForContentSizeCategory = true
                label.numberOfLines = 0
                label.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(label)
            }
            NSLayoutConstraint.activate([
                title.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
                title.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 11),
                title.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -11),
                value.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8),
                value.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
                value.widthAnchor.constraint(equalTo: title.widthAnchor),
                value.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 11),
                value.bottomAnchor.constraint(lessThanOrEqualTo: contentView.bottomAnchor, constant: -11),
            ])
        }

        required init?(coder: NSCoder) { fatalError("not used") }
    }

    final class PinnedRows: UITableViewController {
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { titles.count }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row") as? PinnedCell
                ?? PinnedCell(style: .default, reuseIdentifier: "row")
            cell.title.text = titles[indexPath.row]
            cell.value.text = details[indexPath.row]
            cell.accessoryType = .disclosureIndicator
            return cell
        }
    }

    /// `controller` on an iPhone 15 at the largest standard text size, laid out.
    private func show(_ controller: UITableViewController, navigation: Bool) -> HeadlessScreen {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        window.rootViewController = navigation ? UINavigationController(rootViewController: controller) : controller
        screen.show(window)
        screen.preferredContentSizeCategory = .extraExtraExtraLarge
        screen.advance(by: 0.5)
        return screen
    }

    /// Shows `controller`'s four rows, one line each (the body style at xxxLarge: a
    /// 28-point line between 11-point margins), turns the screen to landscape and back, and
    /// expects the rows as tall as before. Returns the table.
    private func expectHeightsKeptThroughATurn(_ controller: UITableViewController, navigation: Bool,
                                               sourceLocation: SourceLocation = #_sourceLocation) throws -> UITableView {
        let screen = show(controller, navigation: navigation)
        let table = try #require(controller.tableView, sourceLocation: sourceLocation)
        let before = heights(table)
        #expect(before == [50, 50, 50, 50], "one line each before turning", sourceLocation: sourceLocation)
        screen.rotate(to: .landscapeRight)
        screen.advance(by: 0.6)
        screen.rotate(to: .portrait)
        screen.advance(by: 0.6)
        #expect(heights(table) == before, "navigation: \(navigation)", sourceLocation: sourceLocation)
        return table
    }

    private func heights(_ table: UITableView) -> [CGFloat] {
        (0 ..< titles.count).map { table.rectForRow(at: IndexPath(row: $0, section: 0)).height }
    }

    @Test("value1 rows are as tall after turning to landscape and back as before, the title and detail on one line",
          arguments: [UITableView.Style.plain, .insetGrouped], [false, true])
    func value1RowsKeepTheirHeight(style: UITableView.Style, navigation: Bool) throws {
        let controller = Value1Rows(style: style)
        let table = try expectHeightsKeptThroughATurn(controller, navigation: navigation)
        for row in [0, 1, 3] {
            let cell = try #require(table.cellForRow(at: IndexPath(row: row, section: 0)))
            let title = try #require(cell.textLabel), detail = try #require(cell.detailTextLabel)
            #expect(detail.frame.height == 28 && detail.frame.minY == title.frame.minY,
                    "row \(row): the detail one line high beside the title: \(detail.frame), title \(title.frame)")
        }
    }

    @Test("rows sized by constraints are as tall after turning to landscape and back as before", arguments: [false, true])
    func pinnedRowsKeepTheirHeight(navigation: Bool) throws {
        _ = try expectHeightsKeptThroughATurn(PinnedRows(style: .insetGrouped), navigation: navigation)
    }

    /// The cause, without a rotation: a cell still as wide as a landscape row reaches far
    /// past the portrait table's right edge, so its own safe area says most of it is
    /// unsafe; the height asked for the row's width is the one it has in the row.
    @Test("a cell still at another width's frame measures the height it has in its row")
    func staleFrameMeasuresForTheRow() throws {
        let controller = Value1Rows(style: .insetGrouped)
        _ = show(controller, navigation: false)
        let table = try #require(controller.tableView)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        let width = cell.bounds.width
        let atRest = cell.sizeThatFits(CGSize(width: width, height: 0)).height
        #expect(atRest == 50)
        cell.frame.size.width = 820
        #expect(cell.safeAreaInsets.right > 400, "the wide frame reaches past the table: \(cell.safeAreaInsets)")
        #expect(cell.sizeThatFits(CGSize(width: width, height: 0)).height == atRest)

        let pinned = PinnedRows(style: .insetGrouped)
        _ = show(pinned, navigation: false)
        let pinnedTable = try #require(pinned.tableView)
        let pinnedCell = try #require(pinnedTable.cellForRow(at: IndexPath(row: 0, section: 0)))
        func measure() -> CGFloat {
            pinnedCell.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                               verticalFittingPriority: .fittingSizeLevel).height
        }
        let pinnedAtRest = measure()
        #expect(pinnedAtRest == 50)
        pinnedCell.frame.size.width = 820
        #expect(measure() == pinnedAtRest)
    }
}
