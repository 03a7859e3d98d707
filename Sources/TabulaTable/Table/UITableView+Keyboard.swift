import Foundation
import TabulaUIKit

/// A hardware keyboard on a table: the arrow keys move a focus from row to row (shown
/// highlighted, scrolled into view), return selects the focused row as a tap would,
/// and escape closes what is open — a menu, swipe actions, a delete confirmation — or
/// else ends editing. With ``selectionFollowsFocus`` the arrows select as they move.
extension UITableView {
    func handleKey(_ key: UIKey) -> Bool {
        switch key.keyCode {
        case .keyboardDownArrow: moveFocus(by: 1)
        case .keyboardUpArrow: moveFocus(by: -1)
        case .keyboardReturnOrEnter, .keyboardSpacebar:
            guard let row = interaction.focusedRow ?? indexPathForSelectedRow else { return false }
            selectRowByUser(row)
        case .keyboardEscape:
            if interaction.menu != nil || interaction.swipe != nil || interaction.deleteConfirmationRow != nil {
                dismissAllTransientUI(animated: true)
            } else if editingState {
                setEditing(false, animated: true)
            } else {
                return false
            }
        default:
            return false
        }
        return true
    }

    /// Moves the focus `step` rows on, across sections, stopping at the ends.
    private func moveFocus(by step: Int) {
        let current = interaction.focusedRow ?? indexPathForSelectedRow
        guard let next = current.map({ row(after: $0, step: step) }) ?? firstRow() else { return }
        setFocus(next)
    }

    private func firstRow() -> IndexPath? {
        (0 ..< numberOfSections).first { numberOfRows(inSection: $0) > 0 }.map { IndexPath(row: 0, section: $0) }
    }

    private func row(after indexPath: IndexPath, step: Int) -> IndexPath? {
        var section = indexPath.section, row = indexPath.row + step
        while section >= 0 && section < numberOfSections {
            let count = numberOfRows(inSection: section)
            if row >= 0 && row < count { return IndexPath(row: row, section: section) }
            section += step
            guard section >= 0 && section < numberOfSections else { break }
            row = step > 0 ? 0 : numberOfRows(inSection: section) - 1
        }
        return nil
    }

    private func setFocus(_ indexPath: IndexPath) {
        if let old = interaction.focusedRow, old != indexPath, let cell = store.visible[old], cell.isHighlighted {
            cell.setHighlighted(false, animated: false)
        }
        interaction.focusedRow = indexPath
        scrollToRow(at: indexPath, at: .none, animated: false)
        layoutIfNeeded()
        if selectionFollowsFocus {
            selectRowByUser(indexPath)
        } else {
            store.visible[indexPath]?.setHighlighted(true, animated: false)
        }
    }
}
