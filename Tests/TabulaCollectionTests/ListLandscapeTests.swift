import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaCollection
import TabulaUIKitTestSupport

/// Lists and compositional sections in landscape, where the safe area reaches in from
/// both sides (the sensor housing on one, the rounded corners on the other).
@MainActor
@Suite("Compositional layout: the safe area in landscape")
struct ListLandscapeTests {
    final class Source: NSObject, UICollectionViewDataSource {
        /// The accessories every row shows.
        var accessories: [UICellAccessory] = []
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 6 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! UICollectionViewListCell
            var content = cell.defaultContentConfiguration()
            content.text = "Row \(indexPath.item)"
            cell.contentConfiguration = content
            cell.accessories = accessories
            return cell
        }
    }

    func landscape(_ layout: UICollectionViewLayout) -> (HeadlessScreen, UICollectionView, Source) {
        let screen = HeadlessScreen(device: .iPhone15)
        let controller = UIViewController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        let view = UICollectionView(frame: controller.view.bounds, collectionViewLayout: layout)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "cell")
        let source = Source()
        view.dataSource = source
        controller.view.addSubview(view)
        screen.rotate(to: .landscapeRight, duration: 0)
        screen.advance(by: 0.5)
        return (screen, view, source)
    }

    @Test("an inset-grouped list's cards sit inside the safe area, 16 points in; a plain list's rows reach the sides")
    func listsInLandscape() throws {
        let (screen, inset, _) = landscape(UICollectionViewCompositionalLayout.list(using: .init(appearance: .insetGrouped)))
        let safe = screen.safeAreaInsets
        #expect(safe.left > 40 && safe.right > 40, "landscape has side safe areas: \(safe)")
        let card = try #require(inset.cellForItem(at: IndexPath(item: 0, section: 0))).convert(CGRect(x: 0, y: 0, width: 1, height: 1), to: nil)
        let cells = inset.visibleCells.map { $0.convert($0.bounds, to: nil) }
        #expect(!cells.isEmpty)
        for frame in cells {
            #expect(frame.minX >= safe.left + 16 - 0.5 && frame.maxX <= screen.size.width - safe.right - 16 + 0.5,
                    "a card row inside the safe area and its 16-point inset: \(frame)")
        }
        _ = card
        let (_, plain, _) = landscape(UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
        for frame in plain.visibleCells.map({ $0.convert($0.bounds, to: nil) }) {
            #expect(frame.minX == 0 && frame.maxX == screen.size.width, "a plain row spans the screen: \(frame)")
        }
    }

    @Test("a plain list's rows reach the sides, but their text and accessories keep clear of the safe area, as a table's do")
    func plainRowContentInLandscape() throws {
        let (screen, plain, source) = landscape(UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
        source.accessories = [.disclosureIndicator()]
        plain.reloadData()
        screen.advance(by: 0.1)
        let safe = screen.safeAreaInsets
        let cell = try #require(plain.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell)
        #expect(cell.convert(cell.bounds, to: nil).minX == 0, "the row still spans the screen")
        let content = cell.contentView.convert(cell.contentView.bounds, to: nil)
        #expect(content.minX >= safe.left - 0.5, "the content starts past the sensor housing: \(content), \(safe)")
        let accessory = try #require(cell.subviews.last { $0 !== cell.contentView && $0.bounds.width > 0 && $0.bounds.width < 40 })
        let chevron = accessory.convert(accessory.bounds, to: nil)
        #expect(chevron.maxX <= screen.size.width - safe.right + 0.5, "the chevron stays inside the safe area: \(chevron)")
        writeForLooking(screen.snapshot(), "plain-list-landscape")
        withExtendedLifetime(source) {}
    }

    @Test("a grid section's items keep clear of the safe area by default; .none puts them at the edges")
    func gridReference() throws {
        func grid(_ reference: UIContentInsetsReference?) -> UICollectionViewCompositionalLayout {
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.25), heightDimension: .absolute(60)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                               heightDimension: .absolute(60)),
                                                           subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            if let reference { section.contentInsetsReference = reference }
            return UICollectionViewCompositionalLayout(section: section)
        }
        let (screen, byDefault, _) = landscape(grid(nil))
        let safe = screen.safeAreaInsets
        let first = try #require(byDefault.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))).frame
        let fourth = try #require(byDefault.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))).frame
        #expect(abs(first.minX - safe.left) < 0.5 && abs(fourth.maxX - (screen.size.width - safe.right)) < 0.5,
                "four across the safe width: \(first), \(fourth)")
        let (_, edges, _) = landscape(grid(UIContentInsetsReference.none))
        let edgeFirst = try #require(edges.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))).frame
        #expect(edgeFirst.minX == 0 && abs(edgeFirst.width - screen.size.width / 4) < 0.5, "edge to edge: \(edgeFirst)")
        let layout = grid(nil)
        #expect(layout.configuration.contentInsetsReference == .safeArea, "the configuration's default")
    }
}
