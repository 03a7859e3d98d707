import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A page that logs its appearance.
@MainActor
private final class Page: UIViewController {
    let number: Int
    var log: [String] = []
    init(_ number: Int) {
        self.number = number
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError("not from a storyboard") }
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = [UIColor.systemRed, .systemGreen, .systemBlue][number % 3]
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        log.append("appeared")
    }
}

/// Three pages in order, an indicator, and a log of the delegate's calls.
@MainActor
private final class Pages: UIPageViewControllerDataSource, UIPageViewControllerDelegate {
    let pages = (0 ..< 3).map { Page($0) }
    var log: [String] = []

    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerBefore viewController: UIViewController) -> UIViewController? {
        guard let page = viewController as? Page, page.number > 0 else { return nil }
        return pages[page.number - 1]
    }
    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerAfter viewController: UIViewController) -> UIViewController? {
        guard let page = viewController as? Page, page.number < pages.count - 1 else { return nil }
        return pages[page.number + 1]
    }
    func presentationCount(for pageViewController: UIPageViewController) -> Int { pages.count }
    func presentationIndex(for pageViewController: UIPageViewController) -> Int {
        (pageViewController.viewControllers?.first as? Page)?.number ?? 0
    }
    func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]) {
        log.append("will \((pendingViewControllers.first as? Page)?.number ?? -1)")
    }
    func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                            previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {
        log.append("did from \((previousViewControllers.first as? Page)?.number ?? -1) \(completed ? "completed" : "cancelled")")
    }
}

/// A data source that notes the page it last handed out and reports that one's index to
/// the indicator (a shortcut onboarding screens often take).
@MainActor
private final class LastHandedOut: UIPageViewControllerDataSource {
    let pages = (0 ..< 3).map { Page($0) }
    var last: UIViewController?
    init() { last = pages[0] }
    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerBefore viewController: UIViewController) -> UIViewController? {
        guard let i = pages.firstIndex(where: { $0 === viewController }), i > 0 else { return nil }
        last = pages[i - 1]
        return last
    }
    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerAfter viewController: UIViewController) -> UIViewController? {
        guard let i = pages.firstIndex(where: { $0 === viewController }), i < pages.count - 1 else { return nil }
        last = pages[i + 1]
        return last
    }
    func presentationCount(for pageViewController: UIPageViewController) -> Int { pages.count }
    func presentationIndex(for pageViewController: UIPageViewController) -> Int {
        pages.firstIndex(where: { $0 === last }) ?? 0
    }
}

@MainActor
@Suite("UIPageViewController: pages from a data source, turned by a swipe")
struct PageViewControllerTests {
    let screen = HeadlessScreen(size: CGSize(width: 390, height: 844), scale: 1)

