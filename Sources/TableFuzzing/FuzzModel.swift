import Foundation
import Tabula

/// A row of the fuzzed table: an identity, a version (bumped when the row is reloaded,
/// so that a stale cell shows the wrong text), and a height.
struct FuzzItem: Equatable {
    var id: Int
    var version = 0
    var height: CGFloat
    var title: String { version == 0 ? "Item \(id)" : "Item \(id) v\(version)" }
}

/// A section of the fuzzed table.
struct FuzzSection: Equatable {
    var id: Int
    var items: [FuzzItem]
}

/// How the fuzzed app gets its cells.
public enum FuzzCellSupply: String, Sendable, CaseIterable {
    /// `dequeueReusableCell(withIdentifier:for:)` for every row, as UIKit asks.
    case dequeues
    /// A cell kept by the index path it was last given for and handed back for that
    /// index path, as some apps do: it may be a cell the table is animating out (a
    /// deleted or reloaded row's, or one sliding off screen). The app never hands back a
    /// cell it can see on screen for another row (`indexPath(for:)`), and forgets a cell's
    /// old index path when the cell is given for a new one.
    case caches
}

/// The app's data: what the table must show once it settles.
@MainActor
final class FuzzDataSource: NSObject, UITableViewDataSource, UITableViewDelegate {
    var sections: [FuzzSection]
    var supply = FuzzCellSupply.dequeues
    /// The caching app's cells, by the index path each was last given for.
    private var cache: [IndexPath: UITableViewCell] = [:]
    private var cachedPath: [ObjectIdentifier: IndexPath] = [:]
    /// The estimate answered by `estimatedHeightForRowAt`; 0 turns estimates off.
    var estimate: CGFloat = 44
    /// Rows the table asked for that the model does not have (a table bug).
    var outOfRangeRequests: [String] = []

    init(sections: [FuzzSection]) { self.sections = sections }

    var titles: [[String]] { sections.map { $0.items.map(\.title) } }

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        guard section < sections.count else {
            outOfRangeRequests.append("numberOfRowsInSection(\(section)) of \(sections.count) sections")
            return 0
        }
        return sections[section].items.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = supply == .caches ? cachedCell(tableView, indexPath)
            : tableView.dequeueReusableCell(withIdentifier: "fuzz", for: indexPath)
        cell.textLabel?.text = item(at: indexPath, "cellForRowAt")?.title ?? "?"
        return cell
    }

    private func cachedCell(_ tableView: UITableView, _ indexPath: IndexPath) -> UITableViewCell {
        if let cell = cache[indexPath] {
            let shownFor = tableView.indexPath(for: cell)
            if shownFor == nil || shownFor == indexPath { return cell }
        }
        let cell = tableView.dequeueReusableCell(withIdentifier: "fuzz", for: indexPath)
        if let old = cachedPath.updateValue(indexPath, forKey: ObjectIdentifier(cell)), cache[old] === cell {
            cache[old] = nil
        }
        if let replaced = cache.updateValue(cell, forKey: indexPath), replaced !== cell {
            cachedPath[ObjectIdentifier(replaced)] = nil
        }
        return cell
    }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        item(at: indexPath, "heightForRowAt")?.height ?? 44
    }

    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat { estimate }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section < sections.count ? "Section \(sections[section].id)" : nil
    }

    private func item(at indexPath: IndexPath, _ call: String) -> FuzzItem? {
        guard indexPath.section < sections.count, indexPath.row < sections[indexPath.section].items.count else {
            outOfRangeRequests.append("\(call) for \(indexPath) beyond the data")
            return nil
        }
        return sections[indexPath.section].items[indexPath.row]
    }
}
