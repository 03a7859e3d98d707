import Foundation

/// One thing a table shows: a row, or a section's header or footer.
public enum TableItem: Hashable, Sendable, CustomStringConvertible {
    /// A row, by index path.
    case row(IndexPath)
    /// The header of a section.
    case header(Int)
    /// The footer of a section.
    case footer(Int)

    /// One word for the item, fed to the hasher once: an update hashes every item on
    /// screen into its sets and maps several times, and an index path's own hashing feeds
    /// its length and each index separately.
    public func hash(into hasher: inout Hasher) {
        if let word { hasher.combine(word) } else if case .row(let p) = self { hasher.combine(p) }
    }

    /// What sets and dictionaries hash: the item's word mixed with their seed
    /// (``RowKey/mix(_:seed:)``), without a `Hasher`.
    public func _rawHashValue(seed: Int) -> Int {
        if let word { return RowKey.mix(word, seed: seed) }
        var hasher = Hasher()
        hash(into: &hasher)
        return hasher.finalize() ^ seed
    }

    /// The item as one word (nil for a row whose path is not (section, row)).
    @inline(__always)
    private var word: UInt64? {
        switch self {
        case .row(let p) where p.count == 2:
            UInt64(truncatingIfNeeded: p.section) &<< 32 ^ UInt64(truncatingIfNeeded: p.row)
        case .row: nil
        case .header(let s): ~UInt64(truncatingIfNeeded: s)
        // Bit 62 told apart from a header (whose word has it set for any section a table has).
        case .footer(let s): ~UInt64(truncatingIfNeeded: s) ^ (1 &<< 62)
        }
    }

    /// `row [s, r]`, `header s` or `footer s`.
    public var description: String {
        switch self {
        case .row(let p): "row \(p.tableDescription)"
        case .header(let s): "header \(s)"
        case .footer(let s): "footer \(s)"
        }
    }
}

/// Where an item is drawn: its vertical span in content coordinates, a sideways
/// displacement and an opacity.
public struct ItemState: Equatable, Sendable, CustomStringConvertible {
    /// The top, in content coordinates.
    public var y: Double
    /// The height.
    public var height: Double
    /// How far it is moved sideways from its column, in points.
    public var x: Double
    /// Its opacity, 0 to 1.
    public var alpha: Double

    /// A state at `y` of `height`, moved `x` points sideways, at opacity `alpha`.
    public init(y: Double, height: Double, x: Double = 0, alpha: Double = 1) {
        self.y = y
        self.height = height
        self.x = x
        self.alpha = alpha
    }

    /// The state of an item resting on `span`.
    public init(_ span: Span) { self.init(y: span.y, height: span.height) }

    /// The bottom.
    public var maxY: Double { y + height }

    /// `y+height`, with `x` and `alpha` when they are not 0 and 1.
    public var description: String {
        "\(y)+\(height)" + (x != 0 ? " x\(x)" : "") + (alpha != 1 ? " α\(alpha)" : "")
    }
}

/// How rows come in and go out in an update: TabulaCore's mirror of
/// `UITableView.RowAnimation`, with `.automatic` resolved here.
public enum RowTransitionStyle: Sendable, Equatable {
    /// Fades in or out in place.
    case fade
    /// Slides in from the right, or out to it, fading.
    case right
    /// Slides in from the left, or out to it, fading.
    case left
    /// Slides down from beneath the row above (or up beneath it when leaving), fading.
    case top
    /// Slides up from beneath the row below (or down beneath it when leaving), fading.
    case bottom
    /// Appears or vanishes at once.
    case none
    /// The rows around part from, or close on, the middle.
    case middle
    /// Chosen from where the rows are (see ``UpdateTransition``).
    case automatic
}

