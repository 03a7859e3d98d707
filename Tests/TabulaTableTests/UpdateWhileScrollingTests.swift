import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A table that counts its layout passes.
@MainActor
private final class LayoutCountingTable: UITableView {
    var layouts = 0
    override func layoutSubviews() {
        layouts += 1
        super.layoutSubviews()
    }
}

/// A cell that counts its layout passes by the text it shows.
@MainActor
private final class CountingCell: UITableViewCell {
    static var layouts: [String: Int] = [:]
    override func layoutSubviews() {
        CountingCell.layouts[textLabel?.text ?? "", default: 0] += 1
        super.layoutSubviews()
    }
}

/// A table of `count` rows named by number, on a 390×844 screen.
@MainActor
private func numberedTable(_ count: Int, table: UITableView = UITableView(frame: .zero, style: .plain))
    -> (UITableView, ItemSource, HeadlessScreen) {
    table.register(UITableViewCell.self, forCellReuseIdentifier: "item")
    let source = ItemSource([(0 ..< count).map { "\($0)" }])
    table.dataSource = source
    table.delegate = source
    let screen = showTable(table)
    return (table, source, screen)
}

/// Whether an animation of `keyPath` is attached to `view`'s layer, under whatever key.
@MainActor
private func animates(_ view: UIView, _ keyPath: String) -> Bool {
    (view.layer.animationKeys() ?? []).contains { (view.layer.animation(forKey: $0) as? CAPropertyAnimation)?.keyPath == keyPath }
}

@MainActor
@Suite("Batch updates while the table scrolls")
struct UpdateWhileScrollingTests {
    /// The update of the benchmark `update.everyFrameWhileScrolling`: a row inserted near
    /// the top of the screen and one deleted lower down, during a fling. Rows above the
    /// insertion and below the deletion keep their place on screen.
    @Test("a row inserted and one deleted mid-fling: only the rows between them slide; the rest stay untouched")
    func onlyRowsThatMoveAnimate() throws {
        let (table, source, screen) = numberedTable(1000)
        defer { withExtendedLifetime((screen, source)) {} }
        table.scrollToRow(at: IndexPath(row: 500, section: 0), at: .top, animated: false)
        screen.advance(by: 1.0 / 60)
        table.fling(velocity: CGPoint(x: 0, y: 2000))
        screen.advance(by: 1.0 / 60)
        let first = try #require(table.indexPathsForVisibleRows?.first?.row)
        let before = table.cellsByItem
        let onScreenBefore = Dictionary(uniqueKeysWithValues: before.map { ($0.key, $0.value.frame.minY - table.contentOffset.y) })
        source.sections[0].insert("new", at: first + 2)
        source.sections[0].remove(at: first + 11)  // the row that was `first + 10`
        table.performBatchUpdates {
            table.insertRows(at: [IndexPath(row: first + 2, section: 0)], with: .automatic)
            table.deleteRows(at: [IndexPath(row: first + 10, section: 0)], with: .automatic)
        }
        let inserted = try #require(table.cellsByItem["new"])
        #expect(animates(inserted, "opacity"), "the new row fades in")
        for (name, cell) in before {
            guard let row = Int(name), cell.superview === table else { continue }
            let slides = row >= first + 2 && row < first + 10
            if row == first + 10 {
                #expect(animates(cell, "opacity"), "the deleted row fades out")
            } else if slides {
                #expect(animates(cell, "position"), "row \(name) makes room: it slides")
                #expect(cell.frame.minY - table.contentOffset.y == onScreenBefore[name]! + 44)
            } else {
                #expect(cell.layer.animationKeys() == nil, "row \(name) keeps its place: no animation")
                #expect(cell.frame.minY - table.contentOffset.y == onScreenBefore[name]!)
            }
        }
        // The new row fades in over the rows that slide; the indicator stays on top.
        let rows = table.subviews.filter { $0 is UITableViewCell }
        #expect(rows.last === inserted)
        #expect(table.subviews.last { $0.alpha > 0 } === table.verticalIndicator)
        #expect(table.itemStoreProblems == [])
    }

