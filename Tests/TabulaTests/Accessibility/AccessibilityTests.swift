import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A view that draws two bars and describes them as two accessibility elements.
private final class ChartView: UIView {
    var tappedAt: [CGPoint] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        let left = UIAccessibilityElement(accessibilityContainer: self)
        left.accessibilityLabel = "January"
        left.accessibilityValue = "12"
        left.accessibilityFrameInContainerSpace = CGRect(x: 0, y: 0, width: frame.width / 2, height: frame.height)
        let right = UIAccessibilityElement(accessibilityContainer: self)
        right.accessibilityLabel = "February"
        right.accessibilityFrameInContainerSpace = CGRect(x: frame.width / 2, y: 0, width: frame.width / 2, height: frame.height)
        // Listed right to left on purpose: an explicit list keeps its own order.
        accessibilityElements = [right, left]
        addGestureRecognizer(UITapGestureRecognizer(target: { [weak self] recognizer in
            guard let self else { return }
            self.tappedAt.append(recognizer.location(in: self))
        }))
    }

    required init?(coder: NSCoder) { fatalError("not used") }
}

@MainActor
@Suite("Accessibility: defaults, reading order, and finding and tapping elements by label")
struct AccessibilityTests {
    let screen = HeadlessScreen(device: .iPhone15)

    func shownRoot() -> UIView {
        let window = UIWindow(frame: .zero)
        let root = UIViewController()
        window.rootViewController = root
        screen.show(window)
        root.view.backgroundColor = .white
        return root.view
    }

    func element(_ label: String) throws -> AccessibilityElement { try screen.element(labelled: label) }

    /// A table of `style` over `source`, filling the shown root, laid out.
    func showTable(_ source: UITableViewDataSource, style: UITableView.Style = .plain) {
        let root = shownRoot()
        let table = UITableView(frame: root.bounds, style: style)
        table.dataSource = source
        root.addSubview(table)
        screen.advance(by: 0.1)
    }

    @Test("labels, buttons, switches, sliders, steppers, segments and text fields read as on iOS")
    func defaults() throws {
        let root = shownRoot()
        let label = UILabel(frame: CGRect(x: 20, y: 100, width: 200, height: 30))
        label.text = "Hamlet"
        let button = UIButton(type: .system)
        button.setTitle("Play", for: .normal)
        button.frame = CGRect(x: 20, y: 140, width: 100, height: 44)
        let trash = UIButton(type: .system)
        trash.setImage(UIImage(systemName: "trash"), for: .normal)
        trash.frame = CGRect(x: 200, y: 140, width: 44, height: 44)
        let disabled = UIButton(type: .system)
        disabled.setTitle("Buy", for: .normal)
        disabled.isEnabled = false
        disabled.frame = CGRect(x: 300, y: 140, width: 60, height: 44)
        let toggle = UISwitch(frame: CGRect(x: 20, y: 200, width: 0, height: 0))
        toggle.isOn = true
        let slider = UISlider(frame: CGRect(x: 20, y: 250, width: 300, height: 30))
        slider.value = 0.25
        let stepper = UIStepper(frame: CGRect(x: 20, y: 300, width: 94, height: 32))
        stepper.value = 3
        let segments = UISegmentedControl(items: ["Day", "Week"])
        segments.frame = CGRect(x: 20, y: 350, width: 200, height: 32)
        segments.selectedSegmentIndex = 1
        let field = UITextField(frame: CGRect(x: 20, y: 400, width: 300, height: 34))
        field.placeholder = "Name"
        let search = UISearchBar(frame: CGRect(x: 0, y: 450, width: 393, height: 56))
        search.placeholder = "Search plays"
        let imageView = UIImageView(image: UIImage(systemName: "star"))
        imageView.frame = CGRect(x: 20, y: 520, width: 30, height: 30)
        [label, button, trash, disabled, toggle, slider, stepper, segments, field, search, imageView].forEach(root.addSubview)
        screen.advance(by: 0.1)

        let hamlet = try element("Hamlet")
        #expect(hamlet.traits == .staticText && hamlet.view === label)
        #expect(try element("Play").traits == .button)
        #expect(try element("trash").traits == .button, "an image-only button reads its symbol's name")
        #expect(try element("Buy").traits == [.button, .notEnabled])
        let switchElement = try #require(screen.switches.allElements.first)
        #expect(switchElement.value == "1" && switchElement.traits == .button)
        toggle.isOn = false
        #expect(switchElement.value == "0", "values are read when asked")
        let sliderElement = try #require(screen.adjustables.allElements.first)
        #expect(sliderElement.view === slider && sliderElement.value == "25%")
        #expect(try element("Increment").traits == .button && element("Decrement").value == "3")
        #expect(try element("Day").traits == .button)
        #expect(try element("Week").traits == [.button, .selected])
        let nameField = try element("Name")
        #expect(nameField.view === field && nameField.value == nil)
        field.text = "Ophelia"
        #expect(nameField.value == "Ophelia")
        #expect(try element("Search plays").traits == .searchField)
        #expect(screen.elements(withTraits: .image).isEmpty, "an image view is not an element by default")
        imageView.isAccessibilityElement = true
        #expect(try element("star").traits == .image)
    }

