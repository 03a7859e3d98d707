import Testing
@testable import TabulaCore

@Suite("TableGeometry")
struct TableGeometryTests {
    /// Table header 30; section 0: header 20, rows 10/20/30, footer 5; section 1: empty with
    /// header 20; section 2: no header, 2 rows of 44, footer 8; table footer 12.
    private func sample() -> TableGeometry {
        TableGeometry(tableHeaderHeight: 30, sections: [
            .init(headerHeight: 20, rows: RowHeightIndex(count: 3) { Double($0 + 1) * 10 }, footerHeight: 5),
            .init(headerHeight: 20, rows: RowHeightIndex(count: 0, estimatedHeight: 44), footerHeight: 0),
            .init(headerHeight: 0, rows: RowHeightIndex(count: 2, estimatedHeight: 44), footerHeight: 8),
        ], tableFooterHeight: 12)
    }

    @Test("spans stack the table header, each section's header, rows and footer, then the table footer")
    func spans() {
        let g = sample()
        #expect(g.headerSpan(0) == Span(y: 30, height: 20))
        #expect(g.rowSpan(row: 0, section: 0) == Span(y: 50, height: 10))
        #expect(g.rowSpan(row: 2, section: 0) == Span(y: 80, height: 30))
        #expect(g.footerSpan(0) == Span(y: 110, height: 5))
        #expect(g.sectionSpan(1) == Span(y: 115, height: 20))
        #expect(g.rowSpan(row: 0, section: 2) == Span(y: 135, height: 44))
        #expect(g.footerSpan(2) == Span(y: 223, height: 8))
        #expect(g.tableFooterSpan == Span(y: 231, height: 12))
        #expect(g.contentHeight == 243)
    }

    @Test("forgetting measured heights keeps the sections and counts, and rows count at their estimates again")
    func forgetMeasuredHeights() {
        var g = sample()
        g.setRowHeight(60, row: 1, section: 2) // a measured row in an estimated section
        g.forgetMeasuredHeights()
        #expect(g.numberOfSections == 3)
        #expect((0 ..< 3).map { g.numberOfRows(inSection: $0) } == [3, 0, 2])
        // Section 0 was measured in full and has no estimate: its rows count as 0 until asked again.
        #expect(g.sections[0].rows.measuredCount == 0 && g.sections[2].rows.measuredCount == 0)
        #expect(g.rowSpan(row: 2, section: 0) == Span(y: 50, height: 0))
        #expect(g.rowSpan(row: 1, section: 2) == Span(y: 30 + 20 + 5 + 20 + 44, height: 44))
        #expect(g.contentHeight == 30 + 20 + 5 + 20 + 88 + 8 + 12)
    }

    @Test("a point maps to the row under it, and to nothing on headers and footers")
    func rowLookup() {
        let g = sample()
        #expect(g.rowLocation(atOffset: 10) == nil)      // table header
        #expect(g.rowLocation(atOffset: 45) == nil)      // section 0 header
        #expect(g.rowLocation(atOffset: 50)! == (0, 0))
        #expect(g.rowLocation(atOffset: 79.9)! == (0, 1))
        #expect(g.rowLocation(atOffset: 112) == nil)     // footer
        #expect(g.rowLocation(atOffset: 135)! == (2, 0))
        #expect(g.rowLocation(atOffset: 222.9)! == (2, 1))
        #expect(g.rowLocation(atOffset: 240) == nil)     // table footer
    }

    @Test("a viewport lists the rows, headers and footers it crosses, in order")
    func viewport() {
        let g = sample()
        let items = g.items(from: 75, to: 140)
        #expect(items.rows.map { "\($0.section).\($0.row)" } == ["0.1", "0.2", "2.0"])
        #expect(items.headers == [1])
        #expect(items.footers == [0])
    }

    @Test("measuring a row moves everything below it and nothing above")
    func measuring() {
        var g = sample()
        g.setRowHeight(100, row: 0, section: 2)
        #expect(g.rowSpan(row: 1, section: 2).y == 235)
        #expect(g.rowSpan(row: 2, section: 0).y == 80)
        #expect(g.contentHeight == 299)
        g.setHeaderHeight(0, forSection: 0)
        #expect(g.rowSpan(row: 0, section: 0).y == 30)
        #expect(g.contentHeight == 279)
    }

    @Test("rowSpan and rowLocation agree over random heights in many sections", arguments: [1, 2, 3, 4, 5])
    func agreement(seed: Int) {
        var state = UInt64(seed)
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let sections = (0 ..< 1 + next(6)).map { _ -> TableGeometry.Section in
            let count = next(40)
            var rows = RowHeightIndex(count: count, estimatedHeight: Double(next(50)))
            for _ in 0 ..< next(30) where count > 0 { rows.setHeight(Double(next(90)), forRow: next(count)) }
            return .init(headerHeight: Double(next(30)), rows: rows, footerHeight: Double(next(20)))
        }
        let g = TableGeometry(tableHeaderHeight: Double(next(40)), sections: sections, tableFooterHeight: 7)
        for s in 0 ..< g.numberOfSections {
            for r in 0 ..< g.numberOfRows(inSection: s) {
                let span = g.rowSpan(row: r, section: s)
                guard span.height > 0 else { continue }
                for y in [span.y, span.y + span.height / 2, span.maxY - 0.001] {
                    let found = g.rowLocation(atOffset: y)
                    #expect(found?.section == s && found?.row == r, "y \(y) should be row \(s).\(r)")
                }
            }
        }
    }
}
