import Foundation
import GRDB

/// What may have changed in a request's results since the last look.
enum DatabaseChanges: Sendable, Equatable {
    /// Nothing that the request reads.
    case none
    /// Rows of the followed table, by rowid, inserted, updated or deleted by commits of
    /// the controller's writer — and nothing else that the request reads.
    case rows(Set<Int64>)
    /// Something that cannot be told row by row: the caller must fetch everything.
    case unknown
}

/// Notices commits that may change a request's results, from any connection, and tells
/// which rows of one table they changed when it can.
///
/// Two sources, because SQLite tells a connection only about its own writes:
///
/// - Commits through the controller's writer are observed by a GRDB transaction observer
///   tracking the request's region: only a transaction that touched the tables and
///   columns the request reads counts. For the *followed table* (``follow(table:rowIDNames:rowLimit:)``),
///   the observer collects the rowid of each inserted, updated or deleted row
///   (`databaseDidChange(with:)`), so that the controller can refetch those rows alone.
///   The observer's callbacks run on the writer's queue, the last right after the commit
///   and before the write call returns, so a write made on the main actor is seen at the
///   very next check.
/// - Commits by other connections (a second `DatabaseQueue` or `DatabasePool` on the same
///   file, another process) are invisible to those hooks. A watch connection of its own,
///   opened read-only on the same file, reads `PRAGMA data_version`, which changes
///   whenever any other connection has committed — the writer included. So that the
///   writer's own commits are not taken for someone else's, the observer reads the watch
///   connection's version right after each of the writer's commits, then the writer's own
///   `PRAGMA data_version` (which changes only for the others' commits): when the latter
///   has not moved since the writer's previous commit, nobody else committed in between,
///   and the version just read is the writer's own doing. Any other version seen at a
///   check is an unknown change. In-memory databases have no other connections and no
///   watch connection.
///
/// The changes are ``DatabaseChanges/unknown`` — refetch everything — when a commit came
/// from another connection, touched another table the request reads, was notified without
/// row events (`Database.notifyChanges(in:)`, the only way a `WITHOUT ROWID` table or a
/// schema change is told), updated a rowid (its event names the new rowid only), or
/// changed more rows than the limit set with ``follow(table:rowIDNames:rowLimit:)``.
///
/// ``takeChanges()`` is called on the main actor once per frame; the changes are taken and
/// the version read *before* the caller refetches, so a commit that lands during the
/// refetch is seen at the next check: no commit is ever missed, at worst fetched twice.
final class DatabaseChangeWatcher: Sendable {
    /// What the observer shares with the main actor.
    struct Shared: Sendable {
        /// The changes committed since the last ``takeChanges()``.
        var pending = DatabaseChanges.none
        /// The followed table, its rowid's names (lowercased) and the largest number of
        /// its rows followed one by one; nil follows none.
        var followed: (table: String, rowIDNames: Set<String>, rowLimit: Int)?
        /// The watch connection's version after the writer's last commit, or as last read.
        var knownVersion: Int?
        /// The writer's own `PRAGMA data_version` after its last commit.
        var writerVersion: Int?
    }

    private let shared: Locked<Shared>
    private let observer: RowChangeObserver
    private let watchConnection: DatabaseQueue?

    init(writer: any DatabaseWriter, region: some DatabaseRegionConvertible) throws {
        let path = writer.path
        if path.isEmpty || path == ":memory:" || path.hasPrefix("file::memory:") {
            watchConnection = nil
        } else {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.label = "TabulaData.DatabaseChangeWatcher"
            watchConnection = try DatabaseQueue(path: path, configuration: configuration)
        }
        let shared = Locked(Shared())
        self.shared = shared
        let watchConnection = self.watchConnection
        observer = try writer.unsafeReentrantWrite { db in
            let observer = RowChangeObserver(region: try region.databaseRegion(db),
                                             shared: shared, watchConnection: watchConnection)
            try shared.update { $0.writerVersion = try Self.dataVersion(db) }
            // The observer lives as long as the watcher: `.observerLifetime` lets GRDB drop
            // it then, without another write to remove it.
            db.add(transactionObserver: observer, extent: .observerLifetime)
            return observer
        }
        if let watchConnection {
            let version = try watchConnection.read(Self.dataVersion)
            shared.update { $0.knownVersion = version }
        }
    }

    /// Collects the rowids of `table`'s changed rows from now on, up to `rowLimit` rows
    /// between two checks (more are an unknown change); nil collects none.
    func follow(table: String?, rowIDNames: Set<String>, rowLimit: Int) {
        shared.update { shared in
            shared.followed = table.map { ($0, rowIDNames, rowLimit) }
        }
    }

