import Foundation

/// A row moved by a batch update: `from` names it before the update, `to` after.
public struct RowMove: Sendable, Hashable, CustomStringConvertible {
    /// The row's index path before the update.
    public var from: IndexPath
    /// The row's index path after the update.
    public var to: IndexPath
    /// A move of the row at `from` (before the update) to `to` (after it).
    public init(from: IndexPath, to: IndexPath) { self.from = from; self.to = to }
    /// The move as `[section, row]→[section, row]`.
    public var description: String { "\(from.tableDescription)→\(to.tableDescription)" }
}

/// A section moved by a batch update: `from` before the update, `to` after.
public struct SectionMove: Sendable, Hashable, CustomStringConvertible {
    /// The section's index before the update.
    public var from: Int
    /// The section's index after the update.
    public var to: Int
    /// A move of section `from` (before the update) to `to` (after it).
    public init(from: Int, to: Int) { self.from = from; self.to = to }
    /// The move as `from→to`.
    public var description: String { "\(from)→\(to)" }
}

/// The changes of one batch update, as the app told them to the table view, in the
/// terms of WWDC 2010, Mastering Table Views: deletes, reloads and the source of a move name rows and sections
/// as they are *before* the update; inserts and the destination of a move name them as
/// they are *after* it. The order in which they were told does not matter.
public struct UpdateOperations: Sendable, Equatable, CustomStringConvertible {
    /// New section indexes.
    public var insertedSections: [Int] = []
    /// Old section indexes.
    public var deletedSections: [Int] = []
    /// Old section indexes: the section stays where the others put it, with all its rows replaced.
    public var reloadedSections: [Int] = []
    /// Sections moved, with all their rows: old index to new index.
    public var movedSections: [SectionMove] = []
    /// New index paths.
    public var insertedRows: [IndexPath] = []
    /// Old index paths.
    public var deletedRows: [IndexPath] = []
    /// Old index paths: the row stays where the others put it, with a new cell.
    public var reloadedRows: [IndexPath] = []
    /// Rows moved: old index path to new index path.
    public var movedRows: [RowMove] = []

    /// An update with no changes.
    public init() {}

    /// Whether the update changes nothing.
    public var isEmpty: Bool {
        insertedSections.isEmpty && deletedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
            && insertedRows.isEmpty && deletedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty
    }

    /// Adds the operations of `other` (another call inside the same update block).
    public mutating func append(_ other: UpdateOperations) {
        insertedSections += other.insertedSections
        deletedSections += other.deletedSections
        reloadedSections += other.reloadedSections
        movedSections += other.movedSections
        insertedRows += other.insertedRows
        deletedRows += other.deletedRows
        reloadedRows += other.reloadedRows
        movedRows += other.movedRows
    }

    /// A short account of the update for error messages, e.g.
    /// "delete rows [0, 1] [0, 3]; insert sections 2": at most a few items per kind.
    public var description: String {
        var parts: [String] = []
        func add<T>(_ name: String, _ items: [T], _ show: (T) -> String) {
            guard !items.isEmpty else { return }
            let shown = items.prefix(6).map(show).joined(separator: " ")
            parts.append("\(name) \(shown)" + (items.count > 6 ? " … (\(items.count) in all)" : ""))
        }
        add("delete sections", deletedSections.sorted()) { "\($0)" }
        add("insert sections", insertedSections.sorted()) { "\($0)" }
        add("reload sections", reloadedSections.sorted()) { "\($0)" }
        add("move sections", movedSections) { $0.description }
        add("delete rows", deletedRows.sorted()) { $0.tableDescription }
        add("insert rows", insertedRows.sorted()) { $0.tableDescription }
        add("reload rows", reloadedRows.sorted()) { $0.tableDescription }
        add("move rows", movedRows) { $0.description }
        return parts.isEmpty ? "no changes" : parts.joined(separator: "; ")
    }
}

extension IndexPath {
    /// "[section, row]", as UIKit prints index paths in its update errors.
    public var tableDescription: String { count == 2 ? "[\(self[0]), \(self[1])]" : "\(Array(self))" }
}
