import Foundation
import GRDB

/// Notices commits that may change a request's results, from any connection.
///
/// Two sources, because SQLite tells a connection only about its own writes:
///
/// - Commits through the controller's writer are observed with GRDB's
///   `DatabaseRegionObservation`, tracking the request's region: only a transaction that
///   touched the tables and columns the request reads sets the flag. The observation's
///   callback runs on the writer's queue right after the commit, before the write call
///   returns, so a write made on the main actor is seen at the very next check.
/// - Commits by other connections (a second `DatabaseQueue` or `DatabasePool` on the same
///   file, another process) are invisible to those hooks. A watch connection of its own,
///   opened read-only on the same file, reads `PRAGMA data_version`, which changes
///   whenever any other connection has committed. It also changes for the writer's own
///   commits (to any table), so those may cost one extra refetch that finds nothing new.
///   In-memory databases have no other connections and no watch connection.
///
/// ``takeChanges()`` is called on the main actor once per frame; the flag is cleared and
/// the version read *before* the caller refetches, so a commit that lands during the
/// refetch is seen at the next check: no commit is ever missed, at worst fetched twice.
final class DatabaseChangeWatcher: Sendable {
    private let flag = ChangeFlag()
    private let observation: AnyDatabaseCancellable
    private let watchConnection: DatabaseQueue?
    private let lastVersion = ChangeFlag.Box<Int?>(nil)

    init(writer: any DatabaseWriter, region: some DatabaseRegionConvertible) throws {
        let flag = self.flag
        observation = DatabaseRegionObservation(tracking: region).start(
            in: writer,
            onError: { _ in flag.set() },   // an observation error: refetch, which reports it
            onChange: { _ in flag.set() })
        let path = writer.path
        if path.isEmpty || path == ":memory:" || path.hasPrefix("file::memory:") {
            watchConnection = nil
        } else {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.label = "TabulaData.DatabaseChangeWatcher"
            watchConnection = try DatabaseQueue(path: path, configuration: configuration)
        }
        _ = try dataVersionChanged()
    }

    deinit { observation.cancel() }

    /// Whether anything may have changed since the last call; resets the flag.
    func takeChanges() -> Bool {
        let observed = flag.take()
        let external = (try? dataVersionChanged()) ?? true
        return observed || external
    }

    /// Reads the watch connection's data version; true when it moved since the last read.
    private func dataVersionChanged() throws -> Bool {
        guard let watchConnection else { return false }
        let version = try watchConnection.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
        return lastVersion.exchange(version) != version
    }
}

/// A flag set on one thread and taken on another.
final class ChangeFlag: Sendable {
    private let box = Box(false)

    func set() { box.exchange(true) }
    func take() -> Bool { box.exchange(false) }

    /// A value behind a lock.
    final class Box<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value
        init(_ value: Value) { self.value = value }

        /// Stores `new` and returns what was there.
        @discardableResult
        func exchange(_ new: Value) -> Value {
            lock.lock()
            defer { lock.unlock() }
            let old = value
            value = new
            return old
        }
    }
}
