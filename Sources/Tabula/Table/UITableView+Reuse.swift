import Foundation

/// Registering cell and header/footer classes and the reuse pools.
///
/// A cell that scrolls off goes to its identifier's pool (at most
/// ``UITableView/maximumReusableCellsPerIdentifier``; beyond that it is released) and
/// comes back from `dequeueReusableCell` after `prepareForReuse()`.
extension UITableView {
    /// Registers a cell class: `dequeueReusableCell` creates one with
    /// `init(style: .default, reuseIdentifier:)` when the pool is empty. Nil unregisters.
    public func register(_ cellClass: UITableViewCell.Type?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else { cellFactories[identifier] = nil; return }
        cellFactories[identifier] = { cellClass.init(registeredWithReuseIdentifier: identifier) }
    }

    /// Registers a factory that makes cells for `identifier` — Tabula's counterpart of
    /// registering a nib. The factory's cell should carry `identifier` as its reuse
    /// identifier; a cell with none is pooled under `identifier` anyway.
    public func register(forCellReuseIdentifier identifier: String, factory: @escaping () -> UITableViewCell) {
        cellFactories[identifier] = factory
    }

    /// Registers a header or footer class for `dequeueReusableHeaderFooterView(withIdentifier:)`.
    public func register(_ aClass: UITableViewHeaderFooterView.Type?, forHeaderFooterViewReuseIdentifier identifier: String) {
        guard let aClass else { headerFooterFactories[identifier] = nil; return }
        headerFooterFactories[identifier] = { aClass.init(registeredWithReuseIdentifier: identifier) }
    }

    /// A cell from the pool, or a new one if a class or factory is registered, or nil.
    public func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if let cell = updates.reconfiguringCell, cell.reuseIdentifier == identifier {
            updates.reconfiguringCell = nil
            return cell
        }
        if let cell = cells.pools[identifier]?.popLast() {
            cells.pooled.remove(ObjectIdentifier(cell))
            cell.prepareForReuse()
            return cell
        }
        return cellFactories[identifier]?()
    }

    /// A cell from the pool or a new registered one: never nil. An identifier with no
    /// registration is reported (`.unregisteredIdentifier`) and a plain cell returned.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        report(.init(.unregisteredIdentifier,
                     "dequeueReusableCell(withIdentifier: \"\(identifier)\", for: [\(indexPath.section), \(indexPath.row)]): "
                     + "no cell class or factory is registered for \"\(identifier)\"; register one with "
                     + "register(_:forCellReuseIdentifier:). A plain cell is used."))
        return UITableViewCell(style: .default, reuseIdentifier: identifier)
    }

    /// A header or footer view from the pool, or a new registered one, or nil.
    public func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        if let view = reusableHeaderFooterViews[identifier]?.popLast() {
            if let role = UITableViewHeaderFooterView.pendingRole { view.tableRole = role }
            view.prepareForReuse()
            return view
        }
        return headerFooterFactories[identifier]?()
    }

    /// How many cells wait in the pool for `identifier` (for tests and measurements).
    public func reusableCellCount(withIdentifier identifier: String) -> Int { cells.pools[identifier]?.count ?? 0 }

    /// Takes a cell off screen: tells the delegate (when `indexPath` was displayed) and pools it.
    ///
    /// What the table animates on a cell (its alpha, its frame) is stopped and its alpha
    /// reset, so that a cell taken off in the middle of a fade does not come back from the
    /// pool half transparent. The cell's own properties (a transform the app set in
    /// `willDisplay`, say) are the app's and stay.
    func enqueue(_ cell: UITableViewCell, notifying delegate: UITableViewDelegate?, _ indexPath: IndexPath) {
        let id = ObjectIdentifier(cell)
        if cells.owners[id] == indexPath { cells.owners[id] = nil }
        cell.removeFromSuperview()
        cell.layer.removeAllAnimations()
        if cell.alpha != 1 { UIView.performWithoutAnimation { cell.alpha = 1 } }
        if cell.contentView.transform != .identity {
            // A grouped row's content slid sideways by an update.
            cell.contentView.layer.removeAllAnimations()
            UIView.performWithoutAnimation { cell.contentView.transform = .identity }
        }
        delegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        guard let identifier = cell.reuseIdentifier else { return }
        var pool = cells.pools[identifier, default: []]
        if pool.count < cells.poolLimit, !cells.pooled.contains(id) {
            pool.append(cell)
            cells.pooled.insert(id)
        }
        cells.pools[identifier] = pool
    }

    func enqueueHeaderFooter(_ view: UIView, header: Bool, section: Int) {
        view.removeFromSuperview()
        if header {
            tableDelegate?.tableView(self, didEndDisplayingHeaderView: view, forSection: section)
        } else {
            tableDelegate?.tableView(self, didEndDisplayingFooterView: view, forSection: section)
        }
        guard let view = view as? UITableViewHeaderFooterView, let identifier = view.reuseIdentifier else { return }
        var pool = reusableHeaderFooterViews[identifier, default: []]
        if pool.count < Self.maximumReusableCellsPerIdentifier, !pool.contains(where: { $0 === view }) {
            pool.append(view)
        }
        reusableHeaderFooterViews[identifier] = pool
    }

    /// Takes every cell, header and footer off screen (a reload).
    func recycleAllVisibleViews() {
        let delegate = tableDelegate
        for (indexPath, cell) in cells.visible.sorted(by: { $0.key < $1.key }) {
            enqueue(cell, notifying: delegate, indexPath)
        }
        for (indexPath, cell) in cells.prepared { enqueue(cell, notifying: nil, indexPath) }
        cells.visible = [:]
        cells.prepared = [:]
        cells.owners = [:]
        for (s, view) in visibleHeaders { enqueueHeaderFooter(view, header: true, section: s) }
        for (s, view) in visibleFooters { enqueueHeaderFooter(view, header: false, section: s) }
        visibleHeaders = [:]
        visibleFooters = [:]
    }
}
