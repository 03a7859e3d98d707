import Foundation
import Testing
@testable import Showcase
import Tabula
import TabulaTestSupport

@Suite("Store shelves scene")
@MainActor
struct StoreShelvesSceneTests {
    private func show() throws -> (StoreShelvesScene, HeadlessScreen, UICollectionView) {
        let scene = StoreShelvesScene()
        let screen = HeadlessScreen(device: StoreShelvesScene.device(scale: 1))
        Gallery.show(scene, on: screen)
        screen.advance(by: 0.5)
        return (scene, screen, try #require(scene.controller.collection))
    }

    /// Every label of every cell on screen lies inside its cell, and no two cells overlap.
    private func checkTidy(_ view: UICollectionView) {
        func labels(in view: UIView) -> [UILabel] { view.subviews.flatMap { ($0 as? UILabel).map { [$0] } ?? labels(in: $0) } }
        for cell in view.visibleCells {
            for label in labels(in: cell) where !(label.text ?? "").isEmpty {
                let frame = label.convert(label.bounds, to: cell)
                #expect(cell.bounds.insetBy(dx: -0.5, dy: -0.5).contains(frame), "\(label.text ?? "") sticks out of its cell")
            }
        }
        let frames = view.visibleCells.map(\.frame)
        for i in frames.indices {
            for j in frames.indices where j > i {
                #expect(frames[i].intersection(frames[j]).width < 0.5 || frames[i].intersection(frames[j]).height < 0.5)
            }
        }
    }

    @Test("a swipe on the feature shelf pages one card; the page and the apps shelf stay put")
    func featureShelfPages() throws {
        let (_, screen, view) = try show()
        checkTidy(view)
        let app0 = view.cellForItem(at: IndexPath(item: 0, section: 1))?.frame
        let card = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)))
        let y = card.convert(CGPoint(x: 0, y: card.bounds.midY), to: nil).y
        screen.drag(from: CGPoint(x: 330, y: y), to: CGPoint(x: 200, y: y), duration: 0.2)
        screen.advance(by: 1)
        let second = try #require(view.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
        #expect(abs(second.frame.minX - 16) < 0.01, "card 1 rests at the inset (\(second.frame.minX))")
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 1))?.frame == app0)
        #expect(view.contentOffset.y == -view.adjustedContentInset.top)
        checkTidy(view)
        writeForLooking(screen.snapshot(), "shelves-paged")
    }

    @Test("scrolling down brings the categories list; its rows have chevrons")
    func scrollsToList() throws {
        let (_, screen, view) = try show()
        screen.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 300), duration: 0.4)
        screen.advance(by: 1.5)
        let row = try #require(view.cellForItem(at: IndexPath(item: 3, section: 2)) as? UICollectionViewListCell)
        #expect(row.accessories.count == 1)
        #expect(row.window != nil)
        checkTidy(view)
    }
}
