import Foundation

/// Something the app asked of a table view that cannot be done as asked: a bad count or
/// height from the data source, an index path out of range, a cell handed out for two
/// rows, a reload from inside `cellForRowAt`, an inconsistent batch update.
///
/// UIKit raises an exception and the app dies. A Tabula table reports the error to
/// `UITableView.onInvalidUpdate` and carries on with consistent content (see
/// `UITableView.InvalidUpdatePolicy`); each case documents what the table does instead.
public struct TableUpdateError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What kind of mistake was made, and so what the table did instead.
    public enum Kind: Sendable, Equatable {
        /// A negative number of rows or sections; the table uses 0.
        case invalidCount
        /// A negative or non-finite height; the table uses 0 (non-finite: the estimate).
        case invalidHeight
        /// An index path or section outside the table; the call does nothing.
        case indexOutOfRange
        /// The same cell object returned for two rows on screen at once; the second row
        /// shows an empty cell until it is asked for again.
        case cellReusedWhileVisible
        /// No cell class or factory registered for a reuse identifier; an empty cell is used.
        case unregisteredIdentifier
        /// `reloadData()` or a batch update made while the table was asking its data
        /// source or delegate for counts, heights or cells (from inside
        /// `numberOfRowsInSection`, `cellForRowAt`, …); the table reloads at the next layout.
        case reloadDuringLayout
        /// An inconsistent batch update (counts, moves, operations); the table reloads.
        case invalidUpdate
        /// beginUpdates without endUpdates by the end of a run loop turn, or the reverse.
        case unbalancedUpdates
    }

    /// What kind of mistake it was.
    public let kind: Kind
    /// What was wrong and where, in words a person can act on.
    public let message: String

    /// An error of `kind` explained by `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
