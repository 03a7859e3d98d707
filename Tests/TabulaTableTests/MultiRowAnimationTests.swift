import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// Animations in which several rows or sections move at once, checked frame by frame:
/// every row on screen at either end is drawn all the way, and rows that keep their
/// order never overlap.
@Suite("UITableView animations where several rows move")
@MainActor
struct MultiRowAnimationTests {
    /// Where each cell on screen is drawn now (presentation), by the item it shows.
    private func drawn(_ table: UITableView) -> [String: CGRect] {
        var result: [String: CGRect] = [:]
        for case let cell as UITableViewCell in table.subviews where cell.superview === table {
            guard let text = cell.textLabel?.text, let p = cell.layer.presentation(), p.opacity > 0.01 else { continue }
            result[text] = p.frame
        }
        return result
    }

    /// Samples every frame of `seconds`, returning the drawn frames of each.
    private func frames(_ screen: HeadlessScreen, _ table: UITableView, seconds: Double) -> [[String: CGRect]] {
        var result = [drawn(table)]
        for _ in 0 ..< Int(seconds * 60) {
            screen.advance(by: 1.0 / 60)
            result.append(drawn(table))
        }
        return result
    }

    /// Problems in `film`: a row drawn at both ends that is missing mid-way, or two rows
    /// of `ordered` (which keep their order) overlapping.
    private func problems(_ film: [[String: CGRect]], ordered: [String], viewport: CGRect) -> [String] {
        var problems: [String] = []
        let first = film.first!, last = film.last!
        for (i, frame) in film.enumerated() {
            for item in first.keys where last[item] != nil && frame[item] == nil {
                problems.append("frame \(i): \(item) is missing")
            }
            let shown = ordered.compactMap { name in frame[name].map { (name, $0) } }
                .filter { $0.1.intersects(viewport) }
            for (a, b) in zip(shown, shown.dropFirst()) where a.1.maxY > b.1.minY + 0.5 {
                problems.append("frame \(i): \(a.0) (\(a.1.minY)+\(a.1.height)) overlaps \(b.0) (\(b.1.minY))")
            }
        }
        return Array(problems.prefix(8))
    }

    @Test("sections sorted with moveSection: the rows of sections that keep their order never overlap or vanish")
    func sectionMoves() {
        let names = ["Macbeth", "Hamlet", "Tempest", "As You Like It", "Caesar", "Lear", "Othello", "Romeo"]
        let sections = names.map { play in (0 ..< 3).map { "\(play) \($0)" } }
        let (table, source, screen) = itemTable(sections)
        defer { withExtendedLifetime(screen) {} }
        let order = names.indices.sorted { names[$0] < names[$1] }
        source.sections = order.map { sections[$0] }
        table.beginUpdates()
        for (from, _) in names.enumerated() {
            let to = order.firstIndex(of: from)!
            if from != to { table.moveSection(from, toSection: to) }
        }
        table.endUpdates()
        if let out = ProcessInfo.processInfo.environment["TABULA_FILM_DIR"] {
            let shots = screen.record(duration: 0.36, fps: 20)
            try? HeadlessScreen.filmstrip(shots, columns: 8).pngData()?.write(to: URL(fileURLWithPath: out + "/section-moves.png"))
            return
        }
        let film = frames(screen, table, seconds: 0.4)
        // Within each section the rows keep their order.
        for section in sections {
            #expect(problems(film, ordered: section, viewport: table.bounds) == [])
        }
        #expect(film.last!.count == table.visibleCells.count)
    }

    /// Gaps inside the viewport between the rows drawn in `frame` (a blank band), given
    /// that the content fills the screen.
    private func bands(_ frame: [String: CGRect], viewport: CGRect) -> [String] {
        let spans = frame.values.filter { $0.intersects(viewport) }.sorted { $0.minY < $1.minY }
        var covered = viewport.minY, result: [String] = []
        for span in spans {
            if span.minY > covered + 0.5 { result.append("blank \(covered)..<\(span.minY)") }
            covered = max(covered, span.maxY)
        }
        if covered < viewport.maxY - 0.5 { result.append("blank \(covered)..<\(viewport.maxY)") }
        return result
    }

