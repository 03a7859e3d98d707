import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A form: twenty rows, each a label and a text field, as a settings screen has them.
@MainActor
private final class FormController: UITableViewController {
    var fields: [UITextField] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        fields = (0 ..< 20).map { i in
            let field = UITextField(frame: CGRect(x: 120, y: 0, width: 250, height: 44))
            field.placeholder = "Value \(i)"
            return field
        }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { fields.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = "Row \(indexPath.row)"
        let field = fields[indexPath.row]
        field.frame = CGRect(x: 120, y: 0, width: 250, height: 44)
        cell.contentView.addSubview(field)
        return cell
    }
}

@MainActor
@Suite("Keyboard avoidance")
struct KeyboardAvoidanceTests {
    @Test("tapping a text field in a low row: the keyboard slides up and the table scrolls the row above it")
    func fieldInCellScrollsAboveKeyboard() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let form = FormController(style: .insetGrouped)
        let window = UIWindow(frame: .zero)
        window.rootViewController = UINavigationController(rootViewController: form)
        screen.show(window)
        screen.advance(by: 0.1)
        let table = form.tableView!
        let row = try #require(table.visibleCells.last { $0.frame.maxY < table.contentOffset.y + table.bounds.height - 40 })
        let index = try #require(table.indexPath(for: row))
        let field = form.fields[index.row]
        let point = field.convert(CGPoint(x: 60, y: 22), to: nil)
        #expect(point.y > 852 - 336, "the row starts where the keyboard will be: \(point.y)")
        screen.tap(at: point)
        #expect(field.isEditing)
        let frames = screen.record(fps: 20) { screen.advance(by: 0.5) }
        #expect(frames.count >= 9)
        let fieldBottom = field.convert(CGPoint(x: 0, y: field.bounds.maxY), to: nil).y
        let keyboard = try #require(screen.keyboardFrame)
        #expect(fieldBottom <= keyboard.minY, "the field (bottom \(fieldBottom)) is above the keyboard (\(keyboard.minY))")
        #expect(table.adjustedContentInset.bottom >= keyboard.height - 34 - 1)
        screen.typeText("typed")
        #expect(field.text == "typed")
        screen.advance(by: 0.05)
        writeForLooking(screen.snapshot(), "keyboard-avoidance")
    }

    @Test("a keyboard on one screen leaves a table controller on another alone, and its Did notification comes on time")
    func keyboardOnAnotherScreen() throws {
        // Two virtual devices, each with its own clock: the first shows a form, the second
        // a lone text field. The second's keyboard must not inset the first's table (its
        // frame is in the other screen's coordinates), nor wait for an animation it started
        // there, on a clock nobody advances.
        let formScreen = HeadlessScreen(device: .iPhone15)
        let form = FormController(style: .plain)
        let formWindow = UIWindow(frame: .zero)
        formWindow.rootViewController = form
        formScreen.show(formWindow)
        formScreen.advance(by: 0.1)
        let insetBefore = form.tableView.contentInset.bottom

        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 34))
        window.addSubview(field)
        screen.show(window)
        var didShow = 0
        let observer = NotificationCenter.default.addObserver(forName: UIResponder.keyboardDidShowNotification, object: nil,
                                                              queue: nil) { _ in MainActor.assumeIsolated { didShow += 1 } }
        defer { NotificationCenter.default.removeObserver(observer) }
        field.becomeFirstResponder()
        screen.advance(by: 0.3)
        #expect(screen.keyboardFrame != nil)
        #expect(didShow == 1, "keyboardDidShowNotification once the keyboard is up")
        #expect(form.tableView.contentInset.bottom == insetBefore, "the other screen's table is not inset")
        field.resignFirstResponder()
        screen.advance(by: 0.3)
        #expect(form.tableView.contentInset.bottom == insetBefore)
    }

    @Test("keyboardDismissMode .onDrag: a drag in the table ends editing and the keyboard goes down")
    func dismissOnDrag() {
        let screen = HeadlessScreen(device: .iPhone15)
        let form = FormController(style: .plain)
        let window = UIWindow(frame: .zero)
        window.rootViewController = form
        screen.show(window)
        form.tableView.keyboardDismissMode = .onDrag
        let field = form.fields[1]
        field.becomeFirstResponder()
        screen.advance(by: 0.3)
        #expect(screen.keyboardFrame != nil)
        screen.drag(from: CGPoint(x: 60, y: 400), to: CGPoint(x: 60, y: 300), duration: 0.3)
        #expect(!field.isEditing)
        #expect(screen.keyboardFrame == nil)
    }

    @Test("with the software keyboard off, as with a hardware keyboard, editing posts no keyboard notification")
    func hardwareKeyboard() {
        let screen = HeadlessScreen(device: .iPhone15)
        screen.showsSoftwareKeyboard = false
        let window = UIWindow(frame: .zero)
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 34))
        window.addSubview(field)
        screen.show(window)
        var shows = 0
        let observer = NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil,
                                                              queue: nil) { _ in MainActor.assumeIsolated { shows += 1 } }
        defer { NotificationCenter.default.removeObserver(observer) }
        field.becomeFirstResponder()
        screen.pressKey(.keyboardH, characters: "h")
        screen.pressKey(.keyboardI, characters: "i")
        #expect(field.text == "hi")
        #expect(shows == 0)
        #expect(screen.keyboardFrame == nil)
    }
}

@MainActor
@Suite("Controls in a table")
struct ControlsInTableTests {
    @Test("a sideways drag on a slider in a table moves the slider, not the table; a vertical one scrolls")
    func sliderInCell() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let controller = FormController(style: .plain)
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        let table = controller.tableView!
        let slider = UISlider(frame: CGRect(x: 16, y: 200, width: 361, height: 44))
        slider.value = 0.6
        table.addSubview(slider)
        let thumb = slider.convert(CGPoint(x: 14 + (slider.bounds.width - 28) * 0.6, y: slider.bounds.midY), to: nil)
        let offset = table.contentOffset
        screen.drag(from: thumb, to: CGPoint(x: thumb.x - 120, y: thumb.y), duration: 0.5)
        #expect(slider.value < 0.35, "the thumb followed the finger: \(slider.value)")
        #expect(table.contentOffset == offset)
        screen.drag(from: CGPoint(x: 100, y: thumb.y), to: CGPoint(x: 100, y: thumb.y - 200), duration: 0.3)
        #expect(table.contentOffset.y > offset.y + 100, "a vertical drag on the slider scrolls the table")
    }
}
