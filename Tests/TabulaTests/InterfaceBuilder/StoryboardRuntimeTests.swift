import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

// A "Notes" storyboard, registered by hand in the shape `tabula-port` generates: a
// navigation controller (initial) around a table of notes with a prototype cell whose
// selection segue shows a note; a + button presenting a compose sheet with an unwind back.

@MainActor
final class NotesListController: UITableViewController {
    var notes = ["Groceries", "Call Ada", "Read WWDC 2011 notes"]
    var titleSeenInInit: String?
    var prepared: [(identifier: String?, destination: UIViewController, sender: Any?)] = []
    var allowShowNote = true
    var unwoundFrom: UIViewController?

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        titleSeenInInit = title   // UIKit decodes inside super.init(coder:)
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { notes.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Note", for: indexPath)
        cell.textLabel?.text = notes[indexPath.row]
        cell.detailTextLabel?.text = "Row \(indexPath.row)"
        return cell
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        identifier == "showNote" ? allowShowNote : true
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        prepared.append((segue.identifier, segue.destination, sender))
        if let note = segue.destination as? NoteController, let cell = sender as? UITableViewCell,
           let row = tableView.indexPath(for: cell)?.row {
            note.note = notes[row]
        }
    }

    func unwindToList(_ segue: UIStoryboardSegue) {
        unwoundFrom = segue.source
        if let compose = segue.source as? ComposeController, let text = compose.field?.text { notes.append(text) }
        tableView.reloadData()
    }
}

@MainActor
final class NoteController: UIViewController {
    var note = ""
    weak var titleLabel: UILabel!
    override func viewDidLoad() {
        super.viewDidLoad()
        titleLabel.text = note
    }
}

@MainActor
final class ComposeController: UIViewController {
    weak var field: UITextField?
    var awoken = false
    override func awakeFromNib() { awoken = true }
}

/// A label whose subclass code runs after `super.init(coder:)`.
@MainActor
final class BadgeLabel: UILabel {
    var textSeenInInit: String?
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        textSeenInInit = text
        layer.cornerRadius = 4
    }
    override init(frame: CGRect) { super.init(frame: frame) }
}

@MainActor
enum NotesStoryboard {
    static func register() {
        InterfaceBuilder.registerStoryboard(
            "Notes", initialScene: "nav",
            identifiers: ["List": "list", "Compose": "compose", "Note": "note"],
            scenes: ["nav": navigation, "list": list, "note": note, "compose": compose])
    }

    static func navigation(_ request: InterfaceBuilder.SceneRequest) -> UIViewController? {
        let coder = InterfaceBuilder.coder(for: UINavigationController.self) { _ in }
        guard let controller = request.make(UINavigationController.self, coder: coder, { UINavigationController(coder: $0) })
            as? UINavigationController else { return nil }
        controller.setViewControllers([InterfaceBuilder.instantiate(scene: "list", in: request.storyboard)].compactMap { $0 },
                                      animated: false)
        return controller
    }

