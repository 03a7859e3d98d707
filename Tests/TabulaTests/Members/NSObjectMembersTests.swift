import Foundation
import Testing
@testable import TabulaUIKit
import TabulaTestSupport
@testable import TabulaTable

/// Notes, in its appearance callbacks, whether it is moving to or from its parent.
@MainActor
private final class MovingController: UIViewController {
    var log: [String] = []
    private func note(_ event: String) {
        log.append("\(event)\(isMovingToParent ? " to" : "")\(isMovingFromParent ? " from" : "")")
    }
    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); note("willAppear") }
    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); note("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); note("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); note("didDisappear") }
}

/// An alert subclass with no initializer of its own, as public code writes one.
@MainActor
private final class TaggedAlert: UIAlertController {
    var tag = 0
}

/// An image view subclass that overrides UIKit's designated `init(image:)`.
@MainActor
private final class AvatarView: UIImageView {
    override init(image: UIImage?) {
        super.init(image: image)
        layer.cornerRadius = 8
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// A stack subclass with UIKit's non-failable `required init(coder:)`.
@MainActor
private final class ToolbarStack: UIStackView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        axis = .vertical
    }
    required init(coder: NSCoder) {
        super.init(coder: coder)
        axis = .vertical
    }
}

/// A view that names its class in logs.
@MainActor
private final class NamedView: UIView {
    override class func description() -> String { "NamedView (custom)" }
}

/// A trait of the app's own, which Tabula's trait collections do not store.
private struct ThemeTrait: UITraitDefinition {
    static let defaultValue = 0
}

/// A plain image of `size` points at scale 1.
@MainActor
private func plainImage(_ size: CGSize) -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return UIGraphicsImageRenderer(size: size, format: format).image { _ in
        UIColor.systemBlue.setFill()
        UIRectFill(CGRect(origin: .zero, size: size))
    }
}

@Suite("UIKit's NSObject members and initializers")
@MainActor
struct NSObjectMembersTests {
    @Test("views and controllers are equal and hash by identity: Set, firstIndex(of:), dictionary keys")
    func identityEquality() {
        let a = UITextField(), b = UITextField()
        var handlers: [UITextField: String] = [a: "name"]
        handlers[b] = "email"
        #expect(handlers[a] == "name" && handlers[b] == "email")
        let views: Set<UIView> = [a, b, a]
        #expect(views.count == 2)
        let controllers = [UIViewController(), UITableViewController(style: .plain), UIViewController()]
        #expect(controllers.firstIndex(of: controllers[2]) == 2)
        #expect(a != b && a == a && a.isEqual(a) && !a.isEqual(b))
    }

    @Test("description names the class and address; a view adds its frame; class description() can be overridden")
    func descriptions() {
        let label = UILabel(frame: CGRect(x: 10, y: 20, width: 120, height: 20.5))
        let address = String(UInt(bitPattern: Unmanaged.passUnretained(label).toOpaque()), radix: 16)
        #expect(label.description.hasPrefix("<UILabel: 0x\(address)"))
        // On the main thread the frame follows (Swift Testing runs main-actor tests on another thread).
        #expect(UIView.describe(UILabel.self, address: 0xbeef, frame: label.frame) == "<UILabel: 0xbeef; frame = (10 20; 120 20.5)>")
        #expect(UIViewController().description.hasPrefix("<UIViewController: 0x"))
        #expect(UIView.description() == "UIView")
        #expect(NamedView.description() == "NamedView (custom)")
        #expect("\(label)" == label.description)
    }

    @Test("UIAlertController() is an empty action sheet, and a subclass inherits init(title:message:preferredStyle:)")
    func alertInitializers() {
        let plain = UIAlertController()
        #expect(plain.preferredStyle == .actionSheet && plain.title == nil && plain.actions.isEmpty)
        let tagged = TaggedAlert(title: "Rename", message: "A new name", preferredStyle: .alert)
        tagged.tag = 3
        #expect(tagged.preferredStyle == .alert && tagged.title == "Rename" && tagged.message == "A new name")
        #expect(tagged.modalPresentationStyle == .overFullScreen)
        tagged.addTextField()
        #expect(tagged.textFields?.count == 1, "an alert takes text fields")
    }

    @Test("UIImageView's init(image:) and init(image:highlightedImage:) are designated and size the view to the image")
    func imageViewInitializers() {
        let image = plainImage(CGSize(width: 30, height: 20))
        let avatar = AvatarView(image: image)
        #expect(avatar.frame.size == CGSize(width: 30, height: 20) && avatar.layer.cornerRadius == 8)
        #expect(avatar.image === image && !avatar.isUserInteractionEnabled)
        let both = UIImageView(image: image, highlightedImage: plainImage(CGSize(width: 5, height: 5)))
        #expect(both.frame.size == CGSize(width: 30, height: 20) && both.highlightedImage != nil)
    }

