import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable

/// A data source and delegate whose contents and answers tests set, logging every call.
@MainActor
final class TestTableSource: UITableViewDataSource, UITableViewDelegate {
    var counts: [Int]
    var headerTitles: [Int: String] = [:]
    var footerTitles: [Int: String] = [:]
    var indexTitles: [String]?
    /// Per-row heights; nil answers the table's rowHeight.
    var height: ((IndexPath) -> CGFloat)?
    var cellStyle: UITableViewCell.CellStyle = .default
    var configure: ((UITableViewCell, IndexPath) -> Void)?
    /// Replaces cellForRowAt entirely.
    var makeCell: ((UITableView, IndexPath) -> UITableViewCell)?
    var log: [String] = []
    var heightCalls = 0
    var cellCalls: [IndexPath] = []
    var displayed: [IndexPath] = []
    var ended: [IndexPath] = []
    var willDisplay: ((UITableViewCell, IndexPath) -> Void)?

    init(counts: [Int]) { self.counts = counts }

    func numberOfSections(in tableView: UITableView) -> Int { counts.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellCalls.append(indexPath)
        if let makeCell { return makeCell(tableView, indexPath) }
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell")
            ?? UITableViewCell(style: cellStyle, reuseIdentifier: "cell")
        cell.textLabel?.text = "Row \(indexPath.section).\(indexPath.row)"
        configure?(cell, indexPath)
        return cell
    }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { headerTitles[section] }
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { footerTitles[section] }
    func sectionIndexTitles(for tableView: UITableView) -> [String]? { indexTitles }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heightCalls += 1
        return height?(indexPath) ?? tableView.rowHeight
    }
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        displayed.append(indexPath)
        willDisplay?(cell, indexPath)
    }
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        ended.append(indexPath)
    }
}

/// Collects reported table errors.
@MainActor
final class ErrorLog {
    var errors: [TableUpdateError] = []
    init(_ table: UITableView) {
        table.onInvalidUpdate = { [unowned self] in self.errors.append($0) }
    }
    var kinds: [TableUpdateError.Kind] { errors.map(\.kind) }
}

extension IndexPath {
    init(_ section: Int, _ row: Int) { self.init(row: row, section: section) }
}