/// What an update does to everything on screen before or after it, as values: one
/// ``Record`` per item, with where it starts and where it ends (RecyclerView's
/// `ViewInfoStore`, for a table). The table only applies the records.
///
/// The rules, each an invariant the tests check on every small table:
/// - **Nothing on screen jumps.** An item on screen before the update starts where it
///   is drawn now (its presentation, moved by the update's change of content offset,
///   `delta`), and so does one still sliding off from an earlier update.
/// - **Everything is accounted for.** Each item on screen before has one record under
///   its old name; each item on screen after has one under its new name.
/// - **Rows slide between their true places.** An item that persists moves from its old
///   place to its new one; one that comes on screen starts at its true old place off
///   screen, and one that goes off screen ends at its true new place, so neighbours keep
///   their spacing all the way (two layouts without overlaps, interpolated linearly, have
///   none either, for items that keep their order).
/// - **Inserted and deleted rows move as blocks.** Consecutive rows inserted (or
///   deleted) together in a section with one animation keep their spacing: `.top` slides
///   the block in from beneath the row above by the block's height, `.bottom` from beneath
///   the row below, `.middle` opens the gap around the block's middle.
/// - **`.automatic`** is `.fade` in plain style and for a block that is its section's
///   only rows; in grouped styles a block at the top of its section comes from below
///   (`.bottom`), one at its bottom from above (`.top`), one between opens (`.middle`),
///   so the rounded group stays whole.
/// - **Who draws in front.** Rows moved (by `moveRow` or with their section) draw in
///   front of the rows they pass, as a card lifted over the others, and of two moved
///   rows the one going farther draws over the other (``frontOrder``). Rows that come in from beneath
///   their neighbours (`.top`, `.bottom`, `.middle`) and rows going out draw behind the
///   rest; a row that comes in at its own place (`.fade`, `.left`, `.right`, `.none`)
///   draws at `.normal` depth, and the table puts it over the rows that persist, so that
///   no row sliding to its new place covers it while it arrives. Rows that
///   cross necessarily cover each other mid-way, and leave space behind them that the
///   rows still on their way have not reached: a sort is a shuffle, not a slide.
public struct UpdateTransition: Sendable {
    /// What happens to an item.
    public enum Change: Sendable, Equatable {
        /// On screen before and after: it slides from one place to the other.
        case persists
        /// On screen before, not after: it slides to its new place, then leaves. It keeps
        /// the height it was measured at (off screen the new geometry may hold an estimate).
        case slidesOff
        /// On screen after, not before: it slides in from its old place.
        case slidesOn
        /// New (inserted, or the new cell of a reloaded row): it comes in.
        case appears
        /// Gone (deleted, or the old cell of a reloaded row): it goes out, ending at its
        /// resting height (one cut off mid-growth finishes growing as it goes).
        case disappears
    }

    /// Where an item is drawn relative to the others while the update animates.
    public enum Depth: Int, Sendable, Comparable {
        /// Behind the others (rows coming in or going out).
        case back
        /// Among the others.
        case normal
        /// In front of the others (moved rows).
        case front
        /// Compares by drawing order.
        public static func < (a: Depth, b: Depth) -> Bool { a.rawValue < b.rawValue }
    }

    /// One item's part in the update.
    public struct Record: Sendable, Equatable, CustomStringConvertible {
        /// The item before the update (nil if it is new).
        public var old: TableItem?
        /// The item after the update (nil if it is gone).
        public var new: TableItem?
        /// What happens to it.
        public var change: Change
        /// Where it starts, in the new content coordinates.
        public var from: ItemState
        /// Where it ends, in the new content coordinates.
        public var to: ItemState
        /// Where it draws among the others.
        public var depth: Depth
        /// The row animation it comes in or goes out with (`.middle` rows get a veil in plain style).
        public var style: RowTransitionStyle?

        /// `old→new change: from → to`.
        public var description: String {
            "\(old.map(\.description) ?? "-")→\(new.map(\.description) ?? "-") \(change): \(from) → \(to)"
        }
    }

    /// Every record: items on screen before, then items only on screen after.
    public private(set) var records: [Record] = []

    /// The records drawn in front (``Depth/front``), by index into ``records``, from the
    /// one drawn lowest to the one drawn on top: of two moved items the one going farther
    /// passes over the other (it is the one the eye follows; a row that only makes room
    /// shifts beneath it). Items going the same distance keep the order of ``records``.
    public private(set) var frontOrder: [Int] = []

