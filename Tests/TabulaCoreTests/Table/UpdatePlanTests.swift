import Foundation
import Testing
@testable import TabulaCore
import TabulaTestBasics

/// A table as the app's model holds it: sections of unique item identifiers, each
/// section with an identifier of its own. The plan is checked against it: every item
/// that is in both tables must be mapped to where it is after the update.
struct Model: Equatable {
    var sections: [(id: Int, items: [Int])]
    var counts: [Int] { sections.map(\.items.count) }

    static func == (a: Model, b: Model) -> Bool {
        a.sections.map(\.id) == b.sections.map(\.id) && a.sections.map(\.items) == b.sections.map(\.items)
    }

    /// Section index and row of each item.
    var positions: [Int: IndexPath] {
        var result: [Int: IndexPath] = [:]
        for (s, section) in sections.enumerated() {
            for (r, item) in section.items.enumerated() { result[item] = IndexPath(row: r, section: s) }
        }
        return result
    }
}

/// The indexes of one longest increasing subsequence of `values` (O(n²), for small tests).
func longestIncreasing(_ values: [Int]) -> Set<Int> {
    guard !values.isEmpty else { return [] }
    var length = [Int](repeating: 1, count: values.count), previous = [Int](repeating: -1, count: values.count)
    for i in values.indices {
        for j in 0 ..< i where values[j] < values[i] && length[j] + 1 > length[i] {
            length[i] = length[j] + 1
            previous[i] = j
        }
    }
    var result = Set<Int>()
    var i = length.indices.max { length[$0] < length[$1] }!
    while i >= 0 { result.insert(i); i = previous[i] }
    return result
}

/// The operations a careful app would tell the table to get from `old` to `new`, and the
/// fate it expects of every old row: deletes and reloads as before, inserts as after;
/// items that keep their relative order are not moved unless `extraMoves` says so.
struct Derived {
    var operations = UpdateOperations()
    var fates: [IndexPath: UpdatePlan.RowFate] = [:]
    var origins: [IndexPath: UpdatePlan.RowOrigin] = [:]

    init(old: Model, new: Model, reloadedSections: Set<Int>, reloadedItems: Set<Int>,
         extraMoves: (Int) -> Bool) {
        let oldSectionIndex = Dictionary(uniqueKeysWithValues: old.sections.enumerated().map { ($1.id, $0) })
        let newSectionIndex = Dictionary(uniqueKeysWithValues: new.sections.enumerated().map { ($1.id, $0) })
        // Sections: deleted, inserted, moved (those off one longest kept order), reloaded.
        operations.deletedSections = old.sections.indices.filter { newSectionIndex[old.sections[$0].id] == nil }
        operations.insertedSections = new.sections.indices.filter { oldSectionIndex[new.sections[$0].id] == nil }
        let common = new.sections.indices.compactMap { n in oldSectionIndex[new.sections[n].id].map { (old: $0, new: n) } }
        let kept = longestIncreasing(common.map(\.old))
        // A section that must move cannot also be reloaded: its rows are then replaced row by row.
        let reloadedSections = reloadedSections.filter { id in
            common.indices.contains { kept.contains($0) && old.sections[common[$0].old].id == id }
        }
        var movedSections = Set<Int>()
        for (k, pair) in common.enumerated() {
            let id = old.sections[pair.old].id
            if reloadedSections.contains(id) {
                operations.reloadedSections.append(pair.old)
            }
            if !kept.contains(k) || (extraMoves(id) && !reloadedSections.contains(id)) {
                operations.movedSections.append(SectionMove(from: pair.old, to: pair.new))
                movedSections.insert(id)
            }
        }
        precondition(movedSections.isDisjoint(with: reloadedSections), "a test asked to move a reloaded section")
        /// A section whose rows can take part in row operations: in both tables, not reloaded.
        func live(_ id: Int) -> Bool {
            oldSectionIndex[id] != nil && newSectionIndex[id] != nil && !reloadedSections.contains(id)
        }
        let oldPositions = old.positions, newPositions = new.positions
        var movedItems = Set<Int>()
        for (n, section) in new.sections.enumerated() where live(section.id) {
            let o = oldSectionIndex[section.id]!
            // Items staying in this section, in new order, with their old rows.
            let staying = section.items.filter { oldPositions[$0]?.section == o }
            let keptRows = longestIncreasing(staying.map { oldPositions[$0]!.row })
            for (k, item) in staying.enumerated() where !keptRows.contains(k) || extraMoves(item) {
                movedItems.insert(item)
            }
            for (r, item) in section.items.enumerated() {
                let to = IndexPath(row: r, section: n)
                if let from = oldPositions[item], live(old.sections[from.section].id) {
                    if from.section != o { movedItems.insert(item) }
                    if movedItems.contains(item) {
                        operations.movedRows.append(RowMove(from: from, to: to))
                        fates[from] = .moved(to)
                        origins[to] = .moved(from)
                    } else if reloadedItems.contains(item) {
                        operations.reloadedRows.append(from)
                        fates[from] = .reloaded(to)
                        origins[to] = .reloaded(from)
                    } else {
                        fates[from] = .persists(to)
                        origins[to] = .persisted(from)
                    }
                } else {
                    operations.insertedRows.append(to)
                    origins[to] = .inserted
                }
            }
        }
        for (s, section) in old.sections.enumerated() {
            for (r, item) in section.items.enumerated() where fates[IndexPath(row: r, section: s)] == nil {
                let from = IndexPath(row: r, section: s)
                fates[from] = .deleted
                if live(section.id) && (newPositions[item].map { !live(new.sections[$0.section].id) } ?? true) {
                    operations.deletedRows.append(from)
                }
            }
        }
        for (n, section) in new.sections.enumerated() where !live(section.id) {
            for r in section.items.indices { origins[IndexPath(row: r, section: n)] = .inserted }
        }
    }
}

