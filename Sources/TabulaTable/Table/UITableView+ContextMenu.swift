import Foundation
import TabulaUIKit

/// The row whose context menu shows.
struct ContextMenuState {
    let indexPath: IndexPath
    weak var presentation: ContextMenuPresentation?
}

/// Context menus on rows (iOS 13 and later): a long press asks the delegate's
/// `contextMenuConfigurationForRowAt`; for a configuration the row lifts and its menu
/// shows (``ContextMenuPresentation``). The row is not selected, before, during or after.
extension UITableView {
    /// Asks the delegate for the row's configuration as a long press begins; keeps it.
    func contextMenuShouldBegin(_ press: UILongPressGestureRecognizer, at indexPath: IndexPath) -> Bool {
        guard !editingState, let delegate = tableDelegate,
              let configuration = delegate.tableView(self, contextMenuConfigurationForRowAt: indexPath,
                                                     point: press.location(in: self)) else { return false }
        interaction.contextMenuCandidate = (indexPath, configuration)
        return true
    }

    /// Shows the menu the long press found: the row's cell lifts out of the blurred table.
    func presentContextMenuCandidate() {
        guard let (indexPath, configuration) = interaction.contextMenuCandidate else { return }
        interaction.contextMenuCandidate = nil
        guard let cell = cellForRow(at: indexPath) else { return }
        // The lifted picture shows the row as it rests, not pressed.
        if cell.isHighlighted { cell.setHighlighted(false, animated: false) }
        var hooks = ContextMenuPresentation.Hooks()
        hooks.willDisplay = { [weak self] animator in
            guard let self else { return }
            self.tableDelegate?.tableView(self, willDisplayContextMenu: configuration, animator: animator)
        }
        hooks.willEnd = { [weak self] animator in
            guard let self else { return }
            self.tableDelegate?.tableView(self, willEndContextMenuInteraction: configuration, animator: animator)
        }
        hooks.previewCommitted = { [weak self] animator in
            guard let self else { return }
            self.tableDelegate?.tableView(self, willPerformPreviewActionForMenuWith: configuration, animator: animator)
        }
        hooks.ended = { [weak self] in self?.interaction.contextMenu = nil }
        hooks.dismissalPreview = { [weak self] in
            guard let self else { return nil }
            return self.tableDelegate?.tableView(self, previewForDismissingContextMenuWithConfiguration: configuration)
        }
        interaction.contextMenu = ContextMenuState(indexPath: indexPath, presentation: nil)
        let highlight = tableDelegate?.tableView(self, previewForHighlightingContextMenuWithConfiguration: configuration)
        let presentation = ContextMenuPresentation.present(configuration, for: cell, preview: highlight, hooks: hooks)
        if let presentation {
            interaction.contextMenu?.presentation = presentation
        } else {
            interaction.contextMenu = nil
        }
    }

    /// Closes the row's context menu, if one shows.
    func dismissContextMenu(animated: Bool) {
        interaction.contextMenu?.presentation?.dismiss(animated: animated)
    }
}
