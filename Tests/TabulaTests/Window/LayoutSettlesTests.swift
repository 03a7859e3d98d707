import Foundation
import Testing
import Tabula
import TabulaUIKitTestSupport

/// Views that keep some subviews in front (a list cell's separator and accessories, a
/// collection view's sideways scrollers, a split view's columns and separators) lay out
/// once a frame: moving a subview marks its superview for layout, and bringing several
/// forward one at a time made them trade places in every pass, so that each view ran into
/// the eight-pass limit every frame it was laid out (and was reported as not settling).
@MainActor
@Suite("Layout settles in one pass")
struct LayoutSettlesTests {
    final class CountingListCell: UICollectionViewListCell {
        static var passes = 0
        override func layoutSubviews() {
            Self.passes += 1
            super.layoutSubviews()
        }
    }

    final class CountingCollectionView: UICollectionView {
        var passes = 0
        override func layoutSubviews() {
            passes += 1
            super.layoutSubviews()
        }
    }

    final class Source: NSObject, UICollectionViewDataSource {
        let sections: Int
        init(sections: Int) { self.sections = sections }
        func numberOfSections(in collectionView: UICollectionView) -> Int { sections }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 6 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! UICollectionViewListCell
            var content = cell.defaultContentConfiguration()
            content.text = "Row \(indexPath.item)"
            cell.contentConfiguration = content
            cell.accessories = [.disclosureIndicator()]
            return cell
        }
    }

    @Test("a list cell with an accessory: one layout pass when marked, not eight, and nothing reported")
    func listCellWithAccessory() throws {
        let source = Source(sections: 1)
        let list = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480),
                                    collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
        list.register(CountingListCell.self, forCellWithReuseIdentifier: "row")
        list.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        root.addSubview(list)
        screen.advance(by: 1.0 / 60)
        let cell = try #require(list.cellForItem(at: IndexPath(item: 0, section: 0)))
        CountingListCell.passes = 0
        cell.setNeedsLayout()
        screen.advance(by: 1.0 / 60)
        #expect(CountingListCell.passes == 1)
        #expect(reports.isEmpty, "\(reports)")
        withExtendedLifetime(source) {}
    }

    @Test("a collection view with two sideways sections: one layout pass when marked, and nothing reported")
    func twoOrthogonalSections() {
        let source = Source(sections: 2)
        let layout = UICollectionViewCompositionalLayout { _, _ in
            let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .absolute(200), heightDimension: .absolute(100)),
                                                           subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = .continuous
            return section
        }
        let view = CountingCollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.register(CountingListCell.self, forCellWithReuseIdentifier: "row")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        view.passes = 0
        view.setNeedsLayout()
        screen.advance(by: 1.0 / 60)
        #expect(view.passes == 1)
        #expect(reports.isEmpty, "\(reports)")
        withExtendedLifetime(source) {}
    }

    @Test("a split view showing two columns and their separator: one layout pass when marked")
    func splitViewColumns() {
        var device = DeviceProfile.iPadPro11
        device.scale = 1
        let screen = HeadlessScreen(device: device)
        let split = UISplitViewController(style: .doubleColumn)
        let primary = UIViewController(), secondary = UIViewController()
        split.setViewController(primary, for: .primary)
        split.setViewController(secondary, for: .secondary)
        split.preferredDisplayMode = .oneBesideSecondary
        let window = UIWindow(frame: .zero)
        window.rootViewController = split
        screen.show(window)
        screen.advance(by: 0.1)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        split.view.setNeedsLayout()
        screen.advance(by: 1.0 / 60)
        #expect(!split.view.layer.needsLayout(), "the split view is still marked for layout after the frame's passes")
        #expect(reports.isEmpty, "\(reports)")
    }

    /// A table controller that keeps a view of its own in front of the rows, as WWDC
    /// 2011's floating view: `viewDidLayoutSubviews` brings it back to the front whenever
    /// something went over it.
    final class FloatingController: UITableViewController {
        let button = UIView(frame: CGRect(x: 200, y: 12, width: 100, height: 36))
        var passes = 0
        override func viewDidLoad() {
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            button.backgroundColor = .systemBlue
            tableView.addSubview(button)
            let header = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
            header.backgroundColor = .systemGray6
            tableView.tableHeaderView = header
        }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 200 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
        override func viewDidLayoutSubviews() {
            passes += 1
            if tableView.subviews.last !== button { tableView.bringSubviewToFront(button) }
        }
    }

    @Test("a view the app keeps in front of a table's rows stays there while the table scrolls, new rows and the scroll indicator go beneath it, and the table lays out once a frame")
    func viewKeptInFrontOfRows() throws {
        let controller = FloatingController(style: .plain)
        let (screen, reports) = showFullScreen(controller)
        let table = controller.tableView!
        let frames = 40
        controller.passes = 0
        table.fling(velocity: CGPoint(x: 0, y: 3000))
        var indicatorShown = false
        for _ in 0 ..< frames {
            screen.advance(by: 1.0 / 60)
            // Every row that came on screen went in beneath the app's view.
            #expect(table.subviews.last === controller.button)
            if table.subviews.contains(where: { $0.alpha > 0 && $0 !== controller.button && !($0 is UITableViewCell)
                                                && $0.frame.width < 10 }) { indicatorShown = true }
        }
        #expect(table.contentOffset.y > 500, "the table scrolled (\(table.contentOffset.y))")
        #expect(indicatorShown, "the scroll indicator showed while it scrolled")
        // The table's own header view is no view the app keeps in front: the indicator
        // stays over it.
        let header = try #require(table.tableHeaderView)
        let headerIndex = try #require(table.subviews.firstIndex { $0 === header })
        let indicatorIndex = try #require(table.subviews.lastIndex { $0.alpha > 0 && $0.frame.width < 10 && !($0 is UITableViewCell) })
        #expect(indicatorIndex > headerIndex, "the indicator went beneath the table's header view")
        // One layout a frame (the table's tiling as it scrolls), not the eight of a layout
        // in which the view and the indicator trade places.
        #expect(controller.passes <= frames + 2, "\(controller.passes) layout passes in \(frames) frames")
        #expect(reports.lines.isEmpty, "\(reports.lines)")
    }

    /// A collection view controller keeping a view of its own in front of the items, over
    /// a sideways section and a list below it.
    final class FloatingCollectionController: UICollectionViewController, @unchecked Sendable {
        let button = UIView(frame: CGRect(x: 200, y: 12, width: 100, height: 36))
        var passes = 0
        override func viewDidLoad() {
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            button.backgroundColor = .systemBlue
            collectionView.addSubview(button)
        }
        override func numberOfSections(in collectionView: UICollectionView) -> Int { 2 }
        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            section == 0 ? 10 : 100
        }
        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            cell.backgroundColor = indexPath.section == 0 ? .systemOrange : .systemGray5
            return cell
        }
        override func viewDidLayoutSubviews() {
            passes += 1
            if collectionView.subviews.last !== button { collectionView.bringSubviewToFront(button) }
        }
    }

    @Test("a view the app keeps in front of a collection view's items, over a sideways section, stays there while it scrolls, and the collection view lays out once a frame")
    func viewKeptInFrontOfItems() throws {
        let layout = UICollectionViewCompositionalLayout { section, _ in
            let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: .init(widthDimension: section == 0 ? .absolute(200) : .fractionalWidth(1), heightDimension: .absolute(100)),
                subitems: [item])
            let result = NSCollectionLayoutSection(group: group)
            result.interGroupSpacing = 8
            if section == 0 { result.orthogonalScrollingBehavior = .continuous }
            return result
        }
        let controller = FloatingCollectionController(collectionViewLayout: layout)
        let (screen, reports) = showFullScreen(controller)
        let view = try #require(controller.collectionView)
        let frames = 40
        controller.passes = 0
        view.fling(velocity: CGPoint(x: 0, y: 3000))
        for _ in 0 ..< frames {
            screen.advance(by: 1.0 / 60)
            #expect(view.subviews.last === controller.button)
            // The scroll indicator showing stays over the cells that come on screen under it.
            let lastCell = view.subviews.lastIndex { $0 is UICollectionViewCell } ?? -1
            let indicator = view.subviews.lastIndex { $0.alpha > 0 && $0.frame.width < 10 && !($0 is UICollectionViewCell) }
            #expect(indicator.map { $0 > lastCell } ?? true, "the indicator is beneath a cell")
        }
        #expect(view.contentOffset.y > 500, "the collection view scrolled (\(view.contentOffset.y))")
        // About one layout a frame (the indicator raised as the fling starts moves the
        // view once), not a second one in every frame a cell comes on screen, nor eight.
        #expect(controller.passes <= frames + frames / 4, "\(controller.passes) layout passes in \(frames) frames")
        #expect(reports.lines.isEmpty, "\(reports.lines)")
    }

    /// The screen's reports, collected.
    final class Reports {
        var lines: [String] = []
    }

    /// `controller` as the root of a window on an iPhone 15-shaped screen at scale 1, laid
    /// out, and the screen's reports from then on.
    func showFullScreen(_ controller: UIViewController) -> (HeadlessScreen, Reports) {
        var device = DeviceProfile.iPhone15
        device.scale = 1
        let screen = HeadlessScreen(device: device)
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 0.1)
        let reports = Reports()
        screen.onReport = { reports.lines.append($0) }
        return (screen, reports)
    }
}
