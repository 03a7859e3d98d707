import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

@MainActor
@Suite("UICollectionView batch updates")
struct BatchUpdateTests {
    @Test("deleting the first item slides every other one back a place, frame by frame; the deleted one fades out")
    func deleteSlides() throws {
        let (view, source, screen) = showCollection([numbers(9)])
        defer { withExtendedLifetime(screen) {} }
        let deleted = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)))
        let second = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)))
        let fourth = try #require(view.cellForItem(at: IndexPath(item: 3, section: 0)))
        var finished: Bool?
        view.performBatchUpdates({
            source.sections[0].remove(at: 0)
            view.deleteItems(at: [IndexPath(item: 0, section: 0)])
        }, completion: { finished = $0 })
        // The cells keep their views and move to their new places.
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) === second)
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0)) === fourth)
        #expect(second.frame.origin == CGPoint(x: 10, y: 10) && fourth.frame.origin == CGPoint(x: 220, y: 10))
        screen.advance(by: 0.15)
        let halfway = fourth.presentedFrame
        #expect(halfway.minX > 10 && halfway.minX < 220 && halfway.minY > 10 && halfway.minY < 110,
                "the fourth item is on its way from the second row's start to the first row's end: \(halfway)")
        #expect(deleted.presentedAlpha > 0 && deleted.presentedAlpha < 1)
        #expect(finished == nil)
        screen.advance(by: 0.3)
        #expect(fourth.presentedFrame == CGRect(x: 220, y: 10, width: 90, height: 90))
        #expect(deleted.superview == nil, "the deleted item's cell went back to its pool")
        #expect(finished == true)
        for (path, number) in view.shownNumbers { #expect(number == path.item + 1) }
    }

    /// A live feed in a collection view: an item inserted at the front every frame. Each
    /// update adds to the motion of the ones before it instead of starting it again, so
    /// the first item moves at the pace its place does and fades in fully in 0.3 s.
    /// (Restarting every view from where it was drawn held it near the top: after 12
    /// frames it was drawn 12 points down of its 120.)
    @Test("an item inserted every frame: the first fades in fully in 0.3 s and then moves a place a frame, as its place does")
    func insertEveryFrame() throws {
        let (view, source, screen) = showCollection([numbers(60)], layout: flowLayout(item: CGSize(width: 300, height: 10),
                                                                                        spacing: 0))
        defer { withExtendedLifetime(screen) {} }
        var first: UICollectionViewCell?
        var shown: [(y: CGFloat, alpha: CGFloat)] = []
        for frame in 0 ..< 36 {
            view.performBatchUpdates {
                source.sections[0].insert(1000 + frame, at: 0)
                view.insertItems(at: [IndexPath(item: 0, section: 0)])
            }
            if frame == 0 { first = view.cellForItem(at: IndexPath(item: 0, section: 0)) }
            screen.advance(by: 1.0 / 60)
            let cell = try #require(first as? NumberCell)
            #expect(cell.number == 1000, "frame \(frame): the first item's cell still shows it")
            shown.append((cell.presentedFrame.minY, cell.presentedAlpha))
        }
        #expect(shown[0].alpha > 0 && shown[0].alpha < 0.1, "it starts fading in: \(shown[0].alpha)")
        #expect(shown[18].alpha == 1, "opaque 0.3 s after it came: \(shown[18].alpha)")
        #expect(shown[11].y > 40, "12 frames in, well on its way to its place 120 points down: \(shown[11].y)")
        for frame in 20 ..< 36 {
            let step = shown[frame].y - shown[frame - 1].y
            #expect(abs(step - 10) < 0.5, "frame \(frame): it moves a place, 10 points, as its place does: \(step)")
        }
    }

    @Test("insert, delete, move and reload in one batch: each item ends where the data says, and inserted ones fade in")
    func mixedBatch() throws {
        let (view, source, screen) = showCollection([numbers(6), numbers(6, from: 100)])
        defer { withExtendedLifetime(screen) {} }
        let moved = try #require(view.cellForItem(at: IndexPath(item: 5, section: 0)))
        view.performBatchUpdates {
            source.sections[0].insert(50, at: 1)          // [0, 50, 1, 2, 3, 4, 5]
            source.sections[0].remove(at: 3)              // deletes 2: [0, 50, 1, 3, 4, 5]
            let five = source.sections[0].remove(at: 5)   // moves 5 to section 1's front
            source.sections[1].insert(five, at: 0)
            source.sections[1][2] = 777                   // reloads section 1's item 1 (101)
            view.insertItems(at: [IndexPath(item: 1, section: 0)])
            view.deleteItems(at: [IndexPath(item: 2, section: 0)])
            view.moveItem(at: IndexPath(item: 5, section: 0), to: IndexPath(item: 0, section: 1))
            view.reloadItems(at: [IndexPath(item: 1, section: 1)])
        }
        let inserted = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)))
        screen.advance(by: 0.15)
        #expect(inserted.presentedAlpha > 0 && inserted.presentedAlpha < 1)
        screen.advance(by: 0.3)
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 1)) === moved)
        for (path, number) in view.shownNumbers { #expect(number == source.sections[path.section][path.item], "\(path)") }
        #expect(view.numberOfItems(inSection: 0) == 5 && view.numberOfItems(inSection: 1) == 7)
    }

    @Test("sections: inserting one pushes the next down with its header")
    func insertSection() throws {
        let layout = flowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        let (view, source, screen) = showCollection([numbers(3), numbers(3, from: 10)], layout: layout)
        defer { withExtendedLifetime(screen) {} }
        let kind = UICollectionView.elementKindSectionHeader
        let header = try #require(view.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 1)))
        let before = header.frame.minY
        source.sections.insert(numbers(3, from: 20), at: 1)
        view.performBatchUpdates { view.insertSections([1]) }
        screen.advance(by: 0.5)
        #expect(view.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 2)) === header)
        #expect(header.frame.minY == before + 30 + 10 + 90 + 10)
        for (path, number) in view.shownNumbers { #expect(number == source.sections[path.section][path.item]) }
    }

    @Test("sections: deleting one and moving another: items and headers follow their sections")
    func deleteAndMoveSections() throws {
        let layout = flowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        let (view, source, screen) = showCollection([numbers(3), numbers(3, from: 10), numbers(3, from: 20)], layout: layout)
        defer { withExtendedLifetime(screen) {} }
        let kind = UICollectionView.elementKindSectionHeader
        let lastHeader = try #require(view.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 2)))
        let twenty = try #require(view.cellForItem(at: IndexPath(item: 0, section: 2)))
        view.performBatchUpdates {
            source.sections = [numbers(3, from: 20), numbers(3)]
            view.deleteSections([1])
            view.moveSection(2, toSection: 0)
        }
        screen.advance(by: 0.5)
        #expect(view.numberOfSections == 2)
        #expect(view.supplementaryView(forElementKind: kind, at: IndexPath(item: 0, section: 0)) === lastHeader)
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) === twenty)
        #expect(twenty.frame.origin == CGPoint(x: 10, y: 40))
        for (path, number) in view.shownNumbers { #expect(number == source.sections[path.section][path.item]) }
    }

    @Test("an inconsistent batch is reported with UIKit's message and the view reloads from the data (no trap)")
    func inconsistentBatch() {
        let (view, source, screen) = showCollection([numbers(9)])
        defer { withExtendedLifetime(screen) {} }
        var errors: [TableUpdateError] = []
        view.onInvalidUpdate = { errors.append($0) }
        var finished: Bool?
        view.performBatchUpdates({
            source.sections[0].append(contentsOf: [9, 10])   // two items added, one told
            view.insertItems(at: [IndexPath(item: 9, section: 0)])
        }, completion: { finished = $0 })
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("invalid number of items in section 0") == true, "\(errors)")
        #expect(errors.first?.message.contains("(11) must equal the number before (9)") == true)
        #expect(finished == false)
        screen.advance(by: 1.0 / 60)
        #expect(view.numberOfItems(inSection: 0) == 11)
        for (path, number) in view.shownNumbers { #expect(number == path.item) }
    }

    @Test("an update that names an item out of range is reported to the screen when no handler is set")
    func outOfRangeToScreen() {
        let (view, source, screen) = showCollection([numbers(3)])
        defer { withExtendedLifetime((screen, source)) {} }
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        view.performBatchUpdates { view.deleteItems(at: [IndexPath(item: 7, section: 0)]) }
        #expect(reports.count == 1 && reports.first?.contains("attempt to delete item 7 in section 0") == true, "\(reports)")
    }

    @Test("reloadData during an update animation ends it: completion false, every view consistent")
    func reloadCutsUpdate() {
        let (view, source, screen) = showCollection([numbers(9)])
        defer { withExtendedLifetime(screen) {} }
        var finished: Bool?
        source.sections[0].remove(at: 0)
        view.performBatchUpdates({ view.deleteItems(at: [IndexPath(item: 0, section: 0)]) }, completion: { finished = $0 })
        screen.advance(by: 0.1)
        source.sections[0] = numbers(4, from: 40)
        view.reloadData()
        screen.advance(by: 0.5)
        #expect(finished == false)
        #expect(view.visibleCells.count == 4)
        #expect(view.subviews.filter { $0 is UICollectionViewCell }.count == 4, "no cell left behind")
        for (path, number) in view.shownNumbers { #expect(number == 40 + path.item) }
    }

    @Test("in a layout without appearing and disappearing attributes, an item moved off screen slides out to its new place, and one the move brings on screen slides in from its old one, frame by frame; neither fades")
    func movesAcrossTheEdgeSlide() throws {
        // Rows of three 100-point items (a compositional layout, which has no initial or final
        // attributes of its own); 200 points show two rows (items 0 to 5).
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: .horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
            repeatingSubitem: NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1))), count: 3)))
        let (view, source, screen) = showCollection([numbers(15)], layout: layout, size: CGSize(width: 320, height: 200))
        defer { withExtendedLifetime(screen) {} }
        let leaving = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(view.cellForItem(at: IndexPath(item: 6, section: 0)) == nil, "item 6 starts below the view")
        view.performBatchUpdates {
            source.sections[0].insert(source.sections[0].remove(at: 0), at: 11)
            view.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 11, section: 0))
        }
        let arriving = try #require(view.cellForItem(at: IndexPath(item: 5, section: 0)), "item 6 moved into slot 5")
        #expect((arriving as? NumberCell)?.number == 6)
        var leavingYs: [CGFloat] = [], arrivingYs: [CGFloat] = []
        for _ in 0 ..< 20 {
            screen.advance(by: 1.0 / 60)
            leavingYs.append(leaving.presentedFrame.minY)
            arrivingYs.append(arriving.presentedFrame.minY)
            #expect(leaving.presentedAlpha == 1 && arriving.presentedAlpha == 1, "sliding, not fading")
        }
        #expect(leavingYs.first! < 100 && leavingYs.contains { $0 > 150 }, "item 0 slides down toward row 4: \(leavingYs)")
        #expect(zip(leavingYs, leavingYs.dropFirst()).allSatisfy { $0.0 <= $0.1 + 0.01 }, "always downward")
        #expect(arrivingYs.first! > 100 && arrivingYs.last! == 100, "item 6 slides up from row 3 into row 2: \(arrivingYs)")
        #expect(arrivingYs.contains { $0 > 101 && $0 < 199 }, "through the middle")
        screen.advance(by: 0.5)
        #expect(view.visibleCells.allSatisfy { $0 !== leaving }, "the item that left is off the books")
    }
}

