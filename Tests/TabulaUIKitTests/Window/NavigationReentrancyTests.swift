import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A screen that pushes the next one from its `viewDidLoad`, as a splash or a launch
/// router does.
@MainActor
private final class PushingOnLoad: UIViewController {
    let following: UIViewController
    let animated: Bool
    let log: CallbackLog
    init(next: UIViewController, animated: Bool, log: CallbackLog) {
        self.following = next
        self.animated = animated
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError("not used") }
    override func viewDidLoad() {
        super.viewDidLoad()
        log.entries.append("splash.viewDidLoad")
        navigationController?.pushViewController(following, animated: animated)
        log.entries.append("splash.viewDidLoad ends with \(navigationController?.viewControllers.count ?? 0) on the stack")
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        log.entries.append("splash.viewDidAppear")
    }
}

/// Pushes and pops asked for while the navigation controller is putting a view on screen
/// (from a `viewDidLoad`, an appearance callback, the delegate): each happens once that
/// view is in place, so the newest top is the one on screen, in front.
@Suite("UINavigationController: stack changes asked for while a view goes on screen")
@MainActor
struct NavigationReentrancyTests {
    let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))
    let log = CallbackLog()

    /// A navigation controller with `root`, shown in a window on `screen` for a moment.
    func shown(_ root: UIViewController) -> (UINavigationController, UIWindow) {
        let nav = UINavigationController(rootViewController: root)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        return (nav, window)
    }

    /// The view controller whose view a tap at the middle of the screen reaches.
    func controllerUnderTheMiddle(of window: UIWindow) -> UIViewController? {
        var view = window.hitTest(CGPoint(x: 160, y: 240), with: nil)
        while let v = view {
            if let controller = v.next as? UIViewController { return controller }
            view = v.superview
        }
        return nil
    }

    @Test("a root that pushes from viewDidLoad: the pushed screen is on top and appears; the root's view is not left over it")
    func splashPushesFromViewDidLoad() {
        let list = StackController("list", log: log)
        let splash = PushingOnLoad(next: list, animated: false, log: log)
        let (nav, window) = shown(splash)
        #expect(nav.viewControllers === [splash, list] && nav.topViewController === list)
        #expect(list.view.window === window && splash.viewIfLoaded?.superview == nil,
                "the root's view would otherwise sit in front of the list and hide it")
        #expect(controllerUnderTheMiddle(of: window) === list, "a tap reaches the list")
        #expect(log.entries.contains("list.viewDidAppear") && !log.entries.contains("splash.viewDidAppear"))
        #expect(log.entries.contains("splash.viewDidLoad ends with 1 on the stack"),
                "the push waits until the root's view is in place")
        #expect(nav.navigationBar.topItem === list.navigationItem && nav.navigationBar.backItem === splash.navigationItem)
    }

    @Test("a pushed screen that pushes another from viewDidLoad, animated: the last one ends on top, in front")
    func pushedScreenPushesAgain() {
        let root = StackController("A", log: log)
        let (nav, window) = shown(root)
        let last = StackController("C", log: log)
        let middle = PushingOnLoad(next: last, animated: true, log: log)
        nav.pushViewController(middle, animated: true)
        screen.advance(by: 1)
        #expect(nav.viewControllers === [root, middle, last])
        #expect(last.view.window === window && last.view.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(middle.viewIfLoaded?.superview == nil && root.view.superview == nil)
        #expect(controllerUnderTheMiddle(of: window) === last)
        #expect(log.entries.filter { $0 == "C.viewDidAppear" }.count == 1)
    }

    @Test("a push from the delegate's didShow happens after the transition that called it, and ends in front")
    func pushFromCallbacks() {
        final class PushOnShow: UINavigationControllerDelegate {
            var next: UIViewController?
            func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                                      animated: Bool) {
                guard let next else { return }
                self.next = nil
                navigationController.pushViewController(next, animated: false)
            }
        }
        let root = StackController("A", log: log)
        let (nav, window) = shown(root)
        let delegate = PushOnShow()
        let b = StackController("B", log: log), c = StackController("C", log: log)
        delegate.next = c
        nav.delegate = delegate
        nav.pushViewController(b, animated: false)
        screen.advance(by: 0.1)
        #expect(nav.viewControllers === [root, b, c])
        #expect(controllerUnderTheMiddle(of: window) === c && b.viewIfLoaded?.superview == nil)
    }
}
