import Foundation
import GRDB
import GRDBSQLite

/// What a ``FetchedResultsController`` needs to follow a write by refetching only the rows
/// it changed: the table those rows are in, where each result row's rowid and sort values
/// are, and how SQLite compares those values.
///
/// A plan exists only for a request of the simple shape ``RequestShape`` accepts, on a
/// table that has an `INTEGER PRIMARY KEY` (the rowid, selected among the result columns)
/// and no other unique index, in a UTF-8 database, whose `ORDER BY` columns are result
/// columns of that table compared with the `BINARY` or `NOCASE` collation, and without a
/// row adapter. Everything else is refetched whole.
///
/// Why those conditions: the transaction observer learns the rowid of every row a write
/// inserts, updates or deletes; only a table with a rowid reports such events (a
/// `WITHOUT ROWID` table reports none), and only the rowid column lets the changed rows be
/// fetched and found among the results. A unique index other than the primary key lets an
/// `INSERT OR REPLACE` delete a conflicting row, and SQLite reports no event for that
/// deletion. And the changed rows are put in place by comparing their sort values with
/// their neighbors' in Swift, which must agree exactly with SQLite's `ORDER BY`.
struct IncrementalPlan: Sendable {
    /// One `ORDER BY` term, as read from the result rows.
    struct SortKey: Sendable, Equatable {
        /// The result column holding the value.
        var column: Int
        /// Whether larger values come first.
        var descending: Bool
        /// Whether text is compared with SQLite's `NOCASE` collation (ASCII letters folded
        /// to lowercase) rather than `BINARY` (byte by byte).
        var noCase: Bool
    }

    /// The table the request reads, as the schema names it.
    let table: String
    /// The names the table's rowid goes by: its `INTEGER PRIMARY KEY` column and SQLite's
    /// aliases, lowercased. An update that sets one of them changes a row's rowid, which
    /// the change events do not tell.
    let rowIDNames: Set<String>
    /// The result column holding the rowid.
    let rowIDColumn: Int
    /// The sort, in `ORDER BY` order.
    let sortKeys: [SortKey]
    /// The schema version the plan was made for; after a schema change it no longer holds.
    let schemaVersion: Int32
    /// The request's SQL with a filter on rowids, to fetch the changed rows in the request's
    /// order: `SELECT * FROM (<request>) WHERE <rowid column> IN ` followed by the list.
    let filteredSQLPrefix: String
    /// The request's arguments.
    let arguments: StatementArguments

    /// The plan for `prepared`, or nil when its request must be refetched whole (see the
    /// type's description).
    static func make(for prepared: PreparedRequest, _ db: Database) throws -> IncrementalPlan? {
        guard prepared.adapter == nil else { return nil }
        let statement = prepared.statement
        guard let shape = RequestShape(sql: statement.sql),
              try String.fetchOne(db, sql: "PRAGMA encoding") == "UTF-8" else { return nil }
        let handle = statement.sqliteStatement
        let names = statement.columnNames
        // Where each result column comes from (nil for an expression).
        let origins: [(table: String, column: String)?] = names.indices.map { k in
            guard let database = sqlite3_column_database_name(handle, Int32(k)),
                  String(cString: database) == "main",
                  let table = sqlite3_column_table_name(handle, Int32(k)),
                  let column = sqlite3_column_origin_name(handle, Int32(k)) else { return nil }
            return (String(cString: table), String(cString: column))
        }
        guard let table = origins.lazy.compactMap({ $0?.table })
            .first(where: { $0.caseInsensitiveCompare(shape.table) == .orderedSame }) else { return nil }
        let primaryKey = try db.primaryKey(table)
        guard let rowIDName = primaryKey.rowIDColumn,
              try !db.indexes(on: table).contains(where: \.isUnique) else { return nil }
        func isColumn(_ k: Int, _ column: String) -> Bool {
            guard let origin = origins[k] else { return false }
            return origin.table == table && origin.column.caseInsensitiveCompare(column) == .orderedSame
        }
        func isOnlyColumnNamed(_ k: Int) -> Bool {
            names.indices.filter { names[$0].caseInsensitiveCompare(names[k]) == .orderedSame } == [k]
        }
        let rowIDNames: Set<String> = [rowIDName.lowercased(), "rowid", "oid", "_rowid_"]
        guard let rowIDColumn = names.indices.first(where: { isColumn($0, rowIDName) }),
              isOnlyColumnNamed(rowIDColumn) else { return nil }

        var sortKeys: [SortKey] = []
        for term in shape.sortTerms {
            let matches = names.indices.filter { names[$0].caseInsensitiveCompare(term.column) == .orderedSame }
            let column: Int
            if matches.count == 1, isColumn(matches[0], term.column) {
                column = matches[0]
            } else if matches.isEmpty, rowIDNames.contains(term.column.lowercased()) {
                column = rowIDColumn
            } else {
                return nil
            }
            guard let collation = try term.collation ?? declaredCollation(of: origins[column]!.column, in: table, db)
            else { return nil }
            switch collation {
            case "BINARY": sortKeys.append(SortKey(column: column, descending: term.descending, noCase: false))
            case "NOCASE": sortKeys.append(SortKey(column: column, descending: term.descending, noCase: true))
            default: return nil
            }
        }
        return IncrementalPlan(
            table: table, rowIDNames: rowIDNames, rowIDColumn: rowIDColumn, sortKeys: sortKeys,
            schemaVersion: try db.schemaVersion(),
            filteredSQLPrefix: "SELECT * FROM (\(statement.sql)) WHERE \(names[rowIDColumn].quotedDatabaseIdentifier) IN ",
            arguments: statement.arguments)
    }