/// A dictionary's order changes from process to process: views added in it stacked
/// overlapping items differently on each run (the Photos scene's filmstrip changed).
@MainActor
@Suite("UICollectionView: the order views are added in")
struct ViewOrderTests {
    /// The items of the cells among `view`'s subviews, in subview order.
    func stackedItems(_ view: UICollectionView) -> [Int] {
        view.subviews.compactMap { $0 as? UICollectionViewCell }.compactMap { view.indexPath(for: $0)?.item }
    }

    @Test("cells come on screen in item order, when the view is first shown, scrolled and updated")
    func itemOrder() throws {
        let (view, source, screen) = showCollection([numbers(300)], layout: flowLayout(item: CGSize(width: 40, height: 40), spacing: 2, inset: 2))
        defer { withExtendedLifetime(screen) {} }
        let first = stackedItems(view)
        #expect(first.count > 50 && first == first.sorted(), "\(first)")
        // Scrolling a whole screen: every cell on screen is new, and they come in order.
        view.contentOffset = CGPoint(x: 0, y: 1000)
        view.layoutIfNeeded()
        let scrolled = stackedItems(view)
        #expect(scrolled.count > 50 && scrolled == scrolled.sorted(), "\(scrolled)")
        // Twenty items inserted at once arrive after those that stay, in item order.
        let top = try #require(view.indexPathsForVisibleItems.min()).item
        let inserted = (0 ..< 20).map { IndexPath(item: top + 7 + $0, section: 0) }
        view.performBatchUpdates {
            source.sections[0].insert(contentsOf: (0 ..< 20).map { 1000 + $0 }, at: top + 7)
            view.insertItems(at: inserted)
        }
        let arrived = stackedItems(view).filter { item in inserted.contains { $0.item == item } }
        #expect(arrived.count == 20 && arrived == arrived.sorted(), "\(arrived)")
    }
}
