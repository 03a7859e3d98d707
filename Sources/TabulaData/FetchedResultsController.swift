import Foundation
import GRDB
import Tabula
import TabulaCore

/// The results of a database request, grouped in sections, kept up to date as the
/// database changes: Core Data's `NSFetchedResultsController` over SQLite, through GRDB.
///
/// ```swift
/// let controller = try FetchedResultsController(
///     database: dbQueue,
///     request: Contact.order(Column("initial"), Column("name")),
///     sectionNameColumn: "initial")
/// controller.delegate = self
/// try controller.performFetch()
/// controller.sections?[0].name          // "A"
/// controller.object(at: IndexPath(row: 0, section: 0))
/// ```
///
/// **Requests.** Any GRDB request of the record type — a query interface request or SQL
/// (`SQLRequest<Contact>(sql: …)`) — with its own `ORDER BY`. Records are identified by
/// their `id`, which must be the row's primary key; `==` tells whether a record that is
/// still there changed. With a section column, rows are grouped into a section per value
/// of that column (it must be one of the result columns), and the request must sort by
/// it first, as `sectionNameKeyPath` requires a matching first sort descriptor.
///
/// **Changes.** After ``performFetch()`` the controller watches the database (see
/// `DatabaseChangeWatcher`): commits through `database` that touch the request's tables
/// and columns, and commits by any other connection to the same file. At the start of the
/// next frame (a `CADisplayLink`) — or when ``processPendingChanges()`` is called — it
/// fetches again on the main actor, compares the result with the previous one by
/// identity (TabulaCore's `IdentifierDiff`), and tells its delegate what changed. So
/// callbacks always come on the main actor, at a frame boundary, never from inside a
/// write: several commits within one frame are reported together, and a table never sees
/// a change in the middle of its own layout.
///
/// **Refetching only what changed.** When the request is a plain sorted select from one
/// table (see `RequestShape` and `IncrementalPlan` for the exact conditions), the
/// controller learns from GRDB's transaction observation the rowid of every row that
/// commits through `database` inserted, updated or deleted, and after the commit fetches
/// only those rows (`WHERE rowid IN (…)`). It takes them out of the previous results and
/// puts those that still match back at their places by the request's sort, and derives
/// the changes from that patch: the results and the delegate's calls are the same as a
/// full refetch would give. It fetches everything instead when that could not be exact:
/// a commit by another connection; a change not told row by row (a schema change, a
/// `WITHOUT ROWID` table, `Database.notifyChanges(in:)`); a change to another table the
/// request reads; an update that sets a rowid; more changed rows than a quarter of the
/// results; a changed row that ties an unchanged one on every sort value; or results that
/// are not strictly sorted by the `ORDER BY` columns.
///
/// **Errors.** A request that cannot be fetched or grouped throws from
/// ``performFetch()`` with a ``FetchedResultsError`` naming the problem. A later fetch
/// that fails goes to ``onError`` and keeps the previous results.
@preconcurrency @MainActor
public final class FetchedResultsController<Record: FetchableRecord & Identifiable & Equatable & Sendable>
where Record.ID: Sendable {
    /// The database the results come from.
    public let database: any DatabaseWriter
    /// The request, with its sort order.
    public let request: any FetchRequest<Record>
    /// The result column whose value names each row's section; nil for a single section.
    public let sectionNameColumn: String?
    /// Receives the changes.
    public weak var delegate: (any FetchedResultsControllerDelegate<Record>)?
    /// Receives errors of fetches made to follow changes (standard error when nil).
    public var onError: ((FetchedResultsError) -> Void)?
    /// The index title of a section name; by default its first character, capitalized
    /// (Core Data's `sectionIndexTitle(forSectionName:)`). Nil leaves the section out of the index.
    public var sectionIndexTitleForSectionName: (String) -> String? = { name in
        name.first.map { String($0).uppercased() }
    }

    var state = FetchedSections<Record>()
    /// What following writes row by row needs beside ``state``; nil when every change
    /// refetches the whole request.
    private var incremental: IncrementalState?
    /// The largest share of the results whose rows are refetched one by one; a write that
    /// changes more refetches everything (tests raise it to follow small tables row by row).
    var incrementalFraction = 0.25 {
        didSet { follow(incremental) }
    }
    private var hasFetched = false
    private var watcher: DatabaseChangeWatcher?
    private var displayLink: CADisplayLink?
    /// Ids of the objects reported as updated or moved in the last change (for snapshots).
    var lastChangedIDs: [Record.ID] = []
    private var offsetsByID: [Record.ID: Int] = [:]
    /// How long the last round of ``processPendingChanges()`` took, by phase (for measuring).
    public private(set) var lastChangeStatistics = ChangeStatistics()
    /// The changes reported last (nil before any).
    public private(set) var lastChanges: FetchedResultsChanges?

    /// A controller for `request` on `database`; nothing is fetched until ``performFetch()``.
    ///
    /// - Parameters:
    ///   - database: A `DatabaseQueue` or `DatabasePool`.
    ///   - request: The records to show, in order. With a section column, sort by it first.
    ///   - sectionNameColumn: The result column that groups rows into sections, or nil.
    public init(database: any DatabaseWriter, request: some FetchRequest<Record>, sectionNameColumn: String? = nil) {
        self.database = database
        self.request = request
        self.sectionNameColumn = sectionNameColumn
    }

    // MARK: Fetching

    /// Fetches the results now and starts following the database's changes. Calling it
    /// again fetches again, without telling the delegate.
    ///
    /// - Throws: ``FetchedResultsError``: the section column is not a result column, the
    ///   rows are not sorted by it, two rows share an id, or the database failed.
    public func performFetch() throws(FetchedResultsError) {
        if watcher == nil {
            do {
                watcher = try DatabaseChangeWatcher(writer: database, region: request)
            } catch {
                throw FetchedResultsError(.database, "Could not observe the database: \(error)")
            }
        }
        _ = watcher?.takeChanges()
        let (fetched, incremental) = try fetch()
        if let duplicate = Self.firstDuplicate(in: fetched.ids) {
            throw FetchedResultsError(.duplicateIdentifier,
                "The request returned id \(duplicate) more than once; each record's id must be its row's primary key.")
        }
        state = fetched
        follow(incremental)
        offsetsNeedRebuild = true
        lastChangedIDs = []
        lastChanges = nil
        hasFetched = true
        if displayLink == nil {
            let link = CADisplayLink.heldByOwner { [weak self] _ in self?.processPendingChanges() }
            link.add(to: .main, forMode: .common)
            displayLink = link
        }
    }

    /// If the database may have changed since the last fetch, fetches again and tells the
    /// delegate what changed (nothing when nothing did). Runs by itself at the start of
    /// every frame; call it to see a write at once, e.g. in a test or a command-line tool.
    public func processPendingChanges() {
        guard hasFetched, let watcher else { return }
        let databaseChanges = watcher.takeChanges()
        guard databaseChanges != .none else { return }
        let new: FetchedSections<Record>
        let newIncremental: IncrementalState?
        let changes: FetchedResultsChanges
        let start = DispatchTime.now().uptimeNanoseconds
        var fetched = start
        var changedRowsOnly = false
        do {
            if case .rows(let rowIDs) = databaseChanges, let incremental,
               let patch = try refetch(rowIDs, following: incremental) {
                fetched = DispatchTime.now().uptimeNanoseconds
                changes = try state.changes(to: patch)
                new = patch.sections
                newIncremental = IncrementalState(plan: incremental.plan, keys: patch.keys,
                                                  sectionColumn: incremental.sectionColumn)
                changedRowsOnly = true
            } else {
                (new, newIncremental) = try fetch()
                fetched = DispatchTime.now().uptimeNanoseconds
                changes = try state.changes(to: new)
            }
        } catch {
            report(error)
            follow(nil)   // the changed rows are not in the results: the next change refetches everything
            return
        }
        let compared = DispatchTime.now().uptimeNanoseconds
        defer {
            let end = DispatchTime.now().uptimeNanoseconds
            lastChangeStatistics = ChangeStatistics(fetchTime: Double(fetched - start) / 1e9,
                                                    diffTime: Double(compared - fetched) / 1e9,
                                                    delegateTime: Double(end - compared) / 1e9,
                                                    fetchedChangedRowsOnly: changedRowsOnly)
        }
        guard !changes.isEmpty else {
            state = new   // same identities and contents; keep the fresh values anyway
            follow(newIncremental)
            return
        }
        let old = state
        state = new
        follow(newIncremental)
        lastChanges = changes
        offsetsNeedRebuild = true
        lastChangedIDs = changes.objectChanges.compactMap { change in
            change.type == .update || change.type == .move ? new.ids[new.offset(of: change.newIndexPath!)!] : nil
        }
        notify(changes, old: old)
    }

    /// Keeps `incremental` and has the watcher collect the changed rows it can follow.
    private func follow(_ incremental: IncrementalState?) {
        self.incremental = incremental
        let limit = Int(Double(state.objects.count) * incrementalFraction)
        watcher?.follow(table: incremental?.plan.table, rowIDNames: incremental?.plan.rowIDNames ?? [], rowLimit: limit)
    }

    /// The results once the rows with `rowIDs` are fetched again and put in place, or nil
    /// when that cannot be exact and everything must be fetched (see `patched`), or the
    /// schema changed since the plan was made.
    ///
    /// A commit that lands after the watcher handed `rowIDs` over is in the rows read here
    /// only where it changed one of them; its own rowids are pending, so the next round
    /// brings the rest (refetching a row twice changes nothing).
    private func refetch(_ rowIDs: Set<Int64>, following incremental: IncrementalState)
        throws(FetchedResultsError) -> IncrementalPatch<Record>? {
        let plan = incremental.plan, sectionColumn = incremental.sectionColumn
        let rows: FetchedRows<Record>?
        do {
            rows = try database.read { db in
                guard try db.schemaVersion() == plan.schemaVersion else { return nil }
                return try plan.fetch(rowIDs: rowIDs, sectionColumn: sectionColumn, db)
            }
        } catch {
            throw FetchedResultsError(.database, "Fetching the changed rows failed: \(error)")
        }
        return rows.flatMap { state.patched(keys: incremental.keys, changed: rowIDs, fetched: $0, plan: plan) }
    }

    /// Reads the request's rows and groups them, with what following writes row by row needs.
    private func fetch() throws(FetchedResultsError) -> (FetchedSections<Record>, IncrementalState?) {
        let request = self.request, column = sectionNameColumn
        do {
            let expected = state.objects.count
            return try database.read { db in
                try Self.fetch(request, sectionNameColumn: column, expectedCount: expected, db)
            }
        } catch let error as FetchedResultsError {
            throw error
        } catch {
            throw FetchedResultsError(.database, "Fetching the request failed: \(error)")
        }
    }

    /// The rows of `request`, decoded and grouped by `sectionNameColumn`; with them, when
    /// the request can be followed row by row (an ``IncrementalPlan``) and its rows are
    /// strictly in the plan's order, their rowids and sort values.
    ///
    /// `expectedCount` (the previous count) sizes the arrays up front: growing them copies
    /// every record through the generic value witnesses, which costs as much as decoding.
    nonisolated static func fetch(_ request: some FetchRequest<Record>, sectionNameColumn: String?,
                                  expectedCount: Int = 0, _ db: Database)
        throws -> (FetchedSections<Record>, IncrementalState?) {
        var result = FetchedSections<Record>()
        result.objects.reserveCapacity(expectedCount + expectedCount / 8)
        result.ids.reserveCapacity(expectedCount + expectedCount / 8)
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        let plan = try IncrementalPlan.make(for: prepared, db)
        var keys = RowKeys(width: plan?.sortKeys.count ?? 0)
        if plan != nil {
            keys.rowIDs.reserveCapacity(expectedCount + expectedCount / 8)
            keys.values.reserveCapacity((expectedCount + expectedCount / 8) * keys.width)
        }
        var sectionIndex: Int?
        if let sectionNameColumn {
            let columns = prepared.statement.columnNames
            guard let index = columns.firstIndex(where: { $0.caseInsensitiveCompare(sectionNameColumn) == .orderedSame })
            else {
                throw FetchedResultsError(.missingSectionColumn,
                    "The section column \"\(sectionNameColumn)\" is not among the request's result columns "
                    + "(\(columns.joined(separator: ", "))); select it, or pass another sectionNameColumn.")
            }
            sectionIndex = index
        }
        var current: String?
        var seen = Set<String>()
        let cursor = try Row.fetchCursor(db, request)
        while let row = try cursor.next() {
            let record = try Record(row: row)
            let name = sectionIndex.map { sectionName(row[$0] as DatabaseValue) } ?? ""
            if name != current {
                guard seen.insert(name).inserted else {
                    throw FetchedResultsError(.sectionsNotContiguous,
                        "Rows of section \"\(name)\" (column \"\(sectionNameColumn ?? "")\") are not next to each other: "
                        + "row \(result.objects.count) follows section \"\(current ?? "")\". "
                        + "Sort the request by the section column first.")
                }
                if current != nil { result.sectionStarts.append(result.objects.count) }
                result.sectionNames.append(name)
                current = name
            }
            result.ids.append(record.id)
            result.objects.append(record)
            plan?.appendKeys(of: row, to: &keys)
        }
        if current != nil { result.sectionStarts.append(result.objects.count) }
        guard let plan, plan.isStrictlyOrdered(keys) else { return (result, nil) }
        return (result, IncrementalState(plan: plan, keys: keys, sectionColumn: sectionIndex))
    }

    private static func firstDuplicate(in ids: [Record.ID]) -> Record.ID? {
        var seen = Set<Record.ID>()
        seen.reserveCapacity(ids.count)
        return ids.first { !seen.insert($0).inserted }
    }

    func report(_ error: FetchedResultsError) {
        if let onError { onError(error) } else {
            FileHandle.standardError.write(Data("FetchedResultsController: \(error.message)\n".utf8))
        }
    }

    // MARK: Reading the results

    /// Every fetched object in order, or nil before ``performFetch()``.
    public var fetchedObjects: [Record]? { hasFetched ? state.objects : nil }

    /// The sections, or nil before ``performFetch()``. Without a section column there is
    /// one section named "" (when there are objects).
    public var sections: [FetchedResultsSectionInfo<Record>]? {
        guard hasFetched else { return nil }
        return (0 ..< state.numberOfSections).map(sectionInfo)
    }

    /// The number of sections (0 before ``performFetch()``).
    public var numberOfSections: Int { state.numberOfSections }

    /// The number of objects in `section`.
    public func numberOfObjects(inSection section: Int) -> Int { state.numberOfObjects(inSection: section) }

    /// The section at `index`.
    public func sectionInfo(_ index: Int) -> FetchedResultsSectionInfo<Record> {
        let name = state.sectionNames[index]
        return FetchedResultsSectionInfo(name: name, indexTitle: sectionIndexTitleForSectionName(name),
                                         objects: state.objects[state.sectionStarts[index] ..< state.sectionStarts[index + 1]])
    }

    /// The object at `indexPath`.
    ///
    /// - Precondition: `indexPath` is inside the results (as Core Data, which raises).
    public func object(at indexPath: IndexPath) -> Record {
        guard let offset = state.offset(of: indexPath) else {
            preconditionFailure("FetchedResultsController.object(at:): \(indexPath.tableDescription) is outside the "
                + "results (\(state.numberOfSections) sections)")
        }
        return state.objects[offset]
    }

    /// Where the object with `object`'s id is, or nil if the results do not hold it.
    public func indexPath(forObject object: Record) -> IndexPath? { indexPath(forID: object.id) }

    /// Where the object with `id` is, or nil.
    public func indexPath(forID id: Record.ID) -> IndexPath? {
        if offsetsNeedRebuild {
            offsetsByID = makeOffsetsByID()
            offsetsNeedRebuild = false
        }
        return offsetsByID[id].map(state.indexPath(ofOffset:))
    }
    private var offsetsNeedRebuild = true

    private func makeOffsetsByID() -> [Record.ID: Int] {
        var map = [Record.ID: Int](minimumCapacity: state.ids.count)
        for (offset, id) in state.ids.enumerated() { map[id] = offset }
        return map
    }

    /// The index titles of the sections, without repeats, in section order.
    public var sectionIndexTitles: [String] {
        var titles: [String] = []
        var seen = Set<String>()
        for name in state.sectionNames {
            if let title = sectionIndexTitleForSectionName(name), seen.insert(title).inserted { titles.append(title) }
        }
        return titles
    }

    /// The first section whose index title is `title` (the section an index tap scrolls to),
    /// or nil.
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int? {
        state.sectionNames.firstIndex { sectionIndexTitleForSectionName($0) == title }
    }

    // MARK: Snapshots

    /// The results as a diffable data source snapshot: sections by name, items by id.
    /// Objects updated or moved by the last change are marked for reconfiguring, so that
    /// applying it in ``FetchedResultsControllerDelegate/controllerDidChangeContent(_:)``
    /// refreshes their cells.
    public func snapshot() -> NSDiffableDataSourceSnapshot<String, Record.ID> {
        var snapshot = NSDiffableDataSourceSnapshot<String, Record.ID>()
        snapshot.appendSections(state.sectionNames)
        for s in 0 ..< state.numberOfSections {
            snapshot.appendItems(Array(state.ids[state.sectionStarts[s] ..< state.sectionStarts[s + 1]]),
                                 toSection: state.sectionNames[s])
        }
        snapshot.reconfigureItems(lastChangedIDs)
        return snapshot
    }
}

/// The time one round of change processing took, by phase, in seconds, and how it fetched.
public struct ChangeStatistics: Sendable, Equatable {
    /// Reading and grouping the request's rows (with only the changed rows fetched, reading
    /// them and putting them in place).
    public var fetchTime: TimeInterval = 0
    /// Comparing them with the previous results.
    public var diffTime: TimeInterval = 0
    /// The delegate's calls, including a table's batch update.
    public var delegateTime: TimeInterval = 0
    /// Whether the round fetched only the rows the commits changed, rather than the whole
    /// request again (see ``FetchedResultsController`` for when it can).
    public var fetchedChangedRowsOnly = false
    /// Zero times.
    public init() {}
    /// The three phases' times, and whether only the changed rows were fetched.
    public init(fetchTime: TimeInterval, diffTime: TimeInterval, delegateTime: TimeInterval,
                fetchedChangedRowsOnly: Bool = false) {
        self.fetchTime = fetchTime
        self.diffTime = diffTime
        self.delegateTime = delegateTime
        self.fetchedChangedRowsOnly = fetchedChangedRowsOnly
    }
}
