import Foundation
import TabulaUIKit
import TabulaCore

extension UICollectionViewDiffableDataSource {
    /// What a diffable data source does when a person expands or collapses an outline item
    /// (a tap on a list cell's outline disclosure), as UIKit's
    /// `UICollectionViewDiffableDataSource.SectionSnapshotHandlers`. Every handler is
    /// optional: without them every item expands and collapses.
    @preconcurrency @MainActor
    public struct SectionSnapshotHandlers<Item: Hashable & Sendable> {
        /// Whether the item may expand (nil: it may).
        public var shouldExpandItem: ((Item) -> Bool)?
        /// Told just before the item expands.
        public var willExpandItem: ((Item) -> Void)?
        /// Whether the item may collapse (nil: it may).
        public var shouldCollapseItem: ((Item) -> Bool)?
        /// Told just before the item collapses.
        public var willCollapseItem: ((Item) -> Void)?
        /// The children to show under a parent that expands, given the parent and a section
        /// snapshot of its current children (load them lazily here). Nil keeps the children.
        public var snapshotForExpandingParent: ((Item, NSDiffableDataSourceSectionSnapshot<Item>) -> NSDiffableDataSourceSectionSnapshot<Item>)?

        /// No handlers.
        public init() {}
    }
}

/// A data source that keeps outlines: whether an item is expanded, and expanding or
/// collapsing it for a tap.
@MainActor
protocol CollectionOutlineSource: AnyObject {
    func outlineIsExpanded(at indexPath: IndexPath) -> Bool
    func toggleOutline(at indexPath: IndexPath, in collectionView: UICollectionView)
}

/// Expanding and collapsing by touch: the item's section snapshot changes (through the
/// handlers) and is applied, animated, as ``apply(_:to:animatingDifferences:completion:)``
/// would: the children slide in or out and the chevron turns.
extension UICollectionViewDiffableDataSource: CollectionOutlineSource {
    /// - Complexity: O(1).
    func outlineIsExpanded(at indexPath: IndexPath) -> Bool {
        guard let outline = sectionSnapshots.isEmpty ? nil : sectionIdentifier(for: indexPath.section).flatMap({ sectionSnapshots[$0] }),
              let item = itemIdentifier(for: indexPath) else { return false }
        return outline.isExpanded(item)
    }

    func toggleOutline(at indexPath: IndexPath, in collectionView: UICollectionView) {
        guard let item = itemIdentifier(for: indexPath), let section = sectionIdentifier(for: indexPath.section) else { return }
        guard var outline = sectionSnapshots[section], outline.contains(item) else {
            collectionView.reportCollectionProblemOnce("An outline disclosure was tapped on item \(String(describing: item)), "
                + "which is in no section snapshot; apply one with apply(_:to:animatingDifferences:) to expand and collapse "
                + "items by touch. Nothing changes.")
            return
        }
        let handlers = sectionSnapshotHandlers
        if outline.isExpanded(item) {
            guard handlers.shouldCollapseItem?(item) ?? true else { return }
            handlers.willCollapseItem?(item)
            outline.collapse([item])
        } else {
            guard handlers.shouldExpandItem?(item) ?? true else { return }
            handlers.willExpandItem?(item)
            if let children = handlers.snapshotForExpandingParent {
                outline.replace(childrenOf: item, using: children(item, outline.snapshot(of: item)))
            }
            outline.expand([item])
        }
        // A snapshot with problems (children the handler gave twice) is reported and not applied.
        apply(outline, to: section, animatingDifferences: true)
    }
}
