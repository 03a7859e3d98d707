import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

@MainActor
@Suite("UICollectionViewFlowLayout")
struct FlowLayoutTests {
    @Test("cells stand at the flow layout's frames: three to a row, spread across the width, rows 10 apart")
    func cellsAtFlowFrames() throws {
        // 320 wide, 10 inset each side: 300 for items of 90 with at least 10 between:
        // three fit, 15 apart.
        let (view, _, screen) = showCollection([numbers(7)])
        defer { withExtendedLifetime(screen) {} }
        let frames = (0 ..< 7).map { view.cellForItem(at: IndexPath(item: $0, section: 0))?.frame }
        #expect(frames[0] == CGRect(x: 10, y: 10, width: 90, height: 90))
        #expect(frames[1] == CGRect(x: 115, y: 10, width: 90, height: 90))
        #expect(frames[2] == CGRect(x: 220, y: 10, width: 90, height: 90))
        #expect(frames[3] == CGRect(x: 10, y: 110, width: 90, height: 90))
        // The last row's lone item stands under the first column.
        #expect(frames[6] == CGRect(x: 10, y: 210, width: 90, height: 90))
        #expect(view.contentSize == CGSize(width: 320, height: 310))
        let attributes = try #require(view.layoutAttributesForItem(at: IndexPath(item: 4, section: 0)))
        #expect(attributes.frame == frames[4])
        #expect(view.indexPathForItem(at: CGPoint(x: 120, y: 120)) == IndexPath(item: 4, section: 0))
        #expect(view.indexPathForItem(at: CGPoint(x: 108, y: 120)) == nil, "between two items")
    }

    @Test("items of their own sizes wrap into lines; a line's items are centred on its thickest")
    func variedSizes() {
        let widths: [CGFloat] = [100, 150, 120, 60, 280]
        let (view, _, screen) = showCollection([numbers(5)], sizes: { CGSize(width: widths[$0.item], height: $0.item == 1 ? 60 : 40) })
        defer { withExtendedLifetime(screen) {} }
        let f = { (i: Int) in view.cellForItem(at: IndexPath(item: i, section: 0))!.frame }
        // Line 1: 100 + 150 fit in 300 (with 10), 120 does not: spread to the edges.
        #expect(f(0) == CGRect(x: 10, y: 20, width: 100, height: 40))
        #expect(f(1) == CGRect(x: 160, y: 10, width: 150, height: 60))
        // Line 2: 120 + 60 (280 does not fit after them), justified too.
        #expect(f(2).minY == 80 && f(2).minX == 10)
        #expect(f(3).maxX == 310, "a full line is justified")
        // Line 3: a lone item that ends a section of fuller lines starts at the edge.
        #expect(f(4) == CGRect(x: 10, y: 130, width: 280, height: 40))
    }

    @Test("a horizontal flow fills columns top to bottom and scrolls sideways; only what is in view has a cell")
    func horizontalScrolling() {
        let layout = flowLayout(item: CGSize(width: 100, height: 100))
        layout.scrollDirection = .horizontal
        let (view, _, screen) = showCollection([numbers(60)], layout: layout, size: CGSize(width: 320, height: 340))
        defer { withExtendedLifetime(screen) {} }
        // 320 of height for 100-high items: three per column, 10 apart; 20 columns.
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.frame.origin == CGPoint(x: 10, y: 120))
        #expect(view.cellForItem(at: IndexPath(item: 3, section: 0))?.frame.origin == CGPoint(x: 120, y: 10))
        let width: CGFloat = 10 + 20 * 100 + 19 * 10 + 10
        #expect(view.contentSize == CGSize(width: width, height: 340))
        #expect(Set(view.indexPathsForVisibleItems.map(\.item)) == Set(0 ..< 9), "three columns meet 320 points")
        view.contentOffset = CGPoint(x: 1100, y: 0)
        screen.advance(by: 1.0 / 60)
        let items = view.indexPathsForVisibleItems.map(\.item)
        #expect(items.min() == 30 && items.max() == 38, "columns 10 to 12: \(items.sorted())")
        view.scrollToItem(at: IndexPath(item: 59, section: 0), at: .right, animated: false)
        #expect(view.contentOffset.x == CGFloat(2200 - 320), "item 59 (the last column, 2100 to 2200) at the right edge")
    }

    @Test("a pinned header stays at the top while its section scrolls, and is pushed off by the section's end")
    func headerPinning() {
        let layout = flowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        layout.sectionHeadersPinToVisibleBounds = true
        let (view, _, screen) = showCollection([numbers(12), numbers(12)], layout: layout)
        defer { withExtendedLifetime(screen) {} }
        let header = { (s: Int) in view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: s)) }
        #expect(header(0)?.frame == CGRect(x: 0, y: 0, width: 320, height: 40))
        // Section 0: header 40, inset 10, four rows (4·90 + 3·10 = 390), inset 10: 450.
        view.contentOffset = CGPoint(x: 0, y: 200)
        screen.advance(by: 1.0 / 60)
        #expect(header(0)?.frame.minY == 200, "pinned to the top of the visible area")
        #expect(header(0)?.layer.zPosition ?? 0 > 0, "in front of the cells")
        view.contentOffset = CGPoint(x: 0, y: 420)
        screen.advance(by: 1.0 / 60)
        // The section's items and bottom inset end at 450: the header's bottom stops there.
        #expect(header(0)?.frame.maxY == 450)
        #expect(header(1)?.frame.minY == 450)
        layout.sectionHeadersPinToVisibleBounds = false
        screen.advance(by: 1.0 / 60)
        #expect(header(1)?.frame.minY == 450 && header(0) == nil, "unpinned, header 0 is above the view")
    }

    @Test("self-sizing: with estimatedItemSize = automaticSize each cell takes its content's size once shown")
    func selfSizing() throws {
        let layout = flowLayout()
        layout.estimatedItemSize = UICollectionViewFlowLayout.automaticSize
        let source = SizingSource(widths: [40, 120, 60, 200, 80])
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        view.register(SizingCell.self, forCellWithReuseIdentifier: "sizing")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        defer { withExtendedLifetime(screen) {} }
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let sizes = (0 ..< 5).map { view.cellForItem(at: IndexPath(item: $0, section: 0))?.frame.size }
        #expect(sizes == [CGSize(width: 40, height: 30), CGSize(width: 120, height: 30), CGSize(width: 60, height: 30),
                          CGSize(width: 200, height: 30), CGSize(width: 80, height: 30)])
        // 40 + 120 + 60 fit in 300 with spacing; 200 goes to the next line.
        let fourth = try #require(view.cellForItem(at: IndexPath(item: 3, section: 0)))
        #expect(fourth.frame.minY == 50 && fourth.frame.minX == 10)
    }
}

