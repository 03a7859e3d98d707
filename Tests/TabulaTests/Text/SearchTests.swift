import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A list of fruit with a search controller in its navigation item, filtering itself.
@MainActor
private final class FruitController: UITableViewController, UISearchResultsUpdating {
    let all = ["Apple", "Apricot", "Banana", "Blackberry", "Cherry", "Grape", "Lemon", "Lime", "Mango", "Orange"]
    var shown: [String] = []
    var updates = 0
    let search = UISearchController(searchResultsController: nil)
    /// What `obscuresBackgroundDuringPresentation` is set to, or nil to leave the default.
    var obscures: Bool? = false

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Fruit"
        shown = all
        search.searchResultsUpdater = self
        if let obscures { search.obscuresBackgroundDuringPresentation = obscures }
        search.searchBar.scopeButtonTitles = ["All", "Short"]
        navigationItem.searchController = search
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "fruit")
    }

    func updateSearchResults(for searchController: UISearchController) {
        updates += 1
        let text = searchController.searchBar.text ?? ""
        let short = searchController.searchBar.selectedScopeButtonIndex == 1
        shown = all.filter { (text.isEmpty || $0.localizedCaseInsensitiveContains(text)) && (!short || $0.count <= 5) }
        tableView.reloadData()
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { shown.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
        cell.textLabel?.text = shown[indexPath.row]
        return cell
    }
}

@MainActor
@Suite("Search")
struct SearchTests {
    private func shown(obscures: Bool? = false) -> (HeadlessScreen, FruitController, UINavigationController) {
        let screen = HeadlessScreen(device: .iPhone15)
        let fruit = FruitController(style: .plain)
        fruit.obscures = obscures
        let navigation = UINavigationController(rootViewController: fruit)
        navigation.navigationBar.prefersLargeTitles = true
        let window = UIWindow(frame: .zero)
        window.rootViewController = navigation
        screen.show(window)
        screen.advance(by: 0.1)
        return (screen, fruit, navigation)
    }

    @Test("the search bar sits in a row under the large title, and the first row below it")
    func layout() throws {
        let (_, fruit, navigation) = shown()
        let bar = fruit.search.searchBar
        let barFrame = bar.convert(bar.bounds, to: nil)
        let navFrame = navigation.navigationBar.convert(navigation.navigationBar.bounds, to: nil)
        #expect(abs(barFrame.maxY - navFrame.maxY) < 0.5, "the search row is the bar's bottom: \(barFrame) in \(navFrame)")
        #expect(barFrame.height == 52)
        #expect(abs(navFrame.height - (44 + 52 + 52)) < 0.5, "bar, large title, search row: \(navFrame.height)")
        let firstRow = try #require(fruit.tableView.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(firstRow.convert(CGPoint.zero, to: nil).y >= navFrame.maxY - 0.5)
    }

    @Test("tapping the bar activates the search; typing filters live; Cancel clears and ends it")
    func filtering() throws {
        let (screen, fruit, _) = shown()
        let bar = fruit.search.searchBar
        screen.tap(at: bar.convert(CGPoint(x: 100, y: 26), to: nil))
        #expect(fruit.search.isActive)
        #expect(bar.showsCancelButton)
        #expect(bar.showsScopeBar)
        screen.typeText("ap")
        #expect(fruit.shown == ["Apple", "Apricot", "Grape"])
        screen.typeText("r")
        #expect(fruit.shown == ["Apricot"])
        screen.advance(by: 0.3)
        screen.advance(by: 0.05)
        writeForLooking(screen.snapshot(), "search-active")
        screen.typeText("\u{8}\u{8}\u{8}")
        #expect(fruit.shown.count == 10)
        let cancel = try #require(bar.subviews.compactMap { $0 as? UIButton }.first)
        screen.tap(at: cancel.convert(CGPoint(x: cancel.bounds.midX, y: cancel.bounds.midY), to: nil))
        #expect(!fruit.search.isActive)
        #expect(bar.text == "")
        #expect(!bar.searchTextField.isEditing)
        screen.advance(by: 0.3)
        #expect(screen.keyboardFrame == nil)
    }