/// Checks that the plan maps every row as the model says.
private func expectPlan(_ plan: UpdatePlan, matches derived: Derived, _ label: @autoclosure () -> String,
                        sourceLocation: SourceLocation = #_sourceLocation) {
    for (from, fate) in derived.fates where plan.fate(ofRow: from) != fate {
        Issue.record("\(label()): row \(from.tableDescription) should be \(fate), plan says \(plan.fate(ofRow: from))",
                     sourceLocation: sourceLocation)
        return
    }
    for (to, origin) in derived.origins where plan.origin(ofRow: to) != origin {
        Issue.record("\(label()): new row \(to.tableDescription) should come from \(origin), plan says \(plan.origin(ofRow: to))",
                     sourceLocation: sourceLocation)
        return
    }
    // The rows that do not stay as they were, section by section: the old rows that do not
    // persist, and the new rows that were not persisting rows.
    for (o, count) in plan.oldRowCounts.enumerated() {
        let replacements = plan.rowReplacements(ofSection: o)
        let s: Int
        switch plan.fate(ofSection: o) {
        case .persists(let new), .moved(let new): s = new
        case .reloaded, .deleted:
            if replacements != nil {
                Issue.record("\(label()): section \(o) is replaced whole, yet has row replacements",
                             sourceLocation: sourceLocation)
            }
            continue
        }
        let removed = (0 ..< count).filter { r in
            if case .persists = plan.fate(ofRow: IndexPath(row: r, section: o)) { false } else { true }
        }
        let inserted = (0 ..< plan.newRowCounts[s]).filter { r in
            if case .persisted = plan.origin(ofRow: IndexPath(row: r, section: s)) { false } else { true }
        }
        guard let replacements, replacements.removed == removed, replacements.inserted == inserted else {
            let expected = (removed: removed, inserted: inserted)
            Issue.record("\(label()): section \(o) replaces \(String(describing: replacements)), expected \(expected)",
                         sourceLocation: sourceLocation)
            return
        }
    }
}

private func rows(_ section: Int, _ rows: Int...) -> [IndexPath] { rows.map { IndexPath(row: $0, section: section) } }

@Suite("UpdatePlan")
struct UpdatePlanTests {
    // MARK: The worked examples of WWDC 2010, Mastering Table Views (seven rows in one section)

