import Foundation
import TabulaUIKit
import TabulaCore

/// The invariants of a table's items, checked in DEBUG builds.
///
/// What the store alone controls (``TableItemStore/_checkInvariants()``):
/// - a cell is in at most one place: on screen for one row, prepared for one row, sliding
///   off for one row, pooled, or leaving;
/// - `owners` names, for every cell on screen, prepared or sliding, exactly its row, and
///   nothing else;
/// - `pooled` is exactly the cells in `pools`, and no pool holds more than `poolLimit`;
///   `pooledSupplements` is exactly the views in `supplementPools`;
/// - a view leaving (animating out) is not on screen, prepared, sliding off or pooled;
///   a header or footer on screen is not pooled;
/// - a kept cell (a static row's) is never pooled, and is kept for one row;
/// - every cell and header or footer on screen is a subview of the table; every pooled
///   cell or header/footer view is in no view.
///
/// What depends on the update's animations too (``TableItemStore/problems(animatingOut:inLayout:)``,
/// which the table fuzz runs at every step): the views animating out are exactly the
/// store's leaving and sliding views, and outside a layout pass nothing is prepared.
extension TableItemStore {
    /// Checks, in DEBUG builds, every invariant the store alone controls. A failure is a
    /// bug in the table, not in the app. Linear in the items held: run after each layout
    /// pass and each update, and by operations that touch every item.
    func _checkInvariants() {
        #if DEBUG
        let problems = placementProblems()
        assert(problems.isEmpty, "TableItemStore: " + problems.joined(separator: "; "))
        #endif
    }

    /// Checks, in DEBUG builds, what an operation on `view` can have broken, in constant
    /// time (a test walks a million rows): the view is in at most one place and `owners`
    /// agrees with it, a pooled view is in no view and its pool within the limit, a view
    /// on screen is in the table, and the counts of owners and places agree.
    func _checkInvariants(of view: UIView) {
        #if DEBUG
        let id = ObjectKey(view)
        let isLeaving = leaving[id] != nil
        if let cell = view as? UITableViewCell {
            let isPooled = pooled.contains(id)
            if let path = owners[id] {
                let onScreen = visible[path] === cell, isPrepared = prepared[path] === cell
                let isSliding = sliding.contains(id)
                assert([onScreen, isPrepared, isSliding, isPooled, isLeaving].count(where: { $0 }) == 1,
                       "TableItemStore: the cell owned by \(path.tableDescription) is on screen \(onScreen), prepared "
                       + "\(isPrepared), sliding \(isSliding), pooled \(isPooled), leaving \(isLeaving)")
                assert(!onScreen || cell.superview === table || table == nil,
                       "TableItemStore: the cell on screen for \(path.tableDescription) is not in the table")
            } else {
                assert(!sliding.contains(id), "TableItemStore: a cell sliding off shows no row")
                assert(!(isPooled && isLeaving), "TableItemStore: a cell is pooled and leaving")
            }
            if isPooled, let identifier = cell.reuseIdentifier {
                assert((pools[identifier]?.count ?? 0) <= poolLimit, "TableItemStore: the pool of \"\(identifier)\" is past \(poolLimit)")
                assert(cell.superview == nil, "TableItemStore: a pooled cell is in a view")
            }
        } else {
            let isPooled = pooledSupplements.contains(id)
            assert(!(isPooled && isLeaving), "TableItemStore: a header or footer view is pooled and leaving")
            assert(!isPooled || view.superview == nil, "TableItemStore: a pooled header or footer view is in a view")
        }
        assert(owners.count == visible.count + prepared.count + sliding.count,
               "TableItemStore: \(owners.count) cells own rows, but \(visible.count) are on screen, \(prepared.count) "
               + "prepared and \(sliding.count) sliding off")
        #endif
    }

    /// What breaks the invariants the store alone controls, in words.
    func placementProblems() -> [String] {
        var audit = PlacementAudit()
        auditRows(&audit)
        auditPools(&audit)
        auditSupplements(&audit)
        return audit.problems
    }

    /// Where each view was found, and what is wrong so far.
    struct PlacementAudit {
        /// Where a view was found; described only when two places claim it.
        enum Place: CustomStringConvertible {
            case visible(IndexPath), prepared(IndexPath), sliding, pooled, leaving(TableItem), shown(TableItem)
            var description: String {
                switch self {
                case .visible(let path): "on screen for \(path.tableDescription)"
                case .prepared(let path): "prepared for \(path.tableDescription)"
                case .sliding: "sliding off"
                case .pooled: "pooled"
                case .leaving(let item): "leaving as \(item)"
                case .shown(let item): "on screen as \(item)"
                }
            }
        }
        var problems: [String] = []
        private var place: [ObjectKey: Place] = [:]

        /// Records that `id` is in `what`; a second place for it is a problem.
        mutating func claim(_ id: ObjectKey, _ what: Place) {
            if let other = place.updateValue(what, forKey: id) { problems.append("a view is \(other) and \(what)") }
        }
    }

