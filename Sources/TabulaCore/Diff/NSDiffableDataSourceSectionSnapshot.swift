import Foundation

/// The items of one section as an outline: root items, each with children, each parent
/// expanded or collapsed, as UIKit's `NSDiffableDataSourceSectionSnapshot`.
///
/// A collection view's diffable data source shows a section snapshot's ``visibleItems``
/// (the root items, and the children of every expanded parent whose own parents are
/// expanded) as the section's items; the diff between what was visible and what is
/// visible now is the snapshot diff's. As ``NSDiffableDataSourceSnapshot`` does, a change
/// that cannot be made (an identifier added twice, a parent or anchor that is not there)
/// is recorded in ``problems`` and reported when the snapshot is applied.
///
/// Invariant: every item is in ``items`` once; an item with a parent is among its
/// parent's children and nowhere else; `expanded` holds only items in the snapshot.
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable {
    private var roots: [ItemIdentifierType] = []
    private var children: [ItemIdentifierType: [ItemIdentifierType]] = [:]
    private var parents: [ItemIdentifierType: ItemIdentifierType] = [:]
    private var members: Set<ItemIdentifierType> = []
    private var expanded: Set<ItemIdentifierType> = []
    /// Changes that could not be made, in words (reported when the snapshot is applied).
    public private(set) var problems: [String] = []

    /// An empty section snapshot.
    public init() {}

    // MARK: Reading

    /// Every item, depth first: each parent before its children, expanded or not.
    public var items: [ItemIdentifierType] { flatten(roots, visibleOnly: false) }
    /// The items without a parent, in order.
    public var rootItems: [ItemIdentifierType] { roots }
    /// The items a person sees: the root items and the children of expanded parents whose
    /// ancestors are all expanded, depth first.
    public var visibleItems: [ItemIdentifierType] { flatten(roots, visibleOnly: true) }

    /// Whether the item is in the snapshot.
    public func contains(_ item: ItemIdentifierType) -> Bool { members.contains(item) }
    /// Whether the item is expanded (its children shown when it is visible).
    public func isExpanded(_ item: ItemIdentifierType) -> Bool { expanded.contains(item) }
    /// Whether the item is shown: it is in the snapshot and every ancestor is expanded.
    public func isVisible(_ item: ItemIdentifierType) -> Bool {
        guard members.contains(item) else { return false }
        var next = parents[item]
        while let parent = next {
            if !expanded.contains(parent) { return false }
            next = parents[parent]
        }
        return true
    }
    /// The item's parent, or nil for a root item or an item not in the snapshot.
    public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? { parents[child] }
    /// How deep the item is: 0 for a root item (and for an item not in the snapshot).
    public func level(of item: ItemIdentifierType) -> Int {
        var level = 0, next = parents[item]
        while let parent = next { level += 1; next = parents[parent] }
        return level
    }
    /// The item's position in ``items``, or nil when it is not in the snapshot.
    ///
    /// - Complexity: O(n) for n items.
    public func index(of item: ItemIdentifierType) -> Int? {
        members.contains(item) ? items.firstIndex(of: item) : nil
    }

    /// The subtree under `parent` as a snapshot of its own: its children as root items (or
    /// `parent` as the one root when `includingParent`), with their expansion.
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> Self {
        var result = Self()
        guard members.contains(parent) else {
            result.problems.append("snapshot(of:): item \(String(describing: parent)) is not in the snapshot")
            return result
        }
        func copy(_ item: ItemIdentifierType, under newParent: ItemIdentifierType?) {
            result.append([item], to: newParent)
            if expanded.contains(item) { result.expanded.insert(item) }
            for child in children[item] ?? [] { copy(child, under: item) }
        }
        if includingParent {
            copy(parent, under: nil)
        } else {
            for child in children[parent] ?? [] { copy(child, under: nil) }
        }
        return result
    }

    /// The outline as indented lines, one item a line, collapsed parents marked.
    public func visualDescription() -> String {
        items.map { item in
            let mark = (children[item]?.isEmpty ?? true) ? "" : (expanded.contains(item) ? " (expanded)" : " (collapsed)")
            return String(repeating: "  ", count: level(of: item)) + "\(item)" + mark
        }.joined(separator: "\n")
    }

    // MARK: Changing

    /// Adds items at the end of `parent`'s children (at the end of the root items when nil).
    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        if let parent, !members.contains(parent) {
            problems.append("append(_:to:): parent \(String(describing: parent)) is not in the snapshot")
            return
        }
        let fresh = admit(items, under: parent, "append(_:to:)")
        if let parent { children[parent, default: []] += fresh } else { roots += fresh }
    }

    /// Adds the items of `snapshot` (with their children and expansion) under `parent`.
    public mutating func append(_ snapshot: Self, to parent: ItemIdentifierType? = nil) {
        for root in snapshot.roots { graft(root, from: snapshot, under: parent) }
    }

    /// Inserts items just before `before`, as its siblings.
    public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
        insert(items, near: item, after: false)
    }

    /// Inserts items just after `after`, as its siblings.
    public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
        insert(items, near: item, after: true)
    }

    /// Inserts the items of `snapshot` (with their children and expansion) just before
    /// `item`, its root items as `item`'s siblings.
    public mutating func insert(_ snapshot: Self, before item: ItemIdentifierType) {
        insert(snapshot, near: item, after: false)
    }

    /// Inserts the items of `snapshot` (with their children and expansion) just after
    /// `item`, its root items as `item`'s siblings.
    public mutating func insert(_ snapshot: Self, after item: ItemIdentifierType) {
        insert(snapshot, near: item, after: true)
    }

    /// Deletes items, each with all its children.
    public mutating func delete(_ items: [ItemIdentifierType]) {
        for item in items {
            guard members.contains(item) else {
                problems.append("delete(_:): item \(String(describing: item)) is not in the snapshot")
                continue
            }
            if let parent = parents[item] { children[parent]?.removeAll { $0 == item } } else { roots.removeAll { $0 == item } }
            forget(item)
        }
    }

    /// Removes every item.
    public mutating func deleteAll() {
        roots = []; children = [:]; parents = [:]; members = []; expanded = []
    }

    /// Expands parents: their children become visible (when the parents are).
    public mutating func expand(_ items: [ItemIdentifierType]) {
        for item in items {
            if members.contains(item) { expanded.insert(item) } else {
                problems.append("expand(_:): item \(String(describing: item)) is not in the snapshot")
            }
        }
    }

    /// Collapses parents: their children are hidden.
    public mutating func collapse(_ items: [ItemIdentifierType]) {
        for item in items {
            if members.contains(item) { expanded.remove(item) } else {
                problems.append("collapse(_:): item \(String(describing: item)) is not in the snapshot")
            }
        }
    }

    /// Replaces the children of `parent` with the items of `snapshot`.
    public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: Self) {
        guard members.contains(parent) else {
            problems.append("replace(childrenOf:using:): parent \(String(describing: parent)) is not in the snapshot")
            return
        }
        for child in children[parent] ?? [] { forget(child) }
        children[parent] = []
        append(snapshot, to: parent)
    }

    // MARK: Helpers

    private func flatten(_ level: [ItemIdentifierType], visibleOnly: Bool) -> [ItemIdentifierType] {
        var result: [ItemIdentifierType] = []
        result.reserveCapacity(visibleOnly ? level.count : members.count)
        // Depth first without recursion: a stack of sibling lists and where each is up to.
        var stack: [(items: [ItemIdentifierType], next: Int)] = [(level, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].items.count else { stack.removeLast(); continue }
            let item = stack[top].items[stack[top].next]
            stack[top].next += 1
            result.append(item)
            if let kids = children[item], !kids.isEmpty, !visibleOnly || expanded.contains(item) {
                stack.append((kids, 0))
            }
        }
        return result
    }

    /// The identifiers not yet in the snapshot, entered under `parent` (the others recorded as problems).
    private mutating func admit(_ items: [ItemIdentifierType], under parent: ItemIdentifierType?,
                                _ operation: String) -> [ItemIdentifierType] {
        var fresh: [ItemIdentifierType] = [], duplicates: [ItemIdentifierType] = []
        for item in items {
            if members.insert(item).inserted {
                fresh.append(item)
                if let parent { parents[item] = parent }
            } else {
                duplicates.append(item)
            }
        }
        if !duplicates.isEmpty { problems.append(duplicateIdentifiersProblem(operation, duplicates)) }
        return fresh
    }

    private mutating func insert(_ items: [ItemIdentifierType], near anchor: ItemIdentifierType, after: Bool) {
        let operation = after ? "insert(_:after:)" : "insert(_:before:)"
        guard members.contains(anchor) else {
            problems.append("\(operation): item \(String(describing: anchor)) is not in the snapshot")
            return
        }
        let parent = parents[anchor]
        let fresh = admit(items, under: parent, operation)
        var siblings = parent.map { children[$0] ?? [] } ?? roots
        let at = siblings.firstIndex(of: anchor)! + (after ? 1 : 0)
        siblings.insert(contentsOf: fresh, at: at)
        if let parent { children[parent] = siblings } else { roots = siblings }
    }

    private mutating func insert(_ snapshot: Self, near anchor: ItemIdentifierType, after: Bool) {
        let present = members
        insert(snapshot.roots, near: anchor, after: after)
        for root in snapshot.roots where !present.contains(root) && members.contains(root) {
            if snapshot.expanded.contains(root) { expanded.insert(root) }
            for child in snapshot.children[root] ?? [] { graft(child, from: snapshot, under: root) }
        }
    }

    private mutating func graft(_ item: ItemIdentifierType, from snapshot: Self, under parent: ItemIdentifierType?) {
        let before = members.count
        append([item], to: parent)
        guard members.count > before else { return }
        if snapshot.expanded.contains(item) { expanded.insert(item) }
        for child in snapshot.children[item] ?? [] { graft(child, from: snapshot, under: item) }
    }

    private mutating func forget(_ item: ItemIdentifierType) {
        for child in children[item] ?? [] { forget(child) }
        children[item] = nil
        parents[item] = nil
        members.remove(item)
        expanded.remove(item)
    }
}
