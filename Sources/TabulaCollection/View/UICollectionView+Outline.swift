import Foundation
import TabulaUIKit

/// Outlines by touch: a cell learns whether its item is expanded from the data source
/// (a diffable data source with section snapshots); a tap on an outline disclosure asks
/// the data source to expand or collapse the item.
extension UICollectionView {
    /// Whether the item at `path` is an expanded outline item.
    func outlineIsExpanded(at path: IndexPath) -> Bool {
        (dataSource as? CollectionOutlineSource)?.outlineIsExpanded(at: path) ?? false
    }

    /// Expands or collapses the item `cell` shows, through the data source.
    func toggleOutline(of cell: UICollectionViewCell) {
        guard let path = store.path(of: cell) else { return }
        guard let source = dataSource as? CollectionOutlineSource else {
            reportCollectionProblemOnce("An outline disclosure was tapped at \(path.tableDescription), but the data source "
                + "keeps no outline (only UICollectionViewDiffableDataSource does); give the accessory an actionHandler. "
                + "Nothing changes.")
            return
        }
        source.toggleOutline(at: path, in: self)
    }

    /// Gives each cell on screen its item's expanded state; chevrons that change turn
    /// (animated when the collection view is on screen and animations are enabled).
    func refreshOutlineStates() {
        let animated = window != nil && UIView.areAnimationsEnabled
        for (path, cell) in store.cells { cell.setExpandedItem(outlineIsExpanded(at: path), animated: animated) }
    }

    /// Reports `message` the first time only.
    func reportCollectionProblemOnce(_ message: String) {
        guard reportedProblems.insert(message).inserted else { return }
        reportCollectionProblem(message)
    }
}
