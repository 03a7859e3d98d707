import Foundation
import Testing
@testable import TabulaUIKit
import TabulaTestSupport
@testable import TabulaTable

/// `UINavigationBarAppearance`, `UIToolbarAppearance`, `UITabBarAppearance` and the older
/// bar properties that write through to them, as an app sets them and as they are drawn.
@MainActor
@Suite("Bar appearance")
struct BarAppearanceTests {
    let screen = HeadlessScreen(size: CGSize(width: 390, height: 600), scale: 1)

    func navigation(_ configure: (UINavigationBar) -> Void = { _ in }) -> (UINavigationController, NumberedTableController) {
        let root = NumberedTableController(style: .plain)
        root.title = "Inbox"
        root.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Edit")
        let nav = UINavigationController(rootViewController: root)
        configure(nav.navigationBar)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        return (nav, root)
    }

    /// The pixel at `point` (points; the screen is at scale 1).
    func pixel(_ point: CGPoint) -> Pixel { screen.snapshot().cgImage!.pixel(x: Int(point.x), y: Int(point.y)) }

    /// A point in the bar's background, clear of its title and buttons.
    func barBackground(_ nav: UINavigationController) -> CGPoint {
        CGPoint(x: 60, y: nav.navigationBar.frame.maxY - 3)
    }

    func scrollUnder(_ table: UITableView) {
        table.setContentOffset(CGPoint(x: 0, y: table.contentOffset.y + 200), animated: false)
        screen.advance(by: 0.1)
    }

    @Test("an opaque standard appearance shows once content scrolls under; at the scroll edge the bar is clear (no scrollEdgeAppearance)")
    func standardAndScrollEdge() {
        let (nav, root) = navigation { bar in
            let look = UINavigationBarAppearance()
            look.configureWithOpaqueBackground()
            look.backgroundColor = .systemRed
            bar.standardAppearance = look
        }
        let at = barBackground(nav)
        #expect(pixel(at).green > 240, "at rest the table's white shows through the clear bar: \(pixel(at))")
        scrollUnder(root.tableView)
        let scrolled = pixel(at)
        #expect(scrolled.red > 240 && scrolled.green < 80, "scrolled, the bar is red: \(scrolled)")

        let edge = UINavigationBarAppearance()
        edge.configureWithOpaqueBackground()
        edge.backgroundColor = .systemBlue
        nav.navigationBar.scrollEdgeAppearance = edge
        root.tableView.setContentOffset(CGPoint(x: 0, y: -root.tableView.adjustedContentInset.top), animated: false)
        screen.advance(by: 0.1)
        let rest = pixel(at)
        #expect(rest.blue > 200 && rest.red < 80, "with a scroll edge appearance, the bar at rest is blue: \(rest)")
    }

    @Test("title and button text attributes colour the title and the bar's buttons")
    func textAttributes() throws {
        let (nav, _) = navigation { bar in
            let look = UINavigationBarAppearance()
            look.titleTextAttributes = [.foregroundColor: UIColor.systemGreen, .font: UIFont.systemFont(ofSize: 20, weight: .bold)]
            look.buttonAppearance.normal.titleTextAttributes = [.foregroundColor: UIColor.systemOrange]
            bar.standardAppearance = look
        }
        let content = try #require(nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last)
        let title = try #require(content.titleLabel)
        #expect(title.textColor == .systemGreen && title.font.pointSize == 20)
        #expect(content.rightButtons.first?.label.textColor == .systemOrange)
    }

