#if canImport(UIKit)
import UIKit
#else
import Tabula
#endif
import Foundation
import TabulaData

/// A book on the reading list, as stored.
public struct Book: FetchableRecord, Identifiable, Equatable, Sendable {
    /// The row's identifier.
    public var id: Int64
    /// The title (never empty).
    public var title: String
    /// The author, possibly empty.
    public var author: String
    /// Whether the book has been read.
    public var isRead: Bool

    /// Reads a book from a row of the `book` table.
    public init(row: Row) throws {
        id = row["id"]
        title = row["title"]
        author = row["author"]
        isRead = row["isRead"]
    }
}

/// Why the library refused a change; nothing was changed.
public enum LibraryError: Error, Equatable, CustomStringConvertible {
    /// A book's title was empty or only spaces.
    case emptyTitle
    /// No book has this identifier (it was deleted meanwhile).
    case noSuchBook(Int64)

    /// What to tell the reader.
    public var description: String {
        switch self {
        case .emptyTitle: "A book needs a title."
        case .noSuchBook(let id): "Book \(id) is no longer on the list."
        }
    }
}

/// The reading list in SQLite. Every change is one transaction; the fetched results
/// controllers watching the database animate it into the table.
public final class Library: Sendable {
    /// The database, in memory unless a path was given.
    public let database: DatabaseQueue

    /// Opens (or creates) the library at `path`, or in memory when `path` is nil.
    public init(path: String? = nil) throws {
        database = try path.map { try DatabaseQueue(path: $0) } ?? DatabaseQueue()
        try database.write { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS book(
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    title TEXT NOT NULL CHECK (length(trim(title)) > 0),
                    author TEXT NOT NULL DEFAULT '',
                    isRead BOOLEAN NOT NULL DEFAULT 0)
                """)
        }
    }

    /// A library holding a few classics, for first launch and for tests.
    public static func sample() throws -> Library {
        let library = try Library()
        for (title, author) in [("Middlemarch", "George Eliot"), ("Dune", "Frank Herbert"),
                                ("The Left Hand of Darkness", "Ursula K. Le Guin"), ("Beloved", "Toni Morrison"),
                                ("Pride and Prejudice", "Jane Austen"), ("Invisible Cities", "Italo Calvino")] {
            try library.add(title: title, author: author)
        }
        return library
    }

    /// The request the list shows: every book, or those whose title or author contains
    /// `search`, alphabetically by title.
    public static func books(matching search: String = "") -> SQLRequest<Book> {
        let trimmed = search.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            return SQLRequest(sql: "SELECT * FROM book ORDER BY title COLLATE NOCASE, id")
        }
        return SQLRequest(
            sql: "SELECT * FROM book WHERE title LIKE ? OR author LIKE ? ORDER BY title COLLATE NOCASE, id",
            arguments: ["%\(trimmed)%", "%\(trimmed)%"])
    }

    /// Adds a book; throws ``LibraryError/emptyTitle`` for a blank title.
    @discardableResult
    public func add(title: String, author: String) throws -> Int64 {
        let title = try Self.validTitle(title)
        return try database.write { db in
            try db.execute(sql: "INSERT INTO book(title, author) VALUES (?, ?)",
                           arguments: [title, author.trimmingCharacters(in: .whitespaces)])
            return db.lastInsertedRowID
        }
    }

    /// Changes a book's title and author.
    public func update(_ id: Int64, title: String, author: String) throws {
        let title = try Self.validTitle(title)
        try database.write { db in
            try db.execute(sql: "UPDATE book SET title = ?, author = ? WHERE id = ?",
                           arguments: [title, author.trimmingCharacters(in: .whitespaces), id])
            if db.changesCount == 0 { throw LibraryError.noSuchBook(id) }
        }
    }

    /// Marks a book read or unread.
    public func setRead(_ id: Int64, _ isRead: Bool) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE book SET isRead = ? WHERE id = ?", arguments: [isRead, id])
            if db.changesCount == 0 { throw LibraryError.noSuchBook(id) }
        }
    }

    /// Removes a book.
    public func delete(_ id: Int64) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM book WHERE id = ?", arguments: [id])
        }
    }

    /// The book with this identifier, if it is still there.
    public func book(_ id: Int64) throws -> Book? {
        try database.read { db in try Book.fetchOne(db, sql: "SELECT * FROM book WHERE id = ?", arguments: [id]) }
    }

    private static func validTitle(_ title: String) throws -> String {
        let trimmed = title.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw LibraryError.emptyTitle }
        return trimmed
    }
}
