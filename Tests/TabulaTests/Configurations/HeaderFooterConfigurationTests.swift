import Foundation
import Testing
import TabulaTestSupport
@testable import TabulaUIKit
@testable import TabulaTable

@MainActor
@Suite("Header and footer configurations")
struct HeaderFooterConfigurationTests {
    @Test("a header or footer made or dequeued for the table gets the default configuration of its place")
    func defaultsByPlace() {
        for style in [UITableView.Style.plain, .grouped, .insetGrouped] {
            let table = UITableView(frame: .zero, style: style)
            table.register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "title")
            var made: [String: UIListContentConfiguration] = [:]
            let source = ClosureTableSource(counts: [1, 1]) { _, _ in UITableViewCell(style: .default, reuseIdentifier: nil) }
            source.headerView = { tableView, section in
                let view = section == 0 ? tableView.dequeueReusableHeaderFooterView(withIdentifier: "title")!
                    : UITableViewHeaderFooterView(reuseIdentifier: nil)
                made["header \(section)"] = view.defaultContentConfiguration()
                return view
            }
            source.footerView = { tableView, section in
                let view = tableView.dequeueReusableHeaderFooterView(withIdentifier: "title")!
                made["footer \(section)"] = view.defaultContentConfiguration()
                return view
            }
            table.dataSource = source
            table.delegate = source
            let screen = showTable(table, size: CGSize(width: 320, height: 400))
            defer { withExtendedLifetime(screen) {} }
            let header: UIListContentConfiguration = style == .plain ? .plainHeader() : .groupedHeader()
            let footer: UIListContentConfiguration = style == .plain ? .plainFooter() : .groupedFooter()
            #expect(made["header 0"] == header && made["header 1"] == header, "\(style)")
            #expect(made["footer 0"] == footer && made["footer 1"] == footer, "\(style)")
        }
    }

    @Test("a configured header is as tall as the same title from the data source, and its text lands in the same place")
    func sameAsTitles() throws {
        for style in [UITableView.Style.plain, .grouped, .insetGrouped] {
            func table(configured: Bool) -> (UITableView, ClosureTableSource) {
                let table = UITableView(frame: .zero, style: style)
                let source = ClosureTableSource(counts: [2, 2]) { _, _ in UITableViewCell(style: .default, reuseIdentifier: nil) }
                let titles = [0: "Histories", 1: "Tragedies"]
                let footers = [1: "Four tragedies, which is a footer long enough to wrap onto a second line."]
                if configured {
                    source.headerView = { _, section in
                        let view = UITableViewHeaderFooterView(reuseIdentifier: nil)
                        var content = view.defaultContentConfiguration()
                        content.text = titles[section]
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
                    source.headerTitles = titles
                    source.footerTitles = footers
                }
                table.dataSource = source
                table.delegate = source
                return (table, source)
            }
            let (legacy, a) = table(configured: false)
            let (configured, b) = table(configured: true)
            let screens = [showTable(legacy, size: CGSize(width: 320, height: 500)),
                           showTable(configured, size: CGSize(width: 320, height: 500))]
            defer { withExtendedLifetime((a, b, screens)) {} }
            for s in 0 ..< 2 {
                #expect(legacy.rectForHeader(inSection: s) == configured.rectForHeader(inSection: s), "\(style) header \(s)")
                #expect(legacy.rectForFooter(inSection: s) == configured.rectForFooter(inSection: s), "\(style) footer \(s)")
            }
            let header = try #require(configured.headerView(forSection: 1)?.contentView as? UIListContentView)
            let title = try #require(legacy.headerView(forSection: 1)?.textLabel)
            let shown = header.convert(header.textLabel.frame, to: configured)
            let legacyShown = title.convert(title.bounds, to: legacy)
            #expect(shown.minX == legacyShown.minX && abs(shown.midY - legacyShown.midY) < 0.01, "\(style)")
            if style != .plain { #expect(header.textLabel.text == "TRAGEDIES") }
        }
    }

    @Test("a plain table's floating header is pinned while it floats, and its handler hears it")
    func pinned() throws {
        let table = UITableView(frame: .zero, style: .plain)
        var pinnedStates: [Bool] = []
        let source = ClosureTableSource(counts: [20, 20]) { _, indexPath in
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
        var header: UITableViewHeaderFooterView?
        source.headerView = { _, section in
            let view = UITableViewHeaderFooterView(reuseIdentifier: nil)
            var content = view.defaultContentConfiguration()
            content.text = "Section \(section)"
            view.contentConfiguration = content
            if section == 0 {
                view.configurationUpdateHandler = { _, state in pinnedStates.append(state.isPinned) }
                header = view
            }
            return view
        }
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table, size: CGSize(width: 320, height: 400))
        defer { withExtendedLifetime(source) {} }
        let view = try #require(header)
        #expect(!view.configurationState.isPinned && pinnedStates.last == false)
        table.contentOffset.y = 200
        screen.advance(by: 1.0 / 60)
        #expect(view.configurationState.isPinned && pinnedStates.last == true)
        table.contentOffset.y = 0
        screen.advance(by: 1.0 / 60)
        #expect(!view.configurationState.isPinned && pinnedStates.last == false)
    }

    @Test("detailTextLabel is made when first asked for and sits at the trailing end of the title")
    func detailTextLabel() throws {
        let view = UITableViewHeaderFooterView(reuseIdentifier: nil)
        #expect(view.contentView.subviews.isEmpty, "the title label too is made when first asked for")
        let detail = try #require(view.detailTextLabel)
        #expect(view.detailTextLabel === detail && view.contentView.subviews.count == 1)
        view.textLabel?.text = "Tragedies"
        detail.text = "See All"
        view.frame = CGRect(x: 0, y: 0, width: 320, height: 30)
        view.layoutIfNeeded()
        #expect(abs(detail.frame.maxX - (320 - 16)) < 0.001)
        #expect(abs(try #require(view.textLabel).frame.minX - 16) < 0.001)
        #expect(view.sizeThatFits(CGSize(width: 320, height: 0)).height > 0)
        view.contentConfiguration = view.defaultContentConfiguration()
        #expect(view.detailTextLabel == nil && view.textLabel == nil)
    }

    @Test("header background configurations, the update handler, and exclusivity with backgroundView")
    func backgroundAndHandler() {
        let view = UITableViewHeaderFooterView(reuseIdentifier: nil)
        var updates = 0
        view.configurationUpdateHandler = { _, state in
            updates += 1
            #expect(!state.isSelected)
        }
        view.backgroundView = UIView()
        view.backgroundConfiguration = .listPlainHeaderFooter()
        #expect(view.backgroundView == nil)
        view.frame = CGRect(x: 0, y: 0, width: 320, height: 30)
        view.layoutIfNeeded()
        #expect(updates == 1, "one update for all the changes before layout")
        #expect(view.subviews.first is BackgroundConfigurationView)
        view.backgroundView = UIView()
        #expect(view.backgroundConfiguration == nil)
    }
}
