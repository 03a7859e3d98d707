import Foundation
import TabulaUIKit
import TabulaCore

/// Applying a checked batch update and animating it.
///
/// Every view on screen before is taken off the books; the plan is committed (counts,
/// selection, the layout prepared for the update); then each element the new layout puts
/// on screen gets a view — the one it had if it was on screen, otherwise a new one that
/// starts at the layout's `initialLayoutAttributesForAppearingItem` — and every old view
/// not reused leaves toward `finalLayoutAttributesForDisappearingItem`. Without those
/// attributes an item that was there before the update and is still there after it
/// slides (in from where it was, out to where it goes, across the edge of the view, as
/// in UIKit), and an item inserted or deleted fades. Supplementary views follow their
/// section, or fade.
///
/// What the table's engine does that this does not yet: a view still leaving from an
/// interrupted update is pooled at once (the table takes it back if the new update brings
/// its item on screen), and the records are not `UpdateTransition`'s (which are made for
/// rows of one column). As in the table, views move by offsets that add to what an
/// earlier update set going (``run(_:_:animated:)``).
extension UICollectionView {
    func commit(_ plan: UpdatePlan, completions: [(Bool) -> Void]) {
        finishRunningUpdate()
        guard window != nil else { return commitOffScreen(plan, completions: completions) }
        let animated = UIView.areAnimationsEnabled && !CATransaction.disableActions()
        // Where items just beyond the view were, for those the update brings on screen.
        let nearby = animated ? nearbyItemFrames() : [:]
        let before = store.takeAll()
        remapItemState(plan)
        currentUpdatePlan = plan
        currentLayout.prepare(forCollectionViewUpdates: updateItems(plan))
        currentLayout.invalidateLayout(with: countsContext())
        prepareLayoutIfNeeded()
        var update = RunningUpdate(generation: nextUpdateGeneration(), completions: completions)
        var moves: [Move] = []
        let reused = placeCells(plan, before.cells, nearby: nearby, moves: &moves)
        placeSupplements(plan, before.supplements, moves: &moves, leaving: &update)
        for (path, cell) in before.cells.inKeyOrder where !reused.contains(ObjectIdentifier(cell)) {
            let end = currentLayout.finalLayoutAttributesForDisappearingItem(at: path) ?? sliding(cell, from: path, plan)
                ?? fading(cell)
            moves.append((cell, end))
            update.leaving.append((cell, cell.reuseIdentifier ?? "", path, nil))
        }
        currentLayout.finalizeCollectionViewUpdates()
        currentUpdatePlan = nil
        run(moves, update, animated: animated)
    }

    /// The counts, the selection, the item under a finger and the prefetching, moved to
    /// the plan's new index paths.
    private func remapItemState(_ plan: UpdatePlan) {
        itemCounts = plan.newRowCounts
        selectedItems = Set(selectedItems.compactMap { plan.fate(ofRow: $0).newIndexPath })
        // The item under a finger follows its item; a deleted one is no longer touched.
        if let touched = touchedItem {
            if let new = plan.fate(ofRow: touched.indexPath).newIndexPath { touchedItem?.indexPath = new } else { touchedItem = nil }
        }
        remapPrefetching(plan)
    }

    /// An update while the collection view is in no window (a view controller's view
    /// loading: a snapshot applied in `viewDidLoad`): the data changes now, and the cells
    /// are made by the next layout, in the window, as in UIKit. So the data source
    /// configures them with the screen's traits (a registration's handler drawing a
    /// hairline of `1 / displayScale`, a colour for the appearance), not those of a view
    /// on no screen. Cells shown before keep their items, as in UIKit: an item that
    /// stays (perhaps at another index) keeps its cell as it was configured, and the next
    /// layout places it (a snapshot applied again in `viewWillAppear`, as a screen coming
    /// back from a push does, configures nothing when nothing changed). The cells of
    /// deleted and reloaded items are pooled; the completions run at once.
    private func commitOffScreen(_ plan: UpdatePlan, completions: [(Bool) -> Void]) {
        let attributes = store.attributes
        let before = store.takeAll()
        remapItemState(plan)
        for (path, cell) in before.cells.inKeyOrder {
            switch plan.fate(ofRow: path) {
            case .persists(let new), .moved(let new):
                let placed = attributes[path] ?? UICollectionViewLayoutAttributes(forCellWith: new)
                placed.indexPath = new
                cell.isSelected = selectedItems.contains(new)
                store.show(cell, at: new, placed)
            case .reloaded, .deleted:
                retire(cell, at: path)
            }
        }
        for (key, view) in before.supplements { retire(view, key) }
        currentLayout.invalidateLayout(with: countsContext())
        setNeedsLayout()
        completions.forEach { $0(true) }
    }

