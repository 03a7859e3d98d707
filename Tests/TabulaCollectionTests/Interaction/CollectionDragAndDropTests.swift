import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaCollection
import TabulaUIKitTestSupport

/// A grid of numbered tiles that drag as their text and take drops of text.
@MainActor
final class TileSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegate,
    UICollectionViewDragDelegate, UICollectionViewDropDelegate {
    var tiles: [String]
    var log: [String] = []
    var canMove = true
    var proposal: ((any UIDropSession) -> UICollectionViewDropProposal)?

    init(_ tiles: [String]) { self.tiles = tiles }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { tiles.count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
        cell.backgroundColor = .systemBlue
        return cell
    }
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { canMove }
    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        log.append("move \(sourceIndexPath.item)->\(destinationIndexPath.item)")
        tiles.insert(tiles.remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
    }

    func collectionView(_ collectionView: UICollectionView, itemsForBeginning session: any UIDragSession,
                        at indexPath: IndexPath) -> [UIDragItem] {
        log.append("begin \(indexPath.item)")
        return [UIDragItem(itemProvider: NSItemProvider(object: tiles[indexPath.item] as NSString))]
    }
    func collectionView(_ collectionView: UICollectionView, dragSessionDidEnd session: any UIDragSession) { log.append("didEnd") }
    func collectionView(_ collectionView: UICollectionView, dropSessionDidUpdate session: any UIDropSession,
                        withDestinationIndexPath destinationIndexPath: IndexPath?) -> UICollectionViewDropProposal {
        proposal?(session) ?? UICollectionViewDropProposal(operation: .cancel)
    }
    func collectionView(_ collectionView: UICollectionView, performDropWith coordinator: any UICollectionViewDropCoordinator) {
        log.append("perform")
        let destination = coordinator.destinationIndexPath ?? IndexPath(item: tiles.count, section: 0)
        coordinator.session.loadObjects(ofClass: String.self) { strings in
            self.tiles.insert(contentsOf: strings, at: destination.item)
            collectionView.insertItems(at: strings.indices.map { IndexPath(item: destination.item + $0, section: 0) })
        }
    }
}

