import Testing
@testable import TabulaUIKit
import TabulaTestSupport
@testable import TabulaTable

@Suite("Bar button items, actions and menus")
@MainActor
struct BarButtonItemTests {
    @Test("a tap runs the primary action; its handler gets the action, whose sender is the item")
    func primaryAction() {
        var senders: [UIBarButtonItem?] = []
        var actions: [UIAction] = []
        let add = UIAction(title: "Add", identifier: UIAction.Identifier("add")) { action in
            actions.append(action)
            senders.append(action.sender as? UIBarButtonItem)
        }
        let item = UIBarButtonItem(title: "ignored", primaryAction: add)
        #expect(item.title == "Add", "the primary action's title takes precedence")
        #expect(item.perform() == .performed(add))
        #expect(actions.count == 1 && actions[0] === add && add.identifier.rawValue == "add")
        #expect(senders.count == 1 && senders[0] === item)
        #expect(add.sender == nil, "the sender is set only while the handler runs")
    }

    @Test("a disabled item, or an item whose action is disabled, runs nothing")
    func disabled() {
        var runs = 0
        let item = UIBarButtonItem(systemItem: .trash, primaryAction: UIAction { _ in runs += 1 })
        item.isEnabled = false
        #expect(item.perform() == .disabled)
        item.isEnabled = true
        item.primaryAction?.attributes = [.disabled]
        #expect(item.perform() == .disabled)
        #expect(runs == 0)
        item.primaryAction?.attributes = [.destructive]
        item.perform()
        #expect(runs == 1)
    }

    @Test("an item with a menu and no primary action shows the menu on tap; choosing an element runs it")
    func menuOnly() {
        var chosen: [String] = []
        let byTitle = UIAction(title: "Title", state: .on) { chosen.append($0.title) }
        let byDate = UIAction(title: "Date") { chosen.append($0.title) }
        let remove = UIAction(title: "Delete All", attributes: .destructive) { chosen.append($0.title) }
        let sort = UIMenu(title: "Sort", options: .singleSelection, children: [byTitle, byDate])
        let menu = UIMenu(children: [sort, UIMenu(options: .displayInline, children: [remove])])
        let item = UIBarButtonItem(systemItem: .organize, menu: menu)
        #expect(item.perform() == .showsMenu(menu), "a tap shows the menu and runs nothing")
        #expect(chosen.isEmpty)
        #expect(menu.selectedElements.count == 1 && menu.selectedElements[0] === byTitle)
        ((menu.children[0] as! UIMenu).children[1] as! UIAction).performWithSender(item, target: nil)
        #expect(chosen == ["Date"])

        var tapped = 0
        let both = UIBarButtonItem(title: "Sort", primaryAction: UIAction { _ in tapped += 1 }, menu: menu)
        #expect(both.perform() != .showsMenu(menu) && tapped == 1, "with a primary action the tap runs it")
        #expect(UIBarButtonItem(title: "Nothing").perform() == .nothing)
    }

    @Test("system items show the system's title or symbol, not the action's; Done and Save are bold")
    func systemItems() {
        let done = UIBarButtonItem(barButtonSystemItem: .done, primaryAction: UIAction(title: "Finish") { _ in })
        #expect(done.displayedTitle == "Done" && done.title == nil && done.style == .done)
        #expect(UIBarButtonItem(systemItem: .save).style == .done)
        let cancel = UIBarButtonItem(systemItem: .cancel)
        #expect(cancel.displayedTitle == "Cancel" && cancel.style == .plain && cancel.systemSymbolName == nil)
        let add = UIBarButtonItem(systemItem: .add)
        #expect(add.systemSymbolName == "plus" && add.displayedTitle == "Add")
        for systemItem in UIBarButtonItem.SystemItem.allCases where systemItem != .flexibleSpace && systemItem != .fixedSpace {
            #expect(UIBarButtonItem(systemItem: systemItem).displayedTitle != nil, "\(systemItem) has a name")
        }
        #expect(UIBarButtonItem.SystemItem.close.rawValue == 24 && UIBarButtonItem.SystemItem.redo.rawValue == 22)
    }

