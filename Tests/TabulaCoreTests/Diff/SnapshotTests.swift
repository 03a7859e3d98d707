import Foundation
import Testing
@testable import TabulaCore
import TabulaTestBasics

private typealias Snapshot = NSDiffableDataSourceSnapshot<String, Int>

@Suite("NSDiffableDataSourceSnapshot")
struct SnapshotTests {
    @Test("items and sections are appended, inserted, moved and deleted by identifier")
    func editing() {
        var s = Snapshot()
        s.appendSections(["A", "B"])
        s.appendItems([1, 2, 3], toSection: "A")
        s.appendItems([4])
        s.insertItems([10], beforeItem: 2)
        s.insertItems([11], afterItem: 4)
        s.moveItem(3, beforeItem: 1)
        s.moveItem(1, afterItem: 11)
        s.insertSections(["Z"], beforeSection: "A")
        s.moveSection("B", beforeSection: "A")
        s.deleteItems([2])
        #expect(s.sectionIdentifiers == ["Z", "B", "A"])
        #expect(s.itemIdentifiers(inSection: "A") == [3, 10])
        #expect(s.itemIdentifiers(inSection: "B") == [4, 11, 1])
        #expect(s.numberOfItems == 5 && s.numberOfItems(inSection: "Z") == 0)
        #expect(s.sectionIdentifier(containingItem: 1) == "B")
        #expect(s.indexOfItem(10) == 4 && s.indexPath(of: 10) == IndexPath(row: 1, section: 2))
        #expect(s.problems.isEmpty)
        s.deleteSections(["B"])
        #expect(s.itemIdentifiers == [3, 10] && s.sectionIdentifier(containingItem: 4) == nil)
    }

    @Test("duplicates and missing identifiers are recorded as problems that name them")
    func problems() {
        var s = Snapshot()
        s.appendSections(["A"])
        s.appendItems([1, 2, 2, 1, 3])
        s.deleteItems([9])
        s.insertItems([5], beforeItem: 8)
        #expect(s.itemIdentifiers == [1, 2, 3])
        #expect(s.problems.count == 3)
        #expect(s.problems[0].contains("item identifiers must be unique; 2 already in the snapshot (2, 1)"))
        #expect(s.problems[1].contains("deleteItems: item 9 is not in the snapshot"))
        let old = Snapshot()
        let error = #expect(throws: TableUpdateError.self) { try old.update(to: s) }
        #expect(error?.message.contains("(2, 1)") == true)
    }

    @Test("an update between random snapshots is a valid plan that maps every item to itself, with fewest moves")
    func randomUpdates() throws {
        var random = SeededRandom(seed: 42)
        for round in 0 ..< 400 {
            let old = randomSnapshot(&random, base: 0)
            var new = old
            // Delete, insert, move within and across sections, move and insert sections, reload.
            for item in new.itemIdentifiers where Int.random(in: 0 ..< 8, using: &random) == 0 { new.deleteItems([item]) }
            var next = 1000 * (round + 1)
            for section in new.sectionIdentifiers where Int.random(in: 0 ..< 2, using: &random) == 0 {
                next += 1
                if let anchor = new.itemIdentifiers(inSection: section).randomElement(using: &random) {
                    new.insertItems([next], beforeItem: anchor)
                } else {
                    new.appendItems([next], toSection: section)
                }
            }
            let all = new.itemIdentifiers
            for _ in 0 ..< Int.random(in: 0 ... 3, using: &random) where all.count > 1 {
                let a = all.randomElement(using: &random)!, b = all.randomElement(using: &random)!
                new.moveItem(a, afterItem: b)
            }
            if new.numberOfSections > 1 && Bool.random(using: &random) {
                new.moveSection(new.sectionIdentifiers.last!, beforeSection: new.sectionIdentifiers.first!)
            }
            if Int.random(in: 0 ..< 4, using: &random) == 0 { new.appendSections(["new\(round)"]); new.appendItems([next + 1]) }
            if let s = new.sectionIdentifiers.randomElement(using: &random), Int.random(in: 0 ..< 5, using: &random) == 0 {
                new.deleteSections([s])
            }
            new.reloadItems(new.itemIdentifiers.filter { $0 % 7 == 0 })
            #expect(new.problems.isEmpty)

            let update = try old.update(to: new)
            let oldCounts = old.itemsBySection.map(\.count), newCounts = new.itemsBySection.map(\.count)
            let plan = try UpdatePlan(oldRowCounts: oldCounts, operations: update.operations, newRowCounts: newCounts)
            for (n, items) in new.itemsBySection.enumerated() {
                for (r, item) in items.enumerated() {
                    if let from = plan.origin(ofRow: IndexPath(row: r, section: n)).oldIndexPath {
                        #expect(old.itemsBySection[from.section][from.row] == item, "round \(round): \(item)")
                    } else {
                        // Inserted: new, or its old section or new section is replaced, or moved and reloaded.
                        let was = old.indexPath(of: item)
                        #expect(was == nil || new.reloadedItemIdentifiers.contains(item)
                                || update.operations.deletedSections.contains(was!.section)
                                || update.operations.insertedSections.contains(n)
                                || update.operations.deletedRows.contains(was!), "round \(round): \(item) inserted")
                    }
                }
            }
        }
    }

    @Test("items that keep their order are not moves: one item taken from the front is one move")
    func fewestMoves() throws {
        var old = Snapshot()
        old.appendSections(["A"])
        old.appendItems(Array(0 ..< 100))
        var new = old
        new.moveItem(0, afterItem: 99)
        let update = try old.update(to: new)
        #expect(update.operations.movedRows == [RowMove(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 99, section: 0))])
        #expect(update.operations.insertedRows.isEmpty && update.operations.deletedRows.isEmpty)
    }

    @Test("an item marked for reconfiguring is reconfigured when it moves to another section, as within one")
    func reconfigureAcrossSections() throws {
        var old = Snapshot()
        old.appendSections(["A", "B"])
        old.appendItems([1, 2], toSection: "A")
        old.appendItems([3], toSection: "B")
        var new = old
        new.moveItem(1, afterItem: 3)
        new.reconfigureItems([1])
        let update = try old.update(to: new)
        #expect(update.operations.movedRows == [RowMove(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 1))])
        #expect(update.reconfiguredRows == [IndexPath(row: 0, section: 0)])
    }
}

private func randomSnapshot(_ random: inout SeededRandom, base: Int) -> Snapshot {
    var s = Snapshot()
    var next = base
    for k in 0 ..< Int.random(in: 0 ... 4, using: &random) {
        s.appendSections(["s\(k)"])
        let count = Int.random(in: 0 ... 6, using: &random)
        s.appendItems((0 ..< count).map { _ in next += 1; return next })
    }
    return s
}
