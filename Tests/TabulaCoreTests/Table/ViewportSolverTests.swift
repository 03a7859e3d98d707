import Foundation
import Testing
@testable import TabulaCore

/// A table of `counts` rows at `estimate` each, with headers of `header` points; the rows
/// `measured` names are measured already at `height`.
private func table(_ counts: [Int], estimate: Double = 10, header: Double = 0,
                   measured: (IndexPath) -> Bool = { _ in false }, height: (IndexPath) -> Double = { _ in 10 })
    -> TableGeometry {
    var geometry = TableGeometry(tableHeaderHeight: 0, sections: counts.map {
        .init(headerHeight: header, rows: RowHeightIndex(count: $0, estimatedHeight: estimate), footerHeight: 0)
    }, tableFooterHeight: 0)
    for (s, count) in counts.enumerated() {
        for r in 0 ..< count where measured(IndexPath(row: r, section: s)) {
            geometry.setRowHeight(height(IndexPath(row: r, section: s)), row: r, section: s)
        }
    }
    return geometry
}

private func y(_ geometry: TableGeometry, _ p: IndexPath) -> Double { geometry.rowSpan(row: p.row, section: p.section).y }

/// Every table of up to 3 sections of up to 4 rows.
private func everyTable(_ body: ([Int]) throws -> Void) rethrows {
    for sections in 0 ... 3 {
        var counts = [Int](repeating: 0, count: sections)
        while true {
            try body(counts)
            var i = 0
            while i < sections && counts[i] == 4 { counts[i] = 0; i += 1 }
            if i == sections { break }
            counts[i] += 1
        }
    }
}

@Suite("ViewportSolver: the rows in view measured, and one offset correction")
struct ViewportSolverTests {
    @Test("an empty table: nothing in view, nothing measured, no correction, whatever the anchor")
    func emptyTable() {
        for anchor in [ViewportSolver.Anchor.none, .row(IndexPath(row: 0, section: 0), screenY: 5),
                       .firstMeasuredRow(keepsTop: true)] {
            let solver = ViewportSolver(offset: 0, height: 100, anchor: anchor, clamp: .both, measuring: .all)
            var asked = 0
            let solution = solver.solve(TableGeometry()) { _ in asked += 1; return 10 }
            #expect(asked == 0 && solution.correction == 0 && solution.visible.rows.isEmpty && solution.passes == 0)
        }
    }

    @Test("scrolled down, rows above the first measured row measured taller: that row stays where it is on screen")
    func measuredAboveAnchor() {
        // Rows 0–9 of 10; rows 5… are measured (the user saw them); the viewport shows 3…7.
        let geometry = table([10], measured: { $0.row >= 5 })
        let solver = ViewportSolver(offset: 30, height: 50, anchor: .firstMeasuredRow(keepsTop: true), clamp: .top,
                                    measuring: .unmeasured)
        let solution = solver.solve(geometry) { _ in 25 }
        #expect(solution.measured == [IndexPath(row: 3, section: 0), IndexPath(row: 4, section: 0)])
        let five = IndexPath(row: 5, section: 0)
        #expect(y(solution.geometry, five) - solution.offset == y(geometry, five) - 30, "row 5 stays 20 points down")
        #expect(solution.correction == 30, "rows 3 and 4 grew by 15 each")
        // Measured shorter: the offset goes up, but not past the top.
        let shorter = ViewportSolver(offset: 30, height: 50, anchor: .firstMeasuredRow(keepsTop: true), clamp: .top,
                                     measuring: .unmeasured).solve(table([10], measured: { $0.row >= 5 })) { _ in 0 }
        #expect(shorter.offset == 0 && shorter.correction == -30)
    }

    @Test("at the top, the top stays and the rows below move; held by a finger, the first measured row stays")
    func anchorAtTop() {
        let geometry = table([10], measured: { $0.row == 1 })
        let atTop = ViewportSolver(offset: 0, height: 30, anchor: .firstMeasuredRow(keepsTop: true), clamp: .top,
                                   measuring: .unmeasured).solve(geometry) { _ in 20 }
        #expect(atTop.offset == 0 && atTop.correction == 0)
        #expect(atTop.measured.first == IndexPath(row: 0, section: 0))
        let held = ViewportSolver(offset: 0, height: 30, anchor: .firstMeasuredRow(keepsTop: false), clamp: .none,
                                  measuring: .unmeasured).solve(geometry) { _ in 20 }
        #expect(held.correction == 10, "row 1 stays 10 points down: row 0 grew by 10 above it")
    }

