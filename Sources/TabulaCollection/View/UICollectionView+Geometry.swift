import Foundation
import TabulaUIKit

/// Questions about what is where: cells on screen, index paths, attributes; and
/// scrolling to an item.
extension UICollectionView {
    /// The cell on screen for the item at `indexPath`, or nil when it is not on screen.
    public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        layoutIfNeeded()
        return store.cells[indexPath]
    }

    /// The item that `cell` shows, or nil when it shows none on screen.
    public func indexPath(for cell: UICollectionViewCell) -> IndexPath? { store.path(of: cell) }

    /// The item whose cell contains `point` (in the collection view's coordinates),
    /// frontmost first; nil when the point is on no item.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        prepareLayoutIfNeeded()
        let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        let hits = (currentLayout.layoutAttributesForElements(in: probe) ?? []).filter {
            $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point) && isValid($0.indexPath)
        }
        return hits.max { $0.zIndex < $1.zIndex }?.indexPath
    }

    /// The cells on screen, in no particular order.
    public var visibleCells: [UICollectionViewCell] { Array(store.cells.values) }

    /// The items whose cells are on screen, in no particular order.
    public var indexPathsForVisibleItems: [IndexPath] { Array(store.cells.keys) }

    /// The supplementary view on screen of `elementKind` at `indexPath`, if any.
    public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        layoutIfNeeded()
        return store.supplements[SupplementKey(kind: elementKind, indexPath: indexPath)]
    }

    /// The supplementary views on screen of `elementKind`.
    public func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        store.supplements.filter { $0.key.kind == elementKind }.map(\.value)
    }

    /// The index paths of the supplementary views on screen of `elementKind`.
    public func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        store.supplements.keys.filter { $0.kind == elementKind }.map(\.indexPath)
    }

    /// The layout's attributes for the item at `indexPath` (nil for an item that does not exist).
    public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        guard isValid(indexPath) else { return nil }
        return currentLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The layout's attributes for the supplementary element of `kind` at `indexPath`.
    public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return currentLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// Scrolls so that the item at `indexPath` stands where `scrollPosition` says (at most
    /// one vertical and one horizontal position; an axis with none does not move), within
    /// the scrollable range. An item that does not exist is reported.
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard checkedItem(indexPath, "scrollToItem(at:at:animated:)"),
              let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
        let inset = adjustedContentInset
        var target = contentOffset
        let visibleHeight = bounds.height - inset.top - inset.bottom, visibleWidth = bounds.width - inset.left - inset.right
        if scrollPosition.contains(.top) {
            target.y = frame.minY - inset.top
        } else if scrollPosition.contains(.centeredVertically) {
            target.y = frame.midY - inset.top - visibleHeight / 2
        } else if scrollPosition.contains(.bottom) {
            target.y = frame.maxY - bounds.height + inset.bottom
        }
        if scrollPosition.contains(.left) {
            target.x = frame.minX - inset.left
        } else if scrollPosition.contains(.centeredHorizontally) {
            target.x = frame.midX - inset.left - visibleWidth / 2
        } else if scrollPosition.contains(.right) {
            target.x = frame.maxX - bounds.width + inset.right
        }
        setContentOffset(clampedContentOffset(target), animated: animated)
    }
}
