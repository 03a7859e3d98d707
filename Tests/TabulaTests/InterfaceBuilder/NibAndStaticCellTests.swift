import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

// Nibs and static cells, registered by hand in the shape `tabula-port` generates.

@MainActor
final class NibProfileCell: UITableViewCell {
    weak var nameLabel: UILabel!
    weak var roleLabel: UILabel!
    var awoken = 0
    override func awakeFromNib() {
        super.awakeFromNib()
        awoken += 1
    }
}

@MainActor
final class NibOwnerController: UIViewController {
    weak var headline: UILabel?
    var tapped = 0
    func follow(_ sender: UIButton) { tapped += 1 }
}

@MainActor
final class NibProfilesSource: NSObject, UITableViewDataSource {
    let names: [String]
    init(names: [String]) { self.names = names }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { names.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Profile", for: indexPath) as! NibProfileCell
        cell.nameLabel.text = names[indexPath.row]
        cell.roleLabel.text = "Engineer"
        return cell
    }
}

@MainActor
final class StaticSettingsController: UITableViewController {
    weak var airplaneSwitch: UISwitch!
    weak var nameDetail: UILabel!
    var selected: [IndexPath] = []
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        selected.append(indexPath)
    }
}

@MainActor
enum TestNibs {
    static func register() {
        InterfaceBuilder.registerNib("NibProfileCell") { _, _ in profileCell() }
        InterfaceBuilder.registerNib("NibOwnerController") { owner, _ in profileView(owner: owner) }
        InterfaceBuilder.registerNib("NoOutlet") { _, _ in [UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))] }
        InterfaceBuilder.registerStoryboard("TestSettings", initialScene: "settings", identifiers: [:],
                                            scenes: ["settings": settings])
    }

    static func profileCell() -> [AnyObject] {
        let cellCoder = InterfaceBuilder.coder(for: UITableViewCell.self,
                                               values: ["UIReuseIdentifier": "Profile",
                                                        "UIFrame": CGRect(x: 0, y: 0, width: 393, height: 64)]) { object in
            (object as! UITableViewCell).selectionStyle = .none
        }
        guard let cell0 = InterfaceBuilder.make(NibProfileCell.self, coder: cellCoder, element: "NibProfileCell.xib:12 <tableViewCell>", {
            NibProfileCell(coder: $0)
        }) else { return [] }
        let name1 = UILabel(frame: CGRect(x: 16, y: 8, width: 300, height: 24))
        name1.font = .preferredFont(forTextStyle: .headline)
        let role2 = UILabel(frame: CGRect(x: 16, y: 34, width: 300, height: 20))
        role2.textColor = .secondaryLabel
        cell0.contentView.addSubview(name1)
        cell0.contentView.addSubview(role2)
        cell0.nameLabel = name1
        cell0.roleLabel = role2
        InterfaceBuilder.awake([cell0, name1, role2])
        return [cell0]
    }

    static func profileView(owner: AnyObject?) -> [AnyObject] {
        let view0 = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        view0.backgroundColor = .systemTeal
        let label1 = UILabel(frame: CGRect(x: 20, y: 120, width: 300, height: 30))
        label1.text = "From the nib"
        view0.addSubview(label1)
        let button2 = UIButton(type: .system)
        button2.frame = CGRect(x: 20, y: 170, width: 100, height: 44)
        button2.setTitle("Follow", for: .normal)
        view0.addSubview(button2)
        if let owner = owner as? NibOwnerController {
            owner.headline = label1
            button2.addAction(UIAction { [unowned owner, unowned button2] _ in owner.follow(button2) }, for: .touchUpInside)
        }
        (owner as? UIViewController)?.view = view0
        InterfaceBuilder.awake([view0, label1, button2])
        return [view0]
    }

    static func settings(_ request: InterfaceBuilder.SceneRequest) -> UIViewController? {
        let coder = InterfaceBuilder.coder(for: UITableViewController.self) { object in
            (object as! UIViewController).title = "TestSettings"
        }
        guard let controller = request.make(StaticSettingsController.self, coder: coder, { StaticSettingsController(coder: $0) })
            as? StaticSettingsController else { return nil }
        InterfaceBuilder.setViewLoader(of: controller) { _ in
            let table0 = UITableView(frame: CGRect(x: 0, y: 0, width: 393, height: 852), style: .insetGrouped)
            let cell1 = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell1.textLabel?.text = "Airplane Mode"
            let switch2 = UISwitch(frame: .zero)
            cell1.accessoryView = switch2
            cell1.selectionStyle = .none
            let cell3 = UITableViewCell(style: .value1, reuseIdentifier: nil)
            cell3.textLabel?.text = "Name"
            cell3.detailTextLabel?.text = "Ada"
            cell3.accessoryType = .disclosureIndicator
            let cell4 = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell4.textLabel?.text = "About"
            controller.airplaneSwitch = switch2
            controller.nameDetail = cell3.detailTextLabel
            InterfaceBuilder.setStaticCells([
                InterfaceBuilder.StaticCellSection(header: "Connections", footer: "Turn off radios.", cells: [cell1, cell3]),
                InterfaceBuilder.StaticCellSection(header: nil, footer: nil, cells: [cell4], rowHeights: [60]),
            ], of: table0)
            InterfaceBuilder.awake([table0, cell1, switch2, cell3, cell4])
            return table0
        }
        return controller
    }
}

