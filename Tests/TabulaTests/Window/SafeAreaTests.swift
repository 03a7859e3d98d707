import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// Records each safe area change a view hears.
@MainActor
final class SafeAreaLoggingView: UIView {
    var changes: [UIEdgeInsets] = []
    override func safeAreaInsetsDidChange() { changes.append(safeAreaInsets) }
}

/// A table of numbered rows.
@MainActor
final class NumberedTableController: UITableViewController {
    var rows = 40
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? UITableViewCell(style: .default, reuseIdentifier: "row")
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }
}

@MainActor
@Suite("Safe area, device profiles and the screen")
struct SafeAreaTests {
    @Test("a device profile gives the window its insets; subviews get the part they overlap")
    func windowAndSubviews() {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let top = SafeAreaLoggingView(frame: CGRect(x: 0, y: 0, width: 393, height: 100))
        let middle = SafeAreaLoggingView(frame: CGRect(x: 0, y: 200, width: 393, height: 100))
        let inner = SafeAreaLoggingView(frame: CGRect(x: 10, y: 20, width: 50, height: 50))
        top.addSubview(inner)
        window.addSubview(top)
        window.addSubview(middle)
        screen.show(window)
        #expect(screen.size == CGSize(width: 393, height: 852) && screen.scale == 3)
        #expect(window.safeAreaInsets == UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        #expect(top.safeAreaInsets == UIEdgeInsets(top: 59, left: 0, bottom: 0, right: 0))
        #expect(inner.safeAreaInsets == UIEdgeInsets(top: 39, left: 0, bottom: 0, right: 0), "59 − its 20-point offset")
        #expect(middle.safeAreaInsets == .zero)
        #expect(top.changes == [UIEdgeInsets(top: 59, left: 0, bottom: 0, right: 0)], "told once")
        #expect(middle.changes.isEmpty)

        middle.frame.origin.y = 800
        #expect(middle.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 82, right: 0), "moving into the home indicator's inset")
        #expect(middle.changes.count == 1)
        top.removeFromSuperview()
        #expect(top.safeAreaInsets == .zero && inner.safeAreaInsets == .zero, "out of the window, nothing is unsafe")
    }

    @Test("turning to landscape moves the insets to the sides; the SE profile has a 20-point status bar")
    func rotationAndOtherProfiles() {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        screen.show(window)
        screen.rotate(to: .landscapeRight, duration: 0)
        #expect(window.safeAreaInsets == UIEdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
        #expect(UIDevice.current.orientation == .landscapeLeft, "the device turns against the interface")
        #expect(UIScreen.main.bounds.size == CGSize(width: 852, height: 393))

        let se = HeadlessScreen(device: .iPhoneSE)
        let seWindow = UIWindow(frame: .zero)
        se.show(seWindow)
        #expect(seWindow.safeAreaInsets == UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(UIScreen.main.scale == 2 && UIScreen.main.bounds.size == CGSize(width: 375, height: 667),
                "the main screen is the one that showed a window last")
        #expect(UIApplication.shared.windows.contains { $0 === seWindow })
        #expect(UIApplication.shared.connectedScenes.contains { ($0 as? UIWindowScene)?.keyWindow === seWindow })
        #expect(seWindow.windowScene?.screen.bounds.size == CGSize(width: 375, height: 667))

