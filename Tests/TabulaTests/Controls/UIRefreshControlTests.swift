import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A table under the status bar of an iPhone 15 (59-point safe area at the top), or in a
/// navigation controller, with a refresh control whose `.valueChanged` is counted.
@MainActor
final class RefreshFixture {
    let screen = HeadlessScreen(device: .iPhone15)
    let controller = NumberedTableController(style: .plain)
    let refresh = UIRefreshControl()
    var valueChanges = 0
    /// What the `.valueChanged` action does besides counting.
    var onValueChanged: (() -> Void)?

    init(rows: Int = 40, navigation: Bool = false, largeTitle: Bool = false) {
        controller.rows = rows
        controller.title = "Inbox"
        refresh.addAction(UIAction { [unowned self] _ in
            self.valueChanges += 1
            self.onValueChanged?()
        }, for: .valueChanged)
        controller.refreshControl = refresh
        let window = UIWindow(frame: .zero)
        if navigation {
            let nav = UINavigationController(rootViewController: controller)
            nav.navigationBar.prefersLargeTitles = largeTitle
            window.rootViewController = nav
        } else {
            window.rootViewController = controller
        }
        screen.show(window)
        screen.advance(by: 0.1)
    }

    var table: UITableView { controller.tableView }
    /// The offset at which the content rests at its top without a refresh.
    var restingTop: CGFloat { -(table.adjustedContentInset.top - table.refreshInset) }

    /// Puts a finger down at `y` and pulls it down by `distance`, 10 points a frame, then
    /// holds it still for a tenth of a second (so that a lift does not fling).
    func pull(by distance: CGFloat, from y: CGFloat = 250, offsets: ((CGFloat) -> Void)? = nil) -> Int {
        let finger = screen.touchDown(at: CGPoint(x: 200, y: y))
        var moved: CGFloat = 0
        while moved < distance {
            moved = min(distance, moved + 10)
            screen.advance(by: 1.0 / 60)
            screen.moveTouch(finger, to: CGPoint(x: 200, y: y + moved))
            offsets?(table.contentOffset.y)
        }
        screen.advance(by: 0.1)
        return finger
    }

    /// The spinner's frame in window coordinates.
    var spinnerFrame: CGRect { refresh.spinner.convert(refresh.spinner.bounds, to: nil) }

    /// How many pixels in `rect` (window points) are not (nearly) the white background.
    func inkPixels(in rect: CGRect) -> Int {
        guard let bitmap = screen.snapshot().cgImage else { return 0 }
        let scale = CGFloat(bitmap.width) / screen.size.width
        var count = 0
        for y in Int(rect.minY * scale) ..< Int(rect.maxY * scale) {
            for x in Int(rect.minX * scale) ..< Int(rect.maxX * scale) {
                let c = bitmap.color(x: x, y: y)
                if min(c.red, c.green, c.blue) < 0.85 { count += 1 }
            }
        }
        return count
    }
}

@Suite("UIRefreshControl")
@MainActor
struct UIRefreshControlTests {
    @Test("a pull past 130 points sends .valueChanged once, with the finger down; the content rests with the spinner in view")
    func pullRefreshes() {
        let f = RefreshFixture()
        #expect(f.table.adjustedContentInset.top == 59 && f.table.contentOffset.y == -59)
        #expect(f.refresh.superview === f.table && f.refresh.frame.height == 0, "nothing shows at rest")
        var offsets: [CGFloat] = []
        let finger = f.pull(by: 420) { offsets.append($0) }
        #expect(f.valueChanges == 1, "sent while the finger is still down")
        #expect(f.refresh.isRefreshing && f.refresh.spinner.isAnimating)
        #expect(f.table.adjustedContentInset.top == 119, "the control's 60 points are in the adjusted inset")
        // The content follows the finger without a jump when the inset opens under it.
        let steps = zip(offsets, offsets.dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { $0 <= 0.01 && $0 > -10.01 }, "steady pull: \(steps)")
        // Pulling on does not send it again.
        f.screen.moveTouch(finger, to: CGPoint(x: 200, y: 720))
        f.screen.advance(by: 0.1)
        f.screen.liftTouch(finger)
        #expect(f.valueChanges == 1)
        f.screen.advance(by: 1)
        #expect(abs(f.table.contentOffset.y - -119) < 0.5, "rests 60 points down: \(f.table.contentOffset.y)")
        let spinner = f.spinnerFrame
        #expect(spinner.minY >= 59 && spinner.maxY <= 119, "between the status bar and the content: \(spinner)")
        #expect(abs(spinner.midY - 89) < 1 && abs(spinner.midX - 196.5) < 1)
        #expect(f.inkPixels(in: spinner.insetBy(dx: -2, dy: -2)) > 20, "the spinner is drawn")
        #expect(f.valueChanges == 1)
    }

