import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
@testable import TabulaData

@MainActor
@Suite("FetchedResultsController")
struct FetchedResultsControllerTests {
    @Test("groups the sorted rows into sections by the section column, with index titles")
    func fetchAndSections() throws {
        let database = try TemporaryDatabase(names: ["bob", "Alice", "Carol", "anna", "Ben"])
        let controller = database.controller()
        #expect(controller.sections == nil)
        try controller.performFetch()
        #expect(controller.sections?.map(\.name) == ["A", "B", "C"])
        #expect(controller.sections?.map(\.numberOfObjects) == [2, 2, 1])
        #expect(controller.sectionIndexTitles == ["A", "B", "C"])
        #expect(controller.object(at: IndexPath(row: 1, section: 1)).name == "bob")
        let carol = try #require(controller.fetchedObjects?.first { $0.name == "Carol" })
        #expect(controller.indexPath(forObject: carol) == IndexPath(row: 0, section: 2))
        #expect(controller.section(forSectionIndexTitle: "B", at: 1) == 1)
    }

    @Test("without a section column there is one section named \"\"")
    func oneSection() throws {
        let database = try TemporaryDatabase(names: ["b", "a"])
        let controller = database.controller(sql: "SELECT * FROM contact ORDER BY name", section: nil)
        try controller.performFetch()
        #expect(controller.sections?.map(\.name) == [""])
        #expect(controller.fetchedObjects?.map(\.name) == ["a", "b"])
    }

    @Test("a section column missing from the query is an error that names it and the columns there are")
    func missingSectionColumn() throws {
        let database = try TemporaryDatabase(names: ["a"])
        let controller = database.controller(sql: "SELECT id, name, name AS initial FROM contact ORDER BY name",
                                             section: "letter")
        #expect {
            try controller.performFetch()
        } throws: { error in
            let error = error as! FetchedResultsError
            return error.kind == .missingSectionColumn && error.message.contains("\"letter\"")
                && error.message.contains("id, name, initial")
        }
    }

    @Test("a request not sorted by the section column is an error that says to sort by it")
    func unsortedSections() throws {
        let database = try TemporaryDatabase(names: ["Alice", "Bob", "Anna"])
        let controller = database.controller(sql: "SELECT * FROM contact ORDER BY id")
        #expect {
            try controller.performFetch()
        } throws: { error in
            let error = error as! FetchedResultsError
            return error.kind == .sectionsNotContiguous && error.message.contains("section \"A\"")
                && error.message.contains("Sort the request by the section column first")
        }
    }

    @Test("a request that repeats an id is an error naming the id")
    func duplicateIDs() throws {
        let database = try TemporaryDatabase(names: ["Alice", "Bob"])
        let controller = database.controller(
            sql: "SELECT c.* FROM contact c, contact d ORDER BY c.initial, c.name", section: "initial")
        #expect {
            try controller.performFetch()
        } throws: { error in
            (error as! FetchedResultsError).kind == .duplicateIdentifier
        }
    }

    @Test("the delegate hears will change, sections, objects with old and new index paths, did change")
    func delegateOrder() throws {
        let database = try TemporaryDatabase(names: ["Alice", "Bob", "Bert", "Carol"])
        let controller = database.controller()
        let log = DelegateLog()
        controller.delegate = log
        try controller.performFetch()
        try database.pool.write { db in
            try db.execute(sql: "UPDATE contact SET name = 'Dora' WHERE name = 'Alice'")   // A empties; D appears
            try db.execute(sql: "UPDATE contact SET name = 'Bertha' WHERE name = 'Bert'")  // same place, new content
            try db.execute(sql: "DELETE FROM contact WHERE name = 'Carol'")               // C empties
            try db.execute(sql: "INSERT INTO contact(name) VALUES ('Abe'), ('Ben')")
        }
        #expect(log.lines.isEmpty, "nothing is reported from inside the write")
        controller.processPendingChanges()
        #expect(log.lines == [
            "will",
            "section delete 2 C",
            "section insert 2 D",
            "delete Carol [2, 0] -",
            "insert Abe - [0, 0]",
            "insert Ben - [1, 0]",
            "update Bertha [1, 0] [1, 1]",
            "move Dora [0, 0] [2, 0]",
            "did",
        ])
        #expect(controller.sections?.map(\.name) == ["A", "B", "D"])
        // Nothing more to report.
        log.lines = []
        controller.processPendingChanges()
        #expect(log.lines.isEmpty)
    }

    @Test("writes from another connection to the same file are seen at the next frame")
    func otherConnection() throws {
        let database = try TemporaryDatabase(names: ["Alice"])
        let controller = database.controller()
        let log = DelegateLog()
        controller.delegate = log
        try controller.performFetch()
        let screen = HeadlessScreen(size: CGSize(width: 100, height: 100))
        screen.show(UIWindow(frame: .zero))
        // A second connection of its own, as another process would have.
        let other = try DatabaseQueue(path: database.path)
        try other.write { db in try db.execute(sql: "INSERT INTO contact(name) VALUES ('Zed')") }
        #expect(log.lines.isEmpty)
        screen.advance(by: 1.0 / 60)
        #expect(log.lines == ["will", "section insert 1 Z", "insert Zed - [1, 0]", "did"])
        #expect(controller.fetchedObjects?.map(\.name) == ["Alice", "Zed"])
    }

    @Test("a write to another table reports nothing")
    func unrelatedWrite() throws {
        let database = try TemporaryDatabase(names: ["Alice"])
        try database.pool.write { db in try db.execute(sql: "CREATE TABLE note(id INTEGER PRIMARY KEY, text TEXT)") }
        let controller = database.controller()
        let log = DelegateLog()
        controller.delegate = log
        try controller.performFetch()
        try database.pool.write { db in try db.execute(sql: "INSERT INTO note(text) VALUES ('x')") }
        controller.processPendingChanges()
        #expect(log.lines.isEmpty)
    }

    @Test("the snapshot has sections by name, items by id, and marks updated items for reconfiguring")
    func snapshot() throws {
        let database = try TemporaryDatabase(names: ["Alice", "Bob"])
        let controller = database.controller()
        try controller.performFetch()
        var snapshot = controller.snapshot()
        #expect(snapshot.sectionIdentifiers == ["A", "B"])
        #expect(snapshot.itemIdentifiers == [1, 2])
        try database.rename("Bob", to: "Bobby")
        controller.processPendingChanges()
        snapshot = controller.snapshot()
        #expect(snapshot.reconfiguredItemIdentifiers == [2])
    }
}

@MainActor
@Suite("FetchedResultsController: records that cannot be decoded")
struct FetchedResultsDecodingTests {
    @Test("a NULL in a column the record needs throws from performFetch instead of stopping the program")
    func nullColumnThrows() throws {
        let database = try TemporaryDatabase(names: ["Alice", "Bob"])
        let controller = database.controller(sql: "SELECT id, NULL AS name, initial FROM contact ORDER BY initial, id")
        #expect(throws: (any Error).self) { try controller.performFetch() }
        #expect(controller.fetchedObjects == nil, "nothing half fetched")
    }
}