    @Test("the top item's appearance wins while it is on top; the bar's comes back after a pop")
    func itemAppearance() {
        let (nav, root) = navigation { bar in
            let look = UINavigationBarAppearance()
            look.configureWithOpaqueBackground()
            look.backgroundColor = .systemRed
            bar.standardAppearance = look
            bar.scrollEdgeAppearance = look
        }
        let at = barBackground(nav)
        #expect(pixel(at).red > 240 && pixel(at).green < 80)
        let next = NumberedTableController(style: .plain)
        let green = UINavigationBarAppearance()
        green.configureWithOpaqueBackground()
        green.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        next.navigationItem.standardAppearance = green
        next.navigationItem.scrollEdgeAppearance = green
        nav.pushViewController(next, animated: false)
        screen.advance(by: 0.2)
        #expect(pixel(at).green > 240 && pixel(at).red < 80, "the pushed item's green: \(pixel(at))")
        nav.popViewController(animated: false)
        screen.advance(by: 0.2)
        #expect(pixel(at).red > 240 && pixel(at).green < 80, "back to the bar's red: \(pixel(at))")
        _ = root
    }

    @Test("the bar keeps a copy: changing the object afterwards changes nothing until it is assigned again")
    func copies() {
        let look = UINavigationBarAppearance()
        look.backgroundColor = .systemRed
        let (nav, _) = navigation { $0.standardAppearance = look }
        look.backgroundColor = .systemBlue
        #expect(nav.navigationBar.standardAppearance.backgroundColor == .systemRed)
        #expect(nav.navigationBar.standardAppearance !== look)
        let copy = look.copy()
        #expect(copy.backgroundColor == .systemBlue && type(of: copy) == UINavigationBarAppearance.self)
        let fromToolbar = UINavigationBarAppearance(barAppearance: UIToolbarAppearance())
        #expect(fromToolbar.backgroundEffect != nil, "a toolbar's background carries over")
    }

