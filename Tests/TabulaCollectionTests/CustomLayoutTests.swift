import Foundation
import Testing
import Tabula
import TabulaUIKitTestSupport

/// A layout written as an app writes one, with only the public API (this file imports
/// Tabula without @testable): items down a zigzag, 60 points apart, each 50 square,
/// with a z-index that puts later items in front.
final class DiagonalLayout: UICollectionViewLayout {
    private(set) var preparations = 0
    private var frames: [CGRect] = []

    override func prepare() {
        super.prepare()
        preparations += 1
        let count = collectionView.map { $0.numberOfSections > 0 ? $0.numberOfItems(inSection: 0) : 0 } ?? 0
        frames = (0 ..< count).map { CGRect(x: CGFloat($0 % 5) * 20, y: CGFloat($0) * 60, width: 50, height: 50) }
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: (frames.last?.maxY ?? 0) + 10)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        frames.indices.filter { frames[$0].maxY > rect.minY && frames[$0].minY < rect.maxY }.compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.item < frames.count else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = frames[indexPath.item]
        attributes.zIndex = indexPath.item
        attributes.alpha = indexPath.item == 2 ? 0.5 : 1
        return attributes
    }
}

@MainActor
@Suite("A UICollectionViewLayout subclass of the app's own")
struct CustomLayoutTests {
    @Test("cells stand where the subclass says, with its alpha and z-index; prepare runs once per invalidation")
    func subclassedLayout() throws {
        let layout = DiagonalLayout()
        let source = NumbersSource([numbers(40)])
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        view.register(NumberCell.self, forCellWithReuseIdentifier: "number")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        defer { withExtendedLifetime((screen, source)) {} }
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        #expect(layout.collectionView === view)
        #expect(view.cellForItem(at: IndexPath(item: 3, section: 0))?.frame == CGRect(x: 60, y: 180, width: 50, height: 50))
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.alpha == 0.5)
        #expect(view.cellForItem(at: IndexPath(item: 5, section: 0))?.layer.zPosition == 5)
        #expect(view.visibleCells.count == 8, "items 0 to 7 meet the first 480 points")
        #expect(view.contentSize.height == CGFloat(39 * 60 + 50 + 10))
        let preparations = layout.preparations
        view.contentOffset = CGPoint(x: 0, y: 600)
        screen.advance(by: 1.0 / 60)
        #expect(layout.preparations == preparations, "a scroll does not invalidate this layout")
        #expect(Set(view.indexPathsForVisibleItems.map(\.item)) == Set(10 ... 17))
        layout.invalidateLayout()
        screen.advance(by: 1.0 / 60)
        #expect(layout.preparations == preparations + 1)
    }
}

/// Attributes that carry a tint, written as for UIKit: `copy(with:)` and `isEqual(_:)` overridden.
final class TintAttributes: UICollectionViewLayoutAttributes {
    var tint = 0
    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! TintAttributes
        copy.tint = tint
        return copy
    }
    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? TintAttributes, other.tint == tint else { return false }
        return super.isEqual(object)
    }
}

/// A flow layout that tints every third item, through its own attributes class.
final class TintingFlowLayout: UICollectionViewFlowLayout {
    override class var layoutAttributesClass: AnyClass { TintAttributes.self }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        super.layoutAttributesForElements(in: rect)?.map { attributes in
            let copy = attributes.copy() as! TintAttributes
            copy.tint = copy.indexPath.item % 3 == 0 ? 1 : 0
            return copy
        }
    }
}

/// A cell that shows the tint its attributes carry.
final class TintCell: UICollectionViewCell {
    var tint = -1
    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        tint = (layoutAttributes as? TintAttributes)?.tint ?? -1
    }
}

final class TintSource: NSObject, UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 9 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "tint", for: indexPath)
    }
}

@MainActor
@Suite("Custom layout attributes")
struct CustomAttributesTests {
    @Test("a subclass of the flow layout hands its own attributes class to the cells' apply(_:)")
    func customAttributes() throws {
        let source = TintSource()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: TintingFlowLayout())
        view.register(TintCell.self, forCellWithReuseIdentifier: "tint")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        defer { withExtendedLifetime((screen, source)) {} }
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let tints = (0 ..< 9).map { (view.cellForItem(at: IndexPath(item: $0, section: 0)) as? TintCell)?.tint }
        #expect(tints == [1, 0, 0, 1, 0, 0, 1, 0, 0])
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) is TintAttributes)
    }
}