    @Test("delete 1, 3, 5 of seven rows: the others close up in order")
    func seedDeletes() throws {
        var ops = UpdateOperations()
        ops.deletedRows = rows(0, 5, 1, 3)
        let plan = try UpdatePlan(oldRowCounts: [7], operations: ops, newRowCounts: [4])
        #expect((0 ..< 7).map { plan.fate(ofRow: IndexPath(row: $0, section: 0)).newIndexPath?.row }
                == [0, nil, 1, nil, 2, nil, 3])
    }

    @Test("insert 1, 3, 5 into four rows: inserts name rows after the update")
    func seedInserts() throws {
        var ops = UpdateOperations()
        ops.insertedRows = rows(0, 5, 1, 3)
        let plan = try UpdatePlan(oldRowCounts: [4], operations: ops, newRowCounts: [7])
        #expect((0 ..< 4).map { plan.fate(ofRow: IndexPath(row: $0, section: 0)).newIndexPath?.row } == [0, 2, 4, 6])
        #expect((0 ..< 7).map { plan.origin(ofRow: IndexPath(row: $0, section: 0)) == .inserted }
                == [false, true, false, true, false, true, false])
    }

    @Test("reload 1, 3, 5: the rows stay where they are, with new cells")
    func seedReloads() throws {
        var ops = UpdateOperations()
        ops.reloadedRows = rows(0, 1, 3, 5)
        let plan = try UpdatePlan(oldRowCounts: [7], operations: ops, newRowCounts: [7])
        #expect(plan.fate(ofRow: IndexPath(row: 3, section: 0)) == .reloaded(IndexPath(row: 3, section: 0)))
        #expect(plan.fate(ofRow: IndexPath(row: 4, section: 0)) == .persists(IndexPath(row: 4, section: 0)))
    }

    @Test("delete 1 and 5, insert 2 and 3, reload 4: the reload is named before, and lands at 5")
    func seedCombined() throws {
        var ops = UpdateOperations()
        ops.reloadedRows = rows(0, 4)
        ops.insertedRows = rows(0, 3, 2)
        ops.deletedRows = rows(0, 5, 1)
        let plan = try UpdatePlan(oldRowCounts: [7], operations: ops, newRowCounts: [7])
        let fates = (0 ..< 7).map { plan.fate(ofRow: IndexPath(row: $0, section: 0)) }
        #expect(fates == [.persists(IndexPath(row: 0, section: 0)), .deleted, .persists(IndexPath(row: 1, section: 0)),
                          .persists(IndexPath(row: 4, section: 0)), .reloaded(IndexPath(row: 5, section: 0)), .deleted,
                          .persists(IndexPath(row: 6, section: 0))])
    }

    // MARK: Model checks

    @Test("every mix of deletes, inserts, moves and reloads on one section of up to 4 rows")
    func exhaustiveOneSection() throws {
        var cases = 0
        try forEveryOneSectionChange { old, new, survivors in
            for reloads in [Set<Int>(), Set(survivors.prefix(1)), Set(survivors)] {
                let derived = Derived(old: old, new: new, reloadedSections: [], reloadedItems: reloads,
                                      extraMoves: { _ in false })
                let plan = try UpdatePlan(oldRowCounts: old.counts, operations: derived.operations,
                                          newRowCounts: new.counts)
                expectPlan(plan, matches: derived,
                           "\(old.sections[0].items) → \(new.sections[0].items), reloading \(reloads.sorted())")
                cases += 1
            }
        }
        #expect(cases == 3_687)
    }

    @Test("random updates of up to 4 sections × 4 rows, and of tables with a thousand operations, match the model")
    func randomUpdates() throws {
        var random = SeededRandom(seed: 2010)
        for round in 0 ..< 3_000 {
            let big = round % 100 == 99
            let (old, new, reloadedSections, reloadedItems) = randomChange(
                sections: big ? 20 : Int.random(in: 0 ... 4, using: &random),
                rows: big ? 200 : 4, using: &random)
            let extra = UInt64.random(in: 0 ... 3, using: &random)
            let derived = Derived(old: old, new: new, reloadedSections: reloadedSections, reloadedItems: reloadedItems,
                                  extraMoves: { extra > 0 && UInt64($0 * 7919) % 11 < extra && !reloadedSections.contains($0) })
            var operations = derived.operations
            // Order inside a block does not matter.
            operations.deletedRows.shuffle(using: &random)
            operations.insertedRows.shuffle(using: &random)
            operations.movedRows.shuffle(using: &random)
            let plan = try UpdatePlan(oldRowCounts: old.counts, operations: operations, newRowCounts: new.counts)
            expectPlan(plan, matches: derived, "round \(round)")
        }
    }

    @Test("row operations inside inserted, deleted or reloaded sections are dropped as redundant")
    func redundantOperations() throws {
        var ops = UpdateOperations()
        ops.deletedSections = [0]
        ops.reloadedSections = [1]
        ops.insertedSections = [2]
        ops.deletedRows = rows(0, 1) + rows(1, 0) + rows(2, 0)
        ops.reloadedRows = rows(0, 0)
        ops.insertedRows = rows(0, 0) + rows(2, 0) // redundant, but rows that exist
        let plan = try UpdatePlan(oldRowCounts: [3, 2, 2], operations: ops, newRowCounts: [5, 1, 1])
        #expect(plan.essential.deletedRows == rows(2, 0))
        #expect(plan.essential.reloadedRows.isEmpty)
        #expect(plan.essential.insertedRows.isEmpty)
        #expect(plan.newSectionForOld == [nil, 0, 1])
        #expect(plan.fate(ofSection: 1) == .reloaded(0))
        #expect(plan.fate(ofRow: IndexPath(row: 1, section: 1)) == .deleted)
        #expect(plan.origin(ofRow: IndexPath(row: 4, section: 0)) == .inserted)
        #expect(plan.origin(ofRow: IndexPath(row: 0, section: 1)) == .persisted(IndexPath(row: 1, section: 2)))
    }

    @Test("moved sections carry their rows, and rows move between sections")
    func moves() throws {
        var ops = UpdateOperations()
        ops.movedSections = [SectionMove(from: 0, to: 1)]
        ops.movedRows = [RowMove(from: IndexPath(row: 0, section: 1), to: IndexPath(row: 2, section: 1))]
        let plan = try UpdatePlan(oldRowCounts: [2, 3], operations: ops, newRowCounts: [2, 3])
        #expect(plan.newSectionForOld == [1, 0])
        #expect(plan.fate(ofSection: 0) == .moved(1))
        #expect(plan.fate(ofSection: 1) == .persists(0))
        #expect(plan.fate(ofRow: IndexPath(row: 1, section: 0)) == .persists(IndexPath(row: 1, section: 1)))
        #expect(plan.fate(ofRow: IndexPath(row: 0, section: 1)) == .moved(IndexPath(row: 2, section: 1)))
        #expect(plan.origin(ofRow: IndexPath(row: 0, section: 0)) == .persisted(IndexPath(row: 1, section: 1)))
    }

    // MARK: Errors

    @Test("a wrong row count names the section, both counts and the operations")
    func wrongRowCount() {
        var ops = UpdateOperations()
        ops.insertedRows = rows(2, 0, 5)
        let error = #expect(throws: TableUpdateError.self) {
            try UpdatePlan(oldRowCounts: [1, 1, 10], operations: ops, newRowCounts: [1, 1, 11])
        }
        #expect(error?.kind == .invalidUpdate)
        #expect(error?.message.hasPrefix("Invalid update: invalid number of rows in section 2. The number of rows in "
            + "the section after the update (11) must equal the number before (10), plus or minus the rows inserted "
            + "or deleted (2 inserted, 0 deleted) and moved in or out (0 in, 0 out).") == true)
        #expect(error?.message.contains("insert rows [2, 0] [2, 5]") == true)
    }

    @Test("a wrong section count says how many were inserted and deleted")
    func wrongSectionCount() {
        var ops = UpdateOperations()
        ops.deletedSections = [1]
        let error = #expect(throws: TableUpdateError.self) {
            try UpdatePlan(oldRowCounts: [1, 1], operations: ops, newRowCounts: [1, 1])
        }
        #expect(error?.message.contains("invalid number of sections. The number of sections after the update (2) "
            + "must equal the number before (2), plus or minus the sections inserted or deleted (0 inserted, 1 deleted)") == true)
    }

    /// An inconsistent update of a table of two sections of three rows, and what its error must say.
    private static func inconsistentCase(_ name: String) -> (UpdateOperations, String) {
        var o = UpdateOperations()
        func move(_ fs: Int, _ fr: Int, _ ts: Int, _ tr: Int) -> RowMove {
            RowMove(from: IndexPath(row: fr, section: fs), to: IndexPath(row: tr, section: ts))
        }
        switch name {
        case "delete and reload":
            o.deletedRows = rows(0, 1); o.reloadedRows = rows(0, 1)
            return (o, "attempt to delete and reload the same row ([0, 1])")
        case "out of range":
            o.deletedRows = rows(0, 3)
            return (o, "attempt to delete row 3 in section 0, which has only 3 rows before the update")
        case "no such section":
            o.reloadedRows = rows(4, 0)
            return (o, "attempt to reload row 0 in section 4, but there are only 2 sections before the update")
        case "insert past the end":
            o.insertedRows = rows(1, 9)
            return (o, "attempt to insert row 9 into section 1, which has only 3 rows after the update")
        case "move from a deleted row":
            o.deletedRows = rows(0, 0); o.movedRows = [move(0, 0, 1, 0)]
            return (o, "attempt to move row [0, 0], which is being deleted")
        case "move into an inserted row":
            o.insertedRows = rows(1, 0); o.movedRows = [move(0, 0, 1, 0)]
            return (o, "attempt to move row [0, 0] to [1, 0], which is being inserted")
        case "two moves from one row":
            o.movedRows = [move(0, 0, 1, 0), move(0, 0, 1, 1)]
            return (o, "attempt to move row [0, 0] twice")
        case "two moves to one row":
            o.movedRows = [move(0, 0, 1, 0), move(0, 1, 1, 0)]
            return (o, "attempt to move two rows ([0, 0] and [0, 1]) to [1, 0]")
        case "move out of a deleted section":
            o.deletedSections = [0]; o.insertedSections = [1]; o.movedRows = [move(0, 0, 0, 0)]
            return (o, "out of section 0, which is being deleted")
        case "a row past the end of a deleted section":
            // Redundant when it exists; still an error when it does not.
            o.deletedSections = [0]; o.insertedSections = [1]; o.deletedRows = rows(0, 7)
            return (o, "attempt to delete row 7 in section 0, which has only 3 rows before the update")
        case "a one-element index path":
            o.deletedRows = [IndexPath(index: 1)]
            return (o, "attempt to delete row [1], which is not a table index path (section, row)")
        case "a move from a one-element index path":
            o.movedRows = [RowMove(from: IndexPath(index: 0), to: IndexPath(row: 0, section: 0))]
            return (o, "attempt to move row [0] to [0, 0], which is not a move between table index paths")
        default:
            o.deletedSections = [0]; o.movedSections = [SectionMove(from: 0, to: 1)]
            return (o, "attempt to move section 0, which is being deleted")
        }
    }

    @Test("inconsistent operations are named", arguments: [
        "delete and reload", "out of range", "no such section", "insert past the end", "move from a deleted row",
        "move into an inserted row", "two moves from one row", "two moves to one row", "move out of a deleted section",
        "move a deleted section", "a row past the end of a deleted section", "a one-element index path",
        "a move from a one-element index path",
    ])
    func inconsistent(_ name: String) {
        let (ops, expected) = Self.inconsistentCase(name)
        let error = #expect(throws: TableUpdateError.self, "\(name)") {
            try UpdatePlan(oldRowCounts: [3, 3], operations: ops, newRowCounts: [3, 3])
        }
        #expect(error?.message.contains(expected) == true, "\(name): \(error?.message ?? "no error")")
    }

    @Test("every miscounted random update is caught, naming the section")
    func miscountsAreCaught() {
        var random = SeededRandom(seed: 77)
        for _ in 0 ..< 500 {
            let (old, new, reloadedSections, reloadedItems) = randomChange(sections: 3, rows: 4, using: &random)
            let derived = Derived(old: old, new: new, reloadedSections: reloadedSections, reloadedItems: reloadedItems,
                                  extraMoves: { _ in false })
            var counts = new.counts
            let live = counts.indices.filter { n in
                old.sections.contains { $0.id == new.sections[n].id } && !reloadedSections.contains(new.sections[n].id)
            }
            guard let s = live.randomElement(using: &random) else { continue }
            counts[s] += 1
            let error = #expect(throws: TableUpdateError.self) {
                try UpdatePlan(oldRowCounts: old.counts, operations: derived.operations, newRowCounts: counts)
            }
            #expect(error?.message.contains("invalid number of rows in section \(s)") == true)
        }
    }

    @Test("a plan for 10,000 operations on a million rows never touches the rows themselves")
    func scale() throws {
        var ops = UpdateOperations()
        ops.deletedRows = stride(from: 0, to: 1_000_000, by: 200).map { IndexPath(row: $0, section: 0) }
        ops.insertedRows = stride(from: 1, to: 1_000_000, by: 200).map { IndexPath(row: $0, section: 0) }
        let plan = try UpdatePlan(oldRowCounts: [1_000_000], operations: ops, newRowCounts: [1_000_000])
        #expect(plan.fate(ofRow: IndexPath(row: 999_999, section: 0)) == .persists(IndexPath(row: 999_999, section: 0)))
        #expect(plan.fate(ofRow: IndexPath(row: 1, section: 0)) == .persists(IndexPath(row: 0, section: 0)))
        #expect(plan.origin(ofRow: IndexPath(row: 2, section: 0)) == .persisted(IndexPath(row: 2, section: 0)))
    }
}

