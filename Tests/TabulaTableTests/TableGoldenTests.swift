import Foundation
import Testing
import TabulaTestSupport
@testable import TabulaUIKit
@testable import TabulaTable

/// Pictures of whole tables, compared pixel by pixel with the goldens in `Golden/`
/// (record again with TABULA_RECORD_GOLDEN=1).
@Suite("Table goldens")
@MainActor
struct TableGoldenTests {
    private func render(_ table: UITableView, offset: CGFloat = 0, height: CGFloat = 640) -> HeadlessScreen {
        let screen = showTable(table, scale: 2, size: CGSize(width: 375, height: height))
        table.contentOffset.y = offset
        screen.advance(by: 1.0 / 60)
        return screen
    }

    @Test("plain table: floating header over the rows, headers, footers, accessories, index bar")
    func plain() throws {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TestTableSource(counts: [6, 4, 12])
        source.headerTitles = [0: "Comedies", 1: "Histories", 2: "Tragedies"]
        source.footerTitles = [1: "4 histories"]
        source.indexTitles = ["C", "H", "T"]
        source.cellStyle = .subtitle
        source.configure = { cell, ip in
            cell.detailTextLabel?.text = "Act \(ip.row + 1)"
            cell.accessoryType = [.disclosureIndicator, .checkmark, .detailButton, .detailDisclosureButton][ip.row % 4]
        }
        table.dataSource = source
        table.delegate = source
        let screen = render(table, offset: 120)
        #expect(table.headerView(forSection: 0)?.frame.minY == 120, "the first header floats")
        try GoldenImage.verify(screen.currentFrame, named: "table-plain", goldenDirectory: goldenDirectory)
    }

    @Test("grouped and inset grouped: rounded sections, titles and footers, all four cell styles")
    func grouped() throws {
        for style in [UITableView.Style.grouped, .insetGrouped] {
            let table = UITableView(frame: .zero, style: style)
            let source = TestTableSource(counts: [4, 2])
            source.headerTitles = [0: "Cell styles"]
            source.footerTitles = [1: "The second section has a footer long enough to wrap onto two lines."]
            let styles: [UITableViewCell.CellStyle] = [.default, .subtitle, .value1, .value2]
            source.makeCell = { _, ip in
                let cell = UITableViewCell(style: ip.section == 0 ? styles[ip.row] : .value1, reuseIdentifier: nil)
                cell.textLabel?.text = ip.section == 0 ? "\(styles[ip.row])".capitalized : "Row \(ip.row)"
                cell.detailTextLabel?.text = "Detail"
                if ip.section == 1 { cell.accessoryType = .disclosureIndicator }
                return cell
            }
            table.dataSource = source
            let screen = render(table)
            defer { withExtendedLifetime(source) {} }
            try GoldenImage.verify(screen.currentFrame, named: style == .grouped ? "table-grouped" : "table-inset-grouped",
                                   goldenDirectory: goldenDirectory)
        }
    }

    @Test("contacts: names collated into sections with the index bar")
    func contacts() throws {
        let names = ["Daniel Higgins", "Anna Haro", "John Appleseed", "Kate Bell", "David Taylor", "Hank Zakroff",
                     "Émile Zola", "Åsa Öberg", "42 Club", "Ben Mitchell", "Zoe Adams", "Carla Diaz"]
        let collation = UILocalizedIndexedCollation(locale: Locale(identifier: "en_US"))
        let lastName: (String) -> String = { $0.split(separator: " ").last.map(String.init) ?? $0 }
        var sections = Array(repeating: [String](), count: collation.sectionTitles.count)
        for name in names { sections[collation.section(for: name, collationStringSelector: lastName)].append(name) }
        sections = sections.map { collation.sortedArray(from: $0, collationStringSelector: lastName) }
        #expect(sections[7] == ["Anna Haro", "Daniel Higgins"], "Higgins is in H, after Haro")

        final class Contacts: UITableViewDataSource {
            let sections: [[String]], titles: [String]
            init(_ sections: [[String]], _ titles: [String]) { self.sections = sections; self.titles = titles }
            func numberOfSections(in tableView: UITableView) -> Int { sections.count }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "name", for: indexPath)
                cell.textLabel?.text = sections[indexPath.section][indexPath.row]
                return cell
            }
            func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
                sections[section].isEmpty ? nil : titles[section]
            }
            func sectionIndexTitles(for tableView: UITableView) -> [String]? { titles }
        }
        let contacts = Contacts(sections, collation.sectionTitles)
        let table = UITableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "name")
        table.dataSource = contacts
        let screen = render(table)
        defer { withExtendedLifetime(contacts) {} }
        try GoldenImage.verify(screen.currentFrame, named: "table-contacts", goldenDirectory: goldenDirectory)
    }

    @Test("a static settings screen")
    func settings() throws {
        let table = UITableView(frame: .zero, style: .insetGrouped) {
            StaticSection {
                StaticRow("Airplane Mode", style: .default)
                StaticRow("Wi-Fi", detail: "Home", accessoryType: .disclosureIndicator)
                StaticRow("Bluetooth", detail: "On", accessoryType: .disclosureIndicator)
            }
            StaticSection(header: "Notifications", footer: "Choose which apps may show notifications.") {
                StaticRow("Show Previews", detail: "Always", accessoryType: .disclosureIndicator)
                StaticRow("Sounds", accessoryType: .checkmark)
            }
            StaticSection {
                StaticRow("General", accessoryType: .disclosureIndicator)
                StaticRow("About", detail: "Tabula", accessoryType: .detailButton)
            }
        }
        let screen = render(table)
        try GoldenImage.verify(screen.currentFrame, named: "table-settings", goldenDirectory: goldenDirectory)
    }
}
