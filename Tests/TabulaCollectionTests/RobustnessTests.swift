import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

@MainActor
@Suite("UICollectionView: bad input reported, never a trap")
struct RobustnessTests {
    @Test("NaN, negative and huge item sizes are reported once per section and clamped", arguments: [
        (CGFloat.nan, CGFloat(50)), (-20, 0), (1e12, UICollectionViewFlowLayout.maximumItemDimension),
    ])
    func badItemSizes(bad: CGFloat, used: CGFloat) {
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        let source = NumbersSource([numbers(20)])
        source.sizes = { $0.item == 3 ? CGSize(width: 40, height: bad) : CGSize(width: 40, height: 40) }
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: flowLayout())
        view.register(NumberCell.self, forCellWithReuseIdentifier: "number")
        view.dataSource = source
        view.delegate = source
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        #expect(reports.count == 1, "\(reports)")
        #expect(reports.first?.contains("size of item [0, 3]") == true)
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.size.height == used)
        #expect(view.contentSize.height.isFinite)
    }

    @Test("a bad itemSize for every item of ten million is one report, and the grid is still usable")
    func badUniformSize() {
        let layout = flowLayout()
        layout.itemSize = CGSize(width: CGFloat.infinity, height: -1)
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        let source = NumbersSource([[]])
        let view = HugeGrid(count: 10_000_000, layout: layout)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        #expect(reports.count == 1, "\(reports)")
        _ = source
        #expect(view.contentSize.height.isFinite)
    }

    @Test("a negative count is reported and counts as 0; an unregistered identifier gives a plain cell, reported")
    func badCountsAndIdentifiers() {
        let (view, source, screen) = showCollection([numbers(3)])
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        view.onInvalidUpdate = { reports.append($0.message) }
        let cell = view.dequeueReusableCell(withReuseIdentifier: "nobody", for: IndexPath(item: 0, section: 0))
        #expect(type(of: cell) == UICollectionViewCell.self)
        #expect(reports.last?.contains("no class is registered for \"nobody\"") == true)
        _ = view.dequeueReusableSupplementaryView(ofKind: "badge", withReuseIdentifier: "title", for: IndexPath(item: 0, section: 0))
        #expect(reports.last?.contains("registered for another kind") == true, "\(reports)")
        source.sections = []
        let negative = NegativeSource()
        view.dataSource = negative
        screen.advance(by: 1.0 / 60)
        #expect(view.numberOfSections == 1 && view.numberOfItems(inSection: 0) == 0)
        #expect(reports.contains { $0.contains("is -4") }, "\(reports)")
    }

    @Test("a ten-million-item grid asks one size per section and makes attributes only for the rect asked")
    func tenMillionItems() {
        let layout = flowLayout()
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        let view = HugeGrid(count: 10_000_000, layout: layout)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        #expect(view.sizesAsked == 1)
        #expect(view.contentSize.height == CGFloat(10 + 3_333_334 * 100 - 10 + 10))
        view.contentOffset = CGPoint(x: 0, y: 200_000_000)
        screen.advance(by: 1.0 / 60)
        let items = view.indexPathsForVisibleItems.map(\.item).sorted()
        #expect(items.count == 15 || items.count == 18)
        #expect(items.first == 5_999_997 || items.first == 6_000_000, "\(items)")
        let rect = CGRect(x: 0, y: 300_000_000, width: 320, height: 480)
        #expect((layout.layoutAttributesForElements(in: rect) ?? []).count <= 18)
    }
}

/// A grid of `count` items in one section that counts the sizes it is asked for.
final class HugeGrid: UICollectionView, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    let count: Int
    var sizesAsked = 0
    init(count: Int, layout: UICollectionViewFlowLayout) {
        self.count = count
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        contentInsetAdjustmentBehavior = .never
        register(NumberCell.self, forCellWithReuseIdentifier: "number")
        dataSource = self
        delegate = self
    }
    required init?(coder: NSCoder) { return nil }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForHeaderInSection section: Int) -> CGSize {
        sizesAsked += 1
        return .zero
    }
}

final class NegativeSource: NSObject, UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { -4 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath)
    }
}
