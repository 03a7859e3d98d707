import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// Records what a tab bar controller asks and tells its delegate; refuses the tabs in `refused`.
@MainActor
final class TabDelegateLog: UITabBarControllerDelegate {
    var entries: [String] = []
    var refused: Set<String> = []
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        let name = viewController.title ?? "\(type(of: viewController))"
        entries.append("should \(name)")
        return !refused.contains(name)
    }
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        entries.append("did \(viewController.title ?? "\(type(of: viewController))")")
    }
}

@Suite("UITabBarController: tabs, the delegate, More, badges, the safe area, hiding the bar on a push")
@MainActor
struct TabBarControllerTests {
    /// An iPhone 15 at 1x: 393 × 852 points, 34 points of home indicator.
    let screen: HeadlessScreen = {
        var device = DeviceProfile.iPhone15
        device.scale = 1
        return HeadlessScreen(device: device)
    }()

    func named(_ title: String) -> UIViewController {
        let controller = UIViewController()
        controller.title = title
        return controller
    }

    /// A tab bar controller with `controllers`, shown on the screen.
    func shownTabs(_ controllers: [UIViewController]) -> UITabBarController {
        let tabs = UITabBarController()
        tabs.viewControllers = controllers
        let window = UIWindow(frame: .zero)
        window.rootViewController = tabs
        screen.show(window)
        screen.advance(by: 0.1)
        return tabs
    }

    /// The centre of tab `index` of `count`, in the window.
    func tabCenter(_ index: Int, of count: Int) -> CGPoint {
        let width = screen.size.width / CGFloat(count)
        return CGPoint(x: width * (CGFloat(index) + 0.5), y: screen.size.height - 34 - 49 + 20)
    }

    func capturingReports(_ body: () -> Void) -> [String] {
        var reports: [String] = []
        let saved = UIViewController.onInvalidUse
        UIViewController.onInvalidUse = { reports.append($0) }
        defer { UIViewController.onInvalidUse = saved }
        body()
        return reports
    }

