import Foundation
import TabulaUIKit
import TabulaCore

/// Loading: the counts from the data source, preparing the layout, and showing a view for
/// exactly the elements the layout puts in the visible rect (asking self-sizing cells for
/// their size once shown).
extension UICollectionView {
    /// Asks the data source again for everything at the next layout: the counts, then
    /// cells for the items on screen. Cells on screen go back to their pools; selected
    /// items that still exist stay selected. An update animation running is cut short.
    public func reloadData() {
        if isBusy {
            deferReload(because: "reloadData() was called")
            return
        }
        owesReload = false
        abandonInteractiveMovement(for: "reloadData()")
        forgetDragSource()
        needsReload = true
        cancelAllPrefetching()
        finishRunningUpdate()
        currentLayout.invalidateLayout(with: countsContext())
        setNeedsLayout()
    }

    /// The number of sections, as the data source last said.
    public var numberOfSections: Int {
        loadCountsIfNeeded()
        return itemCounts.count
    }

    /// The number of items in `section`, as the data source last said (0 for a section
    /// that does not exist, reported).
    public func numberOfItems(inSection section: Int) -> Int {
        loadCountsIfNeeded()
        guard section >= 0, section < itemCounts.count else {
            reportCollectionProblem("numberOfItems(inSection: \(section)): there are only \(itemCounts.count) sections; 0 is returned.")
            return 0
        }
        return itemCounts[section]
    }

