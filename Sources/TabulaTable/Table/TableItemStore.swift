import Foundation
import TabulaUIKit
import TabulaCore

/// Every view a table shows for an item — a row's cell, a section's header or footer —
/// from the moment it is made until it is released, and what it is doing:
///
/// - **rows**: on screen for a row (`visible`), prepared for a row (asked for to measure
///   it, not yet placed), sliding off screen at the end of an update while still showing
///   a row (`sliding`), kept for a row of a static table while off screen (`kept`), or
///   waiting in its identifier's reuse pool;
/// - **headers and footers**: on screen for a section (`supplements`), answered by the
///   delegate at reload and kept until shown (`provided`, with the data source's `titles`),
///   or waiting in the header/footer pool;
/// - **leaving**: animating out of an update (a deleted or reloaded row's cell, a header
///   of a deleted section, a header sliding off screen), on no row's books, until its
///   animation ends and it is pooled or released.
///
/// The operations in this file are the only way to change the store: make and dequeue,
/// prepare, show, take (off screen), begin leaving (slide off, remap), reclaim, keep (a
/// static row), recycle (prepare for reuse, or release). Each ends, in DEBUG builds, with
/// ``_checkInvariants(of:)``, which checks in constant time what it can have broken about
/// the view it moved; every layout pass and update ends with the full
/// ``_checkInvariants()`` (`TableItemStore+Invariants.swift`, where the invariants are
/// written down). What depends on views the app can also move (a cell the app pulls out
/// of the table) is checked by ``problems(animatingOut:)``, which the table fuzz runs at
/// every step.
///
/// Traits reach items through the store: every view it makes, hands out, keeps or pools
/// takes the table's traits while it is in no view (`UIView.traitParent`), so a cell made
/// by a registration or taken from a pool has the table's appearance, scale and text size
/// before the data source configures it. A pooled view is brought up to date when it
/// leaves the pool (``dequeue(_:)``, ``dequeueSupplement(_:role:)``), not when the
/// table's traits change: its dynamic colours resolve again and its
/// `traitCollectionDidChange(_:)` runs then, once, for all the changes it missed, before
/// `prepareForReuse()` (a pool can hold many views nobody asks for). Views on screen and
/// leaving are in the table's tree and follow it.
@MainActor
struct TableItemStore {
    /// The table whose items these are (set once, as the table is made).
    private(set) weak var table: UITableView?

    // MARK: Rows

    /// Cells on screen, by the row they show. (Maps of rows are keyed by one packed word,
    /// ``RowKey``: a table updating every frame looks rows up a hundred times a frame.)
    private(set) var visible: RowMap<UITableViewCell> = [:]
    /// Cells asked for to measure a row, not yet placed.
    private(set) var prepared: RowMap<UITableViewCell> = [:]
    /// The row each cell on screen, prepared or sliding off shows (to catch one cell used
    /// for two rows).
    private(set) var owners: [ObjectKey: IndexPath] = [:]
    /// The cells sliding off screen from an update (they still show their row in `owners`).
    private(set) var sliding: Set<ObjectKey> = []
    /// The cell of each row of a static table, for the table's life (on screen or not).
    private(set) var kept: RowMap<UITableViewCell> = [:]
    /// The cell reuse pools, by reuse identifier.
    private(set) var pools: [String: [UITableViewCell]] = [:]
    /// The cells in the pools.
    private(set) var pooled: Set<ObjectKey> = []
    /// How many cells one identifier's pool keeps: enough for the most cells ever on
    /// screen at once (a whole screen scrolled in one frame), at least the minimum.
    private(set) var poolLimit = UITableView.maximumReusableCellsPerIdentifier

    // MARK: Headers and footers

    /// Header and footer views on screen, by the section item they show.
    private(set) var supplements: [TableItem: UIView] = [:]
    /// Header and footer views the delegate returned at reload, kept until shown.
    private(set) var provided: [TableItem: UIView] = [:]
    /// The data source's header and footer titles, as of the last reload.
    private(set) var titles: [TableItem: String] = [:]
    /// The header/footer reuse pools, by reuse identifier.
    private(set) var supplementPools: [String: [UITableViewHeaderFooterView]] = [:]
    /// The header and footer views in the pools.
    private(set) var pooledSupplements: Set<ObjectKey> = []

    /// Views animating out of an update, with the item they left (a departing row or
    /// section by its old name, a header or footer sliding off by its new one).
    private(set) var leaving: [ObjectKey: Leaving] = [:]

