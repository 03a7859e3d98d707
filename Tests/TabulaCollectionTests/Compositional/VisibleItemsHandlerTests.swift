import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// What a visible items handler was given, pass by pass.
@MainActor
final class HandlerLog {
    var points: [CGPoint] = []
    var sections: [Set<Int>] = []
    var frames: [[IndexPath: CGRect]] = []
}

/// Geometry of the carousel below: cards 192 wide, 10 apart, inset 64 at the
/// sides, so card 0 is centred when the section rests at its start and each card is one
/// pitch (202) further along.
private let cardWidth: CGFloat = 192, pitch: CGFloat = 202, inset: CGFloat = 64

/// The scale the carousel's handler gives a card whose centre is `distance` from the
/// middle of the collection view: Apple developers' usual formula, 1 in the middle and
/// shrinking to 0.7.
private func carouselScale(_ distance: CGFloat) -> CGFloat { max(1 - distance / 640, 0.7) }

/// Section 0 is a carousel scrolling sideways (`behavior`), whose handler scales each
/// card by its distance from the middle, as carousels written for UIKit do
/// (`item.frame.midX - point.x` is the card's place on screen); section 1 is a list of
/// 60-point rows, with `listHandler` if given.
@MainActor
private func carouselLayout(log: HandlerLog, behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .continuous,
                            listHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler? = nil)
    -> UICollectionViewCompositionalLayout {
    UICollectionViewCompositionalLayout { index, _ in
        if index == 0 {
            let section = rowSection(item: size(.fractionalWidth(1), .fractionalHeight(1)),
                                     group: size(.absolute(cardWidth), .absolute(200)), count: 1)
            section.orthogonalScrollingBehavior = behavior
            section.interGroupSpacing = 10
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: inset, bottom: 0, trailing: inset)
            section.visibleItemsInvalidationHandler = { items, point, environment in
                log.points.append(point)
                log.sections.append(Set(items.map(\.indexPath.section)))
                log.frames.append(Dictionary(uniqueKeysWithValues: items.map { ($0.indexPath, $0.frame) }))
                let middle = environment.container.contentSize.width / 2
                for item in items {
                    let scale = carouselScale(abs(item.frame.midX - point.x - middle))
                    item.transform = CGAffineTransform(scaleX: scale, y: scale)
                }
            }
            return section
        }
        let list = rowSection(item: size(.fractionalWidth(1), .fractionalHeight(1)), group: size(.fractionalWidth(1), .absolute(60)), count: 1)
        list.visibleItemsInvalidationHandler = listHandler
        return list
    }
}

/// Scrolls orthogonal section `section` sideways to `offset`, as a drag that ends there
/// would, and runs a frame.
@MainActor
private func scrollSection(_ view: UICollectionView, _ section: Int, to offset: CGFloat, _ screen: HeadlessScreen) throws {
    let layout = try #require(view.collectionViewLayout as? UICollectionViewCompositionalLayout)
    let scroller = try #require(layout.orthogonalScrollers[section])
    scroller.offset = offset
    screen.advance(by: 1.0 / 60)
}

@MainActor
private func scale(of view: UICollectionView, _ item: Int, _ section: Int = 0) -> CGFloat? {
    view.cellForItem(at: IndexPath(item: item, section: section))?.transform.a
}