    /// The inputs of a transition.
    public struct Input {
        /// The checked update.
        public var plan: UpdatePlan
        /// The geometry before and after.
        public var old: TableGeometry, new: TableGeometry
        /// What is drawn now, by old name, in the old content coordinates (presentation
        /// frames: an earlier update may be half way).
        public var before: [TableItem: ItemState]
        /// What the new layout shows at rest, by new name, in the new content
        /// coordinates (floating headers where they float).
        public var after: [TableItem: ItemState]
        /// The change of content offset (new − old): an item that stays still on screen moves by it.
        public var delta: Double
        /// The width of a row, how far `.left` and `.right` slide.
        public var width: Double
        /// Whether the style is grouped (for `.automatic`).
        public var grouped: Bool
        /// The animation asked for an inserted row (new name) or a reloaded one's new cell.
        public var insertStyle: (IndexPath) -> RowTransitionStyle
        /// The animation asked for a deleted row (old name) or a reloaded one's old cell.
        public var deleteStyle: (IndexPath) -> RowTransitionStyle

        /// The inputs, named as above.
        public init(plan: UpdatePlan, old: TableGeometry, new: TableGeometry, before: [TableItem: ItemState],
                    after: [TableItem: ItemState], delta: Double, width: Double, grouped: Bool,
                    insertStyle: @escaping (IndexPath) -> RowTransitionStyle,
                    deleteStyle: @escaping (IndexPath) -> RowTransitionStyle) {
            self.plan = plan
            self.old = old
            self.new = new
            self.before = before
            self.after = after
            self.delta = delta
            self.width = width
            self.grouped = grouped
            self.insertStyle = insertStyle
            self.deleteStyle = deleteStyle
        }
    }

    /// How far the block searches look for the ends of a block of inserted or deleted
    /// rows (a longer block animates as several).
    public static let blockSearchLimit = 64

    /// The transition of `input`.
    ///
    /// - Complexity: O(items on screen × log k), plus `blockSearchLimit` per block.
    public init(_ input: Input) {
        let plan = input.plan
        var covered = Set<TableItem>(minimumCapacity: input.before.count)
        records.reserveCapacity(input.before.count + input.after.count)
        // Items on screen before, in a fixed order (so records are deterministic).
        for (item, now) in input.before.sorted(by: { $0.value.y < $1.value.y }) {
            let from = ItemState(y: now.y + input.delta, height: now.height, x: now.x, alpha: now.alpha)
            // A row's fate is looked up once (each lookup hashes several tables).
            var fate: UpdatePlan.RowFate?
            if case .row(let p) = item { fate = plan.fate(ofRow: p) }
            guard let new = newName(of: item, plan, fate: fate) else {
                records.append(disappearing(item, from: from, input))
                continue
            }
            if case .reloaded? = fate {
                records.append(disappearing(item, from: from, input))
                continue
            }
            covered.insert(new)
            let depth: Depth = movedInFront(item, plan, fate: fate) ? .front : .normal
            if let to = input.after[new] {
                records.append(Record(old: item, new: new, change: .persists, from: from, to: to, depth: depth))
            } else {
                // It goes to its new place at the height it was measured at: off screen the
                // new geometry may hold only an estimate, and its content must not be laid
                // out in that for the length of the slide.
                var to = ItemState(span(of: new, input.new))
                to.height = span(of: item, input.old).height
                records.append(Record(old: item, new: new, change: .slidesOff, from: from, to: to, depth: depth))
            }
        }
        // Items on screen only after.
        for (item, to) in input.after.sorted(by: { $0.value.y < $1.value.y }) where !covered.contains(item) {
            if let old = oldName(of: item, plan), !isReloaded(item, plan) {
                let start = span(of: old, input.old)
                let depth: Depth = movedInFront(old, plan) ? .front : .normal
                records.append(Record(old: old, new: item, change: .slidesOn,
                                      from: ItemState(y: start.y + input.delta, height: start.height), to: to,
                                      depth: depth))
            } else {
                records.append(appearing(item, to: to, input))
            }
        }
        frontOrder = Self.frontOrder(of: records)
    }

