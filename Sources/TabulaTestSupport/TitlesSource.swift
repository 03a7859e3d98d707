import Foundation
import Tabula

/// A data source over an array of titles, one section, that can misbehave on request.
@MainActor
package final class TitlesSource: NSObject, UITableViewDataSource, UITableViewDelegate {
    package var titles: [String]
    package var height: ((IndexPath) -> CGFloat)?
    package var estimate: CGFloat?
    /// Runs inside numberOfRowsInSection / cellForRowAt (once each, then cleared).
    package var duringCount: (() -> Void)?
    package var duringCell: ((IndexPath) -> Void)?
    /// Cells kept by index path and handed out again, as some apps do.
    package var cachesCells = false
    package var cache: [IndexPath: UITableViewCell] = [:]
    /// Cells handed back, once each, for these rows instead of dequeuing (as a cache by
    /// index path would, the test choosing which cell it holds).
    package var handBack: [IndexPath: UITableViewCell] = [:]

    package init(_ titles: [String]) { self.titles = titles }
    package convenience init(count: Int) { self.init((0 ..< count).map { "Row \($0)" }) }

    package func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        if let work = duringCount { duringCount = nil; work() }
        return titles.count
    }
    package func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if let work = duringCell { duringCell = nil; work(indexPath) }
        if let cell = handBack.removeValue(forKey: indexPath) {
            cell.textLabel?.text = titles[indexPath.row]
            return cell
        }
        if cachesCells, let cell = cache[indexPath] {
            cell.textLabel?.text = titles[indexPath.row]
            return cell
        }
        let cell = tableView.dequeueReusableCell(withIdentifier: "t")
            ?? UITableViewCell(style: .default, reuseIdentifier: "t")
        cell.textLabel?.text = titles[indexPath.row]
        if cachesCells { cache[indexPath] = cell }
        return cell
    }
    package func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        height?(indexPath) ?? tableView.rowHeight
    }
    package func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        estimate ?? tableView.estimatedRowHeight
    }
}