/// A cell whose content view is sized by constraints: a fixed-size box, `width` × 30.
final class SizingCell: UICollectionViewCell {
    let box = UIView()
    var widthConstraint: NSLayoutConstraint?
    override init(frame: CGRect) {
        super.init(frame: frame)
        box.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(box)
        let width = box.widthAnchor.constraint(equalToConstant: 10)
        // Trailing and bottom just below required, as cells written for UIKit do: while
        // the cell still has its estimated size they give way without a conflict.
        let trailing = box.trailingAnchor.constraint(equalTo: contentView.trailingAnchor)
        let bottom = box.bottomAnchor.constraint(equalTo: contentView.bottomAnchor)
        trailing.priority = UILayoutPriority(999)
        bottom.priority = UILayoutPriority(999)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            box.topAnchor.constraint(equalTo: contentView.topAnchor),
            trailing, bottom, box.heightAnchor.constraint(equalToConstant: 30), width,
        ])
        widthConstraint = width
    }
    required init?(coder: NSCoder) { return nil }
}

final class SizingSource: NSObject, UICollectionViewDataSource {
    let widths: [CGFloat]
    init(widths: [CGFloat]) { self.widths = widths }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { widths.count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "sizing", for: indexPath) as! SizingCell
        cell.widthConstraint?.constant = widths[indexPath.item]
        return cell
    }
}

@MainActor
@Suite("Self-sizing cells with configurations")
struct ConfigurationSizingTests {
    @Test("a cell showing a list content configuration is as tall as its text needs, at the estimated width")
    func listConfigurationSizes() throws {
        let layout = flowLayout(item: CGSize(width: 300, height: 44))
        layout.estimatedItemSize = CGSize(width: 300, height: 10)
        let source = ConfiguredSource(texts: ["Wi-Fi", String(repeating: "A long line that wraps. ", count: 6)])
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "text")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        defer { withExtendedLifetime((screen, source)) {} }
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let short = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)))
        let long = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)))
        #expect(short.contentView is UIListContentView, "the configuration's view is the content view")
        #expect(short.frame.width == 300 && short.frame.height >= 20, "\(short.frame)")
        #expect(long.frame.height > short.frame.height * 2, "\(long.frame)")
        #expect(long.frame.minY == short.frame.maxY + 10)
    }
}

extension ConfigurationSizingTests {
    @Test("cells measured above what is on screen do not move what is on screen: the offset absorbs them")
    func measuringAboveKeepsTheViewStill() throws {
        let layout = flowLayout(item: CGSize(width: 300, height: 44), spacing: 0, inset: 0)
        layout.estimatedItemSize = CGSize(width: 300, height: 10)
        let source = ConfiguredSource(texts: (0 ..< 200).map { "Row \($0)" })
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "text")
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        defer { withExtendedLifetime((screen, source)) {} }
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        // The first screen measured items 0 to 47 (48 estimates of 10 points filled it);
        // far below them nothing is measured yet.
        view.contentOffset = CGPoint(x: 0, y: 3000)
        screen.advance(by: 1.0 / 60)
        let anchor = try #require(view.indexPathsForVisibleItems.min())
        let onScreen = try #require(view.cellForItem(at: anchor)).frame.minY - view.contentOffset.y
        // Scroll up a little: items above come on screen and are measured taller.
        view.contentOffset.y -= 30
        screen.advance(by: 1.0 / 60)
        let above = view.indexPathsForVisibleItems.filter { $0 < anchor }
        #expect(!above.isEmpty && above.allSatisfy { view.cellForItem(at: $0)!.frame.height > 10 }, "items above came and were measured")
        let now = try #require(view.cellForItem(at: anchor))
        #expect(abs(now.frame.minY - view.contentOffset.y - (onScreen + 30)) < 0.5,
                "the item stays where the scroll put it: \(now.frame.minY - view.contentOffset.y) vs \(onScreen + 30)")
    }
}

final class ConfiguredSource: NSObject, UICollectionViewDataSource {
    let texts: [String]
    init(texts: [String]) { self.texts = texts }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath)
        var content = UIListContentConfiguration.cell()
        content.text = texts[indexPath.item]
        cell.contentConfiguration = content
        return cell
    }
}
