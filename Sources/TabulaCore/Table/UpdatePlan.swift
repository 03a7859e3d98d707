import Foundation

/// A checked batch update: where every row and section of the table before the update
/// goes, and where every row and section after it comes from.
///
/// `UpdatePlan(oldRowCounts:operations:newRowCounts:)` follows the sanity check of
/// WWDC 2010, Mastering Table Views: it drops redundant operations (a row operation
/// inside a section that is inserted, deleted or reloaded), checks every index and every pair of operations, and
/// checks the data source's new counts against the old counts and the operations — per
/// section and for the sections. A plan that is made is consistent; anything else
/// throws a ``TableUpdateError`` of kind `.invalidUpdate` that names the section, the
/// counts and the operations. UITableView only executes plans.
///
/// **The mapping.** Within a section that persists, the rows that are neither deleted
/// nor moved out (reloaded rows included) keep their relative order and fill, in order,
/// the new rows that are neither inserted nor moved in. Sections map the same way.
///
/// **Cost.** Making a plan is O(k log k) for k operations plus O(sections); it never
/// touches the rows themselves, so a 10-million-row table costs what a 10-row table
/// does. ``fate(ofRow:)`` and ``origin(ofRow:)`` are O(log k).
public struct UpdatePlan: Sendable {
    /// The number of rows in each section before the update.
    public let oldRowCounts: [Int]
    /// The number of rows in each section after the update, as the data source reports them.
    public let newRowCounts: [Int]
    /// The operations that remain once redundant ones are dropped, sorted.
    public let essential: UpdateOperations

    /// For each old section, the new section it becomes (nil: deleted).
    public let newSectionForOld: [Int?]
    /// For each new section, the old section it was (nil: inserted).
    public let oldSectionForNew: [Int?]

    private let reloadedSections: Set<Int>
    private let movedSectionSources: Set<Int>
    /// Row changes by old section (deleted, reloaded and moved-out rows), nil for a
    /// section without any. An array of boxes, not a dictionary of values: the table
    /// asks for the fate of every row on screen in every update, and a lookup then hashes
    /// nothing and copies nothing.
    private let outgoing: [Frozen<Outgoing>?]
    /// Row changes by new section (inserted and moved-in rows), nil for a section without any.
    private let incoming: [Frozen<Incoming>?]

    /// A value built once and then only read, shared by reference.
    private final class Frozen<Value: Sendable>: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private struct Outgoing: Sendable {
        /// Rows that leave the flow of survivors: deleted and moved out (sorted, unique).
        var removed: [Int] = []
        var deleted: Set<Int> = []
        var reloaded: Set<Int> = []
        var movesOut: [Int: IndexPath] = [:]
    }

    private struct Incoming: Sendable {
        /// Rows not filled by survivors: inserted and moved in (sorted, unique).
        var taken: [Int] = []
        var inserted: Set<Int> = []
        var movesIn: [Int: IndexPath] = [:]
    }

    // MARK: Answers

    /// What happens to a section that existed before the update.
    public enum SectionFate: Sendable, Equatable {
        /// Stays, at this index as sections around it come and go.
        case persists(Int)
        /// Moved by a `moveSection` to this index.
        case moved(Int)
        /// Stays at this index with all its rows replaced.
        case reloaded(Int)
        /// Deleted.
        case deleted
    }

    /// What happens to a row that existed before the update.
    public enum RowFate: Sendable, Equatable {
        /// Stays (perhaps at another index, as rows around it come and go).
        case persists(IndexPath)
        /// Moved by a `moveRow` to this index path.
        case moved(IndexPath)
        /// Stays at this index path with a new cell.
        case reloaded(IndexPath)
        /// Deleted, or its section was deleted or reloaded.
        case deleted

        /// Where the row is after the update, if it is still there.
        public var newIndexPath: IndexPath? {
            switch self {
            case .persists(let p), .moved(let p), .reloaded(let p): p
            case .deleted: nil
            }
        }
    }

