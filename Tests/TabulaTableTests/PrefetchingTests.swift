import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A prefetch data source that keeps the rows it was asked for and not cancelled since.
@MainActor
final class PrefetchLog: UITableViewDataSourcePrefetching {
    var outstanding: Set<IndexPath> = []
    var prefetched: [IndexPath] = []
    var cancelled: [IndexPath] = []

    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
        prefetched += indexPaths
        outstanding.formUnion(indexPaths)
    }
    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        cancelled += indexPaths
        outstanding.subtract(indexPaths)
    }

    /// A row that came on screen is no longer waited for (the table does not cancel it).
    func displayed(_ indexPath: IndexPath) { outstanding.remove(indexPath) }

    /// The rows asked for that are not on screen, in order.
    func ahead(of table: UITableView) -> [Int] {
        outstanding.subtracting(table.indexPathsForVisibleRows ?? []).map(\.row).sorted()
    }
}

@MainActor
@Suite("UITableViewDataSourcePrefetching")
struct PrefetchingTests {
    private func make() -> (UITableView, PrefetchLog, TestTableSource, HeadlessScreen) {
        let source = TestTableSource(counts: [2000])
        let table = UITableView(frame: .zero, style: .plain)
        table.rowHeight = 44
        table.dataSource = source
        table.delegate = source
        let log = PrefetchLog()
        table.prefetchDataSource = log
        source.willDisplay = { [unowned log] _, indexPath in log.displayed(indexPath) }
        let screen = showTable(table)
        return (table, log, source, screen)
    }

    private func lastVisible(_ table: UITableView) -> Int { table.indexPathsForVisibleRows!.map(\.row).max()! }
    private func firstVisible(_ table: UITableView) -> Int { table.indexPathsForVisibleRows!.map(\.row).min()! }

    @Test("at rest, the screen below is prefetched, nearest row first, none of them on screen")
    func atRest() {
        let (table, log, source, screen) = make()
        defer { withExtendedLifetime((source, screen)) {} }
        let last = lastVisible(table)
        #expect(log.prefetched.first?.row == last + 1)
        let ahead = log.ahead(of: table)
        #expect(ahead.first == last + 1)
        #expect(ahead == Array(ahead.first! ... ahead.last!), "a contiguous run")
        // One screen (844 pt) of 44 pt rows.
        #expect(ahead.count >= 18 && ahead.count <= 21)
        #expect(Set(log.prefetched).isDisjoint(with: source.cellCalls.prefix(19)), "visible rows are not prefetched")
    }

    @Test("rows ahead in the direction of motion are prefetched, further for a faster scroll")
    func speed() {
        let (table, log, source, screen) = make()
        defer { withExtendedLifetime((source, screen)) {} }
        // A slow drag upwards on screen: the content moves down the rows.
        screen.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 500), duration: 1)
        let slowReach = log.ahead(of: table).last! - lastVisible(table)
        #expect(log.ahead(of: table).allSatisfy { $0 > lastVisible(table) })
        screen.advance(by: 2)   // let it settle
        // A fast fling the same way.
        table.fling(velocity: CGPoint(x: 0, y: 4000))
        screen.advance(by: 0.1)
        let fastReach = log.ahead(of: table).last! - lastVisible(table)
        #expect(log.ahead(of: table).allSatisfy { $0 > lastVisible(table) })
        #expect(fastReach > slowReach * 2, "fast \(fastReach) rows ahead, slow \(slowReach)")
        #expect(fastReach <= Int(UITableView.maximumPrefetchScreens * 844 / 44) + 1)
    }

    @Test("turning back cancels the rows ahead that were not reached and prefetches above")
    func reverse() {
        let (table, log, source, screen) = make()
        defer { withExtendedLifetime((source, screen)) {} }
        table.setContentOffset(CGPoint(x: 0, y: 20_000), animated: false)
        screen.advance(by: 1.0 / 60)
        table.fling(velocity: CGPoint(x: 0, y: 2000))
        screen.advance(by: 0.2)
        let below = log.ahead(of: table)
        #expect(below.allSatisfy { $0 > lastVisible(table) })
        log.cancelled = []
        table.fling(velocity: CGPoint(x: 0, y: -2000))
        screen.advance(by: 0.2)
        #expect(!log.cancelled.isEmpty)
        #expect(log.cancelled.allSatisfy { $0.row > lastVisible(table) }, "the cancelled rows were below")
        #expect(!log.ahead(of: table).isEmpty)
        #expect(log.ahead(of: table).allSatisfy { $0 < firstVisible(table) }, "now the rows above are asked for")
    }

    @Test("a reload cancels what was prefetched; a batch update carries it to the new index paths")
    func updates() {
        let (table, log, source, screen) = make()
        defer { withExtendedLifetime((source, screen)) {} }
        let before = log.outstanding
        source.counts = [2001]
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        screen.advance(by: 0.5)
        // The rows asked for moved down by one with their rows: nothing is cancelled or asked again.
        #expect(log.cancelled.isEmpty)
        #expect(log.prefetched.count == before.count + 1, "only the row now at the near edge is new")
        #expect(log.ahead(of: table).first == lastVisible(table) + 1)
        let requested = table.prefetch.requested
        #expect(requested.count >= 18)
        table.reloadData()
        #expect(Set(log.cancelled) == requested, "a reload cancels everything asked for, at its index path now")
        #expect(table.prefetch.requested.isEmpty)
        screen.advance(by: 1.0 / 60)
        #expect(!log.ahead(of: table).isEmpty, "asked again after the reload")
    }
}