@MainActor
@Suite("Nibs and static cells through the code tabula-port generates")
struct NibAndStaticCellTests {
    let screen = HeadlessScreen(device: .iPhone15)

    init() { TestNibs.register() }

    @Test("a table registered with a nib dequeues the nib's cell class, outlets connected, awakeFromNib once")
    func nibCells() throws {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 393, height: 600), style: .plain)
        table.register(UINib(nibName: "NibProfileCell", bundle: nil), forCellReuseIdentifier: "Profile")
        let source = NibProfilesSource(names: ["Ada", "Grace", "Edsger"])
        table.dataSource = source
        let (screen, root) = makeScreen(width: 393, height: 600)
        root.addSubview(table)
        screen.advance(by: 0.1)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)) as? NibProfileCell)
        #expect(cell.reuseIdentifier == "Profile")
        #expect(cell.awoken == 1)
        #expect(cell.selectionStyle == .none)     // set inside init(coder:)
        #expect(cell.nameLabel.text == "Grace" && cell.nameLabel.superview === cell.contentView)
        #expect(try screen.element(labelContaining: "Grace").frame.height > 0)
        withExtendedLifetime(source) {}
    }

    @Test("UIViewController(nibName:) takes its view and outlets from the nib; a nib named as the class is found without a name")
    func ownerNib() throws {
        let named = NibOwnerController(nibName: "NibOwnerController", bundle: nil)
        #expect(named.view.backgroundColor == .systemTeal)
        #expect(named.headline?.text == "From the nib")
        let unnamed = NibOwnerController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = unnamed
        screen.show(window)
        screen.advance(by: 0.1)
        #expect(unnamed.headline?.text == "From the nib")
        try screen.buttons["Follow"].tap()
        #expect(unnamed.tapped == 1)
        let objects = try #require(Bundle.main.loadNibNamed("NibOwnerController", owner: nil))
        #expect(objects.count == 1 && objects.first is UIView)
    }

    @Test("a nib that connects no view outlet is reported and its first view used")
    func nibWithoutViewOutlet() {
        var reports: [String] = []
        let saved = UIViewController.onInvalidUse
        UIViewController.onInvalidUse = { reports.append($0) }
        defer { UIViewController.onInvalidUse = saved }
        let controller = UIViewController(nibName: "NoOutlet", bundle: nil)
        #expect(controller.view.bounds.width == 10)
        #expect(reports.last?.contains("connects no view to its File's Owner's view outlet") == true)
        let missing = UIViewController(nibName: "Absent", bundle: nil)
        #expect(missing.view.bounds.width == UIScreen.main.bounds.width)
        #expect(reports.last?.contains("no nib of that name is registered") == true)
    }

    @Test("static cells: sections, titles, heights, the very cells with their outlets, the subclass's didSelectRowAt")
    func staticCells() throws {
        let settings = try #require(UIStoryboard(name: "TestSettings", bundle: nil).instantiateInitialViewController()
                                    as? StaticSettingsController)
        let window = UIWindow(frame: .zero)
        window.rootViewController = UINavigationController(rootViewController: settings)
        screen.show(window)
        screen.advance(by: 0.1)
        let table = settings.tableView!
        #expect(table.numberOfSections == 2)
        #expect(table.numberOfRows(inSection: 0) == 2 && table.numberOfRows(inSection: 1) == 1)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)).height == 60)
        #expect(try screen.element(labelContaining: "Connections").frame.height > 0)
        #expect(try screen.element(labelContaining: "Turn off radios.").frame.height > 0)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.accessoryView === settings.airplaneSwitch)
        settings.airplaneSwitch.setOn(true, animated: false)
        settings.nameDetail.text = "Ada L."
        table.reloadData()
        screen.advance(by: 0.1)
        #expect((table.cellForRow(at: IndexPath(row: 0, section: 0))?.accessoryView as? UISwitch)?.isOn == true)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.detailTextLabel?.text == "Ada L.")
        try screen.element(labelContaining: "About").tap()
        #expect(settings.selected == [IndexPath(row: 0, section: 1)])
    }
}
