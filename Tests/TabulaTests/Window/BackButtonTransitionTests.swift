import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// The small titles and back buttons of a push, a pop and a back swipe, frame by frame, as
/// iOS moves them: the lower item's title and the upper item's back label travel as one
/// (the title at the centre, the label beside the chevron), so two different texts never
/// show side by side half overlapping ("‹ STabula"); the chevron stays where it is.
@MainActor
@Suite("Back buttons in navigation transitions")
struct BackButtonTransitionTests {
    let screen = HeadlessScreen(size: CGSize(width: 393, height: 360))

    /// One label as drawn in a frame: its left edge in the bar and its opacity.
    struct Drawn: CustomStringConvertible {
        var x: CGFloat
        var opacity: CGFloat
        var description: String { "x \(String(format: "%.1f", x)) opacity \(String(format: "%.2f", opacity))" }
    }

    /// Where `view` is drawn in the bar's coordinates, through its presented ancestors.
    func presentedMinX(of view: UIView, in bar: UINavigationBar) -> CGFloat {
        var x = (view.layer.presentation() ?? view.layer).frame.minX
        var parent = view.superview
        while let p = parent, p !== bar {
            x += (p.layer.presentation() ?? p.layer).frame.minX
            parent = p.superview
        }
        return x
    }

    func opacity(of view: UIView, in bar: UINavigationBar) -> CGFloat {
        var result: CGFloat = 1
        var current: UIView? = view
        while let v = current, v !== bar {
            result *= CGFloat((v.layer.presentation() ?? v.layer).opacity)
            current = v.superview
        }
        return result
    }

    /// The small title showing `text` and the back button whose label shows `back`, in
    /// the current frame.
    func drawn(_ bar: UINavigationBar, title text: String, back: String)
        -> (title: Drawn?, backLabel: Drawn?, chevron: Drawn?) {
        var title: Drawn?, label: Drawn?, chevron: Drawn?
        for content in bar.subviews.compactMap({ $0 as? UINavigationBar.ContentView }) {
            if let t = content.titleLabel, t.text == text {
                title = Drawn(x: presentedMinX(of: t, in: bar), opacity: opacity(of: t, in: bar))
            }
            if let button = content.backButton, button.label.text == back {
                label = Drawn(x: presentedMinX(of: button.label, in: bar), opacity: opacity(of: button.label, in: bar))
                chevron = Drawn(x: presentedMinX(of: button, in: bar), opacity: opacity(of: button, in: bar))
            }
        }
        return (title, label, chevron)
    }

