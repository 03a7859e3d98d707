import Foundation
import TabulaUIKit

/// Selecting items from code and with a finger: the item highlights while the finger is
/// on it (after the scroll view's short delay, so that a drag never highlights) and is
/// selected when it lifts over it, through `shouldHighlightItemAt`, `shouldSelectItemAt`
/// and `didSelectItemAt`. With ``allowsMultipleSelection`` a tap toggles the item.
extension UICollectionView {
    /// The selected items, in order; nil when there are none (as in UIKit).
    public var indexPathsForSelectedItems: [IndexPath]? { selectedItems.isEmpty ? nil : selectedItems.sorted() }

    /// Selects the item at `indexPath` (nil deselects every item) and scrolls to it as
    /// `scrollPosition` says. The delegate is not told. Without
    /// ``allowsMultipleSelection`` (while editing, ``allowsMultipleSelectionDuringEditing``)
    /// the other items are deselected.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for path in selectedItems { deselectItem(at: path, animated: animated) }
            return
        }
        guard allowsSelection else { return }
        guard checkedItem(indexPath, "selectItem(at:animated:scrollPosition:)") else { return }
        // While editing, `allowsMultipleSelectionDuringEditing` decides, as for a tap.
        if !selectsSeveralByTouch {
            for path in selectedItems where path != indexPath { deselectItem(at: path, animated: animated) }
        }
        selectedItems.insert(indexPath)
        store.cells[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the item at `indexPath`. The delegate is not told.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard selectedItems.remove(indexPath) != nil else { return }
        store.cells[indexPath]?.isSelected = false
    }

    /// Whether `path` names an item; one that does not is reported, naming `call`.
    func checkedItem(_ path: IndexPath, _ call: String) -> Bool {
        loadCountsIfNeeded()
        if isValid(path) { return true }
        reportCollectionProblem("\(call): \(path.tableDescription) is not an item (there are \(itemCounts.count) sections"
            + (path.count == 2 && path.section >= 0 && path.section < itemCounts.count
               ? ", and \(itemCounts[path.section]) items in section \(path.section)" : "") + "); nothing is done.")
        return false
    }

    // MARK: Touches

    func itemTouchesBegan(_ touches: Set<UITouch>) {
        guard touchedItem == nil, let touch = touches.first else { return }
        // A finger down anywhere but on the buttons closes an open row's swipe actions,
        // and does nothing more (the tap that closes them selects nothing, as in UIKit).
        if closeSwipeActions(except: touch) { return }
        guard let path = indexPathOfCellShown(at: touch.location(in: self)), let cell = store.cells[path],
              selectsByTouch || outlineHeader(cell) != nil || popUpMenu(cell) != nil else { return }
        touchedItem = TouchedItem(indexPath: path, touch: touch)
        setHighlight(true, at: path)
    }

    /// The item whose cell shows at `point` (the collection view's coordinates), as a
    /// finger finds it: the frontmost cell that takes touches there, with the transform,
    /// alpha and visibility it has on screen (a card a visible items handler shrank is
    /// touched where it is drawn, not across the frame the layout gave it); nil over no
    /// cell. (The layout's ``indexPathForItem(at:)`` answers from the frames.)
    func indexPathOfCellShown(at point: CGPoint) -> IndexPath? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        var best: (path: IndexPath, z: CGFloat, order: Int)?
        for (path, cell) in store.cells where cell.superview === self && !cell.isHidden && cell.alpha >= 0.01
            && cell.isUserInteractionEnabled && cell.point(inside: cell.convert(point, from: self), with: nil) {
            let z = cell.layer.zPosition, order = subviews.lastIndex { $0 === cell } ?? 0
            if best.map({ z > $0.z || z == $0.z && order > $0.order }) ?? true { best = (path, z, order) }
        }
        return best?.path
    }

    func itemTouchesMoved(_ touches: Set<UITouch>) {
        guard let touched = touchedItem, touches.contains(where: { $0 === touched.touch }) else { return }
        let inside = store.cells[touched.indexPath].map { $0.bounds.contains(touched.touch.location(in: $0)) } ?? false
        if inside != touched.isHighlighted { setHighlight(inside, at: touched.indexPath) }
    }

    func itemTouchesEnded(_ touches: Set<UITouch>) {
        guard let touched = touchedItem, touches.contains(where: { $0 === touched.touch }) else { return }
        touchedItem = nil
        let inside = store.cells[touched.indexPath].map { $0.bounds.contains(touched.touch.location(in: $0)) } ?? false
        let highlighted = touched.isHighlighted
        setHighlight(false, at: touched.indexPath)
        // An item the delegate would not highlight is not selected either, as in UIKit.
        guard inside && highlighted, let cell = store.cells[touched.indexPath] else { return }
        // A header-style outline item expands or collapses instead of being selected.
        if let (list, outline) = outlineHeader(cell) {
            list.runOutlineAction(outline)
        } else if let (list, popUp) = popUpMenu(cell) {
            // A pop-up menu accessory shows its menu instead.
            list.showPopUpMenu(popUp)
        } else if selectsByTouch {
            selectByUser(touched.indexPath)
        }
    }

    /// The list cell and its outline disclosure, when a tap anywhere on `cell` expands or
    /// collapses its item (the disclosure's `.header` style).
    private func outlineHeader(_ cell: UICollectionViewCell) -> (UICollectionViewListCell, UICellAccessory)? {
        guard let list = cell as? UICollectionViewListCell, let outline = list.headerOutlineAccessory else { return nil }
        return (list, outline)
    }

    /// The list cell and its pop-up menu accessory, when a tap anywhere on `cell` shows a menu.
    private func popUpMenu(_ cell: UICollectionViewCell) -> (UICollectionViewListCell, UICollectionViewListCell.ShownAccessory)? {
        guard let list = cell as? UICollectionViewListCell, let popUp = list.popUpMenuAccessory else { return nil }
        return (list, popUp)
    }

    func itemTouchesCancelled(_ touches: Set<UITouch>) {
        guard let touched = touchedItem, touches.contains(where: { $0 === touched.touch }) else { return }
        touchedItem = nil
        setHighlight(false, at: touched.indexPath)
    }

    /// Closes the swipe actions of every list row that has them open, unless `touch` is on
    /// their buttons; whether any closed.
    private func closeSwipeActions(except touch: UITouch) -> Bool {
        var closed = false
        for cell in store.cells.values {
            guard let row = cell as? UICollectionViewListCell, let buttons = row.openSwipeActionsView else { continue }
            if let view = touch.view, view.isDescendant(of: buttons) { continue }
            row.closeSwipe(animated: true)
            closed = true
        }
        return closed
    }

    /// Lets go of the item under the finger without selecting it (a context menu took the press).
    func cancelItemTouch() {
        guard let touched = touchedItem else { return }
        touchedItem = nil
        setHighlight(false, at: touched.indexPath)
    }

    private func setHighlight(_ on: Bool, at path: IndexPath) {
        guard let cell = store.cells[path] else { return }
        if on {
            guard collectionDelegate?.collectionView(self, shouldHighlightItemAt: path) ?? true else { return }
            touchedItem?.isHighlighted = true
            cell.isHighlighted = true
            collectionDelegate?.collectionView(self, didHighlightItemAt: path)
        } else if cell.isHighlighted {
            touchedItem?.isHighlighted = false
            cell.isHighlighted = false
            collectionDelegate?.collectionView(self, didUnhighlightItemAt: path)
        }
    }

    /// What a tap on an item does: select it, or in multiple selection toggle it; the
    /// item selected before (single selection) is deselected and the delegate told. Then
    /// the item's primary action, unless the tap extended a selection (in multiple
    /// selection, with items selected already).
    func selectByUser(_ path: IndexPath) {
        let delegate = collectionDelegate
        let several = selectsSeveralByTouch
        let extending = several && !selectedItems.isEmpty
        if several && selectedItems.contains(path) {
            guard delegate?.collectionView(self, shouldDeselectItemAt: path) ?? true else { return }
            deselectItem(at: path, animated: true)
            delegate?.collectionView(self, didDeselectItemAt: path)
            return
        }
        guard delegate?.collectionView(self, shouldSelectItemAt: path) ?? true else {
            // Refused: the selection stays, and the tap is still the item's primary action.
            if !extending { performPrimaryAction(at: path) }
            return
        }
        if !several {
            for other in selectedItems.sorted() where other != path {
                deselectItem(at: other, animated: true)
                delegate?.collectionView(self, didDeselectItemAt: other)
            }
        }
        selectedItems.insert(path)
        store.cells[path]?.isSelected = true
        delegate?.collectionView(self, didSelectItemAt: path)
        if let cell = store.cells[path], let segue = cell.selectionSegue { InterfaceBuilder.trigger(segue, sender: cell) }
        if !extending { performPrimaryAction(at: path) }
    }

    /// A tap's primary action on the item (iOS 16), when the delegate allows it: a tap
    /// that selects one item without extending a selection.
    private func performPrimaryAction(at path: IndexPath) {
        guard let delegate = collectionDelegate, path.section < numberOfSections, path.item < numberOfItems(inSection: path.section),
              delegate.collectionView(self, canPerformPrimaryActionForItemAt: path) else { return }
        delegate.collectionView(self, performPrimaryActionForItemAt: path)
    }
}
