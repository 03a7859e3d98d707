import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A screen that applies its snapshot again when it comes back (`viewWillAppear`, after a
/// pushed screen is popped) applies it while the collection view is in no window.
@MainActor
@Suite("Collection view: applying while out of the window keeps the cells")
struct OffScreenApplyKeepsCellsTests {
    /// The cells on screen by item, read through the data source.
    func cellsByItem(_ fixture: ContentSizeFixture) -> [Int: UICollectionViewCell] {
        var cells: [Int: UICollectionViewCell] = [:]
        for cell in fixture.view.visibleCells {
            if let path = fixture.view.indexPath(for: cell), let item = fixture.dataSource.itemIdentifier(for: path) {
                cells[item] = cell
            }
        }
        return cells
    }

    @Test("the same snapshot again, out of the window: no cell is configured again, each item keeps its cell", arguments: [false, true])
    func sameSnapshot(flow: Bool) throws {
        let fixture = ContentSizeFixture(flow: flow, onScreen: true)
        fixture.dataSource.apply(fixture.snapshot(), animatingDifferences: false)
        fixture.screen!.advance(by: 1.0 / 60)
        let made = fixture.cellsMade, before = cellsByItem(fixture)
        #expect(before.count == 6)
        fixture.view.removeFromSuperview()
        fixture.dataSource.apply(fixture.snapshot(), animatingDifferences: true)
        fixture.root!.addSubview(fixture.view)
        fixture.screen!.advance(by: 0.5)
        #expect(fixture.cellsMade == made, "configured again: \(fixture.cellsMade - made) cells")
        let after = cellsByItem(fixture)
        #expect(after.count == 6 && after.allSatisfy { before[$0.key] === $0.value })
    }

    @Test("a changed snapshot, out of the window: items that stay keep their cells at their new places; only the new item is configured", arguments: [false, true])
    func changedSnapshot(flow: Bool) throws {
        let fixture = ContentSizeFixture(flow: flow, onScreen: true)
        fixture.dataSource.apply(fixture.snapshot(), animatingDifferences: false)
        fixture.screen!.advance(by: 1.0 / 60)
        let made = fixture.cellsMade, before = cellsByItem(fixture)
        fixture.view.removeFromSuperview()
        var snapshot = fixture.snapshot()
        snapshot.deleteItems([1])
        snapshot.insertItems([99], beforeItem: 0)
        fixture.dataSource.apply(snapshot, animatingDifferences: true)
        fixture.root!.addSubview(fixture.view)
        fixture.screen!.advance(by: 0.5)
        #expect(fixture.cellsMade == made + 1, "only item 99 is new: \(fixture.cellsMade - made) cells made")
        let after = cellsByItem(fixture)
        #expect(Set(after.keys) == [99, 0, 2, 3, 4, 5])
        for item in [0, 2, 3, 4, 5] { #expect(after[item] === before[item], "item \(item) kept its cell") }
        // Each in its place: item 0 now second, 2 third...
        for (index, item) in [99, 0, 2, 3, 4, 5].enumerated() {
            let frame = try #require(after[item]).frame
            let expected = try #require(fixture.view.layoutAttributesForItem(at: IndexPath(item: index, section: 0))).frame
            #expect(frame == expected, "item \(item): \(frame) vs \(expected)")
        }
    }
}
