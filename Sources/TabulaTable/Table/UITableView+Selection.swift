import Foundation
import TabulaUIKit

/// The selected rows: kept by the table, shown by the cells on screen. (Touches select
/// and highlight rows in UITableView+Touches.swift.)
extension UITableView {
    /// The selected row (the first, when several are).
    public var indexPathForSelectedRow: IndexPath? { selectedRows.min() }

    /// The selected rows in order, or nil when none is.
    public var indexPathsForSelectedRows: [IndexPath]? {
        selectedRows.isEmpty ? nil : selectedRows.sorted()
    }

    /// Selects a row without calling the delegate, as UIKit does, and scrolls to it.
    /// Without multiple selection, any other selected row is deselected.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for row in selectedRows { deselectRow(at: row, animated: animated) }
            return
        }
        guard validIndexPath(indexPath, "selectRow(at:animated:scrollPosition:)") else { return }
        let multiple = isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection
        if !multiple {
            for row in selectedRows where row != indexPath { deselectRow(at: row, animated: animated) }
        }
        selectedRows.insert(indexPath)
        store.visible[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row without calling the delegate.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard selectedRows.remove(indexPath) != nil else { return }
        store.visible[indexPath]?.setSelected(false, animated: animated)
    }
}
