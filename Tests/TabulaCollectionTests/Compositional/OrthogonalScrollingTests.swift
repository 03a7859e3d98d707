import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// Section 0 scrolls sideways with `behavior` (groups 80% of the width, 200 high, 10
/// apart, inset 16 at the sides); section 1 is a plain list of 60-point rows.
@MainActor
private func shelfLayout(_ behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior) -> UICollectionViewCompositionalLayout {
    UICollectionViewCompositionalLayout { index, _ in
        if index == 0 {
            let section = rowSection(item: size(.fractionalWidth(1), .fractionalHeight(1)),
                                     group: size(.fractionalWidth(0.8), .absolute(200)), count: 1)
            section.orthogonalScrollingBehavior = behavior
            section.interGroupSpacing = 10
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
            return section
        }
        return rowSection(item: size(.fractionalWidth(1), .fractionalHeight(1)), group: size(.fractionalWidth(1), .absolute(60)), count: 1)
    }
}

@MainActor
@Suite("Orthogonal sections")
struct OrthogonalScrollingTests {
    @Test("an orthogonal section lays its groups out sideways, one row high; only those in view have cells")
    func sidewaysGeometry() {
        let (view, _, screen) = showLayout([numbers(20), numbers(20)], layout: shelfLayout(.continuous))
        defer { withExtendedLifetime(screen) {} }
        // Groups 0.8 × (320 − 32) = 230.4 wide.
        #expect(close(view.frameOfItem(0), CGRect(x: 16, y: 0, width: 230.4, height: 200)), "\(String(describing: view.frameOfItem(0)))")
        #expect(abs((view.frameOfItem(1)?.minX ?? 0) - (16 + 230.4 + 10)) < 1e-6)
        #expect(view.frameOfItem(2) == nil, "off to the right")
        #expect(view.frameOfItem(0, 1)?.minY == 200)
        #expect(view.contentSize == CGSize(width: 320, height: 200 + 20 * 60))
    }

    @Test("dragging sideways scrolls the section and no other; the collection view stays put")
    func dragScrollsOnlyTheSection() throws {
        let (view, _, screen) = showLayout([numbers(20), numbers(20)], layout: shelfLayout(.continuous))
        defer { withExtendedLifetime(screen) {} }
        let below = view.frameOfItem(0, 1)
        screen.drag(from: CGPoint(x: 300, y: 100), to: CGPoint(x: 100, y: 100), duration: 0.5)
        screen.advance(by: 3)
        let moved = try #require(view.frameOfItem(0)?.minX ?? view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minX)
        #expect(moved < 16 - 150, "the section moved with the finger (item 0 at \(moved))")
        #expect(view.frameOfItem(0, 1) == below, "the section below did not move")
        #expect(view.contentOffset == .zero)
        #expect(view.frameOfItem(2) != nil, "an item that came into view has a cell")
    }

    @Test("a vertical drag that starts on an orthogonal section scrolls the collection view")
    func verticalDragScrollsCollection() {
        let (view, _, screen) = showLayout([numbers(20), numbers(20)], layout: shelfLayout(.continuous))
        defer { withExtendedLifetime(screen) {} }
        screen.drag(from: CGPoint(x: 160, y: 180), to: CGPoint(x: 160, y: 20), duration: 0.5)
        screen.advance(by: 3)
        #expect(view.contentOffset.y > 100)
        #expect(abs((view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minX ?? 0) - 16) < 1e-6, "not scrolled sideways")
    }

