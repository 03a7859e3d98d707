import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A data source over sections of item names: each cell shows its item's name.
@MainActor
final class ItemSource: UITableViewDataSource, UITableViewDelegate {
    var sections: [[String]]
    var heights: [String: CGFloat] = [:]
    var cellCalls: [IndexPath] = []
    var heightCalls: [IndexPath] = []

    init(_ sections: [[String]]) { self.sections = sections }

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellCalls.append(indexPath)
        let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
        cell.textLabel?.text = sections[indexPath.section][indexPath.row]
        return cell
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heightCalls.append(indexPath)
        return heights[sections[indexPath.section][indexPath.row]] ?? 44
    }
}

/// A table of `sections` on a 390×844 screen, every cell on screen.
@MainActor
func itemTable(_ sections: [[String]], style: UITableView.Style = .plain, size: CGSize = CGSize(width: 390, height: 844))
    -> (UITableView, ItemSource, HeadlessScreen) {
    let table = UITableView(frame: .zero, style: style)
    table.register(UITableViewCell.self, forCellReuseIdentifier: "item")
    let source = ItemSource(sections)
    table.dataSource = source
    table.delegate = source
    let screen = showTable(table, size: size)
    return (table, source, screen)
}

@MainActor
extension UITableView {
    /// The cells on screen by the item they show.
    var cellsByItem: [String: UITableViewCell] {
        Dictionary(uniqueKeysWithValues: visibleCells.map { ($0.textLabel?.text ?? "", $0) })
    }
}

@MainActor
extension UIView {
    /// Where the view is on screen now (its presentation), in its superview's coordinates.
    var presentedFrame: CGRect { layer.presentation()?.frame ?? frame }
    var presentedAlpha: CGFloat { CGFloat(layer.presentation()?.opacity ?? Float(alpha)) }
}

private let seven = ["0", "1", "2", "3", "4", "5", "6"]

@MainActor
@Suite("UITableView batch updates")
struct TableUpdateTests {
    // MARK: The worked examples of WWDC 2010, Mastering Table Views

