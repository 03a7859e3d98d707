import Foundation
import TabulaUIKit
import TabulaCore

/// Registering cell and supplementary view classes, dequeuing, and the reuse pools.
///
/// A view that scrolls off goes to its identifier's pool and comes back from a dequeue
/// after ``UICollectionReusableView/prepareForReuse()``. A pool keeps at most as many
/// views as were ever on screen at once.
extension UICollectionView {
    /// Registers a cell class (a ``UICollectionViewCell`` subclass) for `identifier`:
    /// ``dequeueReusableCell(withReuseIdentifier:for:)`` makes one with `init(frame:)`
    /// when the pool is empty. Nil unregisters; a class that is not a cell is reported.
    public func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        registrations.cellFactories[identifier] = nil
        guard let cellClass else { registrations.cells[identifier] = nil; return }
        guard let type = cellClass as? UICollectionViewCell.Type else {
            reportCollectionProblem("register(_:forCellWithReuseIdentifier: \"\(identifier)\"): \(cellClass) is not a "
                + "UICollectionViewCell subclass; the registration is ignored.")
            return
        }
        registrations.cells[identifier] = type
    }

    /// Registers a supplementary view class (a ``UICollectionReusableView`` subclass) for
    /// views of `elementKind` with `identifier`. Nil unregisters.
    public func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String,
                         withReuseIdentifier identifier: String) {
        let key = Registrations.supplementKey(elementKind, identifier)
        registrations.supplementFactories[key] = nil
        guard let viewClass else { registrations.supplements[key] = nil; return }
        guard let type = viewClass as? UICollectionReusableView.Type else {
            reportCollectionProblem("register(_:forSupplementaryViewOfKind: \"\(elementKind)\", withReuseIdentifier: "
                + "\"\(identifier)\"): \(viewClass) is not a UICollectionReusableView subclass; the registration is ignored.")
            return
        }
        registrations.supplements[key] = type
    }

    /// A cell for the item at `indexPath`: from the pool of `identifier`, or new from its
    /// registered class. Never nil: an identifier with no registration is reported and a
    /// plain cell returned (UIKit raises an exception).
    ///
    /// The cell has the collection view's traits while the data source configures it
    /// (its display scale, appearance and text size, as in UIKit), and keeps following
    /// them in the pool.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        let cell = dequeueCell(identifier, indexPath)
        adoptTraits(cell)
        // Shown or hidden as the layout says, and indented as the outline, before the data
        // source has its say.
        cell.takeHidden(fromLayout: layoutHidesViewAsked)
        if let level = indentationLevelForDequeue, let listCell = cell as? UICollectionViewListCell {
            listCell.indentationLevel = level
        }
        // The cell comes in the item's editing state, so that the data source sees it.
        prepareItemState(of: cell, at: indexPath)
        return cell
    }

    private func dequeueCell(_ identifier: String, _ indexPath: IndexPath) -> UICollectionViewCell {
        if let cell = reconfiguringCell, cell.reuseIdentifier == identifier {
            reconfiguringCell = nil
            return cell
        }
        if let cell = store.dequeue(identifier) as? UICollectionViewCell { return cell }
        if let factory = registrations.cellFactories[identifier] {
            let cell = factory()
            if cell.reuseIdentifier == nil { cell.reuseIdentifier = identifier }
            return cell
        }
        guard let type = registrations.cells[identifier] else {
            reportCollectionProblem("dequeueReusableCell(withReuseIdentifier: \"\(identifier)\", for: \(indexPath.tableDescription)): "
                + "no class is registered for \"\(identifier)\"; register one with register(_:forCellWithReuseIdentifier:). "
                + "A plain cell is used.")
            return UICollectionViewCell(registeredWithReuseIdentifier: identifier)
        }
        return madeWithLayoutFrame(layoutAttributesForItem(at: indexPath)?.frame) {
            type.init(registeredWithReuseIdentifier: identifier)
        }
    }

    /// Runs `make` with ``UICollectionReusableView/frameForMadeView`` set to `frame` (the
    /// layout's frame for the element a new view is made for), as UIKit makes a cell or
    /// supplementary view with `init(frame:)` of its attributes' frame.
    private func madeWithLayoutFrame<View: UICollectionReusableView>(_ frame: CGRect?, _ make: () -> View) -> View {
        let saved = UICollectionReusableView.frameForMadeView
        UICollectionReusableView.frameForMadeView = frame ?? .zero
        defer { UICollectionReusableView.frameForMadeView = saved }
        return make()
    }

    /// A supplementary view of `elementKind` for `indexPath`: from its pool, or new from its
    /// registered class. An identifier registered for no class of that kind (or for
    /// another kind) is reported and a plain view returned.
    public func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                                 for indexPath: IndexPath) -> UICollectionReusableView {
        let key = Registrations.supplementKey(elementKind, identifier)
        let view = dequeueSupplement(key, elementKind, identifier, indexPath)
        adoptTraits(view)
        view.takeHidden(fromLayout: layoutHidesViewAsked)
        return view
    }

    /// Gives a view the collection view hands out of its view tree (new, or from a pool)
    /// the collection view's traits, brought up to date now (see `UIView.traitParent`).
    func adoptTraits(_ view: UIView) {
        if view.traitParent !== self { view.traitParent = self }
        if view.superview == nil { view.traitsMayHaveChanged() }
    }

    private func dequeueSupplement(_ key: String, _ elementKind: String, _ identifier: String, _ indexPath: IndexPath)
        -> UICollectionReusableView {
        if let view = store.dequeue(key) { return view }
        if let factory = registrations.supplementFactories[key] {
            let view = factory()
            if view.reuseIdentifier == nil { view.reuseIdentifier = identifier }
            return view
        }
        guard let type = registrations.supplements[key] else {
            let other = registrations.supplements.keys.contains { $0.hasSuffix("\u{1F}\(identifier)") }
            reportCollectionProblem("dequeueReusableSupplementaryView(ofKind: \"\(elementKind)\", withReuseIdentifier: "
                + "\"\(identifier)\", for: \(indexPath.tableDescription)): "
                + (other ? "\"\(identifier)\" is registered for another kind" : "no class is registered for it")
                + "; register one with register(_:forSupplementaryViewOfKind:withReuseIdentifier:). A plain view is used.")
            let view = UICollectionReusableView(registeredWithReuseIdentifier: identifier)
            return view
        }
        return madeWithLayoutFrame(layoutAttributesForSupplementaryElement(ofKind: elementKind, at: indexPath)?.frame) {
            type.init(registeredWithReuseIdentifier: identifier)
        }
    }

    /// How many cells wait in the pool of `identifier` (for tests and measurements).
    public func reusableCellCount(withReuseIdentifier identifier: String) -> Int { store.pooledCount(identifier) }

    // MARK: Making and retiring

    /// The data source's cell for `path`, in the collection view. A cell already on screen
    /// for another item is reported and replaced by a plain one.
    /// Asks the data source for the cell of `path`, which the layout shows (or `hidden`).
    func makeCell(at path: IndexPath, hidden: Bool = false) -> UICollectionViewCell {
        layoutHidesViewAsked = hidden
        defer { layoutHidesViewAsked = false }
        var cell = whileBusy { dataSource?.collectionView(self, cellForItemAt: dataSourceIndexPath(forShown: path)) }
            ?? UICollectionViewCell(frame: .zero)
        if let other = store.path(of: cell), other != path {
            reportCollectionProblem("cellForItemAt \(path.tableDescription) returned the cell showing item "
                + "\(other.tableDescription); a cell must come from dequeueReusableCell(withReuseIdentifier:for:). "
                + "An empty cell is shown.")
            cell = UICollectionViewCell(frame: .zero)
        }
        cell.isSelected = selectedItems.contains(path)
        cell.isHighlighted = false
        prepareItemState(of: cell, at: path)
        if cell.superview !== self { addItemView(cell) }
        return cell
    }

    /// Adds a cell or supplementary view coming on screen in front of the other items, but
    /// beneath the scroll indicators and the views the app keeps in front of the items (a
    /// button floating over them): as in UIKit, items come in beneath such a view, so that
    /// the app need not bring it forward again (doing so in `viewDidLayoutSubviews` laid
    /// the collection view out a second time in every frame a cell came on screen), and
    /// the indicator stays over the items while the content scrolls under it.
    private func addItemView(_ view: UIView) {
        if let lowest = viewsInFrontOfItems().first { insertSubview(view, belowSubview: lowest) } else { addSubview(view) }
    }

    /// The subviews in front of the items that are none of the collection view's own
    /// items, sideways sections' scrollers or background, lowest first: the scroll
    /// indicators and the views the app keeps in front of the items. Whatever the
    /// collection view adds or raises goes beneath them.
    func viewsInFrontOfItems() -> [UIView] {
        var run: [UIView] = []
        for subview in subviews.reversed() {
            if subview is UICollectionReusableView || subview is UIScrollView || subview === backgroundView { break }
            run.append(subview)
        }
        return run.reversed()
    }

    /// Asks the data source for the supplementary view of `key`, which the layout shows
    /// (or `hidden`).
    func makeSupplement(_ key: SupplementKey, hidden: Bool = false) -> UICollectionReusableView {
        supplementKindAsked = key.kind
        layoutHidesViewAsked = hidden
        defer { supplementKindAsked = nil; layoutHidesViewAsked = false }
        let view = whileBusy { dataSource?.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath) }
            ?? UICollectionReusableView(frame: .zero)
        if view.superview !== self { addItemView(view) }
        return view
    }

    /// A cell that left the screen: the delegate is told and it is pooled.
    func retire(_ cell: UICollectionViewCell, at path: IndexPath) {
        collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
        resetAnimatedState(of: cell)
        store.pool(cell, key: cell.reuseIdentifier ?? "")
    }

    func retire(_ view: UICollectionReusableView, _ key: SupplementKey) {
        collectionDelegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind,
                                           at: key.indexPath)
        resetAnimatedState(of: view)
        store.pool(view, key: Registrations.supplementKey(key.kind, view.reuseIdentifier ?? ""))
    }

    /// What an update animated on the view is stopped and undone, so that it does not come
    /// back from the pool half faded.
    func resetAnimatedState(of view: UICollectionReusableView) {
        view.layer.removeAllAnimations()
        UIView.performWithoutAnimation {
            if view.alpha != 1 { view.alpha = 1 }
            if view.transform3D != CATransform3DIdentity { view.transform3D = CATransform3DIdentity }
        }
    }
}
