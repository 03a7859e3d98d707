import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

@MainActor
@Suite("The back swipe: an interactive pop from the left edge")
struct BackSwipeTests {
    let log = CallbackLog()
    let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))

    /// A navigation controller on screen with A at the root and B pushed (log cleared).
    func twoDeep(tableOnTop: Bool = false) -> (UINavigationController, StackController, UIViewController) {
        let a = StackController("A", log: log)
        let nav = UINavigationController(rootViewController: a)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        let b: UIViewController = tableOnTop ? NumberedTableController(style: .plain) : StackController("B", log: log)
        b.title = "B"
        nav.pushViewController(b, animated: false)
        screen.advance(by: 0.1)
        log.entries = []
        return (nav, a, b)
    }

    /// Puts a finger down at the left edge and moves it right to `x` over a few frames.
    func dragFromEdge(to x: CGFloat, y: CGFloat = 240) -> Int {
        let id = screen.touchDown(at: CGPoint(x: 4, y: y))
        screen.advance(by: 1.0 / 60)
        let steps = 8
        for i in 1 ... steps {
            screen.moveTouch(id, to: CGPoint(x: 4 + (x - 4) * CGFloat(i) / CGFloat(steps), y: y))
            screen.advance(by: 1.0 / 60)
        }
        return id
    }

    @Test("dragging from the left edge moves the top view with the finger and uncovers the one below")
    func followsTheFinger() {
        let (nav, a, b) = twoDeep()
        let id = dragFromEdge(to: 164)
        #expect(abs(b.view.frame.minX - 160) < 0.5, "the top view is under the finger: \(b.view.frame.minX)")
        #expect(a.view.superview === nav.view, "the view below is uncovered")
        #expect(abs(a.view.frame.minX - (-320.0 / 3 * 0.5)) < 0.5, "half way back from a third left: \(a.view.frame.minX)")
        #expect(nav.viewControllers === [a], "the stack already reads without the top, as in UIKit")
        #expect(log.entries == ["B.willMove(nil)", "B.viewWillDisappear", "A.viewWillAppear", "A.viewIsAppearing"])
        // Frame by frame while the finger rests: nothing moves on its own.
        screen.advance(by: 0.2)
        #expect(abs(b.view.frame.minX - 160) < 0.5)
        screen.liftTouch(id)
        screen.advance(by: 0.6)
    }

    @Test("released slowly past half way, the pop completes and the callbacks say so")
    func completesPastHalfWay() {
        let (nav, a, b) = twoDeep()
        let id = dragFromEdge(to: 220)
        screen.advance(by: 0.3)  // rest, so the release is slow
        screen.liftTouch(id)
        var positions: [CGFloat] = []
        for _ in 0 ..< 30 {
            screen.advance(by: 1.0 / 60)
            if b.view.superview != nil { positions.append(b.view.layer.presentation()?.frame.minX ?? b.view.frame.minX) }
        }
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 <= $1 + 0.01 }, "glides right without jumping back: \(positions)")
        #expect(positions.count > 5 && positions.last! > 310, "and reaches the right edge before it leaves")
        #expect(nav.viewControllers === [a])
        #expect(b.view.superview == nil)
        #expect(b.parent == nil)
        #expect(log.entries == ["B.willMove(nil)", "B.viewWillDisappear", "A.viewWillAppear", "A.viewIsAppearing",
                                "B.viewDidDisappear", "A.viewDidAppear", "B.didMove(nil)"])
        let content = nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }
        #expect(content.count == 1 && content[0].titleLabel?.text == "A", "the bar shows A's title alone")
        #expect(content.first?.backButton == nil)
    }

    @Test("released before half way and slowly, it springs back; callbacks say the top reappeared")
    func cancelsBeforeHalfWay() {
        let (nav, a, b) = twoDeep()
        let id = dragFromEdge(to: 100)
        screen.advance(by: 0.3)
        screen.liftTouch(id)
        screen.advance(by: 1.0 / 60)
        #expect(log.entries.suffix(2) == ["B.viewWillAppear", "A.viewWillDisappear"], "the way back is announced at release")
        screen.advance(by: 0.5)
        #expect(b.view.frame.minX == 0)
        #expect(a.view.superview == nil, "the uncovered view leaves again")
        #expect(nav.viewControllers === [a, b], "the stack is as before")
        #expect(b.parent === nav)
        #expect(log.entries == ["B.willMove(nil)", "B.viewWillDisappear", "A.viewWillAppear", "A.viewIsAppearing",
                                "B.viewWillAppear", "A.viewWillDisappear",
                                "B.viewIsAppearing", "B.viewDidAppear", "A.viewDidDisappear", "B.didMove(nav)"])
        let content = nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }
        #expect(content.count == 1 && content[0].titleLabel?.text == "B" && content[0].backButton?.label.text == "A",
                "the bar shows B with its back button again")
        #expect(content.first?.alpha == 1 && content.first?.frame.minX == 0)
    }

    @Test("the monkey's edge swipe over a pushed table ends its appearance callbacks", arguments: [120.0, 247.0, 380.0])
    func monkeySwipeBalances(reach: CGFloat) {
        // As in the Reading List: a root with a large title and a search row, a pushed
        // table that never shows a large title.
        let (nav, a, b) = twoDeep(tableOnTop: true)
        nav.navigationBar.prefersLargeTitles = true
        a.navigationItem.searchController = UISearchController()
        b.navigationItem.largeTitleDisplayMode = .never
        screen.advance(by: 0.5)
        let finger = screen.touchDown(at: CGPoint(x: 3, y: 300))
        for step in 1 ... 10 {
            screen.advance(by: 1.0 / 60)
            screen.moveTouch(finger, to: CGPoint(x: 3 + (reach - 3) * CGFloat(step) / 10, y: 300))
        }
        screen.liftTouch(finger)
        screen.advance(by: 3)
        for controller in [a, b] {
            let inWindow = controller.viewIfLoaded?.window != nil
            #expect(controller.appearance == (inWindow ? .appeared : .disappeared),
                    "\(controller.title ?? "?"): \(controller.appearance), in the window: \(inWindow); stack \(nav.viewControllers.map { $0.title ?? "?" })")
        }
    }

    @Test("a fast flick completes the pop even from a short way in")
    func flickCompletes() {
        let (nav, a, _) = twoDeep()
        let id = screen.touchDown(at: CGPoint(x: 4, y: 240))
        screen.advance(by: 1.0 / 60)
        for x in stride(from: CGFloat(20), through: 90, by: 14) {
            screen.moveTouch(id, to: CGPoint(x: x, y: 240))
            screen.advance(by: 1.0 / 60)
        }
        screen.liftTouch(id)
        screen.advance(by: 0.5)
        #expect(nav.viewControllers === [a])
    }

    @Test("a drag that starts away from the edge, or at the root, is no back swipe")
    func onlyFromTheEdge() {
        let (nav, a, b) = twoDeep()
        screen.drag(from: CGPoint(x: 60, y: 240), to: CGPoint(x: 260, y: 240))
        screen.advance(by: 0.5)
        #expect(nav.viewControllers === [a, b])
        nav.popViewController(animated: false)
        let id = dragFromEdge(to: 200)
        #expect(a.view.frame.minX == 0, "nothing to go back to")
        screen.liftTouch(id)
        nav.interactivePopGestureRecognizer?.isEnabled = false
    }

    @Test("over a table, a swipe from the edge pops instead of scrolling")
    func overATable() {
        let (nav, a, b) = twoDeep(tableOnTop: true)
        let table = (b as! NumberedTableController).tableView!
        let offset = table.contentOffset
        let id = dragFromEdge(to: 200, y: 300)
        #expect(table.contentOffset == offset, "the table did not scroll")
        #expect(b.view.frame.minX > 150)
        writeForLooking(screen.snapshot(), "back-swipe-table")
        screen.liftTouch(id)
        screen.advance(by: 0.6)
        #expect(nav.viewControllers === [a])
    }

    /// A screen laid out as a storyboard pins a collection view to the safe area: a
    /// vertical scroll view below the top of the view, with a sideways carousel in it.
    final class ScrollViewsBelowTheBar: UIViewController {
        let list = UIScrollView(frame: CGRect(x: 0, y: 100, width: 320, height: 380))
        let carousel = UIScrollView(frame: CGRect(x: 0, y: 150, width: 320, height: 100))
        override func viewDidLoad() {
            super.viewDidLoad()
            list.contentSize = CGSize(width: 320, height: 2000)
            carousel.contentSize = CGSize(width: 1200, height: 100)
            list.addSubview(carousel)
            view.addSubview(list)
        }
    }

    @Test("a swipe from the edge pops over scroll views that do not reach the top of the screen, a carousel's too",
          arguments: [150.0, 300.0])
    func overScrollViewsBelowTheBar(y: CGFloat) {
        let a = StackController("A", log: log)
        let nav = UINavigationController(rootViewController: a)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        let b = ScrollViewsBelowTheBar()
        nav.pushViewController(b, animated: false)
        screen.advance(by: 0.1)
        let id = dragFromEdge(to: 220, y: y + 100)
        #expect(b.view.frame.minX > 150, "the screen follows the finger")
        #expect(b.list.contentOffset == .zero && b.carousel.contentOffset == .zero, "nothing scrolled")
        screen.liftTouch(id)
        screen.advance(by: 0.8)
        #expect(nav.viewControllers === [a], "popped")
    }

    /// A table whose rows have a leading "Read" action that logs when it runs.
    final class ReadActionTable: UITableViewController {
        var ran: [Int] = []
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 20 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
        override func tableView(_ tableView: UITableView,
                                leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
            UISwipeActionsConfiguration(actions: [UIContextualAction(style: .normal, title: "Read") { [weak self] _, _, done in
                self?.ran.append(indexPath.row)
                done(true)
            }])
        }
    }

    @Test("from the screen's edge over a row with leading swipe actions, the back swipe wins; away from it, the row swipes")
    func edgeSwipeOverLeadingActions() throws {
        let a = StackController("A", log: log)
        let nav = UINavigationController(rootViewController: a)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        let table = ReadActionTable(style: .plain)
        nav.pushViewController(table, animated: false)
        screen.advance(by: 0.1)
        let id = dragFromEdge(to: 220, y: 200)
        #expect(table.view.frame.minX > 150, "the table's screen follows the finger")
        screen.liftTouch(id)
        screen.advance(by: 0.8)
        #expect(nav.viewControllers === [a], "popped")
        #expect(table.ran.isEmpty, "the row's action did not run")

        // Pushed again, a swipe that starts away from the edge opens the row's actions.
        nav.pushViewController(table, animated: false)
        screen.advance(by: 0.1)
        screen.drag(from: CGPoint(x: 60, y: 200), to: CGPoint(x: 300, y: 200), duration: 0.3)
        screen.advance(by: 0.8)
        #expect(nav.viewControllers.count == 2, "no pop from the middle of the screen")
        #expect(table.ran.count == 1, "a full swipe runs the leading action")
    }

    @Test("a push while the finger is down puts the swiped view back first")
    func pushDuringSwipe() {
        let (nav, a, b) = twoDeep()
        let id = dragFromEdge(to: 120)
        let c = StackController("C", log: log)
        nav.pushViewController(c, animated: false)
        #expect(nav.viewControllers === [a, b, c])
        #expect(b.view.superview == nil && c.view.frame.minX == 0)
        screen.liftTouch(id)
        screen.advance(by: 0.5)
        #expect(nav.viewControllers === [a, b, c], "lifting the finger afterwards changes nothing")
    }
}