    @Test("a short pull shows some of the spokes, sends nothing and springs back to the top")
    func shortPull() {
        let f = RefreshFixture()
        let finger = f.pull(by: 150)
        let spokes = f.refresh.spinner.visibleSpokes
        #expect(spokes > 0 && spokes < 8, "spokes in proportion to the pull: \(spokes)")
        #expect(f.refresh.frame.height > 40, "the control fills the gap the pull opened")
        #expect(f.inkPixels(in: f.spinnerFrame.insetBy(dx: -2, dy: -2)) > 5, "the spokes so far are drawn")
        f.screen.moveTouch(finger, to: CGPoint(x: 200, y: 250 + 200))
        f.screen.advance(by: 0.1)
        #expect(f.refresh.spinner.visibleSpokes > spokes, "more of the spinner as the pull grows")
        f.screen.liftTouch(finger)
        f.screen.advance(by: 1)
        #expect(f.valueChanges == 0 && !f.refresh.isRefreshing)
        #expect(f.table.contentOffset.y == -59 && f.table.adjustedContentInset.top == 59)
        #expect(f.refresh.frame.height == 0)
    }

    @Test("endRefreshing slides the content back up over 0.35 s while the spinner fades, then stops it")
    func endRefreshingAnimates() {
        let f = RefreshFixture()
        f.screen.liftTouch(f.pull(by: 420))
        f.screen.advance(by: 1)
        #expect(abs(f.table.contentOffset.y - -119) < 0.5)
        f.refresh.endRefreshing()
        #expect(!f.refresh.isRefreshing)
        #expect(f.table.adjustedContentInset.top == 59, "the inset goes at once, as in UIKit; the content follows")
        f.screen.advance(by: 0.15)
        let y = f.table.contentOffset.y
        #expect(y > -115 && y < -63, "half way: \(y)")
        let alpha = f.refresh.spinner.alpha
        #expect(alpha > 0.05 && alpha < 0.95, "fading: \(alpha)")
        f.screen.advance(by: 0.4)
        #expect(f.table.contentOffset.y == -59)
        #expect(!f.refresh.spinner.isAnimating && f.refresh.frame.height == 0)
        #expect(f.inkPixels(in: CGRect(x: 150, y: 60, width: 90, height: 40)) == 0, "no spinner left under the status bar")
        // A new pull refreshes again.
        f.screen.liftTouch(f.pull(by: 420))
        #expect(f.valueChanges == 2 && f.refresh.isRefreshing)
    }

