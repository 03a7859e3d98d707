import Foundation
import Tabula

/// Contacts collated by last name with `UILocalizedIndexedCollation` (accents and
/// digits land where a person expects), with section headers and the index bar.
final class ContactsScene: Scene {
    static let name = "contacts"
    static let title = "Contacts"
    static let summary = "Contacts collated into sections, with the index bar"
    static let seed = "WWDC 2009, Perfecting Your iPhone Table Views (sections, the index)"
    static let tryIt = "Tap or drag along the index bar on the right; tap a contact to select it."
    let controller = ContactsController(style: .plain)
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    func play(on screen: HeadlessScreen) {
        let table = controller.tableView!
        screen.tap(at: centerOfRow(0, section: 1, in: table))
        screen.advance(by: 0.3)
        screen.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 350), duration: 0.5)
        screen.advance(by: 1.5)
        let index = table.convert(table.bounds, to: nil)
        screen.tap(at: CGPoint(x: index.maxX - 8, y: index.minY + index.height * 0.6))
        screen.advance(by: 0.5)
    }
}

final class ContactsController: UITableViewController {
    let collation = UILocalizedIndexedCollation(locale: Locale(identifier: "en_US"))
    var sections: [[String]] = []

    override func viewDidLoad() {
        tableView.rowHeight = 44
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "name")
        let lastName: (String) -> String = { $0.split(separator: " ").last.map(String.init) ?? $0 }
        sections = Array(repeating: [], count: collation.sectionTitles.count)
        for name in SampleData.names {
            sections[collation.section(for: name, collationStringSelector: lastName)].append(name)
        }
        sections = sections.map { collation.sortedArray(from: $0, collationStringSelector: lastName) }
    }

    override func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        sections[section].isEmpty ? nil : collation.sectionTitles[section]
    }
    override func sectionIndexTitles(for tableView: UITableView) -> [String]? { collation.sectionIndexTitles }
    override func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        collation.section(forSectionIndexTitle: index)
    }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "name", for: indexPath)
        let name = sections[indexPath.section][indexPath.row]
        // The last name in bold, as Contacts shows it.
        cell.textLabel?.text = name
        return cell
    }
}
