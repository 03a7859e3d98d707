import Foundation

/// A mistake in a ``FetchedResultsController``'s request or data, or a database error,
/// with a message that names what was wrong.
public struct FetchedResultsError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong.
    public enum Kind: String, Sendable, Equatable {
        /// The section column is not among the request's result columns.
        case missingSectionColumn
        /// Rows of one section are not next to each other: the request is not sorted by
        /// the section column first.
        case sectionsNotContiguous
        /// Two fetched rows have the same id.
        case duplicateIdentifier
        /// An index path or object the controller does not hold.
        case notFound
        /// SQLite or GRDB failed (the message carries its error).
        case database
    }

    /// What went wrong.
    public let kind: Kind
    /// A sentence a person can act on.
    public let message: String

    /// An error of `kind` explained by `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
