import Tabula

/// The Showcase's own app, where the window opens: a tab bar app, as real apps are. Its
/// first tab, Scenes, is the menu of every scene, grouped by the session or guide it comes
/// from, one line each, in a navigation controller; tapping a scene pushes it (the tab bar
/// slides away with the menu, `hidesBottomBarWhenPushed`), Back or a swipe from the left
/// edge returns. The Symbols and Settings scenes are tabs of their own.
final class HomeScene: Scene {
    static let name = "home"
    static let title = "Tabula"
    static let summary = "A tab bar app: the menu of every scene (tap one to push it, swipe from the left edge to go back), Symbols and Settings"
    static let seed = "The app shell: a tab bar controller, navigation controllers in its tabs, push, pop and the back swipe"
    static let tryIt = "Tap a scene to open it; tap Back or drag from the left edge to return; switch tabs at the bottom."
    let controller = HomeController()
    /// The scenes shown in the other tabs.
    let symbols = SymbolsScene(), settings = SettingsScene()
    /// The tab bar controller around the menu.
    let tabs = UITabBarController()
    init() {}

    func makeRootViewController() -> UIViewController {
        func tab(_ root: UIViewController, _ title: String, _ symbol: String) -> UINavigationController {
            if root.title == nil { root.title = title }
            let navigation = UINavigationController(rootViewController: root)
            navigation.tabBarItem = UITabBarItem(title: title, image: UIImage(systemName: symbol),
                                                 selectedImage: UIImage(systemName: symbol + ".fill"))
            return navigation
        }
        tabs.viewControllers = [
            tab(controller, "Scenes", "list.bullet.rectangle"),
            tab(symbols.makeRootViewController(), SymbolsScene.title, "star.circle"),
            tab(settings.makeRootViewController(), SettingsScene.title, "gearshape"),
        ]
        return tabs
    }

    /// Scenes opened from the menu are attached to the same screen (the App Store's
    /// frame-time readout reads its statistics).
    func attach(to screen: HeadlessScreen) {
        controller.screen = screen
        symbols.attach(to: screen)
        settings.attach(to: screen)
    }

    /// Opens the plays (the tab bar slides away), swipes back from the edge slowly enough
    /// to follow (the bar comes back), then visits the other tabs.
    func play(on screen: HeadlessScreen) {
        guard let table = controller.tableView, let path = controller.indexPath(ofScene: PlaysSortScene.name) else { return }
        // Scrolled to the middle: the row may lie behind the tab bar.
        table.scrollToRow(at: path, at: .middle, animated: true)
        screen.advance(by: 0.5)
        screen.tap(at: centerOfRow(path.row, section: path.section, in: table))
        screen.advance(by: 0.6)
        let y = screen.size.height / 2
        let finger = screen.touchDown(at: CGPoint(x: 3, y: y))
        for step in 1 ... 12 {
            screen.moveTouch(finger, to: CGPoint(x: 3 + CGFloat(step) * 20, y: y))
            screen.advance(by: 1.0 / 30)
        }
        screen.advance(by: 0.2)
        screen.liftTouch(finger)
        screen.advance(by: 0.6)
        // The other tabs, then back to the menu.
        for index in [1, 2, 0] {
            let width = tabs.tabBar.bounds.width / 3
            screen.tap(at: tabs.tabBar.convert(CGPoint(x: width * (CGFloat(index) + 0.5), y: 24), to: nil))
            screen.advance(by: 0.5)
        }
    }
}

/// The home menu: an inset grouped table of the scenes by session.
final class HomeController: UITableViewController {
    /// The sections: a heading and the scenes under it, in the order of `Scenes.all`.
    let sections: [(heading: String, scenes: [any Scene.Type])]
    /// Scenes opened so far, kept alive while their screens are on the stack.
    private var opened: [String: any Scene] = [:]
    /// The screen the menu is shown on, handed to each scene it opens.
    weak var screen: HeadlessScreen?

    init() {
        let scenes = Scenes.all.filter { $0.name != HomeScene.name }
        let headings = ["WWDC 2009 · Perfecting Your iPhone Table Views", "WWDC 2010 · Mastering Table Views",
                        "WWDC 2011 · What's New in Table Views", "Animation chapters and tutorials"]
        func heading(of scene: any Scene.Type) -> String {
            if scene.seed.hasPrefix("WWDC 2009") { return headings[0] }
            if scene.seed.hasPrefix("WWDC 2010") { return headings[1] }
            if scene.seed.hasPrefix("WWDC 2011") { return headings[2] }
            return headings[3]
        }
        sections = headings.map { h in (h, scenes.filter { heading(of: $0) == h }) }.filter { !$0.scenes.isEmpty }
        super.init(style: .insetGrouped)
        title = HomeScene.title
        // Only the menu shows its title large; the scenes keep theirs in the bar.
        navigationItem.largeTitleDisplayMode = .always
        navigationItem.backButtonTitle = "Scenes"
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(SubtitleCell.self, forCellReuseIdentifier: "scene")
        navigationController?.navigationBar.prefersLargeTitles = true
    }

    func indexPath(ofScene name: String) -> IndexPath? {
        for (s, section) in sections.enumerated() {
            if let row = section.scenes.firstIndex(where: { $0.name == name }) { return IndexPath(row: row, section: s) }
        }
        return nil
    }

    override func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].scenes.count
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        sections[section].heading
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "scene", for: indexPath)
        let scene = sections[indexPath.section].scenes[indexPath.row]
        cell.textLabel?.text = scene.title
        cell.detailTextLabel?.text = scene.summary
        cell.detailTextLabel?.textColor = .secondaryLabel
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let type = sections[indexPath.section].scenes[indexPath.row]
        let scene = type.init()
        opened[type.name] = scene
        let root = scene.makeRootViewController()
        if root.title == nil { root.title = type.title }
        if root.navigationItem.largeTitleDisplayMode == .automatic { root.navigationItem.largeTitleDisplayMode = .never }
        // A scene takes the whole screen: the tab bar slides away with the menu.
        root.hidesBottomBarWhenPushed = true
        navigationController?.pushViewController(root, animated: true)
        if let screen { scene.attach(to: screen) }
        tableView.deselectRow(at: indexPath, animated: true)
    }
}