        let plain = HeadlessScreen(size: CGSize(width: 320, height: 480), scale: 2)
        let plainWindow = UIWindow(frame: .zero)
        plain.show(plainWindow)
        #expect(plainWindow.safeAreaInsets == .zero, "a screen made by size has no insets, as before")
    }

    @Test("additionalSafeAreaInsets add to the root view's insets and reach its subviews")
    func additionalInsets() {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let controller = UIViewController()
        let child = SafeAreaLoggingView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        controller.view.addSubview(child)
        window.rootViewController = controller
        screen.show(window)
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 0, bottom: 50, right: 0)
        #expect(controller.view.safeAreaInsets == UIEdgeInsets(top: 69, left: 0, bottom: 84, right: 0))
        #expect(child.safeAreaInsets == UIEdgeInsets(top: 69, left: 0, bottom: 84, right: 0))
    }

    @Test("a table under a navigation bar starts below the bar, scrolls under it, and the bar's background fades in")
    func tableUnderNavigationBar() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let table = NumberedTableController(style: .plain)
        table.title = "Numbers"
        let nav = UINavigationController(rootViewController: table)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)

        #expect(nav.navigationBar.frame == CGRect(x: 0, y: 59, width: 393, height: 44), "below the status bar")
        #expect(table.tableView.frame == CGRect(x: 0, y: 0, width: 393, height: 852), "the table reaches under the bar")
        #expect(table.tableView.safeAreaInsets == UIEdgeInsets(top: 103, left: 0, bottom: 34, right: 0))
        #expect(table.tableView.adjustedContentInset == UIEdgeInsets(top: 103, left: 0, bottom: 34, right: 0))
        #expect(table.tableView.contentOffset.y == -103, "resting at the top of the content, below the bar")
        let firstRow = try #require(table.tableView.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(firstRow.convert(firstRow.bounds, to: window).minY == 103)
        #expect(nav.navigationBar.scrollEdgeProgress == 0, "at the scroll edge the bar is clear")
        writeForLooking(screen.snapshot(), "nav-table-top")

        table.tableView.setContentOffset(CGPoint(x: 0, y: 100), animated: false)
        screen.advance(by: 0.05)
        #expect(nav.navigationBar.scrollEdgeProgress == 1, "content under the bar: material and hairline")
        let image = screen.snapshot()
        writeForLooking(image, "nav-table-scrolled")
        let bitmap = try #require(image.cgImage)
        let hairline = bitmap.color(x: 600, y: 103 * 3)
        let below = bitmap.color(x: 600, y: 103 * 3 + 6)
        #expect(hairline.red < below.red - 0.1, "a hairline under the bar: \(hairline) vs \(below)")
        // The time in the status bar is drawn dark on the light bar.
        let darkest = (70...110).flatMap { y in (140...240).map { x in bitmap.color(x: x, y: y).red } }.min() ?? 1
        #expect(darkest < 0.3, "the status bar's time is drawn: \(darkest)")
    }

    @Test("contentInsetAdjustmentBehavior .never leaves the content inset alone")
    func neverAdjusts() {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let table = NumberedTableController(style: .plain)
        table.tableView.contentInsetAdjustmentBehavior = .never
        table.tableView.contentInset = UIEdgeInsets(top: 5, left: 0, bottom: 0, right: 0)
        window.rootViewController = UINavigationController(rootViewController: table)
        screen.show(window)
        #expect(table.tableView.adjustedContentInset == UIEdgeInsets(top: 5, left: 0, bottom: 0, right: 0))
        table.tableView.contentInsetAdjustmentBehavior = .always
        #expect(table.tableView.adjustedContentInset == UIEdgeInsets(top: 108, left: 0, bottom: 34, right: 0))
    }

    @Test("a view controller that does not extend under the top bar starts below it")
    func edgesForExtendedLayout() {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let controller = UIViewController()
        controller.edgesForExtendedLayout = []
        window.rootViewController = UINavigationController(rootViewController: controller)
        screen.show(window)
        #expect(controller.view.frame.minY == 103)
        #expect(controller.view.safeAreaInsets.top == 0)
    }

    /// Older apps paint a strip behind the status bar from `UIApplication.shared.statusBarFrame`
    /// (deprecated in iOS 13, still in the SDK): it is the key window's status bar, as the
    /// scene's `statusBarManager` gives it, and zero once the bar is hidden.
    @Test("UIApplication's deprecated status bar properties read the key window's status bar")
    func applicationStatusBarFrame() {
        final class Controller: UIViewController {
            var hidesStatusBar = false
            override var prefersStatusBarHidden: Bool { hidesStatusBar }
        }
        let phone = HeadlessScreen(device: .iPhone15)
        let controller = Controller()
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        phone.show(window)
        let frame = UIApplication.shared.statusBarFrame
        #expect(frame == window.windowScene?.statusBarManager?.statusBarFrame)
        #expect(frame == CGRect(x: 0, y: 0, width: 393, height: 54),
                "the strip spans the screen; a sensor island's status bar is 54 points of the 59-point inset: \(frame)")
        #expect(!UIApplication.shared.isStatusBarHidden)
        #expect(UIApplication.shared.statusBarOrientation == .portrait)

        // A phone turned sideways shows no status bar.
        phone.rotate(to: .landscapeRight)
        phone.advance(by: 1)
        #expect(UIApplication.shared.isStatusBarHidden && UIApplication.shared.statusBarFrame == .zero)
        #expect(UIApplication.shared.statusBarOrientation == .landscapeRight)
        phone.rotate(to: .portrait)
        phone.advance(by: 1)
        #expect(UIApplication.shared.statusBarFrame.height == 54)

        controller.hidesStatusBar = true
        controller.setNeedsStatusBarAppearanceUpdate()
        phone.advance(by: 1.0 / 60)
        #expect(UIApplication.shared.isStatusBarHidden)
        #expect(UIApplication.shared.statusBarFrame == .zero)

        let se = HeadlessScreen(device: .iPhoneSE)
        let seWindow = UIWindow(frame: .zero)
        seWindow.rootViewController = UIViewController()
        se.show(seWindow)
        #expect(UIApplication.shared.statusBarFrame == CGRect(x: 0, y: 0, width: 375, height: 20),
                "the screen that showed a window last is the key one")
    }

    @Test("a hidden status bar is not drawn")
    func statusBarHidden() throws {
        final class NoStatusBar: UIViewController {
            override var prefersStatusBarHidden: Bool { true }
        }
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        window.rootViewController = NoStatusBar()
        screen.show(window)
        let bitmap = try #require(screen.snapshot().cgImage)
        let darkest = (70...110).flatMap { y in (140...240).map { x in bitmap.color(x: x, y: y).red } }.min() ?? 0
        #expect(darkest > 0.9, "nothing drawn where the time would be: \(darkest)")
    }
}

