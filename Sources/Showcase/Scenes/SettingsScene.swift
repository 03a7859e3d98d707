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
        // The last section: drag the brightness down, then rename the phone.
        table.scrollToRow(at: IndexPath(row: 2, section: 4), at: .bottom, animated: true)
        screen.advance(by: 0.5)
        if let slider = controller.brightnessSlider {
            let from = slider.convert(CGPoint(x: slider.bounds.width * CGFloat(slider.value), y: slider.bounds.midY), to: nil)
            screen.drag(from: from, to: CGPoint(x: from.x - 120, y: from.y), duration: 0.5)
            screen.advance(by: 0.3)
        }
        if let field = controller.nameField {
            // A tap at the trailing end puts the caret after the name.
            screen.tap(at: field.convert(CGPoint(x: field.bounds.maxX - 2, y: field.bounds.midY), to: nil))
            screen.advance(by: 0.5)
            for _ in 0 ..< 6 {
                screen.typeText("\u{8}")
                screen.advance(by: 0.05)
            }
            for character in "Linux" {
                screen.typeText(String(character))
                screen.advance(by: 0.08)
            }
            screen.advance(by: 0.3)
            screen.typeText("\n")
            screen.advance(by: 0.6)
        }
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
        observeKeyboard()
    }

    private var keyboardObservers: [NSObjectProtocol] = []

    /// A table in a plain view controller avoids the keyboard itself, as a UIKit app
    /// does: the bottom inset grows by what the keyboard covers and the edited row
    /// scrolls into view (a `UITableViewController` would do this on its own).
    private func observeKeyboard() {
        let center = NotificationCenter.default
        keyboardObservers.append(center.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil,
                                                    queue: nil) { [weak self] note in
            let frame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue
            MainActor.assumeIsolated {
                guard let self, let table = self.table, let frame, table.window != nil else { return }
                let tableBottom = table.convert(CGPoint(x: 0, y: table.bounds.maxY), to: nil).y
                table.contentInset.bottom = max(0, tableBottom - frame.minY - table.safeAreaInsets.bottom)
                if let cell = table.visibleCells.first(where: { self.containsFirstResponder($0) }) {
                    table.scrollRectToVisible(cell.frame, animated: false)
                }
            }
        })
        keyboardObservers.append(center.addObserver(forName: UIResponder.keyboardWillHideNotification, object: nil,
                                                    queue: nil) { [weak self] _ in
            MainActor.assumeIsolated {
                guard let table = self?.table else { return }
                table.contentInset.bottom = 0
                // Inside the keyboard's animation: content past its new end slides back.
                let maxY = max(-table.adjustedContentInset.top,
                               table.contentSize.height + table.adjustedContentInset.bottom - table.bounds.height)
                if table.contentOffset.y > maxY { table.contentOffset.y = maxY }
            }
        })
    }

    private func containsFirstResponder(_ view: UIView) -> Bool {
        view.isFirstResponder || view.subviews.contains { containsFirstResponder($0) }
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
            StaticSection(header: "Display & Name", footer: "A slider, a switch and a text field, as the 2011 session's settings have them.") {
                StaticRow("", configure: { [weak self] cell in self?.addBrightnessSlider(to: cell) })
                StaticRow("Bold Text", configure: { [weak self] cell in
                    let toggle = UISwitch(frame: .zero)
                    toggle.addAction(UIAction { [weak self, weak toggle] _ in self?.boldText = toggle?.isOn ?? false },
                                     for: .valueChanged)
                    cell.accessoryView = toggle
                })
                StaticRow("Name", configure: { [weak self] cell in self?.addNameField(to: cell) })
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

    /// The brightness slider (0…1) and its value.
    private(set) weak var brightnessSlider: UISlider?
    private(set) var brightness: Float = 0.6
    private(set) var boldText = false
    /// The device name field, and the name once editing ends.
    private(set) weak var nameField: UITextField?
    private(set) var deviceName = "Tabula’s iPhone"

    private func addBrightnessSlider(to cell: UITableViewCell) {
        let slider = UISlider(frame: CGRect(x: 16, y: 0, width: 300, height: 44))
        slider.value = brightness
        slider.autoresizingMask = [.flexibleWidth]
        slider.addAction(UIAction { [weak self, weak slider] _ in self?.brightness = slider?.value ?? 0 }, for: .valueChanged)
        slider.frame = CGRect(x: 16, y: 0, width: max(100, cell.contentView.bounds.width - 32), height: 44)
        cell.contentView.addSubview(slider)
        brightnessSlider = slider
    }

    private func addNameField(to cell: UITableViewCell) {
        let field = UITextField(frame: CGRect(x: 110, y: 0, width: 200, height: 44))
        field.text = deviceName
        field.textAlignment = .right
        field.textColor = .secondaryLabel
        field.clearButtonMode = .whileEditing
        field.returnKeyType = .done
        field.autoresizingMask = [.flexibleWidth]
        field.addAction(UIAction { [weak self, weak field] _ in
            self?.deviceName = field?.text ?? ""
            field?.resignFirstResponder()
        }, for: .editingDidEndOnExit)
        cell.contentView.addSubview(field)
        nameField = field
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // The controls in the last section span the row's content, whatever its width.
        if let slider = brightnessSlider, let content = slider.superview {
            slider.frame = CGRect(x: 16, y: 0, width: max(0, content.bounds.width - 32), height: content.bounds.height)
        }
        if let field = nameField, let content = field.superview {
            field.frame = CGRect(x: 100, y: 0, width: max(0, content.bounds.width - 116), height: content.bounds.height)
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
