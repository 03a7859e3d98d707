import Foundation
import TabulaUIKit
import TabulaCore

/// What the table is in the middle of, besides scrolling: one of these at a time.
struct InteractionState {
    /// The row whose red Delete button is showing.
    var deleteConfirmationRow: IndexPath?
    var reorder: ReorderState?
    var swipe: SwipeState?
    var menu: MenuState?
    /// The row and actions a long press found, asked once as the press began.
    var menuCandidate: (indexPath: IndexPath, actions: [(title: String, action: Selector)])?
    /// The row whose context menu shows, and the menu.
    var contextMenu: ContextMenuState?
    /// The row and context menu configuration a long press found, asked once as the press began.
    var contextMenuCandidate: (indexPath: IndexPath, configuration: UIContextMenuConfiguration)?
    /// The row the arrow keys have reached.
    var focusedRow: IndexPath?
}

extension UITableView {
    /// A row swiped open or closed, picked up or put down by its reorder control, or
    /// reached by the arrow keys changes its cell's configuration state.
    func interactionDidChange(from old: InteractionState) {
        if old.swipe?.cell !== interaction.swipe?.cell {
            old.swipe?.cell.setNeedsUpdateConfiguration()
            interaction.swipe?.cell.setNeedsUpdateConfiguration()
        }
        if old.reorder?.cell !== interaction.reorder?.cell {
            old.reorder?.cell.setNeedsUpdateConfiguration()
            interaction.reorder?.cell.setNeedsUpdateConfiguration()
        }
        if old.focusedRow != interaction.focusedRow {
            for row in [old.focusedRow, interaction.focusedRow].compactMap({ $0 }) {
                store.visible[row]?.setNeedsUpdateConfiguration()
            }
        }
    }
}

/// A row being dragged by its reorder control.
struct ReorderState {
    let source: IndexPath
    var target: IndexPath
    let cell: UITableViewCell
    /// The finger's distance from the cell's top when it grabbed the control.
    let grabOffset: CGFloat
    let height: CGFloat
    /// The shadow beneath the lifted row, following it (``UITableView/liftShadow(under:)``).
    let shadow: UIView
}

/// The shadow beneath a row lifted by its reorder control (``UITableView/liftShadow(under:)``),
/// until it has faded out after the drop: a view of the table's own, which no reordering
/// of the subviews raises over the row.
final class ReorderShadowView: UIView {}

/// Editing mode: controls, delete confirmation and live reordering.
extension UITableView {
    func changeEditing(_ editing: Bool, animated: Bool) {
        guard editing != editingState else { return }
        dismissAllTransientUI(animated: animated)
        editingState = editing
        // Selection does not carry across the change of mode (UIKit clears it).
        for row in selectedRows.sorted() { deselectRow(at: row, animated: false) }
        if updates.depth > 0 {
            updates.pending.editingChanged = true
            return
        }
        refreshEditing(animated: animated && UIView.areAnimationsEnabled)
    }

    /// Asks the editing questions again for every row on screen and moves the cells to match.
    func refreshEditing(animated: Bool) {
        for (indexPath, cell) in store.visible { configureEditing(of: cell, at: indexPath, animated: animated) }
    }

    /// The table's answers for one row: its editing control, indentation and reorder control.
    func configureEditing(of cell: UITableViewCell, at indexPath: IndexPath, animated: Bool) {
        let editing = editingState
        let editable = editing && (dataSource?.tableView(self, canEditRowAt: indexPath) ?? false)
        let kind: EditingControlKind
        if !editable {
            kind = .none
        } else if allowsMultipleSelectionDuringEditing {
            kind = .multipleSelection
        } else {
            switch tableDelegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete {
            case .none: kind = .none
            case .delete: kind = .delete
            case .insert: kind = .insert
            }
        }
        let indents = tableDelegate?.tableView(self, shouldIndentWhileEditingRowAt: indexPath) ?? true
        let reorders = editing && (dataSource?.tableView(self, canMoveRowAt: indexPath) ?? false)
        cell.usesMultipleSelectionBackground = multipleSelectionNow
        if animated && cell.editingControlKind != kind && cell.isEditing && editing {
            // A style that changes while editing (asked again at endUpdates) slides too.
            cell.configureEditing(control: kind, indents: indents, reorders: reorders, editable: editable)
            UIView.animate(withDuration: UITableViewCell.editingAnimationDuration) { cell.layoutIfNeeded() }
        } else {
            cell.configureEditing(control: kind, indents: indents, reorders: reorders, editable: editable)
        }
        cell.setEditing(editing, animated: animated)
    }