@MainActor
@Suite("Large titles")
struct LargeTitleTests {
    func shown() -> (UINavigationController, NumberedTableController, HeadlessScreen) {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let table = NumberedTableController(style: .plain)
        table.title = "Mailboxes"
        let nav = UINavigationController(rootViewController: table)
        nav.navigationBar.prefersLargeTitles = true
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        return (nav, table, screen)
    }

    func labels(_ nav: UINavigationController) -> (small: UILabel?, large: UILabel?) {
        let content = nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last
        return (content?.titleLabel, content?.largeTitleLabel)
    }

    @Test("at rest the title is large below the bar and the content starts below it")
    func atRest() throws {
        let (nav, table, screen) = shown()
        #expect(nav.navigationBar.frame == CGRect(x: 0, y: 59, width: 393, height: 96))
        #expect(table.tableView.adjustedContentInset.top == 155)
        #expect(table.tableView.contentOffset.y == -155)
        let (small, large) = labels(nav)
        #expect(large?.text == "Mailboxes" && large?.font.pointSize == 34)
        #expect(small?.alpha == 0, "the small title is hidden while the large one shows")
        let frame = try #require(large).convert(large!.bounds, to: nil)
        #expect(frame.minX == 16 && frame.maxY <= 155 && frame.minY >= 103, "in the large title area: \(frame)")
        writeForLooking(screen.snapshot(), "large-title-rest")
    }

    @Test("scrolling collapses the large title into the bar; pulling down grows it")
    func collapses() {
        let (nav, table, screen) = shown()
        table.tableView.setContentOffset(CGPoint(x: 0, y: -125), animated: false)
        screen.advance(by: 0.02)
        #expect(nav.navigationBar.frame.height == 66, "30 points scrolled: 30 points less title area")
        #expect(nav.navigationBar.scrollEdgeProgress == 0, "still clear while the title collapses")
        table.tableView.setContentOffset(CGPoint(x: 0, y: 40), animated: false)
        screen.advance(by: 0.02)
        #expect(nav.navigationBar.frame.height == 44)
        #expect(labels(nav).small?.alpha == 1, "collapsed: the small title shows")
        #expect(nav.navigationBar.scrollEdgeProgress == 1, "content under the collapsed bar: material")
        writeForLooking(screen.snapshot(), "large-title-collapsed")
        table.tableView.setContentOffset(CGPoint(x: 0, y: -200), animated: false)
        screen.advance(by: 0.02)
        #expect(nav.navigationBar.frame.height == 141, "pulled down 45 points: the area grows by 45")
    }

