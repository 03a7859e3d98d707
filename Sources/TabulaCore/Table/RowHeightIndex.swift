/// The heights of one section's rows, answering offset↔row questions in O(log n).
///
/// Rows whose height is known ("measured") are kept in *runs* of consecutive rows, each
/// holding the cumulative heights of its rows; every other row counts as
/// ``estimatedHeight``. An index over ten million rows with nothing measured is a few
/// dozen bytes, and `init(count:estimatedHeight:)` is O(1): this is what lets a table
/// reload with estimated heights without asking for every row's height.
///
/// Invariants (checked by `checkInvariants()` in debug builds):
/// - runs are sorted by `start`, disjoint, non-empty and at most ``maximumRunLength`` long;
///   adjacent runs are allowed (a full run is never grown);
/// - `run.ends[i]` is the sum of the heights of rows `start ... start + i`, so it never
///   decreases (heights are finite and ≥ 0);
/// - `deltaBefore[k]` is the sum, over the runs before `k`, of (measured total − the
///   same rows at the estimate), so the offset of run `k`'s first row is
///   `start * estimate + deltaBefore[k]`.
///
/// Memory: 8 bytes per measured row plus about 56 bytes per run. A run is capped so that
/// changing one measured height costs O(``maximumRunLength`` + runs), not O(rows).
public struct RowHeightIndex: Sendable, Equatable {
    /// The longest run; longer stretches of measured rows are split into several runs.
    public static let maximumRunLength = 4096

    /// The number of rows.
    public private(set) var count: Int
    /// The height every row that has not been measured counts as.
    public private(set) var estimatedHeight: Double

    @usableFromInline
    struct Run: Sendable, Equatable {
        @usableFromInline var start: Int
        /// `ends[i]`: cumulative height of rows `start ... start + i`.
        @usableFromInline var ends: [Double]
        @inlinable init(start: Int, ends: [Double]) {
            self.start = start
            self.ends = ends
        }
        var end: Int { start + ends.count }
        var total: Double { ends.last ?? 0 }
        func offset(within i: Int) -> Double { i == 0 ? 0 : ends[i - 1] }
    }

    @usableFromInline private(set) var runs: [Run] = []
    @usableFromInline var deltaBefore: [Double] = []

    /// An index of `count` rows, none measured, each counting as `estimatedHeight`.
    ///
    /// - Complexity: O(1).
    public init(count: Int, estimatedHeight: Double) {
        precondition(count >= 0, "RowHeightIndex needs a row count ≥ 0, got \(count)")
        precondition(estimatedHeight >= 0 && estimatedHeight.isFinite,
                     "RowHeightIndex needs a finite estimate ≥ 0, got \(estimatedHeight)")
        self.count = count
        self.estimatedHeight = estimatedHeight
    }

    /// An index of `count` rows, every one measured by `height` (called once per row, in order).
    ///
    /// - Complexity: O(count).
    @inlinable // so that `height` inlines into the caller's loop: it runs once per row
    public init(count: Int, height: (Int) -> Double) {
        self.init(count: count, estimatedHeight: 0)
        runs.reserveCapacity((count + Self.maximumRunLength - 1) / Self.maximumRunLength)
        var start = 0
        while start < count {
            let length = min(Self.maximumRunLength, count - start)
            let first = start
            // Written in place, without zeroing first: this loop runs once per row of the table.
            let ends = [Double](unsafeUninitializedCapacity: length) { buffer, initialized in
                var sum = 0.0
                for i in 0 ..< length {
                    let h = height(first + i)
                    precondition(h >= 0 && h.isFinite, "row \(first + i) has height \(h); heights must be finite and ≥ 0")
                    sum += h
                    buffer.initializeElement(at: i, to: sum)
                }
                initialized = length // Doubles: nothing to clean up if a precondition stops the loop
            }
            runs.append(Run(start: start, ends: ends))
            start += length
        }
        rebuildDeltas(from: 0)
    }

    // MARK: Queries

    /// The total height of all rows.
    public var totalHeight: Double { offset(ofRow: count) }

    /// How many rows have a measured height.
    public var measuredCount: Int { runs.reduce(0) { $0 + $1.ends.count } }

    /// Approximate bytes held: 8 per measured row, 56 per run (array header and bookkeeping).
    public var byteCount: Int { runs.reduce(0) { $0 + $1.ends.count * 8 + 56 } }