    @Test("a text view is one element whose value is its text, static text when it cannot be edited; its scrolled lines are not read apart (trial R)")
    func textViews() throws {
        let root = shownRoot()
        let notes = UITextView(frame: CGRect(x: 20, y: 100, width: 300, height: 120))
        notes.text = "Bought bread.\nWalked the dog."
        notes.accessibilityLabel = "Notes"
        let readOnly = UITextView(frame: CGRect(x: 20, y: 300, width: 300, height: 80))
        readOnly.text = "Terms of use"
        readOnly.isEditable = false
        [notes, readOnly].forEach(root.addSubview)
        screen.advance(by: 0.1)
        #expect(screen.textViews.count == 2)
        let editable = try screen.textViews["Notes"]
        #expect(editable.view === notes && editable.value == "Bought bread.\nWalked the dog." && editable.traits == [])
        let terms = try #require(screen.textViews.allElements.last)
        #expect(terms.view === readOnly && terms.value == "Terms of use" && terms.traits == .staticText)
        notes.text = ""
        #expect(editable.value == nil)
        #expect(screen.accessibilityElements.count == 2, "nothing inside a text view is an element of its own")
    }

    @Test("elements read top to bottom, then leading to trailing; hidden, transparent and off-screen views are left out")
    func readingOrderAndExclusion() throws {
        let root = shownRoot()
        func add(_ text: String, _ frame: CGRect, to parent: UIView? = nil) -> UILabel {
            let label = UILabel(frame: frame)
            label.text = text
            (parent ?? root).addSubview(label)
            return label
        }
        _ = add("Third", CGRect(x: 10, y: 300, width: 100, height: 30))
        _ = add("Second", CGRect(x: 200, y: 100, width: 100, height: 30))
        _ = add("First", CGRect(x: 10, y: 104, width: 100, height: 30))
        add("Hidden", CGRect(x: 10, y: 400, width: 100, height: 30)).isHidden = true
        add("Clear", CGRect(x: 10, y: 450, width: 100, height: 30)).alpha = 0
        _ = add("Off screen", CGRect(x: 500, y: 450, width: 100, height: 30))
        let quiet = UIView(frame: CGRect(x: 0, y: 500, width: 393, height: 100))
        quiet.accessibilityElementsHidden = true
        root.addSubview(quiet)
        _ = add("Hidden from VoiceOver", CGRect(x: 0, y: 0, width: 200, height: 30), to: quiet)
        let clip = UIView(frame: CGRect(x: 0, y: 650, width: 100, height: 50))
        clip.clipsToBounds = true
        root.addSubview(clip)
        _ = add("Clipped", CGRect(x: 0, y: 60, width: 100, height: 30), to: clip)
        screen.advance(by: 0.1)
        #expect(screen.accessibilityElements.map(\.label) == ["First", "Second", "Third"])

        let modal = UIView(frame: CGRect(x: 0, y: 600, width: 393, height: 40))
        modal.accessibilityViewIsModal = true
        root.addSubview(modal)
        _ = add("Only me", CGRect(x: 0, y: 0, width: 200, height: 30), to: modal)
        #expect(screen.accessibilityElements.map(\.label) == ["Only me"], "a modal view hides its siblings")
    }

