import Foundation
import TabulaUIKit

/// What the table does with the cell `cellForRowAt` returns, whoever asked for it (the
/// tiling, the re-measuring of an update, a reconfiguration).
///
/// A data source should dequeue, but some keep their cells (by index path, say) and
/// hand back one the table is still animating out: a deleted or reloaded row's, or one
/// sliding off screen for a row that moved away. UIKit shows such a cell for the row it
/// was asked for; so does the table, after taking it back from its animation (and
/// reporting it, `.cellReusedWhileVisible`, as a hint to dequeue). A cell on screen or
/// measured for another row cannot show two rows: that is refused.
extension UITableView {
    /// Takes `cell`, returned for `indexPath`, off whatever animation still holds it.
    /// Returns the other row it is on screen or prepared for (then nothing changed and
    /// the caller refuses it), or nil when the cell may now be prepared for `indexPath`.
    func takeReturnedCell(_ cell: UITableViewCell, for indexPath: IndexPath) -> IndexPath? {
        if let other = store.owners[ObjectKey(cell)], other != indexPath {
            guard store.sliding.contains(ObjectKey(cell)) else { return other }
            // Sliding off screen for a row it no longer needs to show: the slide ends here.
            updateAnimator.stopLeaving(cell)
            cell.layer.removeAllAnimations()
            store.endSliding(cell)
            UIView.performWithoutAnimation { cell.alpha = 1 }
            reportLeavingCellReturned(for: indexPath, leaving: "sliding off screen for row \(other.row) in section \(other.section)")
            return nil
        }
        if reclaimLeavingCell(cell) {
            reportLeavingCellReturned(for: indexPath, leaving: "animating out of the table (a deleted or reloaded row's)")
        }
        return nil
    }

    /// Takes a header or footer view the delegate hands out again back from its leave
    /// animation, if it is leaving: it shows the section it was asked for, opaque, and
    /// nothing removes it when that animation would have ended.
    func reclaimLeavingSupplement(_ view: UIView) {
        guard store.isLeaving(view) else { return }
        updateAnimator.stopLeaving(view)
        view.layer.removeAllAnimations()
        UIView.performWithoutAnimation { view.alpha = 1 }
    }

    private func reportLeavingCellReturned(for indexPath: IndexPath, leaving: String) {
        report(.init(.cellReusedWhileVisible,
            "tableView(_:cellForRowAt:) returned for row \(indexPath.row) in section \(indexPath.section) a cell that "
            + "is still \(leaving); a cell the table is done with comes back through dequeueReusableCell. The cell "
            + "stops leaving and shows the row."))
    }

    /// Takes `cell` back from the views animating out, if it is one: its leave
    /// animation (and any veil over it) ends now, and nothing will remove it when the
    /// animation would have ended. Returns whether it was leaving.
    func reclaimLeavingCell(_ cell: UITableViewCell) -> Bool {
        let wasLeaving = store.endLeaving(cell)
        guard updateAnimator.stopLeaving(cell, veils: true) else {
            // Leaving, but its animation not begun yet (an update is laying out).
            if wasLeaving { UIView.performWithoutAnimation { cell.alpha = 1 } }
            return wasLeaving
        }
        cell.layer.removeAllAnimations()
        UIView.performWithoutAnimation { cell.alpha = 1 }
        return true
    }
}
