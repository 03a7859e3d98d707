import Tabula

/// A settings screen described as a static table — no data source code — in the
/// inset grouped style, with detail text, accessories and a row that toggles a checkmark.
final class SettingsScene: Scene {
    static let name = "settings"
    static let title = "Settings"
    static let summary = "A static settings screen in the inset grouped style"
    static let seed = "WWDC 2009, Perfecting Your iPhone Table Views (grouped tables, cell styles)"
    static let tryIt = "Tap “Sounds” to toggle its checkmark; press a row with a chevron to see it highlight."
    let controller = SettingsController()
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    func play(on screen: HeadlessScreen) {
        guard let table = controller.table else { return }
        screen.tap(at: centerOfRow(1, section: 1, in: table))
        screen.advance(by: 0.6)
        screen.tap(at: centerOfRow(1, section: 0, in: table))
        screen.advance(by: 0.8)
        if let bar = controller.navigationController?.navigationBar, let back = centerOfLabel("Settings", in: bar) {
            screen.tap(at: back)
        }
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
                StaticRow("Airplane Mode", detail: "Off")
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
