import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

@Suite("UITableView loading and geometry")
@MainActor
struct TableLoadingTests {
    @Test("with estimates, a reload of ten million rows asks only for counts and the visible rows")
    func estimatesAskOnlyVisible() {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TestTableSource(counts: [10_000_000])
        source.height = { _ in 60 }
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        #expect(table.numberOfRows(inSection: 0) == 10_000_000)
        // The rows an 844 pt screen shows at the 44 pt estimate (20) are asked for; 15 fit.
        #expect(source.heightCalls == 20)
        #expect(source.cellCalls.count == 20)
        #expect(table.visibleCells.count == 15)
        #expect(table.contentSize.height == CGFloat(20 * 60 + (10_000_000 - 20) * 44))
    }

    @Test("without estimates every row's height is asked exactly once, and not again while scrolling")
    func noEstimatesAskEachOnce() {
        let table = UITableView(frame: .zero, style: .plain)
        table.estimatedRowHeight = 0
        let source = TestTableSource(counts: [300, 200])
        source.height = { ip in ip.row % 3 == 0 ? 80 : 44 }
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        #expect(source.heightCalls == 500)
        table.contentOffset.y = 5000
        screen.advance(by: 1.0 / 60)
        #expect(source.heightCalls == 500)
        let expected = (0 ..< 300).reduce(CGFloat(0)) { $0 + ($1 % 3 == 0 ? 80 : 44) }
        #expect(table.rectForRow(at: IndexPath(1, 0)).minY == expected)
    }

    @Test("a measured height replacing an estimate above the screen does not move what is on screen")
    func offsetCorrection() {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TestTableSource(counts: [10_000])
        source.height = { _ in 100 }   // estimates are 44
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        table.contentOffset.y = 44 * 5000
        screen.advance(by: 1.0 / 60)
        let top = table.indexPathsForVisibleRows!.first!
        let cell = table.cellForRow(at: top)!
        let screenY = cell.convert(CGPoint.zero, to: nil).y
        // Scroll up by 150: the rows that come in are measured at 100, not 44.
        table.contentOffset.y -= 150
        screen.advance(by: 1.0 / 60)
        #expect(abs(cell.convert(CGPoint.zero, to: nil).y - (screenY + 150)) < 1e-6,
                "the cell moved exactly as far as the content was scrolled")
        #expect(table.cellForRow(at: top) === cell)
    }

    @Test("scrolling through a million rows shows every row once, in order, never one cell twice")
    func everyRowOnce() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 2000), style: .plain)
        table.rowHeight = 20
        // An exact estimate: with a wrong one the content shrinks as rows are measured, and
        // at the end the offset is brought back inside it, showing the last rows again.
        table.estimatedRowHeight = 20
        table.register(UITableViewCell.self, forCellReuseIdentifier: "c")
        let source = TestTableSource(counts: [ProcessInfo.processInfo.environment["ROWS"].flatMap { Int($0) } ?? 1_000_000])
        source.makeCell = { tv, ip in tv.dequeueReusableCell(withIdentifier: "c", for: ip) }
        table.dataSource = source
        table.delegate = source
        var next = 0, ok = true
        source.willDisplay = { _, ip in
            if ip.row != next { ok = false }
            next += 1
        }
        table.layoutIfNeeded()
        var offset: CGFloat = 0
        while offset < table.contentSize.height - 2000 {
            offset = min(offset + 1990, table.contentSize.height - 2000)
            table.contentOffset.y = offset
            table.layoutIfNeeded()
            let cells = table.visibleCells
            if Set(cells.map(ObjectIdentifier.init)).count != cells.count { ok = false }
        }
        #expect(ok)
        #expect(next == source.counts[0])
        #expect(table.reusableCellCount(withIdentifier: "c")
                <= max(UITableView.maximumReusableCellsPerIdentifier, 101), "at most a screenful")
        #expect(Set(source.cellCalls).count == source.cellCalls.count, "each row's cell asked once")
    }

    @Test("rects and lookups agree: rect(forSection:), headers, footers, rows, indexPathForRow(at:)")
    func rects() {
        let table = UITableView(frame: .zero, style: .plain)
        table.rowHeight = 50
        table.sectionHeaderHeight = 30
        table.sectionFooterHeight = 10
        let source = TestTableSource(counts: [2, 3])
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        #expect(table.rectForHeader(inSection: 1) == CGRect(x: 0, y: 140, width: 390, height: 30))
        #expect(table.rectForRow(at: IndexPath(1, 2)) == CGRect(x: 0, y: 270, width: 390, height: 50))
        #expect(table.rectForFooter(inSection: 1) == CGRect(x: 0, y: 320, width: 390, height: 10))
        #expect(table.rect(forSection: 0) == CGRect(x: 0, y: 0, width: 390, height: 140))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 269)) == IndexPath(1, 1))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 150)) == nil, "over a header")
        #expect(table.indexPathsForRows(in: CGRect(x: 0, y: 60, width: 10, height: 150)) == [IndexPath(0, 0), IndexPath(0, 1), IndexPath(1, 0)])
        #expect(table.indexPath(for: table.cellForRow(at: IndexPath(1, 0))!) == IndexPath(1, 0))
    }

    @Test("scrollToRow lands exactly at top, middle and bottom, at any row of ten million, estimates or not",
          arguments: [UITableView.ScrollPosition.top, .middle, .bottom])
    func scrollToRow(position: UITableView.ScrollPosition) {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TestTableSource(counts: [10_000_000])
        source.height = { ip in ip.row % 2 == 0 ? 30 : 70 }
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        for row in [7_654_321, 9_999_999, 3] {
            let ip = IndexPath(0, row)
            table.scrollToRow(at: ip, at: position, animated: false)
            let rect = table.rectForRow(at: ip)
            let visible = CGRect(origin: table.contentOffset, size: table.bounds.size)
            switch position {
            case .top: #expect(rect.minY == visible.minY || table.contentOffset.y == table.maximumContentOffset.y,
                               "row \(row)")
            case .middle: #expect(abs(rect.midY - visible.midY) < 1e-6 || table.contentOffset.y == 0
                                  || table.contentOffset.y == table.maximumContentOffset.y, "row \(row)")
            default: #expect(rect.maxY == visible.maxY || table.contentOffset.y == 0, "row \(row)")
            }
            #expect(table.cellForRow(at: ip) != nil)
            #expect(rect.height == (row % 2 == 0 ? 30 : 70), "the row was measured, not estimated")
        }
    }
}
