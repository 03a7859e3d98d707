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

/// The app's data: what the table must show once it settles.
@MainActor
final class FuzzDataSource: NSObject, UITableViewDataSource, UITableViewDelegate {
    var sections: [FuzzSection]
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
        let cell = tableView.dequeueReusableCell(withIdentifier: "fuzz", for: indexPath)
        cell.textLabel?.text = item(at: indexPath, "cellForRowAt")?.title ?? "?"
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
