import Foundation
import Testing
@testable import TabulaCore
import TabulaTestBasics

/// A small table for the oracle: geometry from counts, each row's height chosen from its
/// item (so that a row keeps its height when it moves), headers of 6 points.
private func geometry(_ model: Model, height: (Int) -> Double) -> TableGeometry {
    TableGeometry(tableHeaderHeight: 0, sections: model.sections.map { section in
        TableGeometry.Section(headerHeight: 6, rows: RowHeightIndex(count: section.items.count) { height(section.items[$0]) },
                              footerHeight: 0)
    }, tableFooterHeight: 0)
}

/// What a viewport `top ..< top + height` shows of `geometry`, at rest.
private func shown(_ geometry: TableGeometry, top: Double, height: Double) -> [TableItem: ItemState] {
    let items = geometry.items(from: top, to: top + height)
    var result: [TableItem: ItemState] = [:]
    for (s, r) in items.rows { result[.row(IndexPath(row: r, section: s))] = ItemState(geometry.rowSpan(row: r, section: s)) }
    for s in items.headers { result[.header(s)] = ItemState(geometry.headerSpan(s)) }
    return result
}

/// The state of `record` a fraction `t` of the way, as the table's linear animation draws it.
private func state(_ record: UpdateTransition.Record, at t: Double) -> ItemState {
    ItemState(y: record.from.y + (record.to.y - record.from.y) * t,
              height: record.from.height + (record.to.height - record.from.height) * t,
              x: record.from.x + (record.to.x - record.from.x) * t,
              alpha: record.from.alpha + (record.to.alpha - record.from.alpha) * t)
}

private let styles: [RowTransitionStyle] = [.fade, .right, .left, .top, .bottom, .none, .middle, .automatic]

/// Checks every invariant of ``UpdateTransition`` on one case; returns what failed.
private func oracle(old: Model, new: Model, derived: Derived, top: Double, delta: Double, viewport: Double,
                    grouped: Bool, styleSeed: Int) throws -> [String] {
    let height: (Int) -> Double = { 5 + Double(($0 * 7) % 11) }
    let plan = try UpdatePlan(oldRowCounts: old.counts, operations: derived.operations, newRowCounts: new.counts)
    let oldGeometry = geometry(old, height: height), newGeometry = geometry(new, height: height)
    let before = shown(oldGeometry, top: top, height: viewport)
    let after = shown(newGeometry, top: top + delta, height: viewport)
    // Each row asks an animation of its own, by item, so blocks of one animation are common.
    let oldItems = old.sections.map(\.items), newItems = new.sections.map(\.items)
    let insert: (IndexPath) -> RowTransitionStyle = { styles[(newItems[$0.section][$0.row] / 3 + styleSeed) % styles.count] }
    let delete: (IndexPath) -> RowTransitionStyle = { styles[(oldItems[$0.section][$0.row] / 3 + styleSeed) % styles.count] }
    let transition = UpdateTransition(.init(plan: plan, old: oldGeometry, new: newGeometry, before: before, after: after,
                                            delta: delta, width: 100, grouped: grouped,
                                            insertStyle: insert, deleteStyle: delete))
    var problems: [String] = []
    let records = transition.records

    // Everything on screen at either end is accounted for, once.
    for item in before.keys where records.filter({ $0.old == item && $0.change != .appears }).count != 1 {
        problems.append("\(item) on screen before has \(records.filter { $0.old == item }.count) records")
    }
    for item in after.keys where records.filter({ $0.new == item && $0.change != .disappears }).count != 1 {
        problems.append("\(item) on screen after has \(records.filter { $0.new == item }.count) records")
    }
    for record in records {
        switch record.change {
        case .persists, .slidesOff, .disappears:
            // Nothing on screen jumps: it starts where it was drawn, moved with the content.
            guard let old = record.old, let was = before[old] else { problems.append("\(record): not on screen before"); continue }
            if record.from != ItemState(y: was.y + delta, height: was.height) { problems.append("\(record): jumps from \(was)") }
        case .slidesOn, .appears:
            guard let new = record.new, after[new] != nil else { problems.append("\(record): not on screen after"); continue }
        }
        switch record.change {
        case .persists, .slidesOn, .appears:
            if let new = record.new, record.to != after[new] { problems.append("\(record): does not end at \(after[new]!)") }
        case .slidesOff:
            // Ends at its true place, off screen (not squeezed against the edge).
            guard case .row(let p)? = record.new else { continue }
            let span = newGeometry.rowSpan(row: p.row, section: p.section)
            if record.to != ItemState(span) { problems.append("\(record): does not end at its place \(span)") }
        case .disappears: break
        }
        if record.change == .slidesOn, case .row(let p)? = record.old {
            let span = oldGeometry.rowSpan(row: p.row, section: p.section)
            if record.from != ItemState(y: span.y + delta, height: span.height) {
                problems.append("\(record): does not start at its old place \(span)")
            }
        }
    }
    // Mid-way, rows that keep their order (not moved, not coming or going) never overlap.
    let steady = records.filter {
        $0.depth == .normal && [.persists, .slidesOn, .slidesOff].contains($0.change)
    }
    for t in [0.25, 0.5, 0.75] {
        let spans = steady.map { state($0, at: t) }.sorted { $0.y < $1.y }
        for (a, b) in zip(spans, spans.dropFirst()) where a.maxY > b.y + 1e-9 {
            problems.append("at \(t): \(a) overlaps \(b)")
        }
    }
    // Of the items drawn in front, each draws over those going a shorter way.
    let front = transition.frontOrder
    if front.count != Set(front).count || Set(front) != Set(records.indices.filter { records[$0].depth == .front }) {
        problems.append("front order \(front) is not the records drawn in front")
    }
    let travels = front.map { abs(records[$0].to.y - records[$0].from.y) }
    if zip(travels, travels.dropFirst()).contains(where: { $0 > $1 }) {
        problems.append("front order \(front): an item going \(travels) draws over one going farther")
    }
    // Rows coming in (or going out) together move as one block: the same displacement.
    for change in [UpdateTransition.Change.appears, .disappears] {
        let moving = records.filter { $0.change == change && $0.style.map { [.top, .bottom].contains($0) } == true }
        for record in moving {
            let shift = change == .appears ? record.from.y - record.to.y : record.to.y - record.from.y
            if abs(shift) < 1e-9 { problems.append("\(record): \(record.style!) does not slide") }
        }
    }
    // Consecutive rows inserted together with one animation move as a block: the same
    // displacement, so they never overlap each other on the way in.
    for record in records where record.change == .appears {
        guard case .row(let p)? = record.new, plan.origin(ofRow: p) == .inserted,
              p.row + 1 < new.counts[p.section] else { continue }
        let next = IndexPath(row: p.row + 1, section: p.section)
        guard plan.origin(ofRow: next) == .inserted, insert(next) == insert(p),
              let other = records.first(where: { $0.new == .row(next) && $0.change == .appears }) else { continue }
        if record.from.y - record.to.y != other.from.y - other.to.y {
            problems.append("\(record) and \(other): one block, two displacements")
        }
    }
    return problems
}

