import Foundation

/// Every cell a table holds, and what it is doing: on screen for a row, prepared for a
/// row (asked for to measure it, not yet placed), sliding off screen at the end of an
/// update while still showing a row, or waiting in its identifier's reuse pool. (Cells
/// animating out of deleted or reloaded rows are the update's: `BatchUpdateState.leaving`.)
///
/// The operations below are the only way to change the store. Each ends, in DEBUG builds,
/// by checking in constant time what it can have broken about the cell it moved; every
/// layout pass and update ends by checking all the invariants the store alone controls
/// (``checkInvariants()``); the rest, which depend on views the app can also move,
/// ``problems(leaving:sliding:inLayout:)`` checks (the table fuzz runs it at every step):
/// - a cell is in at most one place: on screen for one row, prepared for one row, sliding
///   off for one row, or pooled;
/// - `owners` names, for every cell on screen, prepared or sliding, exactly its row, and
///   nothing else;
/// - `pooled` is exactly the cells in `pools`, and no pool holds more than `poolLimit`;
/// - a cell on screen is a subview of the table; a pooled cell is in no view;
/// - the sliding cells are exactly the update's views that slide off showing a row, and no
///   other view animating out of an update is on screen, prepared or pooled;
/// - outside a layout pass nothing is prepared.
///
/// Traits reach cells through the store: every cell it makes, hands out or holds takes
/// the table's traits while it is in no view (`UIView.traitParent`), so a cell made by a
/// registration or taken from a pool has the table's appearance, scale and text size
/// before the data source configures it. A pooled cell is brought up to date when it leaves
/// the pool (``dequeue(_:)``), not when the table's traits change: its dynamic colours
/// resolve again and its `traitCollectionDidChange(_:)` runs then, once, for all the
/// changes it missed, before `prepareForReuse()` (a pool can hold many cells nobody asks for).
@MainActor
struct CellStore {
    /// The table whose cells these are (set as the table is made).
    weak var table: UITableView?
    /// Cells on screen, by the row they show.
    private(set) var visible: [IndexPath: UITableViewCell] = [:]
    /// Cells asked for to measure a row, not yet placed.
    private(set) var prepared: [IndexPath: UITableViewCell] = [:]
    /// The row each cell on screen, prepared or sliding off shows (to catch one cell used
    /// for two rows).
    private(set) var owners: [ObjectIdentifier: IndexPath] = [:]
    /// The cells sliding off screen from an update (they still show their row in `owners`).
    private(set) var sliding: Set<ObjectIdentifier> = []
    /// The reuse pools, by reuse identifier.
    private(set) var pools: [String: [UITableViewCell]] = [:]
    /// The cells in the pools.
    private(set) var pooled: Set<ObjectIdentifier> = []
    /// How many cells one identifier's pool keeps: enough for the most cells ever on
    /// screen at once (a whole screen scrolled in one frame), at least the minimum.
    private(set) var poolLimit = UITableView.maximumReusableCellsPerIdentifier


    // MARK: Operations

    /// Makes a cell with `factory` (a registration): it has the table's traits before
    /// anyone configures it.
    func make(_ factory: () -> UITableViewCell) -> UITableViewCell {
        let cell = factory()
        adoptTraits(cell)
        return cell
    }

    /// Takes a cell out of `identifier`'s pool, with the table's current traits (its
    /// `traitCollectionDidChange(_:)` runs now if they changed while it waited), and
    /// prepared for reuse. Nil when the pool is empty.
    mutating func dequeue(_ identifier: String) -> UITableViewCell? {
        guard let cell = pools[identifier]?.popLast() else { return nil }
        pooled.remove(ObjectIdentifier(cell))
        checkInvariants(of: cell)
        adoptTraits(cell)
        cell.prepareForReuse()
        return cell
    }

