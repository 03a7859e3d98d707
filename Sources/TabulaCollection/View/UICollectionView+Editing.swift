import Foundation
import TabulaUIKit

/// Editing mode (iOS 14): the collection view tells each cell whether its item is being
/// edited — on screen at once, animated when it can be; dequeued cells, from the pool or
/// new, as they are handed out — and the list cells show their editing accessories.
/// While editing, taps select only with ``allowsSelectionDuringEditing``.
extension UICollectionView {
    func editingDidChange() {
        let animated = window != nil && UIView.areAnimationsEnabled
        for (path, cell) in store.cells.inKeyOrder {
            cell.setEditingItem(editsItem(at: path), animated: animated)
        }
        // The accessories change the room the content has: self-sizing rows are measured again.
        currentLayout.measurementsExpired()
        setNeedsLayout()
    }

    /// Whether the item at `path` shows as editing now.
    func editsItem(at path: IndexPath) -> Bool {
        isEditing && (collectionDelegate?.collectionView(self, canEditItemAt: path) ?? true)
    }

    /// Gives a cell being handed out for `path` the collection view's editing and outline
    /// state, without animation.
    func prepareItemState(of cell: UICollectionViewCell, at path: IndexPath) {
        let editing = editsItem(at: path), expanded = outlineIsExpanded(at: path)
        guard editing != cell.isEditingItem || expanded != cell.isExpandedItem else { return }
        UIView.performWithoutAnimation {
            cell.setEditingItem(editing, animated: false)
            cell.setExpandedItem(expanded, animated: false)
        }
    }

    /// Whether taps select items now (``allowsSelection``, or while editing
    /// ``allowsSelectionDuringEditing``).
    var selectsByTouch: Bool { isEditing ? allowsSelectionDuringEditing : allowsSelection }
    /// Whether taps toggle items in a selection of several now.
    var selectsSeveralByTouch: Bool { isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection }
}
