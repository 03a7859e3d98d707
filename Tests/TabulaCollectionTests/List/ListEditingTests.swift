import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// Lets every item but those in `locked` be edited, and logs selection.
@MainActor
final class EditingDelegate: NSObject, UICollectionViewDelegate {
    var locked: Set<IndexPath> = []
    var log: [String] = []
    func collectionView(_ collectionView: UICollectionView, canEditItemAt indexPath: IndexPath) -> Bool { !locked.contains(indexPath) }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { log.append("select \(indexPath.item)") }
}

@MainActor
@Suite("Editing mode in lists")
struct ListEditingTests {
    static let editingAccessories: [UICellAccessory] = [.delete(), .disclosureIndicator(displayed: .whenNotEditing), .reorder()]

    func row(_ list: UICollectionView, _ item: Int) throws -> UICollectionViewListCell {
        try #require(list.cellForItem(at: IndexPath(item: item, section: 0)) as? UICollectionViewListCell)
    }

    func view(of kind: ListAccessoryGlyph.Kind, in cell: UICollectionViewListCell) -> UIView? {
        cell.accessoryViews.first { ($0.view as? ListAccessoryGlyph)?.kind == kind }?.view
    }

    @Test("isEditing slides the delete control in from the leading edge and the reorder grip from the trailing one, frame by frame")
    func editingSlidesAccessoriesIn() throws {
        let source = ListSource([6])
        source.accessories = Self.editingAccessories
        let (list, screen) = showList(source, UICollectionLayoutListConfiguration(appearance: .plain))
        let cell = try row(list, 2)
        #expect(cell.accessoryViews.count == 1, "only the chevron shows when not editing")
        let chevron = cell.accessoryViews[0].view
        #expect(cell.contentView.frame.minX == 0)

        list.isEditing = true
        #expect(cell.isEditing && cell.configurationState.isEditing)
        let delete = try #require(view(of: .delete, in: cell))
        let reorder = try #require(view(of: .reorder, in: cell))
        screen.advance(by: 0.1)
        // Mid-animation: the controls are on their way in, the content on its way over.
        #expect(delete.presentedFrame.minX < 16 && delete.presentedFrame.minX > -22)
        #expect(delete.presentedAlpha > 0.05 && delete.presentedAlpha < 0.95)
        #expect(reorder.presentedFrame.maxX > 320 - 16)
        #expect(cell.contentView.presentedFrame.minX > 0 && cell.contentView.presentedFrame.minX < delete.frame.maxX)
        #expect(chevron.presentedAlpha < 0.95, "the chevron fades out")
        screen.advance(by: 0.4)
        #expect(delete.presentedFrame.minX == 16 && delete.presentedAlpha == 1)
        #expect(abs(reorder.presentedFrame.maxX - (320 - 16)) < 0.01)
        #expect(cell.contentView.frame.minX == delete.frame.maxX)
        #expect(chevron.superview == nil, "the chevron is gone once faded")
        #expect(cell.accessoryViews.count == 2)
        writeForLooking(screen.snapshot(), "list-editing")

        list.isEditing = false
        screen.advance(by: 0.1)
        #expect(delete.presentedFrame.minX < 16, "sliding back out")
        screen.advance(by: 0.4)
        #expect(delete.superview == nil && reorder.superview == nil)
        #expect(cell.accessoryViews.count == 1)
        #expect(cell.contentView.frame.minX == 0)
    }

    @Test("selectItem from code keeps the other selections while editing with allowsMultipleSelectionDuringEditing, and not after")
    func selectFromCodeWhileEditing() throws {
        let source = ListSource([6])
        source.accessories = [.multiselect()]
        let (list, screen) = showList(source, UICollectionLayoutListConfiguration(appearance: .plain))
        list.allowsMultipleSelectionDuringEditing = true
        list.isEditing = true
        screen.advance(by: 0.5)
        for item in [1, 3, 4] { list.selectItem(at: IndexPath(item: item, section: 0), animated: false, scrollPosition: []) }
        #expect(list.indexPathsForSelectedItems?.map(\.item) == [1, 3, 4], "three rows ticked, as a finger would")
        #expect(try row(list, 3).isSelected && row(list, 1).isSelected)
        list.isEditing = false
        list.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        #expect(list.indexPathsForSelectedItems?.map(\.item) == [2], "out of editing, one selection at a time")
    }

