import Foundation
import TabulaUIKit
import TabulaCore

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
    /// registering a nib. The factory's cell takes `identifier` as its reuse identifier
    /// (one with another identifier is reported).
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
        if let cell = store.dequeue(identifier) { return cell }
        guard let factory = cellFactories[identifier] else { return nil }
        let cell = store.make(factory)
        if cell.reuseIdentifier != identifier {
            // A nib's cell without an identifier of its own takes the registered one, as
            // in UIKit, so that it is pooled and reused; one with another identifier
            // (UIKit raises) is reported and takes it too.
            if let own = cell.reuseIdentifier {
                UIViewController.onInvalidUse("the cell made for reuse identifier \"\(identifier)\" has the identifier "
                                              + "\"\(own)\" (in its nib?); it is pooled under \"\(identifier)\"")
            }
            cell.reuseIdentifier = identifier
        }
        return cell
    }

    /// A cell from the pool or a new registered one: never nil. An identifier with no
    /// registration is reported (`.unregisteredIdentifier`) and a plain cell returned.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        report(.init(.unregisteredIdentifier,
                     "dequeueReusableCell(withIdentifier: \"\(identifier)\", for: [\(indexPath.section), \(indexPath.row)]): "
                     + "no cell class or factory is registered for \"\(identifier)\"; register one with "
                     + "register(_:forCellReuseIdentifier:). A plain cell is used."))
        return store.make { UITableViewCell(style: .default, reuseIdentifier: identifier) }
    }

    /// A header or footer view from the pool, or a new registered one, or nil.
    public func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        if let view = store.dequeueSupplement(identifier, role: UITableViewHeaderFooterView.pendingRole) {
            view.prepareForReuse()
            return view
        }
        guard let factory = headerFooterFactories[identifier] else { return nil }
        let view = store.makeSupplement(factory)
        if view.reuseIdentifier == nil { view.reuseIdentifier = identifier }   // a nib's, as a cell's
        return view
    }

    /// How many cells wait in the pool for `identifier` (for tests and measurements).
    public func reusableCellCount(withIdentifier identifier: String) -> Int { store.pools[identifier]?.count ?? 0 }

    /// Takes a cell that is off the books (see `TableItemStore`) off screen: tells the delegate
    /// (when `indexPath` was displayed) and pools it, or releases it.
    ///
    /// What the table animates on a cell (its alpha, its frame) is stopped and its alpha
    /// reset, so that a cell taken off in the middle of a fade does not come back from the
    /// pool half transparent. The cell's own properties (a transform the app set in
    /// `willDisplay`, say) are the app's and stay.
    func enqueue(_ cell: UITableViewCell, notifying delegate: UITableViewDelegate?, _ indexPath: IndexPath) {
        cell.removeFromSuperviewKeepingEditing()
        cell.layer.removeAllAnimations()
        if cell.alpha != 1 { UIView.performWithoutAnimation { cell.alpha = 1 } }
        if cell.contentView.transform != .identity {
            // A grouped row's content slid sideways by an update.
            cell.contentView.layer.removeAllAnimations()
            UIView.performWithoutAnimation { cell.contentView.transform = .identity }
        }
        delegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        store.recycle(cell)
    }

    /// Gives a view the table holds out of its view tree (a pooled or new header, footer or
    /// cell) the table's traits, brought up to date now (see `UIView.traitParent`).
    func adoptTraits(_ view: UIView) {
        if view.traitParent !== self { view.traitParent = self }
        if view.superview == nil { view.traitsMayHaveChanged() }
    }

    /// Takes a header or footer view that is off screen (or done leaving) out of the
    /// table: tells the delegate and pools it, or releases it. A view the delegate also
    /// shows for another section stays where it is.
    func enqueueHeaderFooter(_ view: UIView, header: Bool, section: Int) {
        let stillShown = store.isShowing(view)
        if !stillShown {
            view.removeFromSuperview()
            // Pooled as it rests: an update's offsets and fades do not follow it to another section.
            view.layer.removeAllAnimations()
            if view.alpha != 1 { UIView.performWithoutAnimation { view.alpha = 1 } }
        }
        if header {
            tableDelegate?.tableView(self, didEndDisplayingHeaderView: view, forSection: section)
        } else {
            tableDelegate?.tableView(self, didEndDisplayingFooterView: view, forSection: section)
        }
        if stillShown { store.endLeaving(view) } else { store.recycleSupplement(view) }
    }

    /// Takes every cell, header and footer off screen (a reload).
    func recycleAllVisibleViews() {
        let delegate = tableDelegate
        for key in store.visible.rowKeys.sorted() {
            let indexPath = key.indexPath
            if let cell = store.takeVisible(indexPath) { enqueue(cell, notifying: delegate, indexPath) }
        }
        for indexPath in Array(store.prepared.keys) {
            if let cell = store.takePrepared(indexPath) { enqueue(cell, notifying: nil, indexPath) }
        }
        for item in Array(store.supplements.keys) {
            guard let view = store.takeSupplement(item) else { continue }
            if case .header(let s) = item { enqueueHeaderFooter(view, header: true, section: s) }
            if case .footer(let s) = item { enqueueHeaderFooter(view, header: false, section: s) }
        }
    }
}
