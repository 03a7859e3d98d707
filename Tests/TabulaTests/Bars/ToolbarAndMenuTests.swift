import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

@MainActor
@Suite("Toolbars, bar button menus and system item symbols")
struct ToolbarAndMenuTests {
    let screen = HeadlessScreen(device: .iPhone15)

    func shown(_ controller: UIViewController) -> UINavigationController {
        let nav = UINavigationController(rootViewController: controller)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        return nav
    }

    @Test("a navigation controller's toolbar shows the top controller's items above the home indicator")
    func toolbarShowsItems() throws {
        let table = NumberedTableController(style: .plain)
        var tapped: [String] = []
        table.toolbarItems = [
            UIBarButtonItem(systemItem: .trash, primaryAction: UIAction { _ in tapped.append("trash") }),
            .flexibleSpace(),
            UIBarButtonItem(primaryAction: UIAction(title: "Archive") { _ in tapped.append("archive") }),
        ]
        let nav = shown(table)
        #expect(nav.isToolbarHidden, "hidden until asked for, as in UIKit")
        #expect(table.tableView.adjustedContentInset.bottom == 34)
        nav.setToolbarHidden(false, animated: false)
        #expect(nav.toolbar.frame == CGRect(x: 0, y: 852 - 34 - 49, width: 393, height: 49))
        #expect(table.tableView.safeAreaInsets.bottom == 83, "the toolbar is in the safe area")
        #expect(table.tableView.adjustedContentInset.bottom == 83)
        let views = nav.toolbar.itemViews
        #expect(views.count == 3)
        #expect(views[0].frame.minX == 16, "leading margin")
        #expect(abs(views[2].frame.maxX - (393 - 16)) < 0.5, "the flexible space pushes the last item to the trailing margin: \(views[2].frame)")
        screen.advance(by: 0.1)
        screen.tap(at: views[2].convert(CGPoint(x: views[2].bounds.midX, y: views[2].bounds.midY), to: nil))
        screen.tap(at: views[0].convert(CGPoint(x: views[0].bounds.midX, y: views[0].bounds.midY), to: nil))
        screen.advance(by: 0.1)
        #expect(tapped == ["archive", "trash"])
        writeForLooking(screen.snapshot(), "toolbar")
        // The trash item is drawn as a symbol, not the word.
        #expect((views[0] as? BarButtonView)?.symbol == "trash")
        #expect((views[0] as? BarButtonView)?.label.isHidden == true)
    }

    @Test("pushing a controller shows its toolbar items; popping brings the old ones back")
    func toolbarFollowsTheStack() {
        let first = UIViewController()
        first.toolbarItems = [UIBarButtonItem(systemItem: .add)]
        let nav = shown(first)
        nav.isToolbarHidden = false
        let second = UIViewController()
        second.toolbarItems = [UIBarButtonItem(systemItem: .compose), UIBarButtonItem(systemItem: .action)]
        nav.pushViewController(second, animated: true)
        screen.advance(by: 0.6)
        #expect(nav.toolbar.items?.count == 2)
        nav.popViewController(animated: true)
        screen.advance(by: 0.6)
        #expect(nav.toolbar.items?.first === first.toolbarItems?.first)
        second.setToolbarItems(nil, animated: false)
        #expect(nav.toolbar.items?.count == 1, "only the top controller's items reach the toolbar")
    }