    @Test("a pushed controller with .never shows a small title; popping brings the large one back")
    func pushAndPop() {
        let (nav, _, screen) = shown()
        let detail = UIViewController()
        detail.title = "Detail"
        detail.navigationItem.largeTitleDisplayMode = .never
        nav.pushViewController(detail, animated: true)
        screen.advance(by: 0.6)
        #expect(nav.navigationBar.frame.height == 44)
        #expect(labels(nav).large == nil)
        #expect(detail.view.safeAreaInsets.top == 103)
        nav.popViewController(animated: true)
        screen.advance(by: 0.6)
        #expect(nav.navigationBar.frame.height == 96)
        #expect(labels(nav).large?.text == "Mailboxes")
    }
}

/// Two lists in one screen, one shown at a time (a segmented control's two tabs), each
/// a table the size of the view.
@MainActor
final class TwoListsController: UIViewController {
    let first = UITableView(frame: .zero, style: .plain)
    let second = UITableView(frame: .zero, style: .plain)
    let source = NumberedTableController(style: .plain)
    /// What ``contentScrollView(for:)`` answers instead of UIKit's choice, when set.
    var observedTop: UIScrollView?? = nil

    override func viewDidLoad() {
        super.viewDidLoad()
        for table in [first, second] {
            table.frame = view.bounds
            table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            table.dataSource = source
            view.addSubview(table)
        }
    }

    override func contentScrollView(for edge: NSDirectionalRectEdge) -> UIScrollView? {
        if edge == .top, let observedTop { return observedTop }
        return super.contentScrollView(for: edge)
    }
}

@MainActor
@Suite("The scroll view the bars observe")
struct ContentScrollViewTests {
    func shown(_ controller: TwoListsController) -> (UINavigationController, HeadlessScreen) {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        controller.title = "Lists"
        let nav = UINavigationController(rootViewController: controller)
        nav.navigationBar.prefersLargeTitles = true
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        return (nav, screen)
    }

    /// Scrolls `table` 100 points into its content and reports the bar's height and
    /// background, then scrolls it back.
    func barAfterScrolling(_ table: UITableView, _ nav: UINavigationController, _ screen: HeadlessScreen)
        -> (height: CGFloat, progress: CGFloat) {
        let rest = table.contentOffset
        table.setContentOffset(CGPoint(x: 0, y: 100), animated: false)
        screen.advance(by: 0.02)
        let seen = (nav.navigationBar.frame.height, nav.navigationBar.scrollEdgeProgress)
        table.setContentOffset(rest, animated: false)
        screen.advance(by: 0.02)
        return seen
    }

    @Test("by default the bar follows the first scroll view at the top of the view")
    func foundInTheHierarchy() {
        let lists = TwoListsController()
        let (nav, screen) = shown(lists)
        #expect(lists.contentScrollView(for: .top) === lists.first)
        #expect(lists.contentScrollView(for: .bottom) === lists.first)
        let seen = barAfterScrolling(lists.first, nav, screen)
        #expect(seen.height == 44 && seen.progress == 1, "collapsed, with its material: \(seen)")
        #expect(nav.navigationBar.frame.height == 96, "large again at rest")
    }

    @Test("setContentScrollView(_:) moves the bar to another scroll view; nil goes back to the one found")
    func chosen() {
        let lists = TwoListsController()
        let (nav, screen) = shown(lists)
        lists.first.isHidden = true
        lists.setContentScrollView(lists.second)
        #expect(lists.contentScrollView(for: .top) === lists.second)
        let second = barAfterScrolling(lists.second, nav, screen)
        #expect(second.height == 44 && second.progress == 1, "the second list collapses the title: \(second)")
        lists.first.isHidden = false
        let first = barAfterScrolling(lists.first, nav, screen)
        #expect(first.height == 96 && first.progress == 0, "the first one no longer does: \(first)")

        lists.setContentScrollView(nil, for: .top)
        #expect(lists.contentScrollView(for: .top) === lists.first)
        #expect(lists.contentScrollView(for: .bottom) === lists.second, "the bottom edge keeps its own")
        let again = barAfterScrolling(lists.first, nav, screen)
        #expect(again.height == 44, "back to the one found: \(again)")
    }