    /// The indices of `records` drawn in front, the farthest-going last.
    private static func frontOrder(of records: [Record]) -> [Int] {
        func distance(_ i: Int) -> Double { abs(records[i].to.y - records[i].from.y) }
        return records.indices.filter { records[$0].depth == .front }
            .sorted { (distance($0), $0) < (distance($1), $1) }
    }

    // MARK: Names

    /// The item's name after the update; `fate` is the row's, when already looked up.
    private func newName(of item: TableItem, _ plan: UpdatePlan, fate: UpdatePlan.RowFate? = nil) -> TableItem? {
        switch item {
        case .row(let p): return (fate ?? plan.fate(ofRow: p)).newIndexPath.map { .row($0) }
        case .header(let s): return newSection(s, plan).map { .header($0) }
        case .footer(let s): return newSection(s, plan).map { .footer($0) }
        }
    }

    private func oldName(of item: TableItem, _ plan: UpdatePlan) -> TableItem? {
        switch item {
        case .row(let p): return plan.origin(ofRow: p).oldIndexPath.map { .row($0) }
        case .header(let s): return oldSection(s, plan).map { .header($0) }
        case .footer(let s): return oldSection(s, plan).map { .footer($0) }
        }
    }

    /// A section's new index, unless it is deleted or reloaded (its header is then new too).
    private func newSection(_ s: Int, _ plan: UpdatePlan) -> Int? {
        switch plan.fate(ofSection: s) {
        case .persists(let n), .moved(let n): n
        case .reloaded, .deleted: nil
        }
    }

    private func oldSection(_ s: Int, _ plan: UpdatePlan) -> Int? {
        guard let o = plan.oldSectionForNew[s] else { return nil }
        return newSection(o, plan) == s ? o : nil
    }

    private func isReloaded(_ item: TableItem, _ plan: UpdatePlan) -> Bool {
        if case .row(let p) = item, case .reloaded = plan.origin(ofRow: p) { return true }
        return false
    }

    /// Whether an old item moves past others: a moved row, or anything of a moved section.
    private func movedInFront(_ old: TableItem, _ plan: UpdatePlan, fate: UpdatePlan.RowFate? = nil) -> Bool {
        switch old {
        case .row(let p):
            if case .moved = fate ?? plan.fate(ofRow: p) { return true }
            if case .moved = plan.fate(ofSection: p.section) { return true }
            return false
        case .header(let s), .footer(let s):
            if case .moved = plan.fate(ofSection: s) { return true }
            return false
        }
    }

    private func span(of item: TableItem, _ geometry: TableGeometry) -> Span {
        switch item {
        case .row(let p): geometry.rowSpan(row: p.row, section: p.section)
        case .header(let s): geometry.headerSpan(s)
        case .footer(let s): geometry.footerSpan(s)
        }
    }

    // MARK: Coming in and going out

    /// A block of rows inserted (or deleted) together: its span and where the rows part.
    struct Block {
        var top: Double, bottom: Double
        var style: RowTransitionStyle
        var height: Double { bottom - top }
    }

    private func appearing(_ item: TableItem, to: ItemState, _ input: Input) -> Record {
        guard case .row(let p) = item else {
            // A new header or footer fades in where it rests.
            var from = to
            from.alpha = 0
            return Record(old: nil, new: item, change: .appears, from: from, to: to, depth: .normal, style: .fade)
        }
        let plan = input.plan
        if case .reloaded = plan.origin(ofRow: p) {
            // The new cell of a reloaded row trades places with the old one at the row's place.
            let style = resolvedSingle(input.insertStyle(p), row: p.row, count: input.new.numberOfRows(inSection: p.section),
                                       input.grouped)
            let from = Self.state(style, at: to, block: Block(top: to.y, bottom: to.maxY, style: style),
                                  gap: reloadGap(to, style), width: input.width)
            return Record(old: nil, new: item, change: .appears, from: from, to: to,
                          depth: Self.comesFromBeneath(style) ? .back : .normal, style: style)
        }
        let block = insertedBlock(around: p, input)
        // Where the rows part: the old top of the row after the block (in new coordinates).
        let gap = gapBefore(newRow: IndexPath(row: p.row, section: p.section), plan, input.old) + input.delta
        let from = Self.state(block.style, at: to, block: block, gap: gap, width: input.width)
        return Record(old: nil, new: item, change: .appears, from: from, to: to,
                      depth: Self.comesFromBeneath(block.style) ? .back : .normal, style: block.style)
    }

