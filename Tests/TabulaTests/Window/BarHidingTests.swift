import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// `hidesBarsOnSwipe` and `hidesBarsOnTap`. UIKit: "When this property is set to true, an
/// upward swipe hides the navigation bar and toolbar. A downward swipe shows both bars
/// again. If the toolbar does not have any items, it remains visible even after a swipe."
@MainActor
@Suite("Hiding the navigation bar on swipe and tap")
struct BarHidingTests {
    let screen = HeadlessScreen(size: CGSize(width: 320, height: 480))

    /// A table of 40 rows in a navigation controller, with a toolbar of one item when `toolbar`.
    func shown(toolbar: Bool = false) -> (UINavigationController, NumberedTableController) {
        let table = NumberedTableController(style: .plain)
        table.title = "Rows"
        if toolbar { table.toolbarItems = [UIBarButtonItem(systemItem: .add)] }
        let nav = UINavigationController(rootViewController: table)
        if toolbar { nav.isToolbarHidden = false }
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        return (nav, table)
    }

    /// Where row 8 is on screen.
    func rowY(_ table: NumberedTableController) throws -> CGFloat {
        try #require(table.tableView.cellForRow(at: IndexPath(row: 8, section: 0))).convert(CGPoint.zero, to: nil).y
    }

    @Test("swiping up hides the bar, sliding, and the content moves up; swiping down brings the bar back")
    func swipeUpAndDown() throws {
        let (nav, table) = shown(toolbar: true)
        nav.hidesBarsOnSwipe = true
        #expect(nav.barHideOnSwipeGestureRecognizer.isEnabled)
        let before = try rowY(table)
        // Up by 40 points over a few frames, the finger still down: the bar is on its way out.
        let finger = screen.touchDown(at: CGPoint(x: 160, y: 400))
        for step in 1 ... 4 {
            screen.advance(by: 1.0 / 60)
            screen.moveTouch(finger, to: CGPoint(x: 160, y: 400 - 10 * CGFloat(step)))
        }
        #expect(nav.isNavigationBarHidden && nav.isToolbarHidden, "hidden from the swipe on")
        screen.advance(by: 0.08)
        let sliding = nav.navigationBar.layer.presentation()!.frame.minY
        #expect(sliding < 0 && sliding > -44, "the bar slides up: \(sliding)")
        for step in 5 ... 10 {
            screen.advance(by: 1.0 / 60)
            screen.moveTouch(finger, to: CGPoint(x: 160, y: 400 - 10 * CGFloat(step)))
        }
        screen.liftTouch(finger)
        screen.advance(by: 1)
        #expect(nav.navigationBar.frame.maxY <= 0 && nav.navigationBar.isHidden, "\(nav.navigationBar.frame)")
        #expect(nav.toolbar.frame.minY >= 480 && nav.toolbar.isHidden, "the toolbar with items goes too")
        #expect(table.tableView.safeAreaInsets.top == 0, "nothing covers the content's top")
        let after = try rowY(table)
        #expect(after <= before - 100, "the content moved up with the finger: \(before) → \(after)")
        writeForLooking(screen.snapshot(), "bars-hidden-on-swipe")

        screen.drag(from: CGPoint(x: 160, y: 150), to: CGPoint(x: 160, y: 230), duration: 0.3)
        #expect(!nav.isNavigationBarHidden && !nav.isToolbarHidden)
        screen.advance(by: 1)
        #expect(nav.navigationBar.frame.minY == 0 && !nav.navigationBar.isHidden)
        #expect(nav.toolbar.frame.maxY == 480 && !nav.toolbar.isHidden)
        #expect(table.tableView.safeAreaInsets.top == 44, "the bar covers the top again")
    }

    @Test("off by default: a swipe only scrolls; a toolbar without items stays when the bars hide")
    func offByDefaultAndEmptyToolbar() {
        let (nav, _) = shown()
        #expect(!nav.hidesBarsOnSwipe && !nav.barHideOnSwipeGestureRecognizer.isEnabled)
        screen.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 250))
        screen.advance(by: 0.5)
        #expect(!nav.isNavigationBarHidden)
        nav.hidesBarsOnSwipe = true
        nav.isToolbarHidden = false
        screen.advance(by: 0.1)
        screen.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 250))
        screen.advance(by: 0.5)
        #expect(nav.isNavigationBarHidden)
        #expect(!nav.isToolbarHidden, "a toolbar without items remains visible")
        // A sideways drag does nothing to the bars.
        screen.drag(from: CGPoint(x: 60, y: 300), to: CGPoint(x: 260, y: 310))
        #expect(nav.isNavigationBarHidden)
    }

    @Test("with hidesBarsOnTap, a tap in the content hides the bars and another shows them; a tap on the bar does not")
    func tapToggles() {
        let (nav, _) = shown()
        nav.hidesBarsOnTap = true
        screen.tap(at: CGPoint(x: 160, y: 22))
        screen.advance(by: 0.5)
        #expect(!nav.isNavigationBarHidden, "the bar's own tap")
        screen.tap(at: CGPoint(x: 160, y: 300))
        screen.advance(by: 0.5)
        #expect(nav.isNavigationBarHidden && nav.navigationBar.isHidden)
        screen.tap(at: CGPoint(x: 160, y: 300))
        screen.advance(by: 0.5)
        #expect(!nav.isNavigationBarHidden && nav.navigationBar.frame.minY == 0)
        nav.hidesBarsOnTap = false
        screen.tap(at: CGPoint(x: 160, y: 300))
        screen.advance(by: 0.5)
        #expect(!nav.isNavigationBarHidden)
    }
}
