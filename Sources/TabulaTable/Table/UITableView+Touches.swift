import Foundation
import TabulaUIKit
import TabulaCore

/// Selecting rows with a finger, as WWDC 2009, Perfecting Your iPhone Table Views describes: the row highlights while the
/// finger is on it (after the scroll view's short delay, so a drag never highlights),
/// and is selected when the finger lifts over it — through `willSelectRowAt`, which may
/// redirect or refuse, and `didSelectRowAt`. The selection persists until deselected.
extension UITableView {
    /// Whether a touch may select rows now (``allowsSelection``, or during editing
    /// ``allowsSelectionDuringEditing``; multiple selection implies selection).
    var selectionAllowedNow: Bool {
        isEditing ? (allowsSelectionDuringEditing || allowsMultipleSelectionDuringEditing)
                  : (allowsSelection || allowsMultipleSelection)
    }

    /// Whether several rows may be selected now.
    var multipleSelectionNow: Bool {
        isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection
    }

    func selectionModeChanged() {
        for cell in store.visible.values { cell.usesMultipleSelectionBackground = multipleSelectionNow }
    }

    func rowTouchesBegan(_ touches: Set<UITouch>) {
        guard touchedRow == nil, let touch = touches.first else { return }
        if dismissTransientUI(for: touch) { return }
        guard selectionAllowedNow, let indexPath = indexPathForRow(at: touch.location(in: self)),
              store.visible[indexPath] != nil else { return }
        touchedRow = TouchedRow(indexPath: indexPath, touch: touch)
        highlightRow(at: indexPath)
    }

    func rowTouchesMoved(_ touches: Set<UITouch>) {
        guard let touched = touchedRow, touches.contains(touched.touch) else { return }
        let inside = rectForRow(at: touched.indexPath).contains(touched.touch.location(in: self))
        if inside != touched.isHighlighted {
            if inside { highlightRow(at: touched.indexPath) } else { unhighlightRow(at: touched.indexPath) }
        }
    }

    func rowTouchesEnded(_ touches: Set<UITouch>) {
        guard let touched = touchedRow, touches.contains(touched.touch) else { return }
        touchedRow = nil
        let inside = rectForRow(at: touched.indexPath).contains(touched.touch.location(in: self))
        unhighlightRow(at: touched.indexPath)
        if inside { selectRowByUser(touched.indexPath) }
    }

    func rowTouchesCancelled(_ touches: Set<UITouch>) {
        guard let touched = touchedRow, touches.contains(touched.touch) else { return }
        touchedRow = nil
        unhighlightRow(at: touched.indexPath)
    }

    /// The row under a resting finger follows an update to its new index path (the lift
    /// then tests and selects that row, not whichever row took its old index path, or
    /// one that no longer exists); a deleted row is no longer touched, and its lift
    /// selects nothing.
    func remapTouchedRow(_ plan: UpdatePlan) {
        guard let touched = touchedRow else { return }
        if let new = plan.fate(ofRow: touched.indexPath).newIndexPath {
            touchedRow?.indexPath = new
        } else {
            touchedRow = nil
        }
    }

    private func highlightRow(at indexPath: IndexPath) {
        guard tableDelegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true,
              let cell = store.visible[indexPath] else { return }
        touchedRow?.isHighlighted = true
        cell.setHighlighted(true, animated: false)
        tableDelegate?.tableView(self, didHighlightRowAt: indexPath)
    }

    private func unhighlightRow(at indexPath: IndexPath) {
        guard touchedRow?.isHighlighted ?? true, let cell = store.visible[indexPath],
              cell.isHighlighted else { return }
        touchedRow?.isHighlighted = false
        cell.setHighlighted(false, animated: false)
        tableDelegate?.tableView(self, didUnhighlightRowAt: indexPath)
    }

    /// What a tap on a row does: select it (asking the delegate), or in multiple
    /// selection toggle it; then perform its primary action, unless the tap extended a
    /// selection (in multiple selection, with rows selected already).
    func selectRowByUser(_ indexPath: IndexPath) {
        guard selectionAllowedNow, validIndexPath(indexPath, "selecting a row") else { return }
        let delegate = tableDelegate
        let extending = multipleSelectionNow && !selectedRows.isEmpty
        if multipleSelectionNow && selectedRows.contains(indexPath) {
            deselectRowByUser(indexPath)
            return
        }
        guard let target = delegate.map({ $0.tableView(self, willSelectRowAt: indexPath) }) ?? indexPath else {
            // Refused: the selection stays, and the tap is still the row's primary action.
            if !extending { performPrimaryAction(at: indexPath) }
            return
        }
        guard validIndexPath(target, "the row willSelectRowAt returned") else { return }
        if !multipleSelectionNow {
            for row in selectedRows.sorted() where row != target { deselectRowByUser(row) }
        }
        selectedRows.insert(target)
        store.visible[target]?.setSelected(true, animated: false)
        delegate?.tableView(self, didSelectRowAt: target)
        triggerSelectionSegue(at: target)
        if !extending { performPrimaryAction(at: indexPath) }
    }

    /// A tap's primary action on the row (iOS 16), when the delegate allows it: a tap
    /// that selects one row without extending a selection ("A primary action occurs when a
    /// person selects a single row without extending an existing selection").
    private func performPrimaryAction(at indexPath: IndexPath) {
        guard let delegate = tableDelegate, validIndexPath(indexPath, "a primary action"),
              delegate.tableView(self, canPerformPrimaryActionForRowAt: indexPath) else { return }
        delegate.tableView(self, performPrimaryActionForRowAt: indexPath)
    }

    /// Deselects a row as the user does: through willDeselectRowAt and didDeselectRowAt.
    func deselectRowByUser(_ indexPath: IndexPath) {
        let delegate = tableDelegate
        guard let target = delegate.map({ $0.tableView(self, willDeselectRowAt: indexPath) }) ?? indexPath,
              selectedRows.contains(target) else { return }
        deselectRow(at: target, animated: false)
        delegate?.tableView(self, didDeselectRowAt: target)
    }
}

/// The row under the finger that went down on the table.
struct TouchedRow {
    var indexPath: IndexPath
    let touch: UITouch
    var isHighlighted = false
}
