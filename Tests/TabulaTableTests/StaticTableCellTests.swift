import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A settings screen like the Showcase's: a switch as an accessory, a slider and a text
/// field added to content views, detail texts, and enough rows to scroll.
@MainActor
private final class Settings {
    var configured: [String: Int] = [:]
    weak var airplane: UISwitch?
    weak var slider: UISlider?
    weak var nameField: UITextField?

    func count(_ title: String) { configured[title, default: 0] += 1 }

    func makeTable() -> UITableView {
        UITableView(frame: .zero, style: .insetGrouped) {
            StaticSection {
                StaticRow("Airplane Mode", configure: { [self] cell in
                    count("Airplane Mode")
                    let toggle = UISwitch(frame: .zero)
                    cell.accessoryView = toggle
                    airplane = toggle
                })
                StaticRow("Wi-Fi", detail: "Home", accessoryType: .disclosureIndicator)
                StaticRow("Bluetooth", detail: "On", accessoryType: .disclosureIndicator)
            }
            StaticSection(header: "General") {
                for i in 1 ... 12 { StaticRow("Setting \(i)", detail: "Value \(i)") }
            }
            StaticSection(header: "Display & Name") {
                StaticRow("", configure: { [self] cell in
                    count("Brightness")
                    let slider = UISlider(frame: CGRect(x: 16, y: 0, width: 280, height: 44))
                    slider.value = 0.6
                    cell.contentView.addSubview(slider)
                    self.slider = slider
                })
                StaticRow("Name", configure: { [self] cell in
                    count("Name")
                    let field = UITextField(frame: CGRect(x: 110, y: 0, width: 200, height: 44))
                    field.text = "Tabula’s iPhone"
                    field.textAlignment = .right
                    field.addAction(UIAction { [weak field] _ in field?.resignFirstResponder() }, for: .editingDidEndOnExit)
                    cell.contentView.addSubview(field)
                    nameField = field
                })
            }
        }
    }
}

/// The controls somewhere inside `view`.
@MainActor
private func controls<T: UIView>(_ type: T.Type, in view: UIView) -> [T] {
    ((view as? T).map { [$0] } ?? []) + view.subviews.flatMap { controls(type, in: $0) }
}

@MainActor
@Suite("Static table cells")
struct StaticTableCellTests {
    /// Drags the content up (`up == true`: towards the end) in steps until it stops moving.
    private func scrollToEnd(_ screen: HeadlessScreen, _ table: UITableView, up: Bool) {
        for _ in 0 ..< 12 {
            let before = table.contentOffset.y
            let (a, b) = (CGPoint(x: 200, y: 500), CGPoint(x: 200, y: 150))
            screen.drag(from: up ? a : b, to: up ? b : a, duration: 0.2)
            screen.advance(by: 1.5)
            if table.contentOffset.y == before { break }
        }
    }

    /// Each cell on screen shows its own row: its title, its detail, and only its controls.
    private func checkRows(_ table: UITableView, _ settings: Settings, _ moment: String) {
        let sections = table.staticSections!
        for cell in table.visibleCells {
            guard let path = table.indexPath(for: cell) else {
                Issue.record("a visible cell shows no row (\(moment))")
                continue
            }
            let row = sections[path.section].rows[path.row]
            let what = "\(row.title.isEmpty ? "Brightness" : row.title) (\(moment))"
            #expect(cell.textLabel?.text == row.title, "\(what): title")
            #expect(cell.detailTextLabel?.text == row.detail, "\(what): detail")
            let switches = controls(UISwitch.self, in: cell), sliders = controls(UISlider.self, in: cell)
            let fields = controls(UITextField.self, in: cell)
            #expect(switches.count == (row.title == "Airplane Mode" ? 1 : 0), "\(what): \(switches.count) switches")
            #expect(sliders.count == (row.title.isEmpty ? 1 : 0), "\(what): \(sliders.count) sliders")
            #expect(fields.count == (row.title == "Name" ? 1 : 0), "\(what): \(fields.count) text fields")
        }
    }

    @Test("scrolled to the end and back, each static row shows its own title and controls, and what the person set stays")
    func rowsKeepTheirCells() throws {
        let settings = Settings()
        let table = settings.makeTable()
        let screen = showTable(table, size: CGSize(width: 390, height: 560))
        writeForLooking(screen.snapshot(), "static-settings-top")
        checkRows(table, settings, "first shown")
        // The person turns Airplane Mode on.
        let toggle = try #require(settings.airplane)
        screen.tap(at: toggle.convert(CGPoint(x: toggle.bounds.midX, y: toggle.bounds.midY), to: nil))
        screen.advance(by: 0.5)
        #expect(toggle.isOn)

        scrollToEnd(screen, table, up: true)
        writeForLooking(screen.snapshot(), "static-settings-bottom")
        checkRows(table, settings, "at the end")
        // The person types a new name.
        let field = try #require(settings.nameField)
        #expect(field.window != nil, "the Name row is on screen at the end")
        screen.tap(at: field.convert(CGPoint(x: field.bounds.maxX - 2, y: field.bounds.midY), to: nil))
        screen.advance(by: 0.5)
        screen.typeText(" Linux")
        screen.advance(by: 0.3)
        screen.typeText("\n")
        screen.advance(by: 0.6)
        #expect(field.text == "Tabula’s iPhone Linux")

        scrollToEnd(screen, table, up: false)
        writeForLooking(screen.snapshot(), "static-settings-back-at-top")
        checkRows(table, settings, "back at the top")
        let shown = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(controls(UISwitch.self, in: shown).first?.isOn == true, "Airplane Mode stays on")
        let wifi = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(wifi.detailTextLabel?.text == "Home")

        scrollToEnd(screen, table, up: true)
        checkRows(table, settings, "at the end again")
        let name = try #require(table.cellForRow(at: IndexPath(row: 1, section: 2)))
        #expect(controls(UITextField.self, in: name).first?.text == "Tabula’s iPhone Linux", "the typed name stays")
        #expect(settings.configured == ["Airplane Mode": 1, "Brightness": 1, "Name": 1],
                "configure runs once per row: \(settings.configured)")
    }

    @Test("a static row's cell and its state survive reloadData and a change of appearance")
    func cellsSurviveReloadAndTraits() throws {
        let settings = Settings()
        let table = settings.makeTable()
        let screen = showTable(table, size: CGSize(width: 390, height: 560))
        let toggle = try #require(settings.airplane)
        toggle.setOn(true, animated: false)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        table.reloadData()
        screen.advance(by: 0.1)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === cell, "the same cell after reloadData")
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.1)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === cell, "the same cell in dark appearance")
        #expect(toggle.isOn && controls(UISwitch.self, in: cell).first === toggle)
        #expect(settings.configured["Airplane Mode"] == 1)
        checkRows(table, settings, "after reload and dark")
    }
}
