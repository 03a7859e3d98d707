import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// Rows numbered in one section; index titles the test can change; counts cell requests.
@MainActor
final class NumberedSource: NSObject, UITableViewDataSource {
    var titles = ["A", "B"]
    var cellRequests = 0
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 100 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }
    func sectionIndexTitles(for tableView: UITableView) -> [String]? { titles }
}

@MainActor
@Suite("UITableView: scrollToNearestSelectedRow and reloadSectionIndexTitles")
struct TableMembersTests {
    func make() -> (UITableView, NumberedSource, HeadlessScreen) {
        let table = UITableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        let source = NumberedSource()
        table.dataSource = source
        let screen = showTable(table)
        screen.advance(by: 1.0 / 60)
        return (table, source, screen)
    }

    @Test("the selected row nearest the chosen place comes to it; with nothing selected nothing moves")
    func nearestSelectedRow() {
        let (table, source, screen) = make()
        defer { withExtendedLifetime((screen, source)) {} }
        table.scrollToNearestSelectedRow(at: .top, animated: false)
        #expect(table.contentOffset.y == -table.adjustedContentInset.top)
        table.allowsMultipleSelection = true
        table.selectRow(at: IndexPath(row: 10, section: 0), animated: false, scrollPosition: .none)
        table.selectRow(at: IndexPath(row: 80, section: 0), animated: false, scrollPosition: .none)
        table.scrollToNearestSelectedRow(at: .top, animated: false)
        screen.advance(by: 1.0 / 60)
        #expect(table.indexPathsForVisibleRows?.first?.row == 10)
        table.scrollToRow(at: IndexPath(row: 75, section: 0), at: .top, animated: false)
        table.scrollToNearestSelectedRow(at: .top, animated: false)
        screen.advance(by: 1.0 / 60)
        #expect(table.indexPathsForVisibleRows?.first?.row == 80, "row 80 is nearer the top now")
    }

    @Test("new index titles show without asking for any cell")
    func reloadIndexTitles() {
        let (table, source, screen) = make()
        defer { withExtendedLifetime((screen, source)) {} }
        #expect(table.indexView?.titles == ["A", "B"])
        source.titles = ["X", "Y", "Z"]
        let requests = source.cellRequests
        table.reloadSectionIndexTitles()
        screen.advance(by: 1.0 / 60)
        #expect(table.indexView?.titles == ["X", "Y", "Z"])
        #expect(source.cellRequests == requests)
    }
}
