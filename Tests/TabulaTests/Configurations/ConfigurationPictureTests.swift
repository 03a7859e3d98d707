import Foundation
import Testing
import TabulaTestSupport
@testable import TabulaUIKit
@testable import TabulaTable

/// Pictures: a table built with the legacy labels and the same table built with default
/// content configurations look the same in every style, as on iOS; and a Settings-style
/// screen of configured rows. Set TABULA_LOOK_DIR to write them out.
@MainActor
@Suite("Configuration pictures")
struct ConfigurationPictureTests {
    /// One row of the sample table.
    struct Row {
        var style: UITableViewCell.CellStyle
        var text: String
        var detail: String?
        var image: UIImage?
        var accessory: UITableViewCell.AccessoryType = .none
    }

    static let icon = solidImage(side: 29, rgb: 0x007AFF)
    static let rows: [[Row]] = [
        [Row(style: .default, text: "Wi-Fi", image: icon, accessory: .disclosureIndicator),
         Row(style: .value1, text: "Bluetooth", detail: "On", accessory: .disclosureIndicator),
         Row(style: .value1, text: "Personal Hotspot", detail: "Off")],
        [Row(style: .subtitle, text: "Portia", detail: "The Merchant of Venice", image: icon),
         Row(style: .subtitle, text: "Prospero", detail: "The Tempest", accessory: .checkmark),
         Row(style: .default, text: "Airplane Mode")],
    ]

    /// The sample table, built one way or the other.
    private func render(_ style: UITableView.Style, configured: Bool) -> UIImage {
        let table = UITableView(frame: .zero, style: style)
        let source = ClosureTableSource(counts: Self.rows.map(\.count)) { _, indexPath in
            let row = Self.rows[indexPath.section][indexPath.row]
            let cell = UITableViewCell(style: row.style, reuseIdentifier: nil)
            if configured {
                var content = cell.defaultContentConfiguration()
                content.text = row.text
                content.secondaryText = row.detail
                content.image = row.image
                cell.contentConfiguration = content
            } else {
                cell.textLabel?.text = row.text
                cell.detailTextLabel?.text = row.detail
                cell.imageView?.image = row.image
            }
            cell.accessoryType = row.accessory
            return cell
        }
        let headers = [0: "Connectivity", 1: "Characters"]
        let footers = [1: "Rows with an image start their separator under the text, as iOS draws them."]
        if configured {
            source.headerView = { _, section in
                let view = UITableViewHeaderFooterView(reuseIdentifier: nil)
                var content = view.defaultContentConfiguration()
                content.text = headers[section]
                view.contentConfiguration = content
                return view
            }
            source.footerView = { _, section in
                guard let text = footers[section] else { return nil }
                let view = UITableViewHeaderFooterView(reuseIdentifier: nil)
                var content = view.defaultContentConfiguration()
                content.text = text
                view.contentConfiguration = content
                return view
            }
        } else {
            source.headerTitles = headers
            source.footerTitles = footers
        }
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table, scale: 2, size: CGSize(width: 375, height: 520))
        return withExtendedLifetime(source) { screen.snapshot() }
    }

    @Test("legacy labels and default content configurations draw the same table", arguments: ["plain", "grouped", "insetGrouped"])
    func legacyMatchesConfiguration(_ name: String) {
        let style: UITableView.Style = name == "plain" ? .plain : name == "grouped" ? .grouped : .insetGrouped
        let legacy = render(style, configured: false)
        let configured = render(style, configured: true)
        writeForLooking(legacy, "configurations-\(name)-legacy")
        writeForLooking(configured, "configurations-\(name)-configured")
        let fraction = differingFraction(legacy, configured)
        #expect(fraction < 0.001, "\(name): \(fraction * 100) % of the pixels differ")
    }

    @Test("a Settings-style screen: icons with rounded corners, values, chevrons, separators under the text")
    func settingsStyle() throws {
        let table = UITableView(frame: .zero, style: .insetGrouped)
        let items: [(String, UInt32, String?)] = [("Airplane Mode", 0xFF9500, nil), ("Wi-Fi", 0x007AFF, "Home"),
                                                  ("Bluetooth", 0x007AFF, "On"), ("Cellular", 0x34C759, nil)]
        let source = ClosureTableSource(counts: [4, 2]) { _, indexPath in
            let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
            var content = UIListContentConfiguration.valueCell()
            if indexPath.section == 0 {
                let item = items[indexPath.row]
                content.text = item.0
                content.secondaryText = item.2
                content.image = solidImage(side: 29, rgb: item.1)
                content.imageProperties.cornerRadius = 7
            } else {
                content.text = ["General", "Screen Time: a row whose title is long enough to wrap onto a second line"][indexPath.row]
            }
            cell.contentConfiguration = content
            cell.accessoryType = .disclosureIndicator
            return cell
        }
        source.headerView = { _, section in
            let view = UITableViewHeaderFooterView(reuseIdentifier: nil)
            var content = section == 0 ? UIListContentConfiguration.prominentInsetGroupedHeader() : view.defaultContentConfiguration()
            content.text = section == 0 ? "Settings" : "More"
            view.contentConfiguration = content
            return view
        }
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table, scale: 2, size: CGSize(width: 393, height: 560))
        defer { withExtendedLifetime(source) {} }
        writeForLooking(screen.snapshot(), "configurations-settings")
        let wifi = try #require(table.cellForRow(at: IndexPath(0, 1)))
        let content = try #require(wifi.contentView as? UIListContentView)
        #expect(wifi.bounds.height == 44, "a 29-point icon fits a 44-point row, as in Settings")
        let icon = content.imageView.frame
        #expect(abs(icon.minX - 16) < 0.001 && abs(icon.minY - 8) < 0.001 && abs(icon.width - 29) < 0.001)
        #expect(abs(content.textLabel.frame.minX - (16 + 29 + 15)) < 0.001)
        #expect(abs(wifi.separatorView.frame.minX - 60) < 0.001, "the separator starts under the text")
        #expect(abs(content.secondaryTextLabel.frame.maxX - content.bounds.width) < 0.001, "the value ends at the chevron's gap")
        let tall = try #require(table.cellForRow(at: IndexPath(1, 1)))
        #expect(tall.bounds.height > 60, "the long title wraps and the row grows")
    }
}
