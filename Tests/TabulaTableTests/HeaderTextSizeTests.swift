import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// Thirty sections of three rows, each with a title header and a title footer.
@MainActor
private final class TitledSections: NSObject, UITableViewDataSource {
    func numberOfSections(in tableView: UITableView) -> Int { 30 }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Header \(section)" }
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { "Footer \(section)" }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.section).\(indexPath.row)"
        return cell
    }
}

/// Section titles follow the text size as cells' built-in labels do (issue 33): in iOS the
/// default header and footer views use text-style fonts (subheadline in plain tables,
/// footnote in grouped ones) that adjust for the content size category, and the
/// automatic section heights follow.
@MainActor
@Suite("Section titles and text size")
struct HeaderTextSizeTests {
    @Test("header and footer titles grow with the text size, pooled title views too, and the sections grow with them",
          arguments: [UITableView.Style.plain, .grouped, .insetGrouped])
    func titlesFollowTextSize(style: UITableView.Style) {
        let table = UITableView(frame: .zero, style: style)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        let source = TitledSections()
        table.dataSource = source
        let screen = showTable(table, size: CGSize(width: 320, height: 480))
        // Text-style sizes at .large and .accessibilityExtraLarge (UIFont's dynamic type table).
        let (headerSize, footerSize): (CGFloat, CGFloat) = style == .plain ? (15, 15) : (13, 13)
        let (largeHeader, largeFooter): (CGFloat, CGFloat) = style == .plain ? (36, 36) : (33, 33)
        let before = (header: table.rectForHeader(inSection: 5).height, footer: table.rectForFooter(inSection: 5).height)
        #expect(table.headerView(forSection: 0)?.textLabel?.font.pointSize == headerSize)
        #expect(table.footerView(forSection: 0)?.textLabel?.font.pointSize == footerSize)

        // The table shrinks: the title views of the sections it no longer shows wait in the pool.
        table.frame.size.height = 1200
        screen.advance(by: 0.1)
        table.frame.size.height = 200
        screen.advance(by: 0.1)
        let pooled = Set(table.pooledHeaderFooterViews(withIdentifier: UITableView.titleViewIdentifier)
            .map(ObjectIdentifier.init))
        #expect(pooled.count > 4, "title views wait in the pool")

        screen.preferredContentSizeCategory = .accessibilityExtraLarge
        screen.advance(by: 0.1)
        let after = (header: table.rectForHeader(inSection: 5).height, footer: table.rectForFooter(inSection: 5).height)
        #expect(after.header > before.header + 20, "the header's section height follows (\(before.header) → \(after.header))")
        #expect(after.footer > before.footer + 20, "the footer's section height follows (\(before.footer) → \(after.footer))")
        // A reload outside a layout pass (where the current traits are not the table's)
        // asks the heights at once, at the table's text size.
        table.reloadData()
        #expect(table.rectForHeader(inSection: 5).height == after.header, "reloaded outside layout")
        #expect(table.rectForFooter(inSection: 5).height == after.footer, "reloaded outside layout")
        screen.advance(by: 0.1)

        // The table grows again (as on an iPad): the views pooled before the change come out.
        table.frame.size.height = 2400
        screen.advance(by: 0.1)
        var seenPooled = false
        for step in 0 ..< 4 {
            for s in 0 ..< table.numberOfSections {
                for (what, view, size) in [("header", table.headerView(forSection: s), largeHeader),
                                           ("footer", table.footerView(forSection: s), largeFooter)] {
                    guard let view, let label = view.textLabel else { continue }
                    let name = "\(what) \(s), step \(step)"
                    #expect(label.font.pointSize == size, "\(name): title at \(label.font.pointSize) points")
                    let slot = what == "header" ? table.rectForHeader(inSection: s) : table.rectForFooter(inSection: s)
                    #expect(view.frame.height == slot.height, "\(name): the view fills its slot")
                    #expect(label.frame.maxY <= view.bounds.height + 0.5, "\(name): the title fits in its view")
                    seenPooled = seenPooled || pooled.contains(ObjectIdentifier(view))
                }
            }
            table.contentOffset.y += 1000
            screen.advance(by: 0.1)
        }
        #expect(seenPooled, "title views that were in the pool during the change came on screen")
        writeForLooking(screen.snapshot(), "titles-ax-\(style)")

        screen.preferredContentSizeCategory = .large
        screen.advance(by: 0.1)
        #expect(table.rectForHeader(inSection: 5).height == before.header, "back at .large")
        #expect(table.rectForFooter(inSection: 5).height == before.footer, "back at .large")
        #expect(table.itemStoreProblems.isEmpty, "\(table.itemStoreProblems)")
    }
}