    private func shown(_ style: UIPageViewController.TransitionStyle = .scroll) -> (UIPageViewController, Pages) {
        let controller = UIPageViewController(transitionStyle: style, navigationOrientation: .horizontal,
                                              options: [.interPageSpacing: 10])
        let pages = Pages()
        controller.dataSource = pages
        controller.delegate = pages
        controller.setViewControllers([pages.pages[0]], direction: .forward, animated: false)
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 1.0 / 60)
        return (controller, pages)
    }

    private func page(_ controller: UIPageViewController) -> Int { (controller.viewControllers?.first as? Page)?.number ?? -1 }

    @Test("a swipe past half a page turns it: the neighbour slides in beside the page, and stays; the delegate hears both ends")
    func swipeTurnsThePage() throws {
        let (controller, pages) = shown()
        #expect(page(controller) == 0 && controller.children.count == 1)
        #expect(pages.pages[0].log == ["appeared"])
        let indicator = try #require(controller.view.subviews.compactMap { $0 as? UIPageControl }.first)
        #expect(!indicator.isHidden && indicator.numberOfPages == 3 && indicator.currentPage == 0)

        // Mid-swipe: both pages on screen, side by side, 10 points apart.
        let finger = screen.touchDown(at: CGPoint(x: 300, y: 400))
        for x in stride(from: 290, through: 100, by: -10) {
            screen.advance(by: 1.0 / 60)
            screen.moveTouch(finger, to: CGPoint(x: CGFloat(x), y: 400))
        }
        let first = pages.pages[0].view.convert(pages.pages[0].view.bounds, to: nil)
        let second = pages.pages[1].view.convert(pages.pages[1].view.bounds, to: nil)
        #expect(first.minX < -100 && first.minX > -300, "the page follows the finger: \(first)")
        #expect(abs(second.minX - (first.maxX + 10)) < 0.5, "the next page beside it: \(second) after \(first)")
        #expect(pages.log == ["will 1"])
        writeForLooking(screen.snapshot(), "page-view-mid-swipe")
        screen.liftTouch(finger)
        screen.advance(by: 1)
        #expect(page(controller) == 1)
        #expect(pages.log == ["will 1", "did from 0 completed"])
        #expect(controller.children.map { ($0 as? Page)?.number } == [1], "only the page shown is a child")
        #expect(pages.pages[0].viewIfLoaded?.superview == nil)
        #expect(pages.pages[1].view.convert(pages.pages[1].view.bounds, to: nil).minX == 0)
        #expect(pages.pages[1].log == ["appeared"])
        #expect(indicator.currentPage == 1)
    }

    @Test("each page, in a navigation controller on a phone, gets the page view controller's safe area, on the first page and after swipes")
    func pagesTakeTheSafeArea() throws {
        let phone = HeadlessScreen(device: .iPhone15)
        let controller = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
        let pages = Pages()
        controller.dataSource = pages
        controller.setViewControllers([pages.pages[0]], direction: .forward, animated: false)
        let window = UIWindow(frame: .zero)
        window.rootViewController = UINavigationController(rootViewController: controller)
        phone.show(window)
        phone.advance(by: 0.2)
        let expected = controller.view.safeAreaInsets
        #expect(expected.top > 90 && expected.bottom == 34, "the bar and the home indicator: \(expected)")
        #expect(pages.pages[0].view.safeAreaInsets == expected)
        // A page's views can keep clear of the bar through its guide.
        let label = UILabel()
        label.translatesAutoresizingMaskIntoConstraints = false
        pages.pages[0].view.addSubview(label)
        label.topAnchor.constraint(equalTo: pages.pages[0].view.safeAreaLayoutGuide.topAnchor).isActive = true
        label.leadingAnchor.constraint(equalTo: pages.pages[0].view.safeAreaLayoutGuide.leadingAnchor).isActive = true
        phone.advance(by: 0.1)
        #expect(label.convert(label.bounds, to: nil).minY == expected.top)
        for number in [1, 2, 1] {
            let from: CGFloat = number > page(controller) ? 330 : 60, to: CGFloat = number > page(controller) ? 40 : 350
            let finger = phone.touchDown(at: CGPoint(x: from, y: 400))
            for step in 1 ... 10 {
                phone.advance(by: 1.0 / 60)
                phone.moveTouch(finger, to: CGPoint(x: from + (to - from) * CGFloat(step) / 10, y: 400))
            }
            phone.liftTouch(finger)
            phone.advance(by: 1)
            #expect(page(controller) == number)
            #expect(pages.pages[number].view.safeAreaInsets == expected,
                    "page \(number) in its slot: \(pages.pages[number].view.safeAreaInsets)")
        }
        // Turned to landscape: the sides too.
        phone.rotate(to: .landscapeLeft)
        phone.advance(by: 1)
        let turned = controller.view.safeAreaInsets
        #expect(turned.left > 0 && turned.right > 0)
        #expect(pages.pages[1].view.safeAreaInsets == turned)
    }

    @Test("the indicator is asked before the neighbours: a data source reporting the page it last handed out shows the page on screen")
    func indicatorAskedBeforeNeighbours() throws {
        let controller = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
        let source = LastHandedOut()
        controller.dataSource = source
        controller.setViewControllers([source.pages[0]], direction: .forward, animated: false)
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 1.0 / 60)
        let indicator = try #require(controller.view.subviews.compactMap { $0 as? UIPageControl }.first)
        #expect(indicator.currentPage == 0, "the first page shows, and its dot is lit")
        controller.setViewControllers([source.pages[1]], direction: .forward, animated: false)
        screen.advance(by: 1.0 / 60)
        #expect(indicator.currentPage == 1)
    }

    @Test("a short, slow drag lets the page come back: the transition is cancelled; the first page does not turn backwards")
    func shortDragComesBack() {
        let (controller, pages) = shown()
        screen.drag(from: CGPoint(x: 300, y: 400), to: CGPoint(x: 250, y: 400), duration: 1)
        screen.advance(by: 1)
        #expect(page(controller) == 0)
        #expect(pages.log == ["will 1", "did from 0 cancelled"])
        #expect(controller.children.count == 1)
        pages.log.removeAll()
        screen.drag(from: CGPoint(x: 50, y: 400), to: CGPoint(x: 350, y: 400), duration: 0.3)
        screen.advance(by: 1)
        #expect(page(controller) == 0, "nothing before the first page")
        #expect(pages.log.isEmpty)
    }

    @Test("setViewControllers animated slides the new page in from the side its direction says, then calls the completion")
    func programmaticChange() {
        let (controller, pages) = shown()
        var finished: [Bool] = []
        controller.setViewControllers([pages.pages[2]], direction: .forward, animated: true) { finished.append($0) }
        screen.advance(by: 0.1)
        let coming = pages.pages[2].view.convert(pages.pages[2].view.bounds, to: nil)
        #expect(coming.minX > 0 && coming.minX < 390, "midway, the new page comes from the right: \(coming)")
        screen.advance(by: 1)
        #expect(finished == [true])
        #expect(page(controller) == 2 && controller.children.count == 1)
        #expect(pages.log.isEmpty, "the delegate hears only swipes")
        controller.setViewControllers(nil, direction: .reverse, animated: false)
        #expect(page(controller) == 2, "no page given: nothing changes")

        // Back to the first page, in reverse: it comes from the left, the old page leaves to the right.
        controller.setViewControllers([pages.pages[0]], direction: .reverse, animated: true) { finished.append($0) }
        screen.advance(by: 0.1)
        let back = pages.pages[0].view.convert(pages.pages[0].view.bounds, to: nil)
        let leaving = pages.pages[2].view.convert(pages.pages[2].view.bounds, to: nil)
        #expect(back.maxX > 0 && back.maxX < 390, "midway, the first page comes from the left: \(back)")
        #expect(leaving.minX > 0 && leaving.minX < 400, "and the old one leaves to the right: \(leaving)")
        screen.advance(by: 1)
        #expect(finished == [true, true] && page(controller) == 0)

        // In reverse from the first page (nothing before it, so it sat in the first slot).
        controller.setViewControllers([pages.pages[2]], direction: .reverse, animated: true) { finished.append($0) }
        screen.advance(by: 0.1)
        let fromLeft = pages.pages[2].view.convert(pages.pages[2].view.bounds, to: nil)
        #expect(fromLeft.maxX > 0 && fromLeft.maxX < 390, "midway, it slides in from the left: \(fromLeft)")
        screen.advance(by: 1)
        #expect(finished == [true, true, true] && page(controller) == 2)
    }
}