    /// The collation a column of `table` was declared with, uppercased ("BINARY" when none).
    private static func declaredCollation(of column: String, in table: String, _ db: Database) throws -> String? {
        var collation: UnsafePointer<CChar>?
        let code = sqlite3_table_column_metadata(db.sqliteConnection, "main", table, column, nil, &collation, nil, nil, nil)
        guard code == SQLITE_OK else { return nil }
        return collation.map { String(cString: $0).uppercased() } ?? "BINARY"
    }

    /// Reads the sort values and rowid of `row` into `keys`.
    func appendKeys(of row: Row, to keys: inout RowKeys) {
        keys.rowIDs.append(row[rowIDColumn])
        for key in sortKeys { keys.values.append(row[key.column]) }
    }

    /// Fetches the request's rows among `rowIDs`, in the request's order.
    func fetch<Record: FetchableRecord>(rowIDs: some Collection<Int64>, sectionColumn: Int?,
                                        _ db: Database) throws -> FetchedRows<Record> {
        var rows = FetchedRows<Record>(keys: RowKeys(width: sortKeys.count))
        guard !rowIDs.isEmpty else { return rows }
        let sql = filteredSQLPrefix + "(" + rowIDs.map(String.init).joined(separator: ",") + ")"
        let cursor = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        while let row = try cursor.next() {
            rows.records.append(try Record(row: row))
            rows.sectionNames.append(sectionColumn.map { sectionName(row[$0] as DatabaseValue) } ?? "")
            appendKeys(of: row, to: &rows.keys)
        }
        return rows
    }

    /// Compares row `i` of `a` with row `j` of `b` by the sort: negative when it comes
    /// first, 0 when they tie, positive when it comes after.
    func compare(_ a: RowKeys, _ i: Int, _ b: RowKeys, _ j: Int) -> Int {
        let width = sortKeys.count
        for (k, key) in sortKeys.enumerated() {
            let order = Self.compare(a.values[i * width + k], b.values[j * width + k], noCase: key.noCase)
            if order != 0 { return key.descending ? -order : order }
        }
        return 0
    }

    /// Whether the rows of `keys` are in strictly increasing order: no two tie, and the
    /// comparison agrees with the order SQLite gave them.
    func isStrictlyOrdered(_ keys: RowKeys) -> Bool {
        for i in keys.rowIDs.indices.dropFirst() where compare(keys, i - 1, keys, i) >= 0 { return false }
        return true
    }

    /// Compares two values as SQLite's `ORDER BY` does: NULL first, then numbers by value
    /// (integers and reals alike), then text by the collation, then blobs byte by byte.
    static func compare(_ a: DatabaseValue, _ b: DatabaseValue, noCase: Bool) -> Int {
        switch (a.storage, b.storage) {
        case (.null, .null): return 0
        case (.null, _): return -1
        case (_, .null): return 1
        case let (.int64(x), .int64(y)): return x < y ? -1 : x == y ? 0 : 1
        case let (.double(x), .double(y)): return x < y ? -1 : x == y ? 0 : 1
        case let (.int64(x), .double(y)): return compare(x, y)
        case let (.double(x), .int64(y)): return -compare(y, x)
        case (.int64, _), (.double, _): return -1
        case (_, .int64), (_, .double): return 1
        case let (.string(x), .string(y)): return compareBytes(x.utf8, y.utf8, noCase: noCase)
        case (.string, .blob): return -1
        case (.blob, .string): return 1
        case let (.blob(x), .blob(y)): return compareBytes(x, y, noCase: false)
        }
    }

    /// Compares an integer with a real exactly, as SQLite does (no rounding of large integers).
    private static func compare(_ i: Int64, _ d: Double) -> Int {
        if d.isNaN { return 1 }
        if d < -9.223372036854775808e18 { return 1 }
        if d >= 9.223372036854775808e18 { return -1 }
        let floor = d.rounded(.down)
        let f = Int64(floor)
        if i != f { return i < f ? -1 : 1 }
        return floor < d ? -1 : 0
    }