    static func list(_ request: InterfaceBuilder.SceneRequest) -> UIViewController? {
        let coder = InterfaceBuilder.coder(for: UITableViewController.self, values: ["UITableViewStyle": UITableView.Style.insetGrouped]) { object in
            let controller = object as! UITableViewController
            controller.title = "Notes"
        }
        guard let controller = request.make(NotesListController.self, coder: coder, { NotesListController(coder: $0) })
            as? NotesListController else { return nil }
        let add = UIBarButtonItem(systemItem: .add)
        controller.navigationItem.rightBarButtonItem = add
        let showNote = InterfaceBuilder.addSegue(from: controller, identifier: "showNote", kind: .show) {
            InterfaceBuilder.instantiate(scene: "note", in: request.storyboard)
        }
        let compose = InterfaceBuilder.addSegue(from: controller, identifier: "compose",
                                                kind: .present(.formSheet, nil, animated: true)) {
            InterfaceBuilder.instantiate(scene: "compose", in: request.storyboard)
        }
        InterfaceBuilder.connect(compose, to: add)
        InterfaceBuilder.setViewLoader(of: controller) { _ in
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 393, height: 852), style: .insetGrouped)
            table.register(forCellReuseIdentifier: "Note") {
                let cell = UITableViewCell(style: .subtitle, reuseIdentifier: "Note")
                cell.accessoryType = .disclosureIndicator
                InterfaceBuilder.setSelectionSegue(showNote, of: cell)
                return cell
            }
            return table
        }
        return controller
    }

    static func note(_ request: InterfaceBuilder.SceneRequest) -> UIViewController? {
        let coder = InterfaceBuilder.coder(for: UIViewController.self) { object in
            (object as! UIViewController).title = "Note"
        }
        guard let controller = request.make(NoteController.self, coder: coder, { NoteController(coder: $0) })
            as? NoteController else { return nil }
        InterfaceBuilder.setViewLoader(of: controller) { _ in
            let view0 = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
            view0.backgroundColor = .systemBackground
            let labelCoder = InterfaceBuilder.coder(for: UILabel.self) { object in
                let label = object as! UILabel
                label.text = "Placeholder"
                label.font = .preferredFont(forTextStyle: .title1)
            }
            let label1 = InterfaceBuilder.make(BadgeLabel.self, coder: labelCoder, element: "Notes.storyboard:40 <label id=\"l1\">") {
                BadgeLabel(coder: $0)
            }
            if let label1 {
                label1.translatesAutoresizingMaskIntoConstraints = false
                view0.addSubview(label1)
                NSLayoutConstraint.activate([
                    NSLayoutConstraint(item: label1, attribute: .leading, relatedBy: .equal,
                                       toItem: view0.safeAreaLayoutGuide, attribute: .leading, multiplier: 1, constant: 20),
                    NSLayoutConstraint(item: label1, attribute: .top, relatedBy: .equal,
                                       toItem: view0.safeAreaLayoutGuide, attribute: .top, multiplier: 1, constant: 20),
                ])
                controller.titleLabel = label1
            }
            InterfaceBuilder.awake([view0, label1].compactMap { $0 })
            return view0
        }
        return controller
    }

    static func compose(_ request: InterfaceBuilder.SceneRequest) -> UIViewController? {
        let coder = InterfaceBuilder.coder(for: UIViewController.self) { _ in }
        guard let controller = request.make(ComposeController.self, coder: coder, { ComposeController(coder: $0) })
            as? ComposeController else { return nil }
        let done = InterfaceBuilder.addUnwindSegue(from: controller, identifier: "done", action: "unwindToList:") { candidate in
            if let target = candidate as? NotesListController { return { [unowned target] segue in target.unwindToList(segue) } }
            return nil
        }
        InterfaceBuilder.setViewLoader(of: controller) { _ in
            let view0 = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 600))
            view0.backgroundColor = .systemBackground
            let field1 = UITextField(frame: CGRect(x: 20, y: 80, width: 353, height: 34))
            field1.placeholder = "New note"
            view0.addSubview(field1)
            let button2 = UIButton(type: .system)
            button2.frame = CGRect(x: 20, y: 20, width: 80, height: 44)
            button2.setTitle("Done", for: .normal)
            view0.addSubview(button2)
            controller.field = field1
            InterfaceBuilder.connect(done, to: button2)
            InterfaceBuilder.awake([view0, field1, button2])
            return view0
        }
        InterfaceBuilder.awake([controller])
        return controller
    }
}

@MainActor
@Suite("Storyboards: scenes, outlets, segues and unwinds through the code tabula-port generates")
struct StoryboardRuntimeTests {
    let screen = HeadlessScreen(device: .iPhone15)

    init() { NotesStoryboard.register() }

    func captureReports() -> (() -> [String], () -> Void) {
        var reports: [String] = []
        let saved = UIViewController.onInvalidUse
        UIViewController.onInvalidUse = { reports.append($0) }
        return ({ reports }, { UIViewController.onInvalidUse = saved })
    }

