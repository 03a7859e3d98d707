import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// Gives the same neighbour on both sides of every page.
@MainActor
private final class FixedNeighbour: UIPageViewControllerDataSource {
    let neighbour: UIViewController
    init(_ neighbour: UIViewController) { self.neighbour = neighbour }
    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerBefore viewController: UIViewController) -> UIViewController? { nil }
    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerAfter viewController: UIViewController) -> UIViewController? { neighbour }
}

/// Page and split view controllers given controllers that cannot be their children: the
/// container itself, one around it, one already on a navigation stack or in another column.
/// Each is reported, shown nowhere new, and left where it was.
@MainActor
@Suite("Page and split view controller misuse")
struct PageAndSplitMisuseTests {
    let screen = HeadlessScreen(size: CGSize(width: 390, height: 844), scale: 1)

    /// An iPad at 1x in landscape, where a split view controller shows its columns side by side.
    static func iPad() -> HeadlessScreen {
        var device = DeviceProfile.iPadPro11
        device.scale = 1
        let screen = HeadlessScreen(device: device)
        screen.rotate(to: .landscapeRight, duration: 0)
        return screen
    }

    func show(_ root: UIViewController, on screen: HeadlessScreen? = nil) -> () -> [String] {
        let screen = screen ?? self.screen
        let window = UIWindow(frame: .zero)
        window.rootViewController = root
        screen.show(window)
        screen.advance(by: 0.1)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        return { reports }
    }

    /// A navigation controller with a second screen pushed; the second screen.
    func navigationWithPushed() -> (UINavigationController, UIViewController) {
        let pushed = UIViewController()
        let navigation = UINavigationController(rootViewController: UIViewController())
        navigation.pushViewController(pushed, animated: false)
        return (navigation, pushed)
    }

    @Test("a page on another navigation stack, the page view controller itself, or its container is refused")
    func pageThatCannotBeAChild() throws {
        let first = UIViewController()
        let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
        pages.setViewControllers([first], direction: .forward, animated: false)
        let container = UIViewController()
        container.addChild(pages)
        container.view.addSubview(pages.view)
        pages.didMove(toParent: container)
        let reports = show(container)
        let (navigation, pushed) = navigationWithPushed()
        pages.setViewControllers([pushed], direction: .forward, animated: true)
        pages.setViewControllers([pages], direction: .forward, animated: false)
        pages.setViewControllers([container], direction: .reverse, animated: false)
        screen.advance(by: 1)
        try #require(reports().count == 3, "\(reports())")
        #expect(reports()[0].contains("already a child of UINavigationController"))
        #expect(reports()[1].contains("its own ancestor") && reports()[2].contains("its own ancestor"))
        #expect(pages.viewControllers?.count == 1 && pages.viewControllers?.first === first)
        #expect(first.view.window != nil && pages.children.count == 1)
        #expect(pushed.parent === navigation && navigation.viewControllers.last === pushed)
        #expect(pages.parent === container && container.parent == nil)
    }

    @Test("a data source's neighbour that is on a navigation stack is reported, not swiped to")
    func neighbourOnAnotherStack() {
        let (navigation, pushed) = navigationWithPushed()
        let source = FixedNeighbour(pushed)
        let first = UIViewController()
        let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
        pages.setViewControllers([first], direction: .forward, animated: false)
        let reports = show(pages)
        pages.dataSource = source
        screen.drag(from: CGPoint(x: 350, y: 400), to: CGPoint(x: 20, y: 400), duration: 0.2)
        screen.advance(by: 1)
        #expect(!reports().isEmpty && reports().allSatisfy { $0.contains("viewControllerAfter") })
        #expect(pages.viewControllers?.first === first)
        #expect(pushed.parent === navigation && navigation.viewControllers.count == 2)
    }

    @Test("a controller already in the primary column cannot go in the secondary; the secondary keeps its own")
    func columnTwice() throws {
        let split = UISplitViewController(style: .doubleColumn)
        let list = UIViewController(), detail = UIViewController()
        split.setViewController(list, for: .primary)
        split.setViewController(detail, for: .secondary)
        let iPad = Self.iPad()
        defer { withExtendedLifetime(iPad) {} }
        let reports = show(split, on: iPad)
        #expect(!split.isCollapsed)
        split.setViewController(list, for: .secondary)
        split.setViewController(split, for: .secondary)
        try #require(reports().count == 2, "\(reports())")
        #expect(reports()[0].contains("already in the .primary column"))
        #expect(reports()[1].contains("its own ancestor"))
        #expect(split.viewController(for: .primary) === list && split.viewController(for: .secondary) === detail)
        #expect(detail.navigationController?.viewControllers == [detail])
        #expect(list.navigationController?.viewControllers == [list])
    }

    @Test("a classic split view controller refuses the same controller twice and one on a navigation stack")
    func classicMisuse() throws {
        let split = UISplitViewController()
        let master = UIViewController(), detail = UIViewController()
        split.viewControllers = [master, detail]
        let iPad = Self.iPad()
        defer { withExtendedLifetime(iPad) {} }
        let reports = show(split, on: iPad)
        #expect(!split.isCollapsed)
        let (navigation, pushed) = navigationWithPushed()
        split.viewControllers = [master, master]
        split.viewControllers = [pushed, detail]
        split.viewControllers = [split]
        try #require(reports().count == 3, "\(reports())")
        #expect(reports()[0].contains("given twice") && reports()[1].contains("already a child of UINavigationController"))
        #expect(split.viewControllers == [master, detail])
        #expect(master.parent === split && detail.parent === split)
        #expect(pushed.parent === navigation && navigation.viewControllers.count == 2)
    }
}
