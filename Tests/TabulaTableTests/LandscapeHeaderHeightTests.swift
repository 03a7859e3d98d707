import Foundation
import Testing
@testable import TabulaUIKit
import TabulaTestSupport
@testable import TabulaTable

/// A title a little wider than a landscape iPhone 15's content (852 points less 59 of safe
/// area on each side and the 16-point margins): one line across the whole screen, two
/// inside the safe area.
private let longTitle = "Messages sent from this device keep their read receipts, previews and reactions on every "
    + "other device you sign in to"

/// Headers and footers on a phone with a safe area, in landscape: their titles are laid
/// out inside the safe area (``UITableView/insetsContentViewsToSafeArea``), so they must be
/// measured there too, or a title that wraps only inside it loses its last line.
@MainActor
@Suite("Header and footer heights: measured inside the safe area")
struct LandscapeHeaderHeightTests {
    final class Titled: UITableViewController {
        var customViews = false

        override func numberOfSections(in tableView: UITableView) -> Int { 2 }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? UITableViewCell(style: .default, reuseIdentifier: "row")
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
        override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
            customViews ? nil : longTitle
        }
        override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
            customViews ? nil : longTitle
        }
        override func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
            customViews ? view(identifier: "header") : nil
        }
        override func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
            customViews ? view(identifier: "footer") : nil
        }
        private func view(identifier: String) -> UITableViewHeaderFooterView {
            let view = tableView.dequeueReusableHeaderFooterView(withIdentifier: identifier)
                ?? UITableViewHeaderFooterView(reuseIdentifier: identifier)
            view.textLabel?.text = longTitle
            return view
        }
    }

    /// `controller` on an iPhone 15 turned to landscape, laid out.
    private func showInLandscape(_ controller: UITableViewController) -> HeadlessScreen {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 0.5)
        screen.rotate(to: .landscapeRight)
        screen.advance(by: 0.6)
        return screen
    }

    /// Every header and footer on screen: its title is inside the safe area and has the
    /// height its lines need there, inside the view.
    private func expectTitlesFit(_ table: UITableView, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(table.safeAreaInsets.left > 40 && table.safeAreaInsets.right > 40,
                "landscape on an iPhone 15: \(table.safeAreaInsets)", sourceLocation: sourceLocation)
        var seen = 0
        for section in 0 ..< 2 {
            for (name, view) in [("header", table.headerView(forSection: section)), ("footer", table.footerView(forSection: section))] {
                guard let view else { continue }
                seen += 1
                let label = try #require(view.textLabel, sourceLocation: sourceLocation)
                let needed = label.sizeThatFits(CGSize(width: label.bounds.width, height: 0)).height
                let inView = label.convert(label.bounds, to: view)
                #expect(label.bounds.height >= needed - 0.5,
                        "\(name) \(section): the title needs \(needed) points at \(label.bounds.width) wide, has \(label.bounds.height)",
                        sourceLocation: sourceLocation)
                #expect(inView.maxY <= view.bounds.height + 0.5 && inView.minY >= -0.5,
                        "\(name) \(section): the title \(inView) inside the view \(view.bounds)", sourceLocation: sourceLocation)
                #expect(inView.minX >= table.safeAreaInsets.left, "\(name) \(section): inside the safe area: \(inView)",
                        sourceLocation: sourceLocation)
                #expect(needed > label.font.lineHeight * 1.5, "\(name) \(section): two lines in landscape",
                        sourceLocation: sourceLocation)
            }
        }
        #expect(seen >= 3, "headers and footers on screen", sourceLocation: sourceLocation)
    }

    @Test("titles from the data source keep every line in landscape", arguments: [UITableView.Style.plain, .grouped, .insetGrouped])
    func titlesKeepTheirLines(style: UITableView.Style) throws {
        let controller = Titled(style: style)
        _ = showInLandscape(controller)
        try expectTitlesFit(try #require(controller.tableView))
    }

    @Test("header and footer views from the delegate keep every line in landscape", arguments: [UITableView.Style.plain, .insetGrouped])
    func viewsKeepTheirLines(style: UITableView.Style) throws {
        let controller = Titled(style: style)
        controller.customViews = true
        _ = showInLandscape(controller)
        try expectTitlesFit(try #require(controller.tableView))
    }
}