    /// Whether a row coming in with `style` slides out from beneath a neighbour (and so
    /// draws behind the rest), rather than arriving at its own place.
    static func comesFromBeneath(_ style: RowTransitionStyle) -> Bool {
        switch style {
        case .top, .bottom, .middle: true
        case .fade, .left, .right, .none, .automatic: false
        }
    }

    private func disappearing(_ item: TableItem, from: ItemState, _ input: Input) -> Record {
        guard case .row(let p) = item else {
            var to = from
            to.alpha = 0
            return Record(old: item, new: nil, change: .disappears, from: from, to: to, depth: .normal, style: .fade)
        }
        let plan = input.plan
        // A row leaves at its resting height: one cut off mid-growth (or mid-shrink) by this
        // update finishes growing as it goes, so its content is never laid out in a height
        // the table did not measure for it.
        var resting = from
        if p.section < input.old.numberOfSections, p.row < input.old.numberOfRows(inSection: p.section) {
            resting.height = input.old.rowSpan(row: p.row, section: p.section).height
        }
        if case .reloaded(let newPath) = plan.fate(ofRow: p) {
            let style = resolvedSingle(input.deleteStyle(p), row: p.row, count: input.old.numberOfRows(inSection: p.section),
                                       input.grouped)
            let at = ItemState(input.new.rowSpan(row: newPath.row, section: newPath.section))
            let to = Self.state(style, at: resting, block: Block(top: resting.y, bottom: resting.maxY, style: style),
                                gap: reloadGap(at, style), width: input.width)
            return Record(old: item, new: nil, change: .disappears, from: from, to: to,
                          depth: style == .none ? .normal : .back, style: style)
        }
        let block = deletedBlock(around: p, input)
        let gap = gapAfter(oldRow: p, plan, input.old, input.new)
        let to = Self.state(block.style, at: resting, block: block, gap: gap, width: input.width)
        return Record(old: item, new: nil, change: .disappears, from: from, to: to,
                      depth: block.style == .none ? .normal : .back, style: block.style)
    }

    /// The state a row of `block` comes in from (or goes out to), given its resting state
    /// `at` and `gap`, where the rows around part (used by `.middle`).
    static func state(_ style: RowTransitionStyle, at: ItemState, block: Block, gap: Double, width: Double) -> ItemState {
        var s = at
        switch style {
        case .fade: s.alpha = 0
        case .right: s.x = width; s.alpha = 0
        case .left: s.x = -width; s.alpha = 0
        case .top: s.y -= block.height; s.alpha = 0
        case .bottom: s.y += block.height; s.alpha = 0
        case .middle: s.y = gap - block.height / 2 + (at.y - block.top)
        case .none, .automatic: break
        }
        return s
    }

    /// The gap a reloaded row's two cells use: they trade places at the row's new place.
    private func reloadGap(_ at: ItemState, _ style: RowTransitionStyle) -> Double {
        style == .middle ? at.y + at.height / 2 : at.y
    }

    /// `.automatic` for a single row (a reload): as for a block of that one row.
    private func resolvedSingle(_ style: RowTransitionStyle, row: Int, count: Int, _ grouped: Bool) -> RowTransitionStyle {
        Self.resolved(style, first: row, last: row, count: count, grouped: grouped)
    }

    /// `.automatic` made concrete for a block of rows `first...last` of a section of `count` rows.
    public static func resolved(_ style: RowTransitionStyle, first: Int, last: Int, count: Int, grouped: Bool)
        -> RowTransitionStyle {
        guard style == .automatic else { return style }
        guard grouped, first > 0 || last < count - 1 else { return .fade }
        if first == 0 { return .bottom }
        return last == count - 1 ? .top : .middle
    }

    /// The block of rows inserted with `p` (new names): consecutive inserted rows of its
    /// section asking for the same animation, in the new geometry.
    private func insertedBlock(around p: IndexPath, _ input: Input) -> Block {
        block(around: p, in: input.new, shift: 0, style: input.insertStyle, grouped: input.grouped) {
            input.plan.origin(ofRow: $0) == .inserted
        }
    }