    /// Gives each cell in the new layout's view its view, and returns the old cells reused.
    private func placeCells(_ plan: UpdatePlan, _ old: [IndexPath: UICollectionViewCell],
                            nearby: [IndexPath: CGRect], moves: inout [Move]) -> Set<ObjectIdentifier> {
        var reused: Set<ObjectIdentifier> = []
        for (path, end) in elements(in: bounds).cells.inKeyOrder {
            let origin = plan.origin(ofRow: path)
            if case .reloaded = origin {} else if let was = origin.oldIndexPath, let cell = old[was] {
                reused.insert(ObjectIdentifier(cell))
                cell.isSelected = selectedItems.contains(path)
                store.show(cell, at: path, end)
                moves.append((cell, end))
                continue
            }
            let cell = makeCell(at: path)
            let start = currentLayout.initialLayoutAttributesForAppearingItem(at: path)
                ?? slidingIn(end, from: origin, nearby: nearby) ?? fadedIn(end)
            UIView.performWithoutAnimation { apply(start, to: cell) }
            store.show(cell, at: path, end)
            collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: path)
            moves.append((cell, end))
        }
        return reused
    }

    /// Headers and footers: one whose section stays (not reloaded) slides to its new
    /// place; the others fade in and out.
    private func placeSupplements(_ plan: UpdatePlan, _ old: [SupplementKey: UICollectionReusableView],
                                  moves: inout [Move], leaving update: inout RunningUpdate) {
        var byNewKey: [SupplementKey: UICollectionReusableView] = [:]
        for (key, view) in old.inKeyOrder {
            if let section = Self.sectionAfter(key.indexPath.section, plan) {
                var moved = key
                moved.indexPath[0] = section
                byNewKey[moved] = view
            } else {
                let end = fading(view)
                moves.append((view, end))
                update.leaving.append((view, Registrations.supplementKey(key.kind, view.reuseIdentifier ?? ""), key.indexPath, key.kind))
            }
        }
        for (key, end) in elements(in: bounds).supplements.inKeyOrder {
            if let view = byNewKey.removeValue(forKey: key) {
                store.show(view, for: key, end)
                moves.append((view, end))
            } else {
                let view = makeSupplement(key)
                UIView.performWithoutAnimation { apply(fadedIn(end), to: view) }
                store.show(view, for: key, end)
                moves.append((view, end))
            }
        }
        for (key, view) in byNewKey.inKeyOrder {
            let end = fading(view)
            moves.append((view, end))
            update.leaving.append((view, Registrations.supplementKey(key.kind, view.reuseIdentifier ?? ""), key.indexPath, key.kind))
        }
    }

    /// A view and the attributes it goes to.
    typealias Move = (view: UICollectionReusableView, end: UICollectionViewLayoutAttributes)

    /// The prefix of the keys of the offset animations an update adds to its views.
    static let updateKeyPrefix = "tabula.collection.update."

    /// Runs the moves in one animation (or at once), then pools the views that left.
    ///
    /// A view's place and size go to their ends in the model at once and animate as
    /// offsets that add to whatever the view is already doing (as UIKit's do since iOS 8):
    /// an update in the middle of another continues each view's motion on screen, and
    /// updates that come every frame move every item at the pace its place moves,
    /// instead of stopping and starting it each time. The rest of the attributes (alpha,
    /// transform) animate from where they are shown.
    private func run(_ moves: [Move], _ update: RunningUpdate, animated: Bool) {
        runningUpdate = update
        let generation = update.generation
        guard animated else {
            UIView.performWithoutAnimation { for move in moves { apply(move.end, to: move.view) } }
            finishRunningUpdate(finished: true)
            return
        }
        // One transaction holds the update's animations; it ends when the last one does.
        CATransaction.begin()
        CATransaction.currentGroup?.onStop = { [weak self] finished in
            guard let self, self.runningUpdate?.generation == generation else { return }
            self.finishRunningUpdate(finished: finished)
        }
        for (view, end) in moves {
            let center = view.center, size = view.bounds.size
            guard end.center.x.isFinite, end.center.y.isFinite, end.size.width.isFinite, end.size.height.isFinite else {
                continue
            }
            UIView.performWithoutAnimation {
                if view.center != end.center { view.center = end.center }
                if view.bounds.size != end.size { view.bounds.size = end.size }
            }
            view.animateOffset(fromCenter: center, size: size, duration: Self.updateAnimationDuration,
                               keyPrefix: Self.updateKeyPrefix)
        }
        UIView.animate(withDuration: Self.updateAnimationDuration, delay: 0, options: [.beginFromCurrentState],
                       animations: { for move in moves { self.apply(move.end, to: move.view) } })
        CATransaction.commit()
    }

    /// Ends the update animation running: its leaving views are pooled, its completions
    /// called (`finished` false when it was cut short).
    func finishRunningUpdate(finished: Bool = false) {
        guard let update = runningUpdate else { return }
        runningUpdate = nil
        for item in update.leaving where item.view.superview === self {
            if let cell = item.view as? UICollectionViewCell, store.path(of: cell) != nil { continue }
            if store.supplements.values.contains(where: { $0 === item.view }) { continue }
            if let cell = item.view as? UICollectionViewCell, let path = item.path {
                collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
            } else if let kind = item.kind, let path = item.path {
                collectionDelegate?.collectionView(self, didEndDisplayingSupplementaryView: item.view, forElementOfKind: kind, at: path)
            }
            resetAnimatedState(of: item.view)
            store.pool(item.view, key: item.key)
        }
        update.completions.forEach { $0(finished) }
    }

    /// Moves the views still leaving with the content when its offset is corrected (cells
    /// measured above the ones in view): they stay where they are on screen, as the rows
    /// on screen do, instead of jumping by the correction while they fade.
    func shiftLeaving(dx: CGFloat, dy: CGFloat) {
        guard let update = runningUpdate, dx != 0 || dy != 0, dx.isFinite, dy.isFinite else { return }
        UIView.performWithoutAnimation {
            for item in update.leaving where item.view.superview === self {
                if let cell = item.view as? UICollectionViewCell, store.path(of: cell) != nil { continue }
                if store.supplements.values.contains(where: { $0 === item.view }) { continue }
                item.view.center = CGPoint(x: item.view.center.x + dx, y: item.view.center.y + dy)
            }
        }
    }

    private func nextUpdateGeneration() -> Int {
        updateCounter += 1
        return updateCounter
    }

    /// Where old section `section` is after the update; nil when it is deleted or reloaded.
    private static func sectionAfter(_ section: Int, _ plan: UpdatePlan) -> Int? {
        guard section >= 0, section < plan.oldRowCounts.count else { return nil }
        switch plan.fate(ofSection: section) {
        case .persists(let s), .moved(let s): return s
        case .reloaded, .deleted: return nil
        }
    }

    /// The frames of the items within a screen of the visible rect, before an update: an
    /// item the update brings on screen from there slides in from its old place.
    private func nearbyItemFrames() -> [IndexPath: CGRect] {
        prepareLayoutIfNeeded()
        let reach = bounds.insetBy(dx: -bounds.width, dy: -bounds.height)
        var frames: [IndexPath: CGRect] = [:]
        for attributes in currentLayout.layoutAttributesForElements(in: reach) ?? []
        where attributes.representedElementCategory == .cell && isValid(attributes.indexPath) && store.cells[attributes.indexPath] == nil {
            frames[attributes.indexPath] = attributes.frame
        }
        return frames
    }

    /// Where an item coming on screen starts: its place before the update, when it was
    /// just beyond the view then (`end` moved there); nil for an inserted item.
    private func slidingIn(_ end: UICollectionViewLayoutAttributes, from origin: UpdatePlan.RowOrigin,
                           nearby: [IndexPath: CGRect]) -> UICollectionViewLayoutAttributes? {
        if case .reloaded = origin { return nil }
        guard let was = origin.oldIndexPath, let frame = nearby[was] else { return nil }
        let start = end.copiedAttributes()
        start.frame = frame
        return start
    }

    /// Where an item going off screen ends: its place after the update, when it is still
    /// there; nil for a deleted or reloaded item.
    private func sliding(_ cell: UICollectionViewCell, from path: IndexPath, _ plan: UpdatePlan) -> UICollectionViewLayoutAttributes? {
        let fate = plan.fate(ofRow: path)
        if case .reloaded = fate { return nil }
        guard let new = fate.newIndexPath, isValid(new), let end = currentLayout.layoutAttributesForItem(at: new)?.copiedAttributes()
        else { return nil }
        return end
    }

    /// `attributes` at alpha 0: where an item fades in.
    private func fadedIn(_ attributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        let start = attributes.copiedAttributes()
        start.alpha = 0
        return start
    }

    /// Where `view` is now, at alpha 0: where an item without final attributes fades out.
    private func fading(_ view: UICollectionReusableView) -> UICollectionViewLayoutAttributes {
        let end = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        end.size = view.bounds.size
        end.center = view.center
        end.transform3D = view.transform3D
        end.zIndex = Int(view.layer.zPosition)
        end.alpha = 0
        return end
    }

    /// The plan as UIKit's update items, for the layout.
    private func updateItems(_ plan: UpdatePlan) -> [UICollectionViewUpdateItem] {
        let ops = plan.essential
        let section = { (s: Int) in IndexPath(item: NSNotFound, section: s) }
        var items: [UICollectionViewUpdateItem] = []
        items += ops.deletedSections.map { .init(before: section($0), after: nil, action: .delete) }
        items += ops.insertedSections.map { .init(before: nil, after: section($0), action: .insert) }
        items += ops.reloadedSections.map { .init(before: section($0), after: section($0), action: .reload) }
        items += ops.movedSections.map { .init(before: section($0.from), after: section($0.to), action: .move) }
        items += ops.deletedRows.map { .init(before: $0, after: nil, action: .delete) }
        items += ops.insertedRows.map { .init(before: nil, after: $0, action: .insert) }
        items += ops.reloadedRows.map { .init(before: $0, after: $0, action: .reload) }
        items += ops.movedRows.map { .init(before: $0.from, after: $0.to, action: .move) }
        return items
    }
}
