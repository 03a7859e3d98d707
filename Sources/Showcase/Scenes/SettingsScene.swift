import Tabula

/// A settings screen described as a static table — no data source code — in the
/// inset grouped style, with detail text, accessories and a row that toggles a checkmark.
final class SettingsScene: Scene {
    static let name = "settings"
    static let title = "Settings"
    static let summary = "A static settings screen that pushes detail screens, shows an alert and an action sheet, and presents a sheet"
    static let seed = "WWDC 2009, Perfecting Your iPhone Table Views (grouped tables, cell styles)"
    static let tryIt = "Tap “Sounds” to toggle its checkmark; open Wi-Fi and come back; try the alert, the action sheet and the About sheet (swipe it down)."

    let controller = SettingsController()
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    /// Toggles Sounds, opens Wi-Fi and comes back, answers the reset alert with Cancel,
    /// then opens About as a sheet and swipes it away.
    func play(on screen: HeadlessScreen) {
        guard let table = controller.table else { return }
        if let toggle = controller.airplaneSwitch {
            screen.tap(at: toggle.convert(CGPoint(x: toggle.bounds.midX, y: toggle.bounds.midY), to: nil))
            screen.advance(by: 0.4)
        }
        screen.tap(at: centerOfRow(1, section: 1, in: table))
        screen.advance(by: 0.6)
        screen.tap(at: centerOfRow(1, section: 0, in: table))
        screen.advance(by: 0.8)
        if let bar = controller.navigationController?.navigationBar, let back = centerOfLabel("Settings", in: bar) {
            screen.tap(at: back)
        }
        screen.advance(by: 0.6)
        table.scrollToRow(at: IndexPath(row: 1, section: 3), at: .bottom, animated: false)
        screen.advance(by: 0.1)
        screen.tap(at: centerOfRow(1, section: 3, in: table))
        screen.advance(by: 0.6)
        if let alert = controller.presentedViewController?.view, let cancel = centerOfLabel("Cancel", in: alert) {
            screen.tap(at: cancel)
        }
        screen.advance(by: 0.5)
        screen.tap(at: centerOfRow(3, section: 2, in: table))
        screen.advance(by: 0.7)
        let finger = screen.touchDown(at: CGPoint(x: 200, y: 300))
        for step in 1 ... 12 {
            screen.moveTouch(finger, to: CGPoint(x: 200, y: 300 + CGFloat(step) * 30))
            screen.advance(by: 1.0 / 30)
        }
        screen.liftTouch(finger)
        screen.advance(by: 0.6)
    }
}

final class SettingsController: UIViewController {
    var table: UITableView?
    var sounds = true

    override func loadView() {
        view = makeTable()
    }