    /// Records `cell` as the one the data source gave for `indexPath`, to be measured and
    /// shown: taken out of its pool if the app took it from there directly, and given the
    /// table's traits if it is in no view.
    ///
    /// - Precondition: the cell is not on screen, prepared or sliding off for another row
    ///   (the table reports that and uses another cell).
    mutating func prepare(_ cell: UITableViewCell, for indexPath: IndexPath) {
        let id = ObjectIdentifier(cell)
        if let other = prepared[indexPath], other !== cell { owners[ObjectIdentifier(other)] = nil }
        if let identifier = cell.reuseIdentifier, pooled.remove(id) != nil {
            pools[identifier]?.removeAll { $0 === cell }
        }
        if owners[id] == indexPath, visible[indexPath] === cell { visible[indexPath] = nil }
        sliding.remove(id)
        owners[id] = indexPath
        prepared[indexPath] = cell
        checkInvariants(of: cell)
        if cell.superview == nil { adoptTraits(cell) }
    }

    /// Moves the cell prepared for `indexPath` on screen (the table has added it as a
    /// subview). Returns it, or nil when none is prepared.
    @discardableResult
    mutating func show(_ indexPath: IndexPath) -> UITableViewCell? {
        guard let cell = prepared.removeValue(forKey: indexPath) else { return nil }
        visible[indexPath] = cell
        checkInvariants(of: cell)
        return cell
    }

    /// Takes the cell on screen for `indexPath` off the books: it begins leaving (to the
    /// pool, or animating out of an update). Returns it.
    mutating func takeVisible(_ indexPath: IndexPath) -> UITableViewCell? {
        guard let cell = visible.removeValue(forKey: indexPath) else { return nil }
        owners[ObjectIdentifier(cell)] = nil
        checkInvariants(of: cell)
        return cell
    }

    /// Takes the cell prepared for `indexPath` off the books (measured, not shown). Returns it.
    mutating func takePrepared(_ indexPath: IndexPath) -> UITableViewCell? {
        guard let cell = prepared.removeValue(forKey: indexPath) else { return nil }
        owners[ObjectIdentifier(cell)] = nil
        checkInvariants(of: cell)
        return cell
    }

    /// The cell on screen for `indexPath` begins sliding off screen in an update; it still
    /// shows its row until it is gone or reclaimed. Returns it.
    mutating func beginSliding(_ indexPath: IndexPath) -> UITableViewCell? {
        guard let cell = visible.removeValue(forKey: indexPath) else { return nil }
        sliding.insert(ObjectIdentifier(cell))
        checkInvariants(of: cell)
        return cell
    }

    /// A cell sliding off is done (gone off screen, or its row came back to be filled
    /// anew): it leaves the books. Returns whether it was sliding.
    @discardableResult
    mutating func endSliding(_ cell: UITableViewCell) -> Bool {
        let id = ObjectIdentifier(cell)
        guard sliding.remove(id) != nil else { return false }
        owners[id] = nil
        checkInvariants(of: cell)
        return true
    }

    /// A cell sliding off screen is on screen again for `indexPath` (a new update began
    /// while it slid). Returns false, changing nothing, when another cell is on screen there.
    mutating func reclaim(_ cell: UITableViewCell, for indexPath: IndexPath) -> Bool {
        let id = ObjectIdentifier(cell)
        guard visible[indexPath] == nil, sliding.remove(id) != nil else { return false }
        owners[id] = indexPath
        visible[indexPath] = cell
        checkInvariants(of: cell)
        return true
    }

    /// The cells on screen are re-keyed by an update: `fate` gives each row's new index
    /// path, or nil when the row is deleted or reloaded — those cells leave the books and
    /// are returned, by their old rows, to animate out.
    mutating func remapVisible(_ fate: (IndexPath) -> IndexPath?) -> [IndexPath: UITableViewCell] {
        var departing: [IndexPath: UITableViewCell] = [:]
        var persisting: [IndexPath: UITableViewCell] = [:]
        for (old, cell) in visible {
            if let new = fate(old) {
                persisting[new] = cell
                owners[ObjectIdentifier(cell)] = new
            } else {
                owners[ObjectIdentifier(cell)] = nil
                departing[old] = cell
            }
        }
        visible = persisting
        checkInvariants()
        return departing
    }