    @Test("the first tab is selected; a tap on another shows its view in place of the first, in code too")
    func selection() {
        let a = named("A"), b = named("B"), c = named("C")
        let tabs = shownTabs([a, b, c])
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === a)
        #expect(a.view.window != nil && b.viewIfLoaded?.window == nil)
        #expect(tabs.tabBar.items?.map(\.title) == ["A", "B", "C"], "each tab's item is made from its title")
        #expect(tabs.tabBar.selectedItem === a.tabBarItem)
        #expect(tabs.children.count == 3 && a.tabBarController === tabs)
        screen.tap(at: tabCenter(1, of: 3))
        screen.advance(by: 0.1)
        #expect(tabs.selectedIndex == 1 && tabs.selectedViewController === b)
        #expect(b.view.window != nil && a.view.window == nil)
        #expect(b.appearance == .appeared && a.appearance == .disappeared)
        #expect(tabs.tabBar.selectedItem === b.tabBarItem)
        tabs.selectedIndex = 2
        #expect(tabs.selectedViewController === c && c.view.window != nil && b.view.window == nil)
        c.title = "Sea"
        #expect(tabs.tabBar.items?[2].title == "Sea", "a title set later reaches the tab")
        tabs.selectedViewController = a
        #expect(tabs.selectedIndex == 0)
    }

    @Test("the delegate may refuse a tab: the selection stays, didSelect is not sent; a tab it allows is told once")
    func delegateVeto() {
        let a = named("A"), b = named("B"), c = named("C")
        let tabs = shownTabs([a, b, c])
        let delegate = TabDelegateLog()
        delegate.refused = ["B"]
        tabs.delegate = delegate
        screen.tap(at: tabCenter(1, of: 3))
        screen.advance(by: 0.1)
        #expect(tabs.selectedIndex == 0 && tabs.tabBar.selectedItem === a.tabBarItem)
        #expect(delegate.entries == ["should B"])
        screen.tap(at: tabCenter(2, of: 3))
        screen.advance(by: 0.1)
        #expect(tabs.selectedIndex == 2)
        #expect(delegate.entries == ["should B", "should C", "did C"])
        tabs.selectedIndex = 1
        #expect(delegate.entries.count == 3, "a selection in code asks nobody")
    }

    @Test("seven tabs: four and More; More lists the other three and shows the one chosen, in its navigation controller")
    func moreWithSevenTabs() throws {
        let controllers = (1 ... 7).map { named("T\($0)") }
        let tabs = shownTabs(controllers)
        let items = try #require(tabs.tabBar.items)
        #expect(items.count == 5)
        #expect(items.prefix(4).map(\.title) == ["T1", "T2", "T3", "T4"])
        #expect(items[4] === tabs.moreNavigationController.tabBarItem)
        #expect(tabs.tabBar.buttons[4].titleLabel.text == "More")
        screen.tap(at: tabCenter(4, of: 5))
        screen.advance(by: 0.1)
        #expect(tabs.selectedViewController === tabs.moreNavigationController)
        #expect(tabs.selectedIndex == NSNotFound)
        let list = try #require(tabs.moreNavigationController.topViewController as? UITableViewController)
        #expect(list.tableView.numberOfRows(inSection: 0) == 3)
        let row = list.tableView.convert(list.tableView.rectForRow(at: IndexPath(row: 1, section: 0)), to: nil)
        screen.tap(at: CGPoint(x: row.midX, y: row.midY))
        screen.advance(by: 0.6)
        #expect(tabs.moreNavigationController.topViewController === controllers[5])
        #expect(tabs.selectedViewController === controllers[5] && tabs.selectedIndex == 5)
        #expect(controllers[5].tabBarController === tabs && controllers[5].view.window != nil)
        tabs.selectedIndex = 0
        #expect(controllers[0].view.window != nil && controllers[5].view.window == nil)
        tabs.selectedIndex = 6
        #expect(tabs.moreNavigationController.viewControllers.count == 2)
        #expect(tabs.moreNavigationController.topViewController === controllers[6])
        #expect(tabs.tabBar.selectedItem === tabs.moreNavigationController.tabBarItem)
    }

    @Test("new view controllers keep the selection (one chosen under More too), else the same index, else the first; [] is no tabs")
    func newViewControllersKeepTheSelection() throws {
        let controllers = (0 ..< 50).map { named("T\($0)") }
        let tabs = shownTabs(controllers)
        let reports = capturingReports {
            tabs.selectedIndex = 49
            #expect(tabs.selectedViewController === controllers[49])
            // The same tabs again (an app refreshing its list): T49 stays on screen, as in
            // UIKit; before, More's list came back instead.
            tabs.viewControllers = controllers
            #expect(tabs.selectedIndex == 49 && controllers[49].view.window != nil)
            #expect(tabs.moreNavigationController.topViewController === controllers[49])

            // The selected tab gone: the one now at its index.
            tabs.selectedIndex = 2
            tabs.viewControllers = controllers.filter { $0 !== controllers[2] }
            #expect(tabs.selectedViewController === controllers[3], "T3 is at index 2 now")
            // Gone, and its index too: the first.
            tabs.selectedIndex = 40
            tabs.viewControllers = Array(controllers.prefix(5))
            #expect(tabs.selectedViewController === controllers[0])

            // An empty list is no tabs, as nil is (before, it was refused and the tabs stayed).
            tabs.viewControllers = []
            #expect(tabs.selectedViewController == nil && tabs.selectedIndex == NSNotFound)
            #expect(tabs.tabBar.items?.isEmpty != false)
            #expect(controllers[0].parent == nil && controllers[0].view.window == nil)
            tabs.viewControllers = controllers
            #expect(tabs.selectedViewController === controllers[0])
        }
        #expect(reports.isEmpty, "\(reports)")
    }

    @Test("a navigation tab moved under More keeps what was pushed in it, and gets its whole stack back; no report")
    func movedUnderMoreKeepsItsStack() {
        let roots = (0 ..< 7).map { UINavigationController(rootViewController: named("R\($0)")) }
        let tabs = shownTabs(roots)
        let pushed = named("Pushed")
        var screenReports: [String] = []
        screen.onReport = { screenReports.append($0) }
        let reports = capturingReports {
            roots[0].pushViewController(pushed, animated: true)
            screen.advance(by: 0.1)
            // Mid-push, the tabs reversed: R0 goes under More, still selected.
            tabs.viewControllers = Array(roots.reversed())
            screen.advance(by: 0.6)
            #expect(tabs.selectedViewController === roots[0])
            #expect(tabs.moreNavigationController.topViewController === pushed, "the pushed screen is still shown")
            #expect(tabs.moreNavigationController.viewControllers.count == 3, "the list, R0's root and the pushed screen")
            // Back in order: R0 is a tab of its own again, with both screens.
            tabs.viewControllers = roots
            screen.advance(by: 0.6)
            #expect(tabs.selectedIndex == 0)
            #expect(roots[0].viewControllers.count == 2 && roots[0].topViewController === pushed)
            #expect(pushed.view.window != nil)
        }
        #expect(reports.isEmpty && screenReports.isEmpty, "\(reports) \(screenReports)")
    }

    @Test("custom images in tab bar items and bar button items are drawn in the bar's colours, as templates; alwaysOriginal keeps theirs")
    func customBarImagesAreTemplates() throws {
        /// A white square, opaque: as an app's exported icon, drawn white on white if shown as it is.
        let white = Bitmap(width: 20, height: 20)
        white.clear(to: Color(red: 1, green: 1, blue: 1))
        let icon = UIImage(cgImage: white)
        let a = named("A"), b = named("B"), c = named("C")
        a.tabBarItem = UITabBarItem(title: "Menu", image: icon, tag: 1)
        b.tabBarItem = UITabBarItem(title: "Cart", image: icon, tag: 2)
        c.tabBarItem = UITabBarItem(title: "Own", image: icon.withRenderingMode(.alwaysOriginal), tag: 3)
        let nav = UINavigationController(rootViewController: a)
        a.navigationItem.rightBarButtonItem = UIBarButtonItem(image: icon, primaryAction: UIAction { _ in })
        nav.tabBarItem = a.tabBarItem
        let tabs = shownTabs([nav, b, c])
        let picture = screen.snapshot()
        writeForLooking(picture, "tabbar-custom-icons")
        let shot = try #require(picture.cgImage)
        func middle(of tab: Int) -> Color {
            let button = tabs.tabBar.buttons[tab]
            let image = button.convert(button.imageRect, to: nil)
            return shot.color(x: Int(image.midX), y: Int(image.midY))
        }
        let selected = middle(of: 0), unselected = middle(of: 1), original = middle(of: 2)
        #expect(selected.blue > 0.8 && selected.red < 0.3, "the selected tab in the tint colour: \(selected)")
        #expect(abs(unselected.red - unselected.blue) < 0.1 && unselected.red < 0.75, "the others grey: \(unselected)")
        #expect(original.red > 0.95 && original.green > 0.95, "alwaysOriginal stays white: \(original)")
        var barViews: [UIView] = nav.navigationBar.subviews
        barViews += barViews.flatMap(\.subviews)
        let barButton = try #require(barViews.first { view in
            let isButton = String(describing: type(of: view)).contains("BarButton")
            return isButton && view.convert(view.bounds, to: nil).minX > 300
        })
        let frame = barButton.convert(barButton.bounds, to: nil)
        let drawn = shot.color(x: Int(frame.midX), y: Int(frame.midY))
        #expect(drawn.blue > 0.8 && drawn.red < 0.3, "the bar button's image in the tint colour: \(drawn)")
    }

    @Test("a badge is a red capsule over the image's corner; badgeColor changes it; light and dark bars")
    func badgeDrawn() throws {
        let a = named("A"), b = named("B")
        a.tabBarItem = UITabBarItem(title: "Inbox", image: UIImage(systemName: "envelope"), tag: 1)
        b.tabBarItem = UITabBarItem(tabBarSystemItem: .favorites, tag: 2)
        let tabs = shownTabs([a, b])
        #expect(b.tabBarItem.title == nil && tabs.tabBar.buttons[1].titleLabel.text == "Favorites")
        let button = tabs.tabBar.buttons[0]
        #expect(button.badge.isHidden)
        a.tabBarItem.badgeValue = "3"
        b.tabBarItem.badgeValue = "12"
        b.tabBarItem.badgeColor = .systemBlue
        screen.advance(by: 0.1)
        let badge = button.badge.convert(button.badge.bounds, to: nil)
        #expect(badge.height == 18 && badge.width >= 18)
        let image = button.convert(button.imageRect, to: nil)
        #expect(badge.minX > image.midX && badge.minX < image.maxX && badge.minY < image.minY + 4,
                "over the image's trailing top corner: \(badge) over \(image)")
        let shot = screen.snapshot()
        writeForLooking(shot, "tabbar-badge-light")
        let pixels = try #require(shot.cgImage)
        let red = pixels.color(x: Int(badge.minX + 3), y: Int(badge.midY))
        #expect(red.red > 0.9 && red.green < 0.35 && red.blue < 0.35, "the capsule is red: \(red)")
        let other = tabs.tabBar.buttons[1].badge.convert(tabs.tabBar.buttons[1].badge.bounds, to: nil)
        let blue = pixels.color(x: Int(other.minX + 3), y: Int(other.midY))
        #expect(blue.blue > 0.8 && blue.red < 0.3, "badgeColor: \(blue)")
        // The capsule's ends are round: its corner is the bar, not red.
        let corner = pixels.color(x: Int(badge.minX), y: Int(badge.minY))
        #expect(corner.red < 0.9 || corner.green > 0.5, "a rounded end: \(corner)")
        let barLight = pixels.color(x: 5, y: Int(screen.size.height) - 5)
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.1)
        let dark = screen.snapshot()
        writeForLooking(dark, "tabbar-badge-dark")
        let barDark = try #require(dark.cgImage).color(x: 5, y: Int(screen.size.height) - 5)
        #expect(barLight.red > 0.85 && barDark.red < 0.25, "the bar follows the appearance: \(barLight) → \(barDark)")
        a.tabBarItem.badgeValue = nil
        #expect(button.badge.isHidden)
    }

    @Test("the bar is 49 points over the home indicator; children's safe area reaches above it; tables scroll under it")
    func safeAreaForChildren() throws {
        let plain = named("Plain")
        let table = UITableViewController(style: .plain)
        table.title = "Table"
        let navigation = UINavigationController(rootViewController: table)
        let tabs = shownTabs([plain, navigation])
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 852 - 83, width: 393, height: 83))
        #expect(plain.view.frame == CGRect(x: 0, y: 0, width: 393, height: 852), "the view reaches under the bar")
        #expect(plain.view.safeAreaInsets.bottom == 83)
        tabs.selectedIndex = 1
        screen.advance(by: 0.1)
        #expect(navigation.view.frame.height == 852)
        #expect(table.view.safeAreaInsets.bottom == 83)
        #expect(table.tableView.adjustedContentInset.bottom == 83, "the last rows rest above the bar")
        #expect(tabs.tabBar.sizeThatFits(CGSize(width: 393, height: 1000)).height == 83)
    }

    @Test("in landscape the bar is 32 points over the home indicator's 21, the image beside the title")
    func landscapeCompactBar() throws {
        let a = named("A"), b = named("B")
        a.tabBarItem = UITabBarItem(title: "Inbox", image: UIImage(systemName: "envelope"), tag: 1)
        let tabs = shownTabs([a, b])
        screen.rotate(to: .landscapeRight)
        screen.advance(by: 1)
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 393 - 53, width: 852, height: 53), "\(tabs.tabBar.frame)")
        #expect(a.view.safeAreaInsets.bottom == 53)
        let button = tabs.tabBar.buttons[0]
        #expect(button.frame.minX >= 59 && button.frame.height == 32, "inside the safe area's sides: \(button.frame)")
        let image = button.imageRect, title = button.titleLabel.frame
        #expect(image.maxX <= title.minX && abs(image.midY - title.midY) < 2, "side by side: \(image), \(title)")
        writeForLooking(screen.snapshot(), "tabbar-landscape")
    }

    @Test("a navigation controller listed under More shows its root on the More stack, and gets it back")
    func navigationControllerUnderMore() throws {
        let root = named("Deep")
        let navigation = UINavigationController(rootViewController: root)
        let controllers = (1 ... 5).map { named("T\($0)") } + [navigation]
        let tabs = shownTabs(controllers)
        tabs.selectedViewController = navigation
        screen.advance(by: 0.1)
        #expect(tabs.moreNavigationController.topViewController === root && root.view.window != nil)
        #expect(tabs.selectedViewController === navigation && tabs.selectedIndex == 5)
        #expect(root.tabBarController === tabs)
        tabs.selectedIndex = 0
        tabs.viewControllers = Array(controllers.prefix(3))
        #expect(navigation.viewControllers.count == 1 && navigation.topViewController === root, "given back")
        #expect(tabs.tabBar.items?.count == 3 && tabs.moreNavigationController.parent == nil)
    }

    /// A tab bar controller whose first tab is a navigation controller with `root`.
    func navigationInTab() -> (UITabBarController, UINavigationController, UIViewController) {
        let root = named("Root")
        let navigation = UINavigationController(rootViewController: root)
        let tabs = shownTabs([navigation, named("Other")])
        return (tabs, navigation, root)
    }

    @Test("hidesBottomBarWhenPushed: the bar slides away with the outgoing view and comes back with it on the pop")
    func hidesBottomBarThroughPushAndPop() throws {
        let (tabs, navigation, root) = navigationInTab()
        let detail = named("Detail")
        detail.hidesBottomBarWhenPushed = true
        navigation.pushViewController(detail, animated: true)
        screen.advance(by: 0)
        let bar = tabs.tabBar
        #expect(bar.superview === navigation.view, "the bar rides in the navigation controller's view")
        #expect(detail.view.safeAreaInsets.bottom == 34, "the pushed view's safe area has no bar")
        #expect(root.view.safeAreaInsets.bottom == 83)
        screen.advance(by: 0.175)
        writeForLooking(screen.snapshot(), "tabbar-push-middle")
        let middle = try #require(bar.layer.presentation()).frame
        let rootX = try #require(root.view.layer.presentation()).frame.minX
        #expect(middle.minX < -20 && middle.minX > -393.0 / 3, "on its way a third left: \(middle.minX)")
        #expect(approx(middle.minX, rootX, 0.5), "with the outgoing view: \(middle.minX) vs \(rootX)")
        #expect(approx(middle.minY, 852 - 83, 0.5))
        let detailX = try #require(detail.view.layer.presentation()).frame.minX
        #expect(detailX > 0 && detailX < 393, "the pushed view slides over it")
        let subviews = navigation.view.subviews
        let pushedAbove = subviews.firstIndex { $0 === detail.view }! > subviews.firstIndex { $0 === bar }!
        #expect(pushedAbove, "the pushed view covers the bar")
        screen.advance(by: 0.4)
        #expect(bar.superview === tabs.view && bar.isHidden)
        navigation.popViewController(animated: true)
        screen.advance(by: 0)
        #expect(!bar.isHidden && bar.superview === navigation.view)
        screen.advance(by: 0.175)
        writeForLooking(screen.snapshot(), "tabbar-pop-middle")
        let back = try #require(bar.layer.presentation()).frame.minX
        let rootBack = try #require(root.view.layer.presentation()).frame.minX
        #expect(back < -5 && back > -393.0 / 3 && approx(back, rootBack, 0.5), "coming back with the root: \(back)")
        screen.advance(by: 0.4)
        #expect(bar.superview === tabs.view && !bar.isHidden && bar.frame.minX == 0)
        #expect(root.view.safeAreaInsets.bottom == 83)
    }

    @Test("the back swipe brings the bar back with the uncovered view, following the finger; a cancelled swipe hides it again")
    func hidesBottomBarThroughBackSwipe() throws {
        let (tabs, navigation, root) = navigationInTab()
        let detail = named("Detail")
        detail.hidesBottomBarWhenPushed = true
        navigation.pushViewController(detail, animated: false)
        screen.advance(by: 0.1)
        let bar = tabs.tabBar
        #expect(bar.isHidden)
        let finger = screen.touchDown(at: CGPoint(x: 3, y: 400))
        for step in 1 ... 10 {
            screen.moveTouch(finger, to: CGPoint(x: 3 + CGFloat(step) * 15, y: 400))
            screen.advance(by: 1.0 / 60)
        }
        screen.advance(by: 0.2)
        let barX = try #require(bar.layer.presentation()).frame.minX
        let rootX = try #require(root.view.layer.presentation()).frame.minX
        #expect(!bar.isHidden && approx(barX, rootX, 0.5) && barX < -50, "following the uncovered view: \(barX), \(rootX)")
        screen.liftTouch(finger)
        screen.advance(by: 0.6)
        #expect(navigation.viewControllers.count == 2, "a slow, short swipe is cancelled")
        #expect(bar.isHidden && bar.superview === tabs.view)
    }

    @Test("tapping the selected tab of a navigation controller pops it to its root")
    func reselectPopsToRoot() {
        let (_, navigation, root) = navigationInTab()
        navigation.pushViewController(named("One"), animated: false)
        navigation.pushViewController(named("Two"), animated: false)
        screen.advance(by: 0.1)
        screen.tap(at: tabCenter(0, of: 2))
        screen.advance(by: 0.6)
        #expect(navigation.viewControllers.count == 1 && navigation.topViewController === root)
    }

    @Test("bad input is reported once and changes nothing")
    func badInputReported() {
        let a = named("A"), b = named("B")
        let tabs = shownTabs([a, b])
        var reports = capturingReports { tabs.selectedIndex = 7 }
        #expect(reports.count == 1 && reports[0].contains("selectedIndex: 7 is out of range"), "\(reports)")
        #expect(tabs.selectedIndex == 0)
        let c = named("C")
        reports = capturingReports { tabs.setViewControllers([a, c, c], animated: false) }
        #expect(reports.count == 1 && reports[0].contains("two tabs"), "\(reports)")
        #expect(tabs.viewControllers?.count == 2 && c.parent == nil)
        reports = capturingReports { tabs.selectedViewController = c }
        #expect(reports.count == 1 && tabs.selectedViewController === a, "\(reports)")
        let stacked = named("Stacked")
        let elsewhere = UINavigationController(rootViewController: stacked)
        reports = capturingReports { tabs.viewControllers = [a, stacked] }
        #expect(reports.count == 1 && reports[0].contains("already"), "\(reports)")
        #expect(stacked.parent === elsewhere)
        var screenReports: [String] = []
        screen.onReport = { screenReports.append($0) }
        tabs.tabBar.selectedItem = UITabBarItem()
        #expect(screenReports.count == 1, "a tab bar reports to its screen: \(screenReports)")
        #expect(tabs.tabBar.selectedItem === a.tabBarItem)
    }

    /// A screen that names itself and picks its tab's image in its initializer, as most apps do.
    final class SelfNamed: UIViewController {
        init(_ name: String, symbol: String) {
            super.init(nibName: nil, bundle: nil)
            title = name
            tabBarItem.image = UIImage(systemName: symbol)
        }
        required init?(coder: NSCoder) { fatalError("not used") }
    }

    @Test("a navigation controller in a tab shows its root view controller's tab bar item, unless it has one of its own")
    func navigationControllerTabsShowTheirRootsItems() throws {
        let inbox = SelfNamed("Inbox", symbol: "envelope"), sent = SelfNamed("Sent", symbol: "paperplane")
        let own = UINavigationController(rootViewController: SelfNamed("Drafts", symbol: "doc"))
        own.tabBarItem = UITabBarItem(title: "Later", image: UIImage(systemName: "clock"), tag: 3)
        let titled = UINavigationController(rootViewController: SelfNamed("Trash", symbol: "trash"))
        titled.title = "Bin"
        let tabs = shownTabs([UINavigationController(rootViewController: inbox),
                              UINavigationController(rootViewController: sent), own, titled])
        let buttons = tabs.tabBar.buttons
        #expect(buttons.map { $0.titleLabel.text } == ["Inbox", "Sent", "Later", "Bin"])
        #expect(tabs.viewControllers?[0].tabBarItem === inbox.tabBarItem)
        #expect(inbox.tabBarItem.image != nil && tabs.viewControllers?[0].tabBarItem.image === inbox.tabBarItem.image)
        // Found and tapped by its label, as a person (or VoiceOver) finds it.
        let sentTab = try screen.element(labelled: "Sent")
        #expect(sentTab.traits.contains(.button))
        sentTab.tap()
        screen.advance(by: 0.1)
        #expect(tabs.selectedIndex == 1)
        // The root renaming itself renames its tab; so does a new root.
        inbox.title = "All Inboxes"
        screen.advance(by: 0.1)
        #expect(tabs.tabBar.buttons[0].titleLabel.text == "All Inboxes")
        let first = try #require(tabs.viewControllers?[0] as? UINavigationController)
        first.setViewControllers([SelfNamed("VIP", symbol: "star")], animated: false)
        screen.advance(by: 0.1)
        #expect(tabs.tabBar.buttons[0].titleLabel.text == "VIP")
    }
}
