import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TableFuzzing
import TabulaTestSupport

@Suite("UITableView under bad input: no crash, never the wrong rows")
@MainActor
struct TableRobustnessTests {
    // MARK: Heights (issue items 1, 2, 11)

    @Test("rowHeight or estimatedRowHeight of infinity, NaN or below zero is reported once and replaced",
          arguments: [
              ("rowHeight", CGFloat.infinity, 44.0), ("rowHeight", .nan, 44), ("rowHeight", -5, 0),
              ("rowHeight", 1e19, 10_000),
              ("estimatedRowHeight", .infinity, 44), ("estimatedRowHeight", .nan, 44),
              ("estimatedRowHeight", -3, 44),
          ])
    func badHeightSettings(property: String, value: CGFloat, used: Double) {
        let table = UITableView(frame: .zero, style: .plain)
        let log = ErrorLog(table)
        // No delegate: the settings are all the table has. One empty section too.
        final class Source: NSObject, UITableViewDataSource {
            func numberOfSections(in tableView: UITableView) -> Int { 2 }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { section == 0 ? 0 : 30 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                UITableViewCell(style: .default, reuseIdentifier: nil)
            }
        }
        let source = Source()
        table.dataSource = source
        if property == "rowHeight" { table.rowHeight = value } else { table.estimatedRowHeight = value }
        let screen = showTable(table)
        defer { withExtendedLifetime((screen, source)) {} }
        #expect(log.kinds == [.invalidHeight])
        #expect(log.errors.first?.message.contains("\(property) was set to") == true)
        #expect(log.errors.first?.message.contains("uses \(used)") == true)
        if property == "rowHeight" {
            #expect(Double(table.rectForRow(at: IndexPath(1, 3)).height) == used)
        } else {
            #expect(table.rectForRow(at: IndexPath(1, 3)).height > 0, "rows are measured as they appear")
        }
        #expect(table.visibleCells.count <= 30)
        #expect(table.rowHeight.isNaN ? value.isNaN : table.rowHeight == value || property != "rowHeight",
                "the property keeps what was set, as in UIKit")
    }

    @Test("a huge height from heightForRowAt is cut to the largest row height, reported, and drawn", arguments: [
        CGFloat(1e19), .greatestFiniteMagnitude, 20_000,
    ])
    func hugeRowHeight(height: CGFloat) {
        let table = UITableView(frame: .zero, style: .plain)
        let log = ErrorLog(table)
        let source = TitlesSource(count: 5)
        source.height = { $0.row == 1 ? height : 50 }
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table, scale: 3)
        defer { withExtendedLifetime(screen) {} }
        #expect(table.rectForRow(at: IndexPath(0, 1)).height == UITableView.maximumRowHeight)
        #expect(log.kinds == [.invalidHeight])
        #expect(log.errors[0].message.contains("row 1 in section 0"))
        // The frame that first draws the tall row (its backing store sized for it) does not trap.
        let frame = screen.snapshot()
        #expect(frame.size.width == 390)
        table.scrollToRow(at: IndexPath(0, 1), at: .middle, animated: false)
        screen.advance(by: 1.0 / 60)
        _ = screen.snapshot()
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
    }

    @Test("a layer too tall for a bitmap is composited without a backing store instead of trapping")
    func layerTooTallForBitmap() {
        final class Drawing: UIView {
            override func draw(_ rect: CGRect) {
                let ctx = UIGraphicsGetCurrentContext()!
                ctx.setFillColor(Color(rgb: 0xFF0000))
                ctx.fill(rect)
            }
        }
        let screen = HeadlessScreen(size: CGSize(width: 100, height: 100), scale: 3)
        let window = UIWindow(frame: .zero)
        window.rootViewController = UIViewController()
        screen.show(window)
        let view = Drawing(frame: CGRect(x: 0, y: 0, width: 50, height: 1e19))
        window.rootViewController!.view.addSubview(view)
        screen.advance(by: 1.0 / 60)
        _ = screen.snapshot()
        #expect(view.layer.backingStore == nil)
    }

    // MARK: Index paths of the wrong shape (item 3)

    @Test("batch operations given a one-element IndexPath are reported as invalid updates; nothing changes")
    func oneElementIndexPaths() {
        let table = UITableView(frame: .zero, style: .plain)
        let log = ErrorLog(table)
        let source = TitlesSource(count: 10)
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        let bad = IndexPath(index: 1)
        table.deleteRows(at: [bad], with: .fade)
        table.insertRows(at: [bad], with: .fade)
        table.reloadRows(at: [bad], with: .fade)
        table.moveRow(at: bad, to: IndexPath(0, 1))
        table.moveRow(at: IndexPath(0, 1), to: bad)
        #expect(log.kinds == Array(repeating: .invalidUpdate, count: 5))
        #expect(log.errors.allSatisfy { $0.message.contains("[1]") && $0.message.contains("not a") })
        table.reconfigureRows(at: [bad])
        table.performBatchUpdates { table.reconfigureRows(at: [bad]) }
        #expect(log.kinds.suffix(2) == [.indexOutOfRange, .indexOutOfRange])
        screen.advance(by: 0.5)
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
    }

    // MARK: Calls back into the table from the data source (items 4, 10)

    @Test("reloadData from inside numberOfRowsInSection is reported and made at the next layout, not recursed")
    func reloadInsideNumberOfRows() {
        let table = UITableView(frame: .zero, style: .plain)
        let log = ErrorLog(table)
        let source = TitlesSource(count: 10)
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        source.titles = (0 ..< 12).map { "New \($0)" }
        source.duringCount = { table.reloadData() }
        table.reloadData()
        #expect(log.kinds == [.reloadDuringLayout])
        #expect(log.errors[0].message.contains("numberOfRowsInSection"))
        screen.advance(by: 1.0 / 60)
        #expect(table.numberOfRows(inSection: 0) == 12)
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
        #expect(log.kinds == [.reloadDuringLayout], "the deferred reload asks once more, without another report")
    }

    @Test("a batch update from inside cellForRowAt is reported, and the table reloads to the data it describes")
    func batchInsideCellForRow() {
        let table = UITableView(frame: .zero, style: .plain)
        let log = ErrorLog(table)
        let source = TitlesSource(count: 10)
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        var finished: Bool?
        source.duringCell = { _ in
            source.titles.insert("Inserted", at: 0)
            table.performBatchUpdates({ table.insertRows(at: [IndexPath(0, 0)], with: .fade) },
                                      completion: { finished = $0 })
        }
        table.reloadData()
        screen.advance(by: 1.0 / 60)
        #expect(log.kinds == [.reloadDuringLayout])
        #expect(log.errors[0].message.contains("insert rows"))
        screen.advance(by: 0.5)
        #expect(finished == false)
        #expect(table.numberOfRows(inSection: 0) == 11)
        #expect(table.cellForRow(at: IndexPath(0, 0))?.textLabel?.text == "Inserted")
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
    }

    @Test("reloadData from cellForRowAt while an update lays out its new rows is reported, and reloads after")
    func reloadInsideCellForRowDuringUpdate() {
        let table = UITableView(frame: .zero, style: .plain)
        let log = ErrorLog(table)
        let source = TitlesSource(count: 10)
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        var finished: Bool?
        source.titles.insert("Inserted", at: 0)
        source.duringCell = { path in
            if path.row == 0 { source.titles[1] = "Changed"; table.reloadData() }
        }
        table.performBatchUpdates({ table.insertRows(at: [IndexPath(0, 0)], with: .fade) }, completion: { finished = $0 })
        #expect(log.kinds == [.reloadDuringLayout])
        screen.advance(by: 0.5)
        #expect(finished == false, "the reload cut the update's animation short")
        #expect(table.cellForRow(at: IndexPath(0, 1))?.textLabel?.text == "Changed")
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
    }

    // MARK: The offset after reloads, scrolls and updates (items 5, 6, 7)

    @Test("reloadData scrolled to the bottom of rows taller than their estimate keeps rows on screen")
    func reloadAtBottomWithEstimates() {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TitlesSource(count: 100)
        source.height = { _ in 80 }
        source.estimate = 44
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        table.scrollToRow(at: IndexPath(0, 99), at: .bottom, animated: false)
        screen.advance(by: 1.0 / 60)
        let first = table.indexPathsForVisibleRows!.first!
        let firstY = table.cellForRow(at: first)!.frame.minY - table.contentOffset.y
        table.reloadData()
        screen.advance(by: 1.0 / 60)
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
        // Heights are estimates again after a reload; the first row stays where it was.
        #expect(table.indexPathsForVisibleRows!.first == first)
        #expect(table.cellForRow(at: first)!.frame.minY - table.contentOffset.y == firstY)
        // Shrinking the data: the offset comes back inside the content.
        source.titles = Array(source.titles.prefix(30))
        table.reloadData()
        screen.advance(by: 1.0 / 60)
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
        // An invalid batch's recovery is a reload too.
        source.titles = Array(source.titles.prefix(5))
        let log = ErrorLog(table)
        table.deleteRows(at: [IndexPath(0, 0)], with: .fade)
        #expect(log.kinds == [.invalidUpdate])
        screen.advance(by: 0.5)
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
    }

    @Test("scrolling to the top through rows shorter than their estimate comes to rest at the top", arguments: [0, 1, 2])
    func scrollToTopThroughShortRows(way: Int) {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TitlesSource(count: 300)
        source.height = { _ in 30 }
        source.estimate = 100
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        table.scrollToRow(at: IndexPath(0, 290), at: .top, animated: false)
        screen.advance(by: 1.0 / 60)
        switch way {
        case 0: table.scrollToRow(at: IndexPath(0, 0), at: .top, animated: true)
        case 1: table.setContentOffset(.zero, animated: true)
        default: table.scrollToTop()
        }
        screen.advance(by: 1)
        #expect(table.contentOffset.y == 0)
        #expect(table.cellForRow(at: IndexPath(0, 0))?.frame.minY == 0)
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
    }

    @Test("jumping to the top over rows shorter than their estimate stays at the top (found by the fuzz: it rested at -56)")
    func jumpToTopOverShortRows() {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TitlesSource(count: 100)
        source.height = { _ in 30 }
        source.estimate = 100
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        // Rows around row 5 measured (after a reload), the ones above not: then the top.
        table.contentOffset.y = 600
        screen.advance(by: 1.0 / 60)
        table.reloadData()
        table.contentOffset.y = 500
        screen.advance(by: 1.0 / 60)
        table.contentOffset.y = 0
        screen.advance(by: 1)
        #expect(table.contentOffset.y == 0)
        #expect(table.cellForRow(at: IndexPath(0, 0))?.frame.minY == 0)
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
    }

    @Test("an animated scrollToRow lands on its row when rows measured on the way change height")
    func scrollToRowFollowsTheRow() {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TitlesSource(count: 300)
        source.height = { _ in 30 }
        source.estimate = 100
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        table.scrollToRow(at: IndexPath(0, 120), at: .top, animated: true)
        screen.advance(by: 1)
        #expect(table.cellForRow(at: IndexPath(0, 120))?.frame.minY == table.contentOffset.y)
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
    }

    @Test("rows deleted above 0.1 s into an animated scrollToRow: it lands on the same row, inside the content")
    func deleteDuringAnimatedScroll() {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TitlesSource(count: 60)
        table.rowHeight = 44
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        table.scrollToRow(at: IndexPath(0, 50), at: .top, animated: true)
        screen.advance(by: 0.1)
        source.titles.removeFirst(20)
        table.deleteRows(at: (0 ..< 20).map { IndexPath(0, $0) }, with: .fade)
        screen.advance(by: 1)
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
        #expect(table.contentOffset.y == table.maximumContentOffset.y, "row 30 (was 50) as near the top as the content allows")
        #expect(table.cellForRow(at: IndexPath(0, 39)) != nil)
    }

    @Test("the last rows deleted while a fling bounces at the end: it settles at the new end, rows on screen")
    func deleteDuringBounce() {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TitlesSource(count: 60)
        table.rowHeight = 44
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        table.contentOffset.y = table.maximumContentOffset.y - 200
        screen.advance(by: 1.0 / 60)
        table.fling(velocity: CGPoint(x: 0, y: 3000))
        screen.advance(by: 0.15)
        #expect(table.contentOffset.y > table.maximumContentOffset.y, "bouncing past the end")
        source.titles.removeLast(20)
        table.deleteRows(at: (40 ..< 60).map { IndexPath(0, $0) }, with: .fade)
        screen.advance(by: 2)
        #expect(table.isDecelerating == false)
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
        #expect(table.contentOffset.y == table.maximumContentOffset.y)
    }

    // MARK: Cells the table animated (items 8, 9)

    @Test("a cell deleted without animation in the middle of its fade comes back from the pool opaque")
    func midFadeCellReusedOpaque() {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TitlesSource(count: 60)
        table.rowHeight = 44
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        source.titles.insert("Fading in", at: 0)
        table.insertRows(at: [IndexPath(0, 0)], with: .fade)
        screen.advance(by: 0.1)
        let fading = table.cellForRow(at: IndexPath(0, 0))!
        #expect(fading.layer.presentation()!.opacity < 0.9)
        // The update stops it where it is drawn (alpha ~0.3), and .none takes it off at once.
        source.titles.removeFirst()
        table.deleteRows(at: [IndexPath(0, 0)], with: .none)
        screen.advance(by: 0.5)
        // Shorter rows bring more rows on screen: the pool is drained, the faded cell too.
        table.rowHeight = 20
        screen.advance(by: 1.0 / 60)
        #expect(table.visibleCells.contains { $0 === fading }, "the pool handed the cell out again")
        #expect(fading.alpha == 1)
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
    }

    @Test("a data source that hands back a cell still animating out is reported; the row keeps that cell")
    func cachedLeavingCell() {
        let table = UITableView(frame: .zero, style: .plain)
        let log = ErrorLog(table)
        let source = TitlesSource(count: 8)
        source.cachesCells = true
        table.rowHeight = 44
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        let leaving = table.cellForRow(at: IndexPath(0, 2))!
        source.titles.remove(at: 2)
        source.titles.insert("Replacement", at: 2)
        table.performBatchUpdates {
            table.deleteRows(at: [IndexPath(0, 2)], with: .fade)
            table.insertRows(at: [IndexPath(0, 2)], with: .fade)
        }
        #expect(log.kinds == [.cellReusedWhileVisible])
        #expect(log.errors.first?.message.contains("animating out") == true)
        screen.advance(by: 1)
        #expect(table.cellForRow(at: IndexPath(0, 2)) === leaving)
        #expect(leaving.superview === table, "not removed when its leave animation would have ended")
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
    }

    /// Every frame for `seconds`: the cell books balance; then, at rest, the table shows
    /// `titles`, also after scrolling to the end and back (which drains the reuse pool,
    /// where a cell still on screen would be handed to a second row).
    private func settleChecked(_ table: UITableView, _ source: TitlesSource, _ screen: HeadlessScreen,
                               seconds: Double = 1) {
        for _ in 0 ..< Int(seconds * 60) {
            screen.advance(by: 1.0 / 60)
            #expect(table.itemStoreProblems == [])
        }
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
        table.setContentOffset(CGPoint(x: 0, y: table.maximumContentOffset.y), animated: false)
        screen.advance(by: 1.0 / 60)
        table.setContentOffset(.zero, animated: false)
        screen.advance(by: 1.0 / 60)
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
        #expect(table.itemStoreProblems == [])
    }

    @Test("a cell still sliding off screen for a moved row, handed back for another row, is taken back and shows that row (issue 33.4b)")
    func slidingCellHandedBack() {
        let table = UITableView(frame: .zero, style: .plain)
        let log = ErrorLog(table)
        let source = TitlesSource(count: 40)
        table.rowHeight = 44
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        // Row 1 moves to the end, off screen: its cell slides off.
        let sliding = table.cellForRow(at: IndexPath(0, 1))!
        source.titles.append(source.titles.remove(at: 1))
        table.moveRow(at: IndexPath(0, 1), to: IndexPath(0, 39))
        screen.advance(by: 0.1)
        #expect(sliding.superview === table && table.indexPath(for: sliding) == nil, "sliding off, no longer a visible row")
        // A row inserted on screen: the app hands back the sliding cell for it.
        source.titles.insert("New", at: 5)
        source.handBack[IndexPath(0, 5)] = sliding
        table.insertRows(at: [IndexPath(0, 5)], with: .fade)
        #expect(table.cellForRow(at: IndexPath(0, 5)) === sliding, "the row shows the cell it was given")
        #expect(log.kinds == [.cellReusedWhileVisible])
        #expect(log.errors.first?.message.contains("sliding off screen for row 40") == true, "\(log.errors)")
        settleChecked(table, source, screen)
    }

    @Test("a deleted row's cell, handed back for a row whose cell is reconfigured in the same update, shows that row once settled (issue 33.4b)")
    func departingCellHandedBackOnReconfigure() {
        let table = UITableView(frame: .zero, style: .plain)
        let log = ErrorLog(table)
        let source = TitlesSource(count: 40)
        table.rowHeight = 44
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        // Row 1 moves to the end, off screen: its cell slides off.
        source.titles.append(source.titles.remove(at: 1))
        table.moveRow(at: IndexPath(0, 1), to: IndexPath(0, 39))
        screen.advance(by: 0.1)
        // Mid-slide it moves back to row 1, and the row now there ("Row 2") is deleted. The
        // sliding cell comes back on the books and its row is asked again; the app hands back
        // the deleted row's cell, which the update has just begun to animate out.
        let deleted = table.cellForRow(at: IndexPath(0, 1))!
        #expect(deleted.textLabel?.text == "Row 2")
        source.titles.remove(at: 1)
        source.titles.insert(source.titles.removeLast(), at: 1)
        source.handBack[IndexPath(0, 1)] = deleted
        table.performBatchUpdates {
            table.deleteRows(at: [IndexPath(0, 1)], with: .fade)
            table.moveRow(at: IndexPath(0, 39), to: IndexPath(0, 1))
        }
        #expect(source.handBack.isEmpty, "the row was asked again")
        #expect(table.cellForRow(at: IndexPath(0, 1)) === deleted)
        #expect(log.kinds == [.cellReusedWhileVisible])
        settleChecked(table, source, screen)
        #expect(deleted.superview === table, "not removed when its leave animation would have ended")
        #expect(table.cellForRow(at: IndexPath(0, 1))?.textLabel?.text == "Row 1")
    }

    @Test("a finger resting on row 12 while the rows above it are deleted: its lift asks about no row that is gone (issue 33.4a)")
    func restingFingerOverDeletedIndexPath() {
        // Grouped, estimated heights: the fuzz's "rectForRow(at:): row 12 does not exist in
        // section 0, which has 1 rows" after a valid batch.
        let table = UITableView(frame: .zero, style: .grouped)
        let log = ErrorLog(table)
        let source = TitlesSource(count: 13)
        source.height = { _ in 44 }
        source.estimate = 60
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        let row = table.convert(table.rectForRow(at: IndexPath(0, 12)), to: nil)
        let finger = screen.touchDown(at: CGPoint(x: row.midX, y: row.midY))
        screen.advance(by: 0.3)
        #expect(table.cellForRow(at: IndexPath(0, 12))?.isHighlighted == true, "past the content-touch delay")
        source.titles.removeFirst(12)
        table.deleteRows(at: (0 ..< 12).map { IndexPath(0, $0) }, with: .fade)
        screen.advance(by: 0.5)
        screen.liftTouch(finger)
        #expect(log.errors.map(\.message) == [])
        #expect(table.indexPathsForSelectedRows == nil, "the finger is over no row now")
    }

    @Test("a finger resting on a row while rows are deleted above the screen: the lift selects that row at its new index path (issue 33.4a)")
    func restingFingerFollowsItsRow() {
        let table = UITableView(frame: .zero, style: .grouped)
        let log = ErrorLog(table)
        let source = TitlesSource(count: 40)
        source.height = { _ in 44 }
        source.estimate = 60
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        table.scrollToRow(at: IndexPath(0, 8), at: .top, animated: false)
        screen.advance(by: 1.0 / 60)
        let row = table.convert(table.rectForRow(at: IndexPath(0, 12)), to: nil)
        let finger = screen.touchDown(at: CGPoint(x: row.midX, y: row.midY))
        screen.advance(by: 0.3)
        // Two rows above the screen go: the rows on screen stay where they are, two places up.
        source.titles.removeFirst(2)
        table.deleteRows(at: [IndexPath(0, 0), IndexPath(0, 1)], with: .fade)
        screen.advance(by: 0.5)
        #expect(table.convert(table.rectForRow(at: IndexPath(0, 10)), to: nil) == row, "the row stayed under the finger")
        screen.liftTouch(finger)
        #expect(log.errors.map(\.message) == [])
        #expect(table.indexPathsForSelectedRows == [IndexPath(0, 10)])
        #expect(table.cellForRow(at: IndexPath(0, 10))?.textLabel?.text == "Row 12")
    }

    // MARK: Rows of zero height, and too many rows (items 12, 13)

    @Test("20,000 rows of bad (zero) height between two rows: no cells for them, one report naming the range")
    func zeroHeightRows() {
        let table = UITableView(frame: .zero, style: .plain)
        let log = ErrorLog(table)
        let source = TitlesSource(count: 20_002)
        source.height = { ($0.row == 0 || $0.row == 20_001) ? 50 : -2 } // (-1 is automaticDimension)
        source.estimate = 0 // every height asked at reload
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        #expect(table.visibleCells.count == 2)
        #expect(log.kinds == [.invalidHeight])
        #expect(log.errors[0].message.contains("rows 1–20000 in section 0 are -2.0"))
        table.reloadData()
        screen.advance(by: 1.0 / 60)
        #expect(log.kinds == [.invalidHeight, .invalidHeight], "one report a reload")
        #expect(table.reusableCellCount(withIdentifier: "t") <= UITableView.maximumReusableCellsPerIdentifier)
        #expect(TableConsistency.problems(in: table, rows: source.titles) == [])
    }

    @Test("Int.max rows are reported and cut to a trillion; the middle and the end of a trillion rows are drawn")
    func trillionRows() {
        final class Huge: NSObject, UITableViewDataSource {
            var count: Int
            init(_ count: Int) { self.count = count }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "h")
                    ?? UITableViewCell(style: .default, reuseIdentifier: "h")
                cell.textLabel?.text = "\(indexPath.row)"
                return cell
            }
        }
        let table = UITableView(frame: .zero, style: .plain)
        table.rowHeight = 44
        let log = ErrorLog(table)
        let source = Huge(.max)
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        #expect(log.kinds == [.invalidCount])
        #expect(table.numberOfRows(inSection: 0) == UITableView.maximumNumberOfRows)
        for row in [UITableView.maximumNumberOfRows / 2, UITableView.maximumNumberOfRows - 1] {
            table.scrollToRow(at: IndexPath(0, row), at: .middle, animated: false)
            screen.advance(by: 1.0 / 60)
            let cell = table.cellForRow(at: IndexPath(0, row))
            #expect(cell?.textLabel?.text == "\(row)")
            // Rows next to each other are told apart: 44 points apart on screen.
            let next = table.cellForRow(at: IndexPath(0, row - 1))
            #expect(cell.map { $0.frame.minY - next!.frame.minY } == 44)
            #expect(table.visibleCells.count >= 19)
        }
    }

    // MARK: The long fuzz, short

    @Test("a seeded fuzz of batches, reloads and scrolling ends every settle showing exactly the data",
          arguments: [UInt64(11), 12, 13])
    func fuzz(seed: UInt64) {
        let report = TableFuzzer(seed: seed).run(steps: 1_500)
        #expect(report.validBatches > 300 && report.invalidBatches > 30 && report.scrolls > 200, "\(report)")
        #expect(report.problems == [], "\(report)")
    }

    @Test("the item books: balanced through scrolling and updates; each broken invariant is named")
    func cellStoreInvariants() {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TitlesSource(count: 60)
        table.rowHeight = 44
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        source.titles.removeFirst(3)
        table.deleteRows(at: (0 ..< 3).map { IndexPath(0, $0) }, with: .fade)
        screen.advance(by: 0.1)
        #expect(table.itemStoreProblems == [], "mid-animation")
        table.fling(velocity: CGPoint(x: 0, y: 4000))
        screen.advance(by: 0.2)
        #expect(table.itemStoreProblems == [], "mid-fling")
        screen.advance(by: 3)
        #expect(table.itemStoreProblems == [])

        // Each invariant, broken on purpose, is reported.
        let cell = table.visibleCells[0], path = table.indexPath(for: cell)!
        var books = table.store.breakingBooks(of: cell, owner: IndexPath(0, 999))
        #expect(books.problems(animatingOut: []).contains { $0.contains("is owned by [0, 999]") })
        books = table.store.breakingBooks(of: cell, pool: "t")
        #expect(books.problems(animatingOut: []).contains { $0.contains("and pooled") })
        books = table.store.breakingBooks(of: cell, prepared: path)
        #expect(books.problems(animatingOut: []).contains { $0.contains("prepared outside a layout") })
        books = table.store.breakingBooks(of: cell, leavingAs: .row(path))
        #expect(books.problems(animatingOut: []).contains { $0.contains("and leaving as") })
        #expect(books.problems(animatingOut: []).contains { $0.contains("is not animating out") })
        #expect(table.store.problems(animatingOut: [(cell, nil)]).contains { $0.contains("animating out is not leaving") })
    }
}
