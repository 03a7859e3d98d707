import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

@Suite("UITableView sections, cells, reuse and errors")
@MainActor
struct TableBehaviourTests {
    // MARK: Sections

    @Test("a plain header floats at the top while its section is on screen and is pushed up by the next")
    func floatingHeaders() {
        let table = UITableView(frame: .zero, style: .plain)
        table.rowHeight = 50
        let source = TestTableSource(counts: [30, 30])
        source.headerTitles = [0: "First", 1: "Second"]
        table.dataSource = source
        let screen = showTable(table)
        let headerHeight = table.rectForHeader(inSection: 0).height
        #expect(headerHeight > 20 && headerHeight < 40, "a title header's height comes from its font")
        table.contentOffset.y = 700
        screen.advance(by: 1.0 / 60)
        #expect(table.headerView(forSection: 0)?.frame.minY == 700, "floating at the top")
        // Section 1's header pushes it: section 0 ends at header + 1500.
        let end = table.rect(forSection: 0).maxY
        table.contentOffset.y = end - headerHeight / 2
        screen.advance(by: 1.0 / 60)
        #expect(table.headerView(forSection: 0)?.frame.maxY == end)
        #expect(table.headerView(forSection: 1)?.frame.minY == end)
        #expect(table.headerView(forSection: 0)?.textLabel?.text == "First")
        #expect(table.subviews.firstIndex { $0 === table.headerView(forSection: 0) }!
                > table.subviews.firstIndex { $0 === table.visibleCells.last }!, "headers above cells")
    }

    @Test("grouped headers scroll with the content, and untitled grouped sections keep their spacing")
    func groupedHeadersScroll() {
        let table = UITableView(frame: .zero, style: .grouped)
        table.rowHeight = 50
        let source = TestTableSource(counts: [30, 3])
        source.headerTitles = [0: "Scrolls"]
        table.dataSource = source
        let screen = showTable(table)
        table.contentOffset.y = 300
        screen.advance(by: 1.0 / 60)
        #expect(table.headerView(forSection: 0) == nil, "scrolled away with its section")
        #expect(table.rectForHeader(inSection: 1).height == 18)
        table.contentOffset.y = 0
        screen.advance(by: 1.0 / 60)
        let first = table.cellForRow(at: IndexPath(0, 0))!.frame
        #expect(first.minX == 0 && first.width == table.bounds.width, "grouped rows are full width (UIKit since iOS 7)")
        #expect(first.minY == table.rectForRow(at: IndexPath(0, 0)).minY)
    }

    @Test("automatic header and footer heights follow the title's length and font")
    func automaticTitleHeights() {
        let table = UITableView(frame: .zero, style: .insetGrouped)
        let source = TestTableSource(counts: [1, 1])
        source.footerTitles = [0: "Short", 1: String(repeating: "A much longer footer that wraps. ", count: 4)]
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        let short = table.rectForFooter(inSection: 0).height, long = table.rectForFooter(inSection: 1).height
        #expect(short > 18 && long > short + 25, "a longer title wraps onto more lines: \(short) vs \(long)")
    }

    @Test("a custom header view from the delegate is shown and sized by sizeThatFits")
    func customHeaderView() {
        final class Delegate: UITableViewDelegate {
            func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
                let view = UITableViewHeaderFooterView(reuseIdentifier: "h")
                view.textLabel?.text = "Custom \(section)"
                return view
            }
        }
        let table = UITableView(frame: .zero, style: .plain)
        let source = TestTableSource(counts: [3])
        let delegate = Delegate()
        table.dataSource = source
        table.delegate = delegate
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        #expect(table.headerView(forSection: 0)?.textLabel?.text == "Custom 0")
        #expect(table.rectForHeader(inSection: 0).height > 20)
    }

    // MARK: Cells

    @Test("cell styles: default has no detail label, value styles no image view; subtitle stacks its labels")
    func cellStyles() {
        #expect(UITableViewCell(style: .default, reuseIdentifier: nil).detailTextLabel == nil)
        #expect(UITableViewCell(style: .default, reuseIdentifier: nil).imageView != nil)
        #expect(UITableViewCell(style: .value1, reuseIdentifier: nil).imageView == nil)
        #expect(UITableViewCell(style: .value2, reuseIdentifier: nil).imageView == nil)
        #expect(UITableViewCell(style: .subtitle, reuseIdentifier: nil).imageView != nil)
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        cell.frame = CGRect(x: 0, y: 0, width: 320, height: 60)
        cell.textLabel?.text = "Title"
        cell.detailTextLabel?.text = "Subtitle"
        cell.layoutIfNeeded()
        #expect(cell.textLabel!.frame.maxY <= cell.detailTextLabel!.frame.minY)
        let value1 = UITableViewCell(style: .value1, reuseIdentifier: nil)
        value1.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        value1.textLabel?.text = "Wi-Fi"
        value1.detailTextLabel?.text = "Home"
        value1.layoutIfNeeded()
        #expect(abs(value1.detailTextLabel!.frame.maxX - (320 - 16)) < 1e-9, "the value is right-aligned at the margin")
        #expect(value1.textLabel!.frame.minX == 16)
    }

    @Test("a cell stacks background, selected background, content, accessory from back to front")
    func stacking() {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.backgroundView = UIView()
        cell.selectedBackgroundView = UIView()
        cell.accessoryType = .checkmark
        cell.setSelected(true, animated: false)
        let order = cell.subviews
        let back = order.firstIndex { $0 === cell.backgroundView }!
        let selected = order.firstIndex { $0 === cell.selectedBackgroundView }!
        let content = order.firstIndex { $0 === cell.contentView }!
        #expect(back < selected && selected < content)
        #expect(order.firstIndex { $0 is AccessoryGlyphView }! > content)
        #expect(cell.textLabel!.isHighlighted, "labels highlight with the selection")
        cell.setSelected(false, animated: false)
        #expect(cell.selectedBackgroundView?.superview == nil)
    }

    @Test("the table gives its background to cells the app gave none, before willDisplay, which can override it; a colour set in cellForRowAt stays")
    func willDisplayOverrides() {
        let table = UITableView(frame: .zero, style: .insetGrouped)
        let source = TestTableSource(counts: [3])
        // The 2009 session's table replaced this (set it in willDisplay, it said); since
        // iOS 7 a colour the app sets stays, as one from the cell's nib does.
        source.configure = { cell, ip in if ip.row == 0 { cell.backgroundColor = .red } }
        source.willDisplay = { cell, ip in if ip.row == 1 { cell.backgroundColor = .yellow } }
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        #expect(table.cellForRow(at: IndexPath(0, 0))?.backgroundColor == .red)
        #expect(table.cellForRow(at: IndexPath(0, 1))?.backgroundColor == .yellow)
        #expect(table.cellForRow(at: IndexPath(0, 2))?.backgroundColor == .secondarySystemGroupedBackground)
    }

    @Test("self-sizing rows take their height from the cell's content")
    func selfSizing() {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TestTableSource(counts: [2])
        source.configure = { cell, ip in
            cell.textLabel?.numberOfLines = 0
            if ip.row == 1 { cell.textLabel?.text = String(repeating: "Many words in a long row. ", count: 12) }
        }
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        #expect(table.rectForRow(at: IndexPath(0, 0)).height == 44)
        #expect(table.rectForRow(at: IndexPath(0, 1)).height > 100)
    }

    // MARK: Reuse

    @Test("cells that scroll off are reused for rows that come on, after prepareForReuse")
    func reuse() {
        final class Cell: UITableViewCell {
            var prepared = 0
            override func prepareForReuse() { super.prepareForReuse(); prepared += 1 }
        }
        let table = UITableView(frame: .zero, style: .plain)
        table.register(Cell.self, forCellReuseIdentifier: "c")
        let source = TestTableSource(counts: [200])
        source.makeCell = { tv, ip in tv.dequeueReusableCell(withIdentifier: "c", for: ip) }
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        let first = Set(table.visibleCells.map(ObjectIdentifier.init))
        table.contentOffset.y = 2000
        screen.advance(by: 1.0 / 60)
        let second = table.visibleCells
        #expect(second.allSatisfy { first.contains(ObjectIdentifier($0)) }, "no new cells were made")
        #expect(second.allSatisfy { ($0 as! Cell).prepared == 1 })
        #expect(source.ended.count == first.count)
        #expect(table.cellForRow(at: IndexPath(0, 0)) == nil, "off screen: nil")
    }

    @Test("registration: a factory closure makes cells; dequeue without registration is nil or a reported error")
    func registration() {
        let table = UITableView(frame: .zero, style: .plain)
        let log = ErrorLog(table)
        #expect(table.dequeueReusableCell(withIdentifier: "none") == nil)
        let cell = table.dequeueReusableCell(withIdentifier: "none", for: IndexPath(0, 3))
        #expect(cell.reuseIdentifier == "none")
        #expect(log.kinds == [.unregisteredIdentifier])
        #expect(log.errors[0].message.contains("\"none\"") && log.errors[0].message.contains("[0, 3]"))
        table.register(forCellReuseIdentifier: "made") {
            let cell = UITableViewCell(style: .value2, reuseIdentifier: "made")
            cell.textLabel?.text = "from a factory"
            return cell
        }
        #expect(table.dequeueReusableCell(withIdentifier: "made")?.style == .value2)
        table.register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "h")
        #expect(table.dequeueReusableHeaderFooterView(withIdentifier: "h")?.reuseIdentifier == "h")
    }

    // MARK: Index

    @Test("the index bar stays put while scrolling, and touching a title scrolls to its section")
    func sectionIndex() {
        let table = UITableView(frame: .zero, style: .plain)
        table.rowHeight = 44
        let source = TestTableSource(counts: Array(repeating: 10, count: 26))
        source.indexTitles = (0 ..< 26).map { String(UnicodeScalar(65 + $0)!) }
        source.headerTitles = Dictionary(uniqueKeysWithValues: (0 ..< 26).map { ($0, source.indexTitles![$0]) })
        table.dataSource = source
        let screen = showTable(table)
        let bar = table.sectionIndexView!
        let before = bar.convert(CGPoint.zero, to: nil)
        let y = bar.bounds.height / 2 - 26 * bar.lineHeight / 2 + 7.5 * bar.lineHeight   // "H"
        bar.touch(atY: y)
        screen.advance(by: 1.0 / 60)
        #expect(table.contentOffset.y == table.rect(forSection: 7).minY)
        #expect(bar.convert(CGPoint.zero, to: nil) == before, "the bar does not move")
        #expect(bar.frame.maxX == table.bounds.width)
    }

    // MARK: Bad input

    @Test("negative counts and heights, and NaN heights, are reported and clamped; the table still draws")
    func badCountsAndHeights() {
        let table = UITableView(frame: .zero, style: .plain)
        let log = ErrorLog(table)
        let source = TestTableSource(counts: [-3, 4])
        source.height = { ip in ip.row == 1 ? -20 : (ip.row == 2 ? .nan : 44) }
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        #expect(table.numberOfRows(inSection: 0) == 0)
        #expect(table.rectForRow(at: IndexPath(1, 1)).height == 0)
        #expect(table.rectForRow(at: IndexPath(1, 2)).height == 44, "NaN: the estimate")
        #expect(log.kinds.filter { $0 == .invalidCount }.count == 1)
        // Both bad heights come in one pass, so in one report naming each.
        #expect(log.kinds.filter { $0 == .invalidHeight }.count == 1)
        #expect(log.errors.first { $0.kind == .invalidCount }!.message.contains("section 0"))
        let heights = log.errors.first { $0.kind == .invalidHeight }!.message
        #expect(heights.contains("row 1 in section 1 is -20.0") && heights.contains("row 2 in section 1 is nan"))
        #expect(table.visibleCells.count == 3, "the row of height 0 needs no cell")
    }

    @Test("an index path out of range is reported by every API and does nothing")
    func outOfRange() {
        let table = UITableView(frame: .zero, style: .plain)
        let log = ErrorLog(table)
        let source = TestTableSource(counts: [3])
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime((screen, source)) {} }
        let offset = table.contentOffset
        #expect(table.rectForRow(at: IndexPath(0, 3)) == .zero)
        #expect(table.cellForRow(at: IndexPath(2, 0)) == nil)
        table.scrollToRow(at: IndexPath(0, -1), at: .top, animated: false)
        #expect(table.rect(forSection: 5) == .zero)
        #expect(table.contentOffset == offset)
        #expect(log.kinds == Array(repeating: .indexOutOfRange, count: 4))
        #expect(log.errors[0].message.contains("row 3") && log.errors[0].message.contains("3 rows"),
                "\(log.errors[0].message)")
        #expect(log.errors[1].message.contains("section 2"))
    }

    @Test("a cell returned for two rows on screen is reported; the second row shows an empty cell")
    func cellForTwoRows() {
        let table = UITableView(frame: .zero, style: .plain)
        let log = ErrorLog(table)
        let shared = UITableViewCell(style: .default, reuseIdentifier: nil)
        let source = TestTableSource(counts: [3])
        source.makeCell = { _, _ in shared }
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        #expect(log.kinds == [.cellReusedWhileVisible, .cellReusedWhileVisible])
        #expect(log.errors[0].message.contains("row 1 in section 0") && log.errors[0].message.contains("row 0"))
        let cells = table.visibleCells
        #expect(cells.count == 3 && Set(cells.map(ObjectIdentifier.init)).count == 3)
        #expect(table.cellForRow(at: IndexPath(0, 0)) === shared)
    }

    @Test("reloadData from inside cellForRowAt is reported and runs after that layout pass")
    func reloadInsideCellForRow() {
        let table = UITableView(frame: .zero, style: .plain)
        let log = ErrorLog(table)
        let source = TestTableSource(counts: [3])
        var reloaded = false
        source.configure = { cell, ip in
            if ip.row == 1 && !reloaded { reloaded = true; table.reloadData() }
        }
        table.dataSource = source
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        #expect(log.kinds == [.reloadDuringLayout])
        #expect(table.visibleCells.count == 3)
        #expect(source.cellCalls.count == 6, "the first pass finished, then the reload asked again")
    }
}
