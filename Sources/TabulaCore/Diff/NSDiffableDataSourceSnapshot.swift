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
    public typealias Section = SectionIdentifierType
    public typealias Item = ItemIdentifierType

    private var sections: [Section] = []
    private var items: [[Item]] = []
    /// The section each item is in.
    private var sectionOfItem: [Item: Section] = [:]
    public private(set) var reloadedItemIdentifiers: [Item] = []
    public private(set) var reconfiguredItemIdentifiers: [Item] = []
    public private(set) var reloadedSectionIdentifiers: [Section] = []
    /// Changes that could not be made, in words (reported when the snapshot is applied).
    public private(set) var problems: [String] = []

    public init() {}

    // MARK: Reading

    public var numberOfSections: Int { sections.count }
    public var numberOfItems: Int { items.reduce(0) { $0 + $1.count } }
    public var sectionIdentifiers: [Section] { sections }
    public var itemIdentifiers: [Item] { items.flatMap { $0 } }

    public func numberOfItems(inSection identifier: Section) -> Int {
        index(ofSection: identifier).map { items[$0].count } ?? 0
    }

    public func itemIdentifiers(inSection identifier: Section) -> [Item] {
        index(ofSection: identifier).map { items[$0] } ?? []
    }

    public func sectionIdentifier(containingItem identifier: Item) -> Section? { sectionOfItem[identifier] }

    /// The item's position among all items, in order.
    public func indexOfItem(_ identifier: Item) -> Int? {
        guard let section = sectionOfItem[identifier], let s = index(ofSection: section),
              let row = items[s].firstIndex(of: identifier) else { return nil }
        return items[..<s].reduce(0) { $0 + $1.count } + row
    }

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

    public mutating func insertItems(_ identifiers: [Item], beforeItem: Item) {
        insert(identifiers, near: beforeItem, after: false)
    }

    public mutating func insertItems(_ identifiers: [Item], afterItem: Item) {
        insert(identifiers, near: afterItem, after: true)
    }

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

    public mutating func deleteAllItems() {
        sections = []
        items = []
        sectionOfItem = [:]
    }

    public mutating func moveItem(_ identifier: Item, beforeItem: Item) { move(identifier, near: beforeItem, after: false) }

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

    public mutating func appendSections(_ identifiers: [Section]) {
        let fresh = admit(identifiers, "appendSections")
        sections += fresh
        items += fresh.map { _ in [] }
    }

    public mutating func insertSections(_ identifiers: [Section], beforeSection: Section) {
        insertSections(identifiers, near: beforeSection, after: false)
    }

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

    public mutating func moveSection(_ identifier: Section, beforeSection: Section) {
        moveSection(identifier, near: beforeSection, after: false)
    }

    public mutating func moveSection(_ identifier: Section, afterSection: Section) {
        moveSection(identifier, near: afterSection, after: true)
    }

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
        if !duplicates.isEmpty {
            let named = duplicates.prefix(5).map { String(describing: $0) }.joined(separator: ", ")
            problems.append("\(operation): item identifiers must be unique; \(duplicates.count) already in the snapshot "
                + "(\(named)\(duplicates.count > 5 ? ", …" : "")) were not added")
        }
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