    /// Compares byte sequences as `memcmp` then length; with `noCase`, ASCII capitals
    /// count as lowercase (SQLite's `NOCASE`).
    private static func compareBytes<C: Collection<UInt8>>(_ x: C, _ y: C, noCase: Bool) -> Int {
        var i = x.startIndex, j = y.startIndex
        while i != x.endIndex, j != y.endIndex {
            var a = x[i], b = y[j]
            if noCase {
                if a >= 0x41, a <= 0x5A { a += 0x20 }
                if b >= 0x41, b <= 0x5A { b += 0x20 }
            }
            if a != b { return a < b ? -1 : 1 }
            x.formIndex(after: &i)
            y.formIndex(after: &j)
        }
        return i == x.endIndex ? (j == y.endIndex ? 0 : -1) : 1
    }
}

/// A section column value as a section name: text as is, numbers as written, NULL as "".
func sectionName(_ value: DatabaseValue) -> String {
    switch value.storage {
    case .null: ""
    case .int64(let i): String(i)
    case .double(let d): String(d)
    case .string(let s): s
    case .blob(let data): data.base64EncodedString()
    }
}

/// The rowid and sort values of each result row, in result order, kept beside the results
/// when the controller has an ``IncrementalPlan``.
struct RowKeys: Sendable {
    /// The rowid of each row.
    var rowIDs: [Int64] = []
    /// The sort values, `width` a row, one row after the other.
    var values: [DatabaseValue] = []
    /// The number of sort values of a row.
    var width: Int

    /// No rows, `width` sort values a row.
    init(width: Int) { self.width = width }
}

/// Rows fetched again by rowid: their records, section names and keys, in the request's order.
struct FetchedRows<Record> {
    /// The decoded records.
    var records: [Record] = []
    /// Each record's section name ("" without a section column).
    var sectionNames: [String] = []
    /// Each record's rowid and sort values.
    var keys: RowKeys
}

/// The results after a write, made from the previous ones and the refetched rows, with
/// what the diff needs to report the change exactly as if everything had been fetched.
struct IncrementalPatch<Record: Identifiable & Equatable & Sendable> where Record.ID: Sendable {
    /// The new results.
    var sections: FetchedSections<Record>
    /// Their rowids and sort values.
    var keys: RowKeys
    /// The offsets in the old results of the objects that are gone, ascending.
    var deletions: [Int]
    /// For each new offset, the object's offset in the old results, or -1 for a new object.
    var oldOffsets: [Int32]
    /// For each new offset, whether the object was there before with other contents.
    var contentChanged: [Bool]
}

