import Foundation
import Tabula

// What the table's tests and the tests of views that show tables share.

/// A data source and delegate whose contents and answers tests set, logging every call.
@MainActor
package final class TestTableSource: UITableViewDataSource, UITableViewDelegate {
    package var counts: [Int]
    package var headerTitles: [Int: String] = [:]
    package var footerTitles: [Int: String] = [:]
    package var indexTitles: [String]?
    /// Per-row heights; nil answers the table's rowHeight.
    package var height: ((IndexPath) -> CGFloat)?
    package var cellStyle: UITableViewCell.CellStyle = .default
    package var configure: ((UITableViewCell, IndexPath) -> Void)?
    /// Replaces cellForRowAt entirely.
    package var makeCell: ((UITableView, IndexPath) -> UITableViewCell)?
    package var log: [String] = []
    package var heightCalls = 0
    package var cellCalls: [IndexPath] = []
    package var displayed: [IndexPath] = []
    package var ended: [IndexPath] = []
    package var willDisplay: ((UITableViewCell, IndexPath) -> Void)?

    package init(counts: [Int]) { self.counts = counts }

    package func numberOfSections(in tableView: UITableView) -> Int { counts.count }
    package func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    package func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellCalls.append(indexPath)
        if let makeCell { return makeCell(tableView, indexPath) }
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell")
            ?? UITableViewCell(style: cellStyle, reuseIdentifier: "cell")
        cell.textLabel?.text = "Row \(indexPath.section).\(indexPath.row)"
        configure?(cell, indexPath)
        return cell
    }
    package func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { headerTitles[section] }
    package func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { footerTitles[section] }
    package func sectionIndexTitles(for tableView: UITableView) -> [String]? { indexTitles }
    package func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heightCalls += 1
        return height?(indexPath) ?? tableView.rowHeight
    }
    package func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        displayed.append(indexPath)
        willDisplay?(cell, indexPath)
    }
    package func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        ended.append(indexPath)
    }
}

/// Collects reported table errors.
@MainActor
package final class ErrorLog {
    package var errors: [TableUpdateError] = []
    package init(_ table: UITableView) {
        table.onInvalidUpdate = { [unowned self] in self.errors.append($0) }
    }
    package var kinds: [TableUpdateError.Kind] { errors.map(\.kind) }
}

extension IndexPath {
    package init(_ section: Int, _ row: Int) { self.init(row: row, section: section) }
}