@MainActor
@Suite("Compositional layout: visible items invalidation handler")
struct VisibleItemsHandlerTests {
    @Test("a carousel's handler scales the cards by their distance from the middle, and the scales follow the scroll")
    func carouselScalesFollowScroll() throws {
        let log = HandlerLog()
        let (view, _, screen) = showLayout([numbers(10), numbers(20)], layout: carouselLayout(log: log))
        defer { withExtendedLifetime(screen) {} }
        // At rest: card 0 in the middle, card 1 one pitch to the right.
        #expect(scale(of: view, 0) == 1)
        #expect(abs((scale(of: view, 1) ?? 0) - carouselScale(pitch)) < 1e-9, "\(String(describing: scale(of: view, 1)))")
        #expect(log.points.last == .zero)

        // Half a pitch along: the two cards are equally far from the middle, equally scaled.
        try scrollSection(view, 0, to: pitch / 2, screen)
        let half = carouselScale(pitch / 2)
        #expect(abs((scale(of: view, 0) ?? 0) - half) < 1e-9, "\(String(describing: scale(of: view, 0)))")
        #expect(abs((scale(of: view, 1) ?? 0) - half) < 1e-9)
        #expect(log.points.last == CGPoint(x: pitch / 2, y: 0), "the section's own offset")

        // A whole pitch: card 1 is in the middle at full size, card 0 has shrunk.
        try scrollSection(view, 0, to: pitch, screen)
        #expect(scale(of: view, 1) == 1)
        #expect(abs((scale(of: view, 0) ?? 0) - carouselScale(pitch)) < 1e-9)
        // The scale is about the centre: the card stays centred where the layout put it.
        let card1 = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)))
        #expect(abs(card1.center.x - 160) < 1e-9, "\(card1.center)")
        #expect(card1.bounds.size == CGSize(width: cardWidth, height: 200))
    }

    @Test("a finger finds a card where the handler's transform draws it: beside a shrunk card nothing lights up or is selected, on it the card is")
    func touchesFollowTheDrawnCards() throws {
        let log = HandlerLog()
        let (view, _, screen) = showLayout([numbers(10), numbers(20)], layout: carouselLayout(log: log))
        defer { withExtendedLifetime(screen) {} }
        let card1 = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)))
        // Card 1 rests at 266…458 in the layout, shrunk about its centre (362) to about 296…427.
        #expect(card1.frame.minX > 290 && card1.frame.minX < 300, "\(card1.frame)")
        let beside = CGPoint(x: 280, y: 100)
        #expect(view.indexPathForItem(at: beside) == IndexPath(item: 1, section: 0), "the layout's frame reaches there")
        var finger = screen.touchDown(at: beside)
        screen.advance(by: 0.3)
        #expect(!card1.isHighlighted, "a finger beside the drawn card lit it")
        screen.liftTouch(finger)
        screen.advance(by: 0.3)
        #expect(view.indexPathsForSelectedItems == nil)

        finger = screen.touchDown(at: CGPoint(x: 300, y: 100))
        screen.advance(by: 0.3)
        #expect(card1.isHighlighted)
        screen.liftTouch(finger)
        screen.advance(by: 0.3)
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    }

    @Test("an orthogonal section's items are given unscrolled: frame minus the point is their place on screen")
    func orthogonalFramesAreUnscrolled() throws {
        let log = HandlerLog()
        let (view, _, screen) = showLayout([numbers(10), numbers(20)], layout: carouselLayout(log: log))
        defer { withExtendedLifetime(screen) {} }
        try scrollSection(view, 0, to: 150, screen)
        let frames = try #require(log.frames.last)
        let card1 = try #require(frames[IndexPath(item: 1, section: 0)])
        #expect(card1.minX == inset + pitch, "where card 1 is with the section unscrolled")
        let layoutFrame = try #require(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame)
        #expect(abs(layoutFrame.minX - (card1.minX - 150)) < 1e-9, "the layout's frame is the scrolled one")
    }

    @Test("a centre set in an orthogonal section is in its unscrolled coordinates: the card stays where the scroll put it")
    func orthogonalCenterRoundTrips() throws {
        let layout = UICollectionViewCompositionalLayout { _, _ in
            let section = rowSection(item: size(.fractionalWidth(1), .fractionalHeight(1)),
                                     group: size(.absolute(cardWidth), .absolute(200)), count: 1)
            section.orthogonalScrollingBehavior = .continuous
            section.interGroupSpacing = 10
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: inset, bottom: 0, trailing: inset)
            section.visibleItemsInvalidationHandler = { items, point, _ in
                // Lift each card by a tenth of its distance on screen from the leading edge.
                for item in items { item.center.y -= (item.frame.minX - point.x) / 10 }
            }
            return section
        }
        let (view, _, screen) = showLayout([numbers(10)], layout: layout)
        defer { withExtendedLifetime(screen) {} }
        try scrollSection(view, 0, to: 150, screen)
        let card1 = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)))
        let onScreen = inset + pitch - 150
        #expect(abs(card1.frame.minX - onScreen) < 1e-9, "\(card1.frame)")
        #expect(abs(card1.frame.minY + onScreen / 10) < 1e-9)
    }

    @Test("a section that does not scroll sideways is given the collection view's content offset")
    func plainSectionGetsContentOffset() {
        let log = HandlerLog(), listLog = HandlerLog()
        let layout = carouselLayout(log: log) { items, point, _ in
            listLog.points.append(point)
            listLog.sections.append(Set(items.map(\.indexPath.section)))
            listLog.frames.append(Dictionary(uniqueKeysWithValues: items.map { ($0.indexPath, $0.frame) }))
        }
        let (view, _, screen) = showLayout([numbers(10), numbers(20)], layout: layout)
        defer { withExtendedLifetime(screen) {} }
        view.contentOffset = CGPoint(x: 0, y: 130)
        screen.advance(by: 1.0 / 60)
        #expect(listLog.points.last == CGPoint(x: 0, y: 130))
        #expect(listLog.sections.allSatisfy { $0 == [1] }, "only its own section's items")
        // Content coordinates: row 0 of the list starts under the 200-point carousel.
        #expect(listLog.frames.last?[IndexPath(item: 0, section: 1)] == CGRect(x: 0, y: 200, width: 320, height: 60))
        #expect(log.sections.allSatisfy { $0 == [0] })
    }

    @Test("a handler is not called for sections without one, nor while none of its section is in view")
    func notCalledWithoutHandlerOrItems() throws {
        let log = HandlerLog()
        let (view, _, screen) = showLayout([numbers(10), numbers(20)], layout: carouselLayout(log: log))
        defer { withExtendedLifetime(screen) {} }
        #expect(!log.points.isEmpty)
        #expect(log.sections.allSatisfy { $0 == [0] }, "the list's rows never reach the carousel's handler")
        view.contentOffset = CGPoint(x: 0, y: 400)
        screen.advance(by: 1.0 / 60)
        let calls = log.points.count
        view.contentOffset = CGPoint(x: 0, y: 500)
        screen.advance(by: 1.0 / 60)
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 1)) == nil, "scrolled past the carousel and a row")
        #expect(log.points.count == calls, "no carousel card in view, no call")
        // The list's rows keep the layout's attributes.
        let row = try #require(view.cellForItem(at: IndexPath(item: 10, section: 1)))
        #expect(row.transform == .identity && row.alpha == 1)
    }

    @Test("alpha, z-index, hidden and centre set by the handler reach the cells")
    func otherPropertiesApplied() throws {
        let layout = UICollectionViewCompositionalLayout { _, _ in
            let section = rowSection(item: size(.fractionalWidth(1), .fractionalHeight(1)), group: size(.fractionalWidth(1), .absolute(60)), count: 1)
            section.visibleItemsInvalidationHandler = { items, _, _ in
                for item in items {
                    switch item.indexPath.item {
                    case 0: item.alpha = 0.25
                    case 1: item.zIndex = 7
                    case 2: item.isHidden = true
                    case 3: item.center.x += 30
                    default: break
                    }
                }
            }
            return section
        }
        let (view, _, screen) = showLayout([numbers(20)], layout: layout)
        defer { withExtendedLifetime(screen) {} }
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0))?.alpha == 0.25)
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.layer.zPosition == 7)
        #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.isHidden == true)
        let moved = try #require(view.cellForItem(at: IndexPath(item: 3, section: 0)))
        #expect(moved.frame == CGRect(x: 30, y: 180, width: 320, height: 60))
    }

    @Test("moving items in the handler never reaches the layout: the next pass starts from its own frames")
    func handlerCannotCorruptLayout() throws {
        let log = HandlerLog()
        final class Switch { var on = true }
        let moving = Switch()
        let layout = UICollectionViewCompositionalLayout { _, _ in
            let section = rowSection(item: size(.fractionalWidth(1), .fractionalHeight(1)), group: size(.fractionalWidth(1), .absolute(60)), count: 1)
            section.visibleItemsInvalidationHandler = { items, point, _ in
                log.points.append(point)
                log.frames.append(Dictionary(uniqueKeysWithValues: items.map { ($0.indexPath, $0.frame) }))
                guard moving.on else { return }
                for item in items { item.center.y += 1000 }
            }
            return section
        }
        let (view, _, screen) = showLayout([numbers(20)], layout: layout)
        defer { withExtendedLifetime(screen) {} }
        let path = IndexPath(item: 2, section: 0)
        #expect(view.cellForItem(at: path)?.frame.minY == 1120, "moved for the pass")
        #expect(view.layoutAttributesForItem(at: path)?.frame == CGRect(x: 0, y: 120, width: 320, height: 60))
        // Two more passes while moving: each starts from the layout's frame, not the last pass's.
        view.contentOffset = CGPoint(x: 0, y: 1)
        screen.advance(by: 1.0 / 60)
        view.contentOffset = CGPoint(x: 0, y: 0)
        screen.advance(by: 1.0 / 60)
        #expect(log.frames.count >= 3)
        #expect(log.frames.allSatisfy { $0[path] == nil || $0[path] == CGRect(x: 0, y: 120, width: 320, height: 60) })
        moving.on = false
        view.contentOffset = CGPoint(x: 0, y: 1)
        screen.advance(by: 1.0 / 60)
        #expect(view.cellForItem(at: path)?.frame.minY == 120, "back where the layout puts it")
    }

    @Test("a NaN or infinite centre or transform, and alpha out of range, are replaced and reported once each")
    func badValuesReportedOnce() throws {
        let layout = UICollectionViewCompositionalLayout { _, _ in
            let section = rowSection(item: size(.fractionalWidth(1), .fractionalHeight(1)), group: size(.fractionalWidth(1), .absolute(60)), count: 1)
            section.visibleItemsInvalidationHandler = { items, _, _ in
                for item in items {
                    switch item.indexPath.item % 4 {
                    case 0: item.center = CGPoint(x: CGFloat.nan, y: CGFloat.infinity)
                    case 1: item.transform = CGAffineTransform(scaleX: CGFloat.nan, y: 1)
                    case 2: item.alpha = -3
                    default: item.alpha = .nan
                    }
                }
            }
            return section
        }
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        let source = NumbersSource([numbers(40)])
        keptSources.append(source)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        view.register(NumberCell.self, forCellWithReuseIdentifier: "number")
        view.dataSource = source
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        for y in stride(from: CGFloat(20), through: 200, by: 20) {
            view.contentOffset = CGPoint(x: 0, y: y)
            screen.advance(by: 1.0 / 60)
        }
        let ours = reports.filter { $0.contains("visibleItemsInvalidationHandler") }
        #expect(ours.count == 4, "\(ours)")
        #expect(ours.contains { $0.contains("center that is not finite") })
        #expect(ours.contains { $0.contains("transform that is not finite") })
        #expect(ours.contains { $0.contains("alpha outside 0...1") })
        #expect(ours.contains { $0.contains("alpha that is NaN") })
        let cell = { (item: Int) in view.cellForItem(at: IndexPath(item: item, section: 0)) }
        #expect(cell(4)?.frame == CGRect(x: 0, y: 240, width: 320, height: 60), "the layout's centre")
        #expect(cell(5)?.transform == .identity, "the layout's transform")
        #expect(cell(6)?.alpha == 0, "clamped")
        #expect(cell(7)?.alpha == 1, "the layout's alpha")
    }

    @Test("a picture of the carousel part way between two cards (written where TABULA_LOOK_DIR says)")
    func carouselPicture() throws {
        let log = HandlerLog()
        let (view, _, screen) = showLayout([numbers(10), numbers(20)], layout: carouselLayout(log: log))
        defer { withExtendedLifetime(screen) {} }
        try scrollSection(view, 0, to: pitch * 1.4, screen)
        for case let cell as NumberCell in view.visibleCells {
            let hue = CGFloat(cell.number % 10) / 10
            let isCard = view.indexPath(for: cell)?.section == 0
            cell.contentView.backgroundColor = isCard ? UIColor(hue: hue, saturation: 0.5, brightness: 0.9, alpha: 1)
                                                      : UIColor(white: 0.92, alpha: 1)
            cell.label.frame = CGRect(x: 12, y: 8, width: 60, height: 30)
        }
        screen.advance(by: 1.0 / 60)
        writeForLooking(screen.snapshot(), "visible-items-carousel")
        #expect(view.visibleCells.count > 3)
    }
}