    /// Whether `row` has a measured height (rather than the estimate).
    public func isMeasured(_ row: Int) -> Bool {
        guard let k = runIndex(containing: row) else { return false }
        return row < runs[k].end
    }

    /// The distance from the top of row 0 to the top of `row`; `row == count` gives the total height.
    ///
    /// - Complexity: O(log runs).
    public func offset(ofRow row: Int) -> Double {
        precondition(row >= 0 && row <= count, "row \(row) is outside 0...\(count)")
        guard let k = runIndex(containing: row) else { return Double(row) * estimatedHeight }
        let run = runs[k]
        let base = Double(run.start) * estimatedHeight + deltaBefore[k]
        if row < run.end { return base + run.offset(within: row - run.start) }
        return base + run.total + Double(row - run.end) * estimatedHeight
    }

    /// The height of `row`: measured, or the estimate.
    public func height(ofRow row: Int) -> Double {
        precondition(row >= 0 && row < count, "row \(row) is outside 0..<\(count)")
        if let k = runIndex(containing: row), row < runs[k].end {
            let run = runs[k], i = row - run.start
            return run.ends[i] - run.offset(within: i)
        }
        return estimatedHeight
    }

    /// The row whose span `offset(r) ..< offset(r + 1)` contains `y`, skipping rows of
    /// zero height; `y` before the first row gives 0 and past the last gives `count - 1`.
    /// Returns nil when there are no rows.
    ///
    /// - Complexity: O(log runs + log maximumRunLength).
    public func row(atOffset y: Double) -> Int? {
        guard count > 0 else { return nil }
        let y = y > 0 ? y : 0
        // The last run that starts at or before y.
        var lo = 0, hi = runs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if startOffset(ofRun: mid) <= y { lo = mid + 1 } else { hi = mid }
        }
        let k = lo - 1
        var candidate: Int
        if k < 0 {
            // Before every run (with a zero estimate there are then no runs at all).
            candidate = estimatedHeight > 0 ? Int((y / estimatedHeight).rounded(.down)) : count - 1
            if let first = runs.first { candidate = min(candidate, first.start - 1) }
        } else {
            let run = runs[k]
            let local = y - startOffset(ofRun: k)
            if local < run.total {
                // First i with ends[i] > local.
                var a = 0, b = run.ends.count
                while a < b {
                    let m = (a + b) / 2
                    if run.ends[m] > local { b = m } else { a = m + 1 }
                }
                return run.start + a
            }
            let past = local - run.total
            let lastInGap = k + 1 < runs.count ? runs[k + 1].start - 1 : count - 1
            // Unmeasured rows of zero height are skipped: y lies past all of them.
            candidate = estimatedHeight > 0 ? min(run.end + Int((past / estimatedHeight).rounded(.down)), lastInGap)
                                            : lastInGap
        }
        candidate = min(max(candidate, 0), count - 1)
        // Division can be off by one ulp either way; settle on the exact row.
        while candidate > 0 && offset(ofRow: candidate) > y { candidate -= 1 }
        while candidate < count - 1 && offset(ofRow: candidate + 1) <= y { candidate += 1 }
        return candidate
    }

    /// A place among the rows for walking them in order: the row, and the last run that
    /// starts at or before it (-1 for none), so that the next row's offset and height
    /// need no search.
    public struct Cursor: Sendable {
        /// The row (``count`` once past the last).
        public fileprivate(set) var row: Int
        fileprivate var run: Int
    }

    /// A cursor at `row` (0 ... ``count``).
    ///
    /// - Complexity: O(log runs).
    public func cursor(at row: Int) -> Cursor {
        precondition(row >= 0 && row <= count, "row \(row) is outside 0...\(count)")
        return Cursor(row: row, run: runIndex(containing: row) ?? -1)
    }

    /// The cursor at the next row.
    ///
    /// - Complexity: O(1).
    public func advance(_ cursor: inout Cursor) {
        cursor.row += 1
        let next = cursor.run + 1
        if next < runs.count, runs[next].start <= cursor.row { cursor.run = next }
    }

    /// ``offset(ofRow:)`` of the cursor's row, to the bit, without a search.
    ///
    /// - Complexity: O(1).
    public func offset(at cursor: Cursor) -> Double {
        let row = cursor.row, k = cursor.run
        guard k >= 0 else { return Double(row) * estimatedHeight }
        let base = Double(runs[k].start) * estimatedHeight + deltaBefore[k]
        let i = row - runs[k].start
        if i < runs[k].ends.count { return base + (i == 0 ? 0 : runs[k].ends[i - 1]) }
        return base + (runs[k].ends.last ?? 0) + Double(row - runs[k].end) * estimatedHeight
    }

    /// ``height(ofRow:)`` of the cursor's row (below ``count``), to the bit, without a search.
    ///
    /// - Complexity: O(1).
    public func height(at cursor: Cursor) -> Double {
        let k = cursor.run
        if k >= 0 {
            let i = cursor.row - runs[k].start
            if i < runs[k].ends.count { return runs[k].ends[i] - (i == 0 ? 0 : runs[k].ends[i - 1]) }
        }
        return estimatedHeight
    }

    private func startOffset(ofRun k: Int) -> Double {
        Double(runs[k].start) * estimatedHeight + deltaBefore[k]
    }

    /// The last run whose start is ≤ row, or nil.
    private func runIndex(containing row: Int) -> Int? {
        var lo = 0, hi = runs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if runs[mid].start <= row { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }

    // MARK: Changes

    /// Records the measured height of `row`, replacing the estimate or an earlier measurement.
    ///
    /// - Complexity: O(maximumRunLength + runs) at worst; appending the next row below a
    ///   run (scrolling down) is O(log runs + runs after it).
    public mutating func setHeight(_ height: Double, forRow row: Int) {
        precondition(row >= 0 && row < count, "row \(row) is outside 0..<\(count)")
        precondition(height >= 0 && height.isFinite, "row \(row) has height \(height); heights must be finite and ≥ 0")
        let k = runIndex(containing: row)
        if let k, row < runs[k].end {
            let i = row - runs[k].start
            let diff = height - (runs[k].ends[i] - runs[k].offset(within: i))
            guard diff != 0 else { return }
            for j in i ..< runs[k].ends.count { runs[k].ends[j] += diff }
            rebuildDeltas(from: k + 1)
        } else if let k, row == runs[k].end, runs[k].ends.count < Self.maximumRunLength {
            runs[k].ends.append(runs[k].total + height)
            rebuildDeltas(from: k + 1)
        } else {
            let next = (k ?? -1) + 1
            if next < runs.count, runs[next].start == row + 1, runs[next].ends.count < Self.maximumRunLength {
                runs[next].start = row
                for j in runs[next].ends.indices { runs[next].ends[j] += height }
                runs[next].ends.insert(height, at: 0)
            } else {
                runs.insert(Run(start: row, ends: [height]), at: next)
                deltaBefore.insert(0, at: next)
            }
            rebuildDeltas(from: next)
        }
    }

    /// Removes rows and inserts unmeasured ones, as a batch update does: the rows that
    /// stay keep their order and their measurements, and the new rows count at the estimate.
    ///
    /// The rows that stay fill, in order, the rows after the change that are not in
    /// `inserted`. A row that stays but is to be measured again (a reloaded row) is named
    /// in both lists: removed at its old index, inserted at its new one.
    ///
    /// - Parameters:
    ///   - removed: rows before the change that go away, sorted, no row twice, each below `count`.
    ///   - inserted: rows after the change that are new, sorted, no row twice, each below
    ///     `count - removed.count + inserted.count`.
    /// - Complexity: O(runs + k + the measured rows of the runs a change falls inside), for
    ///   k rows removed and inserted: rows measured elsewhere are not touched.
    public mutating func replaceRows(removing removed: [Int], inserting inserted: [Int]) {
        let newCount = count - removed.count + inserted.count
        precondition(Self.isStrictlyIncreasing(removed, below: count),
                     "removed rows must be sorted, unique and in 0..<\(count)")
        precondition(Self.isStrictlyIncreasing(inserted, below: newCount),
                     "inserted rows must be sorted, unique and in 0..<\(newCount)")
        guard !removed.isEmpty || !inserted.isEmpty else { return }
        count = newCount
        guard !runs.isEmpty else { return }
        removeRows(removed)
        insertRows(inserted)
        rebuildDeltas(from: 0)
    }

    /// Whether `rows` rise strictly, from 0 up to below `limit`.
    private static func isStrictlyIncreasing(_ rows: [Int], below limit: Int) -> Bool {
        guard let first = rows.first, let last = rows.last else { return true }
        guard first >= 0, last < limit else { return false }
        return zip(rows, rows.dropFirst()).allSatisfy { $0 < $1 }
    }

    /// The runs with `removed` (sorted old rows) taken out; runs closer up. Deltas are stale.
    private mutating func removeRows(_ removed: [Int]) {
        guard !removed.isEmpty else { return }
        var kept: [Run] = []
        kept.reserveCapacity(runs.count)
        var next = 0 // the first of `removed` not yet passed
        for var run in runs {
            while next < removed.count, removed[next] < run.start { next += 1 }
            let before = next
            while next < removed.count, removed[next] < run.end { next += 1 }
            if next > before {
                // Rows go from inside the run: sum the heights of the rows that stay.
                var ends: [Double] = []
                ends.reserveCapacity(run.ends.count - (next - before))
                var sum = 0.0, previous = 0.0, k = before
                for (i, end) in run.ends.enumerated() {
                    let height = end - previous
                    previous = end
                    if k < next, removed[k] == run.start + i { k += 1; continue }
                    sum += height
                    ends.append(sum)
                }
                guard !ends.isEmpty else { continue }
                run.ends = ends
            }
            // The removed rows before the run's first row move it up.
            run.start -= before
            kept.append(run)
        }
        runs = kept
    }

    /// The runs with unmeasured rows put in at `inserted` (sorted new rows); a run an
    /// insertion falls inside is split there. Deltas are stale.
    private mutating func insertRows(_ inserted: [Int]) {
        guard !inserted.isEmpty else { return }
        var placed: [Run] = []
        placed.reserveCapacity(runs.count)
        var next = 0, shift = 0 // inserted rows passed, and so the shift of the rows that stay
        for var run in runs {
            // The new index of the run's first row: the rows that stay fill the others in order.
            while next < inserted.count, inserted[next] <= run.start + shift { next += 1; shift += 1 }
            run.start += shift
            // Insertions before the run's last row cut it.
            while next < inserted.count, inserted[next] < run.end {
                let length = inserted[next] - run.start
                let base = run.ends[length - 1]
                placed.append(Run(start: run.start, ends: Array(run.ends[..<length])))
                run = Run(start: inserted[next], ends: run.ends[length...].map { $0 - base })
                while next < inserted.count, inserted[next] == run.start { next += 1; shift += 1; run.start += 1 }
            }
            placed.append(run)
        }
        runs = placed
    }

    /// Calls `body` with every measured row and its height, in row order.
    ///
    /// - Complexity: O(measured rows).
    public func forEachMeasuredRow(_ body: (_ row: Int, _ height: Double) -> Void) {
        for run in runs {
            var previous = 0.0
            for (i, end) in run.ends.enumerated() {
                body(run.start + i, end - previous)
                previous = end
            }
        }
    }

    /// Forgets every measurement and sets a new estimate (a reload).
    public mutating func reset(count: Int, estimatedHeight: Double) {
        self = RowHeightIndex(count: count, estimatedHeight: estimatedHeight)
    }

    @usableFromInline
    mutating func rebuildDeltas(from k: Int) {
        if deltaBefore.count != runs.count {
            deltaBefore = [Double](repeating: 0, count: runs.count)
        }
        guard !runs.isEmpty else { return }
        var start = max(0, min(k, runs.count - 1))
        if start == 0 { deltaBefore[0] = 0; start = 1 }
        for j in start ..< runs.count {
            let previous = runs[j - 1]
            deltaBefore[j] = deltaBefore[j - 1] + previous.total - Double(previous.ends.count) * estimatedHeight
        }
    }

    /// Checks the invariants listed on the type (debug builds only).
    func checkInvariants() {
        #if DEBUG
        precondition(deltaBefore.count == runs.count)
        var lastEnd = 0
        for (k, run) in runs.enumerated() {
            precondition(!run.ends.isEmpty && run.ends.count <= Self.maximumRunLength)
            precondition(run.start >= lastEnd && run.end <= count, "run \(k) overlaps or is out of range")
            for i in run.ends.indices.dropFirst() { precondition(run.ends[i] >= run.ends[i - 1]) }
            lastEnd = run.end
        }
        #endif
    }
}