    // MARK: Delete and insert controls

    /// The red minus shows the Delete button (tapped again, hides it); the green plus commits an insert.
    func editingControlTapped(in cell: UITableViewCell) {
        guard let indexPath = indexPath(for: cell) else { return }
        switch cell.editingControlKind {
        case .delete:
            if interaction.deleteConfirmationRow == indexPath {
                hideDeleteConfirmation(animated: true)
            } else {
                hideDeleteConfirmation(animated: true)
                interaction.deleteConfirmationRow = indexPath
                let title = tableDelegate?.tableView(self, titleForDeleteConfirmationButtonForRowAt: indexPath) ?? "Delete"
                cell.showDeleteConfirmation(title: title, animated: true)
            }
        case .insert:
            dataSource?.tableView(self, commit: .insert, forRowAt: indexPath)
        case .none, .multipleSelection:
            break
        }
    }

    /// The Delete button was tapped: the data source commits the deletion (and is
    /// expected to delete the row from its model and the table).
    func commitDeletion(in cell: UITableViewCell) {
        guard let indexPath = indexPath(for: cell) else { return }
        interaction.deleteConfirmationRow = nil
        cell.hideDeleteConfirmation(animated: false)
        dataSource?.tableView(self, commit: .delete, forRowAt: indexPath)
    }

    func hideDeleteConfirmation(animated: Bool) {
        guard let row = interaction.deleteConfirmationRow else { return }
        interaction.deleteConfirmationRow = nil
        store.visible[row]?.hideDeleteConfirmation(animated: animated)
    }

    // MARK: Reordering

    /// The reorder control's recognizer: the row follows the finger, the rows it passes
    /// slide out of its way, and on release the data source's `moveRowAt` is called and
    /// the row settles into its new place.
    func handleReorder(_ press: UILongPressGestureRecognizer, cell: UITableViewCell) {
        switch press.state {
        case .began:
            guard interaction.reorder == nil, let source = indexPath(for: cell) else { return }
            let grab = press.location(in: self).y - cell.frame.minY
            bringSubviewToFront(cell)
            let shadow = liftShadow(under: cell)
            interaction.reorder = ReorderState(source: source, target: source, cell: cell, grabOffset: grab,
                                               height: cell.frame.height, shadow: shadow)
        case .changed:
            guard var reorder = interaction.reorder else { return }
            let top = press.location(in: self).y - reorder.grabOffset
            let clamped = min(max(top, 0), max(0, contentSize.height - reorder.height))
            cell.frame.origin.y = clamped
            reorder.shadow.frame = cell.frame
            let proposed = proposedDestination(forCenterY: clamped + reorder.height / 2, reorder)
            let target = tableDelegate?.tableView(self, targetIndexPathForMoveFromRowAt: reorder.source,
                                                  toProposedIndexPath: proposed) ?? proposed
            if target != reorder.target, validMoveDestination(target, from: reorder.source) {
                reorder.target = target
                interaction.reorder = reorder
                UIView.animate(withDuration: 0.2) { self.placeReorderedRows() }
            }
        case .ended, .cancelled:
            finishReorder(commit: press.state == .ended)
        default:
            break
        }
    }

    /// The row under the dragged row's centre, in the order before the move.
    private func proposedDestination(forCenterY y: CGFloat, _ reorder: ReorderState) -> IndexPath {
        guard let over = indexPathForRow(at: CGPoint(x: bounds.midX, y: y)) else {
            let last = numberOfSections - 1
            return y <= 0 ? IndexPath(row: 0, section: 0)
                          : IndexPath(row: max(0, numberOfRows(inSection: last) - 1), section: last)
        }
        // Moving within the source's section or into another: a row index in the final order.
        if over.section != reorder.source.section {
            let rect = rectForRow(at: over)
            return y > rect.midY ? IndexPath(row: over.row + 1, section: over.section) : over
        }
        return over
    }

