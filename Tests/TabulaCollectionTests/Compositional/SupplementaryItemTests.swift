import Foundation
import Testing
@testable import TabulaCollection
import TabulaUIKit
import Tabula
import TabulaUIKitTestSupport

/// A badge: a small view of its own kind, at an item's index path.
final class Badge: UICollectionReusableView {}

/// Numbers in cells, a badge on each item.
final class BadgedSource: NSObject, UICollectionViewDataSource {
    let count: Int
    var hiddenItems: Set<Int> = []
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        cell.backgroundColor = .systemBlue
        return cell
    }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        let badge = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "badge", for: indexPath)
        badge.backgroundColor = .systemRed
        badge.accessibilityLabel = "badge \(indexPath.item)"
        // As Apple's sample does for items without a count.
        badge.isHidden = hiddenItems.contains(indexPath.item)
        return badge
    }
}

@MainActor
@Suite("Supplementary items anchored to items: badges")
struct SupplementaryItemTests {
    /// Rows of 60-point items 20 points apart, 30 points from the top and left, each with
    /// `badge`; shown on a 320 × 480 screen.
    func layout(with badge: NSCollectionLayoutSupplementaryItem) -> UICollectionViewCompositionalLayout {
        let item = NSCollectionLayoutItem(layoutSize: size(.absolute(60), .absolute(60)), supplementaryItems: [badge])
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(60)), subitems: [item])
        group.interItemSpacing = .fixed(20)
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 20
        section.contentInsets = NSDirectionalEdgeInsets(top: 30, leading: 30, bottom: 30, trailing: 30)
        return UICollectionViewCompositionalLayout(section: section)
    }

    func show(_ badge: NSCollectionLayoutSupplementaryItem, count: Int = 8)
        -> (UICollectionView, HeadlessScreen, BadgedSource) {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout(with: badge))
        view.contentInsetAdjustmentBehavior = .never
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.register(Badge.self, forSupplementaryViewOfKind: badge.elementKind, withReuseIdentifier: "badge")
        let source = BadgedSource(count: count)
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        return (view, screen, source)
    }

    /// Apple's badge: 20 points at the item's top trailing corner, three tenths of itself out.
    static func appleBadge() -> NSCollectionLayoutSupplementaryItem {
        let anchor = NSCollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3))
        return NSCollectionLayoutSupplementaryItem(layoutSize: size(.absolute(20), .absolute(20)),
                                                   elementKind: "badge", containerAnchor: anchor)
    }

    func badges(in view: UICollectionView) -> [UIView] {
        view.subviews.filter { $0 is Badge }.sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
    }

    @Test("Apple's badge: 20 points, its top trailing corner on the item's, poking out three tenths of itself; above the cell")
    func cornerBadge() throws {
        let badge = Self.appleBadge()
        #expect(badge.containerAnchor.isFractionalOffset && badge.itemAnchor == nil && badge.zIndex == 1)
        let (view, _, _) = show(badge)
        // Three items a row (30 + 60 + 20 + 60 + 20 + 60 = 250 of 290), rows 80 apart.
        let shown = badges(in: view)
        #expect(shown.count == 8)
        for (i, badgeView) in shown.enumerated() {
            let item = try #require(view.cellForItem(at: IndexPath(item: i, section: 0)))
            let expected = CGRect(x: item.frame.maxX - 20 + 6, y: item.frame.minY - 6, width: 20, height: 20)
            #expect(close(badgeView.frame, expected), "badge \(i): \(badgeView.frame), item \(item.frame)")
            #expect(badgeView.accessibilityLabel == "badge \(i)", "the data source made it for its item's index path")
            #expect(view.subviews.firstIndex(of: badgeView)! > view.subviews.firstIndex(of: item)!, "drawn over its cell")
        }
        #expect(close(shown[0].frame, CGRect(x: 76, y: 24, width: 20, height: 20)))
        let attributes = try #require(view.collectionViewLayout.layoutAttributesForSupplementaryView(
            ofKind: "badge", at: IndexPath(item: 4, section: 0)))
        #expect(attributes.representedElementCategory == .supplementaryView && attributes.zIndex == 1)
        #expect(close(attributes.frame, shown[4].frame))
        #expect(view.collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: "badge", at: IndexPath(item: 8, section: 0)) == nil)
    }

    @Test("a badge the data source hides stays hidden while the layout shows it, through scrolling and reuse; the others show")
    func hiddenByTheDataSource() throws {
        let badge = Self.appleBadge()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout(with: badge))
        view.contentInsetAdjustmentBehavior = .never
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.register(Badge.self, forSupplementaryViewOfKind: "badge", withReuseIdentifier: "badge")
        let source = BadgedSource(count: 300)
        source.hiddenItems = Set((0 ..< 300).filter { $0 % 3 == 0 })
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        for step in 0 ..< 40 {
            screen.advance(by: 1.0 / 60)
            for badgeView in badges(in: view) {
                let item = try #require(badgeView.accessibilityLabel.flatMap { Int($0.dropFirst("badge ".count)) })
                #expect(badgeView.isHidden == (item % 3 == 0), "step \(step), badge of item \(item)")
            }
            view.contentOffset.y += 120
        }
        #expect(badges(in: view).contains { !$0.isHidden } && badges(in: view).contains { $0.isHidden })
    }

    @Test("the same through a supplementary registration and a diffable data source, as Apple's sample does it")
    func hiddenThroughRegistration() throws {
        let badge = Self.appleBadge()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout(with: badge))
        view.contentInsetAdjustmentBehavior = .never
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        let cells = UICollectionView.CellRegistration<UICollectionViewCell, Int> { cell, _, _ in cell.backgroundColor = .systemBlue }
        let badges = UICollectionView.SupplementaryRegistration<Badge>(elementKind: "badge") { badgeView, _, indexPath in
            badgeView.accessibilityLabel = "badge \(indexPath.item)"
            badgeView.isHidden = indexPath.item % 3 == 0
        }
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: item)
        }
        dataSource.supplementaryViewProvider = { view, _, indexPath in
            view.dequeueConfiguredReusableSupplementary(using: badges, for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0 ..< 30))
        dataSource.apply(snapshot, animatingDifferences: false)
        for _ in 0 ..< 3 { screen.advance(by: 1.0 / 60) }
        let shown = self.badges(in: view)
        #expect(shown.count > 10)
        for badgeView in shown {
            let item = try #require(badgeView.accessibilityLabel.flatMap { Int($0.dropFirst("badge ".count)) })
            #expect(badgeView.isHidden == (item % 3 == 0), "badge of item \(item)")
        }
    }

    @Test("a bad size found while the collection view is on no screen (a layout prepared in viewDidLoad) still reaches the screen's onReport once it is shown")
    func problemBeforeTheScreen() throws {
        let badge = NSCollectionLayoutSupplementaryItem(layoutSize: size(.absolute(.nan), .absolute(20)), elementKind: "badge",
                                                        containerAnchor: NSCollectionLayoutAnchor(edges: .top))
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout(with: badge))
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.register(Badge.self, forSupplementaryViewOfKind: "badge", withReuseIdentifier: "badge")
        let source = BadgedSource(count: 2)
        view.dataSource = source
        var unattributed: [String] = []
        let saved = ProblemReports.unattributedHandler
        nonisolated(unsafe) var captured: [String] = []
        ProblemReports.unattributedHandler = { captured.append($0) }
        defer { ProblemReports.unattributedHandler = saved }
        view.layoutIfNeeded()
        unattributed = captured
        #expect(unattributed.contains { $0.contains("supplementary item width") }, "off screen: \(unattributed)")
        var reports: [String] = []
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        screen.onReport = { reports.append($0) }
        root.addSubview(view)
        for _ in 0 ..< 3 { screen.advance(by: 1.0 / 60) }
        #expect(reports.filter { $0.contains("supplementary item width") }.count == 1, "the screen hears it once: \(reports)")
    }

    @Test("edges name the point: .bottom is the middle of the bottom edge; an absolute offset moves it by points; sizes are fractions of the item")
    func edgesAndOffsets() throws {
        let anchor = NSCollectionLayoutAnchor(edges: .bottom, absoluteOffset: CGPoint(x: 0, y: 10))
        let label = NSCollectionLayoutSupplementaryItem(layoutSize: size(.fractionalWidth(1), .absolute(16)),
                                                        elementKind: "caption", containerAnchor: anchor)
        let (view, _, _) = show(label, count: 3)
        let shown = badges(in: view)
        #expect(shown.count == 3)
        for (i, caption) in shown.enumerated() {
            let item = try #require(view.cellForItem(at: IndexPath(item: i, section: 0)))
            // The caption's bottom middle on the item's bottom middle, 10 points lower.
            #expect(close(caption.frame, CGRect(x: item.frame.minX, y: item.frame.maxY - 16 + 10, width: 60, height: 16)),
                    "caption \(i): \(caption.frame)")
        }
        // A centre anchor on a corner of the badge: its centre on the item's top leading corner.
        let centred = NSCollectionLayoutSupplementaryItem(
            layoutSize: size(.absolute(10), .absolute(10)), elementKind: "dot",
            containerAnchor: NSCollectionLayoutAnchor(edges: [.top, .leading]), itemAnchor: NSCollectionLayoutAnchor(edges: []))
        let (dots, _, _) = show(centred, count: 1)
        #expect(close(badges(in: dots).first?.frame, CGRect(x: 25, y: 25, width: 10, height: 10)))
    }

    @Test("a NaN or infinite offset leaves the badge on its item; a NaN size is reported and drawn at zero")
    func badInput() throws {
        let anchor = NSCollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: CGFloat.nan, y: -.infinity))
        #expect(anchor.offset == .zero)
        let badge = NSCollectionLayoutSupplementaryItem(layoutSize: size(.absolute(.nan), .absolute(20)),
                                                        elementKind: "badge", containerAnchor: anchor)
        var reports: [String] = []
        let (view, screen, _) = show(badge, count: 2)
        // A layout's problems are reported once; a new layout after the screen listens.
        screen.onReport = { reports.append($0) }
        view.setCollectionViewLayout(layout(with: badge), animated: false)
        screen.advance(by: 1.0 / 60)
        let shown = badges(in: view)
        #expect(shown.count == 2 && shown.allSatisfy { $0.frame.width == 0 && $0.frame.height == 20 && $0.frame.minY == 30 })
        #expect(reports.contains { $0.contains("supplementary item width") && $0.contains("nan") }, "\(reports)")
    }
}
