import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

@MainActor
@Suite("UICollectionViewCompositionalLayout")
struct CompositionalLayoutTests {
    @Test("fractional widths share the row, an absolute height sets it; groups repeat down the section")
    func fractionalAndAbsolute() throws {
        let section = rowSection(item: size(.fractionalWidth(0.5), .fractionalHeight(1)),
                                 group: size(.fractionalWidth(1), .absolute(100)), count: 2)
        let (view, _, screen) = showLayout([numbers(5)], layout: UICollectionViewCompositionalLayout(section: section))
        defer { withExtendedLifetime(screen) {} }
        #expect(view.frameOfItem(0) == CGRect(x: 0, y: 0, width: 160, height: 100))
        #expect(view.frameOfItem(1) == CGRect(x: 160, y: 0, width: 160, height: 100))
        #expect(view.frameOfItem(2) == CGRect(x: 0, y: 100, width: 160, height: 100))
        #expect(view.frameOfItem(4) == CGRect(x: 0, y: 200, width: 160, height: 100))
        // A partial last group takes a whole group's room.
        #expect(view.contentSize == CGSize(width: 320, height: 300))
        #expect(view.indexPathForItem(at: CGPoint(x: 200, y: 150)) == IndexPath(item: 3, section: 0))
    }

    @Test("estimated sizes are laid out at the estimate; fractionalHeight is of the visible height")
    func estimatedAndFractionalHeight() {
        let list = NSCollectionLayoutSection(group: .vertical(layoutSize: size(.fractionalWidth(1), .estimated(44)),
                                                              subitems: [NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(44)))]))
        let layout = UICollectionViewCompositionalLayout { index, _ in
            index == 0 ? list : rowSection(item: size(.fractionalWidth(1), .fractionalHeight(1)),
                                           group: size(.fractionalWidth(1), .fractionalHeight(0.25)), count: 1)
        }
        let (view, _, screen) = showLayout([numbers(3), numbers(2)], layout: layout)
        defer { withExtendedLifetime(screen) {} }
        #expect(view.frameOfItem(2) == CGRect(x: 0, y: 88, width: 320, height: 44))
        #expect(view.frameOfItem(0, 1) == CGRect(x: 0, y: 132, width: 320, height: 120), "a quarter of 480")
        #expect(view.frameOfItem(1, 1) == CGRect(x: 0, y: 252, width: 320, height: 120))
    }

    @Test("section insets, inter-group and fixed inter-item spacing, and item content insets")
    func insetsAndSpacing() {
        let item = NSCollectionLayoutItem(layoutSize: size(.absolute(90), .fractionalHeight(1)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)),
                                                       repeatingSubitem: item, count: 3)
        group.interItemSpacing = .fixed(10)
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 20, leading: 10, bottom: 30, trailing: 10)
        section.interGroupSpacing = 8
        let (view, _, screen) = showLayout([numbers(6)], layout: UICollectionViewCompositionalLayout(section: section))
        defer { withExtendedLifetime(screen) {} }
        #expect(view.frameOfItem(0) == CGRect(x: 15, y: 25, width: 80, height: 90))
        #expect(view.frameOfItem(1) == CGRect(x: 115, y: 25, width: 80, height: 90))
        #expect(view.frameOfItem(3) == CGRect(x: 15, y: 133, width: 80, height: 90))
        #expect(view.contentSize.height == 258.0)
    }

    @Test("flexible spacing spreads the items to the group's edges")
    func flexibleSpacing() {
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)),
                                                       repeatingSubitem: NSCollectionLayoutItem(layoutSize: size(.absolute(50), .absolute(50))),
                                                       count: 3)
        group.interItemSpacing = .flexible(0)
        let (view, _, screen) = showLayout([numbers(3)], layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)))
        defer { withExtendedLifetime(screen) {} }
        #expect(view.frameOfItem(0)?.minX == 0)
        #expect(view.frameOfItem(1)?.minX == 135)
        #expect(view.frameOfItem(2)?.maxX == 320)
    }

    @Test("a group of subitems with one item repeats it while another fits: the grid of Apple's samples")
    func singleItemGroupRepeats() {
        // An item a fifth of the width in a full-width row: five to a row.
        let fifth = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)),
                                                       subitems: [NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.2), .fractionalHeight(1)))])
        let (view, _, screen) = showLayout([numbers(12)], layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: fifth)))
        defer { withExtendedLifetime(screen) {} }
        #expect((0 ..< 5).map { view.frameOfItem($0)?.minY } == Array(repeating: 0, count: 5), "five in the first row")
        #expect(view.frameOfItem(4)?.maxX == 320 && view.frameOfItem(5)?.minY == 40 && view.frameOfItem(5)?.minX == 0)
        // 100-point items with 10 between them in 320 points: three fit, a fourth would not.
        let fixed = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)),
                                                       subitems: [NSCollectionLayoutItem(layoutSize: size(.absolute(100), .absolute(40)))])
        fixed.interItemSpacing = .fixed(10)
        let (view3, _, screen3) = showLayout([numbers(7)], layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: fixed)))
        defer { withExtendedLifetime(screen3) {} }
        #expect(view3.frameOfItem(2)?.minX == 220 && view3.frameOfItem(3)?.minY == 40)
        // A column repeats down its height; an item with no length does not repeat forever.
        let column = NSCollectionLayoutGroup.vertical(layoutSize: size(.absolute(100), .absolute(90)),
                                                      subitems: [NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .absolute(30)))])
        let (viewC, _, screenC) = showLayout([numbers(4)], layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: column)))
        defer { withExtendedLifetime(screenC) {} }
        #expect(viewC.frameOfItem(2)?.minY == 60 && viewC.frameOfItem(3)?.minY == 90, "three to a 90-point column")
        let flat = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)),
                                                      subitems: [NSCollectionLayoutItem(layoutSize: size(.absolute(0), .absolute(40)))])
        let (viewF, _, screenF) = showLayout([numbers(3)], layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: flat)))
        defer { withExtendedLifetime(screenF) {} }
        #expect(viewF.frameOfItem(2) != nil, "zero-width items are laid out, one to a group")
    }

    @Test("the old subitem:count: group makes equal items that fill it, spacing taken out of them")
    func equalCountGroup() {
        // Called through a protocol: the deprecated API warns only at a direct call.
        let group = (OldGroups.self as any EqualRowMaking.Type).equalRow()
        let (view, _, screen) = showLayout([numbers(3)], layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)))
        defer { withExtendedLifetime(screen) {} }
        #expect(view.frameOfItem(0) == CGRect(x: 0, y: 0, width: 100, height: 40))
        #expect(view.frameOfItem(2) == CGRect(x: 220, y: 0, width: 100, height: 40))
    }

    @Test("nested groups: a large item beside a column of two, repeated")
    func nestedGroups() {
        let large = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
        let small = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
        let column = NSCollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)),
                                                      repeatingSubitem: small, count: 2)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(200)), subitems: [large, column])
        let (view, _, screen) = showLayout([numbers(6)], layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)))
        defer { withExtendedLifetime(screen) {} }
        #expect(view.frameOfItem(0) == CGRect(x: 0, y: 0, width: 160, height: 200))
        #expect(view.frameOfItem(1) == CGRect(x: 160, y: 0, width: 160, height: 100))
        #expect(view.frameOfItem(2) == CGRect(x: 160, y: 100, width: 160, height: 100))
        #expect(view.frameOfItem(3) == CGRect(x: 0, y: 200, width: 160, height: 200))
    }

    @Test("a group's content insets shrink the room of its items; a nested group's too")
    func groupContentInsets() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)))
        let inner = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)),
                                                       repeatingSubitem: item, count: 2)
        inner.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let outer = NSCollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(1), .absolute(120)), repeatingSubitem: inner, count: 2)
        outer.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        let (view, _, screen) = showLayout([numbers(4)], layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: outer)))
        defer { withExtendedLifetime(screen) {} }
        // Outer: 300 × 100 inside; each inner row 300 × 50, its items 145 × 40 inside 5 points.
        #expect(view.frameOfItem(0) == CGRect(x: 15, y: 15, width: 145, height: 40))
        #expect(view.frameOfItem(1) == CGRect(x: 160, y: 15, width: 145, height: 40))
        #expect(view.frameOfItem(2) == CGRect(x: 15, y: 65, width: 145, height: 40))
    }

    @Test("the section provider gets the environment: two columns in a narrow container, four in a wide one")
    func providerSeesEnvironment() {
        var widths: [CGFloat] = []
        let layout = UICollectionViewCompositionalLayout { _, environment in
            let width = environment.container.effectiveContentSize.width
            widths.append(width)
            let columns = width > 500 ? 4 : 2
            return rowSection(item: size(.fractionalWidth(1 / CGFloat(columns)), .fractionalHeight(1)),
                              group: size(.fractionalWidth(1), .absolute(50)), count: columns)
        }
        let (view, _, screen) = showLayout([numbers(8)], layout: layout)
        defer { withExtendedLifetime(screen) {} }
        #expect(widths.last == 320)
        #expect(view.frameOfItem(2)?.minY == 50)
        view.frame = CGRect(x: 0, y: 0, width: 640, height: 480)
        screen.advance(by: 1.0 / 60)
        #expect(widths.last == 640)
        #expect(view.frameOfItem(2) == CGRect(x: 320, y: 0, width: 160, height: 50))
    }

    @Test("headers and footers surround each section; interSectionSpacing separates sections; a pinned header stays on top")
    func boundaryItems() {
        let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(30)),
                                                                 elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = true
        let footer = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(20)),
                                                                 elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom)
        let section = rowSection(item: size(.fractionalWidth(1), .fractionalHeight(1)), group: size(.fractionalWidth(1), .absolute(100)), count: 1)
        section.boundarySupplementaryItems = [header, footer]
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 10
        let (view, _, screen) = showLayout([numbers(5), numbers(5)], layout: UICollectionViewCompositionalLayout(section: section, configuration: configuration))
        defer { withExtendedLifetime(screen) {} }
        let headerKind = UICollectionView.elementKindSectionHeader
        #expect(view.supplementaryView(forElementKind: headerKind, at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 0, y: 0, width: 320, height: 30))
        #expect(view.frameOfItem(0)?.minY == 30)
        #expect(view.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 0, y: 530, width: 320, height: 20))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 590.0)
        #expect(view.contentSize.height == 1110.0)
        view.contentOffset = CGPoint(x: 0, y: 200)
        screen.advance(by: 1.0 / 60)
        #expect(view.supplementaryView(forElementKind: headerKind, at: IndexPath(item: 0, section: 0))?.frame.minY == 200, "pinned to the top")
        // Near the section's end the header is pushed up by it, and the next one takes over.
        view.contentOffset = CGPoint(x: 0, y: 540)
        screen.advance(by: 1.0 / 60)
        #expect(view.supplementaryView(forElementKind: headerKind, at: IndexPath(item: 0, section: 0))?.frame.maxY == 550)
        view.contentOffset = CGPoint(x: 0, y: 700)
        screen.advance(by: 1.0 / 60)
        #expect(view.supplementaryView(forElementKind: headerKind, at: IndexPath(item: 0, section: 1))?.frame.minY == 700)
    }

    @Test("layout-wide header and footer come before the first section and after the last")
    func layoutBoundaryItems() {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.boundarySupplementaryItems = [
            NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(40)),
                                                        elementKind: UICollectionView.elementKindSectionHeader, alignment: .top),
            NSCollectionLayoutBoundarySupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(25)),
                                                        elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom),
        ]
        let section = rowSection(item: size(.fractionalWidth(1), .fractionalHeight(1)), group: size(.fractionalWidth(1), .absolute(50)), count: 1)
        let (view, _, screen) = showLayout([numbers(2), numbers(2)], layout: UICollectionViewCompositionalLayout(section: section, configuration: configuration))
        defer { withExtendedLifetime(screen) {} }
        #expect(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 0, y: 0, width: 320, height: 40))
        #expect(view.frameOfItem(0) == CGRect(x: 0, y: 40, width: 320, height: 50))
        #expect(view.frameOfItem(1, 1)?.maxY == 240)
        #expect(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionFooter, at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 0, y: 240, width: 320, height: 25))
        #expect(view.contentSize.height == 265.0)
    }

    @Test("a custom group puts its items where its provider says, repeated group after group")
    func customGroup() {
        let group = NSCollectionLayoutGroup.custom(layoutSize: size(.fractionalWidth(1), .absolute(100))) { environment in
            let width = environment.container.effectiveContentSize.width
            return [NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: width / 4, height: 100)),
                    NSCollectionLayoutGroupCustomItem(frame: CGRect(x: width / 2, y: 20, width: width / 2, height: 60), zIndex: 3)]
        }
        let (view, _, screen) = showLayout([numbers(3)], layout: UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)))
        defer { withExtendedLifetime(screen) {} }
        #expect(view.frameOfItem(0) == CGRect(x: 0, y: 0, width: 80, height: 100))
        #expect(view.frameOfItem(1) == CGRect(x: 160, y: 20, width: 160, height: 60))
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.zIndex == 3)
        #expect(view.frameOfItem(2) == CGRect(x: 0, y: 100, width: 80, height: 100))
    }

    @Test("a horizontal layout stacks sections left to right and repeats groups sideways")
    func horizontalLayout() {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        let section = NSCollectionLayoutSection(group: .vertical(layoutSize: size(.absolute(100), .fractionalHeight(1)),
                                                                 repeatingSubitem: NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5))),
                                                                 count: 2))
        let (view, _, screen) = showLayout([numbers(6), numbers(2)], layout: UICollectionViewCompositionalLayout(section: section, configuration: configuration))
        defer { withExtendedLifetime(screen) {} }
        #expect(view.frameOfItem(1) == CGRect(x: 0, y: 240, width: 100, height: 240))
        #expect(view.frameOfItem(2) == CGRect(x: 100, y: 0, width: 100, height: 240))
        #expect(view.frameOfItem(0, 1) == CGRect(x: 300, y: 0, width: 100, height: 240))
        #expect(view.contentSize == CGSize(width: 400, height: 480))
    }

    @Test("bad sizes are reported once and clamped: NaN and negative to 0, a 1e18 fraction to the maximum; nothing traps")
    func badSizes() {
        var reports: [String] = []
        let provider: UICollectionViewCompositionalLayoutSectionProvider = { index, _ in
            switch index {
            case 0: rowSection(item: size(.fractionalWidth(.nan), .absolute(-5)), group: size(.fractionalWidth(1), .absolute(50)), count: 1)
            case 1: rowSection(item: size(.fractionalWidth(1), .fractionalHeight(1)), group: size(.fractionalWidth(1e18), .absolute(50)), count: 1)
            default: nil
            }
        }
        let (view, _, screen) = showLayout([numbers(2), numbers(2), numbers(2)], layout: UICollectionViewFlowLayout())
        defer { withExtendedLifetime(screen) {} }
        screen.onReport = { reports.append($0) }
        view.collectionViewLayout = UICollectionViewCompositionalLayout(sectionProvider: provider)
        screen.advance(by: 1.0 / 60)
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.size == .zero)
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.width == UICollectionViewCompositionalLayout.maximumItemDimension)
        #expect(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 2)) == nil, "a nil section shows nothing")
        #expect(reports.count == 4, "\(reports)")
        #expect(reports.contains { $0.contains("section 0: item width .fractionalWidth(nan) is nan") })
        #expect(reports.contains { $0.contains("section 0: item height .absolute(-5.0) is -5.0") })
        #expect(reports.contains { $0.contains("section 1: group width") && $0.contains("1000000.0 is used") })
        #expect(reports.contains { $0.contains("section 2: the section provider returned nil") })
        let count = reports.count
        view.frame.size.height = 400
        screen.advance(by: 1.0 / 60)
        #expect(reports.count == count, "each problem is reported once per layout")
    }

    @Test("100 sections of 100 items: a layout pass makes attributes only for what is on screen")
    func preparesOnlyVisible() {
        let layout = UICollectionViewCompositionalLayout(section: rowSection(item: size(.fractionalWidth(0.25), .fractionalHeight(1)),
                                                                             group: size(.fractionalWidth(1), .absolute(80)), count: 4))
        let (view, source, screen) = showLayout(Array(repeating: numbers(100), count: 100), layout: layout)
        defer { withExtendedLifetime(screen) {} }
        // 480 points of 80-point rows: 6 rows of 4.
        #expect(view.indexPathsForVisibleItems.count == 24)
        #expect(layout.attributesMade < 24 * 4, "made \(layout.attributesMade) attributes for 10,000 items")
        #expect(source.cellsAsked == 24)
        #expect(view.contentSize.height == 200_000.0)
        let before = layout.attributesMade
        view.contentOffset = CGPoint(x: 0, y: 100_000)
        screen.advance(by: 1.0 / 60)
        #expect(view.frameOfItem(0, 50)?.minY == 100_000)
        #expect(layout.attributesMade - before < 24 * 4)
    }
}

/// Reaches the deprecated `horizontal(layoutSize:subitem:count:)` without a warning.
@MainActor
private protocol EqualRowMaking { static func equalRow() -> NSCollectionLayoutGroup }

@MainActor
private enum OldGroups: EqualRowMaking {
    @available(*, deprecated)
    static func equalRow() -> NSCollectionLayoutGroup {
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)),
                                                       subitem: NSCollectionLayoutItem(layoutSize: size(.absolute(10), .fractionalHeight(1))),
                                                       count: 3)
        group.interItemSpacing = .fixed(10)
        return group
    }
}
