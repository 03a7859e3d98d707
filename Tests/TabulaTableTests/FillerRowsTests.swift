import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// UIKit's `fillerRowHeight`: "Table views with a style of plain can display filler rows,
/// empty rows that appear below the last row when there isn't enough content to fill
/// the table view"; automaticDimension matches the height of the last row, 0 shows none.
@Suite("Filler rows under a short plain table")
@MainActor
struct FillerRowsTests {
    /// Three 44-point rows on a 390×844 screen at scale 1, configured by `configure`.
    private func shortTable(style: UITableView.Style = .plain,
                            _ configure: (UITableView) -> Void = { _ in }) -> (HeadlessScreen, UITableView, TestTableSource) {
        let table = UITableView(frame: .zero, style: style)
        table.rowHeight = 44
        let source = TestTableSource(counts: [3])
        table.dataSource = source
        configure(table)
        return (showTable(table), table, source)
    }

    /// The rows of the screen (at x = 200) darker than the white background, below `top`.
    private func lineRows(in screen: HeadlessScreen, below top: Int) -> [Int] {
        let frame = screen.snapshot().cgImage!
        return (top ..< frame.height).filter { y in frame.pixel(x: 200, y: y).red < 250 }
    }

    @Test("separators continue below the last row, one row height apart, to the bottom of the screen")
    func separatorsBelowLastRow() {
        let (screen, table, source) = shortTable()
        defer { withExtendedLifetime(source) {} }
        let end = Int(table.rectForRow(at: IndexPath(row: 2, section: 0)).maxY)   // 132
        let lines = lineRows(in: screen, below: end + 1)
        #expect(lines.first == end + 43, "the first filler row's separator, 44 points under the last row's")
        #expect(lines.count == (844 - end) / 44)
        #expect(zip(lines, lines.dropFirst()).allSatisfy { $1 - $0 == 44 })
    }

    @Test("a fillerRowHeight spaces them; they follow the content when rows are added")
    func explicitHeightAndNewRows() {
        let (screen, table, source) = shortTable { $0.fillerRowHeight = 100 }
        #expect(lineRows(in: screen, below: 133).first == 132 + 99)
        source.counts = [5]
        table.reloadData()
        screen.advance(by: 1.0 / 60)
        #expect(lineRows(in: screen, below: 221).first == 220 + 99)
    }

    @Test("no filler rows with a table footer view, with fillerRowHeight 0, without separators, or grouped")
    func noFillerRows() {
        let cases: [(String, UITableView.Style, (UITableView) -> Void)] = [
            ("footer", .plain, { $0.tableFooterView = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 1)) }),
            ("zero", .plain, { $0.fillerRowHeight = 0 }),
            ("no separators", .plain, { $0.separatorStyle = .none }),
        ]
        for (name, style, configure) in cases {
            let (screen, table, source) = shortTable(style: style, configure)
            defer { withExtendedLifetime(source) {} }
            let end = Int(table.rectForRow(at: IndexPath(row: 2, section: 0)).maxY) + 2
            #expect(lineRows(in: screen, below: end).isEmpty, "\(name)")
        }
        let (_, grouped, source) = shortTable(style: .grouped)
        defer { withExtendedLifetime(source) {} }
        #expect(grouped.fillerView == nil)
    }
}
