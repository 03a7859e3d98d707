import Foundation
import Synchronization
import Testing
import TabulaGraphics
@testable import TabulaUIKit
import TabulaTestSupport
@testable import TabulaTable

/// A table data source whose cells are made by a closure, with optional titles and views.
@MainActor
final class ClosureTableSource: UITableViewDataSource, UITableViewDelegate {
    var counts: [Int]
    var makeCell: (UITableView, IndexPath) -> UITableViewCell
    var headerTitles: [Int: String] = [:]
    var footerTitles: [Int: String] = [:]
    var headerView: ((UITableView, Int) -> UIView?)?
    var footerView: ((UITableView, Int) -> UIView?)?
    var heights: [IndexPath: CGFloat] = [:]

    init(counts: [Int], makeCell: @escaping (UITableView, IndexPath) -> UITableViewCell) {
        self.counts = counts
        self.makeCell = makeCell
    }

    func numberOfSections(in tableView: UITableView) -> Int { counts.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { makeCell(tableView, indexPath) }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { headerTitles[section] }
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { footerTitles[section] }
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { headerView?(tableView, section) }
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { footerView?(tableView, section) }
}
