import Foundation
import Tabula
import TabulaCore

/// A table view data source fed by a ``FetchedResultsController``, which turns each round
/// of the controller's changes into one animated batch update.
///
/// It becomes the table's data source and the controller's delegate. Between
/// `controllerWillChangeContent` and `controllerDidChangeContent` it collects the changes;
/// at the end it calls `performBatchUpdates` once, with the index paths a table expects:
/// deletes and reconfigured rows as before the change, inserts as after, moves from
/// before to after. A row that moves out of a deleted section or into an inserted one is
/// deleted and inserted instead (a table cannot move a row across those); rows of deleted
/// or inserted sections go with their section. A moved or updated row's cell is
/// configured again in place (`reconfigureRows`), or replaced when ``updatedRowAnimation``
/// is set.
///
/// Sections show their name as the header title, and the controller's
/// ``FetchedResultsController/sectionIndexTitles`` as the index (turn either off with
/// ``showsSectionHeaders`` and ``showsSectionIndex``).
///
/// Keep it alive (a view controller property): the table and the controller hold it weakly.
@preconcurrency @MainActor
public final class FetchedResultsTableDataSource<Record: FetchableRecord & Identifiable & Equatable & Sendable>:
    UITableViewDataSource, FetchedResultsControllerDelegate where Record.ID: Sendable {
    /// Makes the cell for a record.
    public typealias CellProvider = (UITableView, IndexPath, Record) -> UITableViewCell

    /// The controller whose results are shown.
    public let controller: FetchedResultsController<Record>
    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var pending = UpdateOperations()
    private var reconfigured: [IndexPath] = []

    /// How inserted and deleted rows and sections animate.
    public var rowAnimation: UITableView.RowAnimation = .automatic
    /// When set, updated rows get a new cell with this animation; when nil (the default)
    /// their cell is configured again in place.
    public var updatedRowAnimation: UITableView.RowAnimation?
    /// Whether section names are shown as header titles.
    public var showsSectionHeaders = true
    /// Whether the section index bar shows the controller's index titles.
    public var showsSectionIndex = true
    /// Called after each batch is handed to the table, with the controller's changes.
    public var didApplyChanges: ((FetchedResultsChanges) -> Void)?

    /// Shows `controller`'s results in `tableView`, making this object the table's data
    /// source and the controller's delegate.
    public init(tableView: UITableView, controller: FetchedResultsController<Record>,
                cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.controller = controller
        self.cellProvider = cellProvider
        controller.delegate = self
        tableView.dataSource = self
    }

    // MARK: UITableViewDataSource

    /// The controller's section count.
    public func numberOfSections(in tableView: UITableView) -> Int { controller.numberOfSections }

    /// The controller's object count in `section`.
    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        controller.numberOfObjects(inSection: section)
    }

    /// The cell provider's cell for the object at `indexPath`.
    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellProvider(tableView, indexPath, controller.object(at: indexPath))
    }

    /// The section's name, when ``showsSectionHeaders``.
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        showsSectionHeaders ? controller.sectionInfo(section).name : nil
    }

    /// The controller's index titles, when ``showsSectionIndex``.
    public func sectionIndexTitles(for tableView: UITableView) -> [String]? {
        showsSectionIndex ? controller.sectionIndexTitles : nil
    }

    /// The first section with the touched index title.
    public func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        controller.section(forSectionIndexTitle: title, at: index) ?? 0
    }

    // MARK: FetchedResultsControllerDelegate

    /// Starts collecting a round of changes.
    public func controllerWillChangeContent(_ controller: FetchedResultsController<Record>) {
        pending = UpdateOperations()
        reconfigured = []
    }

    /// Records a section insert or delete.
    public func controller(_ controller: FetchedResultsController<Record>,
                           didChange sectionInfo: FetchedResultsSectionInfo<Record>,
                           atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) {
        switch type {
        case .insert: pending.insertedSections.append(sectionIndex)
        case .delete: pending.deletedSections.append(sectionIndex)
        case .move, .update: break   // sections are only inserted and deleted
        }
    }

    /// Records an object change as the table operation it needs.
    public func controller(_ controller: FetchedResultsController<Record>, didChange anObject: Record,
                           at indexPath: IndexPath?, for type: FetchedResultsChangeType, newIndexPath: IndexPath?) {
        switch type {
        case .insert:
            pending.insertedRows.append(newIndexPath!)
        case .delete:
            pending.deletedRows.append(indexPath!)
        case .update:
            if updatedRowAnimation != nil { pending.reloadedRows.append(indexPath!) } else { reconfigured.append(indexPath!) }
        case .move:
            pending.movedRows.append(RowMove(from: indexPath!, to: newIndexPath!))
        }
    }

    /// Hands the collected changes to the table as one batch update.
    public func controllerDidChangeContent(_ controller: FetchedResultsController<Record>) {
        defer { didApplyChanges?(controller.lastChanges ?? FetchedResultsChanges()) }
        guard let tableView else { return }
        let ops = Self.tableOperations(pending)
        let reconfigure = reconfigured + ops.movedRows.map(\.from)
        let animation = rowAnimation, reload = updatedRowAnimation ?? rowAnimation
        tableView.performBatchUpdates {
            tableView.deleteSections(IndexSet(ops.deletedSections), with: animation)
            tableView.insertSections(IndexSet(ops.insertedSections), with: animation)
            tableView.deleteRows(at: ops.deletedRows, with: animation)
            tableView.insertRows(at: ops.insertedRows, with: animation)
            tableView.reloadRows(at: ops.reloadedRows, with: reload)
            for move in ops.movedRows { tableView.moveRow(at: move.from, to: move.to) }
            tableView.reconfigureRows(at: reconfigure)
        }
        pending = UpdateOperations()
        reconfigured = []
    }

    /// The operations of `changes` in the form a table accepts: row changes inside deleted
    /// or inserted sections dropped (the section carries them), moves across those
    /// sections split into a delete and an insert.
    static func tableOperations(_ changes: UpdateOperations) -> UpdateOperations {
        let deleted = Set(changes.deletedSections), inserted = Set(changes.insertedSections)
        var ops = UpdateOperations()
        ops.deletedSections = changes.deletedSections
        ops.insertedSections = changes.insertedSections
        ops.deletedRows = changes.deletedRows.filter { !deleted.contains($0.section) }
        ops.insertedRows = changes.insertedRows.filter { !inserted.contains($0.section) }
        ops.reloadedRows = changes.reloadedRows
        for move in changes.movedRows {
            let fromGone = deleted.contains(move.from.section), toNew = inserted.contains(move.to.section)
            if fromGone || toNew {
                if !fromGone { ops.deletedRows.append(move.from) }
                if !toNew { ops.insertedRows.append(move.to) }
            } else {
                ops.movedRows.append(move)
            }
        }
        return ops
    }
}
