import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// Careless compositional layouts: zero, negative and NaN dimensions and spacings, deep
/// nesting, and a provider that disagrees with the data source. Each is reported or
/// laid out, and nothing traps or hangs.
@MainActor
@Suite("Careless code: compositional layouts", .serialized)
struct CarelessCompositionalTests {
    func show(_ provider: @escaping UICollectionViewCompositionalLayoutSectionProvider, _ sections: [[Int]])
        -> (UICollectionView, HeadlessScreen, () -> [String]) {
        var reports: [String] = []
        let (view, _, screen) = showLayout(sections, layout: UICollectionViewFlowLayout())
        screen.onReport = { reports.append($0) }
        view.collectionViewLayout = UICollectionViewCompositionalLayout(sectionProvider: provider)
        screen.advance(by: 1.0 / 60)
        return (view, screen, { reports })
    }

    @Test("items of zero width repeating in a group of fractional width end, and every frame is finite",
          arguments: [(false, CGFloat(0)), (true, 0), (false, -3), (true, .nan)])
    func zeroWidthItems(fractional: Bool, value: CGFloat) {
        let width: NSCollectionLayoutDimension = fractional ? .fractionalWidth(value) : .absolute(value)
        let (view, screen, reports) = show({ _, _ in
            let item = NSCollectionLayoutItem(layoutSize: size(width, .absolute(40)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }, [numbers(500)])
        defer { withExtendedLifetime(screen) {} }
        #expect(view.contentSize.height.isFinite && view.contentSize.width.isFinite, "\(view.contentSize)")
        let frames = (0 ..< 500).compactMap { view.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames.count == 500 && frames.allSatisfy { $0.minX.isFinite && $0.minY.isFinite })
        #expect(!reports().isEmpty || width.dimension == 0, "a negative or NaN width is reported")
    }

    @Test("groups of zero height, and NaN or negative spacing, leave the content size finite",
          arguments: [CGFloat.nan, -1e9, .infinity])
    func badSpacing(value: CGFloat) {
        let (view, screen, reports) = show({ _, _ in
            let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
            item.contentInsets = NSDirectionalEdgeInsets(top: value, leading: value, bottom: 0, trailing: 0)
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(0)), subitems: [item])
            group.interItemSpacing = .fixed(value)
            let section = NSCollectionLayoutSection(group: group)
            section.interGroupSpacing = value
            section.contentInsets = NSDirectionalEdgeInsets(top: value, leading: 0, bottom: value, trailing: 0)
            return section
        }, [numbers(100)])
        defer { withExtendedLifetime(screen) {} }
        #expect(view.contentSize.height.isFinite && view.contentSize.height >= 0, "\(view.contentSize)")
        let frame = view.layoutAttributesForItem(at: IndexPath(item: 99, section: 0))?.frame
        #expect(frame.map { $0.minX.isFinite && $0.minY.isFinite && $0.width.isFinite } == true, "\(String(describing: frame))")
        #expect(!reports().isEmpty)
        view.setContentOffset(CGPoint(x: 0, y: 100), animated: false)
        screen.advance(by: 1.0 / 60)
    }