extension FetchedSections {
    /// The results after the rows whose rowid is in `changed` were written: those rows
    /// taken out, then `fetched` — those of them that the request still returns, in its
    /// order — put back at their places by the sort.
    ///
    /// Nil when the result cannot be known to match a full fetch, so that the caller
    /// fetches everything: a refetched row ties with an unchanged one on every sort value
    /// (SQLite's order between them is not defined by the sort), the refetched rows are
    /// not in the order the comparison gives (it would disagree with SQLite's), an id
    /// comes twice, or a section's rows would not be next to each other.
    ///
    /// - Precondition: `keys` holds this state's rows, strictly ordered by `plan`.
    /// - Complexity: O(n + m log n) for n rows and m refetched rows.
    func patched(keys: RowKeys, changed: Set<Int64>, fetched: FetchedRows<Record>,
                 plan: IncrementalPlan) -> IncrementalPatch<Record>? {
        let n = objects.count, width = keys.width
        let isChanged = RowIDSet(changed)
        var removed: [Int] = []
        for offset in 0 ..< n where isChanged.contains(keys.rowIDs[offset]) { removed.append(offset) }
        var removedIndexByID = [Record.ID: Int](minimumCapacity: removed.count)
        for (r, offset) in removed.enumerated() { removedIndexByID[ids[offset]] = r }

        // Where each refetched row goes: before the first old row that sorts after it.
        let m = fetched.records.count
        var insertionPoints = [Int](repeating: 0, count: m)
        for k in 0 ..< m {
            if k > 0, plan.compare(fetched.keys, k - 1, fetched.keys, k) >= 0 { return nil }
            var lo = 0, hi = n
            while lo < hi {
                let mid = (lo + hi) / 2
                if plan.compare(keys, mid, fetched.keys, k) < 0 { lo = mid + 1 } else { hi = mid }
            }
            if lo < n, plan.compare(keys, lo, fetched.keys, k) == 0, !isChanged.contains(keys.rowIDs[lo]) { return nil }
            if k > 0, lo < insertionPoints[k - 1] { return nil }
            insertionPoints[k] = lo
        }

        let count = n - removed.count + m
        var new = FetchedSections()
        new.objects.reserveCapacity(count)
        new.ids.reserveCapacity(count)
        var newKeys = RowKeys(width: width)
        newKeys.rowIDs.reserveCapacity(count)
        newKeys.values.reserveCapacity(count * width)
        var oldOffsets: [Int32] = []
        oldOffsets.reserveCapacity(count)
        var contentChanged = [Bool](repeating: false, count: count)
        var survives = [Bool](repeating: false, count: removed.count)
        var currentSection: String?
        var seenSections = Set<String>()
        var contiguous = true

        /// Starts section `name` for the objects appended next, unless it is the current one.
        func extendSection(_ name: String) {
            guard name != currentSection else { return }
            if !seenSections.insert(name).inserted { contiguous = false }
            if currentSection != nil { new.sectionStarts.append(new.objects.count) }
            new.sectionNames.append(name)
            currentSection = name
        }
        var offset = 0, nextRemoved = 0, oldSection = 0
        /// Appends the unchanged old rows before `end`, a run at a time.
        func copyOld(upTo end: Int) {
            while offset < end {
                if nextRemoved < removed.count, removed[nextRemoved] == offset {
                    offset += 1
                    nextRemoved += 1
                    continue
                }
                while sectionStarts[oldSection + 1] <= offset { oldSection += 1 }
                let runEnd = Swift.min(end, nextRemoved < removed.count ? removed[nextRemoved] : n,
                                       sectionStarts[oldSection + 1])
                extendSection(sectionNames[oldSection])
                new.objects.append(contentsOf: objects[offset ..< runEnd])
                new.ids.append(contentsOf: ids[offset ..< runEnd])
                newKeys.rowIDs.append(contentsOf: keys.rowIDs[offset ..< runEnd])
                newKeys.values.append(contentsOf: keys.values[offset * width ..< runEnd * width])
                for old in offset ..< runEnd { oldOffsets.append(Int32(old)) }
                offset = runEnd
            }
        }
        for k in 0 ..< m {
            copyOld(upTo: insertionPoints[k])
            let record = fetched.records[k]
            if let r = removedIndexByID[record.id] {
                if survives[r] { return nil }
                survives[r] = true
                let old = removed[r]
                oldOffsets.append(Int32(old))
                contentChanged[new.objects.count] = objects[old] != record
            } else {
                oldOffsets.append(-1)
            }
            extendSection(fetched.sectionNames[k])
            new.objects.append(record)
            new.ids.append(record.id)
            newKeys.rowIDs.append(fetched.keys.rowIDs[k])
            newKeys.values.append(contentsOf: fetched.keys.values[k * width ..< (k + 1) * width])
        }
        copyOld(upTo: n)
        guard contiguous else { return nil }
        if currentSection != nil { new.sectionStarts.append(new.objects.count) }
        let deletions = removed.indices.filter { !survives[$0] }.map { removed[$0] }
        return IncrementalPatch(sections: new, keys: newKeys, deletions: deletions, oldOffsets: oldOffsets,
                                contentChanged: contentChanged)
    }
}

/// A set of rowids to test many rows against: a bitmap over their range when that is
/// small (a load and a mask a test), else a hash set.
struct RowIDSet {
    /// The smallest rowid of the set.
    private let base: Int64
    /// One bit per rowid from `base`, when the range is small enough.
    private let bits: [UInt64]?
    /// The rowids, when the range is too wide for a bitmap.
    private let set: Set<Int64>

    /// The set of `rowIDs`.
    init(_ rowIDs: Set<Int64>) {
        let low = rowIDs.min() ?? 0, high = rowIDs.max() ?? 0
        base = low
        if high.subtractingReportingOverflow(low).overflow == false, high - low < 1 << 26 {
            var bits = [UInt64](repeating: 0, count: Int((high - low) >> 6) + 1)
            for id in rowIDs { bits[Int((id - low) >> 6)] |= 1 << UInt64((id - low) & 63) }
            self.bits = bits
            set = []
        } else {
            bits = nil
            set = rowIDs
        }
    }

    /// Whether `rowID` is in the set.
    func contains(_ rowID: Int64) -> Bool {
        guard let bits else { return set.contains(rowID) }
        guard rowID >= base else { return false }
        let (distance, overflow) = rowID.subtractingReportingOverflow(base)
        guard !overflow, distance >> 6 < Int64(bits.count) else { return false }
        return bits[Int(distance >> 6)] & (1 << UInt64(distance & 63)) != 0
    }
}

/// What a controller keeps beside its results to follow writes row by row.
struct IncrementalState: Sendable {
    /// How the request's rows are found and sorted.
    var plan: IncrementalPlan
    /// The rowid and sort values of each row of the results.
    var keys: RowKeys
    /// The result column naming each row's section, or nil without sections.
    var sectionColumn: Int?
}
