import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

@MainActor
private final class PlaysController: UITableViewController {
    var field: UIView?
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 40 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = "Play \(indexPath.row)"
        if indexPath.row == 14, let field { cell.contentView.addSubview(field) }
        return cell
    }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Plays" }
}

@MainActor
private final class TextField: UIView {
    override var canBecomeFirstResponder: Bool { true }
}

@Suite("UITableViewController and static tables")
@MainActor
struct ControllerAndStaticTests {
    @Test("the controller owns its table as data source and delegate; subclass overrides are called")
    func owns() {
        let controller = PlaysController(style: .plain)
        let table = controller.tableView!
        #expect(table.dataSource === controller && table.delegate === controller)
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        #expect(table.numberOfRows(inSection: 0) == 40)
        #expect(table.headerView(forSection: 0)?.textLabel?.text == "Plays")
        table.selectRow(at: IndexPath(0, 3), animated: false, scrollPosition: .none)
        #expect(table.cellForRow(at: IndexPath(0, 3))?.isSelected == true)
        controller.viewWillAppear(false)
        #expect(table.indexPathForSelectedRow == nil, "clearsSelectionOnViewWillAppear")
    }

    @Test("a view pinned to a table's edges spans its content; the table keeps sizing its content itself")
    func viewPinnedToTableEdges() {
        let controller = PlaysController(style: .plain)
        let table = controller.tableView!
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        let contentSize = table.contentSize
        #expect(contentSize.height > 40 * 43, "forty rows")
        let overlay = UIView()
        overlay.translatesAutoresizingMaskIntoConstraints = false
        table.addSubview(overlay)
        NSLayoutConstraint.activate([
            overlay.topAnchor.constraint(equalTo: table.topAnchor),
            overlay.bottomAnchor.constraint(equalTo: table.bottomAnchor),
            overlay.leadingAnchor.constraint(equalTo: table.leadingAnchor),
            overlay.trailingAnchor.constraint(equalTo: table.trailingAnchor),
        ])
        table.setContentOffset(CGPoint(x: 0, y: 300), animated: false)
        screen.advance(by: 0.1)
        #expect(overlay.frame == CGRect(origin: .zero, size: contentSize))
        #expect(table.contentSize == contentSize)
    }

    @Test("when a keyboard is announced, the cell holding the first responder scrolls above it")
    func keyboard() {
        let controller = PlaysController(style: .plain)
        let field = TextField(frame: CGRect(x: 10, y: 5, width: 100, height: 30))
        controller.field = field
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        controller.viewWillAppear(false)
        let table = controller.tableView!
        table.scrollToRow(at: IndexPath(0, 14), at: .top, animated: false)
        screen.advance(by: 1.0 / 60)
        field.becomeFirstResponder()
        let keyboard = CGRect(x: 0, y: 480 - 260, width: 320, height: 260)
        NotificationCenter.default.post(name: UIResponder.keyboardWillShowNotification, object: nil,
                                        userInfo: [UIResponder.keyboardFrameEndUserInfoKey: keyboard])
        screen.advance(by: 0.5)
        #expect(table.contentInset.bottom == 260)
        let cell = table.cellForRow(at: IndexPath(0, 14))!
        let inWindow = cell.convert(cell.bounds, to: nil)
        #expect(inWindow.maxY <= keyboard.minY + 1e-6, "the cell sits above the keyboard: \(inWindow)")
        NotificationCenter.default.post(name: UIResponder.keyboardWillHideNotification, object: nil)
        #expect(table.contentInset.bottom == 0)
        controller.viewDidDisappear(false)
    }

    @Test("a static table describes a settings screen with no data source code")
    func staticTable() {
        var tapped: [String] = []
        let showAirplane = true
        let table = UITableView(frame: .zero, style: .insetGrouped) {
            StaticSection(header: "Connections") {
                if showAirplane { StaticRow("Airplane Mode", style: .default) }
                StaticRow("Wi-Fi", detail: "Home", accessoryType: .disclosureIndicator) { tapped.append("wifi") }
                StaticRow("Bluetooth", detail: "On", accessoryType: .disclosureIndicator)
            }
            StaticSection(footer: "Version 1.0") {
                for name in ["General", "Privacy"] { StaticRow(name, accessoryType: .disclosureIndicator) }
            }
        }
        let screen = showTable(table)
        defer { withExtendedLifetime(screen) {} }
        #expect(table.numberOfSections == 2)
        #expect(table.numberOfRows(inSection: 0) == 3 && table.numberOfRows(inSection: 1) == 2)
        let wifi = table.cellForRow(at: IndexPath(0, 1))!
        #expect(wifi.textLabel?.text == "Wi-Fi" && wifi.detailTextLabel?.text == "Home")
        #expect(wifi.accessoryType == .disclosureIndicator)
        #expect(table.headerView(forSection: 0)?.textLabel?.text == "CONNECTIONS")
        table.performStaticAction(at: IndexPath(0, 1))
        table.performStaticAction(at: IndexPath(0, 2))
        #expect(tapped == ["wifi"], "only rows with an action select")
        #expect(table.indexPathForSelectedRow == nil, "deselected after the action")
    }
}