    @Test("delete 1, 3, 5 of seven rows: the other cells persist and slide; nothing is asked anew")
    func seedDelete() {
        let (table, source, screen) = itemTable([seven])
        defer { withExtendedLifetime(screen) {} }
        let before = table.cellsByItem
        source.sections = [["0", "2", "4", "6"]]
        source.cellCalls = []
        table.deleteRows(at: [IndexPath(0, 1), IndexPath(0, 3), IndexPath(0, 5)], with: .fade)
        #expect(source.cellCalls.isEmpty)
        screen.advance(by: 0.15)
        // Mid-animation: row "2" is between its old (88) and new (44) places; "1" is fading out.
        let y2 = before["2"]!.presentedFrame.minY
        #expect(y2 > 44 && y2 < 88)
        #expect(before["1"]!.superview === table && before["1"]!.presentedAlpha < 1)
        screen.advance(by: 0.2)
        for item in ["0", "2", "4", "6"] { #expect(table.cellsByItem[item] === before[item], "\(item) keeps its cell") }
        for item in ["1", "3", "5"] { #expect(before[item]!.superview == nil, "\(item) is gone") }
        #expect(table.cellForRow(at: IndexPath(0, 2))?.frame.minY == 88)
    }

    @Test("insert 1, 3, 5: only the inserted rows are asked for")
    func seedInsert() {
        let (table, source, screen) = itemTable([["0", "2", "4", "6"]])
        defer { withExtendedLifetime(screen) {} }
        let before = table.cellsByItem
        source.sections = [seven]
        source.cellCalls = []
        table.beginUpdates()
        table.insertRows(at: [IndexPath(0, 5)], with: .fade)
        table.insertRows(at: [IndexPath(0, 1), IndexPath(0, 3)], with: .fade)
        table.endUpdates()
        #expect(source.cellCalls.sorted() == [IndexPath(0, 1), IndexPath(0, 3), IndexPath(0, 5)])
        screen.advance(by: 0.4)
        for item in ["0", "2", "4", "6"] { #expect(table.cellsByItem[item] === before[item]) }
        #expect(table.visibleCells.count == 7)
        #expect(table.cellForRow(at: IndexPath(0, 6))?.frame.minY == 264)
    }

    @Test("reload 1, 3, 5: those rows get new cells; the others keep theirs")
    func seedReload() {
        let (table, source, screen) = itemTable([seven])
        defer { withExtendedLifetime(screen) {} }
        let before = table.cellsByItem
        source.cellCalls = []
        table.reloadRows(at: [IndexPath(0, 1), IndexPath(0, 3), IndexPath(0, 5)], with: .fade)
        #expect(source.cellCalls.sorted() == [IndexPath(0, 1), IndexPath(0, 3), IndexPath(0, 5)])
        screen.advance(by: 0.4)
        for item in ["0", "2", "4", "6"] { #expect(table.cellsByItem[item] === before[item]) }
        for item in ["1", "3", "5"] {
            #expect(table.cellsByItem[item] !== before[item], "\(item) has a new cell")
            #expect(table.cellsByItem[item] != nil)
        }
    }

    @Test("delete 1 and 5, insert 2 and 3, reload 4: the reloaded row is named before and lands at 5")
    func seedCombined() {
        let (table, source, screen) = itemTable([seven])
        defer { withExtendedLifetime(screen) {} }
        let before = table.cellsByItem
        source.sections = [["0", "2", "new A", "new B", "3", "4", "6"]]
        source.cellCalls = []
        table.performBatchUpdates {
            table.reloadRows(at: [IndexPath(0, 4)], with: .fade)
            table.insertRows(at: [IndexPath(0, 2), IndexPath(0, 3)], with: .fade)
            table.deleteRows(at: [IndexPath(0, 1), IndexPath(0, 5)], with: .fade)
        }
        #expect(source.cellCalls.sorted() == [IndexPath(0, 2), IndexPath(0, 3), IndexPath(0, 5)])
        screen.advance(by: 0.4)
        for item in ["0", "2", "3", "6"] { #expect(table.cellsByItem[item] === before[item]) }
        #expect(table.cellsByItem["4"] !== before["4"])
        #expect(table.indexPath(for: table.cellsByItem["4"]!) == IndexPath(0, 5))
        #expect(before["1"]!.superview == nil && before["5"]!.superview == nil)
    }

    // MARK: Blocks, completions, errors

    @Test("nested blocks apply at the outermost endUpdates; the table's counts change only then")
    func nested() {
        let (table, source, screen) = itemTable([["a", "b"]])
        defer { withExtendedLifetime(screen) {} }
        source.sections = [["a", "b", "c"]]
        table.beginUpdates()
        table.beginUpdates()
        table.insertRows(at: [IndexPath(0, 2)], with: .none)
        table.endUpdates()
        #expect(table.numberOfRows(inSection: 0) == 2)
        table.endUpdates()
        #expect(table.numberOfRows(inSection: 0) == 3)
    }

    @Test("performBatchUpdates' completion runs once the animation ends, with finished = true")
    func completion() {
        let (table, source, screen) = itemTable([["a", "b"]])
        defer { withExtendedLifetime(screen) {} }
        var results: [Bool] = []
        source.sections = [["a", "x", "b"]]
        table.performBatchUpdates({ table.insertRows(at: [IndexPath(0, 1)], with: .fade) }) { results.append($0) }
        screen.advance(by: 0.15)
        #expect(results.isEmpty)
        screen.advance(by: 0.25)
        #expect(results == [true])
    }

    @Test("an update during an animation starts from what is on screen; the first completion gets false")
    func interrupted() {
        let (table, source, screen) = itemTable([["a", "b", "c"]])
        defer { withExtendedLifetime(screen) {} }
        var results: [String] = []
        let c = table.cellForRow(at: IndexPath(0, 2))!
        source.sections = [["a", "x", "b", "c"]]
        table.performBatchUpdates({ table.insertRows(at: [IndexPath(0, 1)], with: .fade) }) { results.append("first \($0)") }
        screen.advance(by: 0.1)
        let onScreen = c.presentedFrame.minY
        #expect(onScreen > 88 && onScreen < 132)
        source.sections = [["a", "x", "y", "b", "c"]]
        table.performBatchUpdates({ table.insertRows(at: [IndexPath(0, 2)], with: .fade) }) { results.append("second \($0)") }
        // No jump: the next frame continues from where "c" was.
        screen.advance(by: 1.0 / 60)
        #expect(abs(c.presentedFrame.minY - onScreen) < 6)
        screen.advance(by: 0.5)
        #expect(results == ["first false", "second true"])
        #expect(c.frame.minY == 176 && c.presentedFrame.minY == 176)
        #expect(table.visibleCells.count == 5)
    }

    @Test("an empty update while rows still move: its completion waits until they are still")
    func emptyUpdateWaitsForMotion() {
        let (table, source, screen) = itemTable([["a", "b", "c"]])
        defer { withExtendedLifetime(screen) {} }
        let c = table.cellForRow(at: IndexPath(0, 2))!
        source.sections = [["a", "x", "b", "c"]]
        table.performBatchUpdates { table.insertRows(at: [IndexPath(0, 1)], with: .fade) }
        screen.advance(by: 0.1)
        var results: [Bool] = []
        table.performBatchUpdates({}, completion: { results.append($0) })
        screen.advance(by: 1.0 / 60)
        #expect(results.isEmpty, "c is still on its way: \(c.presentedFrame.minY)")
        #expect(c.presentedFrame.minY < 132)
        screen.advance(by: 0.35)
        #expect(results == [true])
        #expect(c.presentedFrame.minY == 132)
    }

    @Test("an update inside a transaction with actions disabled does not animate")
    func disabledActionsSnap() {
        let (table, source, screen) = itemTable([["a", "b", "c"]])
        defer { withExtendedLifetime(screen) {} }
        let c = table.cellForRow(at: IndexPath(0, 2))!
        source.sections = [["a", "x", "b", "c"]]
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        table.performBatchUpdates { table.insertRows(at: [IndexPath(0, 1)], with: .fade) }
        CATransaction.commit()
        screen.advance(by: 1.0 / 60)
        #expect(c.presentedFrame.minY == 132 && c.layer.animationKeys() == nil)
        #expect(table.cellForRow(at: IndexPath(0, 1))?.layer.animationKeys() == nil)
    }

    @Test("reloadData during an update animation ends it: leaving cells go, the completion gets false")
    func reloadDuringAnimation() {
        let (table, source, screen) = itemTable([["a", "b", "c"]])
        defer { withExtendedLifetime(screen) {} }
        var results: [Bool] = []
        let b = table.cellForRow(at: IndexPath(0, 1))!
        source.sections = [["a", "c"]]
        table.performBatchUpdates({ table.deleteRows(at: [IndexPath(0, 1)], with: .left) }) { results.append($0) }
        screen.advance(by: 0.1)
        #expect(b.superview === table)
        table.reloadData()
        #expect(b.superview == nil)
        screen.advance(by: 0.1)
        #expect(results == [false])
        #expect(table.visibleCells.map { $0.textLabel?.text } == ["a", "c"])
    }

    @Test("an inconsistent update is reported with counts and operations, and the table reloads")
    func invalidUpdateReloads() {
        let (table, source, screen) = itemTable([["a", "b"], ["c"]])
        defer { withExtendedLifetime(screen) {} }
        let log = ErrorLog(table)
        var results: [Bool] = []
        source.sections = [["a", "b", "x", "y"], ["c"]]
        table.performBatchUpdates({ table.insertRows(at: [IndexPath(0, 2)], with: .fade) }) { results.append($0) }
        #expect(log.kinds == [.invalidUpdate])
        #expect(log.errors.first?.message.contains("invalid number of rows in section 0. The number of rows in the "
            + "section after the update (4) must equal the number before (2), plus or minus the rows inserted or "
            + "deleted (1 inserted, 0 deleted) and moved in or out (0 in, 0 out).") == true)
        #expect(log.errors.first?.message.contains("insert rows [0, 2]") == true)
        // Nothing half-applied: the table shows the data source's rows.
        screen.advance(by: 1.0 / 60)
        #expect(table.numberOfRows(inSection: 0) == 4)
        #expect(table.visibleCells.compactMap { $0.textLabel?.text } == ["a", "b", "x", "y", "c"])
        #expect(results == [false])
        // Two invalid updates in one turn: both completions run.
        source.sections = [["a"], ["c"]]
        table.performBatchUpdates({ table.deleteRows(at: [IndexPath(0, 0)], with: .fade) }) { results.append($0) }
        source.sections = [["a", "b"], ["c"]]
        table.performBatchUpdates({ table.deleteRows(at: [IndexPath(0, 0)], with: .fade) }) { results.append($0) }
        screen.advance(by: 1.0 / 60)
        #expect(results == [false, false, false])
        #expect(log.kinds == [.invalidUpdate, .invalidUpdate, .invalidUpdate])
    }

    @Test("endUpdates without beginUpdates, and a block left open at the end of the turn, are reported")
    func unbalanced() {
        let (table, source, screen) = itemTable([["a"]])
        defer { withExtendedLifetime(screen) {} }
        let log = ErrorLog(table)
        table.endUpdates()
        #expect(log.kinds == [.unbalancedUpdates])
        source.sections = [["a", "b"]]
        table.beginUpdates()
        table.insertRows(at: [IndexPath(0, 1)], with: .fade)
        screen.advance(by: 1.0 / 60)
        #expect(log.kinds == [.unbalancedUpdates, .unbalancedUpdates])
        #expect(log.errors.last?.message.contains("beginUpdates() was still open") == true)
        #expect(table.numberOfRows(inSection: 0) == 2)
        // The table works normally afterwards.
        source.sections = [["a"]]
        table.deleteRows(at: [IndexPath(0, 1)], with: .none)
        #expect(log.errors.count == 2)
        #expect(table.numberOfRows(inSection: 0) == 1)
    }

    // MARK: Heights, identity, anchoring

    @Test("an empty update block animates changed heights; without animation they snap")
    func emptyBlockAnimatesHeights() {
        let (table, source, screen) = itemTable([["a", "b", "c"]])
        defer { withExtendedLifetime(screen) {} }
        let c = table.cellForRow(at: IndexPath(0, 2))!
        source.heights["a"] = 100
        table.beginUpdates()
        table.endUpdates()
        #expect(c.frame.minY == 144)
        screen.advance(by: 0.15)
        #expect(c.presentedFrame.minY > 88 && c.presentedFrame.minY < 144)
        screen.advance(by: 0.3)
        #expect(c.presentedFrame.minY == 144)
        source.heights["a"] = 20
        UIView.performWithoutAnimation {
            table.beginUpdates()
            table.endUpdates()
        }
        #expect(c.presentedFrame.minY == 64, "snaps at once")
        // Rows inserted without animation are fully there at once too.
        source.sections = [["a", "new", "b", "c"]]
        UIView.performWithoutAnimation { table.insertRows(at: [IndexPath(0, 1)], with: .fade) }
        let inserted = table.cellForRow(at: IndexPath(0, 1))!
        #expect(inserted.alpha == 1 && inserted.presentedAlpha == 1 && inserted.frame.minY == 20)
    }

    @Test("selected rows stay selected through inserts, deletes and moves")
    func selectionFollows() {
        let (table, source, screen) = itemTable([["a", "b", "c", "d"]])
        defer { withExtendedLifetime(screen) {} }
        table.allowsMultipleSelection = true
        table.selectRow(at: IndexPath(0, 1), animated: false, scrollPosition: .none)
        table.selectRow(at: IndexPath(0, 3), animated: false, scrollPosition: .none)
        source.sections = [["x", "a", "d", "b"]]
        table.performBatchUpdates {
            table.insertRows(at: [IndexPath(0, 0)], with: .fade)
            table.deleteRows(at: [IndexPath(0, 2)], with: .fade)
            table.moveRow(at: IndexPath(0, 3), to: IndexPath(0, 2))
        }
        #expect(table.indexPathsForSelectedRows == [IndexPath(0, 2), IndexPath(0, 3)])
        screen.advance(by: 0.4)
        #expect(table.cellsByItem["b"]?.isSelected == true && table.cellsByItem["d"]?.isSelected == true)
        #expect(table.cellsByItem["a"]?.isSelected == false)
    }

    @Test("rows inserted above the visible area keep what the user sees still")
    func anchoredAboveViewport() {
        let (table, source, screen) = itemTable([(0 ..< 100).map { "r\($0)" }])
        defer { withExtendedLifetime(screen) {} }
        table.setContentOffset(CGPoint(x: 0, y: 44 * 20 + 10), animated: false)
        screen.advance(by: 1.0 / 60)
        let first = table.cellsByItem["r20"]!
        let screenY = first.frame.minY - table.contentOffset.y
        source.sections[0].insert(contentsOf: ["n1", "n2", "n3"], at: 5)
        table.insertRows(at: (5 ..< 8).map { IndexPath(0, $0) }, with: .automatic)
        screen.advance(by: 0.1)
        #expect(first.presentedFrame.minY - table.contentOffset.y == screenY)
        screen.advance(by: 0.3)
        #expect(first.frame.minY - table.contentOffset.y == screenY)
        #expect(table.indexPath(for: first) == IndexPath(0, 23))
    }

    @Test("rows inserted at the top of a table scrolled to the top are seen")
    func insertAtTopWhenAtTop() {
        let (table, source, screen) = itemTable([["a", "b"]])
        defer { withExtendedLifetime(screen) {} }
        source.sections = [["new", "a", "b"]]
        table.insertRows(at: [IndexPath(0, 0)], with: .top)
        screen.advance(by: 0.4)
        #expect(table.contentOffset.y == 0)
        #expect(table.cellForRow(at: IndexPath(0, 0))?.textLabel?.text == "new")
    }

    @Test("reconfigureRows asks for the row again and keeps its cell")
    func reconfigure() {
        let (table, source, screen) = itemTable([["a", "b"]])
        defer { withExtendedLifetime(screen) {} }
        let cell = table.cellForRow(at: IndexPath(0, 1))!
        source.sections = [["a", "B!"]]
        table.reconfigureRows(at: [IndexPath(0, 1)])
        #expect(table.cellForRow(at: IndexPath(0, 1)) === cell)
        #expect(cell.textLabel?.text == "B!")
    }

    @Test("moving sections carries their rows and cells")
    func moveSections() {
        let (table, source, screen) = itemTable([["a", "b"], ["c"], ["d"]])
        defer { withExtendedLifetime(screen) {} }
        let before = table.cellsByItem
        source.sections = [["d"], ["a", "b"], ["c"]]
        table.moveSection(2, toSection: 0)
        screen.advance(by: 0.4)
        #expect(table.cellsByItem.mapValues(ObjectIdentifier.init) == before.mapValues(ObjectIdentifier.init))
        #expect(table.indexPath(for: before["d"]!) == IndexPath(0, 0))
        #expect(table.indexPath(for: before["c"]!) == IndexPath(2, 0))
    }
}

@MainActor
@Suite("UITableView batch updates, randomly")
struct RandomTableUpdateTests {
    @Test("random batches of deletes, inserts, reloads and moves, some mid-animation: the table always shows the model")
    func randomBatches() {
        var random = SeededRandom(seed: 5)
        let (table, source, screen) = itemTable([(0 ..< 30).map { "a\($0)" }, (0 ..< 30).map { "b\($0)" }])
        defer { withExtendedLifetime(screen) {} }
        let log = ErrorLog(table)
        var next = 0
        for round in 0 ..< 60 {
            var model = source.sections
            var deleted: [IndexPath] = [], reloaded: [IndexPath] = []
            // Deletes and reloads name rows before the update.
            for s in model.indices {
                for r in model[s].indices {
                    switch Int.random(in: 0 ..< 12, using: &random) {
                    case 0: deleted.append(IndexPath(s, r))
                    case 1: reloaded.append(IndexPath(s, r))
                    default: break
                    }
                }
            }
            for p in deleted.sorted(by: >) { model[p.section].remove(at: p.row) }
            // Inserts name rows after it.
            var inserted: [IndexPath] = []
            for s in model.indices {
                for _ in 0 ..< Int.random(in: 0 ... 3, using: &random) {
                    let r = Int.random(in: 0 ... model[s].count, using: &random)
                    next += 1
                    model[s].insert("n\(next)", at: r)
                    inserted = inserted.map { $0.section == s && $0.row >= r ? IndexPath(s, $0.row + 1) : $0 }
                    inserted.append(IndexPath(s, r))
                }
            }
            source.sections = model
            table.performBatchUpdates {
                table.insertRows(at: inserted.shuffled(using: &random), with: .automatic)
                table.deleteRows(at: deleted, with: .fade)
                table.reloadRows(at: reloaded, with: .right)
            }
            // Sometimes the next update comes while this one is animating.
            screen.advance(by: round % 3 == 0 ? 0.05 : 0.4)
            if round % 5 == 4 {
                table.setContentOffset(CGPoint(x: 0, y: CGFloat.random(in: 0 ... 800, using: &random)), animated: false)
            }
        }
        screen.advance(by: 0.5)
        #expect(log.errors.isEmpty, "\(log.errors)")
        for cell in table.visibleCells {
            let path = table.indexPath(for: cell)!
            #expect(cell.textLabel?.text == source.sections[path.section][path.row])
            #expect(cell.frame == table.rectForRow(at: path).insetBy(dx: 0, dy: 0))
        }
        let shown = Set(table.visibleCells.map(ObjectIdentifier.init))
        let stray = table.subviews.filter { $0 is UITableViewCell && !shown.contains(ObjectIdentifier($0)) }
        #expect(stray.isEmpty, "cells left behind: \(stray.count)")
    }
}
