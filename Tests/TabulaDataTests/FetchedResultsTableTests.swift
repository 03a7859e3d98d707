import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
@testable import TabulaData
import TabulaTestSupport

/// The table helper against a real database file: every write ends with the table equal
/// to a fresh fetch, and no update is ever inconsistent (the table would report it).
@MainActor
@Suite("FetchedResultsTableDataSource")
struct FetchedResultsTableTests {
    /// `count` names over the alphabet, the same ones every run.
    static func names(_ count: Int, seed: UInt64 = 1) -> [String] {
        var rng = SeededRandom(seed: seed)
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return (0 ..< count).map { i in "\(letters[Int.random(in: 0 ..< 26, using: &rng)])\(["ada", "bo", "cy", "dee", "eli"][i % 5])\(i)" }
    }

    @Test("a write that touches many rows at once is one animated batch, and the table ends equal to a fresh fetch")
    func bulkWrite() throws {
        let database = try TemporaryDatabase(names: Self.names(200))
        let shown = try ContactsTable(database)
        var batches = 0
        shown.dataSource.didApplyChanges = { _ in batches += 1 }
        try expectTable(shown.table, matchesFreshFetchOf: database)
        try database.pool.write { db in
            // Rename 60 rows (most change section), delete 30, insert 25.
            try db.execute(sql: "UPDATE contact SET name = 'Z' || name WHERE id % 4 = 0 AND id <= 240")
            try db.execute(sql: "DELETE FROM contact WHERE id % 7 = 1")
            for i in 0 ..< 25 { try db.execute(sql: "INSERT INTO contact(name) VALUES (?)", arguments: ["Added \(i)"]) }
        }
        shown.screen.advance(by: 1.0 / 60)
        #expect(batches == 1)
        #expect(shown.errors.isEmpty, "\(shown.errors)")
        try expectTable(shown.table, matchesFreshFetchOf: database)
        shown.screen.advance(by: 0.5)
        try expectTable(shown.table, matchesFreshFetchOf: database)
    }

    @Test("renaming a row so that its section column changes moves it to the other section, keeping its cell")
    func moveBetweenSections() throws {
        let database = try TemporaryDatabase(names: ["Alice", "Amy", "Bob", "Carl"])
        let shown = try ContactsTable(database)
        let alice = try #require(shown.table.cellForRow(at: IndexPath(row: 0, section: 0)))
        try database.rename("Alice", to: "Beatrice")
        shown.screen.advance(by: 1.0 / 60)
        #expect(shown.controller.lastChanges?.objectChanges.map(\.description) == ["move [0, 0]→[1, 0]"])
        shown.screen.advance(by: 0.5)
        #expect(shown.table.cellForRow(at: IndexPath(row: 0, section: 1)) === alice, "the cell slid with its row")
        #expect(alice.textLabel?.text == "Beatrice", "and shows the new name")
        #expect((0 ..< 3).map { shown.table.numberOfRows(inSection: $0) } == [1, 2, 1])
        #expect(shown.errors.isEmpty, "\(shown.errors)")
        try expectTable(shown.table, matchesFreshFetchOf: database)
    }

    @Test("a section whose last row leaves disappears; a new section column value makes a section")
    func sectionEmptiesAndAppears() throws {
        let database = try TemporaryDatabase(names: ["Alice", "Bob", "Carl"])
        let shown = try ContactsTable(database)
        try database.rename("Bob", to: "Xavier")
        shown.screen.advance(by: 1.0 / 60)
        #expect(shown.controller.lastChanges?.deletedSections == [1])
        #expect(shown.controller.lastChanges?.insertedSections == [2])
        #expect(shown.table.numberOfSections == 3)
        try database.delete(["Carl"])
        shown.screen.advance(by: 0.1)
        #expect(shown.controller.sections?.map(\.name) == ["A", "X"])
        #expect(shown.table.numberOfSections == 2)
        shown.screen.advance(by: 0.5)
        #expect(shown.errors.isEmpty, "\(shown.errors)")
        try expectTable(shown.table, matchesFreshFetchOf: database)
        #expect(shown.table.headerView(forSection: 1)?.textLabel?.text?.uppercased() == "X")
    }

