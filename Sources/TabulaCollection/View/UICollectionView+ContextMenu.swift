import Foundation
import TabulaUIKit

/// A context menu of a collection view: the items it acts on, the item pressed (whose
/// cell lifts; an empty index path for a press between items), and the menu on screen.
struct CollectionContextMenu {
    let indexPaths: [IndexPath]
    let pressed: IndexPath
    let configuration: UIContextMenuConfiguration
    weak var presentation: ContextMenuPresentation?
}

/// Context menus on items, as the table has them on rows: a long press (0.5 s) on an
/// item asks the delegate's `contextMenuConfigurationForItemsAt` (which by default asks
/// the older `contextMenuConfigurationForItemAt`); for a configuration the item's cell
/// lifts out of the blurred window and the menu shows under it (``ContextMenuPresentation``,
/// shared with the table). The item is neither highlighted while the menu shows nor
/// selected, before, during or after.
///
/// A press on one of several selected items (multiple selection) asks about all the
/// selected items; the pressed one lifts. A press between items asks with no index paths,
/// as UIKit does: a configuration shows its menu at the finger, with nothing lifted.
extension UICollectionView {
    func installContextMenuRecognizer() {
        menuRecognizer.addTarget { [unowned self] press in
            if self.handleMovementPress(press) { return }
            if self.handleDragPress(press) { return }
            guard press.state == .began else { return }
            self.presentContextMenuCandidate()
        }
        addGestureRecognizer(menuRecognizer)
    }

    /// Asked as the long press is about to begin: the delegate's configuration for the
    /// pressed items, kept for ``presentContextMenuCandidate()``; false (no press) for none.
    func contextMenuShouldBegin(_ press: UIGestureRecognizer) -> Bool {
        contextMenuCandidate = nil
        guard contextMenu == nil, let delegate = collectionDelegate else { return false }
        let point = press.location(in: self)
        guard let path = indexPathForItem(at: point) else {
            // Between items: asked with none, as in UIKit (a menu for the empty space).
            guard bounds.contains(point), let configuration = delegate.collectionView(self, contextMenuConfigurationForItemsAt: [], point: point)
            else { return false }
            contextMenuCandidate = CollectionContextMenu(indexPaths: [], pressed: IndexPath(), configuration: configuration)
            return true
        }
        guard store.cells[path] != nil else { return false }
        let paths = allowsMultipleSelection && selectedItems.count > 1 && selectedItems.contains(path) ? selectedItems.sorted() : [path]
        guard let configuration = delegate.collectionView(self, contextMenuConfigurationForItemsAt: paths, point: point)
        else { return false }
        contextMenuCandidate = CollectionContextMenu(indexPaths: paths, pressed: path, configuration: configuration)
        return true
    }

    /// Shows the menu the long press found: the pressed item's cell lifts. Nothing shows
    /// when the item went away meanwhile.
    func presentContextMenuCandidate() {
        guard let candidate = contextMenuCandidate else { return }
        contextMenuCandidate = nil
        let between = candidate.indexPaths.isEmpty
        guard let source: UIView = between ? self : store.cells[candidate.pressed] else { return }
        // The lifted picture shows the item as it rests, not pressed; the press selects nothing.
        cancelItemTouch()
        let configuration = candidate.configuration
        var hooks = ContextMenuPresentation.Hooks()
        hooks.willDisplay = { [weak self] animator in
            guard let self else { return }
            self.collectionDelegate?.collectionView(self, willDisplayContextMenu: configuration, animator: animator)
        }
        hooks.willEnd = { [weak self] animator in
            guard let self else { return }
            self.collectionDelegate?.collectionView(self, willEndContextMenuInteraction: configuration, animator: animator)
        }
        hooks.previewCommitted = { [weak self] animator in
            guard let self else { return }
            self.collectionDelegate?.collectionView(self, willPerformPreviewActionForMenuWith: configuration, animator: animator)
        }
        hooks.ended = { [weak self] in self?.contextMenu = nil }
        let pressed = candidate.pressed
        hooks.dismissalPreview = { [weak self] in
            guard let self, !between else { return nil }
            return self.collectionDelegate?.collectionView(self, contextMenuConfiguration: configuration, dismissalPreviewForItemAt: pressed)
        }
        contextMenu = candidate
        let highlight = between ? emptySpacePreview(at: menuRecognizer.location(in: self))
            : collectionDelegate?.collectionView(self, contextMenuConfiguration: configuration, highlightPreviewForItemAt: pressed)
        if let presentation = ContextMenuPresentation.present(configuration, for: source, preview: highlight, hooks: hooks) {
            contextMenu?.presentation = presentation
        } else {
            contextMenu = nil
        }
    }

    /// Nothing to lift, at `point`: the preview of a menu for the space between items, so
    /// that the menu shows at the finger.
    private func emptySpacePreview(at point: CGPoint) -> UITargetedPreview {
        let parameters = UIPreviewParameters()
        parameters.visiblePath = UIBezierPath(rect: .zero)
        parameters.shadowPath = UIBezierPath(rect: .zero)
        parameters.backgroundColor = .clear
        let anchor = UIView(frame: CGRect(x: 0, y: 0, width: 1, height: 1))
        return UITargetedPreview(view: anchor, parameters: parameters, target: UIPreviewTarget(container: self, center: point))
    }

    /// The items whose context menu shows, if one does.
    var indexPathsForContextMenu: [IndexPath]? { contextMenu?.indexPaths }

    /// Closes the context menu, if one shows.
    func dismissContextMenu(animated: Bool) {
        contextMenu?.presentation?.dismiss(animated: animated)
    }
}