    @Test("beginRefreshing from code: resting content slides down to show the spinner, scrolled content stays")
    func beginFromCode() {
        let f = RefreshFixture()
        f.refresh.beginRefreshing()
        #expect(f.refresh.isRefreshing && f.valueChanges == 0, "code does not send .valueChanged")
        f.screen.advance(by: 0.15)
        let y = f.table.contentOffset.y
        #expect(y < -63 && y > -115, "sliding: \(y)")
        f.screen.advance(by: 0.4)
        #expect(f.table.contentOffset.y == -119)
        #expect(f.spinnerFrame.minY >= 59 && f.spinnerFrame.maxY <= 119)
        f.refresh.beginRefreshing()
        #expect(f.table.adjustedContentInset.top == 119, "a second call adds nothing")
        f.refresh.endRefreshing()
        f.screen.advance(by: 1)

        f.table.contentOffset = CGPoint(x: 0, y: 400)
        f.screen.advance(by: 0.1)
        f.refresh.beginRefreshing()
        f.screen.advance(by: 0.5)
        #expect(f.table.contentOffset.y == 400, "scrolled content stays where it is")
        #expect(f.table.adjustedContentInset.top == 119)
        f.table.setContentOffset(CGPoint(x: 0, y: -119), animated: false)
        f.screen.advance(by: 0.1)
        #expect(f.spinnerFrame.minY >= 59 && f.spinnerFrame.maxY <= 119, "shown once scrolled to the top")
        f.table.contentOffset = CGPoint(x: 0, y: 400)
        f.refresh.endRefreshing()
        f.screen.advance(by: 0.5)
        #expect(f.table.contentOffset.y == 400, "ending off screen moves nothing")
        #expect(f.table.adjustedContentInset.top == 59)
    }

