import Foundation
import TabulaUIKit

/// Things a table shows for a moment — a delete confirmation, open swipe actions — go
/// away when a finger comes down anywhere else on the table; that touch does nothing
/// more (UIKit's behaviour: the tap that closes them selects nothing).
extension UITableView {
    /// Closes what is open; returns whether anything was (the touch is then used up).
    func dismissTransientUI(for touch: UITouch) -> Bool {
        var dismissed = false
        if let row = interaction.deleteConfirmationRow,
           !(store.visible[row]?.deleteConfirmation.map { touch.view?.isDescendant(of: $0) ?? false } ?? false) {
            hideDeleteConfirmation(animated: true)
            dismissed = true
        }
        if interaction.swipe != nil {
            closeSwipe(animated: true)
            dismissed = true
        }
        return dismissed
    }
}