    @Test("spaces and custom views take no taps; a fixed space has its width")
    func spacesAndCustomViews() {
        var runs = 0
        let space = UIBarButtonItem.fixedSpace(12)
        #expect(space.width == 12 && space.perform() == .nothing)
        #expect(UIBarButtonItem.flexibleSpace().perform() == .nothing)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        let custom = UIBarButtonItem(customView: view)
        custom.primaryAction = UIAction { _ in runs += 1 }
        #expect(custom.customView === view && custom.perform() == .nothing && runs == 0)
    }

    @Test("setting a primary action later gives a plain item its title and image")
    func primaryActionSetLater() {
        let item = UIBarButtonItem(title: "Old")
        item.tintColor = .systemRed
        item.primaryAction = UIAction(title: "New") { _ in }
        #expect(item.title == "New" && item.tintColor == .systemRed)
        let system = UIBarButtonItem(systemItem: .compose)
        system.primaryAction = UIAction(title: "Write") { _ in }
        #expect(system.title == nil && system.displayedTitle == "Compose")
    }

    @Test("actions and menus get distinct identifiers unless given one; replacingChildren keeps the rest")
    func identifiers() {
        let a = UIAction { _ in }, b = UIAction { _ in }
        #expect(a.identifier != b.identifier && a.title == "" && a.state == .off && a.attributes.isEmpty)
        let menu = UIMenu(title: "Share", identifier: UIMenu.Identifier("share"), options: .displayInline, children: [a])
        let other = menu.replacingChildren([a, b])
        #expect(other.identifier == menu.identifier && other.title == "Share" && other.options == .displayInline)
        #expect(other.children.count == 2 && menu.children.count == 1)
        #expect(UIMenu().identifier != UIMenu().identifier)
    }
}

/// The README's example: a table view controller with Edit, Add and a sort menu in its navigation item.
@MainActor
private final class PlaysListController: UITableViewController {
    enum Order { case title, year }
    var plays = ["Hamlet", "Macbeth"]
    var order = Order.title

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Plays"
        navigationItem.leftBarButtonItem = editButtonItem
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [unowned self] _ in
            self.insertPlay()
        })
        navigationItem.rightBarButtonItems?.append(UIBarButtonItem(systemItem: .organize, menu: UIMenu(children: [
            UIAction(title: "By Title", state: .on) { [unowned self] _ in self.sort(by: .title) },
            UIAction(title: "By Year") { [unowned self] _ in self.sort(by: .year) },
        ])))
    }

    func insertPlay() {
        plays.append("Play \(plays.count)")
        tableView.insertRows(at: [IndexPath(row: plays.count - 1, section: 0)], with: .automatic)
    }

    func sort(by order: Order) { self.order = order }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { plays.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = plays[indexPath.row]
        return cell
    }
}

@Suite("A ported controller's bar items")
@MainActor
struct PortedBarItemsTests {
    @Test("the README's controller: Add inserts a row, the sort menu sorts, Edit toggles the table's editing")
    func readmeController() {
        let controller = PlaysListController(style: .plain)
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        let items = controller.navigationItem
        #expect(items.title == "Plays" && items.rightBarButtonItems?.count == 2)
        items.rightBarButtonItem!.perform()
        screen.advance(by: 0.5)
        #expect(controller.tableView.numberOfRows(inSection: 0) == 3)
        #expect(controller.tableView.cellForRow(at: IndexPath(row: 2, section: 0))?.textLabel?.text == "Play 2")
        guard case .showsMenu(let menu) = items.rightBarButtonItems![1].perform() else {
            Issue.record("the sort item shows its menu")
            return
        }
        (menu.children[1] as! UIAction).performWithSender(items.rightBarButtonItems![1], target: nil)
        #expect(controller.order == .year)
        items.leftBarButtonItem!.perform()
        #expect(controller.tableView.isEditing && items.leftBarButtonItem?.title == "Done")
    }
}