    /// Prepares `cell` for reuse: into its identifier's pool, if it has one, is off the
    /// books and the pool has room; otherwise the table releases it. The cell has left
    /// its superview. Returns whether it was pooled.
    @discardableResult
    mutating func recycle(_ cell: UITableViewCell) -> Bool {
        let id = ObjectIdentifier(cell)
        guard let identifier = cell.reuseIdentifier, owners[id] == nil, !pooled.contains(id),
              pools[identifier, default: []].count < poolLimit else { return false }
        pools[identifier, default: []].append(cell)
        pooled.insert(id)
        checkInvariants(of: cell)
        return true
    }

    /// Lets the pools keep `count` cells per identifier (at least the minimum).
    mutating func raisePoolLimit(toHold count: Int) {
        poolLimit = max(poolLimit, count)
    }

    /// Gives `cell` the table's traits while it is in no view, and brings them up to date.
    private func adoptTraits(_ cell: UITableViewCell) {
        table?.adoptTraits(cell)
    }

    // MARK: Invariants

    /// Checks, in DEBUG builds, the invariants the store alone controls: where each cell
    /// is, `owners`, the pools. A failure is a bug in the table, not in the app. Linear in
    /// the cells held: run after each layout pass and each update, not each operation.
    func checkInvariants() {
        #if DEBUG
        let problems = placementProblems()
        assert(problems.isEmpty, "CellStore: " + problems.joined(separator: "; "))
        #endif
    }

    /// Checks, in DEBUG builds, what an operation on `cell` can have broken, in constant
    /// time (a test walks a million rows): the cell is in at most one place and `owners`
    /// agrees with it, its pool is within the limit, and the counts of owners and places agree.
    private func checkInvariants(of cell: UITableViewCell) {
        #if DEBUG
        let id = ObjectIdentifier(cell)
        let isPooled = pooled.contains(id)
        if let path = owners[id] {
            let onScreen = visible[path] === cell, isPrepared = prepared[path] === cell, isSliding = sliding.contains(id)
            assert((onScreen ? 1 : 0) + (isPrepared ? 1 : 0) + (isSliding ? 1 : 0) + (isPooled ? 1 : 0) == 1,
                   "CellStore: the cell owned by \(path.tableDescription) is on screen \(onScreen), prepared "
                   + "\(isPrepared), sliding \(isSliding), pooled \(isPooled)")
        } else {
            assert(!sliding.contains(id), "CellStore: a cell sliding off shows no row")
        }
        if isPooled, let identifier = cell.reuseIdentifier {
            assert((pools[identifier]?.count ?? 0) <= poolLimit, "CellStore: the pool of \"\(identifier)\" is past \(poolLimit)")
        }
        assert(owners.count == visible.count + prepared.count + sliding.count,
               "CellStore: \(owners.count) cells own rows, but \(visible.count) are on screen, \(prepared.count) "
               + "prepared and \(sliding.count) sliding off")
        #endif
    }