    @Test("a bar item with a menu and no primary action shows the menu; choosing an action runs it and closes it")
    func barItemMenu() throws {
        let controller = UIViewController()
        var chosen: [String] = []
        let menu = UIMenu(children: [
            UIAction(title: "Newest First") { _ in chosen.append("newest") },
            UIAction(title: "Oldest First") { _ in chosen.append("oldest") },
            UIMenu(options: .displayInline, children: [
                UIAction(title: "Delete All", attributes: .destructive) { _ in chosen.append("delete") },
            ]),
        ])
        let sort = UIBarButtonItem(title: "Sort", menu: menu)
        controller.navigationItem.rightBarButtonItem = sort
        let nav = shown(controller)
        let content = try #require(nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last)
        let button = try #require(content.rightButtons.first)
        screen.tap(at: button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil))
        screen.advance(by: 0.4)
        let platter = try #require(screen.menuOnScreen)
        #expect(platter.rowTitles == ["Newest First", "Oldest First", "Delete All"])
        writeForLooking(screen.snapshot(), "bar-menu")
        // The second row, below the button.
        let buttonFrame = button.convert(button.bounds, to: nil)
        screen.tap(at: CGPoint(x: buttonFrame.maxX - 100, y: buttonFrame.maxY + 6 + 44 + 22))
        screen.advance(by: 0.3)
        #expect(chosen == ["oldest"])
        #expect(screen.menuOnScreen == nil, "closed after choosing")
        // A tap outside closes it without choosing.
        screen.tap(at: button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil))
        screen.advance(by: 0.4)
        #expect(screen.menuOnScreen != nil)
        screen.tap(at: CGPoint(x: 60, y: 600))
        screen.advance(by: 0.3)
        #expect(screen.menuOnScreen == nil)
        #expect(chosen == ["oldest"])
    }

    @Test("one bar button item shown in two bars is reported")
    func sharedItemReported() {
        var reports: [String] = []
        let saved = UIViewController.onInvalidUse
        UIViewController.onInvalidUse = { reports.append($0) }
        defer { UIViewController.onInvalidUse = saved }
        let shared = UIBarButtonItem(systemItem: .add)
        let a = UIViewController()
        a.navigationItem.rightBarButtonItem = shared
        _ = shown(a)
        let toolbar = UIToolbar(frame: CGRect(x: 0, y: 700, width: 393, height: 49))
        a.view.addSubview(toolbar)
        toolbar.items = [shared]
        #expect(reports.count == 1 && reports[0].contains("two bars"), "\(reports)")
    }
}

@MainActor
@Suite("Title views and prompts")
struct TitleViewAndPromptTests {
    let screen = HeadlessScreen(device: .iPhone15)

    @Test("a title view replaces the title, centred in the bar at its own size")
    func titleView() throws {
        let controller = UIViewController()
        controller.title = "Hidden"
        let segment = UIView(frame: CGRect(x: 0, y: 0, width: 180, height: 32))
        segment.backgroundColor = .systemGray5
        controller.navigationItem.titleView = segment
        let nav = UINavigationController(rootViewController: controller)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        let frame = segment.convert(segment.bounds, to: nil)
        #expect(frame == CGRect(x: 106.5, y: 65, width: 180, height: 32))
        let content = try #require(nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last)
        #expect(content.titleLabel == nil, "the title is not drawn under it")
    }

    @Test("a prompt adds a line above the bar's buttons; the content moves down with it")
    func prompt() throws {
        let table = NumberedTableController(style: .plain)
        table.title = "Recipients"
        let nav = UINavigationController(rootViewController: table)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        #expect(nav.navigationBar.frame.height == 44)
        table.navigationItem.prompt = "Choose up to three"
        screen.advance(by: 0.1)
        #expect(nav.navigationBar.frame.height == 74)
        #expect(table.tableView.adjustedContentInset.top == 133)
        #expect(table.tableView.contentOffset.y == -133, "the content at rest stays at the top, below the prompt")
        let content = try #require(nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last)
        #expect(content.promptLabel?.text == "Choose up to three")
        #expect(content.titleLabel?.frame.minY == 30, "the title moves down below the prompt")
        writeForLooking(screen.snapshot(), "prompt")
    }
}

@MainActor
@Suite("Custom views in bars")
struct BarCustomViewTests {
    @Test("a bar button item's custom view shows at its own size and gets its own touches")
    func customView() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let controller = UIViewController()
        var taps = 0
        let button = UIButton(type: .system, primaryAction: UIAction(title: "Filter") { _ in taps += 1 })
        button.frame = CGRect(x: 0, y: 0, width: 70, height: 32)
        controller.navigationItem.rightBarButtonItem = UIBarButtonItem(customView: button)
        let nav = UINavigationController(rootViewController: controller)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        let frame = button.convert(button.bounds, to: nil)
        #expect(frame.size == CGSize(width: 70, height: 32))
        #expect(frame.maxX == 393 - 16 && frame.midY == 59 + 22, "at the bar's 16-point margin")
        screen.tap(at: CGPoint(x: frame.midX, y: frame.midY))
        screen.advance(by: 0.1)
        #expect(taps == 1)
    }
}
