import Foundation
import TabulaCore

/// A reordering of a diffable data source's items: the snapshots before and after and the
/// difference between them, as UIKit's `NSDiffableDataSourceTransaction`. The collection
/// view's diffable data source hands one to its ``UICollectionViewDiffableDataSource/ReorderingHandlers``.
public struct NSDiffableDataSourceTransaction<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    Sendable {
    /// The snapshot before the reordering.
    public let initialSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The snapshot after it.
    public let finalSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The change of the flat list of items (a move is a removal and an insertion associated with each other).
    public let difference: CollectionDifference<ItemIdentifierType>
    /// The change of each section the reordering touched.
    public let sectionTransactions: [NSDiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]
}

/// The part of a reordering in one section, as UIKit's `NSDiffableDataSourceSectionTransaction`.
public struct NSDiffableDataSourceSectionTransaction<SectionIdentifierType: Hashable & Sendable,
                                                     ItemIdentifierType: Hashable & Sendable>: Sendable {
    /// The section.
    public let sectionIdentifier: SectionIdentifierType
    /// The section's items before the reordering.
    public let initialSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// The section's items after it.
    public let finalSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
    /// The change of the section's items.
    public let difference: CollectionDifference<ItemIdentifierType>
}

extension NSDiffableDataSourceTransaction {
    /// The transaction of moving one item from `before` to `after` (the same snapshots but
    /// for that item's place).
    init(moving item: ItemIdentifierType, from before: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
         to after: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>) {
        initialSnapshot = before
        finalSnapshot = after
        difference = Self.move(item, from: before.indexOfItem(item), to: after.indexOfItem(item))
        var sections: [SectionIdentifierType] = []
        for section in [before.sectionIdentifier(containingItem: item), after.sectionIdentifier(containingItem: item)] {
            if let section, !sections.contains(section) { sections.append(section) }
        }
        sectionTransactions = sections.map { section in
            let old = before.itemIdentifiers(inSection: section), new = after.itemIdentifiers(inSection: section)
            var initial = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>(), final = initial
            initial.append(old)
            final.append(new)
            return NSDiffableDataSourceSectionTransaction(
                sectionIdentifier: section, initialSnapshot: initial, finalSnapshot: final,
                difference: Self.move(item, from: old.firstIndex(of: item), to: new.firstIndex(of: item)))
        }
    }

    /// `item` leaving `from` and arriving at `to` (either nil when it is not on that side).
    private static func move(_ item: ItemIdentifierType, from: Int?, to: Int?) -> CollectionDifference<ItemIdentifierType> {
        var changes: [CollectionDifference<ItemIdentifierType>.Change] = []
        if let from { changes.append(.remove(offset: from, element: item, associatedWith: to)) }
        if let to { changes.append(.insert(offset: to, element: item, associatedWith: from)) }
        if from == to { changes = [] }
        return CollectionDifference(changes) ?? CollectionDifference([])!
    }
}