    /// The pixel at `point` (points).
    private func pixel(_ screen: HeadlessScreen, _ point: CGPoint) -> Pixel {
        screen.snapshot().cgImage!.pixel(x: Int(point.x * screen.scale), y: Int(point.y * screen.scale))
    }

    @Test("by default, as since iOS 15, an active search leaves the list under the bar undimmed and live; obscuring dims it until text is typed, and a tap on the dimming ends the search")
    func obscuring() throws {
        let (screen, fruit, _) = shown(obscures: nil)
        #expect(!fruit.search.obscuresBackgroundDuringPresentation)
        let bar = fruit.search.searchBar
        let table = fruit.tableView!
        let row = table.convert(table.rectForRow(at: IndexPath(row: 1, section: 0)), to: nil)
        // A point of the row's background, right of its text.
        let probe = CGPoint(x: row.maxX - 30, y: row.midY)
        let undimmed = pixel(screen, probe)
        screen.tap(at: bar.convert(CGPoint(x: 100, y: 26), to: nil))
        screen.advance(by: 0.5)
        #expect(fruit.search.isActive)
        let rowNow = table.convert(table.rectForRow(at: IndexPath(row: 1, section: 0)), to: nil)
        #expect(pixel(screen, CGPoint(x: rowNow.maxX - 30, y: rowNow.midY)) == undimmed)
        screen.tap(at: CGPoint(x: rowNow.midX, y: rowNow.midY))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0), "the list takes taps while the search is active")
        #expect(fruit.search.isActive)

        let (dimScreen, dimmed, _) = shown(obscures: true)
        let dimBar = dimmed.search.searchBar
        dimScreen.tap(at: dimBar.convert(CGPoint(x: 100, y: 26), to: nil))
        dimScreen.advance(by: 0.5)
        let dimTable = dimmed.tableView!
        let dimRow = dimTable.convert(dimTable.rectForRow(at: IndexPath(row: 1, section: 0)), to: nil)
        let covered = pixel(dimScreen, CGPoint(x: dimRow.maxX - 30, y: dimRow.midY))
        #expect(Int(covered.red) < Int(undimmed.red) - 40, "the list is dimmed: \(covered) against \(undimmed)")
        dimScreen.tap(at: CGPoint(x: dimRow.midX, y: dimRow.midY))
        #expect(!dimmed.search.isActive, "a tap on the dimming ends the search")
        #expect(dimTable.indexPathForSelectedRow == nil)
    }

    @Test("a controller pushed while the search shows its results or dims the list is on top and takes taps; back, the search is as it was")
    func pushWhileActive() throws {
        for withResults in [true, false] {
            let screen = HeadlessScreen(device: .iPhone15)
            let root = UIViewController()
            let results = UIViewController()
            results.view.backgroundColor = .systemYellow
            let search = UISearchController(searchResultsController: withResults ? results : nil)
            search.obscuresBackgroundDuringPresentation = !withResults
            root.navigationItem.searchController = search
            root.navigationItem.hidesSearchBarWhenScrolling = false
            let navigation = UINavigationController(rootViewController: root)
            let window = UIWindow(frame: .zero)
            window.rootViewController = navigation
            screen.show(window)
            screen.advance(by: 0.1)
            screen.tap(at: search.searchBar.convert(CGPoint(x: 100, y: 26), to: nil))
            screen.advance(by: 0.5)
            if withResults { screen.typeText("ap") }
            screen.advance(by: 0.5)
            let cover = try #require(window.subviews.first { $0 !== navigation.view && $0 !== window.softwareKeyboard.view },
                                     "the results or the dimming over the list")
            #expect(cover === results.view || !withResults)

            // A result picked pushes its detail, as apps do, with the search still active.
            let detail = UIViewController()
            var taps = 0
            let button = UIButton(type: .system)
            button.setTitle("Buy", for: .normal)
            button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
            button.frame = CGRect(x: 100, y: 400, width: 120, height: 44)
            detail.view.addSubview(button)
            navigation.pushViewController(detail, animated: true)
            screen.advance(by: 1)
            #expect(navigation.topViewController === detail && search.isActive)
            #expect(cover.window == nil, "nothing of the search covers the pushed controller (results: \(withResults))")
            screen.tap(at: CGPoint(x: 160, y: 422))
            screen.advance(by: 0.1)
            #expect(taps == 1, "the pushed controller's button takes the tap (results: \(withResults))")

            // Back: the search is still active, its results or dimming under the bar again.
            navigation.popViewController(animated: true)
            screen.advance(by: 1)
            #expect(search.isActive && cover.window === window)
            #expect(navigation.navigationBar.searchHidesBar, "the title stays hidden, as activating hid it")
            let barBottom = search.searchBar.convert(CGPoint(x: 0, y: search.searchBar.bounds.maxY), to: nil).y
            #expect(cover.frame.minY == barBottom, "\(cover.frame) under the bar at \(barBottom)")
        }
    }

    @Test("an active search hides the title and large title, the search row moving up under the status bar; Cancel brings them back")
    func searchHidesTheBar() throws {
        let (screen, fruit, navigation) = shown()
        let bar = fruit.search.searchBar
        let navBar = navigation.navigationBar
        func searchTop() -> CGFloat { bar.convert(CGPoint.zero, to: nil).y }
        func titlesShown() -> Bool {
            navBar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.contains {
                ($0.titleLabel?.alpha ?? 0) > 0.5 || ($0.largeTitleClip.alpha > 0.5 && $0.largeTitleClip.bounds.height > 0)
            }
        }
        let restingTop = searchTop()
        #expect(restingTop == 59 + 44 + 52 && titlesShown())
        screen.tap(at: bar.convert(CGPoint(x: 100, y: 26), to: nil))
        screen.advance(by: 0.15)
        // The row's clip moves (the bar rests inside it), as its presentation shows.
        let clip = try #require(bar.superview)
        let midway = clip.layer.presentation().map { clip.superview!.convert($0.frame.origin, to: nil).y } ?? searchTop()
        #expect(midway > 59 + 1 && midway < restingTop - 1, "the row moves up over time: \(midway)")
        screen.advance(by: 0.3)
        #expect(abs(searchTop() - 59) < 0.5, "under the status bar: \(searchTop())")
        #expect(!titlesShown(), "no title while searching")
        let firstRow = try #require(fruit.tableView.cellForRow(at: IndexPath(row: 0, section: 0)))
        let rowTop = firstRow.convert(CGPoint.zero, to: nil).y
        #expect(abs(rowTop - (59 + 52 + UISearchBar.scopeBarHeight)) < 1, "the first row follows up below the search and scope bars: \(rowTop)")
        writeForLooking(screen.snapshot(), "search-hides-bar")

        let cancel = try #require(bar.subviews.compactMap { $0 as? UIButton }.first)
        screen.tap(at: cancel.convert(CGPoint(x: cancel.bounds.midX, y: cancel.bounds.midY), to: nil))
        screen.advance(by: 0.5)
        #expect(abs(searchTop() - restingTop) < 0.5 && titlesShown(), "back under the large title: \(searchTop())")

        // With the flag off, the bar stays.
        fruit.search.hidesNavigationBarDuringPresentation = false
        screen.tap(at: bar.convert(CGPoint(x: 100, y: 26), to: nil))
        screen.advance(by: 0.5)
        #expect(fruit.search.isActive && abs(searchTop() - restingTop) < 0.5 && titlesShown())
    }

    @Test("activating the search, the large title slides up out of the bar as it fades: in no frame does the rising search field pass over a title that still shows")
    func largeTitleLeavesWithTheBar() throws {
        let (screen, _, navigation) = shown()
        let bar = navigation.navigationBar
        let content = try #require(bar.subviews.compactMap { $0 as? UINavigationBar.ContentView }.last)
        let large = try #require(content.largeTitleLabel)
        let field = try #require(navigation.topViewController?.navigationItem.searchController?.searchBar)
        /// Where a view shows now and how opaque, from its layers' presentations.
        func onScreen(_ view: UIView) -> (rect: CGRect, opacity: Float) {
            let own = view.layer.presentation() ?? view.layer
            var rect = CGRect(origin: .zero, size: own.bounds.size)
            var opacity: Float = 1
            var current: UIView? = view
            while let v = current, let parent = v.superview {
                let p = v.layer.presentation() ?? v.layer
                let q = parent.layer.presentation() ?? parent.layer
                rect = rect.offsetBy(dx: p.frame.minX - q.bounds.minX, dy: p.frame.minY - q.bounds.minY)
                opacity *= p.opacity
                current = parent
            }
            return (rect, opacity)
        }
        let before = onScreen(large).rect
        screen.tap(at: field.convert(CGPoint(x: 100, y: 26), to: nil))
        var lowestTitle = before.minY
        for frame in 1 ... 30 {
            screen.advance(by: 1.0 / 60)
            let title = onScreen(large), search = onScreen(field)
            if title.opacity > 0.15 {
                #expect(title.rect.maxY <= search.rect.minY + 1,
                        "frame \(frame): the search row (top \(search.rect.minY)) is over a title still showing (bottom \(title.rect.maxY), opacity \(title.opacity))")
            }
            lowestTitle = min(lowestTitle, title.rect.minY)
        }
        #expect(lowestTitle < before.minY - 40, "the title moved up with the bar (from \(before.minY) to \(lowestTitle))")
    }

    @Test("scrolling up closes the search row before the large title, and scrolling back opens it; with hidesSearchBarWhenScrolling off it stays")
    func searchRowClosesWhenScrolling() throws {
        let (screen, fruit, navigation) = shown()
        let table = fruit.tableView!
        fruit.shown = (0 ..< 60).map { "Fruit \($0)" }
        table.reloadData()
        screen.advance(by: 0.1)
        let navBar = navigation.navigationBar
        let rest = table.contentOffset.y
        func barHeight() -> CGFloat { navBar.frame.height }
        #expect(abs(barHeight() - (44 + 52 + 52)) < 0.5)
        table.contentOffset.y = rest + 26
        screen.advance(by: 0.05)
        #expect(abs(barHeight() - (44 + 52 + 26)) < 0.5, "half the search row, all the large title: \(barHeight())")
        #expect(fruit.search.searchBar.alpha < 1 && fruit.search.searchBar.alpha > 0)
        writeForLooking(screen.snapshot(), "search-row-half-closed")
        table.contentOffset.y = rest + 52 + 20
        screen.advance(by: 0.05)
        #expect(abs(barHeight() - (44 + 32)) < 0.5, "the row closed, the title closing: \(barHeight())")
        #expect(fruit.search.searchBar.alpha == 0)
        table.contentOffset.y = rest
        screen.advance(by: 0.05)
        #expect(abs(barHeight() - (44 + 52 + 52)) < 0.5 && fruit.search.searchBar.alpha == 1, "open again: \(barHeight())")

        fruit.navigationItem.hidesSearchBarWhenScrolling = false
        table.contentOffset.y = rest + 26
        screen.advance(by: 0.05)
        #expect(abs(barHeight() - (44 + 26 + 52)) < 0.5, "the large title closes, the row stays: \(barHeight())")
        #expect(fruit.search.searchBar.alpha == 1)
    }

    @Test("a standalone search bar as a table header tells its delegate of every change and of Search")
    func standaloneBar() {
        final class Log: UISearchBarDelegate {
            var texts: [String] = []
            var searched = 0
            func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { texts.append(searchText) }
            func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { searched += 1 }
        }
        let screen = HeadlessScreen(device: .iPhone15)
        let table = UITableViewController(style: .plain)
        let bar = UISearchBar()
        let log = Log()
        bar.delegate = log
        bar.sizeToFit()
        table.tableView.tableHeaderView = bar
        let window = UIWindow(frame: .zero)
        window.rootViewController = table
        screen.show(window)
        #expect(bar.frame.height == 56)
        screen.tap(at: bar.convert(CGPoint(x: 100, y: 28), to: nil))
        screen.typeText("ok\n")
        #expect(log.texts == ["o", "ok"])
        #expect(log.searched == 1)
        #expect(bar.returnKeyType == .search)
    }
}