/// Calls `body` with every change of one section of up to 4 rows: any rows deleted, the
/// survivors in any order, up to two new items (100, 101) at any places; with the survivors.
func forEveryOneSectionChange(_ body: (Model, Model, [Int]) throws -> Void) rethrows {
    for n in 0 ... 4 {
        let old = Model(sections: [(0, Array(0 ..< n))])
        for deleteMask in 0 ..< (1 << n) {
            let survivors = (0 ..< n).filter { deleteMask & (1 << $0) == 0 }
            for order in permutations(survivors) {
                for insertMask in 0 ..< (1 << (order.count + 2)) where insertMask.nonzeroBitCount <= 2 {
                    let total = order.count + insertMask.nonzeroBitCount
                    guard insertMask >> total == 0 else { continue }
                    var items: [Int] = [], source = order[...], fresh = 100
                    for slot in 0 ..< total {
                        if insertMask & (1 << slot) != 0 { items.append(fresh); fresh += 1 } else {
                            items.append(source.removeFirst())
                        }
                    }
                    try body(old, Model(sections: [(0, items)]), survivors)
                }
            }
        }
    }
}

func permutations(_ items: [Int]) -> [[Int]] {
    guard let first = items.first else { return [[]] }
    return permutations(Array(items.dropFirst())).flatMap { rest in
        (0 ... rest.count).map { i in var p = rest; p.insert(first, at: i); return p }
    }
}

