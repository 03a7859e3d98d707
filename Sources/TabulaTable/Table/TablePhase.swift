import Foundation
import TabulaUIKit

/// What a table is doing now, and what its next layout owes: one value, with one owner
/// (the table) and its transitions written down and checked in DEBUG builds.
///
/// It has four parts. They are kept apart because they change independently — each
/// can be set while any other holds any value — and folding them into one enumeration
/// would multiply its cases without forbidding anything:
///
/// - ``activity``: the work under way, which calls the data source or delegate. It nests
///   (a tiling pass asks for a cell, the cell's data source asks for the number of rows,
///   a height setting changed there loads again), so it is entered with
///   `UITableView.inPhase(_:_:)`, which restores the previous activity when the work
///   ends. While it is not `.idle` the table is between two consistent states: a reload
///   or batch update asked for then waits (``owesReload``). The allowed entries are in
///   ``allows(_:_:)``.
/// - ``pendingLoad``: how stale the geometry is — the heights must be asked again (a
///   width or height setting changed; cells stay), or the data (a new data source). Set
///   at any time, whatever the activity; only loading clears it.
/// - ``owesReload``: a `reloadData()` call refused while busy, made at the next layout.
///   It is not a level of ``pendingLoad``: the call does more than load (it ends update
///   animations, dismisses menus and swipe actions, keeps the offset by the first row),
///   and it is owed even when the data was just loaded.
/// - ``settlesOffset``: the content shrank under the offset during a pass (rows measured
///   shorter than their estimate); after the next tiling the offset is brought back
///   inside the content. Set by content size changes in any activity, taken once per
///   layout.
///
/// The number of open `beginUpdates()` blocks is not here: it is API nesting the app
/// controls, kept with the pending batch (`BatchUpdateState.depth`).
struct TablePhase: Equatable {
    /// The work under way.
    enum Activity: Equatable, CustomStringConvertible {
        /// Between passes: the data source may be changed and the table told.
        case idle
        /// Asking the counts and heights (a reload, new heights, an update's new geometry).
        case loading
        /// Asking cells (and heights) for the rows on screen and placing them.
        case tiling
        /// Applying a batch update: asking the new counts, re-measuring the rows on screen.
        case updating
        /// Tiling for an update: the new layout of an update, made at once; headers and
        /// footers it no longer shows begin leaving, to slide off.
        case updateTiling

        var description: String {
            switch self {
            case .idle: "idle"
            case .loading: "loading"
            case .tiling: "tiling"
            case .updating: "updating"
            case .updateTiling: "tiling an update"
            }
        }
    }

    /// How stale the geometry is, ordered: a reload covers new heights.
    enum PendingLoad: Int, Comparable {
        /// Counts and heights are those the data source gave.
        case none
        /// Heights must be asked again; the cells on screen stay.
        case heights
        /// Everything must be asked again; the cells on screen go.
        case data

        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// The work under way.
    private(set) var activity = Activity.idle
    /// How stale the geometry is (a new table loads at its first layout).
    private(set) var pendingLoad = PendingLoad.data
    /// Whether a `reloadData()` refused while busy is to be made at the next layout.
    private(set) var owesReload = false
    /// Whether the offset is to be brought inside the content after the next tiling.
    private(set) var settlesOffset = false

    /// Whether the table is in the middle of asking its data source or delegate.
    var isBusy: Bool { activity != .idle }

    /// Whether `next` may begin while `current` is under way:
    /// - anything may begin when idle, except tiling for an update;
    /// - loading and tiling may begin inside any work (a data source call that changed a
    ///   height setting loads again; a layout forced from inside a call tiles), tiling
    ///   for an update staying what it is;
    /// - an update is applied only from idle (asked for while busy, it becomes a reload);
    /// - an update's tiling begins only inside its update.
    static func allows(_ current: Activity, _ next: Activity) -> Bool {
        switch next {
        case .idle: false
        case .loading, .tiling: true
        case .updating: current == .idle
        case .updateTiling: current == .updating || current == .updateTiling
        }
    }

    /// Begins `next` and returns the activity to restore when it ends.
    mutating func enter(_ next: Activity) -> Activity {
        let previous = activity
        assert(Self.allows(previous, next), "TablePhase: \(next) cannot begin while \(previous)")
        activity = next
        return previous
    }

    /// Ends the current work, back to `previous` (what ``enter(_:)`` returned).
    mutating func leave(restoring previous: Activity) {
        activity = previous
    }

    /// The geometry is at least `staleness` out of date.
    mutating func invalidate(_ staleness: PendingLoad) {
        pendingLoad = max(pendingLoad, staleness)
    }

    /// Loading begins: returns how stale the geometry was, which is then up to date.
    mutating func takePendingLoad() -> PendingLoad {
        assert(activity == .loading, "TablePhase: the geometry is loaded only while loading, not while \(activity)")
        defer { pendingLoad = .none }
        return pendingLoad
    }

    /// A `reloadData()` asked for while busy is owed to the next layout.
    mutating func oweReload() {
        assert(isBusy, "TablePhase: a reload is deferred only while the table is busy")
        owesReload = true
    }

    /// `reloadData()` runs: whatever reload was owed is paid.
    mutating func payOwedReload() {
        assert(!isBusy, "TablePhase: reloadData() runs only while idle, not while \(activity)")
        owesReload = false
    }

    /// The content shrank under the offset: it settles after the next tiling.
    mutating func requestOffsetSettling() {
        settlesOffset = true
    }

    /// Returns whether the offset was to settle, which it then no longer is.
    mutating func takeOffsetSettling() -> Bool {
        defer { settlesOffset = false }
        return settlesOffset
    }
}

extension UITableView {
    /// Runs `body` as `activity` (see ``TablePhase/allows(_:_:)``), then restores the
    /// activity that was under way.
    func inPhase<T, E: Error>(_ activity: TablePhase.Activity, _ body: () throws(E) -> T) throws(E) -> T {
        let previous = phase.enter(activity)
        defer { phase.leave(restoring: previous) }
        return try body()
    }

    /// Tiling, or an update's tiling when it runs inside one.
    var tilingActivity: TablePhase.Activity {
        phase.activity == .updateTiling ? .updateTiling : .tiling
    }
}