    /// What breaks the invariants about places, owners and pools, in words.
    private func placementProblems() -> [String] {
        /// Where a cell was found; described only when two places claim it.
        enum Place: CustomStringConvertible {
            case visible(IndexPath), prepared(IndexPath), sliding, pooled
            var description: String {
                switch self {
                case .visible(let path): "on screen for \(path.tableDescription)"
                case .prepared(let path): "prepared for \(path.tableDescription)"
                case .sliding: "sliding off"
                case .pooled: "pooled"
                }
            }
        }
        var problems: [String] = []
        var place: [ObjectIdentifier: Place] = [:]
        place.reserveCapacity(visible.count + prepared.count + sliding.count + pooled.count)
        func claim(_ id: ObjectIdentifier, _ what: Place) {
            if let other = place.updateValue(what, forKey: id) { problems.append("a cell is \(other) and \(what)") }
        }
        for (path, cell) in visible {
            claim(ObjectIdentifier(cell), .visible(path))
            if owners[ObjectIdentifier(cell)] != path {
                problems.append("the cell on screen for \(path.tableDescription) is owned by "
                                + "\(owners[ObjectIdentifier(cell)].map(\.tableDescription) ?? "nothing")")
            }
        }
        for (path, cell) in prepared {
            claim(ObjectIdentifier(cell), .prepared(path))
            if owners[ObjectIdentifier(cell)] != path { problems.append("the cell prepared for \(path.tableDescription) is not owned by it") }
        }
        for id in sliding {
            claim(id, .sliding)
            if owners[id] == nil { problems.append("a cell sliding off shows no row") }
        }
        if owners.count != visible.count + prepared.count + sliding.count {
            problems.append("\(owners.count) cells own rows, but \(visible.count) are on screen, \(prepared.count) "
                            + "prepared and \(sliding.count) sliding off")
        }
        var inPools = Set<ObjectIdentifier>(minimumCapacity: pooled.count)
        for (identifier, pool) in pools {
            if pool.count > poolLimit { problems.append("the pool of \"\(identifier)\" holds \(pool.count) cells, past \(poolLimit)") }
            for cell in pool {
                claim(ObjectIdentifier(cell), .pooled)
                inPools.insert(ObjectIdentifier(cell))
            }
        }
        if inPools != pooled { problems.append("the pooled set (\(pooled.count)) differs from the pools (\(inPools.count))") }
        return problems
    }

    /// A copy with its books broken on purpose, past the operations: `cell` owned by
    /// `owner`, pooled under `pool`, or prepared for `prepared`. For tests that check each
    /// broken invariant is named.
    func breakingBooks(of cell: UITableViewCell, owner: IndexPath? = nil, pool: String? = nil,
                       prepared path: IndexPath? = nil) -> CellStore {
        var copy = self
        if let owner { copy.owners[ObjectIdentifier(cell)] = owner }
        if let pool {
            copy.pools[pool, default: []].append(cell)
            copy.pooled.insert(ObjectIdentifier(cell))
        }
        if let path { copy.prepared[path] = cell }
        return copy
    }

    /// What breaks the invariants, in words; empty when they hold. `leaving` are the views
    /// animating out of an update that do not slide off showing a row, `sliding` those
    /// that do, by the row they show. `inLayout` allows prepared cells.
    func problems(leaving: [UIView], sliding: [ObjectIdentifier: IndexPath], inLayout: Bool = false) -> [String] {
        var problems = placementProblems()
        for (path, cell) in visible where cell.superview !== table {
            problems.append("the cell on screen for \(path.tableDescription) is not in the table")
        }
        if !inLayout && !prepared.isEmpty { problems.append("\(prepared.count) cells prepared outside a layout pass") }
        for pool in pools.values where pool.contains(where: { $0.superview != nil }) {
            problems.append("a pooled cell is still in a view")
        }
        for id in self.sliding where sliding[id] != owners[id] {
            problems.append("a cell the store has sliding off for \(owners[id].map(\.tableDescription) ?? "no row") "
                            + "is not sliding off for that row")
        }
        for (id, path) in sliding where !self.sliding.contains(id) {
            problems.append("a cell sliding off for \(path.tableDescription) is not on the books")
        }
        let held = Set(visible.values.map(ObjectIdentifier.init)).union(prepared.values.map(ObjectIdentifier.init))
            .union(pooled)
        for view in leaving where held.contains(ObjectIdentifier(view)) {
            problems.append("a cell animating out is also on screen, prepared or pooled")
        }
        return problems
    }
}

extension UITableView {
    /// What breaks the invariants of the table's cells (see `CellStore`); empty when they
    /// hold. For the fuzz and tests.
    package var cellStoreProblems: [String] {
        var sliding: [ObjectIdentifier: IndexPath] = [:]
        for leaving in updates.leaving { if let row = leaving.slidingRow { sliding[ObjectIdentifier(leaving.view)] = row } }
        return cells.problems(leaving: updates.leaving.filter { $0.slidingRow == nil }.map(\.view), sliding: sliding)
    }
}