    /// Cells on screen, prepared, sliding off and leaving: one place each, owned by their row.
    private func auditRows(_ audit: inout PlacementAudit) {
        for (path, cell) in visible {
            audit.claim(ObjectKey(cell), .visible(path))
            if owners[ObjectKey(cell)] != path {
                audit.problems.append("the cell on screen for \(path.tableDescription) is owned by "
                                      + "\(owners[ObjectKey(cell)].map(\.tableDescription) ?? "nothing")")
            }
            if let table, cell.superview !== table {
                audit.problems.append("the cell on screen for \(path.tableDescription) is not in the table")
            }
        }
        for (path, cell) in prepared {
            audit.claim(ObjectKey(cell), .prepared(path))
            if owners[ObjectKey(cell)] != path {
                audit.problems.append("the cell prepared for \(path.tableDescription) is not owned by it")
            }
        }
        for id in sliding {
            audit.claim(id, .sliding)
            if owners[id] == nil { audit.problems.append("a cell sliding off shows no row") }
        }
        for (id, entry) in leaving { audit.claim(id, .leaving(entry.item)) }
        if owners.count != visible.count + prepared.count + sliding.count {
            audit.problems.append("\(owners.count) cells own rows, but \(visible.count) are on screen, \(prepared.count) "
                                  + "prepared and \(sliding.count) sliding off")
        }
        var keptOnce = Set<ObjectKey>()
        for (path, cell) in kept {
            if pooled.contains(ObjectKey(cell)) { audit.problems.append("the kept cell of \(path.tableDescription) is pooled") }
            if !keptOnce.insert(ObjectKey(cell)).inserted { audit.problems.append("a cell is kept for two rows") }
        }
    }

    /// The cell and header/footer pools: within their limits, in no view, matching their sets.
    private func auditPools(_ audit: inout PlacementAudit) {
        var inPools = Set<ObjectKey>(minimumCapacity: pooled.count)
        for (identifier, pool) in pools {
            if pool.count > poolLimit {
                audit.problems.append("the pool of \"\(identifier)\" holds \(pool.count) cells, past \(poolLimit)")
            }
            for cell in pool {
                audit.claim(ObjectKey(cell), .pooled)
                inPools.insert(ObjectKey(cell))
                if cell.superview != nil { audit.problems.append("a pooled cell is still in a view") }
            }
        }
        if inPools != pooled {
            audit.problems.append("the pooled set (\(pooled.count)) differs from the pools (\(inPools.count))")
        }
        var inSupplementPools = Set<ObjectKey>(minimumCapacity: pooledSupplements.count)
        for pool in supplementPools.values {
            for view in pool {
                audit.claim(ObjectKey(view), .pooled)
                inSupplementPools.insert(ObjectKey(view))
                if view.superview != nil { audit.problems.append("a pooled header or footer view is still in a view") }
            }
        }
        if inSupplementPools != pooledSupplements {
            audit.problems.append("the pooled header and footer set (\(pooledSupplements.count)) differs from the pools "
                                  + "(\(inSupplementPools.count))")
        }
    }

    /// Headers and footers on screen: in the table, and nowhere else. One view may show
    /// two sections (a delegate that returns one view for both): it is claimed once.
    private func auditSupplements(_ audit: inout PlacementAudit) {
        var shownOnce = Set<ObjectKey>()
        for (item, view) in supplements where shownOnce.insert(ObjectKey(view)).inserted {
            audit.claim(ObjectKey(view), .shown(item))
            if let table, view.superview !== table { audit.problems.append("the view on screen as \(item) is not in the table") }
        }
    }

    /// A copy with its books broken on purpose, past the operations: `cell` owned by
    /// `owner`, pooled under `pool`, prepared for `prepared`, or leaving as `leavingAs`.
    /// For tests that check each broken invariant is named.
    func breakingBooks(of cell: UITableViewCell, owner: IndexPath? = nil, pool: String? = nil,
                       prepared path: IndexPath? = nil, leavingAs item: TableItem? = nil) -> TableItemStore {
        var copy = self
        copy.breakBooks(of: cell, owner: owner, pool: pool, prepared: path, leavingAs: item)
        return copy
    }

    /// What breaks the invariants, in words; empty when they hold. `animatingOut` are the
    /// views the update animates out (veils excepted), with the row each sliding one still
    /// shows. `inLayout` allows prepared cells.
    func problems(animatingOut: [(view: UIView, slidingRow: IndexPath?)], inLayout: Bool = false) -> [String] {
        var problems = placementProblems()
        if !inLayout && !prepared.isEmpty { problems.append("\(prepared.count) cells prepared outside a layout pass") }
        var slidingOut: [ObjectKey: IndexPath] = [:]
        for (view, row) in animatingOut {
            let id = ObjectKey(view)
            if let row {
                slidingOut[id] = row
                if !sliding.contains(id) { problems.append("a cell sliding off for \(row.tableDescription) is not on the books") }
            } else if leaving[id] == nil {
                problems.append("a view animating out is not leaving: it is "
                                + (owners[id].map { "owned by \($0.tableDescription)" }
                                   ?? (pooled.contains(id) || pooledSupplements.contains(id) ? "pooled" : "on no books")))
            }
        }
        if !inLayout {
            let animating = Set(animatingOut.map { ObjectKey($0.view) })
            for (id, entry) in leaving where !animating.contains(id) {
                problems.append("a view leaving as \(entry.item) is not animating out")
            }
        }
        for id in sliding where slidingOut[id] != owners[id] {
            problems.append("a cell the store has sliding off for \(owners[id].map(\.tableDescription) ?? "no row") "
                            + "is not sliding off for that row")
        }
        return problems
    }
}

extension UITableView {
    /// What breaks the invariants of the table's items (see `TableItemStore`); empty when
    /// they hold. For the fuzz and tests.
    package var itemStoreProblems: [String] {
        let animatingOut = updateAnimator.leaving.filter(\.isItem).map { (view: $0.view, slidingRow: $0.slidingRow) }
        return store.problems(animatingOut: animatingOut)
    }

    /// The header and footer views waiting in `identifier`'s pool (for tests).
    func pooledHeaderFooterViews(withIdentifier identifier: String) -> [UITableViewHeaderFooterView] {
        store.supplementPools[identifier] ?? []
    }
}
