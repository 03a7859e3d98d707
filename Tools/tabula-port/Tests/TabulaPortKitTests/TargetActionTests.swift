import Testing
@testable import TabulaPortKit

@Suite("Target–action")
struct TargetActionTests {
    @Test("A control's addTarget with #selector becomes addAction(UIAction), passing the sender with the method's type, and @objc goes")
    func controlWithSender() throws {
        let result = try ported("""
            final class SettingsController: UITableViewController {
                let toggle = UISwitch()
                override func viewDidLoad() {
                    toggle.addTarget(self, action: #selector(switchChanged(_:)), for: .valueChanged)
                }
                @objc func switchChanged(_ sender: UISwitch) {
                    print(sender.isOn)
                }
            }
            """)
        #expect(result.source.contains(
            "toggle.addAction(UIAction { [weak self] action in self?.switchChanged(action.sender as! UISwitch) }, for: .valueChanged)"))
        #expect(result.source.contains("    func switchChanged(_ sender: UISwitch) {"))
        #expect(!result.source.contains("@objc"))
        #expect(!result.source.contains("#selector"))
        #expect(result.manualItems.isEmpty)
    }

    @Test("UIKit's endEditing as a tap recognizer's action (tap anywhere to close the keyboard) becomes endEditing(true)")
    func endEditingAction() throws {
        let result = try ported("""
            final class SearchController: UIViewController {
                override func viewDidLoad() {
                    let tap = UITapGestureRecognizer(target: view, action: #selector(UIView.endEditing))
                    view.addGestureRecognizer(tap)
                    let other = UITapGestureRecognizer(target: self.view, action: #selector(UIView.endEditing(_:)))
                    view.addGestureRecognizer(other)
                }
            }
            """)
        #expect(result.source.contains("UITapGestureRecognizer(target: { [weak view] _ in view?.endEditing(true) })"),
                "\(result.source)")
        #expect(result.source.contains("[weak target = self.view] _ in target?.endEditing(true) }"), "\(result.source)")
        #expect(!result.source.contains("#selector"))
        #expect(result.manualItems.isEmpty, "\(result.manualItems.map(\.message))")
    }

    @Test("A method without parameters is called without the sender; Any and optional parameters get the right conversion")
    func senderConversions() throws {
        let result = try ported("""
            class C {
                func setUp() {
                    a.addTarget(self, action: #selector(plain), for: .touchUpInside)
                    b.addTarget(self, action: #selector(anything(_:)), for: .touchUpInside)
                    c.addTarget(self, action: #selector(maybe(sender:)), for: .touchUpInside)
                }
                @objc func plain() {}
                @objc func anything(_ sender: Any) {}
                @objc func maybe(sender: UIButton?) {}
            }
            """)
        #expect(result.source.contains("a.addAction(UIAction { [weak self] _ in self?.plain() }, for: .touchUpInside)"))
        #expect(result.source.contains("self?.anything(action.sender as Any)"))
        #expect(result.source.contains("self?.maybe(sender: action.sender as? UIButton)"))
    }

    @Test("A target other than self is captured weakly under its own name, or as `target` when it is an expression")
    func otherTargets() throws {
        let result = try ported("""
            class C {
                func setUp() {
                    button.addTarget(model, action: #selector(Model.refresh), for: .touchUpInside)
                    button.addTarget(self.model, action: #selector(Model.refresh), for: .primaryActionTriggered)
                }
            }
            class Model { @objc func refresh() {} }
            """)
        #expect(result.source.contains("UIAction { [weak model] _ in model?.refresh() }"))
        #expect(result.source.contains("UIAction { [weak target = self.model] _ in target?.refresh() }"))
    }

    @Test("A nil target (the responder chain) and a two-argument action are left, with reasons, and keep @objc")
    func leftForAPerson() throws {
        let result = try ported("""
            class C {
                func setUp() {
                    button.addTarget(nil, action: #selector(save), for: .touchUpInside)
                    button.addTarget(self, action: #selector(tapped(_:event:)), for: .touchUpInside)
                }
                @objc func save() {}
                @objc func tapped(_ sender: UIButton, event: UIEvent) {}
            }
            """)
        #expect(result.manualItems.count == 4)
        #expect(result.manualItems.map(\.line) == [3, 4, 6, 7])
        #expect(result.manualItems[0].message.contains("responder chain"))
        #expect(result.manualItems[1].message.contains("2 arguments"))
        #expect(result.source.contains("@objc func save()"))
        #expect(result.source.contains("#selector(save)"))
    }

    @Test("Bar button items with target and action become primaryAction forms; a .done style is kept")
    func barButtonItems() throws {
        let result = try ported("""
            class C: UIViewController {
                override func viewDidLoad() {
                    navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: self, action: #selector(add))
                    navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Sort", style: .plain, target: self, action: #selector(sort(_:)))
                    let done = UIBarButtonItem(title: "Done", style: .done, target: self, action: #selector(finish))
                    let gear = UIBarButtonItem(image: UIImage(systemName: "gear"), style: .plain, target: self, action: #selector(add))
                }
                @objc func add() {}
                @objc func sort(_ sender: UIBarButtonItem) {}
                @objc func finish() {}
            }
            """)
        #expect(result.source.contains(
            "UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [weak self] _ in self?.add() })"))
        #expect(result.source.contains(
            #"UIBarButtonItem(primaryAction: UIAction(title: "Sort") { [weak self] action in self?.sort(action.sender as! UIBarButtonItem) })"#))
        #expect(result.source.contains(
            #"let done = { let item = UIBarButtonItem(primaryAction: UIAction(title: "Done") { [weak self] _ in self?.finish() }); item.style = .done; return item }()"#))
        #expect(result.source.contains(#"UIBarButtonItem(primaryAction: UIAction(image: UIImage(systemName: "gear")) {"#))
        #expect(result.manualItems.isEmpty)
    }

    @Test("A bar button item's action declared to take a UIButton is left with a warning, not cast with as! (which would crash: the item sends itself)")
    func barButtonItemActionTakingAView() throws {
        let result = try ported("""
            class C: UIViewController {
                lazy var logout = UIBarButtonItem(title: "Logout", style: .plain, target: self, action: #selector(logoutTapped))
                lazy var maybe = UIBarButtonItem(title: "Maybe", style: .plain, target: self, action: #selector(maybeTapped))
                lazy var sort = UIBarButtonItem(title: "Sort", style: .plain, target: self, action: #selector(sortTapped))
                @objc func logoutTapped(sender: UIButton) {}
                @objc func maybeTapped(sender: UIButton?) {}
                @objc func sortTapped(_ sender: NSObject) {}
            }
            """)
        #expect(!result.source.contains("as! UIButton"))
        #expect(result.source.contains("#selector(logoutTapped)"))
        #expect(result.manualItems.map(\.line) == [2, 5], "\(result.manualItems.map(\.message))")
        #expect(result.manualItems.last?.message.contains("@objc kept on logoutTapped") == true)
        #expect(result.manualItems.first?.message.contains("UIBarButtonItem") == true)
        // An optional parameter gets nil, and a type the item is passes on as before.
        #expect(result.source.contains("self?.maybeTapped(sender: action.sender as? UIButton)"))
        #expect(result.source.contains("self?.sortTapped(action.sender as! NSObject)"))
    }

    @Test("A bar button item's title that is not a literal may be optional: the action's title is made a String either way")
    func barButtonTitleFromVariable() throws {
        let result = try ported("""
            class C: UIViewController {
                func item(_ title: String?, _ name: String) -> [UIBarButtonItem] {
                    [UIBarButtonItem(title: title, style: .plain, target: self, action: #selector(add)),
                     UIBarButtonItem(title: name.uppercased(), style: .plain, target: self, action: #selector(add))]
                }
                @objc func add() {}
            }
            """)
        #expect(result.source.contains(#"UIBarButtonItem(primaryAction: UIAction(title: (title as String?) ?? "") {"#))
        #expect(result.source.contains(#"UIBarButtonItem(primaryAction: UIAction(title: (name.uppercased() as String?) ?? "") {"#))
        #expect(result.manualItems.isEmpty)
    }

    @Test("Gesture recognizers get closure targets, cast to the method's recognizer type, and ask for the support file")
    func gestures() throws {
        let result = try ported("""
            class C: UIViewController {
                override func viewDidLoad() {
                    let tap = UITapGestureRecognizer(target: self, action: #selector(handleTap(_:)))
                    view.addGestureRecognizer(tap)
                    let press = UILongPressGestureRecognizer()
                    press.addTarget(self, action: #selector(pressed))
                }
                @objc func handleTap(_ recognizer: UITapGestureRecognizer) {}
                @objc func pressed() {}
            }
            """)
        #expect(result.source.contains(
            "UITapGestureRecognizer(target: { [weak self] recognizer in self?.handleTap(recognizer as! UITapGestureRecognizer) })"))
        #expect(result.source.contains("press.addTarget { [weak self] (_: UIGestureRecognizer) in self?.pressed() }"))
        #expect(result.needsSupportFile)
        #expect(SupportFile.contents.contains("convenience init(target action: @escaping @MainActor (UIGestureRecognizer) -> Void)"))
    }

    @Test("Timers, delayed performs and notification observers become their block forms")
    func blocks() throws {
        let result = try ported("""
            class C {
                func start() {
                    timer = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick(_:)), userInfo: nil, repeats: true)
                    perform(#selector(reload), with: nil, afterDelay: 0.5)
                    NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
                }
                @objc func tick(_ timer: Timer) {}
                @objc func reload() {}
                @objc func keyboardWillShow(_ notification: Notification) {}
            }
            """)
        #expect(result.source.contains(
            "timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] timer in nonisolated(unsafe) let timer = timer; MainActor.assumeIsolated { self?.tick(timer) } }"))
        #expect(result.source.contains(
            "DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in self?.reload() }"))
        #expect(result.source.contains(
            "NotificationCenter.default.addObserver(self, name: UIResponder.keyboardWillShowNotification, object: nil) { [weak self] notification in nonisolated(unsafe) let notification = notification; MainActor.assumeIsolated { self?.keyboardWillShow(notification) } }"))
        #expect(!result.source.contains("@objc"))
    }

    @Test("An observer method that takes an NSNotification is handed the notification bridged with as, not as!")
    func bridgedNotification() throws {
        let result = try ported("""
            class C {
                func start() {
                    NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow), name: UIResponder.keyboardWillShowNotification, object: nil)
                    NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillHide), name: UIResponder.keyboardWillHideNotification, object: nil)
                }
                @objc func keyboardWillShow(notification: NSNotification) {}
                @objc func keyboardWillHide(_ notification: NSNotification?) {}
            }
            """)
        // `as!` from Notification to NSNotification always succeeds, and Swift warns so (on
        // iOS too): a port built with warnings as errors would fail.
        #expect(result.source.contains("self?.keyboardWillShow(notification: notification as NSNotification)"))
        #expect(result.source.contains("self?.keyboardWillHide(notification as NSNotification)"))
        #expect(!result.source.contains("as! NSNotification"))
        #expect(!result.source.contains("as? NSNotification"))
    }

    @Test("A timer with userInfo and a selector outside known calls are listed with their lines, and the methods keep @objc")
    func unknownShapes() throws {
        let result = try ported("""
            class C {
                func start() {
                    Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick), userInfo: data, repeats: false)
                    let item = UIMenuItem(title: "Mail", action: #selector(mail))
                }
                @objc func tick() {}
                @objc func mail() {}
            }
            """)
        #expect(result.manualItems.map(\.line) == [3, 4, 6, 7])
        #expect(result.manualItems[0].message.contains("userInfo"))
        #expect(result.manualItems[1].message.contains("UIMenuItem(title:action:)"))
        #expect(result.source.contains("@objc func tick()"))
        #expect(result.source.contains("@objc func mail()"))
    }

    @Test("A bar button item's target and #selector action set as properties become one primary action that keeps the item's title; @objc goes")
    func barButtonProperties() throws {
        let result = try ported("""
            final class BoardController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let add = UIBarButtonItem(systemItem: .add)
                    add.target = self
                    add.action = #selector(showInsert)
                    navigationItem.setRightBarButton(add, animated: true)
                }
                @objc func showInsert() {}
            }
            """)
        #expect(result.source.contains("""
                    let add = UIBarButtonItem(systemItem: .add)
                    add.primaryAction = UIAction(title: add.title ?? "", image: add.image) { [weak self] _ in self?.showInsert() }
                    navigationItem.setRightBarButton(add, animated: true)
            """), "\(result.source)")
        #expect(!result.source.contains("add.target"))
        #expect(!result.source.contains("@objc"))
        #expect(result.manualItems.isEmpty)
    }

    @Test("An action set without a target in the same block is left for a person, and its @objc stays")
    func barButtonActionAlone() throws {
        let result = try ported("""
            final class C: UIViewController {
                func setUp(_ item: UIBarButtonItem) {
                    item.action = #selector(done)
                }
                @objc func done() {}
            }
            """)
        #expect(result.source.contains("item.action = #selector(done)"))
        #expect(!result.manualItems.isEmpty)
        #expect(result.source.contains("@objc"))
    }
}