    /// An update every frame of a fling, as in the benchmark: every row animates from
    /// where it is drawn, so nothing on screen jumps, frame after frame.
    @Test("an update every frame of a fling: no row on screen jumps, rows at rest stay without animations")
    func everyFrame() throws {
        let (table, source, screen) = numberedTable(1000)
        defer { withExtendedLifetime((screen, source)) {} }
        table.scrollToRow(at: IndexPath(row: 500, section: 0), at: .top, animated: false)
        screen.advance(by: 1.0 / 60)
        table.fling(velocity: CGPoint(x: 0, y: 2000))
        // The rows an update moved, inserted or deleted so far.
        var touched = Set<String>()
        for frame in 0 ..< 30 {
            let first = try #require(table.indexPathsForVisibleRows?.first?.row)
            touched.formUnion(source.sections[0][(first + 2) ... (first + 10)])
            touched.insert("new \(frame)")
            let drawn = Dictionary(uniqueKeysWithValues: table.visibleCells.map {
                (ObjectIdentifier($0), $0.presentedFrame.minY - table.contentOffset.y)
            })
            source.sections[0].insert("new \(frame)", at: first + 2)
            source.sections[0].remove(at: first + 11)
            table.performBatchUpdates {
                table.insertRows(at: [IndexPath(row: first + 2, section: 0)], with: .automatic)
                table.deleteRows(at: [IndexPath(row: first + 10, section: 0)], with: .automatic)
            }
            for cell in table.visibleCells {
                guard let was = drawn[ObjectIdentifier(cell)] else { continue }
                #expect(abs(cell.presentedFrame.minY - table.contentOffset.y - was) < 0.01,
                        "frame \(frame): \(cell.textLabel?.text ?? "") starts where it was drawn")
            }
            // Rows no update moved have no animation.
            for cell in table.visibleCells where !touched.contains(cell.textLabel?.text ?? "") {
                #expect(cell.layer.animationKeys() == nil, "frame \(frame): \(cell.textLabel?.text ?? "") at rest")
            }
            screen.advance(by: 1.0 / 60)
        }
        #expect(table.itemStoreProblems == [])
    }

    /// A live feed: a row inserted at the top every frame. Each update adds to the motion
    /// of the updates before it instead of starting it again, so every row moves at the
    /// pace its updates set, and a row fades in fully in one animation's time (0.3 s),
    /// however many updates follow. (Stopping each row where it was drawn and starting it
    /// again all but froze them: after 40 frames the first row had moved 190 of its 1,716
    /// points and was at alpha 0.2.)
    @Test("a row inserted every frame: the first fades in fully in 0.3 s and then moves a row a frame, as its place does")
    func insertEveryFrame() throws {
        let (table, source, screen) = numberedTable(40)
        defer { withExtendedLifetime((screen, source)) {} }
        var first: UITableViewCell?
        var shown: [(y: CGFloat, alpha: Float)] = []
        for frame in 0 ..< 40 {
            source.sections[0].insert("new \(frame)", at: 0)
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            if frame == 0 { first = table.cellForRow(at: IndexPath(row: 0, section: 0)) }
            screen.advance(by: 1.0 / 60)
            let cell = try #require(first)
            #expect(cell.textLabel?.text == "new 0", "frame \(frame): the first row's cell still shows it")
            let presented = try #require(cell.layer.presentation())
            shown.append((presented.frame.minY, presented.opacity))
        }
        #expect(shown[0].alpha > 0 && shown[0].alpha < 0.1, "it starts fading in: \(shown[0].alpha)")
        #expect(shown[18].alpha == 1, "opaque 0.3 s after it came: \(shown[18].alpha)")
        for frame in 20 ..< 40 {
            let step = shown[frame].y - shown[frame - 1].y
            #expect(abs(step - 44) < 1, "frame \(frame): it moves one row, 44 points, as its place does: \(step)")
        }
        #expect(table.itemStoreProblems == [])
    }

    /// Raising the rows that come in and the headers, and keeping the indicators on top,
    /// must not reorder subviews that already are in order: every reorder lays the
    /// table out again. The cells the tiling adds and removes do not: a frame in which
    /// rows come and go lays the table out once, as one in which none do.
    @Test("a fling frame lays the table out once, also when rows come and go, and keeps the indicator on top")
    func oneLayoutPerFrame() throws {
        let counting = LayoutCountingTable(frame: .zero, style: .plain)
        let (table, source, screen) = numberedTable(1000, table: counting)
        defer { withExtendedLifetime((screen, source)) {} }
        table.scrollToRow(at: IndexPath(row: 500, section: 0), at: .top, animated: false)
        screen.advance(by: 1.0 / 60)
        table.fling(velocity: CGPoint(x: 0, y: 2000))
        var framesWithNewRows = 0
        for _ in 0 ..< 20 {
            let shown = Set(table.indexPathsForVisibleRows ?? [])
            counting.layouts = 0
            screen.advance(by: 1.0 / 60)
            if !Set(table.indexPathsForVisibleRows ?? []).isSubset(of: shown) { framesWithNewRows += 1 }
            #expect(counting.layouts == 1)
            #expect(table.subviews.last { $0.alpha > 0 } === table.verticalIndicator)
        }
        #expect(framesWithNewRows > 5, "the fling brings rows on screen")
    }

    /// The benchmark's updates, long enough that each frame also ends an earlier update's
    /// animations: the deleted row that finished fading leaves the table without asking
    /// for its layout again.
    @Test("an insert and a delete every frame of a fling: one layout a frame, also as earlier updates end")
    func oneLayoutPerUpdatedFrame() throws {
        let counting = LayoutCountingTable(frame: .zero, style: .plain)
        let (table, source, screen) = numberedTable(1000, table: counting)
        defer { withExtendedLifetime((screen, source)) {} }
        table.scrollToRow(at: IndexPath(row: 500, section: 0), at: .top, animated: false)
        screen.advance(by: 1.0 / 60)
        table.fling(velocity: CGPoint(x: 0, y: 1000))
        screen.advance(by: 1.0 / 60)
        var counts: [Int] = []
        for frame in 0 ..< 40 {
            let first = try #require(table.indexPathsForVisibleRows?.first?.row)
            source.sections[0].insert("new \(frame)", at: first + 2)
            source.sections[0].remove(at: first + 11)
            table.performBatchUpdates {
                table.insertRows(at: [IndexPath(row: first + 2, section: 0)], with: .automatic)
                table.deleteRows(at: [IndexPath(row: first + 10, section: 0)], with: .automatic)
            }
            counting.layouts = 0
            screen.advance(by: 1.0 / 60)
            counts.append(counting.layouts)
        }
        #expect(counts.allSatisfy { $0 == 1 }, "layouts per frame: \(counts)")
        #expect(table.numberOfRows(inSection: 0) == 1000)
        #expect(table.cellsByItem["new 39"] != nil, "the last update's row is on screen")
    }

    /// A cell is laid out when it joins the table, with its size and the table's traits;
    /// before, it was laid out before joining, again for the joining, and an inserted row
    /// a third time (its content view's new size marked it again).
    @Test("a row scrolled on screen, and a row inserted, is laid out once")
    func newCellsLaidOutOnce() throws {
        let table = UITableView(frame: .zero, style: .plain)
        table.register(CountingCell.self, forCellReuseIdentifier: "item")
        let source = ItemSource([(0 ..< 1000).map { "\($0)" }])
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        defer { withExtendedLifetime((screen, source)) {} }
        table.scrollToRow(at: IndexPath(row: 500, section: 0), at: .top, animated: false)
        screen.advance(by: 1.0 / 60)
        table.fling(velocity: CGPoint(x: 0, y: 2000))
        CountingCell.layouts = [:]
        for _ in 0 ..< 10 { screen.advance(by: 1.0 / 60) }
        #expect(CountingCell.layouts.count > 3, "the fling brings rows on screen")
        #expect(CountingCell.layouts.values.allSatisfy { $0 == 1 }, "layouts of the rows that came: \(CountingCell.layouts)")
        let first = try #require(table.indexPathsForVisibleRows?.first?.row)
        source.sections[0].insert("new", at: first + 2)
        CountingCell.layouts = [:]
        table.performBatchUpdates { table.insertRows(at: [IndexPath(row: first + 2, section: 0)], with: .automatic) }
        screen.advance(by: 1.0 / 60)
        #expect(CountingCell.layouts["new"] == 1, "layouts of the inserted row: \(CountingCell.layouts)")
    }

    /// With a section index, the index and the indicators keep one order: the index on
    /// top, the indicator showing under it, as every layout pass leaves them; and a table
    /// with an index is laid out once a frame too.
    @Test("with a section index: the index over the indicator, the indicator over the rows, after updates too")
    func chromeOrder() throws {
        final class IndexedSource: UITableViewDataSource {
            var sections = (0 ..< 20).map { s in (0 ..< 20).map { "\(s).\($0)" } }
            func numberOfSections(in tableView: UITableView) -> Int { sections.count }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
                cell.textLabel?.text = sections[indexPath.section][indexPath.row]
                return cell
            }
            func sectionIndexTitles(for tableView: UITableView) -> [String]? { sections.indices.map { "\($0)" } }
        }
        let table = LayoutCountingTable(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "item")
        let source = IndexedSource()
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime((screen, source)) {} }
        let index = try #require(table.indexView)
        table.fling(velocity: CGPoint(x: 0, y: 2000))
        table.layouts = 0
        for frame in 0 ..< 10 {
            screen.advance(by: 1.0 / 60)
            // (The hidden horizontal indicator may lie anywhere among them.)
            // (The fling's first frame shows the indicator, which the next pass raises.)
            #expect(table.layouts <= (frame == 0 ? 2 : 1), "frame \(frame)")
            let top = Array(table.subviews.filter { $0.alpha > 0 }.suffix(2))
            #expect(top.first === table.verticalIndicator && top.last === index, "frame \(frame)")
            source.sections[3].insert("new \(frame)", at: 0)
            table.insertRows(at: [IndexPath(row: 0, section: 3)], with: .fade)
            let after = Array(table.subviews.filter { $0.alpha > 0 }.suffix(2))
            #expect(after.first === table.verticalIndicator && after.last === index, "after the update of frame \(frame)")
            table.layouts = 0
            let rows = table.subviews.filter { $0 is UITableViewCell }
            let indexAt = try #require(table.subviews.firstIndex { $0 === index })
            #expect(indexAt > table.subviews.firstIndex { $0 === rows.last }!, "the index draws over every row")
        }
    }
}