    func twoLevels() -> (UINavigationController, UIViewController) {
        let root = NumberedTableController(style: .plain)
        root.title = "Tabula"
        root.navigationItem.backButtonTitle = "Scenes"
        let nav = UINavigationController(rootViewController: root)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.1)
        let second = NumberedTableController(style: .plain)
        second.title = "Plays"
        return (nav, second)
    }

    /// Checks one frame: the title and the back label, where both show, are drawn at the
    /// same place; the chevron has not moved from its resting place.
    func check(_ nav: UINavigationController, frame: Int, restingChevron: CGFloat, seen: inout Int) {
        let (title, label, chevron) = drawn(nav.navigationBar, title: "Tabula", back: "Scenes")
        if let title, let label, title.opacity > 0.05, label.opacity > 0.05 {
            seen += 1
            #expect(abs(title.x - label.x) < 0.5, "frame \(frame): the title (\(title)) and the back label (\(label)) travel as one")
        }
        if let chevron, chevron.opacity > 0.05 {
            #expect(abs(chevron.x - restingChevron) < 0.5, "frame \(frame): the chevron stays put: \(chevron), rests at \(restingChevron)")
        }
    }

    @Test("pushing and popping, the old title becomes the back label and back, one label in one place; the chevron stays")
    func pushAndPop() throws {
        let (nav, next) = twoLevels()
        nav.pushViewController(next, animated: true)
        var frames: [UIImage] = []
        var seen = 0
        screen.advance(by: 1.0)
        let resting = try #require(drawn(nav.navigationBar, title: "Tabula", back: "Scenes").chevron)
        #expect(resting.x == 8, "the back button rests 8 points in: \(resting)")
        nav.popViewController(animated: true)
        for frame in 0 ..< 30 {
            screen.advance(by: 1.0 / 60)
            check(nav, frame: frame, restingChevron: resting.x, seen: &seen)
            if frame % 3 == 0 { frames.append(screen.snapshot()) }
        }
        writeForLooking(HeadlessScreen.filmstrip(frames, columns: 5), "back-button-pop")
        #expect(seen > 5, "the title and the back label showed together in \(seen) frames")
        let settled = try #require(drawn(nav.navigationBar, title: "Tabula", back: "Scenes").title)
        let centred = (393 - nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }[0].titleLabel!.frame.width) / 2
        #expect(abs(settled.x - centred) < 0.5 && settled.opacity == 1, "at rest the title is centred: \(settled)")

        seen = 0
        nav.pushViewController(next, animated: true)
        for frame in 0 ..< 30 {
            screen.advance(by: 1.0 / 60)
            check(nav, frame: frame, restingChevron: resting.x, seen: &seen)
        }
        #expect(seen > 5, "pushing, they showed together in \(seen) frames")
        let label = try #require(drawn(nav.navigationBar, title: "Tabula", back: "Scenes").backLabel)
        #expect(label.x == 8 + BarButtonView.chevronWidth && label.opacity == 1, "at rest the label is beside the chevron: \(label)")
    }

    @Test("swiping back, and cancelling a swipe, the title and the back label stay one")
    func backSwipe() {
        for completes in [true, false] {
            let (nav, next) = twoLevels()
            nav.pushViewController(next, animated: false)
            screen.advance(by: 0.1)
            let id = screen.touchDown(at: CGPoint(x: 4, y: 200))
            screen.advance(by: 1.0 / 60)
            var seen = 0
            for step in 1 ... 8 {
                screen.moveTouch(id, to: CGPoint(x: 4 + (completes ? 260 : 80) * CGFloat(step) / 8, y: 200))
                screen.advance(by: 1.0 / 60)
                check(nav, frame: step, restingChevron: 8, seen: &seen)
            }
            // Held still before letting go: no fling decides it.
            for _ in 0 ..< 10 { screen.advance(by: 1.0 / 60) }
            screen.liftTouch(id)
            for frame in 0 ..< 30 {
                screen.advance(by: 1.0 / 60)
                check(nav, frame: 100 + frame, restingChevron: 8, seen: &seen)
            }
            #expect(seen > 3, "completes \(completes): they showed together in \(seen) frames")
            #expect(nav.viewControllers.count == (completes ? 1 : 2))
            let (title, label, _) = drawn(nav.navigationBar, title: "Tabula", back: "Scenes")
            if completes {
                #expect(label == nil && title?.opacity == 1, "the root's title alone: \(String(describing: title))")
            } else {
                #expect(label?.x == 8 + BarButtonView.chevronWidth && label?.opacity == 1,
                        "cancelled, the back label is back beside its chevron: \(String(describing: label))")
            }
        }
    }

    @Test("three levels: the middle screen's own back label slides away left while its chevron stays")
    func deeperStack() throws {
        let (nav, next) = twoLevels()
        nav.pushViewController(next, animated: false)
        screen.advance(by: 0.1)
        let third = NumberedTableController(style: .plain)
        third.title = "Hamlet"
        nav.pushViewController(third, animated: true)
        var lastX = CGFloat.infinity
        for frame in 0 ..< 30 {
            screen.advance(by: 1.0 / 60)
            let (_, label, chevron) = drawn(nav.navigationBar, title: "-", back: "Scenes")
            if let chevron, chevron.opacity > 0.05 { #expect(abs(chevron.x - 8) < 0.5, "frame \(frame): \(chevron)") }
            if let label, label.opacity > 0.05 {
                #expect(label.x <= lastX + 0.01, "frame \(frame): the old back label only moves left: \(label)")
                lastX = label.x
            }
            // "Plays" moves from the centre to beside the chevron, as the new back label.
            let (title, back, _) = drawn(nav.navigationBar, title: "Plays", back: "Plays")
            if let title, let back, title.opacity > 0.05, back.opacity > 0.05 {
                #expect(abs(title.x - back.x) < 0.5, "frame \(frame): \(title) and \(back) travel as one")
            }
        }
        #expect(lastX < 8 + BarButtonView.chevronWidth, "the old back label moved left")
    }
}