    @Test("cells in the reuse pool and cells made later come editing")
    func pooledAndLaterCellsEdit() throws {
        let source = ListSource([60])
        source.accessories = Self.editingAccessories
        let (list, screen) = showList(source, UICollectionLayoutListConfiguration(appearance: .plain))
        // A shorter list sends rows to the pool; they are there when editing begins.
        list.frame.size.height = 200
        screen.advance(by: 1.0 / 60)
        #expect(list.reusableCellCount(withReuseIdentifier: "row") >= 5, "rows wait in the pool")
        list.isEditing = true
        screen.advance(by: 0.5)
        list.frame.size.height = 480
        for offset in [0.0, 44 * 45.0] {
            list.contentOffset = CGPoint(x: 0, y: offset)
            screen.advance(by: 1.0 / 60)
            for path in list.indexPathsForVisibleItems {
                let cell = try #require(list.cellForItem(at: path) as? UICollectionViewListCell)
                #expect(cell.isEditing, "row \(path.item)")
                let delete = try #require(view(of: .delete, in: cell), "row \(path.item)")
                #expect(delete.frame.minX == 16 && delete.alpha == 1)
                #expect(view(of: .reorder, in: cell) != nil)
                #expect(cell.accessoryViews.count == 2, "no chevron while editing")
            }
        }
        list.isEditing = false
        screen.advance(by: 0.5)
        list.contentOffset = .zero
        screen.advance(by: 1.0 / 60)
        for path in list.indexPathsForVisibleItems {
            let cell = try #require(list.cellForItem(at: path) as? UICollectionViewListCell)
            #expect(!cell.isEditing && cell.accessoryViews.count == 1, "row \(path.item)")
        }
    }

    @Test("the delete control's action handler runs on a tap; the row is not selected; canEditItemAt keeps a row out")
    func deleteHandlerAndCanEdit() throws {
        var deleted: [Int] = []
        let source = ListSource([5])
        let (list, screen) = showList(source, UICollectionLayoutListConfiguration(appearance: .insetGrouped))
        let delegate = EditingDelegate()
        delegate.locked = [IndexPath(item: 0, section: 0)]
        list.delegate = delegate
        for item in 0 ..< 5 {
            try row(list, item).accessories = [.delete(actionHandler: { deleted.append(item) })]
        }
        list.isEditing = true
        screen.advance(by: 0.5)
        #expect(view(of: .delete, in: try row(list, 0)) == nil, "a row the delegate does not let edit")
        let delete = try #require(view(of: .delete, in: try row(list, 3)))
        screen.tap(at: delete.convert(CGPoint(x: 11, y: 11), to: nil))
        #expect(deleted == [3])
        #expect(list.indexPathsForSelectedItems == nil)
        // While editing a tap on a row selects only with allowsSelectionDuringEditing.
        let middle = try row(list, 2).convert(CGPoint(x: 150, y: 22), to: nil)
        screen.tap(at: middle)
        #expect(delegate.log.isEmpty && list.indexPathsForSelectedItems == nil)
        list.allowsSelectionDuringEditing = true
        screen.tap(at: middle)
        #expect(delegate.log == ["select 2"])
    }

    @Test("UICollectionViewController.setEditing forwards to the collection view, animated or not")
    func controllerSetEditing() throws {
        final class Controller: UICollectionViewController {
            override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 4 }
            override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! UICollectionViewListCell
                cell.accessories = ListEditingTests.editingAccessories
                return cell
            }
        }
        let controller = Controller(collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
        controller.collectionView.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "row")
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480), scale: 1)
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 1.0 / 60)
        let cell = try #require(controller.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) as? UICollectionViewListCell)
        controller.setEditing(true, animated: false)
        #expect(controller.isEditing && controller.collectionView.isEditing)
        screen.advance(by: 1.0 / 60)
        let delete = try #require(view(of: .delete, in: cell))
        #expect(delete.presentedFrame.minX == 16 && delete.presentedAlpha == 1, "not animated")
        controller.setEditing(false, animated: true)
        #expect(!controller.collectionView.isEditing)
        screen.advance(by: 0.1)
        #expect(delete.superview != nil && delete.presentedAlpha < 1, "animated out")
        screen.advance(by: 0.4)
        #expect(delete.superview == nil)
    }

    @Test("setEditing on a collection view controller whose view is not loaded loads it first, as UIKit does")
    func setEditingLoadsTheView() {
        final class Detail: UICollectionViewController {
            var loads = 0
            override func viewDidLoad() {
                super.viewDidLoad()
                loads += 1
            }
        }
        let detail = Detail(collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
        #expect(!detail.isViewLoaded)
        detail.setEditing(true, animated: false)
        #expect(detail.isViewLoaded && detail.loads == 1, "its viewDidLoad ran: what it sets up is there")
        #expect(detail.isEditing && detail.collectionView.isEditing)
    }
}