    func loadCountsIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        itemCounts = askCounts()
        selectedItems = selectedItems.filter(isValid)
        let shown = store.takeAll()
        for (path, cell) in shown.cells.inKeyOrder { retire(cell, at: path) }
        for (key, view) in shown.supplements.inKeyOrder { retire(view, key) }
        for (key, view) in store.decorations.inKeyOrder {
            store.takeDecoration(key)
            retireDecoration(view, key)
        }
    }

    /// The counts the data source gives now; negative ones reported and 0.
    func askCounts() -> [Int] {
        guard let dataSource else { return [] }
        return whileBusy {
            let sections = checkedCount(dataSource.numberOfSections(in: self), "numberOfSections(in:)")
            return (0 ..< sections).map {
                checkedCount(dataSource.collectionView(self, numberOfItemsInSection: $0), "numberOfItemsInSection \($0)")
            }
        }
    }

    private func checkedCount(_ count: Int, _ what: String) -> Int {
        guard count < 0 else { return count }
        reportUpdate(TableUpdateError(.invalidCount, "The data source's \(what) is \(count); a count must be ≥ 0. 0 is used."))
        return 0
    }

    func isValid(_ path: IndexPath) -> Bool {
        path.count == 2 && path.section >= 0 && path.section < itemCounts.count && path.item >= 0
            && path.item < itemCounts[path.section]
    }

    func countsContext() -> UICollectionViewLayoutInvalidationContext {
        let context = type(of: currentLayout).makeInvalidationContext(everything: true)
        context.invalidatesDataSourceCounts = true
        return context
    }

    // MARK: The layout pass

    /// Prepares the layout if it was invalidated, shows the elements in view, and measures
    /// self-sizing cells (a few passes at most: each measurement may move what is in view).
    func layoutItems() {
        // A cell measured or laid out during the pass may ask its ancestors for layout
        // again; the pass in progress covers it.
        guard !isLayingOutItems else { return }
        payOwedReload()
        isLayingOutItems = true
        busyDepth += 1
        defer {
            isLayingOutItems = false
            busyDepth -= 1
        }
        loadCountsIfNeeded()
        for _ in 0 ..< 4 {
            prepareLayoutIfNeeded()
            let arrivals = tile()
            let anchor = measuredAnchor(excluding: arrivals.measured)
            let measured = measureSelfSizingCells()
            guard arrivals.invalidated || measured else { break }
            keep(anchor)
        }
        updatePrefetching()
    }

    /// The first cell on screen that needs no measuring and was not measured as it
    /// arrived (`arrived`), and where its item is: what must not move on screen when cells
    /// above it take their measured sizes.
    private func measuredAnchor(excluding arrived: Set<IndexPath>) -> (path: IndexPath, origin: CGPoint)? {
        let measured = store.cells.keys.filter { path in
            // A cell a visible items handler moved for the pass is no measure of the layout's place.
            !arrived.contains(path) && (store.attributes[path].map {
                !currentLayout.needsMeasurement(of: $0) && !$0.isAdjustedForPass
            } ?? false)
        }
        guard let first = measured.min(), let attributes = store.attributes[first] else { return nil }
        return (first, attributes.frame.origin)
    }

    /// Moves the content by as much as the anchor's item moved in the new layout, so that
    /// it stays where it is on screen (unless the content rests at its leading edge, where
    /// what was measured above simply pushes it down).
    private func keep(_ anchor: (path: IndexPath, origin: CGPoint)?) {
        guard let anchor else { return }
        prepareLayoutIfNeeded()
        guard let now = currentLayout.layoutAttributesForItem(at: anchor.path)?.frame.origin else { return }
        let dx = now.x - anchor.origin.x, dy = now.y - anchor.origin.y
        guard dx != 0 || dy != 0 else { return }
        let atStart = contentOffset.y <= minimumContentOffset.y && contentOffset.x <= minimumContentOffset.x
        guard !atStart, dx.isFinite, dy.isFinite else { return }
        // The scroll view's shift keeps a drag or fling in progress going from the moved
        // place (the table's correction); sideways there is no such shift yet.
        if dy != 0 { shiftContentOffset(by: dy) }
        if dx != 0 { applyContentOffset(CGPoint(x: contentOffset.x + dx, y: contentOffset.y)) }
        shiftLeaving(dx: dx, dy: dy)
    }

    func prepareLayoutIfNeeded() {
        loadCountsIfNeeded()
        guard currentLayout.needsPreparation else { return }
        currentLayout.needsPreparation = false
        isPreparingLayout = true
        defer { isPreparingLayout = false }
        currentLayout.prepare()
        let size = currentLayout.collectionViewContentSize
        let valid = size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0
        if !valid {
            reportCollectionProblem("The layout's collectionViewContentSize is \(size); a size must be finite and ≥ 0. Zero is used.")
        }
        if valid, size.height < contentSize.height || size.width < contentSize.width { contentShrank = true }
        contentSize = valid ? size : .zero
    }

    /// After layout: content that shrank under the offset (a reload with fewer items)
    /// brings the offset back inside it, as the table does, unless a finger holds it or it
    /// moves (a fling then bounces back from the edge); true when the offset moved. An
    /// offset set past the end in code, with the content as it was, stays, as in UIKit.
    func settleOffsetIfContentShrank() -> Bool {
        guard contentShrank else { return false }
        contentShrank = false
        guard !isTracking, motion == nil else { return false }
        let inside = clampedContentOffset(contentOffset)
        guard inside != contentOffset else { return false }
        applyContentOffset(inside)
        return true
    }

    /// Called by the layout when it is invalidated.
    func layoutDidInvalidate() { setNeedsLayout() }

    /// The layout is told about a change of bounds before it happens, and invalidated if
    /// it asks to be (a resize; a scroll under pinned headers).
    func boundsWillChange(to newBounds: CGRect) {
        guard newBounds != bounds, currentLayout.shouldInvalidateLayout(forBoundsChange: newBounds) else { return }
        currentLayout.invalidateLayout(with: currentLayout.invalidationContext(forBoundsChange: newBounds))
    }

    /// Shows a view for each element the layout puts in the visible rect, and takes away
    /// those it no longer does.
    ///
    /// The views it adds and removes do not ask for the collection view's layout again:
    /// they are placed (a second pass in the same frame found nothing to do).
    ///
    /// A self-sizing view is measured as it arrives, before the delegate's `willDisplay`
    /// (as in UIKit), and takes its measured size at once: nothing lays it out at the
    /// estimate, where the app's constraints (a text view 200 points tall in a 44-point
    /// row) would conflict with its size. Returns the cells measured so, and whether a
    /// measurement invalidated the layout (the next pass places them).
    @discardableResult
    func tile() -> (measured: Set<IndexPath>, invalidated: Bool) {
        layer.changingSublayersWithoutRelayout { tileNow() }
    }

    private func tileNow() -> (measured: Set<IndexPath>, invalidated: Bool) {
        var measured: Set<IndexPath> = []
        var invalidated = false
        let wanted = elements(in: bounds)
        // Views leave and arrive in index path order, and only those are sorted, not every
        // view shown each frame: arrivals stack the same way on every run.
        for path in store.cells.keys(missingFrom: wanted.cells) {
            if let cell = store.takeCell(at: path) { retire(cell, at: path) }
        }
        for key in store.supplements.keys(missingFrom: wanted.supplements) {
            if let view = store.takeSupplement(key) { retire(view, key) }
        }
        for key in store.decorations.keys(missingFrom: wanted.decorations) {
            if let view = store.takeDecoration(key) { retireDecoration(view, key) }
        }
        let arrivingDecorations = wanted.decorations.keys(missingFrom: store.decorations)
        let arrivingCells = wanted.cells.keys(missingFrom: store.cells)
        let arrivingSupplements = wanted.supplements.keys(missingFrom: store.supplements)
        // The views shown already take their new attributes, in any order.
        for (key, attributes) in wanted.decorations {
            guard let view = store.decorations[key] else { continue }
            apply(attributes, to: view)
        }
        for (path, attributes) in wanted.cells {
            guard let cell = store.cells[path] else { continue }
            apply(attributes, to: cell)
            store.setAttributes(attributes, at: path)
        }
        for (key, attributes) in wanted.supplements {
            guard let view = store.supplements[key] else { continue }
            apply(attributes, to: view)
            store.show(view, for: key, attributes)
        }
        // Then the new ones: decorations (behind), cells, headers and footers.
        for key in arrivingDecorations {
            guard let attributes = wanted.decorations[key], let view = makeDecoration(key) else { continue }
            apply(attributes, to: view)
            store.showDecoration(view, for: key)
        }
        for path in arrivingCells {
            guard let attributes = wanted.cells[path] else { continue }
            let cell = makeCell(at: path, hidden: attributes.isHidden)
            apply(attributes, to: cell)
            store.show(cell, at: path, attributes)
            if currentLayout.needsMeasurement(of: attributes) {
                measured.insert(path)
                if measureArriving(cell, attributes) { invalidated = true }
            }
            collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: path)
        }
        for key in arrivingSupplements {
            guard let attributes = wanted.supplements[key] else { continue }
            let view = makeSupplement(key, hidden: attributes.isHidden)
            apply(attributes, to: view)
            store.show(view, for: key, attributes)
            if currentLayout.needsMeasurement(of: attributes), measureArriving(view, attributes) { invalidated = true }
            collectionDelegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: key.kind, at: key.indexPath)
        }
        return (measured, invalidated)
    }

    /// The layout's attributes for a layout pass over `rect`, by element, leaving out items
    /// and sections that do not exist.
    func elements(in rect: CGRect) -> (cells: [IndexPath: UICollectionViewLayoutAttributes],
                                       supplements: [SupplementKey: UICollectionViewLayoutAttributes],
                                       decorations: [SupplementKey: UICollectionViewLayoutAttributes]) {
        var cells: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        var supplements: [SupplementKey: UICollectionViewLayoutAttributes] = [:]
        var decorations: [SupplementKey: UICollectionViewLayoutAttributes] = [:]
        // The layout's visible items handlers run in here: what they ask for waits.
        for attributes in whileBusy({ currentLayout.attributesForLayoutPass(in: rect) }) ?? [] {
            switch attributes.representedElementCategory {
            case .cell where isValid(attributes.indexPath):
                cells[attributes.indexPath] = attributes
            case .supplementaryView:
                guard let kind = attributes.representedElementKind, attributes.indexPath.count >= 1,
                      attributes.indexPath.section >= 0, attributes.indexPath.section < itemCounts.count else { continue }
                supplements[SupplementKey(kind: kind, indexPath: attributes.indexPath)] = attributes
            case .decorationView:
                guard let kind = attributes.representedElementKind else { continue }
                decorations[SupplementKey(kind: kind, indexPath: attributes.indexPath)] = attributes
            default:
                continue
            }
        }
        // The item being moved interactively shows under its position, wherever that is.
        if let movement = interactiveMovement, let held = heldItemAttributes(movement) {
            cells[movement.current] = held
        }
        return (cells, supplements, decorations)
    }

    /// Puts `view` where `attributes` say: size and centre (the frame is undefined under a
    /// transform), transform, alpha, z-order, hidden; then its own ``UICollectionReusableView/apply(_:)``.
    ///
    /// The attributes' `isHidden` is applied only when it differs from what the layout last
    /// gave the view: as in UIKit, a view takes it when it is dequeued, before the data
    /// source configures it, and after that only when the layout changes it, so that a
    /// data source that hides a view (Apple's badges with no count) keeps it hidden.
    func apply(_ attributes: UICollectionViewLayoutAttributes, to view: UICollectionReusableView) {
        let size = attributes.size, center = attributes.center
        guard size.width.isFinite, size.height.isFinite, center.x.isFinite, center.y.isFinite else { return }
        if view.bounds.size != size { view.bounds.size = size }
        if view.center != center { view.center = center }
        if view.transform3D != attributes.transform3D { view.transform3D = attributes.transform3D }
        if view.alpha != attributes.alpha { view.alpha = attributes.alpha }
        if view.hiddenByLayout != attributes.isHidden {
            view.hiddenByLayout = attributes.isHidden
            view.isHidden = attributes.isHidden
        }
        let z = CGFloat(attributes.zIndex)
        if view.layer.zPosition != z { view.layer.zPosition = z }
        view.apply(attributes)
    }

    // MARK: Self-sizing

    /// Asks each cell on screen that the layout has not measured for its preferred
    /// attributes; true when the layout was invalidated by an answer.
    func measureSelfSizingCells() -> Bool {
        var invalidated = false
        for (path, cell) in store.cells.inKeyOrder {
            guard let original = store.attributes[path], currentLayout.needsMeasurement(of: original) else { continue }
            if measure(cell, original) != nil { invalidated = true }
        }
        for (key, view) in store.supplements.inKeyOrder {
            guard let original = store.supplementAttributes[key], currentLayout.needsMeasurement(of: original) else { continue }
            if measure(view, original) != nil { invalidated = true }
        }
        return invalidated
    }

    /// Asks `view`, shown with `original`, for its preferred attributes and gives them to
    /// the layout; returns them when the layout was invalidated by them.
    private func measure(_ view: UICollectionReusableView, _ original: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutAttributes? {
        let preferred = view.preferredLayoutAttributesFitting(original.copiedAttributes())
        guard currentLayout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        else { return nil }
        let context = currentLayout.invalidationContext(forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        currentLayout.invalidateLayout(with: context)
        return preferred
    }

    /// Measures a view that just arrived at `original` (the estimate); when the layout
    /// takes another size, the view takes it at once, its origin kept (the next pass
    /// places it). Returns whether the layout was invalidated.
    private func measureArriving(_ view: UICollectionReusableView, _ original: UICollectionViewLayoutAttributes) -> Bool {
        guard let preferred = measure(view, original) else { return false }
        let size = preferred.size
        let origin = CGPoint(x: original.center.x - original.size.width / 2, y: original.center.y - original.size.height / 2)
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0,
              size.width <= UICollectionViewCompositionalLayout.maximumItemDimension,
              size.height <= UICollectionViewCompositionalLayout.maximumItemDimension,
              view.bounds.size != size, origin.x.isFinite, origin.y.isFinite else { return true }
        view.bounds.size = size
        view.center = CGPoint(x: origin.x + size.width / 2, y: origin.y + size.height / 2)
        return true
    }

    // MARK: Changing the layout

    func changeLayout(to layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)?) {
        guard layout !== currentLayout else { completion?(true); return }
        if let other = layout.collectionView, other !== self {
            reportCollectionProblem("setCollectionViewLayout(_:animated:): the layout is already used by another collection view; "
                + "it now lays out this one.")
            other.currentLayout = UICollectionViewLayout()
            other.currentLayout.collectionView = other
        }
        let old = currentLayout
        old.collectionView = nil
        currentLayout = layout
        layout.collectionView = self
        layout.invalidateLayout()
        for view in Array(store.cells.values) as [UICollectionReusableView] + Array(store.supplements.values) {
            view.willTransition(from: old, to: layout)
        }
        let finish = { [weak self] (finished: Bool) in
            guard let self else { return }
            for view in Array(self.store.cells.values) as [UICollectionReusableView] { view.didTransition(from: old, to: layout) }
            completion?(finished)
        }
        if window == nil {
            // Off screen (a controller's viewDidLoad, before its data source or its
            // supplementary view provider is set): the items are laid out at the next
            // layout pass, as after an update off screen, so the data source is not asked
            // for views it is not ready to make.
            setNeedsLayout()
            finish(true)
        } else if animated {
            UIView.animate(withDuration: Self.updateAnimationDuration, animations: { self.layoutIfNeeded() }, completion: finish)
        } else {
            UIView.performWithoutAnimation { layoutIfNeeded() }
            finish(true)
        }
    }

    // MARK: Reports

    /// Reports a problem with a call made on the collection view to its screen's report
    /// handler (standard error when it has none).
    package func reportCollectionProblem(_ message: String) {
        reportProblem("UICollectionView: \(message)")
    }

    /// Reports a bad update or count: to ``onInvalidUpdate``, or else to the screen. The
    /// planner's words are the table's; the collection view's are UIKit's for it: items.
    func reportUpdate(_ error: TableUpdateError) {
        let message = Self.inItems(error.message)
        if let onInvalidUpdate {
            onInvalidUpdate(TableUpdateError(error.kind, message))
        } else {
            reportCollectionProblem(message)
        }
    }

    /// `message` with rows called items.
    static func inItems(_ message: String) -> String {
        message.replacingOccurrences(of: "rows", with: "items").replacingOccurrences(of: "row ", with: "item ")
            .replacingOccurrences(of: "row)", with: "item)").replacingOccurrences(of: "row,", with: "item,")
    }
}