@MainActor
@Suite("Collection view drag and drop")
struct CollectionDragAndDropTests {
    /// A 320-point-wide grid of 70-point tiles: four to a row.
    func grid(_ source: TileSource) -> (UICollectionView, HeadlessScreen) {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 70, height: 70)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "tile")
        view.dataSource = source
        view.delegate = source
        view.dragDelegate = source
        view.dropDelegate = source
        view.dragInteractionEnabled = true
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480), scale: 1)
        let window = UIWindow(frame: .zero)
        let controller = UIViewController()
        window.rootViewController = controller
        screen.show(window)
        controller.view.addSubview(view)
        screen.advance(by: 1.0 / 60)
        return (view, screen)
    }

    func center(_ view: UICollectionView, _ item: Int) -> CGPoint {
        let frame = view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame
        return view.convert(CGPoint(x: frame.midX, y: frame.midY), to: nil)
    }

    @Test("Dragging a tile onto another inside the grid moves it there through moveItemAt")
    func reorder() {
        let source = TileSource((0 ..< 12).map { "Tile \($0)" })
        source.proposal = { session in
            UICollectionViewDropProposal(operation: session.localDragSession != nil ? .move : .copy,
                                         intent: .insertAtDestinationIndexPath)
        }
        let (view, screen) = grid(source)
        #expect(!UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout()).dragInteractionEnabled,
                "off by default on a phone")
        let start = center(view, 1), end = center(view, 6)
        let finger = screen.touchDown(at: start)
        screen.advance(by: 0.6)
        #expect(source.log == ["begin 1"])
        #expect(view.hasActiveDrag && view.hasActiveDrop)
        for step in 1 ... 10 {
            let t = CGFloat(step) / 10
            screen.moveTouch(finger, to: CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
            screen.advance(by: 1.0 / 60)
        }
        let drag = view.window?.activeDrag
        #expect(drag.map { abs($0.previewFrame.midX - end.x) < 1 && abs($0.previewFrame.midY - end.y) < 1 } == true,
                "the picture follows the finger")
        screen.liftTouch(finger)
        screen.advance(by: 0.6)
        #expect(source.log.contains("move 1->6"))
        #expect(!source.log.contains("perform"))
        #expect(source.tiles[6] == "Tile 1")
        #expect(source.log.last == "didEnd")
        #expect(view.window?.subviews.contains { $0 is DragPresentation } == false)
        #expect(!view.hasActiveDrag && !view.hasActiveDrop)
    }

    @Test("Dragging a tile inside the grid opens a gap where it would land, the tiles between stepping aside frame by frame; leaving the grid closes it")
    func gapOpensAndCloses() throws {
        let source = TileSource((0 ..< 12).map { "Tile \($0)" })
        let (view, screen) = grid(source)
        source.proposal = { [unowned view] session in
            session.location(in: view).y > 470 ? UICollectionViewDropProposal(operation: .forbidden)
                : UICollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
        }
        let slots = (0 ..< 12).map { view.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        let cells = (0 ..< 12).map { view.cellForItem(at: IndexPath(item: $0, section: 0))! }
        let start = center(view, 1), end = center(view, 3)
        let finger = screen.touchDown(at: start)
        screen.advance(by: 0.6)
        var middles = 0
        for step in 1 ... 24 {
            let t = min(1, CGFloat(step) / 8)
            screen.moveTouch(finger, to: CGPoint(x: start.x + (end.x - start.x) * t, y: start.y))
            screen.advance(by: 1.0 / 60)
            let x = cells[2].presentedFrame.minX
            #expect(x >= slots[1].minX - 0.5 && x <= slots[2].minX + 0.5, "tile 2 stays between its slot and the next one back")
            if x > slots[1].minX + 1 && x < slots[2].minX - 1 { middles += 1 }
            #expect(cells[1].isHidden || step < 2, "the dragged tile's slot is the gap")
        }
        #expect(middles > 3, "tile 2 slides over several frames")
        #expect(cells[2].frame == slots[1] && cells[3].frame == slots[2], "tiles 2 and 3 stepped back")
        #expect(cells[1].frame == slots[3] && cells[1].isHidden, "the gap is at slot 3")
        #expect(cells[4].frame == slots[4], "the tiles after the gap stay")
        #expect(source.log == ["begin 1"], "the data source hears nothing yet")
        #expect(view.hasUncommittedUpdates, "tiles moved aside for the drop: not the data source's order")

        // Off the bottom, where the proposal forbids: the gap closes, animated.
        screen.moveTouch(finger, to: CGPoint(x: end.x, y: 475))
        screen.advance(by: 1.0 / 60)
        screen.advance(by: 0.1)
        #expect(cells[2].presentedFrame.minX > slots[1].minX + 1 && cells[2].presentedFrame.minX < slots[2].minX - 1, "closing")
        screen.advance(by: 0.5)
        #expect(cells[2].frame == slots[2] && cells[1].frame == slots[1] && !cells[1].isHidden)
        #expect(!view.hasUncommittedUpdates, "the gap closed")

        // Back over tile 3, and let go: the tile moves into the gap, once.
        screen.moveTouch(finger, to: end)
        screen.advance(by: 0.5)
        screen.liftTouch(finger)
        screen.advance(by: 0.6)
        #expect(source.log == ["begin 1", "move 1->3", "didEnd"])
        #expect(source.tiles[3] == "Tile 1")
        #expect(cells[1].frame == slots[3] && !cells[1].isHidden)
    }

    @Test("A drag let go where nothing takes it closes its gap: every tile back in its slot, the data source untouched")
    func cancelledDragClosesGap() throws {
        let source = TileSource((0 ..< 8).map { "Tile \($0)" })
        let (view, screen) = grid(source)
        source.proposal = { [unowned view] session in
            session.location(in: view).y > 470 ? UICollectionViewDropProposal(operation: .cancel)
                : UICollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
        }
        let slots = (0 ..< 8).map { view.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        let cells = (0 ..< 8).map { view.cellForItem(at: IndexPath(item: $0, section: 0))! }
        let finger = screen.touchDown(at: center(view, 0))
        screen.advance(by: 0.6)
        screen.moveTouch(finger, to: center(view, 2))
        screen.advance(by: 0.5)
        #expect(cells[0].isHidden && cells[0].frame == slots[2])
        screen.moveTouch(finger, to: CGPoint(x: 100, y: 475))
        screen.advance(by: 1.0 / 60)
        screen.liftTouch(finger)
        screen.advance(by: 1.0)
        #expect(zip(cells, slots).allSatisfy { $0.frame == $1 && !$0.isHidden })
        #expect(!source.log.contains { $0.hasPrefix("move") })
    }

    @Test("Text dropped from outside the app is inserted where it lands; a proposal of cancel takes nothing")
    func externalDrop() async {
        let source = TileSource(["A", "B", "C"])
        let (view, screen) = grid(source)
        #expect(screen.drop(text: "Z", at: center(view, 1)) == .cancel, "no proposal: UIKit's default cancel")
        source.proposal = { session in
            UICollectionViewDropProposal(operation: session.canLoadObjects(ofClass: String.self) ? .copy : .forbidden,
                                         intent: .insertAtDestinationIndexPath)
        }
        // Left half of tile B: before it.
        let b = center(view, 1)
        #expect(screen.drop(text: "Z", at: CGPoint(x: b.x - 20, y: b.y)) == .copy)
        await screen.advance(by: 0)
        await screen.advance(by: 0.5)
        #expect(source.tiles == ["A", "Z", "B", "C"])
        #expect(view.numberOfItems(inSection: 0) == 4)
    }

    @Test("A reload mid-drag makes the drop a plain one: no moveItemAt with a stale index path")
    func reloadMidDrag() {
        let source = TileSource((0 ..< 8).map { "Tile \($0)" })
        source.proposal = { _ in UICollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath) }
        let (view, screen) = grid(source)
        let finger = screen.touchDown(at: center(view, 7))
        screen.advance(by: 0.6)
        source.tiles = ["Only"]
        view.reloadData()
        screen.moveTouch(finger, to: center(view, 0))
        screen.advance(by: 1.0 / 60)
        screen.liftTouch(finger)
        screen.advance(by: 0.6)
        #expect(!source.log.contains { $0.hasPrefix("move") })
        #expect(source.log.contains("perform"))
        #expect(source.log.last == "didEnd")
    }
}
