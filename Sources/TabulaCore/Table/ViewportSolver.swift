import Foundation

/// Which rows a table's viewport shows once the rows in it are measured, and the one
/// change of content offset that keeps what the user looks at where it is (Flutter's
/// `scrollOffsetCorrection`, for a table).
///
/// Rows counted at an estimated height are measured as they come into view; a row
/// measured taller or shorter than its estimate moves every row below it, so it can move
/// what the user is looking at and bring other rows into view. The solver measures the
/// rows in view, moves the offset so that the anchor stays put, brings it inside the
/// content as asked, and looks again, until no height changes: geometry, viewport, anchor
/// and a measuring closure in; the new geometry, the rows in view and one correction out.
/// The table applies the correction once.
///
/// Invariants (checked by `ViewportSolverTests` on every small table):
/// - Each row is measured at most once in a solve, and a row in view at the end that
///   should be measured has been, unless ``maximumPasses`` ran out.
/// - A ``Anchor/row(_:screenY:)`` anchor ends `screenY` below the top of the viewport,
///   unless the clamp moved the offset.
/// - A height from the measuring closure that is not finite, or is negative, is never
///   stored: it is reported in ``Solution/problems`` and the row counts as its section's
///   estimate (not finite) or as 0 (negative). The solver never traps on a height.
/// - With ``Clamp/both`` the offset ends inside `minimumOffset ...
///   maximumOffset(contentHeight:)` of the new geometry. With ``Clamp/top`` every offset
///   the solver sets is at or after `minimumOffset` (an offset above the top that nothing
///   moved stays: it was set there on purpose).
public struct ViewportSolver: Sendable {
    /// What stays where it is on screen while heights change.
    public enum Anchor: Equatable, Sendable {
        /// Nothing: the offset stays (then is clamped).
        case none
        /// A row stays `screenY` points below the top of the viewport (an update keeps the
        /// first row on screen that persists). A row the geometry does not have counts as `.none`.
        case row(IndexPath, screenY: Double)
        /// In each pass, the first row in view that is measured already stays where it is
        /// (the tiling keeps what the user has seen). With `keepsTop`, a viewport at or
        /// above the top of the content keeps the top instead: rows below move.
        case firstMeasuredRow(keepsTop: Bool)
    }

    /// Which edges of the content the offset is brought inside after each correction.
    public enum Clamp: Sendable {
        /// Neither (a finger holds the content, or it is moving).
        case none
        /// Not above the top (`minimumOffset`).
        case top
        /// Not above the top nor past the bottom (`maximumOffset(contentHeight:)`).
        case both
    }

    /// Which rows in view are measured.
    public enum Measuring: Sendable {
        /// None: the solver only corrects and clamps the offset.
        case none
        /// Rows of measured sections still at their estimate (scrolling).
        case unmeasured
        /// Every row of measured sections, once (an update asks the heights on screen again).
        case all
    }

    /// A height the measuring closure returned that cannot be used.
    public struct HeightProblem: Equatable, Sendable {
        /// The row.
        public var row: IndexPath
        /// The height returned.
        public var height: Double
        /// The height the row counts as instead.
        public var used: Double
    }

    /// What a solve found.
    public struct Solution: Sendable {
        /// The geometry with the measured heights.
        public var geometry: TableGeometry
        /// The offset after the correction.
        public var offset: Double
        /// The change of offset to apply (new − old), once.
        public var correction: Double
        /// What the viewport shows at `offset`.
        public var visible: TableGeometry.VisibleItems
        /// The rows measured, in the order they were.
        public var measured: [IndexPath]
        /// Heights that could not be used (each reported once).
        public var problems: [HeightProblem]
        /// How many passes measured something.
        public var passes: Int
    }

