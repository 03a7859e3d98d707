import Foundation

/// One section of a ``FetchedResultsController``'s results, as Core Data's
/// `NSFetchedResultsSectionInfo`: its name (the section column's value), the title shown
/// for it in the section index, and its objects.
public struct FetchedResultsSectionInfo<Record: Sendable>: Sendable {
    /// The section column's value for every object of the section ("" for NULL, or for
    /// the single section of a controller without a section column).
    public let name: String
    /// The section's title in the index bar (by default the name's first letter, capitalized).
    public let indexTitle: String?
    /// The objects of the section, in fetch order.
    public let objects: ArraySlice<Record>

    /// How many objects the section holds.
    public var numberOfObjects: Int { objects.count }
}
