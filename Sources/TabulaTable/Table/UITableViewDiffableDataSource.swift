import Foundation
import TabulaUIKit
import TabulaCore

/// A data source that takes its content from snapshots and animates the difference
/// between them, as UIKit's `UITableViewDiffableDataSource`.
///
/// As in UIKit, the table view holds its data source weakly: keep this object alive
/// (usually in a property of the view controller).
///
/// `apply` diffs the current snapshot against the new one in linear time (`IdentifierDiff`
/// in TabulaCore) and hands the table the batch update; items that keep their relative
/// order are never reported as moves. A snapshot with problems (an identifier added
/// twice, an item that is not there) is not applied: the problems are reported to the
/// table's `onInvalidUpdate` and the table keeps showing the current snapshot.
@preconcurrency @MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    UITableViewDataSource {
    /// The snapshot type this data source shows.
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// Makes the cell for an item: given the table, the row's index path and the item's
    /// identifier. Returning nil is reported, and an empty cell is shown.
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = Snapshot()

    /// How inserted, deleted and reloaded rows animate in `apply`.
    open var defaultRowAnimation: UITableView.RowAnimation = .automatic

    /// A data source for `tableView` that makes cells with `cellProvider`, showing an empty
    /// snapshot until one is applied.
    ///
    /// It sets itself as the table's data source; the table holds it weakly, so keep it alive.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    /// A copy of the snapshot the table shows.
    public func snapshot() -> Snapshot { current }

    /// Shows `snapshot`, animating the difference from the current one (or not).
    /// `completion` runs once the animations end.
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        guard let tableView else { current = snapshot; return }
        let update: SnapshotUpdate
        do {
            update = try current.update(to: snapshot)
        } catch {
            tableView.report(error)
            if let completion { tableView.finishCompletions([{ _ in completion() }], finished: true) }
            return
        }
        var next = snapshot
        next.clearMarks()
        current = next
        let perform = {
            let ops = update.operations
            tableView.performBatchUpdates({
                tableView.deleteSections(IndexSet(ops.deletedSections), with: self.defaultRowAnimation)
                tableView.insertSections(IndexSet(ops.insertedSections), with: self.defaultRowAnimation)
                tableView.reloadSections(IndexSet(ops.reloadedSections), with: self.defaultRowAnimation)
                for move in ops.movedSections { tableView.moveSection(move.from, toSection: move.to) }
                tableView.deleteRows(at: ops.deletedRows, with: self.defaultRowAnimation)
                tableView.insertRows(at: ops.insertedRows, with: self.defaultRowAnimation)
                tableView.reloadRows(at: ops.reloadedRows, with: self.defaultRowAnimation)
                for move in ops.movedRows { tableView.moveRow(at: move.from, to: move.to) }
                tableView.reconfigureRows(at: update.reconfiguredRows)
            }, completion: { _ in completion?() })
        }
        if animatingDifferences { perform() } else { UIView.performWithoutAnimation(perform) }
    }

    /// Shows `snapshot` by reloading the table, without diffing or animation.
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        if !snapshot.problems.isEmpty, let tableView {
            tableView.report(TableUpdateError(.invalidUpdate,
                "Invalid snapshot: " + snapshot.problems.joined(separator: "; ") + "."))
            // As `apply` does: the caller's continuation runs, with the old snapshot shown.
            if let completion { tableView.finishCompletions([{ _ in completion() }], finished: true) }
            return
        }
        var next = snapshot
        next.clearMarks()
        current = next
        tableView?.reloadData()
        if let completion, let tableView { tableView.finishCompletions([{ _ in completion() }], finished: true) }
    }

    /// The item shown at `indexPath`, or nil when the current snapshot has no such row.
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        current.itemIdentifier(atRow: indexPath.row, inSectionAt: indexPath.section)
    }

    /// Where the item is in the current snapshot, or nil if it is not there.
    ///
    /// - Complexity: O(s + r) for s sections and r items in the item's section.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }

    /// The section at `index` in the current snapshot, or nil when there is none.
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? { current.sectionIdentifier(at: index) }

    /// The position of the section in the current snapshot, or nil if it is not there.
    ///
    /// - Complexity: O(s) for s sections.
    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: UITableViewDataSource

    /// The number of sections in the current snapshot.
    open func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }

    /// The number of items in `section` of the current snapshot.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        current.itemsBySection[section].count
    }

    /// The cell the cell provider makes for the item at `indexPath`.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let item = current.itemsBySection[indexPath.section][indexPath.row]
        if let cell = cellProvider(tableView, indexPath, item) { return cell }
        tableView.report(TableUpdateError(.invalidUpdate,
            "The diffable data source's cell provider returned nil for item \(String(describing: item)) at "
            + "\(indexPath.tableDescription); an empty cell is shown."))
        return UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    /// No header title; override in a subclass to give sections titles.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer title; override in a subclass to give sections titles.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }

    /// False: rows of a diffable data source are not editable (no swipe to delete, no
    /// editing control) unless a subclass overrides this, as in UIKit.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }

    /// Does nothing; override it to delete (or insert) the item, by applying a snapshot without it.
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
                        forRowAt indexPath: IndexPath) {}

    /// False: rows do not show reorder controls unless a subclass overrides this.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }

    /// Moves the item in the current snapshot to where the person dropped the row (the
    /// table already shows it there), as UIKit's diffable data source does. Override it to
    /// update your model as well, and call `super` so that the snapshot follows.
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        current.moveItem(fromRow: sourceIndexPath.row, inSectionAt: sourceIndexPath.section,
                         toRow: destinationIndexPath.row, inSectionAt: destinationIndexPath.section)
    }

    /// No section index; override it to give the table an index bar.
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }

    /// The section at the same position as the index title; override it when they differ.
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
}
