import Tabula

/// The 2011 session's cell menu: a long press on a row shows Copy and a custom
/// “Email” item, through `shouldShowMenuForRowAt`, `canPerformAction` and `performAction`.
final class CellMenuScene: Scene {
    static let name = "menu"
    static let title = "Cell Menus"
    static let summary = "Long-press a row for its Copy / Email menu"
    static let seed = "WWDC 2011, What's New in Table Views (cell menus)"
    static let tryIt = "Hold the mouse button on a quote for half a second; choose Copy or Email."
    let controller = MenuController(style: .plain)
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    func play(on screen: HeadlessScreen) {
        let table = controller.tableView!
        screen.longPress(at: centerOfRow(3, in: table), duration: 0.8)
        screen.advance(by: 0.8)
        // Choose Copy, the menu's first item: the menu goes and the row is let go.
        let menu = UIMenuController.shared.menuFrame
        if !menu.isEmpty {
            screen.tap(at: CGPoint(x: menu.minX + menu.width / 4, y: menu.midY))
            screen.advance(by: 0.6)
        }
    }
}

final class MenuController: UITableViewController {
    let quotes = SampleData.quotes
    var log: [String] = []

    override func viewDidLoad() {
        scaleRowHeight(from: 60)
        tableView.register(SubtitleCell.self, forCellReuseIdentifier: "quote")
        UIMenuController.shared.menuItems = [UIMenuItem(title: "Email", action: Selector("emailQuote:"))]
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { quotes.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "quote", for: indexPath)
        cell.textLabel?.text = quotes[indexPath.row].quote
        cell.detailTextLabel?.text = quotes[indexPath.row].play
        return cell
    }
    override func tableView(_ tableView: UITableView, shouldShowMenuForRowAt indexPath: IndexPath) -> Bool { true }
    override func tableView(_ tableView: UITableView, canPerformAction action: Selector, forRowAt indexPath: IndexPath,
                            withSender sender: Any?) -> Bool {
        action == .copy || action == Selector("emailQuote:")
    }
    override func tableView(_ tableView: UITableView, performAction action: Selector, forRowAt indexPath: IndexPath,
                            withSender sender: Any?) {
        log.append("\(action.name) \(quotes[indexPath.row].quote)")
        say("menu: \(action.name) “\(quotes[indexPath.row].quote)”")
    }
}
