import Foundation
import TabulaUIKit
import TabulaCore

/// A data source that takes a collection view's content from snapshots and animates the
/// difference between them, as UIKit's `UICollectionViewDiffableDataSource`.
///
/// It shares the table's snapshot type (`NSDiffableDataSourceSnapshot`) and diff
/// (`update(to:)`, in TabulaCore): `apply` hands the collection view the batch update the
/// diff finds, so items animate as in ``UICollectionView/performBatchUpdates(_:completion:)``.
/// As in UIKit, the collection view holds its data source weakly: keep this object alive.
///
/// A snapshot with problems (an identifier added twice, an item that is not there) is not
/// applied: the problems are reported to the collection view's `onInvalidUpdate` (or its
/// screen) and it keeps showing the current snapshot; the completion still runs.
///
/// Outlines: ``apply(_:to:animatingDifferences:completion:)`` shows a section snapshot's
/// visible items as the section's items, and ``snapshot(for:)`` returns it.
@preconcurrency @MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UICollectionViewDataSource {
    /// Makes the cell for an item: given the collection view, the item's index path and its
    /// identifier (usually with ``UICollectionView/dequeueConfiguredReusableCell(using:for:item:)``).
    /// Returning nil is reported, and an empty cell is shown.
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    /// Makes a supplementary view (a header, a footer): given the collection view, the
    /// element kind and the index path.
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    /// The outlines applied to sections, until a whole snapshot replaces them.
    var sectionSnapshots: [SectionIdentifierType: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>] = [:]

    /// Which items a person may reorder, and what to do before and after a reordering, as
    /// UIKit's `UICollectionViewDiffableDataSource.ReorderingHandlers`.
    @preconcurrency @MainActor
    public struct ReorderingHandlers {
        /// Whether the item can be moved; without it, no item can.
        public var canReorderItem: ((ItemIdentifierType) -> Bool)?
        /// Told before the snapshot takes the reordering.
        public var willReorder: ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        /// Told after: update your model from the transaction's difference or final snapshot.
        public var didReorder: ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
        /// No handlers: nothing can be reordered.
        public init() {}
    }

    /// The handlers for reordering items (none by default). Tabula has no interactive
    /// movement gesture yet: they are consulted by ``collectionView(_:canMoveItemAt:)`` and
    /// ``collectionView(_:moveItemAt:to:)``.
    open var reorderingHandlers = ReorderingHandlers()

    /// What happens when a person expands or collapses an outline item with a tap on its
    /// outline disclosure (see `+Outline.swift`): whether it may, what to do before, and the
    /// children to show under a parent that expands.
    open var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>()

    /// Makes the headers, footers and other supplementary views the layout places. Nil
    /// (the default) is reported when the layout asks for one, and an empty view shown.
    open var supplementaryViewProvider: SupplementaryViewProvider?

    /// A data source for `collectionView` that makes cells with `cellProvider`, showing an
    /// empty snapshot until one is applied. It sets itself as the collection view's data
    /// source; the collection view holds it weakly, so keep it alive.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.dataSource = self
    }

    /// A copy of the snapshot the collection view shows.
    public func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Shows `snapshot`, animating the difference from the current one (or not); `completion`
    /// runs once the animations end (or are cut short by another update).
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        sectionSnapshots = [:]
        show(snapshot, animatingDifferences: animatingDifferences, completion: completion)
        collectionView?.refreshOutlineStates()
    }

    /// Shows `snapshot` by reloading the collection view, without diffing or animation.
    open func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                           completion: (() -> Void)? = nil) {
        if let collectionView, !snapshot.problems.isEmpty {
            collectionView.reportUpdate(TableUpdateError(.invalidUpdate,
                "Invalid snapshot: " + snapshot.problems.joined(separator: "; ") + "."))
            completion?()
            return
        }
        sectionSnapshots = [:]
        var next = snapshot
        next.clearMarks()
        current = next
        collectionView?.reloadData()
        completion?()
    }

    /// Shows `snapshot`'s visible items as the items of `section` (appended at the end
    /// when the section is not there yet), animating the difference; other sections stay.
    open func apply(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        if let collectionView, !snapshot.problems.isEmpty {
            collectionView.reportUpdate(TableUpdateError(.invalidUpdate,
                "Invalid section snapshot for section \(String(describing: section)): "
                + snapshot.problems.joined(separator: "; ") + "."))
            completion?()
            return
        }
        var whole = current
        if whole.indexOfSection(section) == nil {
            whole.appendSections([section])
        } else {
            whole.deleteItems(whole.itemIdentifiers(inSection: section))
        }
        whole.appendItems(snapshot.visibleItems, toSection: section)
        // The outline is in place while the batch runs, so that cells made for it come
        // expanded or collapsed as it says.
        let previous = sectionSnapshots[section]
        sectionSnapshots[section] = snapshot
        if !show(whole, animatingDifferences: animatingDifferences, completion: completion) {
            sectionSnapshots[section] = previous
        }
        collectionView?.refreshOutlineStates()
    }

    /// The outline of `section`: the one last applied to it, or its items as root items.
    public func snapshot(for section: SectionIdentifierType) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        if let outline = sectionSnapshots[section] { return outline }
        var flat = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
        flat.append(current.itemIdentifiers(inSection: section))
        return flat
    }

    /// Diffs `snapshot` against the current one and hands the collection view the batch;
    /// false (reported, nothing changed) when the snapshot has problems.
    @discardableResult
    private func show(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                      animatingDifferences: Bool, completion: (() -> Void)?) -> Bool {
        guard let collectionView else {
            var next = snapshot
            next.clearMarks()
            current = next
            return true
        }
        let update: SnapshotUpdate
        do {
            update = try current.update(to: snapshot)
        } catch {
            collectionView.reportUpdate(error)
            completion?()
            return false
        }
        var next = snapshot
        next.clearMarks()
        let perform = {
            let ops = update.operations
            collectionView.performBatchUpdates({
                // The counts before the batch were read from the old snapshot; those after from this one.
                self.current = next
                collectionView.deleteSections(IndexSet(ops.deletedSections))
                collectionView.insertSections(IndexSet(ops.insertedSections))
                collectionView.reloadSections(IndexSet(ops.reloadedSections))
                for move in ops.movedSections { collectionView.moveSection(move.from, toSection: move.to) }
                collectionView.deleteItems(at: ops.deletedRows)
                collectionView.insertItems(at: ops.insertedRows)
                collectionView.reloadItems(at: ops.reloadedRows)
                for move in ops.movedRows { collectionView.moveItem(at: move.from, to: move.to) }
            }, completion: { _ in completion?() })
            // Reconfigured items keep their cells: configured again in place, where they are now.
            let reloaded = Set(snapshot.reloadedItemIdentifiers)
            let reconfigured = snapshot.reconfiguredItemIdentifiers.filter { !reloaded.contains($0) }
            if !reconfigured.isEmpty {
                collectionView.reconfigureItems(at: reconfigured.compactMap { next.indexPath(of: $0) })
            }
        }
        if animatingDifferences { perform() } else { UIView.performWithoutAnimation(perform) }
        return true
    }

    /// The item shown at `indexPath`, or nil when the current snapshot has no such item.
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        indexPath.count == 2 ? current.itemIdentifier(atRow: indexPath.item, inSectionAt: indexPath.section) : nil
    }

    /// Where the item is in the current snapshot, or nil if it is not there.
    ///
    /// - Complexity: O(s + r) for s sections and r items in the item's section.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        current.indexPath(of: itemIdentifier).map { IndexPath(item: $0.row, section: $0.section) }
    }

    /// The section at `index` in the current snapshot, or nil when there is none.
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? { current.sectionIdentifier(at: index) }

    /// The position of the section in the current snapshot, or nil if it is not there.
    ///
    /// - Complexity: O(s) for s sections.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: UICollectionViewDataSource

    /// The number of sections in the current snapshot.
    open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    /// The number of items in `section` of the current snapshot.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        let sections = current.itemsBySection
        return section >= 0 && section < sections.count ? sections[section].count : 0
    }

    /// The cell the cell provider makes for the item at `indexPath`.
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let item = itemIdentifier(for: indexPath) else { return UICollectionViewCell(frame: .zero) }
        // In a section of a section snapshot, a list cell dequeued for the item comes
        // indented to the item's depth in the outline, as in UIKit; the provider may change it.
        collectionView.indentationLevelForDequeue = sectionIdentifier(for: indexPath.section)
            .flatMap { sectionSnapshots[$0] }?.level(of: item)
        defer { collectionView.indentationLevelForDequeue = nil }
        if let cell = cellProvider(collectionView, indexPath, item) { return cell }
        collectionView.reportCollectionProblem("The diffable data source's cell provider returned nil for item "
            + "\(String(describing: item)) at \(indexPath.tableDescription); an empty cell is shown.")
        return UICollectionViewCell(frame: .zero)
    }

    /// The view the ``supplementaryViewProvider`` makes; without one (or when it returns
    /// nil), an empty view, reported.
    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView {
        if let view = supplementaryViewProvider?(collectionView, kind, indexPath) { return view }
        collectionView.reportCollectionProblem("The layout places a supplementary view of kind \"\(kind)\" at "
            + "\(indexPath.tableDescription), but the diffable data source's supplementaryViewProvider "
            + (supplementaryViewProvider == nil ? "is not set" : "returned nil") + "; an empty view is shown.")
        return UICollectionReusableView(frame: .zero)
    }

    /// What ``ReorderingHandlers/canReorderItem`` says for the item; false without it.
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        guard let item = itemIdentifier(for: indexPath), let canReorder = reorderingHandlers.canReorderItem else { return false }
        return canReorder(item)
    }

    /// Moves the item in the current snapshot to where the person dropped it (the
    /// collection view already shows it there), telling the reordering handlers before and
    /// after with the transaction. Override it to update your model as well, and call
    /// `super` so that the snapshot follows.
    open func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
                             to destinationIndexPath: IndexPath) {
        guard let item = itemIdentifier(for: sourceIndexPath) else { return }
        var after = current
        after.moveItem(fromRow: sourceIndexPath.item, inSectionAt: sourceIndexPath.section,
                       toRow: destinationIndexPath.item, inSectionAt: destinationIndexPath.section)
        let transaction = NSDiffableDataSourceTransaction(moving: item, from: current, to: after)
        reorderingHandlers.willReorder?(transaction)
        current = after
        reorderingHandlers.didReorder?(transaction)
        // The outlines of both sections no longer match what is shown.
        for section in [sourceIndexPath.section, destinationIndexPath.section] {
            if let identifier = sectionIdentifier(for: section) { sectionSnapshots[identifier] = nil }
        }
    }
}