    /// The block of rows deleted with `p` (old names), in the old geometry moved by `delta`.
    private func deletedBlock(around p: IndexPath, _ input: Input) -> Block {
        block(around: p, in: input.old, shift: input.delta, style: input.deleteStyle, grouped: input.grouped) {
            input.plan.fate(ofRow: $0) == .deleted
        }
    }

    /// The rows next to `p` in its section (at most ``blockSearchLimit`` each way) that
    /// `belong` with it and ask for the same animation, spanned in `geometry` moved by `shift`.
    private func block(around p: IndexPath, in geometry: TableGeometry, shift: Double,
                       style: (IndexPath) -> RowTransitionStyle, grouped: Bool,
                       belongs: (IndexPath) -> Bool) -> Block {
        let s = p.section, count = geometry.numberOfRows(inSection: s), asked = style(p)
        func joins(_ r: Int) -> Bool {
            let q = IndexPath(row: r, section: s)
            return belongs(q) && style(q) == asked
        }
        var first = p.row, last = p.row
        while first > 0, p.row - first < Self.blockSearchLimit, joins(first - 1) { first -= 1 }
        while last < count - 1, last - p.row < Self.blockSearchLimit, joins(last + 1) { last += 1 }
        return Block(top: geometry.rowSpan(row: first, section: s).y + shift,
                     bottom: geometry.rowSpan(row: last, section: s).maxY + shift,
                     style: Self.resolved(asked, first: first, last: last, count: count, grouped: grouped))
    }

    /// Where, in the old layout, the rows part for inserted row `new`: the old top of the
    /// next row that was there, or the end of the section, or the next surviving section.
    private func gapBefore(newRow new: IndexPath, _ plan: UpdatePlan, _ old: TableGeometry) -> Double {
        gap(after: new, rowCount: plan.newRowCounts, otherSection: { plan.oldSectionForNew[$0] },
            oldSection: { _, o in o }, in: old, plan) {
            switch plan.origin(ofRow: $0) {
            case .persisted(let p), .reloaded(let p): p
            case .moved, .inserted: nil
            }
        }
    }

    /// Where, in the new layout, the rows close up over deleted row `old`.
    private func gapAfter(oldRow old: IndexPath, _ plan: UpdatePlan, _ oldGeometry: TableGeometry,
                          _ new: TableGeometry) -> Double {
        gap(after: old, rowCount: plan.oldRowCounts, otherSection: { plan.newSectionForOld[$0] },
            oldSection: { s, _ in s }, in: new, plan) {
            switch plan.fate(ofRow: $0) {
            case .persists(let p), .reloaded(let p): p
            case .moved, .deleted: nil
            }
        }
    }

    /// The top, in `geometry` (the other side of the update), of the first row after `row`
    /// in its section that `staysAs` names there; else of its section's footer; else of the
    /// next section that stays; else of the table footer. A section reloaded whole has no
    /// rows that stay (`oldSection` says which of the pair is the section before the update).
    private func gap(after row: IndexPath, rowCount: [Int], otherSection: (Int) -> Int?,
                     oldSection: (_ this: Int, _ other: Int) -> Int, in geometry: TableGeometry,
                     _ plan: UpdatePlan, staysAs: (IndexPath) -> IndexPath?) -> Double {
        let s = row.section
        if let o = otherSection(s), !isReloaded(plan.fate(ofSection: oldSection(s, o))) {
            for r in row.row + 1 ..< min(rowCount[s], row.row + Self.blockSearchLimit) {
                if let p = staysAs(IndexPath(row: r, section: s)) { return geometry.rowSpan(row: p.row, section: p.section).y }
            }
            return geometry.footerSpan(o).y
        }
        for later in s + 1 ..< rowCount.count {
            if let o = otherSection(later) { return geometry.sectionSpan(o).y }
        }
        return geometry.tableFooterSpan.y
    }

    private func isReloaded(_ fate: UpdatePlan.SectionFate) -> Bool {
        if case .reloaded = fate { return true }
        return false
    }
}