    @Test("group paging: a flick moves one group and rests with its leading edge at the inset")
    func groupPagingSnaps() throws {
        let (view, _, screen) = showLayout([numbers(20), numbers(20)], layout: shelfLayout(.groupPaging))
        defer { withExtendedLifetime(screen) {} }
        screen.drag(from: CGPoint(x: 250, y: 100), to: CGPoint(x: 150, y: 100), duration: 0.2)
        screen.advance(by: 3)
        let item1 = try #require(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
        #expect(abs(item1.frame.minX - 16) < 0.01, "group 1 rests at the inset (at \(item1.frame.minX))")
        // A slow, short drag goes back to where it was.
        screen.drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 180, y: 100), duration: 1)
        screen.advance(by: 3)
        let again = try #require(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
        #expect(abs(again.frame.minX - 16) < 0.01)
    }

    @Test("paging moves a whole width at a time")
    func pagingSnaps() throws {
        let (view, _, screen) = showLayout([numbers(20), numbers(20)], layout: shelfLayout(.paging))
        defer { withExtendedLifetime(screen) {} }
        screen.drag(from: CGPoint(x: 250, y: 100), to: CGPoint(x: 150, y: 100), duration: 0.2)
        screen.advance(by: 3)
        let item0 = try #require(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
        #expect(abs(item0.frame.minX - (16 - 320)) < 0.01, "one page of 320 (item 0 at \(item0.frame.minX))")
    }

    @Test("centred group paging rests with a group in the middle")
    func centredPaging() throws {
        let (view, _, screen) = showLayout([numbers(20), numbers(20)], layout: shelfLayout(.groupPagingCentered))
        defer { withExtendedLifetime(screen) {} }
        screen.drag(from: CGPoint(x: 250, y: 100), to: CGPoint(x: 150, y: 100), duration: 0.2)
        screen.advance(by: 3)
        let item1 = try #require(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
        #expect(abs(item1.frame.midX - 160) < 0.01, "group 1 centred (at \(item1.frame.midX))")
    }

    @Test("centred group paging starts with the first group in the middle, its neighbour peeking out, and a swipe back returns there; the last group centres too")
    func centredPagingStartsCentred() throws {
        let (view, _, screen) = showLayout([numbers(20), numbers(20)], layout: shelfLayout(.groupPagingCentered))
        defer { withExtendedLifetime(screen) {} }
        func midX(_ item: Int) -> CGFloat {
            view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame.midX ?? .nan
        }
        #expect(abs(midX(0) - 160) < 0.01, "group 0 centred at rest (at \(midX(0)))")
        let cell = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(abs(cell.frame.midX - 160) < 0.01, "the cell drawn there too")
        screen.drag(from: CGPoint(x: 250, y: 100), to: CGPoint(x: 150, y: 100), duration: 0.2)
        screen.advance(by: 3)
        #expect(abs(midX(1) - 160) < 0.01)
        screen.drag(from: CGPoint(x: 150, y: 100), to: CGPoint(x: 250, y: 100), duration: 0.2)
        screen.advance(by: 3)
        #expect(abs(midX(0) - 160) < 0.01, "back at the first group, centred (at \(midX(0)))")
        let scroller = try #require((view.collectionViewLayout as! UICollectionViewCompositionalLayout).orthogonalScrollers[0])
        scroller.setContentOffset(CGPoint(x: 1e6, y: 0), animated: false)
        screen.advance(by: 0.1)
        scroller.setContentOffset(CGPoint(x: scroller.contentSize.width + scroller.contentInset.right - scroller.bounds.width, y: 0),
                                  animated: false)
        screen.advance(by: 0.1)
        #expect(abs(midX(19) - 160) < 0.01, "the last group centred at the end (at \(midX(19)))")
    }

    @Test("continuous scrolling to a group's leading boundary: a fling comes to rest with a group at the inset")
    func leadingBoundary() throws {
        let (view, _, screen) = showLayout([numbers(20), numbers(20)], layout: shelfLayout(.continuousGroupLeadingBoundary))
        defer { withExtendedLifetime(screen) {} }
        screen.drag(from: CGPoint(x: 300, y: 100), to: CGPoint(x: 100, y: 100), duration: 0.15)
        // The normal deceleration has a long tail: wait until the content is at rest.
        screen.advance(by: 8)
        let lefts = (0 ..< 20).compactMap { view.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame.minX }
        #expect(lefts[0] < -200, "the fling went past the second group (item 0 at \(lefts[0]))")
        let scroller = (view.collectionViewLayout as! UICollectionViewCompositionalLayout).orthogonalScrollers[0]
        #expect(lefts.contains { abs($0 - 16) < 0.01 }, "a group rests at the inset: \(lefts.prefix(8)) \(String(describing: scroller?.isDecelerating)) \(String(describing: scroller?.contentOffset))")
    }

    @Test("a tap on an item of an orthogonal section selects it, after it scrolled")
    func tapSelects() {
        let (view, source, screen) = showLayout([numbers(20), numbers(20)], layout: shelfLayout(.groupPaging))
        defer { withExtendedLifetime(screen) {} }
        screen.drag(from: CGPoint(x: 250, y: 100), to: CGPoint(x: 150, y: 100), duration: 0.2)
        screen.advance(by: 3)
        screen.tap(at: CGPoint(x: 100, y: 100))
        screen.advance(by: 0.5)
        #expect(source.events.last == "select [0, 1]", "\(source.events)")
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    }

    @Test("the sideways offset survives the section scrolling out of view and back")
    func offsetSurvivesScrollingAway() throws {
        let (view, _, screen) = showLayout([numbers(20), numbers(40)], layout: shelfLayout(.groupPaging))
        defer { withExtendedLifetime(screen) {} }
        screen.drag(from: CGPoint(x: 250, y: 100), to: CGPoint(x: 150, y: 100), duration: 0.2)
        screen.advance(by: 3)
        view.contentOffset = CGPoint(x: 0, y: 1000)
        screen.advance(by: 1.0 / 60)
        #expect(view.frameOfItem(0) == nil)
        view.contentOffset = .zero
        screen.advance(by: 1.0 / 60)
        let item1 = try #require(view.frameOfItem(1))
        #expect(abs(item1.minX - 16) < 0.01)
    }
}
