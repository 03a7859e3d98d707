import Foundation
import TabulaCore

/// What kind of change a ``FetchedResultsController`` reports for an object or a section,
/// as Core Data's `NSFetchedResultsChangeType`.
public enum FetchedResultsChangeType: UInt, Sendable, Hashable, CustomStringConvertible {
    /// A new object or section: only `newIndexPath` (or the new section index) is set.
    case insert = 1
    /// A removed object or section: only the old `indexPath` (or section index) is set.
    case delete = 2
    /// An object whose place changed other than by the inserts and deletes around it:
    /// `indexPath` is where it was, `newIndexPath` where it is now. Its content may have
    /// changed too.
    case move = 3
    /// An object that kept its place but whose content changed: `indexPath` is where it
    /// was, `newIndexPath` where it is now (they differ when rows before it came or went).
    case update = 4

    /// "insert", "delete", "move" or "update".
    public var description: String {
        switch self {
        case .insert: "insert"
        case .delete: "delete"
        case .move: "move"
        case .update: "update"
        }
    }
}

/// The changes between two fetches of a ``FetchedResultsController``, by identity: what
/// the delegate is told, in the same terms as a table's batch update (old index paths for
/// deletes, updates and move sources; new ones for inserts and move destinations).
///
/// Sections are identified by their name, objects by their `id` (the primary key).
/// Sections are never reported as moved: a section whose place among the others changed
/// is deleted and inserted (with a sorted request, sections cannot change order).
public struct FetchedResultsChanges: Sendable, Equatable, CustomStringConvertible {
    /// One object's change.
    public struct ObjectChange: Sendable, Hashable, CustomStringConvertible {
        /// What happened to the object.
        public var type: FetchedResultsChangeType
        /// Where it was before (nil for an insert).
        public var indexPath: IndexPath?
        /// Where it is now (nil for a delete).
        public var newIndexPath: IndexPath?

        /// An object change; see ``FetchedResultsChangeType`` for which paths are set.
        public init(type: FetchedResultsChangeType, indexPath: IndexPath?, newIndexPath: IndexPath?) {
            self.type = type
            self.indexPath = indexPath
            self.newIndexPath = newIndexPath
        }

        /// E.g. "move [0, 3]→[2, 0]".
        public var description: String {
            let old = indexPath?.tableDescription ?? "-", new = newIndexPath?.tableDescription ?? "-"
            switch type {
            case .insert: return "insert \(new)"
            case .delete: return "delete \(old)"
            case .move, .update: return "\(type) \(old)→\(new)"
            }
        }
    }

    /// Sections gone, by their index before the change, ascending.
    public var deletedSections: [Int] = []
    /// Sections new, by their index after the change, ascending.
    public var insertedSections: [Int] = []
    /// Object changes: deletes, then inserts, moves and updates in the order of their new
    /// index paths.
    public var objectChanges: [ObjectChange] = []

    /// No change at all.
    public init() {}

    /// Whether nothing changed.
    public var isEmpty: Bool { deletedSections.isEmpty && insertedSections.isEmpty && objectChanges.isEmpty }

    /// A short account, e.g. "delete sections 2; insert [0, 1]; move [0, 3]→[2, 0]".
    public var description: String {
        var parts: [String] = []
        if !deletedSections.isEmpty { parts.append("delete sections \(deletedSections.map(String.init).joined(separator: " "))") }
        if !insertedSections.isEmpty { parts.append("insert sections \(insertedSections.map(String.init).joined(separator: " "))") }
        let shown = objectChanges.prefix(8).map(\.description)
        parts += shown
        if objectChanges.count > 8 { parts.append("… (\(objectChanges.count) object changes in all)") }
        return parts.isEmpty ? "no changes" : parts.joined(separator: "; ")
    }
}

