import Foundation

/// Every cell a table holds, and what it is doing: on screen for a row, prepared for a
/// row (asked for to measure it, not yet placed), or waiting in its identifier's reuse
/// pool. (Cells animating out of an update are the update's: `BatchUpdateState.leaving`.)
///
/// Invariants (``problems(in:leaving:)`` checks them; the table fuzz runs it at every step):
/// - a cell is in at most one place: on screen for one row, prepared for one row, or pooled;
/// - `owners` names, for every cell on screen or prepared, exactly its row, and otherwise
///   only cells still sliding off screen from an update, with the row they show;
/// - a cell on screen is a subview of the table; a pooled cell is in no view;
/// - `pooled` is exactly the cells in `pools`, and no pool holds more than `poolLimit`;
/// - no cell animating out of an update is on screen, prepared or pooled;
/// - outside a layout pass nothing is prepared.
@MainActor
struct CellStore {
    /// Cells on screen, by the row they show.
    var visible: [IndexPath: UITableViewCell] = [:]
    /// Cells asked for to measure a row, not yet placed.
    var prepared: [IndexPath: UITableViewCell] = [:]
    /// The row each cell on screen or prepared shows (to catch one cell used for two rows).
    var owners: [ObjectIdentifier: IndexPath] = [:]
    /// The reuse pools, by reuse identifier.
    var pools: [String: [UITableViewCell]] = [:]
    /// The cells in the pools.
    var pooled: Set<ObjectIdentifier> = []
    /// How many cells one identifier's pool keeps: enough for the most cells ever on
    /// screen at once (a whole screen scrolled in one frame), at least the minimum.
    var poolLimit = UITableView.maximumReusableCellsPerIdentifier

    /// What breaks the invariants, in words; empty when they hold. `inLayout` allows
    /// prepared cells.
    @MainActor
    func problems(in table: UIView, leaving: [UIView], sliding: [ObjectIdentifier: IndexPath],
                  inLayout: Bool = false) -> [String] {
        var problems: [String] = []
        var place: [ObjectIdentifier: String] = [:]
        func claim(_ cell: UITableViewCell, _ what: String) {
            let id = ObjectIdentifier(cell)
            if let other = place[id] { problems.append("a cell is \(other) and \(what)") }
            place[id] = what
        }
        for (path, cell) in visible {
            claim(cell, "on screen for \(path.tableDescription)")
            if owners[ObjectIdentifier(cell)] != path {
                problems.append("the cell on screen for \(path.tableDescription) is owned by "
                                + "\(owners[ObjectIdentifier(cell)].map(\.tableDescription) ?? "nothing")")
            }
            if cell.superview !== table { problems.append("the cell on screen for \(path.tableDescription) is not in the table") }
        }
        if !inLayout && !prepared.isEmpty { problems.append("\(prepared.count) cells prepared outside a layout pass") }
        for (path, cell) in prepared {
            claim(cell, "prepared for \(path.tableDescription)")
            if owners[ObjectIdentifier(cell)] != path { problems.append("the cell prepared for \(path.tableDescription) is not owned by it") }
        }
        let placed = Set(visible.values.map(ObjectIdentifier.init)).union(prepared.values.map(ObjectIdentifier.init))
        for (id, path) in owners where !placed.contains(id) && sliding[id] != path {
            problems.append("a cell neither on screen, prepared nor sliding off is owned by \(path.tableDescription)")
        }
        var inPools = Set<ObjectIdentifier>()
        for (identifier, pool) in pools {
            if pool.count > poolLimit { problems.append("the pool of \"\(identifier)\" holds \(pool.count) cells, past \(poolLimit)") }
            for cell in pool {
                claim(cell, "pooled")
                inPools.insert(ObjectIdentifier(cell))
                if cell.superview != nil { problems.append("a pooled cell is still in a view") }
            }
        }
        if inPools != pooled { problems.append("the pooled set (\(pooled.count)) differs from the pools (\(inPools.count))") }
        for view in leaving {
            if let cell = view as? UITableViewCell, let other = place[ObjectIdentifier(cell)] {
                problems.append("a cell animating out is also \(other)")
            }
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
        return cells.problems(in: self, leaving: updates.leaving.filter { $0.slidingRow == nil }.map(\.view), sliding: sliding)
    }
}