/// Large titles give way to the bar's title in a compact height, as on an iPhone in
/// landscape, and come back in portrait; inset-grouped cards keep clear of the side safe
/// areas.
@MainActor
@Suite("Landscape: large titles and inset-grouped cards")
struct LandscapeBarAndCardTests {
    final class TitledSections: UITableViewController {
        override func numberOfSections(in tableView: UITableView) -> Int { 3 }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 4 }
        override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Section \(section)" }
        var indexed = false
        override func sectionIndexTitles(for tableView: UITableView) -> [String]? { indexed ? ["A", "B", "C"] : nil }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? UITableViewCell(style: .default, reuseIdentifier: "row")
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
    }

    /// An iPhone 15 showing a table titled `title` under a large title.
    private func largeTitleScreen(_ style: UITableView.Style, titled title: String)
        -> (HeadlessScreen, UINavigationController, NumberedTableController) {
        let screen = HeadlessScreen(device: .iPhone15)
        let root = NumberedTableController(style: style)
        root.title = title
        let nav = UINavigationController(rootViewController: root)
        nav.navigationBar.prefersLargeTitles = true
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.2)
        return (screen, nav, root)
    }

    @Test("in landscape the large title is gone and the content starts under the bar; in portrait it returns")
    func largeTitleInLandscape() throws {
        let (screen, nav, root) = largeTitleScreen(.insetGrouped, titled: "Tabula")
        let table = try #require(root.tableView)
        let portraitTop = table.adjustedContentInset.top
        #expect(nav.navigationBar.showsLargeTitle && portraitTop >= 59 + 44 + nav.navigationBar.largeTitleHeight)
        screen.rotate(to: .landscapeRight, duration: 0)
        screen.advance(by: 0.5)
        #expect(!nav.navigationBar.showsLargeTitle, "no large title in a compact height")
        #expect(nav.navigationBar.frame.height == 32, "the bar is 32 points tall in landscape, as iOS's: \(nav.navigationBar.frame)")
        #expect(table.adjustedContentInset.top == nav.navigationBar.frame.maxY,
                "the content starts right under the bar: \(table.adjustedContentInset.top) vs \(nav.navigationBar.frame)")
        let title = try #require(nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.first?.titleLabel)
        #expect(title.alpha == 1 && title.text == "Tabula", "the title shows in the bar")
        root.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Edit")
        let next = NumberedTableController(style: .plain)
        next.title = "Next"
        nav.pushViewController(next, animated: false)
        screen.advance(by: 0.5)
        let back = try #require(nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last?.backButton)
        #expect(abs(back.convert(back.bounds, to: nil).minX - (59 + 8)) < 0.5, "the back button keeps clear of the housing: \(back.frame)")
        nav.popViewController(animated: false)
        screen.advance(by: 0.5)
        let edit = try #require(nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last?.rightButtons.first)
        #expect(abs(edit.convert(edit.bounds, to: nil).maxX - (852 - 59 - 16)) < 0.5, "and so does the right button, at the 16-point margin of a compact width: \(edit.frame)")
        screen.rotate(to: .portrait, duration: 0)
        screen.advance(by: 0.5)
        #expect(nav.navigationBar.showsLargeTitle && table.adjustedContentInset.top == portraitTop, "back in portrait, it returns")
        #expect(nav.navigationBar.frame.height == 44 + nav.navigationBar.largeTitleHeight)
    }

    @Test("turned to landscape and back with the animation a device has, the large title shows again where its room is")
    func largeTitleAfterAnimatedTurns() throws {
        let (screen, nav, _) = largeTitleScreen(.plain, titled: "Inbox")
        func largeTitle() throws -> (label: UILabel, frame: CGRect) {
            let content = try #require(nav.navigationBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last)
            let label = try #require(content.largeTitleLabel)
            return (label, label.convert(label.bounds, to: nil))
        }
        let before = try largeTitle()
        screen.rotate(to: .landscapeRight, duration: 0.4)
        screen.advance(by: 0.6)
        screen.rotate(to: .portrait, duration: 0.4)
        screen.advance(by: 0.6)
        let after = try largeTitle()
        #expect(nav.navigationBar.showsLargeTitle)
        #expect(after.frame == before.frame, "the large title is back where it was: \(after.frame) vs \(before.frame)")
        #expect(after.label.alpha == 1 && !after.label.isHidden && after.label.superview?.alpha == 1
                && after.label.superview?.isHidden == false && after.label.superview?.frame.height ?? 0 > 0,
                "and shows: alpha \(after.label.alpha), clip \(String(describing: after.label.superview?.frame))")
    }

    @Test("in landscape, inset-grouped cards start past the side safe area and line up with their headers' titles")
    func insetGroupedCards() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let root = TitledSections(style: .insetGrouped)
        let nav = UINavigationController(rootViewController: root)
        let window = UIWindow(frame: .zero)
        window.rootViewController = nav
        screen.show(window)
        screen.advance(by: 0.2)
        let table = try #require(root.tableView)
        let path = IndexPath(row: 1, section: 0)
        #expect(try #require(table.cellForRow(at: path)).frame.minX == 16, "portrait: 16 points in")
        screen.rotate(to: .landscapeRight, duration: 0)
        screen.advance(by: 0.5)
        let cell = try #require(table.cellForRow(at: path))
        let frame = cell.convert(cell.bounds, to: nil)
        #expect(frame.minX == 59 + 16 && frame.maxX == 852 - 59 - 16, "the card keeps clear of both sides: \(frame)")
        let text = try #require(cell.textLabel).convert(cell.textLabel!.bounds, to: nil)
        #expect(abs(text.minX - (59 + 16 + 16)) < 0.5, "the text 16 points inside the card, not inset twice: \(text)")
        let header = try #require(table.headerView(forSection: 0)?.textLabel)
        let headerText = header.convert(header.bounds, to: nil)
        #expect(abs(headerText.minX - text.minX) < 0.5, "the header's title lines up with the rows' text: \(headerText) vs \(text)")
        screen.rotate(to: .portrait, duration: 0)
        screen.advance(by: 0.5)
        #expect(try #require(table.cellForRow(at: path)).frame.minX == 16, "back in portrait, 16 points in again")
    }

    @Test("in landscape, the index bar sits inside the right safe area, and the rows' text stops short of it")
    func indexBarInLandscape() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let root = TitledSections(style: .plain)
        root.indexed = true
        let window = UIWindow(frame: .zero)
        window.rootViewController = UINavigationController(rootViewController: root)
        screen.show(window)
        screen.rotate(to: .landscapeRight, duration: 0)
        screen.advance(by: 0.5)
        let table = try #require(root.tableView)
        table.tableFooterView = nil
        table.layoutIfNeeded()
        let bar = try #require(table.sectionIndexView)
        let frame = bar.convert(bar.bounds, to: nil)
        #expect(abs(frame.maxX - (852 - 59)) < 0.5, "the index ends where the safe area does: \(frame)")
        let text = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0))?.contentView)
        #expect(text.convert(text.bounds, to: nil).maxX <= frame.minX + 0.5, "the content stops short of the index")
    }
}
