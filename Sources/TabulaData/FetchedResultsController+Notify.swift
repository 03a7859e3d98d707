import Foundation

extension FetchedResultsController {
    /// Tells the delegate about `changes` from `old` to the current state, in Core Data's
    /// order: will change, deleted then inserted sections, object changes, did change.
    func notify(_ changes: FetchedResultsChanges, old: FetchedSections<Record>) {
        guard let delegate else { return }
        delegate.controllerWillChangeContent(self)
        for s in changes.deletedSections {
            let name = old.sectionNames[s]
            let info = FetchedResultsSectionInfo(name: name, indexTitle: sectionIndexTitleForSectionName(name),
                                                 objects: old.objects[old.sectionStarts[s] ..< old.sectionStarts[s + 1]])
            delegate.controller(self, didChange: info, atSectionIndex: s, for: .delete)
        }
        for s in changes.insertedSections {
            delegate.controller(self, didChange: sectionInfo(s), atSectionIndex: s, for: .insert)
        }
        for change in changes.objectChanges {
            let object = change.type == .delete
                ? old.objects[old.offset(of: change.indexPath!)!]
                : state.objects[state.offset(of: change.newIndexPath!)!]
            delegate.controller(self, didChange: object, at: change.indexPath, for: change.type,
                                newIndexPath: change.newIndexPath)
        }
        delegate.controllerDidChangeContent(self)
    }
}