    private func validMoveDestination(_ target: IndexPath, from source: IndexPath) -> Bool {
        guard target.section >= 0, target.section < numberOfSections else { return false }
        let extra = target.section == source.section ? 0 : 1
        return target.row >= 0 && target.row < numberOfRows(inSection: target.section) + extra
    }

    /// How far a row on screen is displaced while another is being dragged: rows between
    /// the source and the target step over by the dragged row's height.
    func reorderShift(for indexPath: IndexPath) -> CGFloat {
        guard let reorder = interaction.reorder, indexPath != reorder.source else { return 0 }
        let source = reorder.source, target = reorder.target
        if target.section == source.section {
            if indexPath.section != source.section { return 0 }
            if target > source, indexPath > source, indexPath <= target { return -reorder.height }
            if target < source, indexPath < source, indexPath >= target { return reorder.height }
            return 0
        }
        var shift: CGFloat = 0
        if indexPath.section == source.section, indexPath.row > source.row { shift -= reorder.height }
        if indexPath.section == target.section, indexPath.row >= target.row { shift += reorder.height }
        return shift
    }

    /// Puts every row on screen but the dragged one where the drag has it now.
    func placeReorderedRows() {
        guard let reorder = interaction.reorder else { return }
        for (indexPath, cell) in store.visible where cell !== reorder.cell {
            var frame = cellFrame(row: indexPath.row, section: indexPath.section)
            frame.origin.y += reorderShift(for: indexPath)
            cell.frame = frame
        }
    }

    private func finishReorder(commit: Bool) {
        guard let reorder = interaction.reorder else { return }
        interaction.reorder = nil
        guard commit, reorder.target != reorder.source else {
            UIView.animate(withDuration: 0.2) {
                for (indexPath, cell) in self.store.visible {
                    cell.frame = self.cellFrame(row: indexPath.row, section: indexPath.section)
                }
            }
            settle(reorder.shadow, at: rectForRow(at: reorder.source))
            return
        }
        dataSource?.tableView(self, moveRowAt: reorder.source, to: reorder.target)
        // The data source has moved the row in its model: the table moves it too, and
        // the rows slide from where the drag left them.
        beginUpdates()
        moveRow(at: reorder.source, to: reorder.target)
        endUpdates()
        settle(reorder.shadow, at: rectForRow(at: reorder.target))
    }

    /// A shadow beneath `cell`, which its reorder control lifts above the other rows: as
    /// in UIKit, the row stays opaque and is raised while it moves, its shadow darkening
    /// the rows around it. The shadow is the outline of the row (rounded in inset-grouped
    /// sections), blurred, in a view of its own just below the cell: a cell of a rounded
    /// group clips to its bounds, which would clip a shadow of its own layer away.
    func liftShadow(under cell: UITableViewCell) -> UIView {
        let shadow = ReorderShadowView(frame: cell.frame)
        shadow.isUserInteractionEnabled = false
        let radius = style == .insetGrouped ? Self.groupCornerRadius : 0
        shadow.layer.shadowPath = UIBezierPath(roundedRect: CGRect(origin: .zero, size: cell.frame.size),
                                               cornerRadius: radius).cgPath
        shadow.layer.shadowColor = UIColor.black.cgColor
        shadow.layer.shadowOpacity = Self.liftShadowOpacity
        shadow.layer.shadowRadius = 8
        shadow.layer.shadowOffset = CGSize(width: 0, height: 2)
        insertSubview(shadow, belowSubview: cell)
        return shadow
    }

    /// How dark the shadow beneath a lifted row is.
    static let liftShadowOpacity: Float = 0.2

    /// The lifted row is put down: its shadow goes with it to `rect`, fading out, and leaves.
    private func settle(_ shadow: UIView, at rect: CGRect) {
        UIView.animate(withDuration: 0.25, animations: {
            shadow.frame = rect
            shadow.alpha = 0
        }, completion: { _ in shadow.removeFromSuperview() })
    }

    // MARK: Dismissing

    /// Closes the delete confirmation, open swipe actions and the menu.
    func dismissAllTransientUI(animated: Bool) {
        hideDeleteConfirmation(animated: animated)
        closeSwipe(animated: animated)
        hideMenu(deselecting: true)
    }
}