/// The identities and contents of one fetch, grouped in sections: what the diff compares.
///
/// Objects are stored flat in fetch order; `sectionStarts[s]` is the flat offset of
/// section `s`'s first object and `sectionStarts.last` the object count, so an index
/// path is found by binary search and a section's objects are a slice.
struct FetchedSections<Record: Identifiable & Equatable & Sendable>: Sendable where Record.ID: Sendable {
    var objects: [Record] = []
    var ids: [Record.ID] = []
    var sectionNames: [String] = []
    /// One more entry than ``sectionNames``: the start of each section, then the count.
    var sectionStarts: [Int] = [0]

    var numberOfSections: Int { sectionNames.count }

    func numberOfObjects(inSection s: Int) -> Int { sectionStarts[s + 1] - sectionStarts[s] }

    /// The index path of flat offset `offset`.
    func indexPath(ofOffset offset: Int) -> IndexPath {
        // The last section starting at or before offset (empty sections never occur).
        var lo = 0, hi = sectionNames.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sectionStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return IndexPath(row: offset - sectionStarts[lo], section: lo)
    }

    func offset(of indexPath: IndexPath) -> Int? {
        guard indexPath.section >= 0, indexPath.section < sectionNames.count, indexPath.row >= 0,
              indexPath.row < numberOfObjects(inSection: indexPath.section) else { return nil }
        return sectionStarts[indexPath.section] + indexPath.row
    }

    /// The changes that turn `self` into `new`.
    ///
    /// Sections are matched by name and objects by id, each in linear time
    /// (``IdentifierDiff``). An object that persists is a move when it changed section,
    /// or, within a section that persists, when it is outside a longest run of objects
    /// that kept their relative order (the fewest moves); otherwise it is an update when
    /// its content differs (`!=`), and not reported when it does not. Objects in deleted
    /// sections that persist elsewhere are moves (a table turns those into a delete and
    /// an insert).
    ///
    /// - Throws: ``FetchedResultsError`` (`.duplicateIdentifier`) when `new` holds an id
    ///   twice.
    /// - Complexity: O(n + m) for n old and m new objects, plus O(k log k) for the k
    ///   objects of a section that changed their relative order.
    func changes(to new: FetchedSections) throws(FetchedResultsError) -> FetchedResultsChanges {
        let objectDiff: IdentifierDiff
        do {
            objectDiff = try IdentifierDiff(old: ids, new: new.ids)
        } catch {
            throw Self.duplicateError(error)
        }
        return try changes(to: new, deletions: objectDiff.deletions, oldOffset: { objectDiff.oldOffsets[$0] },
                           contentChanged: { objects[$0] != new.objects[$1] })
    }

    /// The changes that turn `self` into the results of `patch`, made from `self`: the
    /// same as ``changes(to:)`` gives for them, without hashing every id or comparing
    /// every object — the patch knows which objects it took out, where each object came
    /// from, and which of the refetched ones differ.
    ///
    /// - Complexity: O(n + m) integer steps for n old and m new objects, plus O(k log k)
    ///   for the k objects of a section that changed their relative order.
    func changes(to patch: IncrementalPatch<Record>) throws(FetchedResultsError) -> FetchedResultsChanges {
        try changes(to: patch.sections, deletions: patch.deletions,
                    oldOffset: { let old = patch.oldOffsets[$0]; return old < 0 ? nil : Int(old) },
                    contentChanged: { patch.contentChanged[$1] })
    }

