import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A cell that shows the item it was configured with.
final class ItemCell: UICollectionViewCell {
    var item: String?
    var configurations = 0
}

/// A collection view of 90-point items with a diffable data source whose cells come from
/// a registration, on a 320 × 480 screen; `texts` gives each item's shown text.
@MainActor
final class DiffableFixture {
    let view: UICollectionView
    let dataSource: UICollectionViewDiffableDataSource<String, String>
    let screen: HeadlessScreen
    var texts: [String: String] = [:]
    var reports: [String] = []

    init(layout: UICollectionViewFlowLayout = flowLayout(), size: CGSize = CGSize(width: 320, height: 480)) {
        view = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        var texts: (String) -> String = { $0 }
        let registration = UICollectionView.CellRegistration<ItemCell, String> { cell, _, item in
            cell.item = texts(item)
            cell.configurations += 1
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: view) { view, path, item in
            view.dequeueConfiguredReusableCell(using: registration, for: path, item: item)
        }
        let (screen, root) = makeScreen(width: size.width, height: size.height, scale: 1)
        self.screen = screen
        root.addSubview(view)
        texts = { [unowned self] in self.texts[$0] ?? $0 }
        view.onInvalidUpdate = { [unowned self] in self.reports.append($0.message) }
        screen.onReport = { [unowned self] in self.reports.append($0) }
    }

    /// Applies one section of `items`.
    func apply(_ items: [String], animated: Bool = false, completion: (() -> Void)? = nil) {
        var snapshot = NSDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["main"])
        snapshot.appendItems(items)
        dataSource.apply(snapshot, animatingDifferences: animated, completion: completion)
    }

    /// What each cell on screen shows, by index path.
    var shown: [IndexPath: String] {
        Dictionary(uniqueKeysWithValues: view.indexPathsForVisibleItems.map { ($0, (view.cellForItem(at: $0) as! ItemCell).item ?? "") })
    }

    func cell(_ item: String) -> ItemCell? {
        dataSource.indexPath(for: item).flatMap { view.cellForItem(at: $0) as? ItemCell }
    }
}

/// Strings "0" ..< "n".
func names(_ n: Int) -> [String] { (0 ..< n).map(String.init) }

@MainActor
@Suite("UICollectionViewDiffableDataSource")
struct DiffableDataSourceTests {
    @Test("applying a snapshot shows a cell per item, configured by the registration with its own item")
    func applyShows() {
        let fixture = DiffableFixture()
        fixture.apply(names(9))
        fixture.screen.advance(by: 1.0 / 60)
        #expect(fixture.view.numberOfItems(inSection: 0) == 9)
        #expect(fixture.shown.count == 9)
        for (path, text) in fixture.shown {
            #expect(fixture.dataSource.itemIdentifier(for: path) == text, "\(path)")
            #expect(text == String(path.item))
        }
        #expect(fixture.dataSource.indexPath(for: "4") == IndexPath(item: 4, section: 0))
        #expect(fixture.dataSource.sectionIdentifier(for: 0) == "main" && fixture.dataSource.sectionIdentifier(for: 1) == nil)
        #expect(fixture.dataSource.index(for: "main") == 0)
        #expect(fixture.dataSource.itemIdentifier(for: IndexPath(item: 9, section: 0)) == nil)
        #expect(fixture.dataSource.itemIdentifier(for: IndexPath(item: 0, section: 3)) == nil)
        #expect(fixture.reports.isEmpty, "\(fixture.reports)")
    }

