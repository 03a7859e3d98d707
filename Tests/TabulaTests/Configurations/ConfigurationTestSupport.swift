import Foundation
import Synchronization
import Testing
import TabulaGraphics
@testable import TabulaUIKit
@testable import TabulaTable

/// A square image of one colour, `side` points at scale 1.
func solidImage(side: Int, rgb: UInt32 = 0x34C759) -> UIImage {
    let bitmap = Bitmap(width: side, height: side, opaque: true)
    bitmap.clear(to: Color(rgb: rgb))
    return UIImage(cgImage: bitmap)
}

/// Collects the configuration reports of views on no screen, or on screens without a
/// handler, while `body` runs.
@MainActor
func collectingConfigurationReports(_ body: () -> Void) -> [String] {
    let reports = Mutex<[String]>([])
    let previous = ProblemReports.unattributedHandler
    ProblemReports.unattributedHandler = { line in reports.withLock { $0.append(line) } }
    defer { ProblemReports.unattributedHandler = previous }
    body()
    return reports.withLock { $0 }
}

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

/// The share of pixels of `a` and `b` whose channels differ by more than `tolerance`.
func differingFraction(_ a: UIImage, _ b: UIImage, tolerance: Int = 24) -> Double {
    guard let x = a.cgImage, let y = b.cgImage else { return 1 }
    let diff = x.difference(from: y, tolerance: tolerance)
    return diff.sizeMismatch ? 1 : diff.differingFraction
}