    @Test("50 nested groups lay out their one item at the full width")
    func deeplyNested() {
        let (view, screen, _) = show({ _, _ in
            var group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(44)),
                                                           subitems: [NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))])
            for i in 0 ..< 50 {
                let s = size(.fractionalWidth(1), i.isMultiple(of: 2) ? .fractionalHeight(1) : .absolute(44))
                group = i.isMultiple(of: 2) ? .vertical(layoutSize: s, subitems: [group]) : .horizontal(layoutSize: s, subitems: [group])
            }
            return NSCollectionLayoutSection(group: group)
        }, [numbers(20)])
        defer { withExtendedLifetime(screen) {} }
        #expect(view.frameOfItem(0)?.width == 320)
        #expect(view.contentSize.height.isFinite)
    }

    /// A group of one item at the full width, wrapped in `depth` groups, alternately
    /// vertical and horizontal.
    func nested(_ depth: Int) -> NSCollectionLayoutGroup {
        var group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(44)),
                                                       subitems: [NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))])
        for i in 0 ..< depth {
            let s = size(.fractionalWidth(1), i.isMultiple(of: 2) ? .fractionalHeight(1) : .absolute(44))
            group = i.isMultiple(of: 2) ? .vertical(layoutSize: s, subitems: [group]) : .horizontal(layoutSize: s, subitems: [group])
        }
        return group
    }

    @Test("groups nested 5,000 and 50,000 deep are reported and lay out their item at the full width; nothing overflows the stack",
          arguments: [5_000, 50_000])
    func nestedThousandsDeep(depth: Int) {
        let group = nested(depth)
        let (view, screen, reports) = show({ _, _ in NSCollectionLayoutSection(group: group) }, [numbers(20)])
        defer { withExtendedLifetime(screen) {} }
        #expect(view.frameOfItem(0)?.width == 320)
        #expect(view.frameOfItem(1)?.minY == 44)
        #expect(reports().contains { $0.contains("\(depth + 1) levels deep") }, "\(reports())")
    }

    @Test("a group of 10,000 groups of 10,000 items is reported and holds 10,000 of them; the layout ends")
    func nestedRepeatsMultiply() {
        let (view, screen, reports) = show({ _, _ in
            let item = NSCollectionLayoutItem(layoutSize: size(.absolute(1), .absolute(1)))
            let row = NSCollectionLayoutGroup.horizontal(layoutSize: size(.absolute(1), .absolute(1)), repeatingSubitem: item, count: 10_000)
            return NSCollectionLayoutSection(group: .vertical(layoutSize: size(.absolute(1), .absolute(1)), repeatingSubitem: row, count: 10_000))
        }, [numbers(20_001)])
        defer { withExtendedLifetime(screen) {} }
        #expect(view.frameOfItem(0) == CGRect(x: 0, y: 0, width: 1, height: 1))
        // 10,000 items a group: item 10,000 starts the second group.
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 10_000, section: 0))?.frame.minY == 1)
        #expect(reports().contains { $0.contains("more than the 10000 items") }, "\(reports())")
    }

    @Test("a header's NaN or infinite offset is reported, and the header stays in its place")
    func boundaryNaNOffset() {
        let (view, screen, reports) = show({ _, _ in
            let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)),
                                                                       subitems: [NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(40)))]))
            let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(30)),
                                                                    elementKind: "header", alignment: .top,
                                                                    absoluteOffset: CGPoint(x: CGFloat.nan, y: .infinity))
            header.pinToVisibleBounds = true
            section.boundarySupplementaryItems = [header]
            return section
        }, [numbers(5)])
        defer { withExtendedLifetime(screen) {} }
        let header = view.collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 0))
        #expect(header?.frame == CGRect(x: 0, y: 0, width: 320, height: 30))
        #expect(view.frameOfItem(0)?.minY == 30)
        #expect(reports().contains { $0.contains("header") && $0.contains("offset") }, "\(reports())")
    }

    @Test("a provider that builds for more or fewer items than the data source has shows the data source's items")
    func countMismatch() {
        let (view, screen, _) = show({ index, _ in
            NSCollectionLayoutSection(group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)),
                                                         repeatingSubitem: NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1))),
                                                         count: index == 0 ? 100 : 1))
        }, [numbers(3), numbers(9)])
        defer { withExtendedLifetime(screen) {} }
        #expect(view.numberOfItems(inSection: 0) == 3 && view.numberOfItems(inSection: 1) == 9)
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 3, section: 0)) == nil)
        #expect(view.frameOfItem(8, 1) != nil)
        #expect(view.contentSize.height.isFinite && view.contentSize.height < 10_000)
    }

    @Test("a repeating group of Int.max items is reported and holds the most a group holds; nothing traps")
    func hugeRepeatCount() {
        let (view, screen, reports) = show({ index, _ in
            let item = NSCollectionLayoutItem(layoutSize: size(.absolute(10), .absolute(10)))
            let layoutSize = size(.fractionalWidth(1), .absolute(10))
            return NSCollectionLayoutSection(group: index == 0 ? .horizontal(layoutSize: layoutSize, repeatingSubitem: item, count: .max)
                                                               : .vertical(layoutSize: layoutSize, repeatingSubitem: item, count: -5))
        }, [numbers(30), numbers(3)])
        defer { withExtendedLifetime(screen) {} }
        #expect(view.frameOfItem(29)?.minX == 290)
        #expect(reports().contains { $0.contains("section 0") && $0.contains("\(Int.max)") }, "\(reports())")
        #expect(view.contentSize.height.isFinite)
    }

    @Test("a custom group's NaN or infinite frames are reported and shown at the group's origin with no size")
    func customNaNFrames() {
        let (view, screen, reports) = show({ _, _ in
            let group = NSCollectionLayoutGroup.custom(layoutSize: size(.fractionalWidth(1), .absolute(50))) { _ in
                [NSCollectionLayoutGroupCustomItem(frame: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)),
                 NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)),
                 NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 20, y: 0, width: 10, height: 10))]
            }
            return NSCollectionLayoutSection(group: group)
        }, [numbers(6)])
        defer { withExtendedLifetime(screen) {} }
        let frames = (0 ..< 6).compactMap { view.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames.count == 6 && frames.allSatisfy { $0.minX.isFinite && $0.width.isFinite && $0.minY.isFinite },
                "\(frames)")
        #expect(frames[2] == CGRect(x: 20, y: 0, width: 10, height: 10))
        #expect(!reports().isEmpty)
        #expect(view.contentSize.width.isFinite && view.contentSize.height.isFinite)
    }
}
