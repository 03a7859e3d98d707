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
        screen.advance(by: 0.6)
    }
}

final class SettingsController: UIViewController {
    var table: UITableView?
    var sounds = true

    override func loadView() {
        view = makeTable()
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

    /// The action of a row with a chevron. A static row with an action highlights while
    /// pressed and is deselected when the finger lifts, as in Settings. It does not push
    /// a screen yet: that needs a navigation controller, which Tabula does not have yet.
    private func open(_ title: String) -> () -> Void {
        { [weak self] in self?.opened.append(title) }
    }

    private func toggleSounds() {
        sounds.toggle()
        table?.cellForRow(at: IndexPath(row: 1, section: 1))?.accessoryType = sounds ? .checkmark : .none
    }
}