    /// Where a row after the update comes from.
    public enum RowOrigin: Sendable, Equatable {
        /// The row that was at this index path, kept (perhaps at another index).
        case persisted(IndexPath)
        /// The row that a `moveRow` brought from this index path.
        case moved(IndexPath)
        /// The row that was at this index path, with a new cell.
        case reloaded(IndexPath)
        /// A new row: inserted, or in an inserted or reloaded section.
        case inserted

        /// The row it was before the update, if any.
        public var oldIndexPath: IndexPath? {
            switch self {
            case .persisted(let p), .moved(let p), .reloaded(let p): p
            case .inserted: nil
            }
        }
    }

    /// What becomes of section `section` (as before the update).
    ///
    /// - Complexity: O(1).
    public func fate(ofSection section: Int) -> SectionFate {
        guard let new = newSectionForOld[section] else { return .deleted }
        if reloadedSections.contains(section) { return .reloaded(new) }
        return movedSectionSources.contains(section) ? .moved(new) : .persists(new)
    }

    /// What becomes of row `indexPath` (as before the update).
    ///
    /// - Complexity: O(log k) for k operations in its section.
    public func fate(ofRow indexPath: IndexPath) -> RowFate {
        let section = indexPath.section, row = indexPath.row
        guard let newSection = newSectionForOld[section], !reloadedSections.has(section) else { return .deleted }
        // Read through the box, never copied out of it (a copy retains each collection).
        guard let out = outgoing[section] else {
            return .persists(IndexPath(row: Self.nthFree(incoming[newSection]?.value.taken ?? [], row), section: newSection))
        }
        if out.value.deleted.has(row) { return .deleted }
        if !out.value.movesOut.isEmpty, let to = out.value.movesOut[row] { return .moved(to) }
        let survivor = row - Self.countLess(out.value.removed, row)
        let newRow = Self.nthFree(incoming[newSection]?.value.taken ?? [], survivor)
        let path = IndexPath(row: newRow, section: newSection)
        return out.value.reloaded.has(row) ? .reloaded(path) : .persists(path)
    }

    /// Where row `indexPath` (as after the update) comes from.
    ///
    /// - Complexity: O(log k) for k operations in its section.
    public func origin(ofRow indexPath: IndexPath) -> RowOrigin {
        let section = indexPath.section, row = indexPath.row
        guard let oldSection = oldSectionForNew[section], !reloadedSections.has(oldSection) else { return .inserted }
        let into = incoming[section]
        if let into {
            if into.value.inserted.has(row) { return .inserted }
            if !into.value.movesIn.isEmpty, let from = into.value.movesIn[row] { return .moved(from) }
        }
        let survivor = row - Self.countLess(into?.value.taken ?? [], row)
        guard let out = outgoing[oldSection] else { return .persisted(IndexPath(row: survivor, section: oldSection)) }
        let oldRow = Self.nthFree(out.value.removed, survivor)
        let path = IndexPath(row: oldRow, section: oldSection)
        return out.value.reloaded.has(oldRow) ? .reloaded(path) : .persisted(path)
    }

    /// The rows of old section `section` that do not stay as they were, in the terms of
    /// ``RowHeightIndex/replaceRows(removing:inserting:)``: `removed`, its old rows that
    /// are deleted, moved out or reloaded; `inserted`, the rows of the section it becomes
    /// that are inserted, moved in or reloaded. The rows that stay fill the other new rows
    /// in order. Nil for a section that is deleted or reloaded.
    ///
    /// - Complexity: O(k log k) for k operations in the section, whatever its row count.
    public func rowReplacements(ofSection section: Int) -> (removed: [Int], inserted: [Int])? {
        guard let new = newSectionForOld[section], !reloadedSections.contains(section) else { return nil }
        let out = outgoing[section]?.value, taken = incoming[new]?.value.taken ?? []
        guard let out, !out.reloaded.isEmpty else { return (out?.removed ?? [], taken) }
        let reloadedNew = out.reloaded.map { Self.nthFree(taken, $0 - Self.countLess(out.removed, $0)) }
        return ((out.removed + out.reloaded).sorted(), (taken + reloadedNew).sorted())
    }

    /// Whether the update changes nothing but heights (an empty begin/end block).
    public var isEmpty: Bool { essential.isEmpty }

    // MARK: Building