    @Test("rapid random writes while update animations run lose nothing", arguments: [7, 8, 9] as [UInt64])
    func rapidWrites(seed: UInt64) throws {
        let database = try TemporaryDatabase(names: Self.names(120, seed: seed))
        let shown = try ContactsTable(database)
        var rng = SeededRandom(seed: seed)
        var serial = 0
        for step in 0 ..< 40 {
            // One to three commits before the next frame, each a random mix.
            for _ in 0 ..< Int.random(in: 1 ... 3, using: &rng) {
                try database.pool.write { db in
                    let ids = try Int64.fetchAll(db, sql: "SELECT id FROM contact")
                    for _ in 0 ..< Int.random(in: 1 ... 8, using: &rng) {
                        serial += 1
                        switch Int.random(in: 0 ..< 4, using: &rng) {
                        case 0:
                            let letter = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".randomElement(using: &rng)!
                            try db.execute(sql: "INSERT INTO contact(name) VALUES (?)", arguments: ["\(letter)new\(serial)"])
                        case 1:
                            if let id = ids.randomElement(using: &rng) {
                                try db.execute(sql: "DELETE FROM contact WHERE id = ?", arguments: [id])
                            }
                        default:
                            let letter = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".randomElement(using: &rng)!
                            if let id = ids.randomElement(using: &rng) {
                                try db.execute(sql: "UPDATE contact SET name = ? WHERE id = ?",
                                               arguments: ["\(letter)renamed\(serial)", id])
                            }
                        }
                    }
                }
            }
            // Partway through the 0.3 s animation, sometimes scrolled elsewhere.
            shown.screen.advance(by: Double(Int.random(in: 1 ... 6, using: &rng)) / 60)
            if step % 10 == 9 {
                shown.table.setContentOffset(CGPoint(x: 0, y: CGFloat(Int.random(in: 0 ... 2000, using: &rng))), animated: false)
            }
            try expectTable(shown.table, matchesFreshFetchOf: database)
        }
        shown.screen.advance(by: 1)
        #expect(shown.errors.isEmpty, "\(shown.errors.prefix(3))")
        try expectTable(shown.table, matchesFreshFetchOf: database)
    }

    @Test("applied as diffable snapshots, random writes end equal to a fresh fetch")
    func diffableSnapshots() throws {
        let database = try TemporaryDatabase(names: Self.names(80, seed: 3))
        let controller = database.controller()
        try controller.performFetch()
        let table = UITableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
        var errors: [TableUpdateError] = []
        table.onInvalidUpdate = { errors.append($0) }
        let dataSource = UITableViewDiffableDataSource<String, Int64>(tableView: table) { table, indexPath, id in
            let cell = table.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
            cell.textLabel?.text = controller.indexPath(forID: id).map { controller.object(at: $0).name }
            return cell
        }
        let applier = SnapshotApplier(dataSource)
        controller.delegate = applier
        dataSource.apply(controller.snapshot(), animatingDifferences: false)
        let screen = showTable(table)
        var rng = SeededRandom(seed: 11)
        for _ in 0 ..< 15 {
            try database.pool.write { db in
                let ids = try Int64.fetchAll(db, sql: "SELECT id FROM contact")
                try db.execute(sql: "DELETE FROM contact WHERE id = ?", arguments: [ids.randomElement(using: &rng)!])
                try db.execute(sql: "UPDATE contact SET name = ? WHERE id = ?",
                               arguments: ["\("ABCXYZ".randomElement(using: &rng)!)moved", ids.randomElement(using: &rng)!])
                try db.execute(sql: "INSERT INTO contact(name) VALUES (?)", arguments: ["\("ABCXYZ".randomElement(using: &rng)!)new"])
            }
            screen.advance(by: 0.1)
        }
        screen.advance(by: 1)
        #expect(errors.isEmpty, "\(errors.prefix(3))")
        try expectTable(table, matchesFreshFetchOf: database)
        withExtendedLifetime((dataSource, applier)) {}
    }
}

/// Applies the controller's snapshot to a diffable data source after every change.
@MainActor
final class SnapshotApplier: FetchedResultsControllerDelegate {
    typealias Record = Contact
    let dataSource: UITableViewDiffableDataSource<String, Int64>
    init(_ dataSource: UITableViewDiffableDataSource<String, Int64>) { self.dataSource = dataSource }
    func controllerDidChangeContent(_ controller: FetchedResultsController<Contact>) {
        dataSource.apply(controller.snapshot())
    }
}
