import Foundation

/// What the table's and the collection view's diffable data sources read and change in a
/// snapshot by position (package API: not UIKit's).
extension NSDiffableDataSourceSnapshot {
    /// The item at position `row` of the section at position `section`, or nil when there is none.
    ///
    /// - Complexity: O(1).
    package func itemIdentifier(atRow row: Int, inSectionAt section: Int) -> Item? {
        let sections = itemsBySection
        guard section >= 0, section < sections.count, row >= 0, row < sections[section].count else { return nil }
        return sections[section][row]
    }

    /// The section at position `index`, or nil when there is none.
    package func sectionIdentifier(at index: Int) -> Section? {
        let sections = sectionIdentifiers
        return index >= 0 && index < sections.count ? sections[index] : nil
    }

    /// Moves the item at (`from`, `fromSection`) to position `row` of the section at
    /// `toSection`, as a person's drag leaves it; nothing when either place does not exist.
    package mutating func moveItem(fromRow from: Int, inSectionAt fromSection: Int, toRow row: Int, inSectionAt toSection: Int) {
        guard let item = itemIdentifier(atRow: from, inSectionAt: fromSection),
              let section = sectionIdentifier(at: toSection) else { return }
        deleteItems([item])
        let items = itemIdentifiers(inSection: section)
        if row < items.count {
            insertItems([item], beforeItem: items[max(0, row)])
        } else {
            appendItems([item], toSection: section)
        }
    }
}

/// The words for identifiers that could not be added because they were already there.
func duplicateIdentifiersProblem(_ operation: String, _ duplicates: [some Any]) -> String {
    let named = duplicates.prefix(5).map { String(describing: $0) }.joined(separator: ", ")
    return "\(operation): item identifiers must be unique; \(duplicates.count) already in the snapshot "
        + "(\(named)\(duplicates.count > 5 ? ", …" : "")) were not added"
}