@Suite("UpdateTransition: one record per item, checked against an oracle on every small table")
struct UpdateTransitionTests {
    @Test("every mix of deletes, inserts, moves and reloads on one section of up to 4 rows, at every viewport")
    func exhaustiveOneSection() throws {
        var cases = 0, failures: [String] = []
        try forEveryOneSectionChange { old, new, survivors in
            for reloads in [Set<Int>(), Set(survivors.prefix(1))] {
                let derived = Derived(old: old, new: new, reloadedSections: [], reloadedItems: reloads,
                                      extraMoves: { _ in false })
                for (top, delta) in [(0.0, 0.0), (9, 0), (20, -7), (4, 13)] {
                    let found = try oracle(old: old, new: new, derived: derived, top: top, delta: delta,
                                           viewport: 30, grouped: cases % 2 == 0, styleSeed: cases % 8)
                    cases += 1
                    if !found.isEmpty {
                        failures.append("\(old.sections[0].items) → \(new.sections[0].items) reloading "
                                        + "\(reloads.sorted()) top \(top) delta \(delta): \(found.prefix(3))")
                    }
                }
            }
        }
        #expect(cases > 8_000)
        #expect(failures.prefix(5) == [], "\(failures.count) of \(cases) cases fail")
    }

    @Test("random updates of up to 4 sections × 4 rows (sections moved, reloaded, inserted, deleted), every viewport")
    func randomUpdates() throws {
        var random = SeededRandom(seed: 2011)
        var failures: [String] = []
        for round in 0 ..< 2_000 {
            let (old, new, reloadedSections, reloadedItems) = randomChange(
                sections: Int.random(in: 1 ... 4, using: &random), rows: 4, using: &random)
            let derived = Derived(old: old, new: new, reloadedSections: reloadedSections, reloadedItems: reloadedItems,
                                  extraMoves: { _ in false })
            for top in stride(from: 0.0, through: 40, by: 10) {
                let delta = Double.random(in: -15 ... 15, using: &random).rounded()
                let found = try oracle(old: old, new: new, derived: derived, top: top, delta: delta, viewport: 35,
                                       grouped: round % 2 == 0, styleSeed: round % 8)
                if !found.isEmpty { failures.append("round \(round) top \(top) delta \(delta): \(found.prefix(3))") }
            }
        }
        #expect(failures.prefix(5) == [], "\(failures.count) failures")
    }