    /// Settings shows its title large, as on iOS.
    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.largeTitleDisplayMode = .always
        navigationController?.navigationBar.prefersLargeTitles = true
    }

    private func makeTable() -> UITableView {
        let table = UITableView(frame: .zero, style: .insetGrouped) {
            StaticSection {
                StaticRow("Airplane Mode", configure: { [weak self] cell in
                    let toggle = UISwitch(frame: .zero)
                    toggle.addAction(UIAction { [weak self, weak toggle] _ in
                        self?.airplaneMode = toggle?.isOn ?? false
                    }, for: .valueChanged)
                    cell.accessoryView = toggle
                    self?.airplaneSwitch = toggle
                })
                StaticRow("Wi-Fi", detail: "Home", accessoryType: .disclosureIndicator, action: open("Wi-Fi"))
                StaticRow("Bluetooth", detail: "On", accessoryType: .disclosureIndicator, action: open("Bluetooth"))
                StaticRow("Mobile Data", accessoryType: .disclosureIndicator, action: open("Mobile Data"))
            }
            StaticSection(header: "Notifications", footer: "Choose which apps may show notifications.") {
                StaticRow("Show Previews", detail: "Always", accessoryType: .disclosureIndicator,
                          action: open("Show Previews"))
                StaticRow("Sounds", accessoryType: .checkmark, action: { [weak self] in self?.toggleSounds() })
                StaticRow("Badges", accessoryType: .checkmark)
            }
            StaticSection(header: "About") {
                StaticRow("General", accessoryType: .disclosureIndicator, action: open("General"))
                StaticRow("Version", detail: "Tabula 1.0")
                StaticRow("Legal", accessoryType: .detailButton)
                StaticRow("About Tabula", action: { [weak self] in self?.presentAbout() })
            }
            StaticSection(footer: "An alert, an action sheet and a sheet, as UIKit presents them.") {
                StaticRow("Share Settings…", action: { [weak self] in self?.share() })
                StaticRow("Reset All Settings…", action: { [weak self] in self?.confirmReset() })
            }
        }
        self.table = table
        return table
    }

    /// The rows the person opened, last one last.
    private(set) var opened: [String] = []

    /// The action of a row with a chevron: it pushes that setting's screen. A static row
    /// with an action highlights while pressed and is deselected when the finger lifts,
    /// as in Settings.
    private func open(_ title: String) -> () -> Void {
        { [weak self] in
            self?.opened.append(title)
            self?.navigationController?.pushViewController(SettingsDetailController(setting: title), animated: true)
        }
    }

    /// The Airplane Mode switch, and what it says.
    private(set) weak var airplaneSwitch: UISwitch?
    private(set) var airplaneMode = false

    /// What the alert and the action sheet chose, last one last.
    private(set) var choices: [String] = []

    /// An alert with a destructive action and a cancel action.
    private func confirmReset() {
        let alert = UIAlertController(title: "Reset All Settings?",
                                      message: "Your settings go back to how they were when Tabula was new.",
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { [weak self] _ in self?.choices.append("cancel") })
        alert.addAction(UIAlertAction(title: "Reset", style: .destructive) { [weak self] _ in self?.choices.append("reset") })
        present(alert, animated: true)
    }

    /// An action sheet of ways to share, with a cancel action apart.
    private func share() {
        let sheet = UIAlertController(title: "Share Settings", message: nil, preferredStyle: .actionSheet)
        for way in ["Message", "Mail", "Copy Link"] {
            sheet.addAction(UIAlertAction(title: way, style: .default) { [weak self] _ in self?.choices.append(way) })
        }
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel) { [weak self] _ in self?.choices.append("cancel") })
        present(sheet, animated: true)
    }

    /// A sheet with its own navigation bar and a Done button; swipe it down, or tap Done.
    private func presentAbout() {
        let about = AboutController(style: .insetGrouped)
        let navigation = UINavigationController(rootViewController: about)
        present(navigation, animated: true)
    }

    private func toggleSounds() {
        sounds.toggle()
        table?.cellForRow(at: IndexPath(row: 1, section: 1))?.accessoryType = sounds ? .checkmark : .none
    }
}

/// The screen a settings row opens: a few choices for that setting, one of them checked;
/// tapping another moves the check.
final class SettingsDetailController: UITableViewController {
    let setting: String
    let choices: [String]
    var checked = 0

    init(setting: String) {
        self.setting = setting
        switch setting {
        case "Wi-Fi": choices = ["Home", "Office", "Café Guest", "Library"]
        case "Bluetooth": choices = ["On", "Off"]
        case "Show Previews": choices = ["Always", "When Unlocked", "Never"]
        default: choices = ["Automatic", "Manual"]
        }
        super.init(style: .insetGrouped)
        title = setting
        navigationItem.largeTitleDisplayMode = .never
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { choices.count }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        setting == "Wi-Fi" ? "Networks" : nil
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "choice") ?? UITableViewCell(style: .default, reuseIdentifier: "choice")
        cell.textLabel?.text = choices[indexPath.row]
        cell.accessoryType = indexPath.row == checked ? .checkmark : .none
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let old = IndexPath(row: checked, section: 0)
        checked = indexPath.row
        tableView.cellForRow(at: old)?.accessoryType = .none
        tableView.cellForRow(at: indexPath)?.accessoryType = .checkmark
        tableView.deselectRow(at: indexPath, animated: true)
    }
}

/// The About sheet: a few facts and a Done button that dismisses it.
final class AboutController: UITableViewController {
    let facts = [("Version", "1.0"), ("Drawn with", "Cairo and Pango"), ("Windows by", "SDL2"), ("Runs on", "Linux")]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "About Tabula"
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { [weak self] _ in
            self?.dismiss(animated: true)
        })
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { facts.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "fact") ?? UITableViewCell(style: .value1, reuseIdentifier: "fact")
        cell.textLabel?.text = facts[indexPath.row].0
        cell.detailTextLabel?.text = facts[indexPath.row].1
        return cell
    }
}
