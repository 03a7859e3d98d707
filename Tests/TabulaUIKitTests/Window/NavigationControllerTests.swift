import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

@MainActor
final class NavigationDelegateLog: UINavigationControllerDelegate {
    let log: CallbackLog
    init(_ log: CallbackLog) { self.log = log }
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController,
                              animated: Bool) {
        log.entries.append("willShow \((viewController as? StackController)?.name ?? "?")")
    }
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                              animated: Bool) {
        log.entries.append("didShow \((viewController as? StackController)?.name ?? "?")")
    }
}

@Suite("UINavigationController: stack, containment, appearance order, slide, bar")
@MainActor
struct NavigationControllerTests {
    let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))
    let log = CallbackLog()

    /// A navigation controller with root A, shown in a window on `screen`; the log starts empty.
    func shownNavigation() -> (UINavigationController, StackController) {
        let root = StackController("A", log: log)
        let nav = UINavigationController(rootViewController: root)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        log.entries = []
        return (nav, root)
    }

    func capturingReports(_ body: () -> Void) -> [String] {
        var reports: [String] = []
        let saved = UIViewController.onInvalidUse
        UIViewController.onInvalidUse = { reports.append($0) }
        defer { UIViewController.onInvalidUse = saved }
        body()
        return reports
    }

    @Test("init(rootViewController:) makes the root a child; navigationController is the nearest navigation ancestor")
    func rootIsChild() {
        let root = StackController("A", log: log)
        let nav = UINavigationController(rootViewController: root)
        #expect(log.entries == ["A.willMove(nav)", "A.didMove(nav)"])
        #expect(nav.viewControllers === [root] && nav.children === [root])
        #expect(nav.topViewController === root && nav.visibleViewController === root)
        #expect(root.navigationController === nav)
        let grandchild = UIViewController()
        root.addChild(grandchild)
        #expect(grandchild.navigationController === nav)
        #expect(nav.navigationController == nil)
        #expect(UIViewController().navigationController == nil)
    }

    @Test("shown in a window: the root appears with it, under a 44-point bar that its safe area leaves out")
    func rootAppearsBelowBar() {
        let root = StackController("A", log: log)
        let nav = UINavigationController(rootViewController: root)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        #expect(log.entries == ["A.willMove(nav)", "A.didMove(nav)", "A.viewDidLoad"],
                "the window loads the navigation controller's view, and with it the root's")
        log.entries = []
        screen.show(window)
        #expect(log.entries == ["A.viewWillAppear", "A.viewIsAppearing", "A.viewDidAppear"])
        #expect(nav.navigationBar.frame == CGRect(x: 0, y: 0, width: 320, height: 44))
        #expect(root.view.frame == CGRect(x: 0, y: 0, width: 320, height: 480), "under the bar")
        #expect(root.view.safeAreaInsets.top == 44, "the bar is in the safe area")
        #expect(nav.navigationBar.topItem === root.navigationItem)
    }

    @Test("push, animated: willMove, viewDidLoad, A disappears as B appears; the did-callbacks and didMove after the slide")
    func pushOrder() {
        let (nav, root) = shownNavigation()
        let pushed = StackController("B", log: log)
        nav.pushViewController(pushed, animated: true)
        #expect(log.entries == ["B.willMove(nav)", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear",
                                "B.viewIsAppearing"])
        #expect(nav.viewControllers === [root, pushed] && nav.topViewController === pushed)
        log.entries = []
        screen.advance(by: 0.2)
        #expect(log.entries.isEmpty, "nothing ends before the slide does")
        screen.advance(by: 0.3)
        #expect(log.entries == ["A.viewDidDisappear", "B.viewDidAppear", "B.didMove(nav)"])
        #expect(root.view.superview == nil, "the covered view leaves the hierarchy")
        #expect(pushed.view.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
    }

    @Test("pop, animated: willMove(nil) first, B disappears as A appears; didMove(nil) last; returns B")
    func popOrder() {
        let (nav, root) = shownNavigation()
        let pushed = StackController("B", log: log)
        nav.pushViewController(pushed, animated: false)
        log.entries = []
        let popped = nav.popViewController(animated: true)
        #expect(popped === pushed)
        #expect(log.entries == ["B.willMove(nil)", "B.viewWillDisappear", "A.viewWillAppear", "A.viewIsAppearing"])
        log.entries = []
        screen.advance(by: 0.5)
        #expect(log.entries == ["B.viewDidDisappear", "A.viewDidAppear", "B.didMove(nil)"])
        #expect(nav.viewControllers === [root] && nav.children === [root])
        #expect(pushed.view.superview == nil && pushed.parent == nil)
    }

    @Test("push without animation: everything happens at once")
    func pushUnanimated() {
        let (nav, _) = shownNavigation()
        nav.pushViewController(StackController("B", log: log), animated: false)
        #expect(log.entries == ["B.willMove(nav)", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear",
                                "B.viewIsAppearing", "A.viewDidDisappear", "B.viewDidAppear", "B.didMove(nav)"])
    }

    @Test("off screen, a push makes a child and nothing appears; the new top appears when the window shows")
    func pushOffScreen() {
        let root = StackController("A", log: log)
        let nav = UINavigationController(rootViewController: root)
        let pushed = StackController("B", log: log)
        log.entries = []
        nav.pushViewController(pushed, animated: true)
        #expect(log.entries == ["B.willMove(nav)", "B.didMove(nav)"], "no view is loaded, nothing animates")
        #expect(nav.topViewController === pushed && !pushed.isViewLoaded)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        log.entries = []
        screen.show(window)
        #expect(log.entries == ["B.viewWillAppear", "B.viewIsAppearing", "B.viewDidAppear"],
                "B's view loaded when the window took the navigation controller")
        #expect(!root.isViewLoaded, "a controller under the top loads its view only when shown")
        #expect(pushed.view.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
    }

    @Test("the delegate hears willShow before the appearance callbacks and didShow after them")
    func delegateOrder() {
        let (nav, _) = shownNavigation()
        let delegate = NavigationDelegateLog(log)
        nav.delegate = delegate
        nav.pushViewController(StackController("B", log: log), animated: true)
        #expect(log.entries.prefix(3) == ["B.willMove(nav)", "B.viewDidLoad", "willShow B"])
        screen.advance(by: 0.5)
        #expect(log.entries.last == "didShow B")
    }

    @Test("mid-push the new view slides in from the right edge, ahead of linear (ease-out), the old one a third left")
    func pushSlides() {
        let (nav, root) = shownNavigation()
        let pushed = StackController("B", log: log)
        nav.pushViewController(pushed, animated: true)
        screen.advance(by: 0)
        let startNew = pushed.view.layer.presentation()!.position.x - 160
        #expect(startNew > 300, "the new view starts at the right edge (at \(startNew))")
        screen.advance(by: 0.175)
        let newX = pushed.view.layer.presentation()!.position.x - 160
        let oldX = root.view.layer.presentation()!.position.x - 160
        #expect(newX > 0 && newX < 160, "half the time, more than half the way (ease-out): \(newX)")
        #expect(oldX < -320.0 / 6 && oldX > -320.0 / 3, "the old view is on its way a third left: \(oldX)")
        #expect(approx(oldX / (newX - 320), 1.0 / 3, 0.02), "both move on the same curve")
        let shadow = nav.view.subviews.first { $0 is EdgeShadowView }
        #expect(shadow.map { approx($0.layer.presentation()!.frame.maxX, newX, 0.5) } == true,
                "a shadow runs along the new view's left edge")
        screen.advance(by: 0.3)
        #expect(!nav.view.subviews.contains { $0 is EdgeShadowView })
        #expect(pushed.view.layer.presentation()!.position.x == 160)
    }

    @Test("mid-pop the top view slides back out to the right while the one under comes back from a third left")
    func popSlides() {
        let (nav, root) = shownNavigation()
        let pushed = StackController("B", log: log)
        nav.pushViewController(pushed, animated: false)
        nav.popViewController(animated: true)
        screen.advance(by: 0.175)
        let topX = pushed.view.layer.presentation()!.position.x - 160
        let underX = root.view.layer.presentation()!.position.x - 160
        #expect(topX > 160 && topX < 320, "\(topX)")
        #expect(underX > -320.0 / 6 && underX < 0, "\(underX)")
        #expect(pushed.view.superview != nil, "the popped view stays until the slide ends")
        screen.advance(by: 0.3)
        #expect(pushed.view.superview == nil)
        #expect(root.view.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
    }

    @Test("bad input is reported with UIKit's wording and changes nothing")
    func badInput() {
        let (nav, root) = shownNavigation()
        let pushed = StackController("B", log: log)
        nav.pushViewController(pushed, animated: false)
        log.entries = []
        var popped: UIViewController?
        let reports = capturingReports {
            nav.pushViewController(pushed, animated: true)
            nav.pushViewController(root, animated: true)
            nav.pushViewController(UINavigationController(), animated: true)
            nav.popToViewController(StackController("X", log: CallbackLog()), animated: true)
            nav.setViewControllers([root, root], animated: false)
            nav.popViewController(animated: false)
            popped = nav.popViewController(animated: false)
        }
        #expect(reports.count == 6)
        #expect(reports[0].contains("Pushing the same view controller instance more than once is not supported"))
        #expect(reports[1].contains("Pushing the same view controller instance more than once is not supported"))
        #expect(reports[2].contains("Pushing a navigation controller is not supported"))
        #expect(reports[3].contains("Tried to pop to a view controller that doesn't exist"))
        #expect(reports[5].contains("root"))
        #expect(popped == nil)
        #expect(nav.viewControllers === [root])
    }

    @Test("popToRoot and popToViewController return what they pop; setViewControllers replaces the stack")
    func popToAndSet() {
        let (nav, root) = shownNavigation()
        let b = StackController("B", log: log), c = StackController("C", log: log), d = StackController("D", log: log)
        nav.setViewControllers([root, b, c, d], animated: false)
        #expect(nav.children === [root, b, c, d] && nav.topViewController === d)
        #expect(d.view.superview === nav.view && root.view.superview == nil)
        #expect(nav.popToViewController(b, animated: false) === [c, d])
        #expect(nav.popToViewController(b, animated: false) === [])
        #expect(nav.popToRootViewController(animated: true) === [b])
        screen.advance(by: 0.5)
        #expect(nav.viewControllers === [root] && root.view.superview === nav.view && b.view.superview == nil)
        #expect(nav.popToRootViewController(animated: true) == nil)
        log.entries = []
        nav.viewControllers = [c]
        #expect(log.entries.contains("A.willMove(nil)") && log.entries.contains("A.didMove(nil)"))
        #expect(log.entries.contains("C.viewDidAppear") && root.parent == nil)
    }

    @Test("a push during a push finishes the first at once")
    func pushDuringPush() {
        let (nav, root) = shownNavigation()
        let b = StackController("B", log: log), c = StackController("C", log: log)
        nav.pushViewController(b, animated: true)
        screen.advance(by: 0.1)
        nav.pushViewController(c, animated: true)
        #expect(log.entries.contains("B.viewDidAppear") && log.entries.contains("B.didMove(nav)"))
        screen.advance(by: 0.5)
        #expect(nav.viewControllers === [root, b, c])
        #expect(c.view.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(b.view.superview == nil && root.view.superview == nil)
    }

    @Test("the bar shows the top title, a back button with the previous title, and the items; tapping back pops")
    func barContents() {
        let (nav, root) = shownNavigation()
        root.navigationItem.backButtonTitle = "Plays"
        let b = StackController("B", log: log, title: "Hamlet")
        var ran = 0
        b.navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { _ in ran += 1 })
        nav.pushViewController(b, animated: true)
        screen.advance(by: 0.5)
        let bar = nav.navigationBar
        #expect(bar.topItem === b.navigationItem && bar.backItem === root.navigationItem)
        let content = bar.subviews.compactMap { $0 as? UINavigationBar.ContentView }
        #expect(content.count == 1, "the old title faded out and left")
        let shown = content[0]
        #expect(shown.titleLabel?.text == "Hamlet")
        #expect(shown.titleLabel?.font == .systemFont(ofSize: 17, weight: .semibold))
        #expect(approx(shown.titleLabel!.center.x, 160, 0.5), "the title is centred")
        #expect(shown.backButton?.label.text == "Plays")
        let done = shown.rightButtons.first
        #expect(done?.label.text == "Done" && done?.label.font == .systemFont(ofSize: 17, weight: .semibold))
        #expect(abs(done!.frame.maxX - (320 - 16)) < 0.001, "at the bar's 16-point margin")

        screen.tap(at: CGPoint(x: done!.frame.midX, y: 22))
        #expect(ran == 1)

        screen.tap(at: CGPoint(x: 20, y: 22))
        screen.advance(by: 0.5)
        #expect(nav.viewControllers === [root])
        let after = bar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last
        #expect(after?.backButton == nil && after?.titleLabel?.text == "A")
    }

    @Test("the bar follows changes to the items it shows: a title set in viewDidLoad, Edit turning into a bold Done")
    func barFollowsChanges() {
        let (nav, root) = shownNavigation()
        root.title = "Plays"
        root.navigationItem.rightBarButtonItem = root.editButtonItem
        screen.advance(by: 0.02)
        var content = nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last
        #expect(content?.titleLabel?.text == "Plays")
        let edit = content?.rightButtons.first
        #expect(edit?.label.text == "Edit" && edit?.label.font == .systemFont(ofSize: 17))
        screen.tap(at: CGPoint(x: edit!.frame.midX, y: 22))
        screen.advance(by: 0.02)
        #expect(root.isEditing)
        content = nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last
        let done = content?.rightButtons.first
        #expect(done?.label.text == "Done" && done?.label.font == .systemFont(ofSize: 17, weight: .semibold))
        #expect(abs(done!.frame.maxX - (320 - 16)) < 0.001, "the wider title is laid out again")
    }

    @Test("touches wait for the slide: tapping Back twice pops once")
    func tapsDuringSlide() {
        let (nav, root) = shownNavigation()
        let b = StackController("B", log: log), c = StackController("C", log: log)
        nav.setViewControllers([root, b, c], animated: false)
        screen.tap(at: CGPoint(x: 20, y: 22))
        screen.advance(by: 0.05)
        screen.tap(at: CGPoint(x: 20, y: 22))
        screen.advance(by: 0.5)
        #expect(nav.viewControllers === [root, b])
        screen.tap(at: CGPoint(x: 20, y: 22))
        screen.advance(by: 0.5)
        #expect(nav.viewControllers === [root])
    }

    @Test("mid-push the new title comes in from the right, fading in, as the old one fades out to the left")
    func barSlides() {
        let (nav, _) = shownNavigation()
        nav.pushViewController(StackController("B", log: log), animated: true)
        screen.advance(by: 0.1)
        let contents = nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }
        #expect(contents.count == 2)
        let (old, new) = (contents[0].layer.presentation()!, contents[1].layer.presentation()!)
        #expect(old.position.x < 160 && old.opacity < 1 && old.opacity > 0, "\(old.position) \(old.opacity)")
        #expect(new.position.x > 160 && new.opacity > 0 && new.opacity < 1, "\(new.position) \(new.opacity)")
        screen.advance(by: 0.5)
        #expect(nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.count == 1)
    }

    @Test("when the window's root changes, the navigation controller's top disappears with it")
    func disappearsWithWindow() {
        let (nav, _) = shownNavigation()
        nav.pushViewController(StackController("B", log: log), animated: false)
        log.entries = []
        screen.window?.rootViewController = StackController("Z", log: log)
        #expect(log.entries.filter { $0.hasPrefix("B.") } == ["B.viewWillDisappear", "B.viewDidDisappear"])
        #expect(!log.entries.contains { $0.hasPrefix("A.") })
    }

    @Test("pushItem and popItem change the bar's items")
    func barPushPop() {
        let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        let first = UINavigationItem(title: "One"), second = UINavigationItem(title: "Two")
        bar.pushItem(first, animated: false)
        bar.pushItem(second, animated: false)
        #expect(bar.topItem === second && bar.backItem === first && bar.items?.count == 2)
        #expect(bar.popItem(animated: false) === second)
        #expect(bar.topItem === first && bar.backItem == nil)
        #expect(bar.popItem(animated: false) === first && bar.popItem(animated: false) == nil)
    }

    @Test("the back button reads the previous title, or Back when it has none")
    func backTitles() {
        let (nav, root) = shownNavigation()
        root.title = nil
        nav.pushViewController(UIViewController(), animated: false)
        let content = nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last
        #expect(content?.backButton?.label.text == "Back")
        #expect(content?.titleLabel == nil)
    }

    @Test("hiding the bar gives the content the whole view; animated, the bar slides up")
    func hidingTheBar() {
        let (nav, root) = shownNavigation()
        nav.setNavigationBarHidden(true, animated: true)
        #expect(nav.isNavigationBarHidden, "hidden from the moment it is asked")
        screen.advance(by: 0.1)
        let barY = nav.navigationBar.layer.presentation()!.position.y - 22
        #expect(barY < 0 && barY > -44, "\(barY)")
        screen.advance(by: 0.5)
        #expect(nav.isNavigationBarHidden)
        #expect(root.view.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(root.view.safeAreaInsets.top == 0, "no bar, nothing covered")
        nav.isNavigationBarHidden = false
        #expect(root.view.safeAreaInsets.top == 44, "the bar covers the top 44 points again")
    }

    @Test("the bar is drawn: clear at the scroll edge, a title and a blue back chevron")
    func barSnapshot() throws {
        let (nav, root) = shownNavigation()
        root.view.backgroundColor = .systemYellow
        let b = StackController("B", log: log, title: "Detail")
        b.navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .edit)
        b.view.backgroundColor = .systemOrange
        nav.pushViewController(b, animated: true)
        screen.advance(by: 0.1)
        let midway = screen.snapshot()
        if let path = ProcessInfo.processInfo.environment["TABULA_NAV_PNG"], let data = midway.pngData() {
            try data.write(to: URL(fileURLWithPath: path + ".mid.png"))
        }
        let under = try #require(midway.cgImage).color(x: 2, y: 300)
        let yellow = UIColor.systemYellow.cgColor
        #expect(under.blue < 0.2 && under.red < yellow.red - 0.03, "the covered view is dimmed: \(under)")
        screen.advance(by: 0.5)
        let image = screen.snapshot()
        if let path = ProcessInfo.processInfo.environment["TABULA_NAV_PNG"], let data = image.pngData() {
            try data.write(to: URL(fileURLWithPath: path))
        }
        let bitmap = try #require(image.cgImage)
        let chevron = (8...12).map { bitmap.color(x: $0, y: 22) }.max { $0.blue - $0.red < $1.blue - $1.red }!
        #expect(chevron.blue > 0.8 && chevron.red < 0.4, "the chevron is tint blue: \(chevron)")
        // No scroll view under the bar: it stays at the scroll edge, clear, as on iOS 15
        // and later (SafeAreaTests checks the material and hairline over scrolled content).
        let behind = bitmap.color(x: 160, y: 40)
        #expect(behind.blue < 0.2 && behind.red > 0.9, "the orange view shows through the clear bar: \(behind)")
    }
}