    @Test("opening a section with .top while another closes: the inserted and the deleted rows keep their spacing")
    func openAndCloseSectionsTop() {
        let feeds = ["News", "Sport", "Weather"]
        let stories = feeds.map { feed in (0 ..< 6).map { "\(feed) story \($0)" } }
        let (table, source, screen) = itemTable([stories[0], [], []])
        defer { withExtendedLifetime(screen) {} }
        source.sections = [[], stories[1], []]
        table.performBatchUpdates {
            table.deleteRows(at: (0 ..< 6).map { IndexPath(0, $0) }, with: .top)
            table.insertRows(at: (0 ..< 6).map { IndexPath(1, $0) }, with: .top)
        }
        let film = frames(screen, table, seconds: 0.4)
        #expect(problems(film, ordered: stories[0], viewport: table.bounds) == [], "the closing rows")
        #expect(problems(film, ordered: stories[1], viewport: table.bounds) == [], "the opening rows")
        // Mid-way the opening rows are on their way in, all of them, one row height apart.
        let mid = film[9]
        let opening = stories[1].compactMap { mid[$0] }.sorted { $0.minY < $1.minY }
        #expect(opening.count == 6)
        #expect(zip(opening, opening.dropFirst()).allSatisfy { abs($1.minY - $0.minY - 44) < 0.01 })
    }

    @Test(".bottom inserts slide up into place from beneath the row below")
    func bottomInsertSlides() {
        let (table, source, screen) = itemTable([(0 ..< 6).map { "Row \($0)" }])
        defer { withExtendedLifetime(screen) {} }
        source.sections[0].insert(contentsOf: ["New A", "New B"], at: 2)
        table.insertRows(at: [IndexPath(0, 2), IndexPath(0, 3)], with: .bottom)
        let rest = table.cellForRow(at: IndexPath(0, 2))!.frame
        let film = frames(screen, table, seconds: 0.4)
        let ys = film.compactMap { $0["New A"]?.minY }
        #expect(ys.first! > rest.minY + 80, "it starts beneath the rows below: \(ys.first!)")
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $1 <= $0 + 0.001 }, "and only rises")
        #expect(ys.last == rest.minY)
        #expect(problems(film, ordered: ["New A", "New B"], viewport: table.bounds) == [])
    }

    @Test("a height change pushes rows off the bottom together; a second change mid-way brings them back, no bands")
    func heightChangesSlideTogether() {
        let names = (0 ..< 30).map { "Row \($0)" }
        let (table, source, screen) = itemTable([names])
        defer { withExtendedLifetime(screen) {} }
        source.heights["Row 2"] = 400
        table.beginUpdates()
        table.endUpdates()
        var film = frames(screen, table, seconds: 0.1)
        // A second change 0.1 s into the first.
        source.heights["Row 2"] = 44
        table.beginUpdates()
        table.endUpdates()
        film += frames(screen, table, seconds: 0.4)
        #expect(problems(film, ordered: names, viewport: table.bounds) == [])
        for (i, frame) in film.enumerated() {
            #expect(bands(frame, viewport: table.bounds) == [], "frame \(i)")
        }
        #expect(table.visibleCells.count == 20)
    }

    @Test("in grouped style a row sliding in with .left or .right stays inside its rounded group")
    func groupedSidewaysStaysInGroup() {
        for animation in [UITableView.RowAnimation.left, .right] {
            let (table, source, screen) = itemTable([(0 ..< 4).map { "Row \($0)" }], style: .insetGrouped)
            defer { withExtendedLifetime(screen) {} }
            source.sections[0].insert("New", at: 1)
            table.insertRows(at: [IndexPath(0, 1)], with: animation)
            let cell = table.cellForRow(at: IndexPath(0, 1))!
            let group = table.cellForRow(at: IndexPath(0, 0))!.frame
            var slid = false
            for _ in 0 ..< 20 {
                screen.advance(by: 1.0 / 60)
                let drawn = cell.layer.presentation()!.frame
                #expect(drawn.minX >= group.minX - 0.01 && drawn.maxX <= group.maxX + 0.01, "\(animation): \(drawn)")
                let content = cell.contentView.layer.presentation()!.transform
                if content.m41 != 0 { slid = true }
            }
            #expect(slid, "\(animation): the content slides inside the cell")
            #expect(cell.layer.masksToBounds, "the cell clips what slides")
        }
    }

    @Test("a moved section passes over the one that stays, header and all; afterwards every header is above every row")
    func movedSectionDrawsInFront() {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TestTableSource(counts: [3, 3])
        source.headerTitles = [0: "First", 1: "Second"]
        table.rowHeight = 44
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        let stays = table.headerView(forSection: 1)!, moves = table.headerView(forSection: 0)!
        let movingRow = table.cellForRow(at: IndexPath(0, 0))!
        table.moveSection(0, toSection: 1)
        screen.advance(by: 0.1)
        let order = { (view: UIView) in table.subviews.firstIndex { $0 === view }! }
        #expect(order(movingRow) > order(stays), "the moving rows pass over the header of the section that stays")
        #expect(order(moves) > order(stays))
        screen.advance(by: 0.5)
        let lastCell = table.subviews.lastIndex { $0 is UITableViewCell }!
        #expect(order(stays) > lastCell && order(moves) > lastCell, "headers float above every row again")
    }
}