    @Test("an override that returns nil keeps the bar as it is at the top of the content")
    func overriddenToNil() {
        let lists = TwoListsController()
        lists.observedTop = .some(nil)
        let (nav, screen) = shown(lists)
        let seen = barAfterScrolling(lists.first, nav, screen)
        #expect(seen.height == 96 && seen.progress == 0, "the title stays large and the bar clear: \(seen)")
    }

    /// A table pinned with Auto Layout to the safe area's top, or `below` points lower
    /// (under a header of the screen's own), with a standard or a large title.
    func pinnedTable(below: CGFloat = 0, large: Bool)
        -> (UIViewController, UITableView, UINavigationController, HeadlessScreen, NumberedTableController) {
        let controller = UIViewController()
        controller.title = "Pinned"
        let table = UITableView(frame: .zero, style: .plain)
        let source = NumberedTableController(style: .plain)
        table.dataSource = source
        table.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(table)
        NSLayoutConstraint.activate([
            table.topAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.topAnchor, constant: below),
            table.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
            table.trailingAnchor.constraint(equalTo: controller.view.trailingAnchor),
            table.bottomAnchor.constraint(equalTo: controller.view.bottomAnchor),
        ])
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let nav = UINavigationController(rootViewController: controller)
        nav.navigationBar.prefersLargeTitles = large
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        return (controller, table, nav, screen, source)
    }

    @Test("a table pinned to the safe area's top (just below the bar) is followed: the bar is clear at rest and turns as the content scrolls; a large title stays large")
    func pinnedBelowTheBar() {
        let (controller, table, nav, screen, source) = pinnedTable(large: false)
        #expect(table.frame.minY == controller.view.safeAreaInsets.top, "below the bar: \(table.frame)")
        #expect(controller.contentScrollView(for: .top) === table)
        #expect(nav.navigationBar.scrollEdgeProgress == 0, "clear at rest")
        let seen = barAfterScrolling(table, nav, screen)
        #expect(seen.progress == 1, "the bar's material once the content scrolls: \(seen)")
        #expect(nav.navigationBar.scrollEdgeProgress == 0, "clear again at rest")

        let (_, largeTable, largeNav, largeScreen, largeSource) = pinnedTable(large: true)
        #expect(largeNav.navigationBar.frame.height == 96)
        let large = barAfterScrolling(largeTable, largeNav, largeScreen)
        #expect(large.height == 96 && large.progress == 1, "the title stays large, over the bar's material: \(large)")
        withExtendedLifetime((source, largeSource)) {}
    }

    @Test("a table under a header of the screen's own is not followed: the bar stays clear")
    func belowAHeader() {
        let (controller, table, nav, screen, source) = pinnedTable(below: 100, large: false)
        #expect(controller.contentScrollView(for: .top) == nil)
        let seen = barAfterScrolling(table, nav, screen)
        #expect(seen.progress == 0, "\(seen)")
        withExtendedLifetime(source) {}
    }

    @Test("an edge other than top or bottom is reported and gets no scroll view")
    func otherEdges() {
        let lists = TwoListsController()
        _ = shown(lists)
        var reports: [String] = []
        let saved = UIViewController.onInvalidUse
        defer { UIViewController.onInvalidUse = saved }
        UIViewController.onInvalidUse = { reports.append($0) }
        #expect(lists.contentScrollView(for: .leading) == nil)
        #expect(lists.contentScrollView(for: .all) == nil)
        #expect(reports.count == 2)
        #expect(reports.first?.contains("contentScrollView(for:) takes .top or .bottom") == true)
        // Setting leading or trailing is ignored, as on iOS.
        lists.setContentScrollView(lists.second, for: [.leading, .trailing])
        #expect(lists.contentScrollView(for: .top) === lists.first)
        #expect(reports.count == 2)
    }
}