    @Test("a row anchored at the bottom of the viewport stays there; clamped, the offset stays inside the content")
    func anchorAtBottom() {
        // 10 rows of 10, viewport 40 tall showing 6…9; row 9 anchored at 30 points down.
        let geometry = table([10], measured: { _ in true })
        let row9 = IndexPath(row: 9, section: 0)
        // Rows measured 20 tall push row 9 down; 5 tall pull it up, and the rows above come
        // into view and are measured in turn; clamped, the content's end stops it.
        for (measured, clamp, offset) in [(20.0, ViewportSolver.Clamp.none, 90.0), (20, .both, 90), (5, .both, 20),
                                          (5, .none, 30)] {
            let solution = ViewportSolver(offset: 60, height: 40, anchor: .row(row9, screenY: 30), clamp: clamp,
                                          measuring: .all).solve(geometry) { _ in measured }
            #expect(solution.offset == offset, "rows of \(measured), \(clamp)")
            if clamp == .both {
                #expect(solution.offset <= ViewportSolver(offset: 0, height: 40, anchor: .none, clamp: .both, measuring: .none)
                            .maximumOffset(contentHeight: solution.geometry.contentHeight))
            }
        }
    }

    @Test("heights that are not finite or negative are reported and replaced, never stored, never trapping")
    func badHeights() {
        let bad: [Double] = [.nan, .infinity, -.infinity, -1, -0.0001]
        let geometry = table([bad.count], estimate: 12)
        let solution = ViewportSolver(offset: 0, height: 1_000, anchor: .none, clamp: .both, measuring: .unmeasured)
            .solve(geometry) { bad[$0.row] }
        #expect(solution.problems.count == bad.count)
        for (r, h) in bad.enumerated() {
            let stored = solution.geometry.rowSpan(row: r, section: 0).height
            #expect(stored == (h.isFinite ? 0 : 12), "row \(r): \(h) counts as \(stored)")
            #expect(solution.problems[r].row == IndexPath(row: r, section: 0) && solution.problems[r].used == stored)
        }
        #expect(solution.geometry.contentHeight == 36)
    }

    @Test("the passes are bounded; measuring none only corrects and clamps")
    func passesBounded() {
        // Every row measured 0 tall brings the next into view: one pass each, at most two.
        let geometry = table([20])
        let solution = ViewportSolver(offset: 0, height: 10, anchor: .none, clamp: .none, measuring: .unmeasured,
                                      maximumPasses: 2).solve(geometry) { _ in 0 }
        #expect(solution.passes == 2 && solution.measured.count == 2)
        let none = ViewportSolver(offset: 500, height: 10, anchor: .row(IndexPath(row: 3, section: 0), screenY: 0),
                                  clamp: .top, measuring: .none).solve(geometry) { _ in 99 }
        #expect(none.measured.isEmpty && none.offset == 30 && none.correction == -470)
    }

    @Test("every table of up to 3 × 4 rows, half measured, every offset, anchor, clamp and way of measuring")
    func exhaustive() {
        var cases = 0, failures: [String] = []
        let heights: [Double] = [0, 3, 10, 17, 25]
        everyTable { counts in
            for seed in 0 ..< 2 {
                let measuredHeight = { (p: IndexPath) in heights[(p.section * 3 + p.row * 7 + seed) % heights.count] }
                let before = table(counts, header: seed == 1 ? 4 : 0, measured: { ($0.row + seed) % 2 == 0 },
                                   height: measuredHeight)
                var anchors: [ViewportSolver.Anchor] = [.none, .firstMeasuredRow(keepsTop: true),
                                                        .firstMeasuredRow(keepsTop: false)]
                for (s, count) in counts.enumerated() where count > 0 {
                    anchors.append(.row(IndexPath(row: count - 1, section: s), screenY: Double(seed * 7)))
                }
                let content = before.contentHeight
                for offset in stride(from: -10.0, through: content + 10, by: 6) {
                    for anchor in anchors {
                        for clamp in [ViewportSolver.Clamp.none, .top, .both] {
                            for measuring in [ViewportSolver.Measuring.none, .unmeasured, .all] {
                                let solver = ViewportSolver(offset: offset, height: 20, minimumOffset: 0, bottomInset: 0,
                                                            anchor: anchor, clamp: clamp, measuring: measuring)
                                let problems = check(solver, before, measures: { $0 != 1 }, measure: measuredHeight)
                                cases += 1
                                if !problems.isEmpty {
                                    failures.append("\(counts) seed \(seed) offset \(offset) \(anchor) \(clamp) \(measuring): \(problems)")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(cases > 20_000)
        #expect(unchangedCases > 1_000, "the shortcut applies: \(unchangedCases) cases")
        #expect(failures.prefix(5) == [], "\(failures.count) of \(cases) cases fail")
    }
}

/// How many cases `check` found ``ViewportSolver/leavesUnchanged(_:visible:measures:)`` true for.
nonisolated(unsafe) private var unchangedCases = 0

/// Checks every invariant of ``ViewportSolver`` on one case; returns what failed.
private func check(_ solver: ViewportSolver, _ before: TableGeometry, measures: (Int) -> Bool,
                   measure: (IndexPath) -> Double) -> [String] {
    var asked: [IndexPath] = []
    let solution = solver.solve(before, measures: measures) { asked.append($0); return measure($0) }
    let after = solution.geometry
    var problems: [String] = []
    // The shortcut the tiling takes before a solve agrees with the solve.
    let inView = before.items(from: solver.offset, to: solver.offset + solver.height)
    if solver.leavesUnchanged(before, visible: inView, measures: measures) {
        unchangedCases += 1
        if solution.passes > 0 || solution.correction != 0 {
            problems.append("leavesUnchanged, but the solve made \(solution.passes) passes, correction \(solution.correction)")
        }
    }
    if Set(asked).count != asked.count { problems.append("a row measured twice: \(asked)") }
    if asked != solution.measured { problems.append("measured \(solution.measured), asked \(asked)") }
    if solution.correction != solution.offset - solver.offset { problems.append("correction \(solution.correction)") }
    if !solution.problems.isEmpty { problems.append("problems with good heights: \(solution.problems)") }
    for p in asked {
        if !measures(p.section) { problems.append("\(p) measured in a section of exact heights") }
        if after.rowSpan(row: p.row, section: p.section).height != measure(p) { problems.append("\(p) not stored") }
    }
    // Rows in view at the end that should be measured are.
    let visible = solution.visible.rows.map { IndexPath(row: $0.row, section: $0.section) }
    let expected = after.items(from: solution.offset, to: solution.offset + solver.height).rows
    if visible != expected.map({ IndexPath(row: $0.row, section: $0.section) }) { problems.append("visible \(visible)") }
    if solution.passes < solver.maximumPasses {
        for p in visible where measures(p.section) {
            switch solver.measuring {
            case .none: break
            case .unmeasured:
                if !after.sections[p.section].rows.isMeasured(p.row) { problems.append("\(p) in view, not measured") }
            case .all:
                if !asked.contains(p) { problems.append("\(p) in view, not asked again") }
            }
        }
    }
    if solver.measuring == .none && !asked.isEmpty { problems.append("measured with .none") }
    // The offset: inside the bounds asked, and the anchor where it was unless a bound moved it.
    let maximum = solver.maximumOffset(contentHeight: after.contentHeight)
    let moved = solution.correction != 0
    let atBound = solution.offset == solver.minimumOffset || solution.offset == maximum
    switch solver.clamp {
    case .none: break
    case .top where moved: if solution.offset < solver.minimumOffset { problems.append("above the top") }
    case .both:
        if solution.offset < solver.minimumOffset || solution.offset > maximum { problems.append("outside \(maximum)") }
    default: break
    }
    if case .row(let p, let screenY) = solver.anchor, !atBound || solver.clamp == .none {
        let drawn = after.rowSpan(row: p.row, section: p.section).y - solution.offset
        if drawn != screenY { problems.append("anchor \(p) at \(drawn), not \(screenY)") }
    }
    if case .none = solver.anchor, solver.clamp == .none, moved { problems.append("moved without an anchor") }
    return problems
}
