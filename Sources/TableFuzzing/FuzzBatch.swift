import Foundation
import Tabula
import TabulaTestSupport

/// One call of a batch update, as a value (so a failing batch can be printed).
enum FuzzOperation: CustomStringConvertible {
    case deleteSections(IndexSet, UITableView.RowAnimation)
    case insertSections(IndexSet, UITableView.RowAnimation)
    case reloadSections(IndexSet, UITableView.RowAnimation)
    case moveSection(Int, Int)
    case deleteRows([IndexPath], UITableView.RowAnimation)
    case insertRows([IndexPath], UITableView.RowAnimation)
    case reloadRows([IndexPath], UITableView.RowAnimation)
    case moveRow(IndexPath, IndexPath)

    @MainActor
    func apply(to table: UITableView) {
        switch self {
        case let .deleteSections(s, a): table.deleteSections(s, with: a)
        case let .insertSections(s, a): table.insertSections(s, with: a)
        case let .reloadSections(s, a): table.reloadSections(s, with: a)
        case let .moveSection(from, to): table.moveSection(from, toSection: to)
        case let .deleteRows(p, a): table.deleteRows(at: p, with: a)
        case let .insertRows(p, a): table.insertRows(at: p, with: a)
        case let .reloadRows(p, a): table.reloadRows(at: p, with: a)
        case let .moveRow(from, to): table.moveRow(at: from, to: to)
        }
    }

    var description: String {
        switch self {
        case let .deleteSections(s, _): "deleteSections \(Array(s))"
        case let .insertSections(s, _): "insertSections \(Array(s))"
        case let .reloadSections(s, _): "reloadSections \(Array(s))"
        case let .moveSection(from, to): "moveSection \(from)→\(to)"
        case let .deleteRows(p, _): "deleteRows \(p.map(\.tableDescription))"
        case let .insertRows(p, _): "insertRows \(p.map(\.tableDescription))"
        case let .reloadRows(p, _): "reloadRows \(p.map(\.tableDescription))"
        case let .moveRow(from, to): "moveRow \(from.tableDescription)→\(to.tableDescription)"
        }
    }
}

/// A batch update and the data after it.
struct FuzzBatch {
    var operations: [FuzzOperation]
    var sections: [FuzzSection]
}

/// Makes random batch updates that are consistent by construction: the new data is
/// built from the old by identity, and every operation's index paths are read off the
/// old data (deletes, reloads, move sources) or the new (inserts, move targets).
struct FuzzBatchMaker {
    var nextID: Int
    static let animations: [UITableView.RowAnimation] = [.fade, .right, .left, .top, .bottom, .none, .middle, .automatic]
    static let heights: [CGFloat] = [0, 20, 44, 44, 44, 60, 100, 150]

    mutating func newItem(_ rng: inout SeededRandom) -> FuzzItem {
        nextID += 1
        return FuzzItem(id: nextID, height: Self.heights.randomElement(using: &rng)!)
    }

    mutating func newSection(_ rng: inout SeededRandom, rows: ClosedRange<Int>) -> FuzzSection {
        nextID += 1
        let id = nextID
        return FuzzSection(id: id, items: (0 ..< Int.random(in: rows, using: &rng)).map { _ in newItem(&rng) })
    }