    /// The top of the viewport, in content coordinates.
    public var offset: Double
    /// The height of the viewport.
    public var height: Double
    /// The smallest offset without bouncing (minus the top inset).
    public var minimumOffset: Double
    /// The space below the content the viewport may show at rest (the bottom inset).
    public var bottomInset: Double
    /// What stays put.
    public var anchor: Anchor
    /// Which edges the offset is kept inside.
    public var clamp: Clamp
    /// Which rows are measured.
    public var measuring: Measuring
    /// The most passes (each measures what came into view).
    public var maximumPasses: Int

    /// A solver for the viewport `offset ..< offset + height`; the other parameters as
    /// the properties of the same names.
    public init(offset: Double, height: Double, minimumOffset: Double = 0, bottomInset: Double = 0,
                anchor: Anchor, clamp: Clamp, measuring: Measuring, maximumPasses: Int = 8) {
        self.offset = offset
        self.height = height
        self.minimumOffset = minimumOffset
        self.bottomInset = bottomInset
        self.anchor = anchor
        self.clamp = clamp
        self.measuring = measuring
        self.maximumPasses = maximumPasses
    }

    /// The largest offset without bouncing for content `contentHeight` tall.
    public func maximumOffset(contentHeight: Double) -> Double {
        max(minimumOffset, contentHeight + bottomInset - height)
    }

    /// Measures the rows in view of `geometry` and corrects the offset.
    ///
    /// - Parameters:
    ///   - geometry: the table's geometry now (a copy: the result carries the new heights).
    ///   - measures: whether the rows of a section are measured (sections of exact
    ///     heights are not).
    ///   - measure: a row's height, or nil when it cannot be measured now (it keeps its height).
    /// - Complexity: O(passes × (rows in view + log n)) plus the measuring.
    public func solve(_ geometry: TableGeometry, measures: (Int) -> Bool = { _ in true },
                      measure: (IndexPath) -> Double?) -> Solution {
        var state = SolveState(geometry: geometry, offset: offset)
        if case .firstMeasuredRow = anchor {} else { state.offset = clamped(target(state) ?? state.offset, state) }
        // The rows in view last found, and at which offset, while the heights have not
        // changed since: the answer's `visible` when the offset has not moved either.
        var latest: (offset: Double, items: TableGeometry.VisibleItems)?
        while state.passes < maximumPasses {
            // Heights measured since the last correction can leave the offset past the end.
            if clamp == .both { state.offset = clamped(state.offset, state) }
            let items = state.geometry.items(from: state.offset, to: state.offset + height)
            latest = (state.offset, items)
            // Most rows need no measuring: that is asked first, and only of those that do
            // whether this solve measured them already (a lookup that hashes the path).
            var rows: [IndexPath] = []
            for (section, row) in items.rows {
                let path = IndexPath(row: row, section: section)
                if needsMeasuring(path, state.geometry, measures), !state.wasMeasured(path) { rows.append(path) }
            }
            if rows.isEmpty { break }
            state.passes += 1
            let kept = keptRow(in: items, state, measures)
            let changed = measureRows(rows, &state, measure)
            if changed { latest = nil }
            guard changed else { break }
            if let kept {
                let moved = state.geometry.rowSpan(row: kept.row.row, section: kept.row.section).y - kept.y
                state.offset = clamped(state.offset + moved, state)
            } else if case .firstMeasuredRow = anchor {
                // Nothing in view was measured before: nothing to keep.
            } else {
                state.offset = clamped(target(state) ?? state.offset, state)
            }
        }
        if clamp == .both { state.offset = clamped(state.offset, state) }
        let visible = latest.flatMap { $0.offset == state.offset ? $0.items : nil }
            ?? state.geometry.items(from: state.offset, to: state.offset + height)
        return Solution(geometry: state.geometry, offset: state.offset, correction: state.offset - offset,
                        visible: visible,
                        measured: state.measured, problems: state.problems, passes: state.passes)
    }