    /// The changes that turn `self` into `new`, given which old objects are gone
    /// (`deletions`, ascending old offsets), where each new object was (`oldOffset` of its
    /// new offset, nil for a new one) and whether an object that was at old offset i and
    /// is at new offset j changed its contents (`contentChanged(i, j)`).
    private func changes(to new: FetchedSections, deletions: [Int], oldOffset: (Int) -> Int?,
                         contentChanged: (Int, Int) -> Bool) throws(FetchedResultsError) -> FetchedResultsChanges {
        let sectionDiff: IdentifierDiff
        do {
            sectionDiff = try IdentifierDiff(old: sectionNames, new: new.sectionNames)
        } catch {
            throw Self.duplicateError(error)
        }
        var changes = FetchedResultsChanges()
        // A section survives in place unless deleted or moved (moved ones are deleted and inserted).
        var oldLive = [Bool](repeating: true, count: numberOfSections)
        var newLive = [Bool](repeating: true, count: new.numberOfSections)
        for s in sectionDiff.deletions { oldLive[s] = false }
        for s in sectionDiff.insertions { newLive[s] = false }
        for move in sectionDiff.moves { oldLive[move.from] = false; newLive[move.to] = false }
        changes.deletedSections = oldLive.indices.filter { !oldLive[$0] }
        changes.insertedSections = newLive.indices.filter { !newLive[$0] }

        var deletes: [FetchedResultsChanges.ObjectChange] = []
        for i in deletions {
            deletes.append(.init(type: .delete, indexPath: indexPath(ofOffset: i), newIndexPath: nil))
        }
        var others: [FetchedResultsChanges.ObjectChange] = []
        var staying: [(row: Int, oldRow: Int, changed: Bool)] = []
        for n in 0 ..< new.numberOfSections {
            let start = new.sectionStarts[n], end = new.sectionStarts[n + 1]
            let o = newLive[n] ? sectionDiff.oldOffsets[n] : nil
            staying.removeAll(keepingCapacity: true)
            for j in start ..< end {
                guard let i = oldOffset(j) else {
                    others.append(.init(type: .insert, indexPath: nil, newIndexPath: IndexPath(row: j - start, section: n)))
                    continue
                }
                let changed = contentChanged(i, j)
                if let o, i >= sectionStarts[o], i < sectionStarts[o + 1] {
                    staying.append((j - start, i - sectionStarts[o], changed))
                } else {
                    others.append(.init(type: .move, indexPath: indexPath(ofOffset: i),
                                        newIndexPath: IndexPath(row: j - start, section: n)))
                }
            }
            guard let o, !staying.isEmpty else { continue }
            let kept = keptInOrder(staying)
            for (k, pair) in staying.enumerated() where !kept[k] || pair.changed {
                others.append(.init(type: kept[k] ? .update : .move,
                                    indexPath: IndexPath(row: pair.oldRow, section: o),
                                    newIndexPath: IndexPath(row: pair.row, section: n)))
            }
        }
        // Deletes first (old order), then the rest in new order, as a table applies them.
        others.sort { ($0.newIndexPath!.section, $0.newIndexPath!.row) < ($1.newIndexPath!.section, $1.newIndexPath!.row) }
        changes.objectChanges = deletes + others
        return changes
    }

    /// The error for fetched rows that repeat an id (or sections that repeat a name).
    private static func duplicateError(_ error: any Error) -> FetchedResultsError {
        FetchedResultsError(.duplicateIdentifier,
            "The fetched rows repeat a primary key, so rows cannot be told apart: \(error). "
            + "Each record's id must be its row's primary key.")
    }

    /// Which of `staying` (in new order) belong to a longest run of increasing old rows.
    ///
    /// When the old rows are already increasing — no object of the section moved, the
    /// usual case — every one is kept without building anything.
    private func keptInOrder(_ staying: [(row: Int, oldRow: Int, changed: Bool)]) -> [Bool] {
        var increasing = true
        for k in staying.indices.dropFirst() where staying[k].oldRow < staying[k - 1].oldRow {
            increasing = false
            break
        }
        if increasing { return [Bool](repeating: true, count: staying.count) }
        return longestIncreasingRun(staying.map(\.oldRow))
    }
}

/// Marks the elements of one longest strictly increasing subsequence of `values`
/// (patience sorting: `tails[l]` holds the index of the smallest value ending a run of
/// length l + 1, `previous` links each element to the one before it in its run).
func longestIncreasingRun(_ values: [Int]) -> [Bool] {
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (i, value) in values.enumerated() {
        var lo = 0, hi = tails.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[tails[mid]] < value { lo = mid + 1 } else { hi = mid }
        }
        if lo > 0 { previous[i] = tails[lo - 1] }
        if lo == tails.count { tails.append(i) } else { tails[lo] = i }
    }
    var kept = [Bool](repeating: false, count: values.count)
    var i = tails.last ?? -1
    while i >= 0 {
        kept[i] = true
        i = previous[i]
    }
    return kept
}
