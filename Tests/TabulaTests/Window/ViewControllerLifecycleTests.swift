import Foundation
import Testing
@testable import TabulaUIKit
import TabulaTestSupport
@testable import TabulaTable

/// A view controller that writes each lifecycle callback, prefixed with its name, to a shared log.
@MainActor
final class LoggingController: UIViewController {
    let name: String
    let log: CallbackLog
    var logsLayout = false
    var forwardsAppearance = true
    /// Where the view was when `viewIsAppearing` ran: in a window, and its frame.
    var frameWhenAppearing: CGRect?

    init(_ name: String, log: CallbackLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    private func note(_ event: String) { log.entries.append("\(name).\(event)") }

    override var shouldAutomaticallyForwardAppearanceMethods: Bool { forwardsAppearance }
    override func viewDidLoad() { super.viewDidLoad(); note("viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); note("viewWillAppear") }
    override func viewIsAppearing(_ animated: Bool) {
        super.viewIsAppearing(animated)
        frameWhenAppearing = view.window == nil ? nil : view.frame
        note("viewIsAppearing")
    }
    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); note("viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); note("viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); note("viewDidDisappear") }
    override func viewWillLayoutSubviews() { if logsLayout { note("viewWillLayoutSubviews") } }
    override func viewDidLayoutSubviews() { if logsLayout { note("viewDidLayoutSubviews") } }
    override func willMove(toParent parent: UIViewController?) {
        note("willMove(toParent: \((parent as? LoggingController)?.name ?? "nil"))")
    }
    override func didMove(toParent parent: UIViewController?) {
        note("didMove(toParent: \((parent as? LoggingController)?.name ?? "nil"))")
    }
}

@Suite("UIViewController: appearance, containment, editing")
@MainActor
struct ViewControllerLifecycleTests {
    let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))

    /// A window on `screen` showing `root`.
    func show(_ root: UIViewController) -> UIWindow {
        let window = UIWindow(frame: .zero)
        window.rootViewController = root
        screen.show(window)
        return window
    }

    @Test("a window shows its root: viewDidLoad, viewWillAppear, viewIsAppearing (in the window, full size), layout, viewDidAppear")
    func rootAppears() {
        let log = CallbackLog()
        let root = LoggingController("A", log: log)
        root.logsLayout = true
        let window = UIWindow(frame: .zero)
        window.rootViewController = root
        #expect(log.entries == ["A.viewDidLoad"], "a window not shown yet shows nothing")
        screen.show(window)
        #expect(log.entries == ["A.viewDidLoad", "A.viewWillAppear", "A.viewIsAppearing",
                                "A.viewWillLayoutSubviews", "A.viewDidLayoutSubviews", "A.viewDidAppear"])
        #expect(root.frameWhenAppearing == CGRect(x: 0, y: 0, width: 320, height: 480))
        log.entries = []
        screen.advance(by: 0.1)
        #expect(!log.entries.contains { $0.hasSuffix("Appear") }, "appearing happens once")
    }

    @Test("replacing a shown root: old viewWillDisappear, new viewWillAppear, new viewIsAppearing, old viewDidDisappear, new viewDidAppear")
    func rootReplaced() {
        let log = CallbackLog()
        let window = show(LoggingController("A", log: log))
        log.entries = []
        let b = LoggingController("B", log: log)
        let old = window.rootViewController!
        window.rootViewController = b
        #expect(log.entries == ["B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "B.viewIsAppearing",
                                "A.viewDidDisappear", "B.viewDidAppear"])
        #expect(old.viewIfLoaded?.superview == nil && b.view.superview === window)
        log.entries = []
        window.rootViewController = nil
        #expect(log.entries == ["B.viewWillDisappear", "B.viewDidDisappear"])
    }

    @Test("a child added to a parent on screen: willMove, then the appearance callbacks as its view goes in, then didMove; removal mirrors it")
    func childAddedAndRemoved() {
        let log = CallbackLog()
        let parent = LoggingController("P", log: log)
        _ = show(parent)
        log.entries = []
        let child = LoggingController("C", log: log)
        parent.addChild(child)
        #expect(log.entries == ["C.willMove(toParent: P)"], "addChild calls willMove(toParent:) itself")
        child.view.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(log.entries == ["C.willMove(toParent: P)", "C.viewDidLoad", "C.viewWillAppear", "C.viewIsAppearing",
                                "C.viewDidAppear", "C.didMove(toParent: P)"])
        #expect(child.frameWhenAppearing == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(parent.children.count == 1 && parent.children[0] === child && child.parent === parent)

        log.entries = []
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(log.entries == ["C.willMove(toParent: nil)", "C.viewWillDisappear", "C.viewDidDisappear",
                                "C.didMove(toParent: nil)"], "removeFromParent calls didMove(toParent: nil) itself")
        #expect(parent.children.isEmpty && child.parent == nil)
    }

    @Test("a parent passes its appearance to the children in its view, each step after its own")
    func forwardedToChildren() {
        let log = CallbackLog()
        let parent = LoggingController("P", log: log)
        let child = LoggingController("C", log: log)
        let outside = LoggingController("X", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        parent.addChild(outside)   // a child whose view is not in the parent's view hears nothing
        log.entries = []
        let window = show(parent)
        #expect(log.entries == ["P.viewWillAppear", "C.viewWillAppear", "P.viewIsAppearing", "C.viewIsAppearing",
                                "P.viewDidAppear", "C.viewDidAppear"])
        log.entries = []
        window.rootViewController = LoggingController("B", log: log)
        #expect(log.entries == ["B.viewDidLoad", "P.viewWillDisappear", "C.viewWillDisappear", "B.viewWillAppear",
                                "B.viewIsAppearing", "P.viewDidDisappear", "C.viewDidDisappear", "B.viewDidAppear"])
    }

    @Test("without automatic forwarding, a container calls beginAppearanceTransition and endAppearanceTransition itself")
    func manualForwarding() {
        let log = CallbackLog()
        let parent = LoggingController("P", log: log)
        parent.forwardsAppearance = false
        let child = LoggingController("C", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        log.entries = []
        let window = show(parent)
        #expect(log.entries == ["P.viewWillAppear", "P.viewIsAppearing", "P.viewDidAppear"], "nothing forwarded")

        let second = LoggingController("D", log: log)
        parent.addChild(second)
        log.entries = []
        second.beginAppearanceTransition(true, animated: true)
        parent.view.addSubview(second.view)
        #expect(log.entries == ["D.viewDidLoad", "D.viewWillAppear"], "adding the view calls nothing more")
        second.endAppearanceTransition()
        second.didMove(toParent: parent)
        #expect(log.entries == ["D.viewDidLoad", "D.viewWillAppear", "D.viewIsAppearing", "D.viewDidAppear",
                                "D.didMove(toParent: P)"])
        second.endAppearanceTransition()
        #expect(log.entries.count == 5, "an unmatched end does nothing")

        log.entries = []
        window.rootViewController = nil
        #expect(log.entries == ["P.viewWillDisappear", "P.viewDidDisappear"])
    }

    @Test("tapping Edit puts the table of a table view controller into editing, with delete controls; Done takes it out")
    func editButtonTogglesTable() {
        final class Rows: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = "Row \(indexPath.row)"
                return cell
            }
        }
        let controller = Rows(style: .plain)
        controller.navigationItem.rightBarButtonItem = controller.editButtonItem
        _ = show(controller)
        let edit = controller.navigationItem.rightBarButtonItem!
        #expect(edit === controller.editButtonItem)
        #expect(edit.title == "Edit" && edit.style == .plain && !controller.isEditing)

        edit.perform()
        screen.advance(by: 0.5)
        #expect(controller.isEditing && controller.tableView.isEditing)
        #expect(edit.title == "Done" && edit.style == .done)
        let cell = controller.tableView.cellForRow(at: IndexPath(row: 0, section: 0))!
        #expect(cell.isEditing && cell.editingControlKind == .delete)
        #expect(cell.contentView.frame.minX == UITableViewCell.editingControlWidth, "the content made room for the control")

        edit.perform()
        screen.advance(by: 0.5)
        #expect(!controller.isEditing && !controller.tableView.isEditing)
        #expect(edit.title == "Edit" && edit.style == .plain)
        #expect(!cell.isEditing && cell.contentView.frame.minX == 0)

        controller.isEditing = true
        #expect(edit.title == "Done" && controller.tableView.isEditing, "setting isEditing goes through setEditing")
    }

    @Test("a plain view controller's edit button toggles isEditing through setEditing(_:animated: true)")
    func editButtonOnPlainController() {
        final class Editable: UIViewController {
            var calls: [(Bool, Bool)] = []
            override func setEditing(_ editing: Bool, animated: Bool) {
                super.setEditing(editing, animated: animated)
                calls.append((editing, animated))
            }
        }
        let controller = Editable()
        controller.editButtonItem.perform()
        controller.editButtonItem.perform()
        #expect(controller.calls.map(\.0) == [true, false] && controller.calls.allSatisfy(\.1))
        controller.editButtonItem.isEnabled = false
        controller.editButtonItem.perform()
        #expect(controller.calls.count == 2 && !controller.isEditing, "a disabled Edit button does nothing")
    }

    @Test("the navigation item is made on first use with the title, and follows later titles")
    func titleAndNavigationItem() {
        let controller = UIViewController()
        controller.title = "Plays"
        #expect(controller.navigationItem.title == "Plays")
        #expect(controller.navigationItem === controller.navigationItem)
        controller.title = "Acts"
        #expect(controller.navigationItem.title == "Acts")
        controller.navigationItem.title = "Scenes"
        #expect(controller.title == "Acts" && controller.navigationItem.title == "Scenes",
                "the item's own title does not change the controller's")
    }

    @Test("unregistered nib names are reported when the view loads; init(coder:) can be called through super; loadViewIfNeeded loads once")
    func initializers() {
        final class EmptyCoder: NSCoder {}
        final class FromCoder: UIViewController {
            var loads = 0
            override func viewDidLoad() { loads += 1 }
        }
        var reports: [String] = []
        let saved = UIViewController.onInvalidUse
        UIViewController.onInvalidUse = { reports.append($0) }
        defer { UIViewController.onInvalidUse = saved }

        let fromNib = UIViewController(nibName: "Main", bundle: nil)
        #expect(fromNib.nibName == "Main" && reports.isEmpty)
        // A nib no generated code registered is reported when the view loads, and the view
        // comes from loadView: a plain view, sized to a screen. (Which screen is
        // UIScreen.main's to say; tests running beside this one show screens of their own.)
        #expect(type(of: fromNib.view!) == UIView.self && !fromNib.view.frame.isEmpty, "the view comes from loadView")
        #expect(reports.count == 1 && reports[0].contains("\"Main\"") && reports[0].contains("no nib of that name is registered"), "\(reports)")
        _ = UIViewController(nibName: nil, bundle: nil)
        #expect(reports.count == 1)

        let decoded = FromCoder(coder: EmptyCoder())!
        #expect(!decoded.isViewLoaded)
        decoded.loadViewIfNeeded()
        decoded.loadViewIfNeeded()
        #expect(decoded.isViewLoaded && decoded.loads == 1)
        #expect(UITableViewController(coder: EmptyCoder())?.style == .plain)

        decoded.addChild(decoded)
        #expect(decoded.children.isEmpty && reports.count == 2, "a controller cannot be its own child")
    }

    @Test("the window takes the status bar style from its root, or the root's chosen child, when asked to update")
    func statusBarStyle() {
        final class Styled: UIViewController {
            var style = UIStatusBarStyle.lightContent
            var child: UIViewController?
            override var preferredStatusBarStyle: UIStatusBarStyle { style }
            override var childForStatusBarStyle: UIViewController? { child }
        }
        let controller = Styled()
        let window = show(controller)
        #expect(window.statusBarStyle == .lightContent)
        controller.style = .darkContent
        #expect(window.statusBarStyle == .lightContent, "read again only when asked")
        controller.setNeedsStatusBarAppearanceUpdate()
        #expect(window.statusBarStyle == .darkContent)
        let inner = Styled()
        inner.style = .default
        controller.child = inner
        controller.setNeedsStatusBarAppearanceUpdate()
        #expect(window.statusBarStyle == .default)
    }
}

@MainActor
@Suite("UIViewController: the default view")
struct DefaultViewTests {
    /// What `viewDidLoad` of a typical public controller does with the view's bounds.
    final class FillingController: UIViewController {
        let table = UITableView(frame: .zero, style: .plain)
        var boundsAtLoad = CGRect.zero
        override func viewDidLoad() {
            super.viewDidLoad()
            boundsAtLoad = view.bounds
            table.frame = view.bounds
            view.addSubview(table)
        }
    }

    @Test("the default view is as large as the screen in viewDidLoad, so `table.frame = view.bounds` fills it",
          arguments: [DeviceProfile.iPhone15, .iPhoneSE])
    func defaultViewFillsTheScreen(device: DeviceProfile) throws {
        let screen = HeadlessScreen(device: device)
        let window = UIWindow(frame: .zero)
        screen.show(window)
        let controller = FillingController()
        window.rootViewController = controller
        screen.advance(by: 0.1)
        #expect(controller.boundsAtLoad.size == screen.size)
        #expect(controller.table.frame.size == screen.size, "no white space right of and below the table")
        #expect(UITableViewController(style: .plain).view.bounds.size == screen.size)
    }
}
