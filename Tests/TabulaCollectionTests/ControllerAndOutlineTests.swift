import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A collection view controller with twenty numbered items.
final class GridController: UICollectionViewController {
    var selected: [IndexPath] = []
    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(NumberCell.self, forCellWithReuseIdentifier: "number")
    }
    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 20 }
    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath) as! NumberCell
        cell.number = indexPath.item
        return cell
    }
    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        selected.append(indexPath)
    }
}

@MainActor
@Suite("UICollectionViewController and outlines")
struct ControllerAndOutlineTests {
    @Test("the controller owns its collection view with the layout it was given; overrides are called; selection clears on appearing")
    func controller() throws {
        let layout = flowLayout()
        let controller = GridController(collectionViewLayout: layout)
        #expect(controller.collectionViewLayout === layout, "before the view loads")
        #expect(controller.clearsSelectionOnViewWillAppear && controller.installsStandardGestureForInteractiveMovement)
        let view = try #require(controller.collectionView)
        #expect(view.collectionViewLayout === layout && controller.collectionViewLayout === layout)
        #expect(view.dataSource === controller && view.delegate === controller)
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480), scale: 1)
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 1.0 / 60)
        #expect(view.numberOfItems(inSection: 0) == 20)
        let cell = try #require(view.cellForItem(at: IndexPath(item: 4, section: 0)))
        screen.tap(at: cell.convert(CGPoint(x: 45, y: 45), to: nil))
        screen.advance(by: 0.1)
        #expect(controller.selected == [IndexPath(item: 4, section: 0)])
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        controller.viewWillAppear(false)
        #expect(view.indexPathsForSelectedItems == nil, "clearsSelectionOnViewWillAppear")
        controller.installsStandardGestureForInteractiveMovement = false
        #expect(!controller.installsStandardGestureForInteractiveMovement)
    }

    @Test("a section snapshot shows its visible items; expanding a parent inserts its children after it, collapsing removes them")
    func outline() throws {
        let fixture = DiffableFixture()
        var outline = NSDiffableDataSourceSectionSnapshot<String>()
        outline.append(["fruit", "veg"])
        outline.append(["apple", "pear"], to: "fruit")
        outline.append(["leek"], to: "veg")
        fixture.dataSource.apply(outline, to: "food", animatingDifferences: false)
        fixture.screen.advance(by: 1.0 / 60)
        #expect(fixture.dataSource.snapshot().itemIdentifiers == ["fruit", "veg"])
        #expect(fixture.shown.count == 2)
        outline.expand(["fruit"])
        fixture.dataSource.apply(outline, to: "food", animatingDifferences: true)
        let apple = try #require(fixture.cell("apple"))
        fixture.screen.advance(by: 0.15)
        #expect(apple.presentedAlpha > 0 && apple.presentedAlpha < 1, "the children fade in")
        fixture.screen.advance(by: 0.4)
        #expect(fixture.dataSource.snapshot().itemIdentifiers == ["fruit", "apple", "pear", "veg"])
        for (path, text) in fixture.shown { #expect(fixture.dataSource.itemIdentifier(for: path) == text) }
        let kept = fixture.dataSource.snapshot(for: "food")
        #expect(kept.isExpanded("fruit") && !kept.isExpanded("veg"))
        #expect(kept.rootItems == ["fruit", "veg"] && kept.items == ["fruit", "apple", "pear", "veg", "leek"])
        #expect(kept.parent(of: "leek") == "veg" && kept.level(of: "leek") == 1)
        // Another section keeps its items when the outline changes.
        var snapshot = fixture.dataSource.snapshot()
        snapshot.appendSections(["other"])
        snapshot.appendItems(["x"], toSection: "other")
        fixture.dataSource.apply(snapshot, animatingDifferences: false)
        outline.collapse(["fruit"])
        fixture.dataSource.apply(outline, to: "food", animatingDifferences: false)
        #expect(fixture.dataSource.snapshot().itemIdentifiers == ["fruit", "veg", "x"])
        // An outline repeating an item of another section is reported and not applied.
        var bad = NSDiffableDataSourceSectionSnapshot<String>()
        bad.append(["x"])
        fixture.dataSource.apply(bad, to: "food", animatingDifferences: false)
        #expect(fixture.reports.count == 1, "\(fixture.reports)")
        #expect(fixture.dataSource.snapshot().itemIdentifiers == ["fruit", "veg", "x"])
    }
}

@MainActor
@Suite("Reordering with a diffable data source")
struct ReorderingTests {
    @Test("canReorderItem decides what moves; a move updates the snapshot and tells willReorder and didReorder the transaction")
    func reorder() throws {
        let fixture = DiffableFixture()
        var snapshot = NSDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems(["1", "2", "3"], toSection: "a")
        snapshot.appendItems(["4"], toSection: "b")
        fixture.dataSource.apply(snapshot, animatingDifferences: false)
        let view = fixture.view, path = { (item: Int, section: Int) in IndexPath(item: item, section: section) }
        #expect(!fixture.dataSource.collectionView(view, canMoveItemAt: path(0, 0)), "no handler: nothing moves")
        fixture.dataSource.reorderingHandlers.canReorderItem = { $0 != "2" }
        #expect(fixture.dataSource.collectionView(view, canMoveItemAt: path(0, 0)))
        #expect(!fixture.dataSource.collectionView(view, canMoveItemAt: path(1, 0)))
        var log: [String] = []
        var last: NSDiffableDataSourceTransaction<String, String>?
        fixture.dataSource.reorderingHandlers.willReorder = { _ in log.append("will") }
        fixture.dataSource.reorderingHandlers.didReorder = { log.append("did"); last = $0 }
        fixture.dataSource.collectionView(view, moveItemAt: path(0, 0), to: path(1, 1))
        #expect(log == ["will", "did"])
        #expect(fixture.dataSource.snapshot().itemIdentifiers(inSection: "a") == ["2", "3"])
        #expect(fixture.dataSource.snapshot().itemIdentifiers(inSection: "b") == ["4", "1"])
        let transaction = try #require(last)
        #expect(transaction.initialSnapshot.itemIdentifiers == ["1", "2", "3", "4"])
        #expect(transaction.finalSnapshot.itemIdentifiers == ["2", "3", "4", "1"])
        #expect(["1", "2", "3", "4"].applying(transaction.difference) == ["2", "3", "4", "1"])
        #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == ["a", "b"])
        let b = transaction.sectionTransactions[1]
        #expect(b.initialSnapshot.items == ["4"] && b.finalSnapshot.items == ["4", "1"])
        #expect(["4"].applying(b.difference) == ["4", "1"])
    }
}