    /// A valid batch from `old`: `size` scales how much it changes.
    mutating func validBatch(from old: [FuzzSection], size: Double, _ rng: inout SeededRandom) -> FuzzBatch {
        func chance(_ p: Double) -> Bool { Double.random(in: 0 ..< 1, using: &rng) < p * size }
        func animation() -> UITableView.RowAnimation { Self.animations.randomElement(using: &rng)! }

        // Sections: deleted, reloaded, one moved; the rest keep their order.
        var deleted = Set<Int>(), reloaded = Set<Int>(), moved: Int?
        for s in old.indices where old.count - deleted.count > 1 && chance(0.04) { deleted.insert(s) }
        for s in old.indices where !deleted.contains(s) && chance(0.03) { reloaded.insert(s) }
        let movable = old.indices.filter { !deleted.contains($0) && !reloaded.contains($0) }
        if movable.count > 1 && chance(0.08) { moved = movable.randomElement(using: &rng) }

        // Rows of the sections that keep their rows: deleted, reloaded, moved out.
        var rowDeletes: [IndexPath] = [], rowReloads: [IndexPath] = []
        var incoming: [(item: FuzzItem, from: IndexPath?)] = []
        var kept: [Int: [FuzzItem]] = [:]
        for s in old.indices where !deleted.contains(s) && !reloaded.contains(s) {
            var items: [FuzzItem] = []
            for (r, item) in old[s].items.enumerated() {
                let roll = Double.random(in: 0 ..< 1, using: &rng) / size
                if roll < 0.05 {
                    rowDeletes.append(IndexPath(row: r, section: s))
                } else if roll < 0.08 {
                    rowReloads.append(IndexPath(row: r, section: s))
                    var renewed = item
                    renewed.version += 1
                    if chance(0.5) { renewed.height = Self.heights.randomElement(using: &rng)! }
                    items.append(renewed)
                } else if roll < 0.11 {
                    incoming.append((item, IndexPath(row: r, section: s)))
                } else {
                    items.append(item)
                }
            }
            kept[s] = items
            for _ in 0 ..< (chance(0.4) ? Int.random(in: 1 ... 3, using: &rng) : 0) {
                incoming.append((newItem(&rng), nil))
            }
        }

        // The new order of sections: survivors in order, the moved one and new ones placed at random.
        enum Slot { case old(Int), new(FuzzSection) }
        var slots: [Slot] = old.indices.filter { !deleted.contains($0) && $0 != moved }.map { .old($0) }
        if let moved { slots.insert(.old(moved), at: Int.random(in: 0 ... slots.count, using: &rng)) }
        var insertedIDs = Set<Int>()
        if chance(0.05) || slots.isEmpty {
            let section = newSection(&rng, rows: 0 ... 5)
            insertedIDs.insert(section.id)
            slots.insert(.new(section), at: Int.random(in: 0 ... slots.count, using: &rng))
        }
        var sections: [FuzzSection] = slots.map { slot in
            switch slot {
            case .old(let s) where reloaded.contains(s):
                var section = old[s]
                section.items = (0 ..< Int.random(in: 0 ... 6, using: &rng)).map { _ in newItem(&rng) }
                return section
            case .old(let s): return FuzzSection(id: old[s].id, items: kept[s]!)
            case .new(let section): return section
            }
        }
        // Incoming rows go into sections that kept their rows.
        let targets = sections.indices.filter { i in
            if case .old(let s) = slots[i] { return !reloaded.contains(s) }
            return false
        }
        if targets.isEmpty { incoming.removeAll { $0.from == nil } }
        var moves: [(from: IndexPath, id: Int)] = []
        var insertedItems = Set<Int>()
        for (item, from) in incoming {
            guard let t = targets.randomElement(using: &rng) else {
                // Nowhere to move to: the row stays deleted instead.
                if let from { rowDeletes.append(from) }
                continue
            }
            sections[t].items.insert(item, at: Int.random(in: 0 ... sections[t].items.count, using: &rng))
            if let from { moves.append((from, item.id)) } else { insertedItems.insert(item.id) }
        }

        // Index paths after the update, read off the new data by identity.
        var newPath: [Int: IndexPath] = [:]
        for (s, section) in sections.enumerated() {
            for (r, item) in section.items.enumerated() { newPath[item.id] = IndexPath(row: r, section: s) }
        }
        var operations: [FuzzOperation] = []
        if !deleted.isEmpty { operations.append(.deleteSections(IndexSet(deleted), animation())) }
        if !reloaded.isEmpty { operations.append(.reloadSections(IndexSet(reloaded), animation())) }
        let newSectionIndexes = sections.indices.filter { insertedIDs.contains(sections[$0].id) }
        if !newSectionIndexes.isEmpty { operations.append(.insertSections(IndexSet(newSectionIndexes), animation())) }
        if let moved, let to = sections.firstIndex(where: { $0.id == old[moved].id }) {
            operations.append(.moveSection(moved, to))
        }
        if !rowDeletes.isEmpty { operations.append(.deleteRows(rowDeletes, animation())) }
        if !rowReloads.isEmpty { operations.append(.reloadRows(rowReloads, animation())) }
        let inserts = insertedItems.map { newPath[$0]! }
        if !inserts.isEmpty { operations.append(.insertRows(inserts, animation())) }
        for move in moves { operations.append(.moveRow(move.from, newPath[move.id]!)) }
        operations.shuffle(using: &rng)
        return FuzzBatch(operations: operations, sections: sections)
    }

    /// `batch` with one mistake that makes it invalid whatever else it does.
    static func broken(_ batch: FuzzBatch, old: [FuzzSection], _ rng: inout SeededRandom) -> (FuzzBatch, String) {
        var batch = batch
        let kind = Int.random(in: 0 ..< 3, using: &rng)
        switch kind {
        case 0:
            // A row past the end of its section.
            let s = Int.random(in: 0 ..< max(old.count, 1), using: &rng)
            let rows = s < old.count ? old[s].items.count : 0
            batch.operations.append(.deleteRows([IndexPath(row: rows + 3, section: s)], .fade))
            return (batch, "a delete past the end of section \(s)")
        case 1:
            batch.operations.append(.insertRows([IndexPath(index: 0)], .fade))
            return (batch, "an insert at a one-element index path")
        default:
            // A section count that cannot add up.
            batch.operations.append(.deleteSections(IndexSet(integer: old.count + 2), .fade))
            return (batch, "a delete of a section past the end")
        }
    }
}