    /// A view animating out, and the item it left.
    struct Leaving {
        let item: TableItem
        let view: UIView
    }

    // MARK: Making and dequeuing

    /// Attaches the store to its table (once, as the table is made).
    mutating func attach(to table: UITableView) {
        self.table = table
    }

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
        pooled.remove(ObjectKey(cell))
        _checkInvariants(of: cell)
        adoptTraits(cell)
        cell.prepareForReuse()
        return cell
    }

    /// Makes a header or footer view with `factory` (a registration), with the table's traits.
    func makeSupplement(_ factory: () -> UITableViewHeaderFooterView) -> UITableViewHeaderFooterView {
        let view = factory()
        adoptTraits(view)
        return view
    }

    /// Takes a header or footer view out of `identifier`'s pool, placed for `role` when
    /// given, with the table's current traits. The caller prepares it for reuse (the
    /// title views the table makes itself are not). Nil when the pool is empty.
    mutating func dequeueSupplement(_ identifier: String, role: HeaderFooterRole?) -> UITableViewHeaderFooterView? {
        guard let view = supplementPools[identifier]?.popLast() else { return nil }
        pooledSupplements.remove(ObjectKey(view))
        _checkInvariants(of: view)
        if let role { view.tableRole = role }
        adoptTraits(view)
        return view
    }

    // MARK: Rows: preparing, showing, taking off screen

    /// Records `cell` as the one the data source gave for `indexPath`, to be measured and
    /// shown: taken out of its pool if the app took it from there directly, and given the
    /// table's traits if it is in no view.
    ///
    /// - Precondition: the cell is not on screen, prepared or sliding off for another row,
    ///   nor leaving (the table reports that and uses another cell, or reclaims it first).
    mutating func prepare(_ cell: UITableViewCell, for indexPath: IndexPath) {
        let id = ObjectKey(cell)
        if let other = prepared[indexPath], other !== cell { owners[ObjectKey(other)] = nil }
        if let identifier = cell.reuseIdentifier, pooled.remove(id) != nil {
            pools[identifier]?.removeAll { $0 === cell }
        }
        if owners[id] == indexPath, visible[indexPath] === cell { visible[indexPath] = nil }
        sliding.remove(id)
        owners[id] = indexPath
        prepared[indexPath] = cell
        _checkInvariants(of: cell)
        if cell.superview == nil { adoptTraits(cell) }
    }

    /// Moves the cell prepared for `indexPath` on screen (the table has added it as a
    /// subview). Returns it, or nil when none is prepared.
    @discardableResult
    mutating func show(_ indexPath: IndexPath) -> UITableViewCell? {
        guard let cell = prepared.removeValue(forKey: indexPath) else { return nil }
        visible[indexPath] = cell
        _checkInvariants(of: cell)
        return cell
    }

    /// Takes the cell on screen for `indexPath` off the books: it begins leaving the
    /// screen, for the pool (``recycle(_:)``). Returns it.
    mutating func takeVisible(_ indexPath: IndexPath) -> UITableViewCell? {
        guard let cell = visible.removeValue(forKey: indexPath) else { return nil }
        owners[ObjectKey(cell)] = nil
        _checkInvariants(of: cell)
        return cell
    }

    /// Takes the cell prepared for `indexPath` off the books (measured, not shown). Returns it.
    mutating func takePrepared(_ indexPath: IndexPath) -> UITableViewCell? {
        guard let cell = prepared.removeValue(forKey: indexPath) else { return nil }
        owners[ObjectKey(cell)] = nil
        _checkInvariants(of: cell)
        return cell
    }

    // MARK: Rows: updates

    /// The cell on screen for `indexPath` begins sliding off screen in an update; it still
    /// shows its row until it is gone or reclaimed. Returns it.
    mutating func beginSliding(_ indexPath: IndexPath) -> UITableViewCell? {
        guard let cell = visible.removeValue(forKey: indexPath) else { return nil }
        sliding.insert(ObjectKey(cell))
        _checkInvariants(of: cell)
        return cell
    }

    /// A cell sliding off is done (gone off screen, or its row came back to be filled
    /// anew): it leaves the books. Returns whether it was sliding.
    @discardableResult
    mutating func endSliding(_ cell: UITableViewCell) -> Bool {
        let id = ObjectKey(cell)
        guard sliding.remove(id) != nil else { return false }
        owners[id] = nil
        _checkInvariants(of: cell)
        return true
    }

    /// A cell sliding off screen is on screen again for `indexPath` (a new update began
    /// while it slid). Returns false, changing nothing, when another cell is on screen there.
    mutating func reclaim(_ cell: UITableViewCell, for indexPath: IndexPath) -> Bool {
        let id = ObjectKey(cell)
        guard visible[indexPath] == nil, sliding.remove(id) != nil else { return false }
        owners[id] = indexPath
        visible[indexPath] = cell
        _checkInvariants(of: cell)
        return true
    }

    /// The cells on screen are re-keyed by an update: `fate` gives each row's new index
    /// path, or nil when the row is deleted or reloaded — those cells begin leaving, and
    /// are returned, by their old rows, to animate out.
    mutating func remapVisible(_ fate: (IndexPath) -> IndexPath?) -> RowMap<UITableViewCell> {
        var departing: RowMap<UITableViewCell> = [:]
        var persisting = RowMap<UITableViewCell>(minimumCapacity: visible.count)
        for (old, cell) in visible {
            if let new = fate(old) {
                persisting[new] = cell
                owners[ObjectKey(cell)] = new
            } else {
                owners[ObjectKey(cell)] = nil
                leaving[ObjectKey(cell)] = Leaving(item: .row(old), view: cell)
                departing[old] = cell
            }
        }
        visible = persisting
        _checkInvariants()
        return departing
    }

    // MARK: Headers and footers

    /// Records what the data source and delegate answered for a section's header or
    /// footer at reload: its title, and the view to show (kept until it is shown).
    mutating func provide(_ item: TableItem, title: String?, view: UIView?) {
        if let title, !title.isEmpty { titles[item] = title }
        if let view { provided[item] = view }
    }

    /// Forgets the titles and provided views (a reload, or an update, asks again).
    mutating func forgetProvided() {
        provided = [:]
        titles = [:]
    }

    /// Takes the view the delegate provided at reload for `item`, if any.
    mutating func takeProvided(_ item: TableItem) -> UIView? {
        provided.removeValue(forKey: item)
    }

    /// Puts `view` on screen for `item` (the table has added it as a subview): taken
    /// out of the pool if the delegate kept it and handed it back from there, and no
    /// longer leaving if it was animating out.
    mutating func showSupplement(_ view: UIView, for item: TableItem) {
        let id = ObjectKey(view)
        if pooledSupplements.remove(id) != nil, let view = view as? UITableViewHeaderFooterView,
           let identifier = view.reuseIdentifier {
            supplementPools[identifier]?.removeAll { $0 === view }
        }
        leaving[id] = nil
        supplements[item] = view
        _checkInvariants(of: view)
    }

    /// Takes the header or footer on screen for `item` off screen: it goes to the pool
    /// (``recycleSupplement(_:)``) or begins leaving (``beginLeaving(_:as:)``). Returns it.
    mutating func takeSupplement(_ item: TableItem) -> UIView? {
        guard let view = supplements.removeValue(forKey: item) else { return nil }
        _checkInvariants(of: view)
        return view
    }

    /// The headers and footers on screen are re-keyed by an update: `fate` gives each
    /// section's new index, or nil when it is deleted or reloaded — those views begin
    /// leaving, and are returned, by their old items, to animate out.
    mutating func remapSupplements(_ fate: (Int) -> Int?) -> [TableItem: UIView] {
        var departing: [TableItem: UIView] = [:]
        var persisting: [TableItem: UIView] = [:]
        for (item, view) in supplements {
            switch item {
            case .header(let s): if let new = fate(s) { persisting[.header(new)] = view } else { departing[item] = view }
            case .footer(let s): if let new = fate(s) { persisting[.footer(new)] = view } else { departing[item] = view }
            case .row: persisting[item] = view
            }
        }
        supplements = persisting
        for (item, view) in departing { leaving[ObjectKey(view)] = Leaving(item: item, view: view) }
        _checkInvariants()
        return departing
    }

    // MARK: Leaving, keeping, recycling

    /// `view`, taken off screen, begins animating out of an update as `item`.
    mutating func beginLeaving(_ view: UIView, as item: TableItem) {
        leaving[ObjectKey(view)] = Leaving(item: item, view: view)
        _checkInvariants(of: view)
    }

    /// Takes `view` back from animating out (the data source handed it out again).
    /// Returns whether it was leaving.
    @discardableResult
    mutating func endLeaving(_ view: UIView) -> Bool {
        let ended = leaving.removeValue(forKey: ObjectKey(view)) != nil
        _checkInvariants(of: view)
        return ended
    }

    /// Keeps `cell` as the cell of a static table's `indexPath` for the table's life: off
    /// screen it is neither pooled nor released, and it keeps the table's traits.
    mutating func keep(_ cell: UITableViewCell, for indexPath: IndexPath) {
        kept[indexPath] = cell
        _checkInvariants(of: cell)
    }

    /// Forgets the kept cells (the table's static content was replaced).
    mutating func forgetKept() {
        kept = [:]
        _checkInvariants()
    }

    /// Prepares `cell` for reuse, once it is off the books and has left its superview:
    /// it stops leaving; a kept cell stays kept; otherwise it goes into its identifier's
    /// pool if it has one and the pool has room, or the table releases it. Returns
    /// whether it was pooled.
    @discardableResult
    mutating func recycle(_ cell: UITableViewCell) -> Bool {
        let id = ObjectKey(cell)
        leaving[id] = nil
        adoptTraitsWhileAway(cell)
        guard let identifier = cell.reuseIdentifier, owners[id] == nil, !pooled.contains(id),
              pools[identifier, default: []].count < poolLimit else {
            _checkInvariants(of: cell)
            return false
        }
        pools[identifier, default: []].append(cell)
        pooled.insert(id)
        _checkInvariants(of: cell)
        return true
    }

    /// Prepares a header or footer view for reuse, once it has left its superview: it
    /// stops leaving and goes into its identifier's pool, or is released. Returns whether
    /// it was pooled.
    @discardableResult
    mutating func recycleSupplement(_ view: UIView) -> Bool {
        let id = ObjectKey(view)
        leaving[id] = nil
        adoptTraitsWhileAway(view)
        guard let view = view as? UITableViewHeaderFooterView, let identifier = view.reuseIdentifier,
              !pooledSupplements.contains(id), !isShowing(view),
              supplementPools[identifier, default: []].count < UITableView.maximumReusableCellsPerIdentifier else {
            _checkInvariants(of: view)
            return false
        }
        supplementPools[identifier, default: []].append(view)
        pooledSupplements.insert(id)
        _checkInvariants(of: view)
        return true
    }

    /// Lets the pools keep `count` cells per identifier (at least the minimum).
    mutating func raisePoolLimit(toHold count: Int) {
        poolLimit = max(poolLimit, count)
    }

    /// Breaks the books on purpose, past the operations and their checks (for
    /// ``breakingBooks(of:owner:pool:prepared:leavingAs:)``, whose copies tests inspect).
    mutating func breakBooks(of cell: UITableViewCell, owner: IndexPath?, pool: String?, prepared path: IndexPath?,
                             leavingAs item: TableItem?) {
        let id = ObjectKey(cell)
        if let owner { owners[id] = owner }
        if let pool {
            pools[pool, default: []].append(cell)
            pooled.insert(id)
        }
        if let path { prepared[path] = cell }
        if let item { leaving[id] = Leaving(item: item, view: cell) }
    }

    // MARK: Reading

    /// Whether `view` is on screen as a header or footer (the delegate can hand one view
    /// out for two sections).
    func isShowing(_ view: UIView) -> Bool {
        supplements.values.contains { $0 === view }
    }

    /// Whether `view` is animating out of an update.
    func isLeaving(_ view: UIView) -> Bool { leaving[ObjectKey(view)] != nil }

    /// The views animating out now (to tell, after a pass, which began leaving in it).
    var leavingViews: Set<ObjectKey> { Set(leaving.keys) }

    /// The headers and footers that began leaving since `before` (``leavingViews`` then),
    /// by the item they left as.
    func supplementsLeaving(since before: Set<ObjectKey>) -> [TableItem: UIView] {
        var result: [TableItem: UIView] = [:]
        for (id, entry) in leaving where !before.contains(id) && !(entry.view is UITableViewCell) {
            result[entry.item] = entry.view
        }
        return result
    }

    /// The header or footer view on screen for section `s`.
    func header(_ s: Int) -> UIView? { supplements[.header(s)] }
    func footer(_ s: Int) -> UIView? { supplements[.footer(s)] }

    /// Every header and footer view on screen.
    var shownSupplements: Dictionary<TableItem, UIView>.Values { supplements.values }

    // MARK: Traits

    /// Gives `view` the table's traits while it is in no view, and brings them up to date.
    private func adoptTraits(_ view: UIView) {
        table?.adoptTraits(view)
    }

    /// Off screen (pooled, kept or released), `view` keeps following the table's traits
    /// through its trait parent; they are brought up to date when it is handed out again.
    private func adoptTraitsWhileAway(_ view: UIView) {
        if let table, view.traitParent !== table { view.traitParent = table }
    }
}