    @Test("tapping a row by its label selects it, and the cell then reads as selected")
    func tapRowByLabel() throws {
        let source = InteractionSource([["Hamlet", "Macbeth", "Othello"]])
        var selected: [IndexPath] = []
        source.didSelect = { selected.append($0) }
        let root = shownRoot()
        let table = UITableView(frame: root.bounds, style: .plain)
        table.dataSource = source
        table.delegate = source
        root.addSubview(table)
        screen.advance(by: 0.1)
        #expect(screen.cells.labels == ["Hamlet", "Macbeth", "Othello"])
        try screen.cells["Macbeth"].tap()
        screen.advance(by: 0.1)
        #expect(selected == [IndexPath(row: 1, section: 0)], "the delegate saw didSelectRowAt")
        #expect(try element("Macbeth").traits.contains(.selected))
        #expect(try !element("Hamlet").traits.contains(.selected))
    }

    @Test("a cell combines its labels; section headers have the header trait")
    func cellAndHeader() throws {
        final class Source: UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
                cell.textLabel?.text = "Hamlet"
                cell.detailTextLabel?.text = "Tragedy"
                return cell
            }
            func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Plays" }
        }
        let source = Source()
        showTable(source)
        #expect(try element("Hamlet, Tragedy").view is UITableViewCell)
        #expect(screen.headers.labels.contains { $0?.localizedCaseInsensitiveContains("Plays") == true },
                "\(screen.accessibilityDescription)")
    }

    @Test("a row with a switch as its accessory reads as that switch, in one element, and a tap toggles it")
    func switchRow() throws {
        final class Source: UITableViewDataSource {
            let toggles = [UISwitch(), UISwitch()]
            var changes = 0
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = ["Wi-Fi", "Airplane Mode"][indexPath.row]
                let toggle = toggles[indexPath.row]
                toggle.addAction(UIAction { [weak self] _ in self?.changes += 1 }, for: .valueChanged)
                cell.accessoryView = toggle
                return cell
            }
        }
        let source = Source()
        source.toggles[1].isEnabled = false
        showTable(source, style: .insetGrouped)
        #expect(screen.switches.labels == ["Wi-Fi", "Airplane Mode"], "\(screen.accessibilityDescription)")
        let wifi = try element("Wi-Fi")
        #expect(wifi.view is UITableViewCell && wifi.value == "0" && wifi.traits == .button)
        #expect(screen.elements(labelled: "Airplane Mode").map(\.traits) == [[.button, .notEnabled]])
        #expect(!screen.accessibilityElements.contains { $0.view is UISwitch }, "the switch is read with its row, not twice")
        try screen.switches["Wi-Fi"].tap()
        screen.advance(by: 0.5)
        #expect(source.toggles[0].isOn && source.changes == 1, "the tap landed on the switch")
        #expect(wifi.value == "1")
    }

    @Test("a text field in a cell is reached by VoiceOver and typed into, in the content view or added to the cell itself")
    func textFieldInCell() throws {
        final class Source: UITableViewDataSource {
            let fields = [UITextField(), UITextField()]
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                let field = fields[indexPath.row]
                field.placeholder = ["First name", "Last name"][indexPath.row]
                field.frame = CGRect(x: 16, y: 4, width: 300, height: 36)
                // The second, as a lot of older code does, on the cell and not its content view.
                (indexPath.row == 0 ? cell.contentView : cell).addSubview(field)
                return cell
            }
        }
        let source = Source()
        showTable(source)
        #expect(screen.textFields.count == 2, "\(screen.accessibilityDescription)")
        try screen.textFields["Last name"].tap()
        screen.advance(by: 0.1)
        #expect(source.fields[1].isFirstResponder)
        screen.typeText("Lovelace")
        #expect(source.fields[1].text == "Lovelace")
    }

    @Test("a button in a cell is found and tapped by its title, as XCUITest's app.buttons finds it; a cell without controls stays one element")
    func buttonInCell() throws {
        final class Source: UITableViewDataSource {
            var added: [Int] = []
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
                cell.textLabel?.text = ["Burger", "Nuggets", "Plain row"][indexPath.row]
                cell.detailTextLabel?.text = "With fries"
                guard indexPath.row < 2 else { return cell }
                let button = UIButton(type: .system)
                button.setTitle("Add To Cart", for: .normal)
                button.frame = CGRect(x: 240, y: 8, width: 110, height: 30)
                button.addAction(UIAction { [weak self] _ in self?.added.append(indexPath.row) }, for: .touchUpInside)
                // The second on the cell itself, as some older code and nib cells do.
                (indexPath.row == 0 ? cell.contentView : cell).addSubview(button)
                return cell
            }
        }
        let source = Source()
        showTable(source)
        #expect(screen.buttons.labels.filter { $0 == "Add To Cart" }.count == 2, "\(screen.accessibilityDescription)")
        #expect(screen.elements(labelled: "Nuggets").first?.traits.contains(.staticText) == true,
                "the row's labels are read one by one beside its button")
        #expect(screen.cells.labels == ["Plain row, With fries"], "a cell without controls is still one element")
        let addButtons = screen.buttons.allElements.filter { $0.label == "Add To Cart" }
        try #require(addButtons.count == 2)
        addButtons[1].tap()
        screen.advance(by: 0.1)
        #expect(source.added == [1], "the tap landed on the second row's button")
    }

    @Test("a bar button is found and tapped by its label; the navigation title is a header")
    func barButtonByLabel() throws {
        let controller = UIViewController()
        controller.title = "Plays"
        var edits = 0
        controller.navigationItem.rightBarButtonItem = UIBarButtonItem(primaryAction: UIAction(title: "Edit") { _ in edits += 1 })
        let nav = UINavigationController(rootViewController: controller)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        #expect(screen.headers.labels == ["Plays"])
        try screen.buttons["Edit"].tap()
        #expect(edits == 1)
    }

    @Test("a bar button made from an action with only a symbol reads the symbol's name (the action's title is empty)")
    func symbolOnlyActionButton() throws {
        let controller = UIViewController()
        var added = 0
        controller.navigationItem.rightBarButtonItem = UIBarButtonItem(
            primaryAction: UIAction(image: UIImage(systemName: "plus")) { _ in added += 1 })
        let window = UIWindow(frame: .zero)
        window.rootViewController = UINavigationController(rootViewController: controller)
        screen.show(window)
        screen.advance(by: 0.1)
        #expect(screen.buttons.labels.contains("plus"), "\(screen.buttons.labels)")
        try screen.buttons["plus"].tap()
        #expect(added == 1)
        // XCUITest's other ways in: the first match, and by index.
        #expect(try screen.buttons.firstMatch.label == "plus")
        try screen.buttons.element(boundBy: 0).tap()
        #expect(added == 2)
        #expect(throws: AccessibilityQueryError.self) { try screen.buttons.element(boundBy: 5) }
        #expect(throws: AccessibilityQueryError.self) { try screen.buttons.element(boundBy: -1) }
        #expect(throws: AccessibilityQueryError.self) { try screen.switches.firstMatch }
    }

    @Test("an element found before the bar made new buttons (a push and a pop) no longer exists: its tap touches nothing and is reported; a new query finds the button shown now")
    func staleBarButtonIsNotTapped() throws {
        let menu = UIViewController()
        menu.title = "Menu"
        var opened: [String] = []
        let nav = UINavigationController(rootViewController: menu)
        menu.navigationItem.leftBarButtonItem = UIBarButtonItem(primaryAction: UIAction(title: "Side") { _ in
            opened.append("side")
            let side = UIViewController()
            side.title = "Side menu"
            nav.pushViewController(side, animated: false)
        })
        menu.navigationItem.rightBarButtonItem = UIBarButtonItem(primaryAction: UIAction(title: "Cart") { _ in opened.append("cart") })
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        screen.show(window)
        screen.advance(by: 0.1)
        let side = try screen.buttons["Side"], cart = try screen.buttons["Cart"]
        #expect(side.exists && cart.exists)
        side.tap()
        screen.advance(by: 0.5)
        nav.popViewController(animated: false)
        screen.advance(by: 0.5)
        #expect(opened == ["side"])
        // The bar made new buttons when the menu came back: the old element is not tapped
        // where it once was (where the new left button may be).
        #expect(!cart.exists)
        cart.tap()
        screen.advance(by: 0.5)
        #expect(opened == ["side"])
        #expect(reports.contains { $0.contains("\"Cart\"") && $0.contains("no longer on screen") })
        try screen.buttons["Cart"].tap()
        screen.advance(by: 0.5)
        #expect(opened.last == "cart")
        #expect(nav.viewControllers.count == 1)
    }

    @Test("an element whose view was removed or hidden no longer exists, and tapping it touches nothing there")
    func removedElementIsNotTapped() throws {
        let root = shownRoot()
        var taps: [String] = []
        let old = UIButton(type: .system)
        old.setTitle("Buy", for: .normal)
        old.frame = CGRect(x: 20, y: 200, width: 200, height: 44)
        old.addAction(UIAction { _ in taps.append("old") }, for: .touchUpInside)
        root.addSubview(old)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        screen.advance(by: 0.1)
        let buy = try screen.buttons["Buy"]
        #expect(buy.exists)
        old.isHidden = true
        #expect(!buy.exists)
        old.isHidden = false
        old.removeFromSuperview()
        // Another control now sits where the old one was.
        let other = UIButton(type: .system)
        other.setTitle("Delete", for: .normal)
        other.frame = old.frame
        other.addAction(UIAction { _ in taps.append("delete") }, for: .touchUpInside)
        root.addSubview(other)
        screen.advance(by: 0.1)
        #expect(!buy.exists)
        buy.tap()
        #expect(taps.isEmpty)
        #expect(reports.count == 1)
        #expect(reports.first?.contains("\"Buy\"") == true)
        // A chain of elements that contain each other ends: the element has no view.
        let a = UIAccessibilityElement(accessibilityContainer: root)
        let b = UIAccessibilityElement(accessibilityContainer: a)
        a.accessibilityContainer = b
        #expect(a.containerView == nil && b.containerView == nil)
    }

    @Test("an adjustable slider moves a tenth of its range per increment and sends valueChanged")
    func sliderIncrements() throws {
        let root = shownRoot()
        let slider = UISlider(frame: CGRect(x: 20, y: 200, width: 300, height: 30))
        slider.minimumValue = 0
        slider.maximumValue = 200
        slider.value = 100
        var changes: [Float] = []
        slider.addAction(UIAction { _ in changes.append(slider.value) }, for: .valueChanged)
        root.addSubview(slider)
        screen.advance(by: 0.1)
        let element = try #require(screen.elements(withTraits: .adjustable).first)
        #expect(element.value == "50%")
        element.increment()
        #expect(slider.value == 120 && element.value == "60%")
        element.decrement()
        element.decrement()
        #expect(slider.value == 80 && changes == [120, 100, 80])
        for _ in 0 ..< 20 { element.increment() }
        #expect(slider.value == 200, "clamped at the maximum")
    }

    @Test("custom elements from accessibilityElements keep their order and are tapped where they are")
    func customElements() throws {
        let root = shownRoot()
        let chart = ChartView(frame: CGRect(x: 0, y: 200, width: 200, height: 100))
        root.addSubview(chart)
        screen.advance(by: 0.1)
        #expect(screen.accessibilityElements.map(\.label) == ["February", "January"])
        let january = try element("January")
        #expect(january.frame == CGRect(x: 0, y: 200, width: 100, height: 100), "container space converted to the screen")
        #expect(january.value == "12" && january.accessibilityElement != nil)
        try element("February").tap()
        #expect(chart.tappedAt == [CGPoint(x: 150, y: 50)])
    }

    @Test("an alert is modal: only its title, message and actions are read, and an action is tapped by label")
    func alertElements() throws {
        let root = shownRoot()
        let label = UILabel(frame: CGRect(x: 20, y: 100, width: 200, height: 30))
        label.text = "Behind"
        root.addSubview(label)
        var chosen: [String] = []
        let alert = UIAlertController(title: "Delete Draft?", message: "This draft will be deleted.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { _ in chosen.append("delete") })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in chosen.append("cancel") })
        root.window?.rootViewController?.present(alert, animated: false)
        screen.advance(by: 0.1)
        #expect(screen.accessibilityElements.map(\.label) == ["Delete Draft?", "This draft will be deleted.", "Cancel", "Delete"])
        try screen.buttons["Delete"].tap()
        screen.advance(by: 0.5)
        #expect(chosen == ["delete"])
    }

    @Test("when nothing matches, the error lists what is on screen")
    func failureMessage() throws {
        let root = shownRoot()
        let label = UILabel(frame: CGRect(x: 20, y: 100, width: 200, height: 30))
        label.text = "Macbeth"
        label.accessibilityIdentifier = "title"
        root.addSubview(label)
        screen.advance(by: 0.1)
        var message = ""
        do {
            _ = try screen.element(labelled: "Hamlet")
            Issue.record("found an element that is not on screen")
        } catch let error as AccessibilityQueryError {
            message = error.description
        }
        #expect(message.hasPrefix("No accessibility element labelled \"Hamlet\" on screen."))
        #expect(message.contains("\"Macbeth\" [staticText] id \"title\" at (20, 100, 200, 30)"), "\(message)")
        #expect(throws: AccessibilityQueryError.self) { try screen.buttons["Macbeth"] }
        #expect(try screen.element(identifier: "title").label == "Macbeth")
        #expect(try screen.element(labelContaining: "macb").label == "Macbeth")
    }

    @Test("custom actions run by name; notifications posted are recorded; VoiceOver is off")
    func actionsAndNotifications() throws {
        let root = shownRoot()
        let label = UILabel(frame: CGRect(x: 20, y: 100, width: 200, height: 30))
        label.text = "Message"
        var flagged = false
        label.accessibilityCustomActions = [UIAccessibilityCustomAction(name: "Flag") { _ in flagged = true; return true }]
        root.addSubview(label)
        screen.advance(by: 0.1)
        #expect(try element("Message").performCustomAction(named: "Flag") && flagged)
        #expect(throws: AccessibilityQueryError.self) { try element("Message").performCustomAction(named: "Delete") }
        UIAccessibility.post(notification: .announcement, argument: "Saved")
        #expect(UIAccessibility.postedNotifications.last?.notification == .announcement)
        #expect(UIAccessibility.postedNotifications.last?.text == "Saved")
        #expect(screen.postedAccessibilityNotifications.last?.text == "Saved")
        #expect(!UIAccessibility.isVoiceOverRunning)
        // A second screen: a notification about a view goes to that view's screen.
        let other = HeadlessScreen(size: CGSize(width: 320, height: 480))
        let window = UIWindow(frame: .zero)
        window.rootViewController = UIViewController()
        other.show(window)
        UIAccessibility.post(notification: .layoutChanged, argument: label)
        #expect(screen.postedAccessibilityNotifications.last?.notification == .layoutChanged)
        #expect(other.postedAccessibilityNotifications.isEmpty, "the other screen heard nothing of it")
        UIAccessibility.post(notification: .announcement, argument: "Elsewhere")
        #expect(other.postedAccessibilityNotifications.map(\.text) == ["Elsewhere"], "text goes to the screen shown last")
    }

    @Test("progress views read a percentage; page controls and steppers step, and stop at their ends")
    func progressPagesAndSteppers() throws {
        let root = shownRoot()
        let progress = UIProgressView(frame: CGRect(x: 20, y: 100, width: 300, height: 4))
        progress.progress = 0.4
        let pages = UIPageControl(frame: CGRect(x: 20, y: 200, width: 300, height: 30))
        pages.numberOfPages = 3
        let stepper = UIStepper(frame: CGRect(x: 20, y: 300, width: 94, height: 32))
        stepper.maximumValue = 2
        [progress, pages, stepper].forEach(root.addSubview)
        screen.advance(by: 0.1)
        let elements = screen.accessibilityElements
        #expect(elements.first?.value == "40%" && elements.first?.traits == .updatesFrequently)
        let pageElement = try #require(screen.adjustables.allElements.first)
        #expect(pageElement.value == "page 1 of 3")
        pageElement.increment(); pageElement.increment(); pageElement.increment()
        #expect(pages.currentPage == 2 && pageElement.value == "page 3 of 3")
        #expect(try element("Decrement").traits == [.button, .notEnabled], "at the minimum")
        try element("Increment").tap()
        try element("Increment").tap()
        #expect(stepper.value == 2, "a real touch on the stepper's right half")
        #expect(try element("Increment").traits == [.button, .notEnabled], "at the maximum")
        let error = #expect(throws: AccessibilityQueryError.self) { try element("Decrement").performCustomAction(named: "Reset") }
        #expect(error?.description.contains("It offers none") == true)
    }
}