/// A random table and a random change of it: sections deleted, reloaded, inserted and
/// moved; items deleted, inserted and moved within and between sections.
func randomChange(sections: Int, rows: Int, using random: inout SeededRandom)
    -> (Model, Model, reloadedSections: Set<Int>, reloadedItems: Set<Int>) {
    var nextID = 0
    func fresh() -> Int { nextID += 1; return nextID }
    let old = Model(sections: (0 ..< sections).map { _ in (fresh(), (0 ..< Int.random(in: 0 ... rows, using: &random)).map { _ in fresh() }) })
    var new = old
    var reloadedSections = Set<Int>()
    new.sections.removeAll { _ in Int.random(in: 0 ..< 7, using: &random) == 0 }
    for s in new.sections.indices where Int.random(in: 0 ..< 7, using: &random) == 0 {
        reloadedSections.insert(new.sections[s].id)
        new.sections[s].items = (0 ..< Int.random(in: 0 ... rows, using: &random)).map { _ in fresh() }
    }
    for s in new.sections.indices where !reloadedSections.contains(new.sections[s].id) {
        new.sections[s].items.removeAll { _ in Int.random(in: 0 ..< 5, using: &random) == 0 }
        for _ in 0 ..< Int.random(in: 0 ... 2, using: &random) {
            new.sections[s].items.insert(fresh(), at: Int.random(in: 0 ... new.sections[s].items.count, using: &random))
        }
    }
    // Moves: take an item out and put it anywhere (another section too).
    let movable = new.sections.indices.filter { !reloadedSections.contains(new.sections[$0].id) }
    for _ in 0 ..< (movable.isEmpty ? 0 : Int.random(in: 0 ... max(1, rows / 2), using: &random)) {
        let from = movable.randomElement(using: &random)!, to = movable.randomElement(using: &random)!
        guard !new.sections[from].items.isEmpty else { continue }
        let item = new.sections[from].items.remove(at: Int.random(in: 0 ..< new.sections[from].items.count, using: &random))
        new.sections[to].items.insert(item, at: Int.random(in: 0 ... new.sections[to].items.count, using: &random))
    }
    if Int.random(in: 0 ..< 4, using: &random) == 0 {
        new.sections.insert((fresh(), (0 ..< Int.random(in: 0 ... rows, using: &random)).map { _ in fresh() }),
                            at: Int.random(in: 0 ... new.sections.count, using: &random))
    }
    if new.sections.count > 1 && Int.random(in: 0 ..< 3, using: &random) == 0 {
        let s = new.sections.remove(at: Int.random(in: 0 ..< new.sections.count, using: &random))
        new.sections.insert(s, at: Int.random(in: 0 ... new.sections.count, using: &random))
    }
    // Reloaded items: some that stay in their section.
    var reloadedItems = Set<Int>()
    for section in new.sections { for item in section.items where item % 5 == 0 { reloadedItems.insert(item) } }
    return (old, new, reloadedSections, reloadedItems)
}