    /// Checks `operations` against the counts before and after and builds the mapping.
    ///
    /// - Parameters:
    ///   - operations: the batch's inserts, deletes, moves and reloads, in the order made.
    ///   - oldRowCounts: each section's row count before the update (the table's state).
    ///   - newRowCounts: each section's row count after it (what the data source says now).
    /// - Throws: ``TableUpdateError`` (`.invalidUpdate`) naming what is inconsistent.
    public init(oldRowCounts: [Int], operations: UpdateOperations, newRowCounts: [Int]) throws(TableUpdateError) {
        self.oldRowCounts = oldRowCounts
        self.newRowCounts = newRowCounts
        let oldSections = oldRowCounts.count, newSections = newRowCounts.count
        func fail(_ message: String) -> TableUpdateError {
            TableUpdateError(.invalidUpdate, "Invalid update: \(message) (Update: \(operations).)")
        }

        // Index paths of another shape than (section, row): nothing below may read them.
        for (paths, verb) in [(operations.insertedRows, "insert"), (operations.deletedRows, "delete"),
                              (operations.reloadedRows, "reload")] {
            if let bad = paths.first(where: { $0.count != 2 }) {
                throw fail("attempt to \(verb) row \(bad.tableDescription), which is not a table index path (section, row).")
            }
        }
        if let bad = operations.movedRows.first(where: { $0.from.count != 2 || $0.to.count != 2 }) {
            throw fail("attempt to move row \(bad.from.tableDescription) to \(bad.to.tableDescription), which is not "
                       + "a move between table index paths (section, row).")
        }

        // Sections: indexes, then conflicts, then the count.
        // The verbs are made only for a message (a check per operation must not build a string).
        func checkOld(_ s: Int, _ verb: @autoclosure () -> String) throws(TableUpdateError) {
            guard s >= 0 && s < oldSections else {
                throw fail("attempt to \(verb()) section \(s), but there are only \(oldSections) sections before the update.")
            }
        }
        func checkNew(_ s: Int, _ verb: @autoclosure () -> String) throws(TableUpdateError) {
            guard s >= 0 && s < newSections else {
                throw fail("attempt to \(verb()) section \(s), but there are only \(newSections) sections after the update.")
            }
        }
        for s in operations.deletedSections { try checkOld(s, "delete") }
        for s in operations.reloadedSections { try checkOld(s, "reload") }
        for s in operations.insertedSections { try checkNew(s, "insert") }
        for m in operations.movedSections {
            try checkOld(m.from, "move")
            try checkNew(m.to, "move a section to")
        }
        let deletedSections = Set(operations.deletedSections)
        let reloadedSections = Set(operations.reloadedSections)
        let insertedSections = Set(operations.insertedSections)
        if let s = deletedSections.intersection(reloadedSections).min() {
            throw fail("attempt to delete and reload the same section (\(s)).")
        }
        var moveSources = Set<Int>(), moveTargets = Set<Int>()
        for m in operations.movedSections {
            if deletedSections.contains(m.from) { throw fail("attempt to move section \(m.from), which is being deleted.") }
            if reloadedSections.contains(m.from) { throw fail("attempt to move section \(m.from), which is being reloaded.") }
            if insertedSections.contains(m.to) {
                throw fail("attempt to move section \(m.from) to section \(m.to), which is being inserted.")
            }
            if !moveSources.insert(m.from).inserted { throw fail("attempt to move section \(m.from) twice.") }
            if !moveTargets.insert(m.to).inserted { throw fail("attempt to move two sections to section \(m.to).") }
        }
        let expectedSections = oldSections - deletedSections.count + insertedSections.count
        if newSections != expectedSections {
            throw fail("invalid number of sections. The number of sections after the update (\(newSections)) must "
                + "equal the number before (\(oldSections)), plus or minus the sections inserted or deleted "
                + "(\(insertedSections.count) inserted, \(deletedSections.count) deleted) and moved in or out "
                + "(\(moveSources.count) in, \(moveSources.count) out).")
        }

        // The section mapping: survivors fill the free new slots in order.
        let removedSections = deletedSections.union(moveSources).sorted()
        let takenSections = insertedSections.union(moveTargets).sorted()
        var newSectionForOld = [Int?](repeating: nil, count: oldSections)
        var oldSectionForNew = [Int?](repeating: nil, count: newSections)
        var survivor = 0, r = 0
        for s in 0 ..< oldSections {
            if r < removedSections.count && removedSections[r] == s { r += 1; continue }
            let new = Self.nthFree(takenSections, survivor)
            newSectionForOld[s] = new
            oldSectionForNew[new] = s
            survivor += 1
        }
        for m in operations.movedSections {
            newSectionForOld[m.from] = m.to
            oldSectionForNew[m.to] = m.from
        }

        // Rows: indexes, redundancy, conflicts.
        var essential = UpdateOperations()
        essential.deletedSections = deletedSections.sorted()
        essential.insertedSections = insertedSections.sorted()
        essential.reloadedSections = reloadedSections.sorted()
        essential.movedSections = operations.movedSections.sorted { $0.to < $1.to }
        /// Whether the old section's rows are all going (so row operations in it are redundant).
        func oldSectionReplaced(_ s: Int) -> Bool { deletedSections.contains(s) || reloadedSections.contains(s) }
        func newSectionReplaced(_ s: Int) -> Bool {
            insertedSections.contains(s) || oldSectionForNew[s].map { reloadedSections.contains($0) } == true
        }
        func checkOldRow(_ p: IndexPath, _ verb: String) throws(TableUpdateError) {
            try checkOld(p.section, "\(verb) row \(p.row) in")
            guard p.row >= 0 && p.row < oldRowCounts[p.section] else {
                throw fail("attempt to \(verb) row \(p.row) in section \(p.section), which has only "
                    + "\(oldRowCounts[p.section]) rows before the update.")
            }
        }
        func checkNewRow(_ p: IndexPath, _ verb: String) throws(TableUpdateError) {
            try checkNew(p.section, "\(verb) row \(p.row) into")
            guard p.row >= 0 && p.row < newRowCounts[p.section] else {
                throw fail("attempt to \(verb) row \(p.row) into section \(p.section), which has only "
                    + "\(newRowCounts[p.section]) rows after the update.")
            }
        }

        var outgoing: [Int: Outgoing] = [:]
        var incoming: [Int: Incoming] = [:]
        for p in operations.deletedRows {
            // A row of a section deleted, inserted or reloaded whole is redundant, but must exist.
            try checkOldRow(p, "delete")
            if oldSectionReplaced(p.section) { continue }
            outgoing[p.section, default: Outgoing()].deleted.insert(p.row)
        }
        for p in operations.reloadedRows {
            // A row of a section deleted, inserted or reloaded whole is redundant, but must exist.
            try checkOldRow(p, "reload")
            if oldSectionReplaced(p.section) { continue }
            if outgoing[p.section]?.deleted.contains(p.row) == true {
                throw fail("attempt to delete and reload the same row (\(p.tableDescription)).")
            }
            outgoing[p.section, default: Outgoing()].reloaded.insert(p.row)
        }
        for p in operations.insertedRows {
            // A row of a section deleted, inserted or reloaded whole is redundant, but must exist.
            try checkNewRow(p, "insert")
            if newSectionReplaced(p.section) { continue }
            incoming[p.section, default: Incoming()].inserted.insert(p.row)
        }
        for m in operations.movedRows {
            try checkOldRow(m.from, "move")
            try checkNewRow(m.to, "move a row to")
            let from = m.from, to = m.to
            if deletedSections.contains(from.section) {
                throw fail("attempt to move row \(from.tableDescription) out of section \(from.section), which is being deleted.")
            }
            if reloadedSections.contains(from.section) {
                throw fail("attempt to move row \(from.tableDescription) out of section \(from.section), which is being reloaded.")
            }
            if newSectionReplaced(to.section) {
                throw fail("attempt to move row \(from.tableDescription) into section \(to.section), which is being "
                    + (insertedSections.contains(to.section) ? "inserted." : "reloaded."))
            }
            var out = outgoing[from.section, default: Outgoing()]
            if out.deleted.contains(from.row) { throw fail("attempt to move row \(from.tableDescription), which is being deleted.") }
            if out.reloaded.contains(from.row) { throw fail("attempt to move row \(from.tableDescription), which is being reloaded.") }
            if let other = out.movesOut[from.row] {
                throw fail("attempt to move row \(from.tableDescription) twice (to \(other.tableDescription) and \(to.tableDescription)).")
            }
            var into = incoming[to.section, default: Incoming()]
            if into.inserted.contains(to.row) {
                throw fail("attempt to move row \(from.tableDescription) to \(to.tableDescription), which is being inserted.")
            }
            if let other = into.movesIn[to.row] {
                throw fail("attempt to move two rows (\(other.tableDescription) and \(from.tableDescription)) to \(to.tableDescription).")
            }
            out.movesOut[from.row] = to
            into.movesIn[to.row] = from
            outgoing[from.section] = out
            incoming[to.section] = into
        }
        for (s, out) in outgoing {
            var removed = Array(out.deleted)
            removed.append(contentsOf: out.movesOut.keys)
            outgoing[s]!.removed = removed.sorted()
            essential.deletedRows += out.deleted.map { IndexPath(row: $0, section: s) }
            essential.reloadedRows += out.reloaded.map { IndexPath(row: $0, section: s) }
        }
        for (s, into) in incoming {
            var taken = Array(into.inserted)
            taken.append(contentsOf: into.movesIn.keys)
            incoming[s]!.taken = taken.sorted()
            essential.insertedRows += into.inserted.map { IndexPath(row: $0, section: s) }
        }
        essential.deletedRows.sort()
        essential.reloadedRows.sort()
        essential.insertedRows.sort()
        essential.movedRows = operations.movedRows.sorted { $0.to < $1.to }

        // Counts of the sections that persist.
        for new in 0 ..< newSections {
            guard let old = oldSectionForNew[new], !reloadedSections.contains(old) else { continue }
            let out = outgoing[old], into = incoming[new]
            let deleted = out?.deleted.count ?? 0, movedOut = out?.movesOut.count ?? 0
            let inserted = into?.inserted.count ?? 0, movedIn = into?.movesIn.count ?? 0
            let expected = oldRowCounts[old] - deleted - movedOut + inserted + movedIn
            if newRowCounts[new] != expected {
                let which = old == new ? "section \(new)" : "section \(new) (section \(old) before the update)"
                throw fail("invalid number of rows in \(which). The number of rows in the section after the update "
                    + "(\(newRowCounts[new])) must equal the number before (\(oldRowCounts[old])), plus or minus "
                    + "the rows inserted or deleted (\(inserted) inserted, \(deleted) deleted) and moved in or out "
                    + "(\(movedIn) in, \(movedOut) out).")
            }
        }

        self.essential = essential
        self.newSectionForOld = newSectionForOld
        self.oldSectionForNew = oldSectionForNew
        self.reloadedSections = reloadedSections
        self.movedSectionSources = moveSources
        var outgoingRows = [Frozen<Outgoing>?](repeating: nil, count: oldSections)
        for (section, out) in outgoing { outgoingRows[section] = Frozen(out) }
        var incomingRows = [Frozen<Incoming>?](repeating: nil, count: newSections)
        for (section, into) in incoming { incomingRows[section] = Frozen(into) }
        self.outgoing = outgoingRows
        self.incoming = incomingRows
    }

    // MARK: Rank arithmetic

    /// How many elements of the sorted array `a` are less than `x`.
    static func countLess(_ a: [Int], _ x: Int) -> Int {
        var lo = 0, hi = a.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if a[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The `n`-th (from 0) non-negative integer not in the sorted, duplicate-free array
    /// `taken`. Before `taken[i]` there are `taken[i] - i` free integers, a non-decreasing
    /// quantity, so the answer is `n` plus the number of taken values it must skip.
    static func nthFree(_ taken: [Int], _ n: Int) -> Int {
        var lo = 0, hi = taken.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if taken[mid] - mid <= n { lo = mid + 1 } else { hi = mid }
        }
        return n + lo
    }
}

private extension Set<Int> {
    /// `contains`, without hashing when the set is empty (most are: an update's rows
    /// are asked about one by one, and few updates reload or move anything).
    func has(_ member: Int) -> Bool { !isEmpty && contains(member) }
}
