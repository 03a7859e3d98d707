import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// `cellLayoutMarginsFollowReadableWidth`: on a wide table the cells' content keeps within
/// the readable width, and the cells stay full width.
@Suite("Cell margins that follow the readable width")
@MainActor
struct ReadableWidthTests {
    private func table(width: CGFloat) -> (UITableView, HeadlessScreen, TestTableSource) {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TestTableSource(counts: [6])
        source.makeCell = { _, ip in
            let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
            cell.textLabel?.text = "Row \(ip.row)"
            cell.detailTextLabel?.text = "Detail"
            cell.accessoryType = .disclosureIndicator
            return cell
        }
        table.dataSource = source
        let screen = showTable(table, size: CGSize(width: width, height: 600))
        return (table, screen, source)
    }

    @Test("on a 1024-point table the text starts 176 points in and the chevron ends 176 points from the right; off again, 16")
    func wideTable() throws {
        let (table, screen, source) = table(width: 1024)
        defer { withExtendedLifetime((screen, source)) {} }
        #expect(!table.cellLayoutMarginsFollowReadableWidth, "false by default, as since iOS 12")
        func measure() throws -> (text: CGFloat, detailEnd: CGFloat, cell: CGRect, separator: CGFloat) {
            let cell = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
            let text = try #require(cell.textLabel).convert(cell.textLabel!.bounds, to: table)
            let detail = try #require(cell.detailTextLabel).convert(cell.detailTextLabel!.bounds, to: table)
            return (text.minX, detail.maxX, cell.frame, cell.separatorView.frame.minX)
        }
        let plain = try measure()
        #expect(plain.text == 16)
        table.cellLayoutMarginsFollowReadableWidth = true
        screen.advance(by: 1.0 / 60)
        let readable = try measure()
        // (1024 − 2 × 16 − 672) / 2 = 160 more on each side.
        #expect(readable.text == 176, "the text keeps within the readable width: \(readable.text)")
        #expect(readable.detailEnd <= 1024 - 160 - 16, "the detail and chevron too: \(readable.detailEnd)")
        #expect(readable.detailEnd > 1024 - 160 - 60)
        #expect(readable.separator == 176, "the separator starts under the text")
        let filler = try #require(table.subviews.compactMap { $0 as? FillerRowsView }.first)
        #expect(filler.lines?.left == 176, "the filler rows' separators below the last row too")
        #expect(readable.cell.minX == 0 && readable.cell.width == 1024, "the cell stays full width")
        writeForLooking(screen.snapshot(), "table-readable-width")
        table.cellLayoutMarginsFollowReadableWidth = false
        screen.advance(by: 1.0 / 60)
        #expect(try measure().text == 16)
    }

    @Test("on a phone-wide table it changes nothing")
    func narrowTable() throws {
        let (table, screen, source) = table(width: 393)
        defer { withExtendedLifetime((screen, source)) {} }
        let before = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.frame)
        table.cellLayoutMarginsFollowReadableWidth = true
        screen.advance(by: 1.0 / 60)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.frame == before)
    }
}
