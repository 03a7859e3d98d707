import Foundation
import TabulaUIKit
import TabulaCore

/// Interactive movement (iOS 9): an item follows a position the app gives — usually a
/// finger's — while the other items step aside to show where it would land; at the end the
/// data source's `moveItemAt` is called once, from where the item was to where it is.
///
/// The collection view shows the move before the data source has made it: while the item
/// is held, the views are laid out as if it were already at its current index path, and a
/// cell that comes on screen is asked of the data source at the index path the data source
/// still knows it by. Each change of place is an animated update on the table's planner
/// (`UpdatePlan`), so everything an update keeps — selection, the touched item, a measured
/// size — follows the items.
///
/// Three ways in: the four calls below, as in UIKit; a ``UICollectionViewController``'s
/// standard long press (``UICollectionViewController/installsStandardGestureForInteractiveMovement``);
/// and a list cell's reorder control (``UICellAccessory/reorder(displayed:options:)``).
///
/// Where UIKit has undefined behaviour, Tabula decides: a call out of turn (an update
/// with no movement, a second begin) is reported and ignored; a position that is not
/// finite is reported and ignored; an index path the delegate steers to that cannot hold
/// the item is reported and the item stays; a batch update or reload during the movement
/// puts the item back without animation (reported) before it applies; a data source whose
/// counts do not follow its `moveItemAt` is reported and reloaded.
extension UICollectionView {
    struct InteractiveMovement {
        /// Where the item was when the movement began (the data source's index path for it).
        let original: IndexPath
        /// Where it shows now.
        var current: IndexPath
        /// The position it follows, in content coordinates.
        var position: CGPoint
        /// Whether its slot shows empty instead (a drag inside the view: the drag's picture
        /// stands for the item, and the slot is the gap where it would land).
        var leavesGap = false
    }