    @Test("an animated apply deletes, inserts and moves the right cells; mid-animation frames are finite and in between; at rest nothing overlaps")
    func animatedDiff() throws {
        let fixture = DiffableFixture()
        fixture.apply(names(9))
        fixture.screen.advance(by: 1.0 / 60)
        let deleted = try #require(fixture.cell("0"))
        let moved = try #require(fixture.cell("8"))
        let movedFrom = moved.frame
        var completions = 0
        // 0 goes, "new" comes after 4, 8 moves to the front.
        fixture.apply(["8", "1", "2", "3", "4", "new", "5", "6", "7"], animated: true) { completions += 1 }
        let inserted = try #require(fixture.cell("new"))
        #expect(fixture.cell("8") === moved, "the moved item keeps its cell")
        let movedTo = moved.frame
        #expect(movedTo.origin == CGPoint(x: 10, y: 10))
        fixture.screen.advance(by: 0.15)
        for cell in fixture.view.subviews.compactMap({ $0 as? ItemCell }) {
            let frame = cell.presentedFrame
            #expect(frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite && frame.height.isFinite)
            #expect(frame.width > 0 && frame.height > 0)
        }
        let halfway = moved.presentedFrame
        #expect(halfway.minY > movedTo.minY && halfway.minY < movedFrom.minY, "the moved cell is on its way up: \(halfway)")
        #expect(deleted.presentedAlpha > 0 && deleted.presentedAlpha < 1, "the deleted cell fades out")
        #expect(inserted.presentedAlpha > 0 && inserted.presentedAlpha < 1, "the inserted cell fades in")
        #expect(completions == 0)
        fixture.screen.advance(by: 0.4)
        #expect(completions == 1)
        #expect(deleted.superview == nil, "the deleted cell went back to its pool")
        let cells = fixture.view.indexPathsForVisibleItems.map { fixture.view.cellForItem(at: $0)! }
        for (i, a) in cells.enumerated() {
            for b in cells[(i + 1)...] { #expect(!a.frame.intersects(b.frame), "\(a.frame) overlaps \(b.frame)") }
        }
        for (path, text) in fixture.shown { #expect(fixture.dataSource.itemIdentifier(for: path) == text) }
        #expect(fixture.shown[IndexPath(item: 5, section: 0)] == "new")
    }

    @Test("a snapshot with a duplicate identifier is reported and not applied: the last good snapshot stays on screen")
    func duplicates() {
        let fixture = DiffableFixture()
        fixture.apply(names(6))
        fixture.screen.advance(by: 1.0 / 60)
        var snapshot = fixture.dataSource.snapshot()
        snapshot.appendItems(["9", "3"])
        var completed = false
        fixture.dataSource.apply(snapshot, animatingDifferences: true) { completed = true }
        fixture.screen.advance(by: 0.5)
        #expect(fixture.reports.count == 1, "\(fixture.reports)")
        #expect(fixture.reports.first?.contains("unique") == true)
        #expect(completed, "the completion still runs")
        #expect(fixture.dataSource.snapshot().itemIdentifiers == names(6))
        #expect(fixture.view.numberOfItems(inSection: 0) == 6)
        #expect(fixture.shown.values.sorted() == names(6))
    }

    @Test("applying again in the middle of an animation ends the first (its completion runs) and shows the second snapshot")
    func applyMidAnimation() {
        let fixture = DiffableFixture()
        fixture.apply(names(9))
        fixture.screen.advance(by: 1.0 / 60)
        var log: [String] = []
        fixture.apply(Array(names(9).reversed()), animated: true) { log.append("first") }
        fixture.screen.advance(by: 0.1)
        fixture.apply(["a"] + names(4), animated: true) { log.append("second") }
        #expect(log == ["first"])
        fixture.screen.advance(by: 0.5)
        #expect(log == ["first", "second"])
        #expect(fixture.shown.count == 5)
        for (path, text) in fixture.shown { #expect(fixture.dataSource.itemIdentifier(for: path) == text) }
        #expect(fixture.view.subviews.compactMap { $0 as? ItemCell }.count == 5, "no cell of the first update is left behind")
        #expect(fixture.reports.isEmpty, "\(fixture.reports)")
    }

    @Test("100,000 items: applying and changing them makes cells only for the screen")
    func hundredThousand() {
        let fixture = DiffableFixture()
        let many = names(100_000)
        fixture.apply(many)
        fixture.screen.advance(by: 1.0 / 60)
        var changed = Array(many.dropFirst(3))
        changed.insert(contentsOf: ["x", "y"], at: 1)
        changed.swapAt(10, 50_000)
        fixture.apply(changed, animated: true)
        fixture.screen.advance(by: 0.5)
        #expect(fixture.view.numberOfItems(inSection: 0) == 99_999)
        #expect(fixture.dataSource.itemIdentifier(for: IndexPath(item: 1, section: 0)) == "x")
        #expect(fixture.shown.count <= 20)
        for (path, text) in fixture.shown { #expect(changed[path.item] == text) }
        let cells = fixture.view.subviews.compactMap { $0 as? ItemCell }
        #expect(cells.count == fixture.shown.count)
        #expect(fixture.reports.isEmpty, "\(fixture.reports)")
    }

    @Test("reconfiguring an item configures its cell again in place; reloading gives it a new cell")
    func reconfigureAndReload() throws {
        let fixture = DiffableFixture()
        fixture.apply(names(6))
        fixture.screen.advance(by: 1.0 / 60)
        let cell = try #require(fixture.cell("2"))
        fixture.texts["2"] = "two"
        var snapshot = fixture.dataSource.snapshot()
        snapshot.reconfigureItems(["2"])
        fixture.dataSource.apply(snapshot)
        #expect(fixture.cell("2") === cell)
        #expect(cell.item == "two")
        fixture.texts["3"] = "three"
        let old = try #require(fixture.cell("3"))
        snapshot = fixture.dataSource.snapshot()
        snapshot.reloadItems(["3"])
        fixture.dataSource.apply(snapshot, animatingDifferences: false)
        fixture.screen.advance(by: 1.0 / 60)
        #expect(fixture.cell("3") !== old && fixture.cell("3")?.item == "three")
        #expect(fixture.reports.isEmpty, "\(fixture.reports)")
    }

    @Test("a nil cell is reported and an empty cell shown; a missing supplementary view provider is reported")
    func nilCells() {
        let layout = flowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: view) { _, _, _ in nil }
        defer { withExtendedLifetime(dataSource) {} }
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        root.addSubview(view)
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([1])
        dataSource.apply(snapshot, animatingDifferences: false)
        screen.advance(by: 1.0 / 60)
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) != nil)
        #expect(reports.contains { $0.contains("cell provider returned nil") }, "\(reports)")
        #expect(reports.contains { $0.contains("supplementaryViewProvider is not set") }, "\(reports)")
    }
}
