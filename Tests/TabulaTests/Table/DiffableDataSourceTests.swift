import Foundation
import Testing
@testable import Tabula
import TabulaTestSupport

@MainActor
@Suite("UITableViewDiffableDataSource")
struct DiffableDataSourceTests {
    private typealias Source = UITableViewDiffableDataSource<String, String>

    private func make() -> (UITableView, Source, HeadlessScreen) {
        let table = UITableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "item")
        let source = Source(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "item", for: indexPath)
            cell.textLabel?.text = item
            return cell
        }
        let screen = showTable(table)
        return (table, source, screen)
    }

    @Test("applying snapshots animates the difference; surviving items keep their cells")
    func apply() {
        let (table, source, screen) = make()
        defer { withExtendedLifetime((screen, source)) {} }
        var snapshot = NSDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["fruit", "veg"])
        snapshot.appendItems(["apple", "banana", "cherry"], toSection: "fruit")
        snapshot.appendItems(["kale", "leek"], toSection: "veg")
        source.apply(snapshot, animatingDifferences: false)
        screen.advance(by: 1.0 / 60)
        #expect(table.visibleCells.compactMap { $0.textLabel?.text } == ["apple", "banana", "cherry", "kale", "leek"])
        let before = table.cellsByItem
        var next = source.snapshot()
        next.deleteItems(["banana"])
        next.insertItems(["date"], afterItem: "cherry")
        next.moveItem("leek", beforeItem: "kale")
        var done = false
        source.apply(next) { done = true }
        screen.advance(by: 0.15)
        #expect(before["banana"]!.superview === table, "banana animates out")
        screen.advance(by: 0.3)
        #expect(done)
        #expect(table.visibleCells.compactMap { $0.textLabel?.text } == ["apple", "cherry", "date", "leek", "kale"])
        for item in ["apple", "cherry", "kale", "leek"] { #expect(table.cellsByItem[item] === before[item]) }
        #expect(source.itemIdentifier(for: IndexPath(0, 2)) == "date")
        #expect(source.indexPath(for: "kale") == IndexPath(1, 1))
    }

    @Test("a snapshot with duplicate identifiers is reported by name and not applied")
    func duplicates() {
        let (table, source, screen) = make()
        defer { withExtendedLifetime((screen, source)) {} }
        let log = ErrorLog(table)
        var snapshot = NSDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["s"])
        snapshot.appendItems(["a", "b"])
        source.apply(snapshot, animatingDifferences: false)
        var bad = snapshot
        bad.appendItems(["c", "a"])
        source.apply(bad)
        #expect(log.kinds == [.invalidUpdate])
        #expect(log.errors.first?.message.contains("item identifiers must be unique; 1 already in the snapshot (a)") == true)
        #expect(source.snapshot().itemIdentifiers == ["a", "b"])
        screen.advance(by: 0.4)
        #expect(table.visibleCells.compactMap { $0.textLabel?.text } == ["a", "b"])
        // Reloading with it instead: reported the same way, and the completion still runs.
        var completions = 0
        source.applySnapshotUsingReloadData(bad) { completions += 1 }
        screen.advance(by: 1.0 / 60)
        #expect(log.kinds == [.invalidUpdate, .invalidUpdate])
        #expect(completions == 1)
        #expect(source.snapshot().itemIdentifiers == ["a", "b"])
    }

    @Test("reconfigured items keep their cells; reloaded items get new ones")
    func reloadAndReconfigure() {
        let (table, source, screen) = make()
        defer { withExtendedLifetime((screen, source)) {} }
        var snapshot = NSDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["s"])
        snapshot.appendItems(["a", "b", "c"])
        source.applySnapshotUsingReloadData(snapshot)
        screen.advance(by: 1.0 / 60)
        let before = table.cellsByItem
        var next = source.snapshot()
        next.reconfigureItems(["a"])
        next.reloadItems(["b"])
        source.apply(next)
        screen.advance(by: 0.4)
        #expect(table.cellsByItem["a"] === before["a"])
        #expect(table.cellsByItem["b"] !== before["b"])
        #expect(table.cellsByItem["c"] === before["c"])
    }
}
