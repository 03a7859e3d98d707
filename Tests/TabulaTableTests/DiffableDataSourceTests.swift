import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
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

    /// A diffable data source whose subclass edits the fruit section only, deletes by
    /// applying a snapshot, and moves rows (letting `super` update the snapshot).
    private final class EditableSource: UITableViewDiffableDataSource<String, String> {
        var moves: [(IndexPath, IndexPath)] = []
        override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
            sectionIdentifier(for: indexPath.section) == "fruit"
        }
        override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
        override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
                                forRowAt indexPath: IndexPath) {
            guard editingStyle == .delete, let item = itemIdentifier(for: indexPath) else { return }
            var snapshot = snapshot()
            snapshot.deleteItems([item])
            apply(snapshot)
        }
        override func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
            moves.append((sourceIndexPath, destinationIndexPath))
            super.tableView(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
        }
    }

    @Test("rows are not editable by default; a subclass's canEditRowAt, commit and moveRowAt are the ones the table calls")
    func subclassEditing() {
        let table = UITableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "item")
        let provider: Source.CellProvider = { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "item", for: indexPath)
            cell.textLabel?.text = item
            return cell
        }
        let plain = Source(tableView: table, cellProvider: provider)
        var snapshot = NSDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["fruit", "veg"])
        snapshot.appendItems(["apple", "banana", "cherry"], toSection: "fruit")
        snapshot.appendItems(["kale"], toSection: "veg")
        plain.apply(snapshot, animatingDifferences: false)
        #expect(plain.tableView(table, canEditRowAt: IndexPath(row: 0, section: 0)) == false, "UIKit's default")

        let source = EditableSource(tableView: table, cellProvider: provider)
        source.apply(snapshot, animatingDifferences: false)
        let screen = showTable(table)
        defer { withExtendedLifetime((screen, source, plain)) {} }
        table.setEditing(true, animated: false)
        screen.advance(by: 1.0 / 60)
        let kinds = table.visibleCells.map { $0.editingControlKind }
        #expect(kinds == [.delete, .delete, .delete, .none], "only the fruit section shows delete controls")

        // The table's delete path reaches the override, which applies a snapshot.
        table.dataSource?.tableView(table, commit: .delete, forRowAt: IndexPath(row: 1, section: 0))
        screen.advance(by: 1)
        #expect(source.snapshot().itemIdentifiers(inSection: "fruit") == ["apple", "cherry"])
        #expect(table.numberOfRows(inSection: 0) == 2)

        // A move made by the person: the override sees it and super moves the snapshot's item.
        table.dataSource?.tableView(table, moveRowAt: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 1))
        #expect(source.moves.count == 1)
        #expect(source.snapshot().itemIdentifiers(inSection: "fruit") == ["cherry"])
        #expect(source.snapshot().itemIdentifiers(inSection: "veg") == ["kale", "apple"])
    }
}
