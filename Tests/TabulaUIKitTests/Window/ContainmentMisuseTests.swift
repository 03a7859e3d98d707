import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Navigation and presentation as careless code drives them: pushing a controller's own
/// container, pushing one that is already in another stack, replacing the window's root
/// while it presents. Each is refused or resolved with a report, and the stacks, the view
/// tree and the appearance callbacks stay consistent.
@MainActor
@Suite("Navigation and presentation misuse")
struct ContainmentMisuseTests {
    let screen = HeadlessScreen(size: CGSize(width: 390, height: 844))
    let log = CallbackLog()

    func capturingReports(_ body: () -> Void) -> [String] {
        var reports: [String] = []
        let saved = UIViewController.onInvalidUse
        UIViewController.onInvalidUse = { reports.append($0) }
        defer { UIViewController.onInvalidUse = saved }
        body()
        return reports
    }

    /// A container holding a navigation controller as its child, shown in a window.
    func containerWithNavigation() -> (container: UIViewController, nav: UINavigationController) {
        let container = UIViewController()
        let nav = UINavigationController(rootViewController: StackController("A", log: log))
        container.addChild(nav)
        container.view.addSubview(nav.view)
        nav.view.frame = container.view.bounds
        nav.didMove(toParent: container)
        let window = UIWindow(frame: .zero)
        window.rootViewController = container
        screen.show(window)
        screen.advance(by: 0.1)
        return (container, nav)
    }

    @Test("pushing the controller that contains the navigation controller is reported and changes nothing")
    func pushingOwnContainer() {
        let (container, nav) = containerWithNavigation()
        let reports = capturingReports {
            nav.pushViewController(container, animated: true)
            nav.setViewControllers([nav.viewControllers[0], container], animated: false)
        }
        screen.advance(by: 0.5)
        #expect(reports.count == 2)
        #expect(reports.allSatisfy { $0.contains("its own ancestor") })
        #expect(nav.viewControllers.count == 1)
        #expect(nav.parent === container && container.parent == nil)
        #expect(nav.view.isDescendant(of: container.view))
    }

    @Test("a controller whose view holds the navigation controller's view cannot be pushed onto it")
    func pushingViewAncestor() {
        let (container, nav) = containerWithNavigation()
        let wrapper = UIViewController()
        wrapper.view.addSubview(container.view)   // without containment: only the views nest
        let reports = capturingReports { nav.pushViewController(wrapper, animated: false) }
        #expect(reports.count == 1 && reports[0].contains("its own ancestor"))
        #expect(nav.viewControllers.count == 1)
    }

    @Test("a controller already in another navigation controller's stack is refused, in one stack only")
    func pushingIntoTwoStacks() {
        let shared = StackController("S", log: log)
        let first = UINavigationController(rootViewController: StackController("A", log: log))
        let second = UINavigationController(rootViewController: StackController("B", log: log))
        first.pushViewController(shared, animated: false)
        let reports = capturingReports {
            second.pushViewController(shared, animated: false)
            second.viewControllers = [second.viewControllers[0], shared]
        }
        #expect(reports.count == 2)
        #expect(reports.allSatisfy { $0.contains("another navigation controller") })
        #expect(first.viewControllers.last === shared && shared.navigationController === first)
        #expect(second.viewControllers.count == 1)
        // Popped from the first, it may join the second.
        first.popViewController(animated: false)
        let none = capturingReports { second.pushViewController(shared, animated: false) }
        #expect(none.isEmpty && second.viewControllers.last === shared && shared.navigationController === second)
    }

    @Test("a presented controller cannot be pushed until it is dismissed")
    func pushingPresented() {
        let (_, nav) = containerWithNavigation()
        let sheet = UIViewController()
        nav.present(sheet, animated: false)
        let reports = capturingReports { nav.pushViewController(sheet, animated: false) }
        #expect(reports.count == 1 && reports[0].contains("is presented"))
        #expect(nav.viewControllers.count == 1 && nav.presentedViewController === sheet)
    }

    @Test("replacing the window's root dismisses what the old root presents, with balanced callbacks")
    func replacingRootWhilePresenting() {
        let a = StackController("A", log: log)
        let window = UIWindow(frame: .zero)
        window.rootViewController = a
        screen.show(window)
        screen.advance(by: 0.1)
        let sheet = StackController("S", log: log)
        let alertOnSheet = StackController("T", log: log)
        a.present(sheet, animated: true)
        screen.advance(by: 1)
        sheet.present(alertOnSheet, animated: false)
        screen.advance(by: 0.1)
        log.entries = []
        let b = StackController("B", log: log)
        window.rootViewController = b
        screen.advance(by: 0.5)
        #expect(a.presentedViewController == nil && sheet.presentingViewController == nil)
        #expect(sheet.viewIfLoaded?.window == nil && alertOnSheet.viewIfLoaded?.window == nil,
                "nothing of the old root stays in the window")
        #expect(window.subviews.count == 1 && window.subviews.first === b.view)
        for name in ["S", "T", "A"] {
            #expect(log.entries.filter { $0 == "\(name).viewWillDisappear" }.count == 1, "\(name): \(log.entries)")
            #expect(log.entries.filter { $0 == "\(name).viewDidDisappear" }.count == 1, "\(name): \(log.entries)")
        }
        #expect(log.entries.contains("B.viewDidAppear"))
        // The new root can present at once.
        let next = UIViewController()
        let reports = capturingReports { b.present(next, animated: false) }
        #expect(reports.isEmpty && b.presentedViewController === next)
    }
}