    /// Whether ``solve(_:measures:measure:)`` would measure nothing and leave the offset
    /// where it is, told the rows `visible` in view at ``offset`` (which the caller has
    /// looked up already): no row there to measure, and the offset inside the clamp. For
    /// the anchors that set no offset of their own (``Anchor/firstMeasuredRow(keepsTop:)``);
    /// false for the others. A table of exact heights, scrolling, asks this every frame,
    /// and a solve would look the rows in view up again.
    public func leavesUnchanged(_ geometry: TableGeometry, visible: TableGeometry.VisibleItems,
                                measures: (Int) -> Bool = { _ in true }) -> Bool {
        guard case .firstMeasuredRow = anchor else { return false }
        if case .none = measuring {} else {
            for (section, row) in visible.rows where needsMeasuring(IndexPath(row: row, section: section), geometry, measures) {
                return false
            }
        }
        return clamped(offset, SolveState(geometry: geometry, offset: offset)) == offset
    }

    // MARK: Steps

    private struct SolveState {
        var geometry: TableGeometry
        var offset: Double
        var measured: [IndexPath] = []
        /// The rows measured, packed: they hash in a fraction of the time an index path takes.
        var measuredSet: Set<RowKey> = []

        func wasMeasured(_ path: IndexPath) -> Bool {
            guard !measuredSet.isEmpty, let key = RowKey(path) else { return false }
            return measuredSet.contains(key)
        }
        var problems: [HeightProblem] = []
        var passes = 0
    }

    private func needsMeasuring(_ row: IndexPath, _ geometry: TableGeometry, _ measures: (Int) -> Bool) -> Bool {
        switch measuring {
        case .none: false
        case .unmeasured: measures(row.section) && !geometry.sections[row.section].rows.isMeasured(row.row)
        case .all: measures(row.section)
        }
    }

    /// Where a `.row` anchor puts the offset, or nil for the other anchors.
    private func target(_ state: SolveState) -> Double? {
        guard case .row(let path, let screenY) = anchor, path.count == 2, path.section >= 0,
              path.section < state.geometry.numberOfSections, path.row >= 0,
              path.row < state.geometry.numberOfRows(inSection: path.section) else { return nil }
        return state.geometry.rowSpan(row: path.row, section: path.section).y - screenY
    }

    /// For `.firstMeasuredRow`: the first row in view that is not to be measured, and its top now.
    private func keptRow(in items: TableGeometry.VisibleItems, _ state: SolveState,
                         _ measures: (Int) -> Bool) -> (row: IndexPath, y: Double)? {
        guard case .firstMeasuredRow(let keepsTop) = anchor, !(keepsTop && state.offset <= minimumOffset) else { return nil }
        guard let first = items.rows.first(where: {
            !needsMeasuring(IndexPath(row: $0.row, section: $0.section), state.geometry, measures)
        }) else { return nil }
        return (IndexPath(row: first.row, section: first.section), state.geometry.rowSpan(row: first.row, section: first.section).y)
    }

    /// Measures `rows`, storing usable heights. Returns whether any height changed (or
    /// a row at its estimate was measured).
    private func measureRows(_ rows: [IndexPath], _ state: inout SolveState, _ measure: (IndexPath) -> Double?) -> Bool {
        var changed = false
        state.measuredSet.reserveCapacity(state.measuredSet.count + rows.count)
        for row in rows {
            if let key = RowKey(row) { state.measuredSet.insert(key) }
            guard let raw = measure(row) else { continue }
            state.measured.append(row)
            let index = state.geometry.sections[row.section].rows
            var height = raw
            if !raw.isFinite || raw < 0 {
                height = raw.isFinite ? 0 : index.estimatedHeight
                state.problems.append(HeightProblem(row: row, height: raw, used: height))
            }
            if height != index.height(ofRow: row.row) || !index.isMeasured(row.row) {
                state.geometry.setRowHeight(height, row: row.row, section: row.section)
                changed = true
            }
        }
        return changed
    }

    private func clamped(_ offset: Double, _ state: SolveState) -> Double {
        switch clamp {
        case .none: offset
        case .top: max(offset, minimumOffset)
        case .both: min(max(offset, minimumOffset), maximumOffset(contentHeight: state.geometry.contentHeight))
        }
    }
}
