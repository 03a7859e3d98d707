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
