import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// Counts notifications (the observer block is not main-actor isolated).
private final class PostCounter: @unchecked Sendable { var count = 0 }

/// A cell that logs the state transitions UIKit reports to it.
@MainActor
private final class TransitionLogCell: UITableViewCell {
    var log: [String] = []
    private func name(_ state: StateMask) -> String {
        var parts: [String] = []
        if state.contains(.showingEditControl) { parts.append("edit") }
        if state.contains(.showingDeleteConfirmation) { parts.append("confirm") }
        return "[" + parts.joined(separator: ",") + "]"
    }
    override func willTransition(to state: StateMask) { log.append("will \(name(state)) confirming=\(showingDeleteConfirmation)") }
    override func didTransition(to state: StateMask) { log.append("did \(name(state)) confirming=\(showingDeleteConfirmation)") }
}

@Suite("UITableView and UITableViewCell members")
@MainActor
struct TableMemberTests {
    func table(_ source: InteractionSource) -> (HeadlessScreen, UITableView) {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), style: .plain)
        table.register(TransitionLogCell.self, forCellReuseIdentifier: "row")
        table.dataSource = source
        table.delegate = source
        return (showTable(table, size: CGSize(width: 390, height: 600)), table)
    }

    @Test("cells hear willTransition/didTransition as editing begins, the delete confirmation shows and hides, and editing ends")
    func stateTransitions() {
        let source = InteractionSource.rows(4)
        let (screen, table) = table(source)
        defer { withExtendedLifetime((screen, source)) {} }
        let cell = table.cellForRow(at: IndexPath(row: 1, section: 0)) as! TransitionLogCell
        table.setEditing(true, animated: false)
        screen.advance(by: 1.0 / 60)
        #expect(cell.log == ["will [edit] confirming=false", "did [edit] confirming=false"])
        cell.log = []
        screen.tap(at: cell.editingControl!.convert(CGPoint(x: 20, y: 22), to: nil))
        screen.advance(by: 0.4)
        #expect(cell.showingDeleteConfirmation)
        #expect(cell.log == ["will [edit,confirm] confirming=false", "did [edit,confirm] confirming=true"])
        cell.log = []
        table.setEditing(false, animated: false)
        screen.advance(by: 0.4)
        #expect(!cell.showingDeleteConfirmation)
        #expect(cell.log == ["will [edit] confirming=true", "did [edit] confirming=false",
                             "will [] confirming=false", "did [] confirming=false"],
                "the table hides the confirmation first, then editing ends")
    }

    @Test("selectionDidChangeNotification is posted when the selection changes, not when it stays")
    func selectionNotification() {
        let source = InteractionSource.rows(6)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        let posts = PostCounter()
        let observer = NotificationCenter.default.addObserver(forName: UITableView.selectionDidChangeNotification,
                                                              object: table, queue: nil) { _ in posts.count += 1 }
        defer { NotificationCenter.default.removeObserver(observer) }
        screen.tap(at: table.centerOfRow(IndexPath(row: 2, section: 0)))
        #expect(posts.count == 1)
        table.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        #expect(posts.count == 1, "selecting the selected row changes nothing")
        table.deselectRow(at: IndexPath(row: 2, section: 0), animated: false)
        #expect(posts.count == 2)
    }

    @Test("the section index hides below sectionIndexMinimumDisplayRowCount rows, and tints while tracked")
    func sectionIndexMembers() {
        let source = TestTableSource(counts: [3, 3])
        source.indexTitles = [UITableView.indexSearch, "A", "B"]
        let table = UITableView(frame: .zero, style: .plain)
        table.dataSource = source
        table.delegate = source
        table.sectionIndexMinimumDisplayRowCount = 7
        let screen = showTable(table, size: CGSize(width: 320, height: 400))
        defer { withExtendedLifetime((screen, source)) {} }
        #expect(table.indexView == nil, "6 rows is fewer than 7")
        table.sectionIndexMinimumDisplayRowCount = 6
        screen.advance(by: 1.0 / 60)
        let index = try! #require(table.indexView)
        #expect(UITableView.indexSearch == "{search}")

        table.sectionIndexTrackingBackgroundColor = .systemYellow
        let id = screen.touchDown(at: index.convert(CGPoint(x: index.bounds.midX, y: index.bounds.midY), to: nil))
        #expect(index.backgroundColor === UIColor.systemYellow)
        screen.liftTouch(id)
        #expect(index.backgroundColor == nil)
    }

    @Test("touching the search title of the index scrolls the table to its top without asking the data source")
    func indexSearchScrollsToTop() {
        let source = TestTableSource(counts: [30, 30])
        source.indexTitles = [UITableView.indexSearch, "A", "B"]
        let table = UITableView(frame: .zero, style: .plain)
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table, size: CGSize(width: 320, height: 400))
        defer { withExtendedLifetime((screen, source)) {} }
        table.scrollToSectionIndexTitle(at: 1)
        #expect(table.contentOffset.y > 100)
        table.scrollToSectionIndexTitle(at: 0)
        #expect(table.contentOffset.y == -table.adjustedContentInset.top)
    }

    @Test("indicatorStyle .white draws white indicators, .black and .default black ones")
    func indicatorStyle() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(scroll.indicatorStyle == .default)
        var w: CGFloat = -1, a: CGFloat = -1
        scroll.indicatorStyle = .white
        _ = scroll.verticalIndicator.backgroundColor!.getWhite(&w, alpha: &a)
        #expect(w == 1 && a > 0.3)
        scroll.indicatorStyle = .black
        _ = scroll.horizontalIndicator.backgroundColor!.getWhite(&w, alpha: &a)
        #expect(w == 0 && a > 0.3)
    }

    @Test("separatorStyle takes UITableViewCell.SeparatorStyle, as in UIKit")
    func separatorStyleType() {
        let table = UITableView(frame: .zero, style: .plain)
        let style: UITableViewCell.SeparatorStyle = .none
        table.separatorStyle = style
        #expect(table.separatorStyle == .none)
    }
}

@Suite("Default background configurations")
@MainActor
struct DefaultBackgroundTests {
    @Test("cells and headers get the background of their table's style")
    func defaults() {
        for style in [UITableView.Style.plain, .grouped, .insetGrouped] {
            let source = TestTableSource(counts: [2])
            source.headerTitles = [0: "Header"]
            let table = UITableView(frame: .zero, style: style)
            table.dataSource = source
            table.delegate = source
            let screen = showTable(table, size: CGSize(width: 320, height: 400))
            defer { withExtendedLifetime((screen, source)) {} }
            let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))!
            let header = table.headerView(forSection: 0)!
            if style == .plain {
                #expect(cell.defaultBackgroundConfiguration() == .listPlainCell())
                #expect(header.defaultBackgroundConfiguration() == .listPlainHeaderFooter())
            } else {
                #expect(cell.defaultBackgroundConfiguration() == .listGroupedCell())
                #expect(header.defaultBackgroundConfiguration() == .listGroupedHeaderFooter())
            }
        }
        #expect(UITableViewCell().defaultBackgroundConfiguration() == .listPlainCell())
    }
}
