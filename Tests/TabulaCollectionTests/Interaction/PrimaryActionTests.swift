import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A grid controller of tiles that logs selection and primary actions and refuses
/// selection of the tiles in `buttons`; written as a UIKit subclass is, with `override`.
@MainActor
private final class TilesController: UICollectionViewController {
    var log: [String] = []
    var buttons: Set<Int> = []

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 12 }
    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath)
    }
    override func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        !buttons.contains(indexPath.item)
    }
    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        log.append("didSelect \(indexPath.item)")
    }
    override func collectionView(_ collectionView: UICollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {
        log.append("primary \(indexPath.item) selected \(collectionView.indexPathsForSelectedItems?.map(\.item).sorted() ?? [])")
    }
}

/// Primary actions (iOS 16) in a collection view: a tap on one item, told after the
/// selection, whether or not the selection changed.
@Suite("Collection view primary actions")
@MainActor
struct CollectionPrimaryActionTests {
    private func show() -> (TilesController, HeadlessScreen) {
        let controller = TilesController(collectionViewLayout: flowLayout())
        controller.collectionView.register(NumberCell.self, forCellWithReuseIdentifier: "number")
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480), scale: 1)
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 1.0 / 60)
        return (controller, screen)
    }

    private func tap(_ item: Int, _ controller: TilesController, _ screen: HeadlessScreen) {
        let view = controller.collectionView!
        let cell = view.cellForItem(at: IndexPath(item: item, section: 0))!
        screen.tap(at: view.convert(cell.center, to: nil))
        screen.advance(by: 1.0 / 60)
    }

    @Test("a tap selects, then performs the primary action; a tile that refuses selection still acts, the selection kept")
    func tapPerformsAfterSelection() {
        let (controller, screen) = show()
        controller.buttons = [4]
        tap(1, controller, screen)
        tap(4, controller, screen)
        #expect(controller.log == ["didSelect 1", "primary 1 selected [1]", "primary 4 selected [1]"])
    }

    @Test("no primary action while editing (by default) or where a tap extends a multiple selection (the first tap, selecting one item, acts)")
    func whenNot() {
        let (controller, screen) = show()
        controller.collectionView.allowsMultipleSelection = true
        tap(2, controller, screen)
        tap(3, controller, screen)
        #expect(controller.log == ["didSelect 2", "primary 2 selected [2]", "didSelect 3"])
        controller.collectionView.allowsMultipleSelection = false
        controller.collectionView.allowsSelectionDuringEditing = true
        controller.setEditing(true, animated: false)
        screen.advance(by: 1.0 / 60)
        controller.log = []
        tap(5, controller, screen)
        #expect(controller.log == ["didSelect 5"], "editing")
    }
}
