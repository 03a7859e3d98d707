import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

@Suite("The section index bar")
@MainActor
struct SectionIndexTests {
    /// 26 sections of 10 rows, titled and indexed A to Z.
    private func alphabetTable() -> (UITableView, TestTableSource) {
        let table = UITableView(frame: .zero, style: .plain)
        table.rowHeight = 44
        let source = TestTableSource(counts: Array(repeating: 10, count: 26))
        source.indexTitles = (0 ..< 26).map { String(UnicodeScalar(65 + $0)!) }
        source.headerTitles = Dictionary(uniqueKeysWithValues: (0 ..< 26).map { ($0, source.indexTitles![$0]) })
        table.dataSource = source
        return (table, source)
    }

    /// The centre of title `index` of the bar, in window coordinates.
    private func pointOfTitle(_ index: Int, in bar: SectionIndexView) -> CGPoint {
        let top = (bar.bounds.height - CGFloat(bar.titles.count) * bar.lineHeight) / 2
        return bar.convert(CGPoint(x: bar.bounds.midX, y: top + (CGFloat(index) + 0.5) * bar.lineHeight), to: nil)
    }

    @Test("a finger dragged down the index steps through the letters: each one's section comes to the top")
    func dragStepsThroughTitles() throws {
        let (table, source) = alphabetTable()
        let screen = showTable(table)
        defer { withExtendedLifetime(source) {} }
        let bar = try #require(table.sectionIndexView)
        let finger = screen.touchDown(at: pointOfTitle(1, in: bar))
        screen.advance(by: 1.0 / 60)
        #expect(table.contentOffset.y == table.rect(forSection: 1).minY, "touching B shows B at once")
        var topSections: [Int] = []
        for title in 2 ... 7 {
            screen.moveTouch(finger, to: pointOfTitle(title, in: bar))
            screen.advance(by: 1.0 / 60)
            topSections.append(table.indexPathsForVisibleRows?.first?.section ?? -1)
            #expect(!table.isDragging, "the table does not scroll with the finger")
        }
        screen.liftTouch(finger)
        screen.advance(by: 0.5)
        #expect(topSections == Array(2 ... 7))
        #expect(table.contentOffset.y == table.rect(forSection: 7).minY, "no fling after the finger lifts")
    }

    @Test("the bar is as wide as its widest title, and rows and separators stop short of it")
    func widthFitsTitlesAndRowsKeepClear() throws {
        let table = UITableView(frame: .zero, style: .plain)
        table.rowHeight = 44
        let source = TestTableSource(counts: [5, 5, 5])
        source.indexTitles = ["Jedi", "Rebels", "Sith"]
        source.headerTitles = [0: "Jedi", 1: "Rebels", 2: "Sith"]
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime((screen, source)) {} }
        let bar = try #require(table.sectionIndexView)
        let rebels = TextLayout(text: "Rebels", font: SectionIndexView.font.font, maximumNumberOfLines: 1)
        #expect(bar.frame.width >= rebels.size.width, "\"Rebels\" fits on one line, whole")
        let drawn = TextLayout(text: "Rebels", font: SectionIndexView.font.font, width: bar.bounds.width,
                               maximumNumberOfLines: 1, lineBreakMode: .byClipping, alignment: .center)
        #expect(!drawn.isTruncated && drawn.lineCount == 1)
        #expect(bar.frame.maxX == table.bounds.width)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        let separator = cell.convert(cell.separatorView.frame, to: table)
        #expect(!separator.isEmpty)
        #expect(separator.maxX <= bar.frame.minX, "the separator ends before the index")
        #expect(cell.convert(cell.contentView.frame, to: table).maxX <= bar.frame.minX)
    }

    @Test("a table without index titles has no bar, and its separators reach the edge")
    func noTitlesNoBar() throws {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TestTableSource(counts: [5])
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime((screen, source)) {} }
        #expect(table.sectionIndexView == nil)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(cell.convert(cell.separatorView.frame, to: table).maxX == table.bounds.width)
    }
}