    @Test("a block inserted with .top slides in from beneath the row above by its own height, keeping its spacing")
    func insertedBlockTop() throws {
        // Rows 0 and 1, then three rows inserted between them.
        var ops = UpdateOperations()
        ops.insertedRows = (1 ... 3).map { IndexPath(row: $0, section: 0) }
        let plan = try UpdatePlan(oldRowCounts: [2], operations: ops, newRowCounts: [5])
        let old = TableGeometry(tableHeaderHeight: 0, sections: [.init(headerHeight: 0, rows: RowHeightIndex(count: 2, estimatedHeight: 44),
                                                                      footerHeight: 0)], tableFooterHeight: 0)
        let new = TableGeometry(tableHeaderHeight: 0, sections: [.init(headerHeight: 0, rows: RowHeightIndex(count: 5, estimatedHeight: 44),
                                                                      footerHeight: 0)], tableFooterHeight: 0)
        let transition = UpdateTransition(.init(
            plan: plan, old: old, new: new, before: shown(old, top: 0, height: 400), after: shown(new, top: 0, height: 400),
            delta: 0, width: 390, grouped: false, insertStyle: { _ in .top }, deleteStyle: { _ in .fade }))
        let inserted = transition.records.filter { $0.change == .appears }.sorted { $0.to.y < $1.to.y }
        #expect(inserted.map(\.to.y) == [44, 88, 132])
        let starts: [Double] = inserted.map(\.from.y)
        #expect(starts == [-88, -44, 0], "the block starts its own height higher")
        #expect(inserted.allSatisfy { $0.from.alpha == 0 && $0.depth == .back }, "from beneath the row above")
        let below = transition.records.first { $0.new == .row(IndexPath(row: 4, section: 0)) }!
        #expect(below.change == .persists && below.from.y == 44 && below.to.y == 176)
    }