    @Test("the older properties write through: barTintColor once scrolled, titleTextAttributes, an empty shadow image hides the line")
    func legacyProperties() throws {
        let (nav, root) = navigation { bar in
            bar.barTintColor = .systemRed
            bar.titleTextAttributes = [.foregroundColor: UIColor.systemPurple]
        }
        let content = try #require(nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last)
        #expect(content.titleLabel?.textColor == .systemPurple)
        scrollUnder(root.tableView)
        let scrolled = pixel(barBackground(nav))
        #expect(scrolled.red > 200 && scrolled.green < 120, "scrolled, the bar tint shows: \(scrolled)")
        #expect(nav.navigationBar.standardAppearance.backgroundColor == .systemRed)
        nav.navigationBar.isTranslucent = false
        #expect(nav.navigationBar.standardAppearance.backgroundEffect == nil, "not translucent: no blur")
        // The classic transparent bar.
        nav.navigationBar.barTintColor = nil
        nav.navigationBar.setBackgroundImage(UIImage(), for: .default)
        nav.navigationBar.shadowImage = UIImage()
        nav.navigationBar.isTranslucent = true
        nav.navigationBar.setBackgroundImage(UIImage(), for: .default)
        screen.advance(by: 0.1)
        let look = nav.navigationBar.standardAppearance
        #expect(look.backgroundEffect == nil && look.backgroundImage == nil && look.backgroundColor == nil,
                "an empty background image leaves nothing behind the bar")
        #expect(nav.navigationBar.backgroundImage(for: .default) != nil)
        let line = pixel(CGPoint(x: 200, y: nav.navigationBar.frame.maxY))
        #expect(line.red > 240 && line.green > 240, "no hairline under the bar: \(line)")
    }

    @Test("a tab bar's item appearance colours the icons and titles; barTintColor colours the bar")
    func tabBar() throws {
        let first = UIViewController(), second = UIViewController()
        first.tabBarItem = UITabBarItem(title: "One", image: UIImage(systemName: "star"), tag: 0)
        second.tabBarItem = UITabBarItem(title: "Two", image: UIImage(systemName: "gear"), tag: 1)
        let tabs = UITabBarController()
        tabs.viewControllers = [first, second]
        let look = UITabBarAppearance()
        look.configureWithOpaqueBackground()
        look.backgroundColor = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
        look.stackedLayoutAppearance.selected.iconColor = .systemRed
        look.stackedLayoutAppearance.selected.titleTextAttributes = [.foregroundColor: UIColor.systemGreen]
        look.stackedLayoutAppearance.normal.iconColor = .systemPurple
        tabs.tabBar.standardAppearance = look
        let window = UIWindow(frame: .zero)
        window.rootViewController = tabs
        screen.show(window)
        screen.advance(by: 0.1)
        let buttons = tabs.tabBar.buttons
        #expect(buttons.count == 2)
        #expect(tabs.tabBar.color(for: first.tabBarItem) == .systemRed)
        #expect(tabs.tabBar.titleColor(for: first.tabBarItem) == .systemGreen)
        #expect(tabs.tabBar.color(for: second.tabBarItem) == .systemPurple)
        #expect(tabs.tabBar.titleColor(for: second.tabBarItem) == .systemPurple, "no title colour: the icon's")
        let bar = tabs.tabBar.frame
        let background = pixel(CGPoint(x: bar.minX + 3, y: bar.minY + 3))
        #expect(background.red > 240 && background.green > 240 && background.blue < 60, "the yellow bar: \(background)")
    }

    @Test("a toolbar's standard appearance colours its background and items")
    func toolbar() throws {
        let toolbar = UIToolbar(frame: CGRect(x: 0, y: 300, width: 390, height: 49))
        let look = UIToolbarAppearance()
        look.configureWithOpaqueBackground()
        look.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        look.buttonAppearance.normal.titleTextAttributes = [.foregroundColor: UIColor.systemYellow]
        toolbar.standardAppearance = look
        toolbar.items = [UIBarButtonItem(title: "Share")]
        let window = UIWindow(frame: .zero)
        window.backgroundColor = .white
        window.addSubview(toolbar)
        screen.show(window)
        screen.advance(by: 0.1)
        let button = try #require(toolbar.subviews.compactMap { $0 as? BarButtonView }.first)
        #expect(button.label.textColor == .systemYellow)
        let background = pixel(CGPoint(x: 380, y: 320))
        #expect(background.blue > 240 && background.red < 30, "the blue toolbar: \(background)")
    }

    // The proxies belong to the process: each test below sets them and clears them within
    // one synchronous body, so no other test's bars see them.

    @Test("UINavigationBar.appearance(), set at launch, gives every bar made afterwards its look; a bar's own settings win")
    func navigationBarProxy() {
        defer { AppearanceProxies.navigationBar = nil }
        let before = UINavigationBar(frame: .zero)
        let look = UINavigationBarAppearance()
        look.configureWithOpaqueBackground()
        look.backgroundColor = .systemRed
        look.titleTextAttributes = [.foregroundColor: UIColor.white]
        UINavigationBar.appearance().standardAppearance = look
        UINavigationBar.appearance().scrollEdgeAppearance = look
        UINavigationBar.appearance().tintColor = .systemOrange
        look.backgroundColor = .systemGreen   // the proxy kept a copy, as a bar does

        let (nav, _) = navigation()
        let bar = nav.navigationBar
        #expect(bar.standardAppearance.backgroundColor == .systemRed)
        #expect(bar.scrollEdgeAppearance?.backgroundColor == .systemRed)
        #expect(bar.tintColor == .systemOrange)
        let at = barBackground(nav)
        #expect(pixel(at).red > 240 && pixel(at).green < 80, "the proxy's red at the scroll edge: \(pixel(at))")
        // Made before: untouched. Set on the bar: its own wins.
        #expect(before.scrollEdgeAppearance == nil)
        #expect(before.standardAppearance.backgroundColor != .systemRed)
        let own = UINavigationBar(frame: .zero)
        own.tintColor = .systemPurple
        #expect(own.tintColor == .systemPurple)
        // A bar whose window sets a tint and whose proxy sets none inherits the window's.
        AppearanceProxies.navigationBar = nil
        UINavigationBar.appearance().barTintColor = .systemBlue
        let inheriting = UINavigationBar(frame: .zero)
        #expect(inheriting.ownTintColor == nil)
        #expect(inheriting.standardAppearance.backgroundColor == .systemBlue)
    }

    @Test("a proxy's backgroundColor is the bar's once it is shown, read back and drawn, for bars made before and after")
    func proxyBackgroundColor() {
        defer {
            AppearanceProxies.navigationBar = nil
            AppearanceProxies.tabBar = nil
            AppearanceProxies.toolbar = nil
        }
        let madeBefore = UINavigationController(rootViewController: UIViewController())
        UINavigationBar.appearance().backgroundColor = .systemRed
        UITabBar.appearance().backgroundColor = .systemBlue
        UIToolbar.appearance().backgroundColor = .systemGreen
        let (nav, _) = navigation()
        #expect(nav.navigationBar.backgroundColor == .systemRed)
        let at = barBackground(nav)
        #expect(pixel(at).red > 240 && pixel(at).green < 80, "the bar is filled with the proxy's red: \(pixel(at))")
        #expect(UITabBar(frame: .zero).backgroundColor == .systemBlue)
        #expect(UIToolbar(frame: .zero).backgroundColor == .systemGreen)
        let window = UIWindow(frame: .zero)
        window.rootViewController = madeBefore
        screen.show(window)
        screen.advance(by: 0.1)
        #expect(madeBefore.navigationBar.backgroundColor == .systemRed, "a bar made before takes it entering the window")
    }

    @Test("UITabBar.appearance() and UIToolbar.appearance() give new bars their appearances and item tints")
    func tabBarAndToolbarProxies() {
        defer {
            AppearanceProxies.tabBar = nil
            AppearanceProxies.toolbar = nil
        }
        // The proxy is a bar: calls on it act as on a bar, in order (isTranslucent = false
        // after the appearance would make its background the system's, as on any bar).
        UITabBar.appearance().isTranslucent = false
        let tabLook = UITabBarAppearance()
        tabLook.configureWithOpaqueBackground()
        tabLook.backgroundColor = .systemYellow
        UITabBar.appearance().standardAppearance = tabLook
        UITabBar.appearance().scrollEdgeAppearance = tabLook
        UITabBar.appearance().unselectedItemTintColor = .systemGray
        let tabBar = UITabBar(frame: .zero)
        #expect(tabBar.standardAppearance.backgroundColor == .systemYellow)
        #expect(tabBar.scrollEdgeAppearance?.backgroundColor == .systemYellow)
        #expect(tabBar.unselectedItemTintColor == .systemGray)
        #expect(!tabBar.isTranslucent)
        UIToolbar.appearance().barTintColor = .systemTeal
        let toolbar = UIToolbar(frame: .zero)
        #expect(toolbar.barTintColor == .systemTeal)
        #expect(toolbar.standardAppearance.backgroundColor == .systemTeal)
    }

    @Test("a proxy set after a bar was made (in a tab bar controller's viewDidLoad) reaches the bar when it enters the window")
    func proxySetInViewDidLoad() {
        defer { AppearanceProxies.tabBar = nil }
        final class Tabs: UITabBarController {
            override func viewDidLoad() {
                super.viewDidLoad()
                UITabBar.appearance().tintColor = .systemGreen
            }
        }
        let tabs = Tabs()
        let first = UIViewController()
        first.tabBarItem = UITabBarItem(title: "Search", image: nil, tag: 0)
        tabs.viewControllers = [first, UIViewController()]
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        window.rootViewController = tabs
        screen.show(window)
        screen.advance(by: 0.1)
        #expect(tabs.tabBar.tintColor == .systemGreen, "the selected tab shows in the proxy's green")
        let loose = UITabBar(frame: .zero)
        UITabBar.appearance().tintColor = .systemPink
        #expect(tabs.tabBar.tintColor == .systemGreen, "a bar on screen keeps its look")
        #expect(loose.tintColor != .systemPink, "a bar made before and never shown is untouched")
    }
}