    @Test("UIStackView's required init(coder:) cannot fail, as UIKit declares it: a subclass calls it and gets an empty stack")
    func stackViewCoderInitializer() throws {
        let archive = try NSKeyedArchiver.archivedData(withRootObject: ["axis": 1], requiringSecureCoding: false)
        let stack = ToolbarStack(coder: try NSKeyedUnarchiver(forReadingFrom: archive))
        #expect(stack.axis == .vertical && stack.arrangedSubviews.isEmpty && stack.backgroundColor == nil)
    }

    @Test("isMovingToParent while a pushed controller appears, isMovingFromParent while a popped one disappears, neither for a cover")
    func movingToAndFromParent() {
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))
        let root = MovingController()
        let nav = UINavigationController(rootViewController: root)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        root.log.removeAll()
        let pushed = MovingController()
        nav.pushViewController(pushed, animated: true)
        screen.advance(by: 0.6)
        #expect(pushed.log == ["willAppear to", "didAppear to"])
        #expect(root.log == ["willDisappear", "didDisappear"], "covered, not removed")
        #expect(!pushed.isMovingToParent, "only until it has appeared")
        root.log.removeAll()
        nav.popViewController(animated: true)
        screen.advance(by: 0.6)
        #expect(pushed.log == ["willAppear to", "didAppear to", "willDisappear from", "didDisappear from"])
        #expect(root.log == ["willAppear", "didAppear"], "uncovered, not added")
        #expect(!pushed.isMovingFromParent)
    }

    @Test("a child added and removed by a container of one's own reports the move in its callbacks")
    func customContainer() {
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))
        let container = UIViewController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = container
        screen.show(window)
        let child = MovingController()
        container.addChild(child)
        container.view.addSubview(child.view)
        child.didMove(toParent: container)
        #expect(child.log == ["willAppear to", "didAppear to"])
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(child.log.suffix(2) == ["willDisappear from", "didDisappear from"])
        #expect(!child.isMovingFromParent && !child.isMovingToParent)
    }

    @Test("registerForTraitChanges calls the handler for the traits it names, with the previous traits, until unregistered")
    func traitChangeRegistration() {
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480), scale: 1)
        let controller = UIViewController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        controller.view.addSubview(view)
        screen.show(window)
        var styles: [String] = []
        var sizes: [UIContentSizeCategory] = []
        var controllerCalls = 0
        let registration = view.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (view: UIView, previous: UITraitCollection) in
            styles.append("\(previous.userInterfaceStyle.rawValue)→\(view.traitCollection.userInterfaceStyle.rawValue)")
        }
        view.registerForTraitChanges([UITraitPreferredContentSizeCategory.self, UITraitHorizontalSizeClass.self]) { (_: UIView, previous: UITraitCollection) in
            sizes.append(previous.preferredContentSizeCategory)
        }
        controller.registerForTraitChanges(UITraitCollection.systemTraitsAffectingColorAppearance) { (_: UIViewController, _: UITraitCollection) in
            controllerCalls += 1
        }
        screen.userInterfaceStyle = .dark
        #expect(styles == ["1→2"] && sizes.isEmpty && controllerCalls == 1)
        screen.preferredContentSizeCategory = .extraExtraLarge
        #expect(styles == ["1→2"] && sizes == [.large] && controllerCalls == 1)
        view.unregisterForTraitChanges(registration)
        screen.userInterfaceStyle = .light
        #expect(styles == ["1→2"], "unregistered")
        #expect(controllerCalls == 2)
    }

    @Test("a custom trait, an empty list and a handler for another class are reported, not trapped")
    func traitRegistrationMisuse() {
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480), scale: 1)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        let window = UIWindow(frame: .zero)
        window.rootViewController = UIViewController()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.rootViewController?.view.addSubview(view)
        screen.show(window)
        var calls = 0
        view.registerForTraitChanges([ThemeTrait.self]) { (_: UIView, _: UITraitCollection) in calls += 1 }
        view.registerForTraitChanges([]) { (_: UIView, _: UITraitCollection) in calls += 1 }
        view.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (_: UILabel, _: UITraitCollection) in calls += 1 }
        screen.userInterfaceStyle = .dark
        #expect(calls == 0)
        #expect(reports.count == 3)
        #expect(reports.first?.contains("ThemeTrait is a custom trait") == true)
        #expect(reports.last?.contains("the handler takes a UILabel, which UIView is not") == true)
    }
}