    /// The storyboard's initial controller on the screen; returns the list.
    func showNotes() throws -> (UINavigationController, NotesListController) {
        let navigation = try #require(UIStoryboard(name: "Notes", bundle: nil).instantiateInitialViewController()
                                      as? UINavigationController)
        let list = try #require(navigation.topViewController as? NotesListController)
        let window = UIWindow(frame: .zero)
        window.rootViewController = navigation
        screen.show(window)
        screen.advance(by: 0.1)
        return (navigation, list)
    }

    @Test("the initial scene: a navigation controller whose root is the list, with the scene's title seen inside init(coder:)")
    func initialScene() throws {
        let (navigation, list) = try showNotes()
        #expect(navigation.viewControllers.count == 1)
        #expect(list.titleSeenInInit == "Notes")
        #expect(list.storyboard != nil && navigation.storyboard != nil)
        #expect(list.tableView.style == .insetGrouped)
        #expect(list.tableView.dataSource === list && list.tableView.delegate === list)
        let cell = try #require(list.tableView.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(cell.style == .subtitle && cell.reuseIdentifier == "Note" && cell.accessoryType == .disclosureIndicator)
        #expect(try screen.element(labelContaining: "Call Ada").frame.width > 0)
    }

    @Test("tapping a row runs shouldPerformSegue, prepare(for:sender:) with the cell, then pushes the note with its outlet connected")
    func selectionSegue() throws {
        let (navigation, list) = try showNotes()
        try screen.element(labelContaining: "Call Ada").tap()
        screen.advance(by: 0.7)
        let note = try #require(navigation.topViewController as? NoteController)
        #expect(list.prepared.count == 1)
        #expect(list.prepared.first?.identifier == "showNote")
        #expect(list.prepared.first?.destination === note)
        #expect((list.prepared.first?.sender as? UITableViewCell)?.textLabel?.text == "Call Ada")
        let label = try #require(note.titleLabel as? BadgeLabel)
        #expect(label.text == "Call Ada")
        #expect(label.textSeenInInit == "Placeholder")       // decoded before the subclass's init body
        #expect(label.layer.cornerRadius == 4)
        #expect(label.frame.minX == 20 && label.frame.minY >= note.view.safeAreaInsets.top + 20 - 0.5, "\(label.frame) \(note.view.safeAreaInsets) \(note.view.frame)")
        #expect(try screen.element(labelled: "Call Ada").frame.minY > 0)
    }

    @Test("shouldPerformSegue returning false stops a triggered segue; performSegue does not ask it")
    func shouldPerform() throws {
        let (navigation, list) = try showNotes()
        list.allowShowNote = false
        try screen.element(labelContaining: "Groceries").tap()
        screen.advance(by: 0.7)
        #expect(navigation.viewControllers.count == 1)
        #expect(list.prepared.isEmpty)
        list.performSegue(withIdentifier: "showNote", sender: nil)
        screen.advance(by: 0.7)
        #expect(navigation.topViewController is NoteController)
    }

    @Test("the + bar button presents the compose sheet; its Done button unwinds to the list, which gets the text")
    func presentAndUnwind() throws {
        let (_, list) = try showNotes()
        try screen.buttons["Add"].tap()
        screen.advance(by: 0.8)
        let compose = try #require(list.presentedViewController as? ComposeController)
        #expect(compose.modalPresentationStyle == .formSheet)
        #expect(compose.awoken)
        compose.field?.text = "Buy lemons"
        try screen.buttons["Done"].tap()
        screen.advance(by: 0.8)
        #expect(list.unwoundFrom === compose)
        #expect(list.presentedViewController == nil)
        #expect(list.notes.last == "Buy lemons")
        #expect(list.prepared.last?.identifier == "compose")
        #expect(try screen.element(labelContaining: "Buy lemons").frame.height > 0)
    }

    @Test("instantiateViewController(identifier:creator:) hands the creator the scene's coder")
    func creator() throws {
        let storyboard = UIStoryboard(name: "Notes", bundle: nil)
        var sawCoder = false
        let note: NoteController = storyboard.instantiateViewController(identifier: "Note") { coder in
            sawCoder = true
            let made = NoteController(coder: coder)
            made?.note = "From the creator"
            return made
        }
        #expect(sawCoder)
        #expect(note.title == "Note")
        note.loadViewIfNeeded()
        #expect(note.titleLabel.text == "From the creator")
        #expect(note.storyboard === storyboard)
    }

    @Test("an unknown storyboard, identifier or segue is reported with what there is; nothing traps")
    func mistakes() throws {
        let (reports, restore) = captureReports()
        defer { restore() }
        let missing = UIStoryboard(name: "Nope", bundle: nil)
        #expect(reports().last?.contains("no storyboard of that name is registered") == true)
        #expect(reports().last?.contains("\"Notes\"") == true)
        #expect(missing.instantiateInitialViewController() == nil)
        let notes = UIStoryboard(name: "Notes", bundle: nil)
        let plain = notes.instantiateViewController(withIdentifier: "Settings")
        #expect(type(of: plain) == UIViewController.self)
        #expect(reports().last?.contains("no view controller with the identifier \"Settings\"") == true)
        #expect(reports().last?.contains("\"Compose\", \"List\", \"Note\"") == true)
        let wrong: NoteController = notes.instantiateViewController(identifier: "Compose")
        #expect(reports().last?.contains("is a ComposeController, not a NoteController") == true)
        #expect(wrong.storyboard == nil)
        let (_, list) = try showNotes()
        list.performSegue(withIdentifier: "showNotes", sender: nil)
        #expect(reports().last?.contains("has no segue with the identifier \"showNotes\"") == true)
        #expect(reports().last?.contains("\"showNote\", \"compose\"") == true)
        let nib = UINib(nibName: "Missing", bundle: nil)
        #expect(nib.instantiate(withOwner: nil).isEmpty)
        #expect(Bundle.main.loadNibNamed("Missing", owner: nil) == nil)
    }

    @Test("an unwind no controller on the way back takes is reported and changes nothing")
    func strayUnwind() throws {
        let (reports, restore) = captureReports()
        defer { restore() }
        let compose = UIStoryboard(name: "Notes", bundle: nil).instantiateViewController(withIdentifier: "Compose")
        let window = UIWindow(frame: .zero)
        window.rootViewController = compose
        screen.show(window)
        screen.advance(by: 0.1)
        try screen.buttons["Done"].tap()
        #expect(reports().last?.contains("takes the unwind action unwindToList:") == true)
        #expect(window.rootViewController === compose)
    }

    @Test("init(coder:) with any coder but a storyboard's returns nil, as before")
    func foreignCoder() {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        #expect(UILabel(coder: archiver) == nil)
        #expect(UITableViewCell(coder: archiver) == nil)
        #expect(UIView(coder: archiver) == nil)
    }
}