    /// Starts moving the item at `indexPath`; false when it cannot move (the data source's
    /// ``UICollectionViewDataSource/collectionView(_:canMoveItemAt:)`` says no, the item does
    /// not exist, or another movement is under way).
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        if let movement = interactiveMovement {
            reportCollectionProblem("beginInteractiveMovementForItem(at: \(indexPath.tableDescription)): item "
                + "\(movement.original.tableDescription) is being moved; end or cancel that movement first. Nothing begins.")
            return false
        }
        layoutIfNeeded()
        guard checkedItem(indexPath, "beginInteractiveMovementForItem(at:)"), let dataSource,
              dataSource.collectionView(self, canMoveItemAt: indexPath),
              let attributes = layoutAttributesForItem(at: indexPath) else { return false }
        finishRunningUpdate()
        cancelItemTouch()
        let position = attributes.center
        interactiveMovement = InteractiveMovement(original: indexPath, current: indexPath, position: position)
        currentLayout.invalidateLayout(with: currentLayout.invalidationContext(
            forInteractivelyMovingItems: [indexPath], withTargetPosition: position,
            previousIndexPaths: [indexPath], previousPosition: position))
        placeMovingItem()
        return true
    }

    /// Moves the item being moved to follow `targetPosition` (in the collection view's
    /// coordinates, which are the content's): the layout's
    /// ``UICollectionViewLayout/targetIndexPath(forInteractivelyMovingItem:withPosition:)``
    /// says where it would land, the delegate may steer it, and the other items step aside,
    /// animated.
    public func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {
        guard var movement = interactiveMovement else {
            reportCollectionProblem("updateInteractiveMovementTargetPosition(_:): no item is being moved "
                + "(call beginInteractiveMovementForItem(at:) first); the position is ignored.")
            return
        }
        guard targetPosition.x.isFinite, targetPosition.y.isFinite else {
            reportCollectionProblem("updateInteractiveMovementTargetPosition(\(targetPosition)): a position must be finite; it is ignored.")
            return
        }
        let previous = movement.current, previousPosition = movement.position
        movement.position = targetPosition
        var target = currentLayout.targetIndexPath(forInteractivelyMovingItem: previous, withPosition: targetPosition)
        if target != previous, let delegate = collectionDelegate {
            target = delegate.collectionView(self, targetIndexPathForMoveOfItemFromOriginalIndexPath: movement.original,
                                             atCurrentIndexPath: previous, toProposedIndexPath: target)
        }
        if target != previous, !canHoldMovingItem(at: target, from: previous) {
            reportCollectionProblem("The moving item cannot go to \(target.tableDescription) (there are \(itemCounts.count) sections; "
                + "the target is steered by the layout's targetIndexPath(forInteractivelyMovingItem:withPosition:) and the delegate); "
                + "it stays at \(previous.tableDescription).")
            target = previous
        }
        movement.current = target
        interactiveMovement = movement
        currentLayout.invalidateLayout(with: currentLayout.invalidationContext(
            forInteractivelyMovingItems: [target], withTargetPosition: targetPosition,
            previousIndexPaths: [previous], previousPosition: previousPosition))
        if target != previous { showMove(from: previous, to: target, animated: true) }
        placeMovingItem()
        updateEdgeAutoscroll()
    }

    /// Ends the movement where the item is: the data source's
    /// ``UICollectionViewDataSource/collectionView(_:moveItemAt:to:)`` is called when it
    /// moved, and the item settles into its place, animated.
    public func endInteractiveMovement() {
        guard let movement = interactiveMovement else {
            reportCollectionProblem("endInteractiveMovement(): no item is being moved; nothing is done.")
            return
        }
        interactiveMovement = nil
        stopEdgeAutoscroll()
        guard commitMove(of: movement) else { return }
        settleMovedItem()
    }

    /// Tells the data source of the move that ends `movement` (when the item moved) and the
    /// layout that it ended; false when the data source's counts do not follow the move,
    /// reported, and the collection view reloads instead.
    private func commitMove(of movement: InteractiveMovement) -> Bool {
        if movement.current != movement.original {
            dataSource?.collectionView(self, moveItemAt: movement.original, to: movement.current)
            let counts = askCounts()
            if counts != itemCounts {
                reportUpdate(TableUpdateError(.invalidCount, "After moveItemAt \(movement.original.tableDescription) to "
                    + "\(movement.current.tableDescription) the data source's counts are \(counts), not \(itemCounts) as the move "
                    + "makes them; the collection view reloads."))
                reloadData()
                return false
            }
        }
        currentLayout.invalidateLayout(with: currentLayout.invalidationContextForEndingInteractiveMovementOfItems(
            toFinalIndexPaths: [movement.current], previousIndexPaths: [movement.original], movementCancelled: false))
        return true
    }

    /// Ends the movement without moving: the item goes back to where it was, and the others
    /// with it, animated. The data source is not told.
    public func cancelInteractiveMovement() {
        guard let movement = interactiveMovement else {
            reportCollectionProblem("cancelInteractiveMovement(): no item is being moved; nothing is done.")
            return
        }
        interactiveMovement = nil
        stopEdgeAutoscroll()
        currentLayout.invalidateLayout(with: currentLayout.invalidationContextForEndingInteractiveMovementOfItems(
            toFinalIndexPaths: [movement.original], previousIndexPaths: [movement.current], movementCancelled: true))
        if movement.current != movement.original {
            showMove(from: movement.current, to: movement.original, animated: true)
        } else {
            settleMovedItem()
        }
    }

    // MARK: Showing the move

    /// The index path the data source knows the item shown at `path` by, while an item is
    /// held somewhere other than where it began.
    func dataSourceIndexPath(forShown path: IndexPath) -> IndexPath {
        guard let movement = interactiveMovement, movement.current != movement.original else { return path }
        if path == movement.current { return movement.original }
        var known = path
        if known.section == movement.current.section, known.item > movement.current.item { known.item -= 1 }
        if known.section == movement.original.section, known.item >= movement.original.item { known.item += 1 }
        return known
    }

    /// Whether the item at `from` can be shown at `target`: an item of an existing section,
    /// or one past the end of another section.
    private func canHoldMovingItem(at target: IndexPath, from: IndexPath) -> Bool {
        guard target.count == 2, target.section >= 0, target.section < itemCounts.count, target.item >= 0 else { return false }
        return target.section == from.section ? target.item < itemCounts[target.section] : target.item <= itemCounts[target.section]
    }

    /// Shows the item at `from` at `to`, the others stepping aside: an update of one move,
    /// with the counts it makes (the data source is not asked).
    private func showMove(from: IndexPath, to: IndexPath, animated: Bool) {
        var counts = itemCounts
        counts[from.section] -= 1
        counts[to.section] += 1
        var operations = UpdateOperations()
        operations.movedRows = [RowMove(from: from, to: to)]
        guard let plan = try? UpdatePlan(oldRowCounts: itemCounts, operations: operations, newRowCounts: counts) else { return }
        if animated {
            commit(plan, completions: [])
        } else {
            UIView.performWithoutAnimation { commit(plan, completions: []) }
        }
    }

    /// Puts the moving item's cell under the position at once (no animation carries it).
    private func placeMovingItem() {
        layoutIfNeeded()
        guard let movement = interactiveMovement, let cell = store.cells[movement.current],
              let attributes = heldItemAttributes(movement) else { return }
        cell.layer.removeAllAnimations()
        UIView.performWithoutAnimation { apply(attributes, to: cell) }
        store.setAttributes(attributes, at: movement.current)
    }

    /// What the held item's cell shows: the layout's interactive attributes under the
    /// position, or for a drag its slot, hidden (the gap).
    func heldItemAttributes(_ movement: InteractiveMovement) -> UICollectionViewLayoutAttributes? {
        guard isValid(movement.current) else { return nil }
        guard movement.leavesGap else {
            return currentLayout.layoutAttributesForInteractivelyMovingItem(at: movement.current, withTargetPosition: movement.position)
        }
        let attributes = currentLayout.layoutAttributesForItem(at: movement.current)?.copiedAttributes()
        attributes?.isHidden = true
        return attributes
    }

    // MARK: A drag inside the view

    /// Opens the gap where a drag of this view's own item at `source` would insert it at
    /// `destination` (a drop proposal of `.move` at the destination index path): the item's
    /// slot empties and the items between step aside, as in UIKit. Starts the movement on
    /// the first call.
    func showDragMovement(of source: IndexPath, to destination: IndexPath) {
        if interactiveMovement == nil {
            guard isValid(source), dataSource?.collectionView(self, canMoveItemAt: source) ?? false,
                  let center = layoutAttributesForItem(at: source)?.center else { return }
            finishRunningUpdate()
            interactiveMovement = InteractiveMovement(original: source, current: source, position: center, leavesGap: true)
            placeMovingItem()
        }
        guard let movement = interactiveMovement, movement.leavesGap, movement.original == source else { return }
        var target = destination
        if target.count == 2, target.section >= 0, target.section < itemCounts.count {
            let room = itemCounts[target.section] - (target.section == movement.current.section ? 1 : 0)
            target.item = min(max(0, target.item), room)
        }
        guard target != movement.current, canHoldMovingItem(at: target, from: movement.current) else { return }
        interactiveMovement?.current = target
        showMove(from: movement.current, to: target, animated: true)
        placeMovingItem()
    }

    /// The drag left the view or stopped proposing a move: the gap closes, animated.
    func closeDragMovementGap() {
        guard let movement = interactiveMovement, movement.leavesGap else { return }
        interactiveMovement = nil
        currentLayout.invalidateLayout(with: currentLayout.invalidationContextForEndingInteractiveMovementOfItems(
            toFinalIndexPaths: [movement.original], previousIndexPaths: [movement.current], movementCancelled: true))
        if movement.current != movement.original {
            showMove(from: movement.current, to: movement.original, animated: true)
        } else {
            settleMovedItem()
        }
    }

    /// The drag was dropped into its gap: the data source moves the item there, and its
    /// cell shows again under the landing picture. Returns where the item is now.
    func finishDragMovement() -> IndexPath? {
        guard let movement = interactiveMovement, movement.leavesGap else { return nil }
        interactiveMovement = nil
        guard commitMove(of: movement) else { return nil }
        UIView.performWithoutAnimation { layoutIfNeeded() }
        return movement.current
    }

    /// Lets the moved item's cell slide from the position into its place.
    private func settleMovedItem() {
        if UIView.areAnimationsEnabled && window != nil {
            UIView.animate(withDuration: Self.updateAnimationDuration, delay: 0, options: [.beginFromCurrentState],
                           animations: { self.layoutIfNeeded() })
        } else {
            layoutIfNeeded()
        }
    }

    /// Puts the item back without animation before data changes under it: a reload or a
    /// batch update during a movement (reported).
    func abandonInteractiveMovement(for call: String) {
        guard let movement = interactiveMovement else { return }
        reportCollectionProblem("\(call) while item \(movement.original.tableDescription) is being moved: the movement is "
            + "cancelled first (end or cancel it before changing the data).")
        interactiveMovement = nil
        stopEdgeAutoscroll()
        if movement.current != movement.original, !needsReload {
            showMove(from: movement.current, to: movement.original, animated: false)
        }
    }

    // MARK: The long press

    /// Whether a long press at `point` picks up an item (asked as it begins, after the
    /// context menu and the drag said no).
    func movementShouldBegin(at point: CGPoint) -> Bool {
        guard movesItemsOnLongPress, interactiveMovement == nil, !isEditing,
              let path = indexPathForItem(at: point), store.cells[path] != nil else { return false }
        return dataSource?.collectionView(self, canMoveItemAt: path) ?? false
    }

    /// The long press, as a movement: begin, follow, end. Returns whether the press belonged to one.
    func handleMovementPress(_ press: UIGestureRecognizer) -> Bool {
        guard longPressMovesItem else { return false }
        let point = press.location(in: self)
        switch press.state {
        case .began:
            if let path = indexPathForItem(at: point), beginInteractiveMovementForItem(at: path) {
                updateInteractiveMovementTargetPosition(point)
            } else {
                longPressMovesItem = false
            }
        case .changed:
            if interactiveMovement != nil { updateInteractiveMovementTargetPosition(point) }
        case .ended:
            longPressMovesItem = false
            if interactiveMovement != nil { endInteractiveMovement() }
        default:
            longPressMovesItem = false
            if interactiveMovement != nil { cancelInteractiveMovement() }
        }
        return true
    }

    // MARK: Scrolling at the edges

    /// Starts or stops scrolling while the moving item or a drag over the view is held
    /// within 44 points of an edge it can scroll toward.
    func updateEdgeAutoscroll() {
        if edgeAutoscrollVelocity() == .zero {
            stopEdgeAutoscroll()
        } else if edgeAutoscroll == nil {
            let link = CADisplayLink.heldByOwner { [weak self] _ in self?.edgeAutoscrollStep() }
            link.add(to: .main, forMode: .common)
            edgeAutoscroll = link
        }
    }

    func stopEdgeAutoscroll() {
        edgeAutoscroll?.invalidate()
        edgeAutoscroll = nil
    }

    /// The point held near an edge: the moving item's position, or a drop session's.
    private var heldPoint: CGPoint? {
        if let movement = interactiveMovement, !movement.leavesGap { return movement.position }
        return dragAndDrop.target?.session.location(in: self)
    }

    /// Points a frame to scroll on each axis: up to 12 at the very edge, nothing beyond 44
    /// points from it, and nothing past the content's ends.
    private func edgeAutoscrollVelocity() -> CGPoint {
        guard let point = heldPoint, point.x.isFinite, point.y.isFinite else { return .zero }
        let inset = adjustedContentInset, zone: CGFloat = 44, fastest: CGFloat = 12
        let minimum = minimumContentOffset
        let maximum = CGPoint(x: max(minimum.x, contentSize.width + inset.right - bounds.width),
                              y: max(minimum.y, contentSize.height + inset.bottom - bounds.height))
        func speed(_ at: CGFloat, _ low: CGFloat, _ high: CGFloat, _ offset: CGFloat, _ least: CGFloat, _ most: CGFloat) -> CGFloat {
            if at < low + zone, offset > least { return -fastest * min(1, (low + zone - at) / zone) }
            if at > high - zone, offset < most { return fastest * min(1, (at - (high - zone)) / zone) }
            return 0
        }
        let x = point.x - contentOffset.x, y = point.y - contentOffset.y
        return CGPoint(
            x: speed(x, inset.left, bounds.width - inset.right, contentOffset.x, minimum.x, maximum.x),
            y: speed(y, inset.top, bounds.height - inset.bottom, contentOffset.y, minimum.y, maximum.y))
    }

    private func edgeAutoscrollStep() {
        let velocity = edgeAutoscrollVelocity()
        guard velocity != .zero, interactiveMovement != nil || window?.activeDrag != nil else {
            stopEdgeAutoscroll()
            return
        }
        let before = contentOffset
        applyContentOffset(clampedContentOffset(CGPoint(x: before.x + velocity.x, y: before.y + velocity.y)))
        let moved = CGPoint(x: contentOffset.x - before.x, y: contentOffset.y - before.y)
        if let movement = interactiveMovement, !movement.leavesGap {
            // The finger stays still on screen, so its place in the content moves with the scroll.
            updateInteractiveMovementTargetPosition(CGPoint(x: movement.position.x + moved.x, y: movement.position.y + moved.y))
        } else {
            layoutIfNeeded()
            window?.activeDrag?.retarget()
        }
    }
}