    @Test("rows coming in from beneath a neighbour draw behind the rest; rows arriving at their place do not",
          arguments: [(RowTransitionStyle.top, UpdateTransition.Depth.back), (.bottom, .back), (.middle, .back),
                      (.fade, .normal), (.left, .normal), (.right, .normal), (.none, .normal)])
    func appearingDepth(style: RowTransitionStyle, depth: UpdateTransition.Depth) throws {
        // Two rows inserted at the top of five: the old rows slide down across their places.
        var ops = UpdateOperations()
        ops.insertedRows = [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)]
        let plan = try UpdatePlan(oldRowCounts: [5], operations: ops, newRowCounts: [7])
        func geometry(_ rows: Int) -> TableGeometry {
            TableGeometry(tableHeaderHeight: 0, sections: [.init(headerHeight: 0, rows: RowHeightIndex(count: rows, estimatedHeight: 64),
                                                                 footerHeight: 0)], tableFooterHeight: 0)
        }
        let old = geometry(5), new = geometry(7)
        let transition = UpdateTransition(.init(
            plan: plan, old: old, new: new, before: shown(old, top: 0, height: 800), after: shown(new, top: 0, height: 800),
            delta: 0, width: 390, grouped: false, insertStyle: { _ in style }, deleteStyle: { _ in .fade }))
        let inserted = transition.records.filter { $0.change == .appears }
        #expect(inserted.count == 2)
        #expect(inserted.allSatisfy { $0.depth == depth }, "\(inserted)")
    }

    @Test("of two moved rows the one going farther draws on top; rows only making room are not in front")
    func movedRowsFrontOrder() throws {
        // Six rows of 10: row 0 goes to the bottom (50 points), row 4 to the top (40 points).
        var ops = UpdateOperations()
        ops.movedRows = [RowMove(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 5, section: 0)),
                         RowMove(from: IndexPath(row: 4, section: 0), to: IndexPath(row: 0, section: 0))]
        let plan = try UpdatePlan(oldRowCounts: [6], operations: ops, newRowCounts: [6])
        let geometry = TableGeometry(tableHeaderHeight: 0, sections: [.init(headerHeight: 0,
            rows: RowHeightIndex(count: 6, estimatedHeight: 10), footerHeight: 0)], tableFooterHeight: 0)
        let transition = UpdateTransition(.init(
            plan: plan, old: geometry, new: geometry, before: shown(geometry, top: 0, height: 100),
            after: shown(geometry, top: 0, height: 100), delta: 0, width: 390, grouped: false,
            insertStyle: { _ in .fade }, deleteStyle: { _ in .fade }))
        let front = transition.frontOrder.map { transition.records[$0] }
        #expect(front.map(\.old) == [.row(IndexPath(row: 4, section: 0)), .row(IndexPath(row: 0, section: 0))],
                "the row going 50 points draws over the one going 40")
        #expect(front.map(\.new) == [.row(IndexPath(row: 0, section: 0)), .row(IndexPath(row: 5, section: 0))])
        let others = transition.records.filter { $0.depth != .front }
        #expect(others.count == 4 && others.allSatisfy { $0.change == .persists && $0.depth == .normal })
    }

    @Test("a row cut off mid-growth by a second update leaves at its resting height, not at the height it was drawn at",
          arguments: [true, false])
    func leavingRowKeepsRestingHeight(reloaded: Bool) throws {
        // Row 1 of three rests at 120 points but is drawn at 41 (a first reload's growth, cut off).
        var ops = UpdateOperations()
        if reloaded { ops.reloadedRows = [IndexPath(row: 1, section: 0)] } else { ops.deletedRows = [IndexPath(row: 1, section: 0)] }
        let plan = try UpdatePlan(oldRowCounts: [3], operations: ops, newRowCounts: [reloaded ? 3 : 2])
        func geometry(_ heights: [Double]) -> TableGeometry {
            TableGeometry(tableHeaderHeight: 0, sections: [.init(headerHeight: 0, rows: RowHeightIndex(count: heights.count) { heights[$0] },
                                                                 footerHeight: 0)], tableFooterHeight: 0)
        }
        let old = geometry([44, 120, 44]), new = geometry(reloaded ? [44, 120, 44] : [44, 44])
        var before = shown(old, top: 0, height: 800)
        before[.row(IndexPath(row: 1, section: 0))] = ItemState(y: 44, height: 41, x: 0, alpha: 1)
        let transition = UpdateTransition(.init(
            plan: plan, old: old, new: new, before: before, after: shown(new, top: 0, height: 800),
            delta: 0, width: 390, grouped: false, insertStyle: { _ in .fade }, deleteStyle: { _ in .fade }))
        let leaving = try #require(transition.records.first { $0.old == .row(IndexPath(row: 1, section: 0)) && $0.change == .disappears })
        #expect(leaving.from.height == 41, "it starts where it is drawn")
        #expect(leaving.to.height == 120, "and ends at the height its content was laid out for")
        #expect(leaving.to.y == 44 && leaving.to.alpha == 0)
    }

    @Test("a row pushed off screen slides to its new place at its measured height, not the new geometry's estimate")
    func slidingOffKeepsMeasuredHeight() throws {
        // Three rows of 135 on a 400-point screen; four rows inserted at the top push the
        // third off screen, where the new geometry holds only an estimate (41) for it.
        var ops = UpdateOperations()
        ops.insertedRows = (0 ..< 4).map { IndexPath(row: $0, section: 0) }
        let plan = try UpdatePlan(oldRowCounts: [3], operations: ops, newRowCounts: [7])
        func geometry(_ heights: [Double]) -> TableGeometry {
            TableGeometry(tableHeaderHeight: 0, sections: [.init(headerHeight: 0, rows: RowHeightIndex(count: heights.count) { heights[$0] },
                                                                 footerHeight: 0)], tableFooterHeight: 0)
        }
        let old = geometry([135, 135, 135]), new = geometry([100, 100, 100, 100, 135, 135, 41])
        let transition = UpdateTransition(.init(
            plan: plan, old: old, new: new, before: shown(old, top: 0, height: 400), after: shown(new, top: 0, height: 400),
            delta: 0, width: 390, grouped: false, insertStyle: { _ in .fade }, deleteStyle: { _ in .fade }))
        let off = try #require(transition.records.first { $0.old == .row(IndexPath(row: 2, section: 0)) })
        #expect(off.change == .slidesOff)
        #expect(off.to.y == 670 && off.to.height == 135, "\(off)")
    }

    @Test(".automatic resolves per block: fade in plain style or for a whole section; bottom, top, middle in grouped")
    func automaticPerBlock() {
        func resolve(_ first: Int, _ last: Int, _ count: Int, grouped: Bool) -> RowTransitionStyle {
            UpdateTransition.resolved(.automatic, first: first, last: last, count: count, grouped: grouped)
        }
        #expect(resolve(0, 1, 5, grouped: false) == .fade)
        #expect(resolve(0, 4, 5, grouped: true) == .fade)
        #expect(resolve(0, 1, 5, grouped: true) == .bottom)
        #expect(resolve(3, 4, 5, grouped: true) == .top)
        #expect(resolve(1, 3, 5, grouped: true) == .middle)
        #expect(UpdateTransition.resolved(.left, first: 0, last: 0, count: 1, grouped: true) == .left)
    }
}
