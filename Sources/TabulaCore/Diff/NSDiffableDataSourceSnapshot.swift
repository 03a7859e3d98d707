import Foundation

/// The state of a table's data by identity: sections of items, each section and item
/// named by a unique identifier, as UIKit's `NSDiffableDataSourceSnapshot`.
///
/// A snapshot is a value: make one (or take the data source's), change it, and apply
/// it. A change that cannot be made as asked — an item or section that is not in the
/// snapshot, an identifier added twice — is not made; it is recorded in ``problems``
/// and the data source reports it when the snapshot is applied (UIKit raises an
/// exception at the call).
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    /// The type that identifies a section.
    public typealias Section = SectionIdentifierType
    /// The type that identifies an item.
    public typealias Item = ItemIdentifierType

    private var sections: [Section] = []
    private var items: [[Item]] = []
    /// The section each item is in.
    private var sectionOfItem: [Item: Section] = [:]
    /// The items marked by ``reloadItems(_:)``, to get new cells when the snapshot is applied.
    public private(set) var reloadedItemIdentifiers: [Item] = []
    /// The items marked by ``reconfigureItems(_:)``, to have their cells configured again in place.
    public private(set) var reconfiguredItemIdentifiers: [Item] = []
    /// The sections marked by ``reloadSections(_:)``, to be reloaded when the snapshot is applied.
    public private(set) var reloadedSectionIdentifiers: [Section] = []
    /// Changes that could not be made, in words (reported when the snapshot is applied).
    public private(set) var problems: [String] = []

    /// An empty snapshot: no sections, no items.
    public init() {}

    // MARK: Reading

    /// The number of sections.
    public var numberOfSections: Int { sections.count }
    /// The number of items in all sections.
    ///
    /// - Complexity: O(s) for s sections.
    public var numberOfItems: Int { items.reduce(0) { $0 + $1.count } }
    /// The sections, in order.
    public var sectionIdentifiers: [Section] { sections }
    /// Every item, section by section, in order.
    public var itemIdentifiers: [Item] { items.flatMap { $0 } }

    /// The number of items in `identifier`'s section, 0 when the section is not in the snapshot.
    ///
    /// - Complexity: O(s) for s sections, to find the section.
    public func numberOfItems(inSection identifier: Section) -> Int {
        index(ofSection: identifier).map { items[$0].count } ?? 0
    }

    /// The items of `identifier`'s section, in order; empty when the section is not in the snapshot.
    ///
    /// - Complexity: O(s) for s sections, to find the section.
    public func itemIdentifiers(inSection identifier: Section) -> [Item] {
        index(ofSection: identifier).map { items[$0] } ?? []
    }

    /// The section that holds the item, or nil if the item is not in the snapshot.
    ///
    /// - Complexity: O(1) on average: a dictionary look-up.
    public func sectionIdentifier(containingItem identifier: Item) -> Section? { sectionOfItem[identifier] }

    /// The item's position among all items, in order.
    public func indexOfItem(_ identifier: Item) -> Int? {
        guard let section = sectionOfItem[identifier], let s = index(ofSection: section),
              let row = items[s].firstIndex(of: identifier) else { return nil }
        return items[..<s].reduce(0) { $0 + $1.count } + row
    }

    /// The section's position among the sections, or nil if it is not in the snapshot.
    ///
    /// - Complexity: O(s) for s sections.
    public func indexOfSection(_ identifier: Section) -> Int? { index(ofSection: identifier) }

    /// The item's section index and row.
    public func indexPath(of identifier: Item) -> IndexPath? {
        guard let section = sectionOfItem[identifier], let s = index(ofSection: section),
              let row = items[s].firstIndex(of: identifier) else { return nil }
        return IndexPath(row: row, section: s)
    }

    /// The items of every section, in order (for diffing).
    public var itemsBySection: [[Item]] { items }

    private func index(ofSection identifier: Section) -> Int? { sections.firstIndex(of: identifier) }

    // MARK: Items

    /// Adds items at the end of `section` (the last section when nil).
    public mutating func appendItems(_ identifiers: [Item], toSection section: Section? = nil) {
        guard let s = section.map({ index(ofSection: $0) }) ?? (sections.isEmpty ? nil : sections.count - 1) else {
            problems.append(section.map { "appendItems: section \(String(describing: $0)) is not in the snapshot" }
                ?? "appendItems: the snapshot has no section to append to")
            return
        }
        let fresh = admit(identifiers, into: sections[s], "appendItems")
        items[s].append(contentsOf: fresh)
    }

    /// Inserts items just before `beforeItem`, in its section.
    ///
    /// If `beforeItem` is not in the snapshot nothing is inserted; identifiers already in the
    /// snapshot are skipped. Either is recorded in ``problems``.
    public mutating func insertItems(_ identifiers: [Item], beforeItem: Item) {
        insert(identifiers, near: beforeItem, after: false)
    }

    /// Inserts items just after `afterItem`, in its section.
    ///
    /// If `afterItem` is not in the snapshot nothing is inserted; identifiers already in the
    /// snapshot are skipped. Either is recorded in ``problems``.
    public mutating func insertItems(_ identifiers: [Item], afterItem: Item) {
        insert(identifiers, near: afterItem, after: true)
    }

    /// Removes items from their sections; an item not in the snapshot is recorded in ``problems``.
    public mutating func deleteItems(_ identifiers: [Item]) {
        var bySection: [Section: Set<Item>] = [:]
        for item in identifiers {
            guard let section = sectionOfItem.removeValue(forKey: item) else {
                problems.append("deleteItems: item \(String(describing: item)) is not in the snapshot")
                continue
            }
            bySection[section, default: []].insert(item)
        }
        for (section, gone) in bySection {
            guard let s = index(ofSection: section) else { continue }
            items[s].removeAll { gone.contains($0) }
        }
    }

    /// Removes every section and every item.
    public mutating func deleteAllItems() {
        sections = []
        items = []
        sectionOfItem = [:]
    }

    /// Moves an item to just before `beforeItem`, into its section if that is another one.
    ///
    /// Nothing moves, and the missing identifier is recorded in ``problems``, if either item
    /// is not in the snapshot.
    public mutating func moveItem(_ identifier: Item, beforeItem: Item) { move(identifier, near: beforeItem, after: false) }

    /// Moves an item to just after `afterItem`, into its section if that is another one.
    ///
    /// Nothing moves, and the missing identifier is recorded in ``problems``, if either item
    /// is not in the snapshot.
    public mutating func moveItem(_ identifier: Item, afterItem: Item) { move(identifier, near: afterItem, after: true) }

    /// Marks items to get new cells when the snapshot is applied.
    public mutating func reloadItems(_ identifiers: [Item]) {
        for item in identifiers where sectionOfItem[item] == nil {
            problems.append("reloadItems: item \(String(describing: item)) is not in the snapshot")
        }
        reloadedItemIdentifiers += identifiers.filter { sectionOfItem[$0] != nil }
    }

    /// Marks items to have their existing cells configured again when the snapshot is applied.
    public mutating func reconfigureItems(_ identifiers: [Item]) {
        for item in identifiers where sectionOfItem[item] == nil {
            problems.append("reconfigureItems: item \(String(describing: item)) is not in the snapshot")
        }
        reconfiguredItemIdentifiers += identifiers.filter { sectionOfItem[$0] != nil }
    }

    // MARK: Sections

    /// Adds empty sections at the end; identifiers already in the snapshot are skipped and recorded in ``problems``.
    public mutating func appendSections(_ identifiers: [Section]) {
        let fresh = admit(identifiers, "appendSections")
        sections += fresh
        items += fresh.map { _ in [] }
    }

    /// Inserts empty sections just before `beforeSection`.
    ///
    /// If `beforeSection` is not in the snapshot nothing is inserted; identifiers already in
    /// the snapshot are skipped. Either is recorded in ``problems``.
    public mutating func insertSections(_ identifiers: [Section], beforeSection: Section) {
        insertSections(identifiers, near: beforeSection, after: false)
    }

    /// Inserts empty sections just after `afterSection`.
    ///
    /// If `afterSection` is not in the snapshot nothing is inserted; identifiers already in
    /// the snapshot are skipped. Either is recorded in ``problems``.
    public mutating func insertSections(_ identifiers: [Section], afterSection: Section) {
        insertSections(identifiers, near: afterSection, after: true)
    }

    /// Deletes sections and their items.
    public mutating func deleteSections(_ identifiers: [Section]) {
        for section in identifiers {
            guard let s = index(ofSection: section) else {
                problems.append("deleteSections: section \(String(describing: section)) is not in the snapshot")
                continue
            }
            for item in items[s] { sectionOfItem[item] = nil }
            sections.remove(at: s)
            items.remove(at: s)
        }
    }

    /// Moves a section, with its items, to just before `beforeSection`.
    ///
    /// Nothing moves, and the missing identifier is recorded in ``problems``, if either
    /// section is not in the snapshot.
    public mutating func moveSection(_ identifier: Section, beforeSection: Section) {
        moveSection(identifier, near: beforeSection, after: false)
    }

    /// Moves a section, with its items, to just after `afterSection`.
    ///
    /// Nothing moves, and the missing identifier is recorded in ``problems``, if either
    /// section is not in the snapshot.
    public mutating func moveSection(_ identifier: Section, afterSection: Section) {
        moveSection(identifier, near: afterSection, after: true)
    }

    /// Marks sections to be reloaded, all their rows getting new cells, when the snapshot is applied.
    ///
    /// A section not in the snapshot is recorded in ``problems``.
    public mutating func reloadSections(_ identifiers: [Section]) {
        for section in identifiers where index(ofSection: section) == nil {
            problems.append("reloadSections: section \(String(describing: section)) is not in the snapshot")
        }
        reloadedSectionIdentifiers += identifiers.filter { index(ofSection: $0) != nil }
    }

    // MARK: Helpers

    /// The identifiers not yet in the snapshot (recording the others as problems).
    private mutating func admit(_ identifiers: [Item], into section: Section, _ operation: String) -> [Item] {
        var fresh: [Item] = []
        var duplicates: [Item] = []
        fresh.reserveCapacity(identifiers.count)
        for item in identifiers {
            if sectionOfItem[item] == nil {
                sectionOfItem[item] = section
                fresh.append(item)
            } else {
                duplicates.append(item)
            }
        }
        if !duplicates.isEmpty { problems.append(duplicateIdentifiersProblem(operation, duplicates)) }
        return fresh
    }

    private mutating func admit(_ identifiers: [Section], _ operation: String) -> [Section] {
        var seen = Set(sections), fresh: [Section] = [], duplicates: [Section] = []
        for section in identifiers {
            if seen.insert(section).inserted { fresh.append(section) } else { duplicates.append(section) }
        }
        if !duplicates.isEmpty {
            problems.append("\(operation): section identifiers must be unique; "
                + "\(duplicates.prefix(5).map { String(describing: $0) }.joined(separator: ", ")) already in the snapshot "
                + "were not added")
        }
        return fresh
    }

    private mutating func insert(_ identifiers: [Item], near anchor: Item, after: Bool) {
        let operation = after ? "insertItems(_:afterItem:)" : "insertItems(_:beforeItem:)"
        guard let section = sectionOfItem[anchor], let s = index(ofSection: section),
              let row = items[s].firstIndex(of: anchor) else {
            problems.append("\(operation): item \(String(describing: anchor)) is not in the snapshot")
            return
        }
        let fresh = admit(identifiers, into: section, operation)
        items[s].insert(contentsOf: fresh, at: after ? row + 1 : row)
    }

    private mutating func move(_ item: Item, near anchor: Item, after: Bool) {
        let operation = after ? "moveItem(_:afterItem:)" : "moveItem(_:beforeItem:)"
        guard item != anchor else { return }
        guard let from = sectionOfItem[item], let fs = index(ofSection: from),
              let to = sectionOfItem[anchor], index(ofSection: to) != nil else {
            let missing = sectionOfItem[item] == nil ? item : anchor
            problems.append("\(operation): item \(String(describing: missing)) is not in the snapshot")
            return
        }
        items[fs].removeAll { $0 == item }
        let ts = index(ofSection: to)!
        let row = items[ts].firstIndex(of: anchor)!
        items[ts].insert(item, at: after ? row + 1 : row)
        sectionOfItem[item] = to
    }

    private mutating func insertSections(_ identifiers: [Section], near anchor: Section, after: Bool) {
        let operation = after ? "insertSections(_:afterSection:)" : "insertSections(_:beforeSection:)"
        guard let s = index(ofSection: anchor) else {
            problems.append("\(operation): section \(String(describing: anchor)) is not in the snapshot")
            return
        }
        let fresh = admit(identifiers, operation)
        let at = after ? s + 1 : s
        sections.insert(contentsOf: fresh, at: at)
        items.insert(contentsOf: fresh.map { _ in [] }, at: at)
    }

    private mutating func moveSection(_ section: Section, near anchor: Section, after: Bool) {
        let operation = after ? "moveSection(_:afterSection:)" : "moveSection(_:beforeSection:)"
        guard section != anchor else { return }
        guard let from = index(ofSection: section), index(ofSection: anchor) != nil else {
            let missing = index(ofSection: section) == nil ? section : anchor
            problems.append("\(operation): section \(String(describing: missing)) is not in the snapshot")
            return
        }
        sections.remove(at: from)
        let moved = items.remove(at: from)
        let to = index(ofSection: anchor)! + (after ? 1 : 0)
        sections.insert(section, at: to)
        items.insert(moved, at: to)
    }

    /// Forgets reload and reconfigure marks and problems (once applied).
    public mutating func clearMarks() {
        reloadedItemIdentifiers = []
        reconfiguredItemIdentifiers = []
        reloadedSectionIdentifiers = []
        problems = []
    }
}
