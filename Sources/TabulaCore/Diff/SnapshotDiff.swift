import Foundation

/// The batch update that takes a table from one snapshot to another: what
/// `UITableViewDiffableDataSource.apply` tells the table view.
public struct SnapshotUpdate: Sendable, Equatable {
    /// The sections and rows to delete, insert, move and reload, as a batch update.
    public var operations = UpdateOperations()
    /// Rows (as before the update) whose cells are configured again in place.
    public var reconfiguredRows: [IndexPath] = []
    /// An empty update: no operations, no rows to reconfigure.
    public init() {}
}

extension NSDiffableDataSourceSnapshot {
    /// The operations that take a table showing `self` to `new`.
    ///
    /// Sections and items are matched by identifier (``IdentifierDiff``, linear in the
    /// number of items). Within a section that stays, items that keep their relative
    /// order stay; the fewest others move (count minus the longest increasing
    /// subsequence). Items moving into or out of an inserted, deleted or reloaded
    /// section are deleted and inserted instead, as a table view requires. An item both
    /// moved and marked for reload is deleted and inserted.
    ///
    /// - Throws: ``TableUpdateError`` (`.invalidUpdate`) when `new` records problems or
    ///   holds duplicate identifiers; the message names them.
    public func update(to new: Self) throws(TableUpdateError) -> SnapshotUpdate {
        if !new.problems.isEmpty {
            throw TableUpdateError(.invalidUpdate, "Invalid snapshot: " + new.problems.joined(separator: "; ") + ".")
        }
        let sectionDiff: IdentifierDiff, itemDiff: IdentifierDiff
        let oldFlat = itemsBySection.flatMap { $0 }, newFlat = new.itemsBySection.flatMap { $0 }
        do {
            sectionDiff = try IdentifierDiff(old: sectionIdentifiers, new: new.sectionIdentifiers)
            itemDiff = try IdentifierDiff(old: oldFlat, new: newFlat)
        } catch {
            throw TableUpdateError(.invalidUpdate, "Invalid snapshot: \(error)")
        }
        var result = SnapshotUpdate()
        var ops = UpdateOperations()

        // Sections: a reloaded section that also moves is deleted and inserted.
        let reloaded = Set(new.reloadedSectionIdentifiers)
        var oldLive = [Bool](repeating: true, count: numberOfSections)
        var newLive = [Bool](repeating: true, count: new.numberOfSections)
        for s in sectionDiff.deletions { ops.deletedSections.append(s); oldLive[s] = false }
        for s in sectionDiff.insertions { ops.insertedSections.append(s); newLive[s] = false }
        var moved = Set<Int>()
        for move in sectionDiff.moves {
            if reloaded.contains(sectionIdentifiers[move.from]) {
                ops.deletedSections.append(move.from)
                ops.insertedSections.append(move.to)
                oldLive[move.from] = false
                newLive[move.to] = false
            } else {
                ops.movedSections.append(SectionMove(from: move.from, to: move.to))
                moved.insert(move.from)
            }
        }
        for (s, section) in sectionIdentifiers.enumerated() where oldLive[s] && reloaded.contains(section) {
            ops.reloadedSections.append(s)
            oldLive[s] = false
            if let n = sectionDiff.newOffsets[s] { newLive[n] = false }
        }

        // Items: where each flat offset sits.
        let oldStarts = Self.starts(itemsBySection), newStarts = Self.starts(new.itemsBySection)
        func oldPath(_ offset: Int) -> IndexPath {
            let s = Self.section(containing: offset, starts: oldStarts)
            return IndexPath(row: offset - oldStarts[s], section: s)
        }
        let reloadedItems = Set(new.reloadedItemIdentifiers), reconfiguredItems = Set(new.reconfiguredItemIdentifiers)
        for (n, items) in new.itemsBySection.enumerated() where newLive[n] {
            guard let o = sectionDiff.oldOffsets[n] else { continue }
            var staying: [(row: Int, oldRow: Int)] = []
            for r in items.indices {
                let to = IndexPath(row: r, section: n)
                guard let i = itemDiff.oldOffsets[newStarts[n] + r] else { ops.insertedRows.append(to); continue }
                let from = oldPath(i)
                if !oldLive[from.section] {
                    ops.insertedRows.append(to)
                } else if from.section == o {
                    staying.append((r, from.row))
                } else if reloadedItems.contains(items[r]) {
                    ops.deletedRows.append(from)
                    ops.insertedRows.append(to)
                } else {
                    ops.movedRows.append(RowMove(from: from, to: to))
                    if reconfiguredItems.contains(items[r]) { result.reconfiguredRows.append(from) }
                }
            }
            let kept = longestIncreasingSubsequence(staying.map(\.oldRow))
            for (k, pair) in staying.enumerated() {
                let from = IndexPath(row: pair.oldRow, section: o), to = IndexPath(row: pair.row, section: n)
                let item = items[pair.row]
                if kept[k] {
                    if reloadedItems.contains(item) { ops.reloadedRows.append(from) }
                    else if reconfiguredItems.contains(item) { result.reconfiguredRows.append(from) }
                } else if reloadedItems.contains(item) {
                    ops.deletedRows.append(from)
                    ops.insertedRows.append(to)
                } else {
                    ops.movedRows.append(RowMove(from: from, to: to))
                    if reconfiguredItems.contains(item) { result.reconfiguredRows.append(from) }
                }
            }
        }
        // Items leaving a section that stays: deleted, or gone to a section that is not live.
        for (o, items) in itemsBySection.enumerated() where oldLive[o] {
            for r in items.indices {
                let i = oldStarts[o] + r
                guard let j = itemDiff.newOffsets[i] else { ops.deletedRows.append(IndexPath(row: r, section: o)); continue }
                let n = Self.section(containing: j, starts: newStarts)
                if !newLive[n] { ops.deletedRows.append(IndexPath(row: r, section: o)) }
            }
        }
        result.operations = ops
        return result
    }

    /// Where each section's items start in the flat list, and the total at the end.
    private static func starts(_ sections: [[Item]]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(sections.count + 1)
        for items in sections { starts.append(starts.last! + items.count) }
        return starts
    }

    /// The section whose items contain flat `offset`: the last one starting at or before it
    /// (empty sections start where the next one does, so they are passed over).
    private static func section(containing offset: Int, starts: [Int]) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}

/// Which elements of `values` belong to one longest strictly increasing subsequence
/// (patience sorting, O(n log n)).
func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
    var tails: [Int] = []          // indexes into values: the smallest tail of each length
    var previous = [Int](repeating: -1, count: values.count)
    for (i, v) in values.enumerated() {
        var lo = 0, hi = tails.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
        }
        if lo > 0 { previous[i] = tails[lo - 1] }
        if lo == tails.count { tails.append(i) } else { tails[lo] = i }
    }
    var kept = [Bool](repeating: false, count: values.count)
    var i = tails.last ?? -1
    while i >= 0 { kept[i] = true; i = previous[i] }
    return kept
}