    @Test("a table view controller's refreshControl is its table's, behind the cells")
    func tableViewControllerProperty() throws {
        let f = RefreshFixture()
        #expect(f.controller.refreshControl === f.refresh)
        #expect(f.table.refreshControl === f.refresh)
        let controlIndex = try #require(f.table.subviews.firstIndex { $0 === f.refresh })
        let firstCell = try #require(f.table.subviews.firstIndex { $0 is UITableViewCell })
        #expect(controlIndex < firstCell, "behind the content")
        #expect(f.table.hitTest(f.table.convert(CGPoint(x: 200, y: 80), from: nil), with: nil) !== f.refresh,
                "the control never takes a touch")
    }

    @Test("endRefreshing when not refreshing, and beginRefreshing twice, do nothing")
    func redundantCalls() {
        let f = RefreshFixture()
        f.table.contentOffset = CGPoint(x: 0, y: 300)
        f.refresh.endRefreshing()
        f.screen.advance(by: 0.5)
        #expect(f.table.contentOffset.y == 300 && f.table.adjustedContentInset.top == 59)
        let detached = UIRefreshControl()
        detached.endRefreshing()
        detached.beginRefreshing()
        #expect(detached.isRefreshing, "a control without a scroll view keeps its state")
        detached.endRefreshing()
        #expect(!detached.isRefreshing)
    }

    @Test("removing or replacing a refreshing control takes its inset away; the new control starts idle")
    func replacedWhileRefreshing() {
        let f = RefreshFixture()
        f.screen.liftTouch(f.pull(by: 420))
        f.screen.advance(by: 1)
        f.table.refreshControl = nil
        #expect(f.refresh.superview == nil && f.controller.refreshControl == nil)
        f.screen.advance(by: 0.5)
        #expect(f.table.contentOffset.y == -59 && f.table.adjustedContentInset.top == 59)
        f.refresh.endRefreshing()
        f.screen.advance(by: 0.5)
        #expect(f.table.contentOffset.y == -59, "the removed control's end moves nothing")

        f.refresh.beginRefreshing()
        let replacement = UIRefreshControl()
        var replacementChanges = 0
        replacement.addAction(UIAction { _ in replacementChanges += 1 }, for: .valueChanged)
        f.table.refreshControl = f.refresh
        f.screen.advance(by: 0.5)
        #expect(f.table.adjustedContentInset.top == 119, "a refreshing control brings its inset")
        f.table.refreshControl = replacement
        f.screen.advance(by: 0.5)
        #expect(f.refresh.superview == nil && replacement.superview === f.table)
        #expect(!replacement.isRefreshing && f.table.adjustedContentInset.top == 59 && f.table.contentOffset.y == -59)
        f.screen.liftTouch(f.pull(by: 420))
        #expect(replacementChanges == 1, "the new control refreshes")

        // Moving a control to another scroll view takes it from the first.
        let other = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        other.refreshControl = replacement
        #expect(f.table.refreshControl == nil && replacement.superview === other)
        f.screen.advance(by: 1)
        #expect(f.table.adjustedContentInset.top == 59)
    }

    @Test("content shorter than the view still pulls, refreshes and comes back")
    func shortContent() {
        let f = RefreshFixture(rows: 2)
        f.screen.liftTouch(f.pull(by: 420))
        #expect(f.valueChanges == 1)
        f.screen.advance(by: 1)
        #expect(abs(f.table.contentOffset.y - -119) < 0.5)
        f.refresh.endRefreshing()
        f.screen.advance(by: 1)
        #expect(f.table.contentOffset.y == -59)

        // A plain scroll view bounces a short content only with alwaysBounceVertical, as in UIKit.
        let (screen, scroll, _) = makeScrollScreen(contentHeight: 100)
        let refresh = UIRefreshControl()
        scroll.refreshControl = refresh
        screen.drag(from: CGPoint(x: 100, y: 20), to: CGPoint(x: 100, y: 390), duration: 0.5)
        #expect(!refresh.isRefreshing)
        scroll.alwaysBounceVertical = true
        screen.advance(by: 1)
        let finger = screen.touchDown(at: CGPoint(x: 100, y: 20))
        for step in 1 ... 37 { screen.advance(by: 1.0 / 60); screen.moveTouch(finger, to: CGPoint(x: 100, y: 20 + CGFloat(step) * 10)) }
        #expect(refresh.isRefreshing)
        screen.advance(by: 0.1)
        screen.liftTouch(finger)
        screen.advance(by: 1)
        #expect(abs(scroll.contentOffset.y - -60) < 0.5)
    }

    @Test("rows inserted at the top during the refresh appear under the spinner; the end reveals them at the top")
    func reloadDuringRefresh() {
        let f = RefreshFixture()
        f.screen.liftTouch(f.pull(by: 420))
        f.screen.advance(by: 1)
        f.controller.rows += 3
        f.table.insertRows(at: (0 ..< 3).map { IndexPath(row: $0, section: 0) }, with: .top)
        f.screen.advance(by: 0.6)
        #expect(abs(f.table.contentOffset.y - -119) < 0.5, "still showing the spinner")
        f.controller.rows += 1
        f.table.reloadData()
        f.screen.advance(by: 0.1)
        #expect(abs(f.table.contentOffset.y - -119) < 0.5, "a reload keeps it too")
        f.refresh.endRefreshing()
        f.screen.advance(by: 1)
        #expect(f.table.contentOffset.y == -59)
        #expect(f.table.indexPathsForVisibleRows?.first == IndexPath(row: 0, section: 0))
    }

    @Test("under a large title the spinner shows between the bar's buttons and the title, which moves down")
    func largeTitle() throws {
        let f = RefreshFixture(navigation: true, largeTitle: true)
        let nav = try #require(f.controller.navigationController)
        #expect(f.table.adjustedContentInset.top == 155 && f.table.contentOffset.y == -155)
        f.screen.liftTouch(f.pull(by: 420))
        #expect(f.valueChanges == 1)
        f.screen.advance(by: 1)
        #expect(abs(f.table.contentOffset.y - -215) < 0.5, "the refresh stacks on the bar's inset")
        #expect(f.table.adjustedContentInset.top == 215)
        let large = try #require(nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last?.largeTitleLabel)
        let title = large.convert(large.bounds, to: nil)
        let spinner = f.spinnerFrame
        #expect(spinner.minY >= 103, "below the bar's buttons: \(spinner)")
        #expect(spinner.maxY <= title.minY, "above the large title: \(spinner) \(title)")
        #expect(title.maxY <= 215, "the title sits above the content")
        writeForLooking(f.screen.snapshot(), "refresh-large-title")
        f.refresh.endRefreshing()
        f.screen.advance(by: 1)
        #expect(f.table.contentOffset.y == -155)
        #expect(large.convert(large.bounds, to: nil).maxY <= 155)
    }

    @Test("with contentInsetAdjustmentBehavior .never the refresh inset adds to the content inset alone")
    func adjustmentNever() {
        let f = RefreshFixture()
        f.table.contentInsetAdjustmentBehavior = .never
        f.table.contentInset.top = 20
        f.screen.advance(by: 0.1)
        #expect(f.table.adjustedContentInset.top == 20)
        f.refresh.beginRefreshing()
        #expect(f.table.adjustedContentInset.top == 80)
        f.screen.advance(by: 1)
        #expect(f.table.contentOffset.y == -80)
        // The gap is above the content inset.
        let gap = f.refresh.frame
        #expect(gap.maxY == -20 && gap.height == 60, "\(gap)")
    }

    @Test("endRefreshing under a finger still past the threshold sends nothing more; the release goes back to the top")
    func endWhileHeld() {
        let f = RefreshFixture()
        f.onValueChanged = { [unowned f] in f.refresh.endRefreshing() }
        let finger = f.pull(by: 420)
        #expect(f.valueChanges == 1 && !f.refresh.isRefreshing)
        f.screen.moveTouch(finger, to: CGPoint(x: 200, y: 760))
        f.screen.advance(by: 0.1)
        #expect(f.valueChanges == 1, "no second refresh before the gap closes")
        f.screen.liftTouch(finger)
        f.screen.advance(by: 1.5)
        #expect(f.table.contentOffset.y == -59)
        f.screen.liftTouch(f.pull(by: 420))
        #expect(f.valueChanges == 2, "armed again once the gap has closed")
    }

    @Test("a title shows under the spinner and makes the open gap 80 points; tintColor colours both")
    func titleAndTint() {
        let f = RefreshFixture()
        #expect(f.refresh.tintColor == .secondaryLabel, "grey unless set")
        f.refresh.attributedTitle = NSAttributedString(string: "Checking for Mail…")
        f.refresh.tintColor = .systemRed
        f.refresh.beginRefreshing()
        f.screen.advance(by: 1)
        #expect(f.table.adjustedContentInset.top == 139 && f.table.contentOffset.y == -139)
        let title = f.refresh.titleLabel.convert(f.refresh.titleLabel.bounds, to: nil)
        #expect(title.minY >= f.spinnerFrame.maxY && title.maxY <= 139, "under the spinner, above the content: \(title)")
        #expect(f.inkPixels(in: title) > 30, "the title's string is drawn")
        writeForLooking(f.screen.snapshot(), "refresh-title")
        guard let bitmap = f.screen.snapshot().cgImage else { return }
        let scale = CGFloat(bitmap.width) / f.screen.size.width
        let spinner = f.spinnerFrame
        let reddest = (Int(spinner.minY * scale) ..< Int(spinner.maxY * scale)).flatMap { y in
            (Int(spinner.minX * scale) ..< Int(spinner.maxX * scale)).map { x in
                let c = bitmap.color(x: x, y: y)
                return c.red - c.blue
            }
        }.max() ?? 0
        #expect(reddest > 0.3, "the spinner is drawn in the tint: \(reddest)")
        f.refresh.attributedTitle = nil
        f.screen.advance(by: 1)
        #expect(f.table.adjustedContentInset.top == 119, "without the title the gap is 60 points again")
        #expect(f.table.contentOffset.y == -119, "and the content follows it")
    }

    @Test("a disabled control does not refresh; adding the control as a subview attaches it")
    func disabledAndSubview() {
        let f = RefreshFixture()
        f.refresh.isEnabled = false
        f.screen.liftTouch(f.pull(by: 420))
        f.screen.advance(by: 1)
        #expect(f.valueChanges == 0 && f.table.contentOffset.y == -59)
        let (screen, scroll, _) = makeScrollScreen()
        defer { withExtendedLifetime(screen) {} }
        let old = UIRefreshControl()
        scroll.addSubview(old)
        #expect(scroll.refreshControl === old, "the iOS 6 way still attaches")
        old.removeFromSuperview()
        #expect(scroll.refreshControl == nil)
    }
}