@MainActor
@Suite("A row leaving the table when a later update moves the content")
struct LeavingRowContentShiftTests {
    /// Where `view` is drawn now, on screen (its presentation, less the table's offset).
    func onScreenY(_ view: UIView, in table: UITableView) -> CGFloat {
        (view.layer.presentation()?.frame.minY ?? view.frame.minY) - (table.layer.presentation()?.bounds.minY ?? table.contentOffset.y)
    }

    @Test("a deleted row fading out stays where it is on screen when rows are inserted above the screen")
    func fadingRowStays() throws {
        let (table, source, screen) = numberedTable(60)
        defer { withExtendedLifetime((screen, source)) {} }
        table.scrollToRow(at: IndexPath(row: 20, section: 0), at: .top, animated: false)
        screen.advance(by: 1.0 / 60)
        let deleted = try #require(table.cellForRow(at: IndexPath(row: 25, section: 0)))
        source.sections[0].remove(at: 25)
        table.deleteRows(at: [IndexPath(row: 25, section: 0)], with: .fade)
        for _ in 0 ..< 4 { screen.advance(by: 1.0 / 60) }
        let row20 = try #require(table.cellForRow(at: IndexPath(row: 20, section: 0)))
        let (fadingBefore, anchorBefore) = (onScreenY(deleted, in: table), onScreenY(row20, in: table))
        // Three rows come in above the screen: the rows on screen keep their places.
        source.sections[0].insert(contentsOf: ["a", "b", "c"], at: 0)
        table.insertRows(at: (0 ..< 3).map { IndexPath(row: $0, section: 0) }, with: .automatic)
        screen.advance(by: 1.0 / 60)
        #expect(abs(onScreenY(row20, in: table) - anchorBefore) < 0.5, "the rows on screen stay")
        #expect(deleted.superview === table, "still fading out")
        #expect(abs(onScreenY(deleted, in: table) - fadingBefore) < 0.5,
                "the row fading out stays with them: \(fadingBefore) → \(onScreenY(deleted, in: table))")
        // It goes on fading where it is, and goes when its fade is over.
        screen.advance(by: 2.0 / 60)
        #expect(abs(onScreenY(deleted, in: table) - fadingBefore) < 0.5)
        #expect((deleted.layer.presentation()?.opacity ?? 1) < 0.9, "still fading, on schedule")
        screen.advance(by: 0.3)
        #expect(deleted.superview !== table, "let go when its fade ends")
        #expect(table.itemStoreProblems == [])
    }
}
