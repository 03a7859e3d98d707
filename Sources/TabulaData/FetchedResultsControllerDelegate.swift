import Foundation
import Tabula

/// Hears what changed when a ``FetchedResultsController``'s results change, in the order
/// of Core Data's `NSFetchedResultsControllerDelegate`: ``controllerWillChangeContent(_:)``,
/// then every section change, then every object change, then
/// ``controllerDidChangeContent(_:)``. Every method has an empty default.
///
/// All calls come on the main actor, at the start of a frame (or inside
/// ``FetchedResultsController/processPendingChanges()``). From the first call on, the
/// controller already holds the new results: section and object accessors answer with
/// the state after the change, as Core Data's do.
///
/// To animate a table, make every change inside one batch update: collect them and call
/// `performBatchUpdates` in ``controllerDidChangeContent(_:)``, as
/// ``FetchedResultsTableDataSource`` does.
@preconcurrency @MainActor
public protocol FetchedResultsControllerDelegate<Record>: AnyObject {
    /// The record type of the controller this delegate listens to.
    associatedtype Record: FetchableRecord & Identifiable & Equatable & Sendable where Record.ID: Sendable

    /// Changes are about to be reported.
    func controllerWillChangeContent(_ controller: FetchedResultsController<Record>)

    /// A section was inserted (`sectionIndex` after the change) or deleted (before it).
    func controller(_ controller: FetchedResultsController<Record>,
                    didChange sectionInfo: FetchedResultsSectionInfo<Record>,
                    atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType)

    /// An object was inserted, deleted, moved or updated; see ``FetchedResultsChangeType``
    /// for which index paths are set. For a deleted object, `anObject` is its last fetched value.
    func controller(_ controller: FetchedResultsController<Record>, didChange anObject: Record,
                    at indexPath: IndexPath?, for type: FetchedResultsChangeType, newIndexPath: IndexPath?)

    /// Every change of this round has been reported.
    func controllerDidChangeContent(_ controller: FetchedResultsController<Record>)
}

extension FetchedResultsControllerDelegate {
    /// Does nothing.
    public func controllerWillChangeContent(_ controller: FetchedResultsController<Record>) {}
    /// Does nothing.
    public func controller(_ controller: FetchedResultsController<Record>,
                           didChange sectionInfo: FetchedResultsSectionInfo<Record>,
                           atSectionIndex sectionIndex: Int, for type: FetchedResultsChangeType) {}
    /// Does nothing.
    public func controller(_ controller: FetchedResultsController<Record>, didChange anObject: Record,
                           at indexPath: IndexPath?, for type: FetchedResultsChangeType, newIndexPath: IndexPath?) {}
    /// Does nothing.
    public func controllerDidChangeContent(_ controller: FetchedResultsController<Record>) {}
}
