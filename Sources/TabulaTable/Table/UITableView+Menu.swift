import Foundation
import TabulaUIKit

/// The row whose menu is showing.
struct MenuState {
    let indexPath: IndexPath
}

/// The cell menu of WWDC 2011, What's New in Table Views: a long press asks `shouldShowMenuForRowAt`, then
/// `canPerformAction` for each action; the row is selected while the menu shows;
/// choosing an item calls `performAction`, then the menu goes and the row is deselected.
extension UITableView {
    func menuShouldBegin(_ press: UILongPressGestureRecognizer) -> Bool {
        guard interaction.menu == nil, interaction.contextMenu == nil, interaction.reorder == nil,
              interaction.swipe == nil, let indexPath = indexPathForRow(at: press.location(in: self)) else { return false }
        let draggable = dragShouldBegin(at: indexPath)
        if contextMenuShouldBegin(press, at: indexPath) || draggable { return true }
        guard tableDelegate?.tableView(self, shouldShowMenuForRowAt: indexPath) ?? false else { return false }
        let actions = menuActions(for: indexPath)
        interaction.menuCandidate = actions.isEmpty ? nil : (indexPath, actions)
        return !actions.isEmpty
    }

    /// The actions the delegate accepts for a row, standard ones first.
    func menuActions(for indexPath: IndexPath) -> [(title: String, action: Selector)] {
        let custom = (UIMenuController.shared.menuItems ?? []).map { ($0.title, $0.action) }
        let standard = Selector.standardEditActions.map { (UIMenuController.title(of: $0) ?? $0.name, $0) }
        return (standard + custom).filter { _, action in
            tableDelegate?.tableView(self, canPerformAction: action, forRowAt: indexPath, withSender: nil) ?? false
        }
    }

    func handleMenuPress(_ press: UILongPressGestureRecognizer) {
        if handleDragPress(press) { return }
        if press.state == .began, interaction.contextMenuCandidate != nil {
            presentContextMenuCandidate()
            return
        }
        guard press.state == .began, let (indexPath, actions) = interaction.menuCandidate else { return }
        interaction.menuCandidate = nil
        selectRow(at: indexPath, animated: false, scrollPosition: .none)
        interaction.menu = MenuState(indexPath: indexPath)
        UIMenuController.shared.present(actions, pointingAt: rectForRow(at: indexPath), in: self, choose: { [weak self] action in
            guard let self else { return }
            self.tableDelegate?.tableView(self, performAction: action, forRowAt: indexPath, withSender: nil)
        }, onHide: { [weak self] in
            self?.menuDidHide()
        })
    }

    private func menuDidHide() {
        guard let menu = interaction.menu else { return }
        interaction.menu = nil
        deselectRow(at: menu.indexPath, animated: true)
    }

    /// Hides this table's menu, if it shows one.
    func hideMenu(deselecting: Bool) {
        guard interaction.menu != nil else { return }
        UIMenuController.shared.hideMenu()
    }
}
