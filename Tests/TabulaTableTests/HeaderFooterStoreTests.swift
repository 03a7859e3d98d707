import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// Forty sections whose headers are views the delegate makes once and keeps (with a reuse
/// identifier, as apps that cache their headers do), and whose footers are titles.
@MainActor
private final class KeptHeaders: NSObject, UITableViewDataSource, UITableViewDelegate {
    var headers: [Int: UITableViewHeaderFooterView] = [:]
    /// Handed out for section 0 instead of its kept view, when set.
    var replacement: UITableViewHeaderFooterView?
    func numberOfSections(in tableView: UITableView) -> Int { 40 }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { "Footer \(section)" }
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        if section == 0, let replacement { return replacement }
        if let view = headers[section] { return view }
        let view = UITableViewHeaderFooterView(reuseIdentifier: "kept")
        view.textLabel?.text = "Kept \(section)"
        headers[section] = view
        return view
    }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.section).\(indexPath.row)"
        return cell
    }
}

/// Headers and footers live in the table's item store with the cells (issue 34): one place
/// each, on screen only in the table, pooled only out of it.
@MainActor
@Suite("Headers and footers in the item store")
struct HeaderFooterStoreTests {
    /// A table of `style` showing ``KeptHeaders`` on a 320 × 480 screen.
    private func showKeptHeaders(_ style: UITableView.Style) -> (UITableView, KeptHeaders, HeadlessScreen) {
        let table = UITableView(frame: .zero, style: style)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        let source = KeptHeaders()
        table.dataSource = source
        table.delegate = source
        return (table, source, showTable(table, size: CGSize(width: 320, height: 480)))
    }

    @Test("a header view the delegate keeps and hands back after it was pooled is on screen and out of the pool, never both",
          arguments: [UITableView.Style.plain, .grouped])
    func keptHeadersComeBackFromThePool(style: UITableView.Style) {
        let (table, source, screen) = showKeptHeaders(style)
        for y in [1500, 0, 3000, 800, 0] as [CGFloat] {
            table.contentOffset.y = min(y, table.contentSize.height - 480)
            screen.advance(by: 0.1)
            #expect(table.itemStoreProblems.isEmpty, "at \(y): \(table.itemStoreProblems)")
            for s in 0 ..< table.numberOfSections {
                guard let header = table.headerView(forSection: s) else { continue }
                #expect(header === source.headers[s], "section \(s) at \(y) shows the delegate's own view")
                #expect(header.superview === table, "section \(s) at \(y): the header is in the table")
                #expect(!table.pooledHeaderFooterViews(withIdentifier: "kept").contains { $0 === header },
                        "section \(s) at \(y): a header on screen is not in the pool")
            }
        }
        // The headers of sections scrolled off wait in the pool, out of the table.
        let pooled = table.pooledHeaderFooterViews(withIdentifier: "kept")
        #expect(!pooled.isEmpty)
        #expect(pooled.allSatisfy { $0.superview == nil })
    }

    @Test("a header view still animating out, handed back by the delegate, stops leaving and shows its section, opaque",
          arguments: [UITableView.Style.plain, .grouped])
    func leavingHeaderHandedBack(style: UITableView.Style) {
        let (table, source, screen) = showKeptHeaders(style)
        let first = table.headerView(forSection: 0)
        #expect(first != nil && first === source.headers[0])
        // Section 0 reloads with another header: the first one fades out...
        source.replacement = UITableViewHeaderFooterView(reuseIdentifier: "kept")
        table.reloadSections(IndexSet(integer: 0), with: .fade)
        screen.advance(by: 0.1)
        #expect(table.headerView(forSection: 0) === source.replacement)
        #expect(table.itemStoreProblems.isEmpty, "first reload: \(table.itemStoreProblems)")
        // ...and, while it still does, reloads again with the first header back.
        source.replacement = nil
        table.reloadSections(IndexSet(integer: 0), with: .fade)
        #expect(table.itemStoreProblems.isEmpty, "second reload: \(table.itemStoreProblems)")
        screen.advance(by: 0.1)
        #expect(table.itemStoreProblems.isEmpty, "mid-animation: \(table.itemStoreProblems)")
        #expect(table.headerView(forSection: 0) === first)
        screen.advance(by: 1)
        #expect(table.itemStoreProblems.isEmpty, "after: \(table.itemStoreProblems)")
        #expect(table.headerView(forSection: 0) === first, "the first view shows section 0 again")
        #expect(first?.superview === table && first?.alpha == 1, "in the table and opaque")
    }
}
