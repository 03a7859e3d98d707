import Foundation
import Testing
@testable import Showcase
import Tabula
import TabulaTestSupport

@Suite("List settings scene")
@MainActor
struct ListSettingsSceneTests {
    @Test("swiping a network left and tapping Forget removes it; tapping a sound moves the checkmark; in editing, the first network's grip moves it to the end")
    func forgetAndChoose() throws {
        let scene = ListSettingsScene()
        let screen = HeadlessScreen(device: ListSettingsScene.device(scale: 1))
        Gallery.show(scene, on: screen)
        screen.advance(by: 0.5)
        let list = try #require(scene.controller.list)
        #expect(list.numberOfItems(inSection: 0) == 4)
        scene.play(on: screen)
        #expect(scene.controller.networks == ["Café Corner", "Studio 5G", "Home"], "Home was dragged to the end")
        #expect(!list.isEditing)
        let home = try #require(list.cellForItem(at: IndexPath(item: 2, section: 0)) as? UICollectionViewListCell)
        func texts(_ view: UIView) -> [String] { ((view as? UILabel)?.text.map { [$0] } ?? []) + view.subviews.flatMap(texts) }
        #expect(texts(home).contains("Connected"), "the connected label follows the network: \(texts(home))")
        #expect(list.numberOfItems(inSection: 0) == 3)
        #expect(scene.controller.chosenSound == 2)
        let harp = try #require(list.cellForItem(at: IndexPath(item: 2, section: 2)) as? UICollectionViewListCell)
        let glass = try #require(list.cellForItem(at: IndexPath(item: 1, section: 2)) as? UICollectionViewListCell)
        #expect(harp.accessories.count == 1 && glass.accessories.isEmpty)
        // Every row's text stays inside its card.
        for cell in list.visibleCells {
            #expect(cell.frame.minX == 16 && cell.frame.maxX == list.bounds.width - 16)
        }
        writeForLooking(screen.snapshot(), "list-settings-played")
    }

    @Test("at a larger text size, each row's secondary text is as wide as it needs, not cut to 'Sa…' (there is room)")
    func largerTextKeepsSecondaryText() throws {
        let scene = ListSettingsScene()
        let screen = HeadlessScreen(device: ListSettingsScene.device(scale: 1))
        Gallery.show(scene, on: screen)
        screen.advance(by: 0.5)
        screen.preferredContentSizeCategory = .extraExtraLarge
        screen.advance(by: 0.5)
        let list = try #require(scene.controller.list)
        func labels(_ view: UIView) -> [UILabel] { ((view as? UILabel).map { [$0] } ?? []) + view.subviews.flatMap(labels) }
        for cell in list.visibleCells {
            for label in labels(cell) where !(label.text ?? "").isEmpty {
                let needed = label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)).width
                #expect(label.bounds.width >= needed - 0.5, "\(label.text ?? "") is \(label.bounds.width) wide, needs \(needed)")
            }
        }
        writeForLooking(screen.snapshot(), "list-settings-larger-text")
    }
}
