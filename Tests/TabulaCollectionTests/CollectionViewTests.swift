import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

@MainActor
@Suite("UICollectionView: cells, reuse and selection")
struct CollectionViewTests {
    @Test("only the cells in view exist, and scrolling reuses them: no new cell after the first screens")
    func onlyVisibleCellsAndReuse() {
        NumberCell.made = 0
        let (view, source, screen) = showCollection([numbers(3000)])
        defer { withExtendedLifetime(screen) {} }
        // 480 high: rows at 10, 110, …, 410: five rows meet the view, fifteen cells.
        #expect(view.visibleCells.count == 15)
        #expect(NumberCell.made == 15 && source.cellsAsked == 15)
        for step in 1 ... 40 {
            view.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 137)
            screen.advance(by: 1.0 / 60)
        }
        #expect(view.visibleCells.count <= 18)
        #expect(NumberCell.made <= 21, "\(NumberCell.made) cells made for 40 scrolled screens")
        #expect(source.cellsAsked > 100, "cells were asked as items came on screen")
        // Every visible cell shows its item.
        for (path, number) in view.shownNumbers { #expect(number == path.item) }
        #expect(view.reusableCellCount(withReuseIdentifier: "number") + view.visibleCells.count == NumberCell.made)
    }

    /// The cells the tiling adds and removes do not ask for the view's layout again.
    @Test("a scroll step that brings new items on screen lays the view out once")
    func oneLayoutPerScrollStep() {
        final class CountingCollectionView: UICollectionView {
            var layouts = 0
            override func layoutSubviews() {
                layouts += 1
                super.layoutSubviews()
            }
        }
        let view = CountingCollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: flowLayout())
        view.contentInsetAdjustmentBehavior = .never
        view.register(NumberCell.self, forCellWithReuseIdentifier: "number")
        let source = NumbersSource([numbers(3000)])
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        defer { withExtendedLifetime((screen, source)) {} }
        screen.advance(by: 1.0 / 60)
        var counts: [Int] = []
        for step in 1 ... 20 {
            let shown = Set(view.indexPathsForVisibleItems)
            view.layouts = 0
            view.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 137)
            screen.advance(by: 1.0 / 60)
            #expect(!Set(view.indexPathsForVisibleItems).isSubset(of: shown), "step \(step) brings items on screen")
            counts.append(view.layouts)
        }
        // (The first step shows the scroll indicator, which a second pass raises.)
        #expect(counts.dropFirst().allSatisfy { $0 == 1 }, "layouts per step: \(counts)")
    }

    @Test("a drag scrolls the grid and brings new items on screen")
    func dragScrolls() {
        let (view, _, screen) = showCollection([numbers(300)])
        defer { withExtendedLifetime(screen) {} }
        screen.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 100), duration: 0.3)
        screen.advance(by: 2)
        #expect(view.contentOffset.y > 250)
        #expect(view.indexPathsForVisibleItems.contains { $0.item > 15 })
    }

    @Test("a tap selects the item under it, highlighting it while the finger is down; another tap moves the selection")
    func tapSelects() throws {
        let (view, source, screen) = showCollection([numbers(9)])
        defer { withExtendedLifetime(screen) {} }
        let first = try #require(view.cellForItem(at: IndexPath(item: 4, section: 0)))
        let finger = screen.touchDown(at: CGPoint(x: 160, y: 150))
        screen.advance(by: 0.3)
        #expect(first.isHighlighted)
        screen.liftTouch(finger)
        screen.advance(by: 0.1)
        #expect(!first.isHighlighted && first.isSelected)
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        screen.tap(at: CGPoint(x: 50, y: 50))
        screen.advance(by: 0.1)
        #expect(source.events == ["select [0, 4]", "deselect [0, 4]", "select [0, 0]"])
        #expect(!first.isSelected && view.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    }

    @Test("multiple selection toggles; shouldSelectItemAt can refuse; selection from code tells no delegate")
    func multipleSelection() {
        let (view, source, screen) = showCollection([numbers(9)])
        defer { withExtendedLifetime(screen) {} }
        view.allowsMultipleSelection = true
        source.refusesSelection = [IndexPath(item: 2, section: 0)]
        for point in [CGPoint(x: 50, y: 50), CGPoint(x: 160, y: 50), CGPoint(x: 265, y: 50), CGPoint(x: 50, y: 50)] {
            screen.tap(at: point)
            screen.advance(by: 0.1)
        }
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(source.events == ["select [0, 0]", "select [0, 1]", "deselect [0, 0]"])
        view.selectItem(at: IndexPath(item: 8, section: 0), animated: false, scrollPosition: [])
        #expect(view.cellForItem(at: IndexPath(item: 8, section: 0))?.isSelected == true)
        #expect(source.events.count == 3)
        view.selectItem(at: nil, animated: false, scrollPosition: [])
        #expect(view.indexPathsForSelectedItems == nil)
    }

    @Test("a selected cell shows its selectedBackgroundView; a reused cell comes back unselected")
    func selectedBackground() throws {
        let (view, _, screen) = showCollection([numbers(300)])
        defer { withExtendedLifetime(screen) {} }
        let cell = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)))
        let background = UIView()
        cell.selectedBackgroundView = background
        #expect(background.isHidden)
        view.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
        #expect(!background.isHidden && background.superview === cell)
        view.contentOffset = CGPoint(x: 0, y: 2000)
        screen.advance(by: 1.0 / 60)
        #expect(view.visibleCells.allSatisfy { !$0.isSelected })
        view.scrollToItem(at: IndexPath(item: 0, section: 0), at: .top, animated: false)
        screen.advance(by: 1.0 / 60)
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0))?.isSelected == true, "selection follows the item")
    }

    @Test("reconfigureItems hands each cell on screen back to the data source: no new cell")
    func reconfigure() throws {
        let (view, source, screen) = showCollection([numbers(9)])
        defer { withExtendedLifetime(screen) {} }
        let cell = try #require(view.cellForItem(at: IndexPath(item: 3, section: 0)) as? NumberCell)
        source.sections[0][3] = 99
        let made = NumberCell.made
        view.reconfigureItems(at: [IndexPath(item: 3, section: 0)])
        #expect(view.cellForItem(at: IndexPath(item: 3, section: 0)) === cell && cell.number == 99)
        #expect(NumberCell.made == made)
    }

    @Test("scrollToItem puts the item at the top, centred or at the bottom, within the content")
    func scrollToItem() {
        let (view, _, screen) = showCollection([numbers(300)])
        defer { withExtendedLifetime(screen) {} }
        let item = IndexPath(item: 30, section: 0) // row 10: 1010 to 1100
        view.scrollToItem(at: item, at: .top, animated: false)
        #expect(view.contentOffset.y == 1010)
        view.scrollToItem(at: item, at: .centeredVertically, animated: false)
        #expect(view.contentOffset.y == CGFloat(1055 - 240))
        view.scrollToItem(at: item, at: .bottom, animated: false)
        #expect(view.contentOffset.y == CGFloat(1100 - 480))
        view.scrollToItem(at: IndexPath(item: 299, section: 0), at: .top, animated: false)
        #expect(view.contentOffset.y == view.contentSize.height - 480, "clamped to the end")
        screen.advance(by: 1.0 / 60)
        #expect(view.cellForItem(at: IndexPath(item: 299, section: 0)) != nil)
    }

    @Test("an animated change of layout moves each cell to its new frame over the animation")
    func animatedLayoutChange() throws {
        let (view, _, screen) = showCollection([numbers(9)])
        defer { withExtendedLifetime(screen) {} }
        let cell = try #require(view.cellForItem(at: IndexPath(item: 2, section: 0)))
        var finished: Bool?
        view.setCollectionViewLayout(flowLayout(item: CGSize(width: 300, height: 40)), animated: true) { finished = $0 }
        #expect(cell.frame == CGRect(x: 10, y: 110, width: 300, height: 40), "the model is at the end at once")
        screen.advance(by: 0.15)
        let halfway = cell.presentedFrame
        #expect(halfway.minX > 10 && halfway.minX < 220 && halfway.width > 90 && halfway.width < 300, "\(halfway)")
        #expect(finished == nil)
        screen.advance(by: 0.3)
        #expect(cell.presentedFrame == cell.frame && finished == true)
    }

    @Test("setting another layout lays the items out again at once")
    func changeLayout() {
        let (view, _, screen) = showCollection([numbers(9)])
        defer { withExtendedLifetime(screen) {} }
        let wide = flowLayout(item: CGSize(width: 300, height: 40))
        view.setCollectionViewLayout(wide, animated: false)
        #expect(wide.collectionView === view)
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.frame == CGRect(x: 10, y: 110, width: 300, height: 40))
    }

    /// Found porting a public compositional-layout sample: its collection view subclasses
    /// override `init(frame:collectionViewLayout:)` with a default frame and are made as
    /// `Grid()`, which compiles in UIKit through `NSObject`'s `init()`.
    @Test("a subclass made with init() goes through its init(frame:collectionViewLayout:) override")
    func plainInitializer() {
        final class Grid: UICollectionView {
            var madeThroughOverride = false
            override init(frame: CGRect = .zero, collectionViewLayout layout: UICollectionViewLayout) {
                super.init(frame: frame, collectionViewLayout: flowLayout())
                madeThroughOverride = true
            }
            required init?(coder: NSCoder) { super.init(coder: coder) }
        }
        let grid = Grid()
        #expect(grid.madeThroughOverride && grid.frame == .zero)
        #expect(grid.collectionViewLayout is UICollectionViewFlowLayout)
        let plain = UICollectionView()
        #expect(plain.collectionViewLayout.collectionView === plain, "a plain one gets a layout of its own")
    }

    /// Found porting a public compositional-layout sample, whose person cell constrains its
    /// image to `frame.width` in its initializer: made with a zero frame, the image had no
    /// size and the cell's constraints conflicted.
    @Test("a new cell is made with the frame the layout gives its item, as UIKit makes it")
    func cellMadeWithLayoutFrame() {
        final class FrameCell: UICollectionViewCell {
            var madeWith = CGRect.null
            override init(frame: CGRect) {
                super.init(frame: frame)
                madeWith = frame
            }
            required init?(coder: NSCoder) { super.init(coder: coder) }
        }
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: flowLayout())
        view.contentInsetAdjustmentBehavior = .never
        let registration = UICollectionView.CellRegistration<FrameCell, Int> { _, _, _ in }
        let source = UICollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, path, item in
            view.dequeueConfiguredReusableCell(using: registration, for: path, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0 ..< 4))
        source.apply(snapshot, animatingDifferences: false)
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let cells = (0 ..< 4).compactMap { view.cellForItem(at: IndexPath(item: $0, section: 0)) as? FrameCell }
        #expect(cells.count == 4)
        // The flow layout's items: 90 points square, from (10, 10), 10 apart.
        #expect(cells.map(\.madeWith) == cells.map(\.frame), "\(cells.map(\.madeWith))")
        #expect(cells.first?.madeWith == CGRect(x: 10, y: 10, width: 90, height: 90))
        withExtendedLifetime((screen, source)) {}
    }
}