    /// What may have changed since the last call.
    func takeChanges() -> DatabaseChanges {
        let version = watchConnection.map { connection in Result { try connection.read(Self.dataVersion) } }
        return shared.update { shared in
            var changes = shared.pending
            shared.pending = .none
            switch version {
            case nil:
                break
            case .success(let version)?:
                if version != shared.knownVersion { changes = .unknown }   // another connection committed
                shared.knownVersion = version
            case .failure?:
                changes = .unknown
                shared.knownVersion = nil
            }
            return changes
        }
    }

    /// A connection's `PRAGMA data_version`.
    static func dataVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }
}

/// The writer's transaction observer behind ``DatabaseChangeWatcher``: collects the
/// rowids a transaction changed in the followed table, and hands them over at commit.
private final class RowChangeObserver: TransactionObserver, @unchecked Sendable {
    // Only touched on the writer's queue, except through `shared`.
    private let region: DatabaseRegion
    private let shared: Locked<DatabaseChangeWatcher.Shared>
    private let watchConnection: DatabaseQueue?
    /// The followed table as of the transaction's first statement, once read.
    private var followed: (table: String, rowIDNames: Set<String>, rowLimit: Int)?
    /// Whether `followed` was read in this transaction.
    private var hasReadFollowed = false
    /// The transaction's changed rowids of the followed table.
    private var rowIDs = Set<Int64>()
    /// Whether the transaction changed something that is not in `rowIDs`.
    private var unknown = false
    /// Whether the transaction changed something the request reads.
    private var changed = false

    init(region: DatabaseRegion, shared: Locked<DatabaseChangeWatcher.Shared>, watchConnection: DatabaseQueue?) {
        self.region = region
        self.shared = shared
        self.watchConnection = watchConnection
    }

    /// Whether events of `eventKind` may change the request's results. An update that sets
    /// the followed table's rowid makes the transaction unknown: its events name the new
    /// rowid only, and the row at the old one is gone without a word.
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        if case .update(let table, let columns) = eventKind, let followed = currentFollowed(),
           table.caseInsensitiveCompare(followed.table) == .orderedSame,
           columns.contains(where: { followed.rowIDNames.contains($0.lowercased()) }) {
            changed = true
            unknown = true
        }
        return region.isModified(byEventsOfKind: eventKind)
    }

    /// A change notified without rows: unknown.
    func databaseDidChange() {
        changed = true
        unknown = true
        stopObservingDatabaseChangesUntilNextTransaction()
    }

    /// Collects the row of a followed table's event (of the main database: a temporary
    /// table may have the same name); any other event is unknown.
    func databaseDidChange(with event: DatabaseEvent) {
        guard region.isModified(by: event) else { return }
        changed = true
        guard let followed = currentFollowed(), event.databaseName == "main",
              event.tableName.caseInsensitiveCompare(followed.table) == .orderedSame,
              rowIDs.count < followed.rowLimit else {
            unknown = true
            rowIDs = []
            stopObservingDatabaseChangesUntilNextTransaction()
            return
        }
        rowIDs.insert(event.rowID)
    }

    /// Hands the transaction's changes over, with what the versions say of other connections.
    func databaseDidCommit(_ db: Database) {
        let watchVersion = try? watchConnection?.read(DatabaseChangeWatcher.dataVersion)
        let writerVersion = try? DatabaseChangeWatcher.dataVersion(db)
        let (changed, unknown, rowIDs) = (self.changed, self.unknown, self.rowIDs)
        reset()
        shared.update { shared in
            if watchConnection != nil {
                if let writerVersion, writerVersion == shared.writerVersion, let watchVersion {
                    // Nobody else committed since the writer's previous commit: the watch
                    // connection's version is the writer's doing.
                    shared.knownVersion = watchVersion
                } else {
                    shared.pending = .unknown
                }
                shared.writerVersion = writerVersion
            }
            guard changed else { return }
            switch shared.pending {
            case .unknown:
                break
            case _ where unknown:
                shared.pending = .unknown
            case .none:
                shared.pending = .rows(rowIDs)
            case .rows(let pending):
                let union = pending.union(rowIDs)
                shared.pending = union.count > (shared.followed?.rowLimit ?? 0) ? .unknown : .rows(union)
            }
        }
    }

    /// Forgets the transaction.
    func databaseDidRollback(_ db: Database) { reset() }

    /// The followed table, read once a transaction (a lock taken per statement otherwise).
    private func currentFollowed() -> (table: String, rowIDNames: Set<String>, rowLimit: Int)? {
        if !hasReadFollowed {
            followed = shared.update { $0.followed }
            hasReadFollowed = true
        }
        return followed
    }

    /// Clears the transaction's state.
    private func reset() {
        rowIDs = []
        unknown = false
        changed = false
        followed = nil
        hasReadFollowed = false
    }
}

/// A value behind a lock, set on one thread and read on another.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    /// A box holding `value`.
    init(_ value: Value) { self.value = value }

    /// Runs `body` on the value, holding the lock, and returns what it returns.
    @discardableResult
    func update<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
