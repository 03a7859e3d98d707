import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

// Subclasses written as UIKit code writes them, against the initializers Apple declares.
// Each compiles against UIKit unchanged; the tests check that they also work here.

/// A rounded button: UIKit's `init(type:)` is a convenience initializer, so a subclass that
/// overrides `init(frame:)` and `init(coder:)` inherits it and is made by `PillButton(type:)`.
@MainActor
private final class PillButton: UIButton {
    private(set) var setUpRan = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.cornerRadius = 8
        setUpRan = true
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

/// A refresh control that overrides UIKit's designated `init()`.
@MainActor
private final class BrandedRefreshControl: UIRefreshControl {
    override init() {
        super.init()
        tintColor = .systemRed
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

/// A spinner that overrides UIKit's designated `init(style:)` and its non-failable
/// `required init(coder:)`.
@MainActor
private final class AlwaysVisibleSpinner: UIActivityIndicatorView {
    override init(style: UIActivityIndicatorView.Style) {
        super.init(style: style)
        hidesWhenStopped = false
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        hidesWhenStopped = false
    }

    required init(coder: NSCoder) {
        super.init(coder: coder)
        hidesWhenStopped = false
    }
}

/// A window made by a scene delegate: UIKit's `init(windowScene:)` is designated.
@MainActor
private final class TintedWindow: UIWindow {
    override init(windowScene: UIWindowScene) {
        super.init(windowScene: windowScene)
        tintColor = .systemPurple
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

@MainActor
private func emptyCoder() throws -> NSCoder {
    let archive = try NSKeyedArchiver.archivedData(withRootObject: [String: String](), requiringSecureCoding: false)
    return try NSKeyedUnarchiver(forReadingFrom: archive)
}

/// Bar items and alert actions subclassed as UIKit code does: a designated initializer of
/// their own and the `required init?(coder:)` that NSCoding makes UIKit demand.
@MainActor
private final class FlagItem: UIBarButtonItem {
    let flag: String
    init(flag: String) {
        self.flag = flag
        super.init()
        title = flag
    }
    required init?(coder: NSCoder) {
        flag = ""
        super.init(coder: coder)
    }
}

@MainActor
private final class TaggedNavigationItem: UINavigationItem {
    let screenName: String
    init(screenName: String) {
        self.screenName = screenName
        super.init(title: screenName.capitalized)
    }
    required init?(coder: NSCoder) {
        screenName = ""
        super.init(coder: coder)
    }
}

@MainActor
private final class BadgeTabItem: UITabBarItem {
    override init() {
        super.init()
        badgeValue = "3"
    }
    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

/// Declares no initializer: it inherits `init(title:style:handler:)` and the required one.
@MainActor
private final class LoggedAlertAction: UIAlertAction {
    var logged = false
}

/// Overrides UIKit's designated `init()` of each: so it inherits their convenience
/// initializers, which then make this subclass.
@MainActor
private final class CountingBarItem: UIBarButtonItem {
    var made = 0
    override init() {
        super.init()
        made += 1
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

@MainActor
private final class CountingAlertAction: UIAlertAction {
    var made = 0
    override init() {
        super.init()
        made += 1
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

@Suite("Initializers as UIKit declares them")
@MainActor
struct InitializerAuditTests {
    @Test("UIButton(type:) is a convenience initializer: a subclass inherits it and its init(frame:) runs")
    func buttonTypeIsConvenience() {
        let button = PillButton(type: .system)
        #expect(button.buttonType == .system)
        #expect(button.setUpRan)
        #expect(button.layer.cornerRadius == 8)
        button.setTitle("Reply", for: .normal)
        #expect(button.title(for: .normal) == "Reply")

        // A symbol type still gets its symbol and the 44-point size.
        let add = PillButton(type: .contactAdd)
        #expect(add.buttonType == .contactAdd)
        #expect(add.bounds.size == CGSize(width: 44, height: 44))
        #expect(add.setUpRan)

        // Made with init(frame:), a button is .custom, as in UIKit.
        #expect(UIButton(frame: .zero).buttonType == .custom)
        #expect(UIButton(type: .close).buttonType == .close)
    }

    @Test("UIRefreshControl's init() is designated: a subclass overrides it and is pulled like any")
    func refreshControlInitIsDesignated() {
        let control = BrandedRefreshControl()
        #expect(control.tintColor == .systemRed)
        #expect(control.spinner.color == .systemRed)
        #expect(control.bounds.height == 60)

        let table = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        table.contentSize = CGSize(width: 320, height: 1000)
        table.refreshControl = control
        control.beginRefreshing()
        #expect(control.isRefreshing)
        control.endRefreshing()
        #expect(!control.isRefreshing)

        // init(frame:) is still there (inherited in UIKit, a convenience initializer here).
        let framed = UIRefreshControl(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        #expect(framed.bounds.width == 100)
        #expect(framed.spinner.superview === framed)
    }

    @Test("UIActivityIndicatorView: designated init(style:), non-failable init(coder:) making a usable spinner")
    func activityIndicatorInitializers() throws {
        let large = AlwaysVisibleSpinner(style: .large)
        #expect(large.bounds.size == CGSize(width: 37, height: 37))
        #expect(large.style == .large)
        #expect(!large.isHidden)

        let plain = UIActivityIndicatorView(style: .medium)
        #expect(plain.bounds.size == CGSize(width: 20, height: 20))
        #expect(plain.isHidden)

        // Non-optional, as UIKit declares it: a stopped medium spinner that works.
        let decoded: UIActivityIndicatorView = UIActivityIndicatorView(coder: try emptyCoder())
        #expect(decoded.style == .medium)
        #expect(decoded.bounds.size == CGSize(width: 20, height: 20))
        #expect(decoded.isHidden)
        decoded.startAnimating()
        #expect(decoded.isAnimating)
        #expect(!decoded.isHidden)

        let subclass = AlwaysVisibleSpinner(coder: try emptyCoder())
        #expect(!subclass.isHidden)
    }

    @Test("UIWindow's init(windowScene:) is designated: a subclass overrides it and fills the scene's screen")
    func windowSceneInitIsDesignated() {
        let screen = HeadlessScreen(size: CGSize(width: 390, height: 844))
        let window = TintedWindow(windowScene: screen.windowScene)
        #expect(window.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(window.tintColor == .systemPurple)
        let root = UIViewController()
        window.rootViewController = root
        screen.show(window)
        #expect(window.windowScene === screen.windowScene)
        #expect(root.view.window === window)
        #expect(root.view.tintColor == .systemPurple)
    }

    @Test("bar items, navigation items and alert actions take subclasses with UIKit's required init?(coder:), and they show")
    func barItemsAndActions() throws {
        let screen = HeadlessScreen(size: CGSize(width: 390, height: 844))
        let window = UIWindow(frame: .zero)
        let root = UIViewController()
        let navigation = UINavigationController(rootViewController: root)
        window.rootViewController = navigation
        screen.show(window)
        root.navigationItem.rightBarButtonItem = FlagItem(flag: "Flag")
        root.title = TaggedNavigationItem(screenName: "inbox").title
        screen.advance(by: 0.5)
        #expect(!screen.elements(labelled: "Flag").isEmpty, "the subclass's title is on the bar")
        #expect(!screen.elements(labelled: "Inbox").isEmpty)
        #expect(BadgeTabItem().badgeValue == "3")
        let alert = UIAlertController(title: "Delete?", message: nil, preferredStyle: .alert)
        alert.addAction(LoggedAlertAction(title: "Delete", style: .destructive))
        root.present(alert, animated: false)
        screen.advance(by: 0.5)
        #expect(!screen.elements(labelled: "Delete").isEmpty, "an action subclass made by the inherited initializer shows")
    }

    @Test("bar button items are bar items, and items and actions are NSObjects: equal by identity, found with firstIndex(of:)")
    func objectAncestry() {
        func titles(of items: [UIBarItem]) -> [String?] { items.map(\.title) }
        let save = UIBarButtonItem(title: "Save"), edit = UIBarButtonItem(title: "Edit")
        #expect(titles(of: [save, UITabBarItem(title: "Home", image: nil, tag: 1)]) == ["Save", "Home"])
        let items = [edit, save]
        #expect(items.firstIndex(of: save) == 1)
        #expect(Set([UINavigationItem(title: "A"), UINavigationItem(title: "A")]).count == 2, "identity, not title")
        let delete = UIAlertAction(title: "Delete", style: .destructive)
        #expect([UIAlertAction(title: "Delete", style: .destructive), delete].firstIndex(of: delete) == 1)
        #expect(save.description.hasPrefix("<UIBarButtonItem: 0x"))
    }

    @Test("the convenience initializers of bar button items and alert actions make the subclass, through its init()")
    func convenienceInitializersMakeSubclasses() {
        let add = CountingBarItem(systemItem: .add)
        #expect(add.made == 1)
        #expect(add.accessibilityLabel == nil && add.title == nil, "a system item draws its own symbol")
        let done = CountingBarItem(barButtonSystemItem: .done)
        #expect(done.style == .done)
        let titled = CountingBarItem(title: "Share")
        #expect(titled.made == 1 && titled.title == "Share")
        let action = CountingAlertAction(title: "OK", style: .cancel, handler: nil)
        #expect(action.made == 1)
        #expect(action.title == "OK" && action.style == .cancel)
        let bare = UIAlertAction()
        #expect(bare.title == nil && bare.style == .default)
    }

    @Test("UISearchController(nibName:bundle:) and UISearchController(), UIVisualEffectView(frame:) and UIVisualEffectView(), as UIKit inherits them")
    func inheritedInitializers() {
        let search = UISearchController(nibName: nil, bundle: nil)
        #expect(search.searchResultsController == nil)
        #expect(!UISearchController().obscuresBackgroundDuringPresentation, "made as init(searchResultsController: nil) makes one: undimmed, as since iOS 15")
        let blur = UIVisualEffectView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        #expect(blur.frame.size == CGSize(width: 100, height: 40))
        #expect(blur.effect == nil)
        #expect(blur.contentView.frame.size == CGSize(width: 100, height: 40), "the content view fills the frame given")
        #expect(UIVisualEffectView().effect == nil)
    }
}