/// Careless handlers: ones that change the collection view while it lays out.
@MainActor
@Suite("Compositional layout: a visible items handler that changes the collection view")
struct VisibleItemsHandlerMidPassTests {
    /// A list of 60-point rows whose handler runs `body` with the collection view, every pass.
    private func layout(_ body: @escaping (UICollectionView) -> Void, view: @escaping () -> UICollectionView?)
        -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { _, _ in
            let list = rowSection(item: size(.fractionalWidth(1), .fractionalHeight(1)),
                                  group: size(.fractionalWidth(1), .absolute(60)), count: 1)
            list.visibleItemsInvalidationHandler = { items, _, _ in
                if let collection = view() { body(collection) }
                for item in items { item.alpha = 0.5 }
            }
            return list
        }
    }

    @Test("a handler that invalidates the layout, reloads, scrolls or changes the data in every pass: the frame ends, the rows show")
    func handlerChangingTheView() throws {
        let cases: [(String, (UICollectionView) -> Void)] = [
            ("invalidateLayout", { $0.collectionViewLayout.invalidateLayout() }),
            ("reloadData", { $0.reloadData() }),
            ("setContentOffset", { $0.contentOffset.y += 1 }),
            ("layoutIfNeeded", { $0.layoutIfNeeded() }),
            ("performBatchUpdates", { view in view.performBatchUpdates({ view.reloadItems(at: [IndexPath(item: 0, section: 0)]) }) }),
        ]
        for (name, body) in cases {
            weak var shown: UICollectionView?
            let (view, _, screen) = showLayout([numbers(30)], layout: layout(body, view: { shown }))
            shown = view
            for _ in 0 ..< 5 { screen.advance(by: 1.0 / 60) }
            view.contentOffset.y = 300
            for _ in 0 ..< 5 { screen.advance(by: 1.0 / 60) }
            #expect(!view.visibleCells.isEmpty, "\(name): rows show")
            #expect(view.visibleCells.allSatisfy { $0.alpha == 0.5 }, "\(name): the handler's alpha reaches every cell")
            withExtendedLifetime(screen) {}
        }
    }
}
