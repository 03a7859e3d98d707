import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaCollection
import TabulaUIKitTestSupport

/// A cell showing the number of its item.
final class MovableCell: UICollectionViewCell {
    var number = -1
}

/// Numbered items in sections that can be moved; logs the moves and every index path a
/// cell is asked for.
@MainActor
final class MovableSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegate {
    var sections: [[Int]]
    var log: [String] = []
    var asked: [IndexPath] = []
    var fixed: Set<Int> = []
    /// Steers moves (the delegate's iOS 15 method); nil takes the proposal.
    var steer: ((IndexPath) -> IndexPath)?
    /// Whether `moveItemAt` updates the model (false plays a careless data source).
    var followsMoves = true

    init(_ sections: [[Int]]) { self.sections = sections }

    func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        asked.append(indexPath)
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! MovableCell
        cell.number = sections[indexPath.section][indexPath.item]
        return cell
    }
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        !fixed.contains(sections[indexPath.section][indexPath.item])
    }
    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        log.append("move \(sourceIndexPath.tableDescription)->\(destinationIndexPath.tableDescription)")
        guard followsMoves else { return }
        let number = sections[sourceIndexPath.section].remove(at: sourceIndexPath.item)
        sections[destinationIndexPath.section].insert(number, at: destinationIndexPath.item)
    }
    func collectionView(_ collectionView: UICollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
                        atCurrentIndexPath currentIndexPath: IndexPath, toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath {
        steer?(proposedIndexPath) ?? proposedIndexPath
    }
}

@MainActor
@Suite("Interactive movement")
struct InteractiveMovementTests {
    /// A 320-point-wide grid of 70-point tiles, four to a row, 80 points apart, on a screen
    /// `height` points tall.
    func grid(_ source: MovableSource, height: CGFloat = 480) -> (UICollectionView, HeadlessScreen) {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 70, height: 70)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: height), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        view.register(MovableCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = source
        view.delegate = source
        let (screen, root) = makeScreen(width: 320, height: height, scale: 1)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        return (view, screen)
    }

    func slot(_ view: UICollectionView, _ item: Int, section: Int = 0) -> CGRect {
        view.layoutAttributesForItem(at: IndexPath(item: item, section: section))!.frame
    }

    func cell(_ view: UICollectionView, showing number: Int) -> MovableCell? {
        view.visibleCells.lazy.compactMap { $0 as? MovableCell }.first { $0.number == number }
    }

    /// The numbers shown, in item order, of section 0's cells on screen.
    func shown(_ view: UICollectionView) -> [Int] {
        view.indexPathsForVisibleItems.sorted().map { (view.cellForItem(at: $0) as! MovableCell).number }
    }

    @Test("The held item follows the position in every frame while the items between step aside, animated; the end moves it in the data source once")
    func followsAndStepsAside() throws {
        let source = MovableSource([Array(0 ..< 12)])
        let (view, screen) = grid(source)
        let slots = (0 ..< 12).map { slot(view, $0) }
        #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        let held = try #require(cell(view, showing: 1))
        let two = try #require(cell(view, showing: 2))
        let target = CGPoint(x: slots[6].midX + 7, y: slots[6].midY + 9)
        view.updateInteractiveMovementTargetPosition(target)
        #expect(shown(view) == [0, 2, 3, 4, 5, 6, 1, 7, 8, 9, 10, 11], "shown as if already moved")
        #expect(source.log.isEmpty, "the data source hears of the move only at the end")
        #expect(held.layer.zPosition > two.layer.zPosition, "the held item is above the others")
        var middles = 0
        for _ in 0 ..< 18 {
            screen.advance(by: 1.0 / 60)
            #expect(held.presentedFrame.midX == target.x && held.presentedFrame.midY == target.y, "under the position in every frame")
            let x = two.presentedFrame.minX
            if x < slots[2].minX - 1 && x > slots[1].minX + 1 { middles += 1 }
            #expect(x <= slots[2].minX + 0.5 && x >= slots[1].minX - 0.5, "item 2 moves only between its old and new slot")
        }
        #expect(middles > 3, "item 2 slides into slot 1 over several frames")
        #expect(two.frame == slots[1])
        view.endInteractiveMovement()
        #expect(source.log == ["move [0, 1]->[0, 6]"])
        #expect(source.sections[0] == [0, 2, 3, 4, 5, 6, 1, 7, 8, 9, 10, 11])
        screen.advance(by: 1.0 / 60)
        screen.advance(by: 0.1)
        let settling = held.presentedFrame
        #expect(settling.minX < slots[6].minX + 6.5 && settling.minX > slots[6].minX + 0.5
                && settling.minY < slots[6].minY + 8.5 && settling.minY > slots[6].minY + 0.5, "settling, on its way: \(settling)")
        screen.advance(by: 0.5)
        #expect(held.frame == slots[6] && held.presentedFrame == slots[6], "settled into its slot")
        #expect(held.layer.zPosition == two.layer.zPosition)
    }

    @Test("Cells coming on screen mid-movement are asked of the data source at the index paths it still knows")
    func dataSourceAskedAtItsOwnPaths() throws {
        let source = MovableSource([Array(0 ..< 16)])
        let (view, screen) = grid(source, height: 160)
        #expect(shown(view) == Array(0 ..< 8))
        source.asked = []
        #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 9, section: 0)), "an item off screen can be held")
        view.updateInteractiveMovementTargetPosition(CGPoint(x: slot(view, 2).midX, y: slot(view, 2).midY))
        screen.advance(by: 0.5)
        #expect(source.asked == [IndexPath(item: 9, section: 0)], "the held item, shown at 2, is asked at 9")
        #expect(shown(view) == [0, 1, 9, 2, 3, 4, 5, 6])
        source.asked = []
        view.setContentOffset(CGPoint(x: 0, y: 80), animated: false)
        screen.advance(by: 1.0 / 60)
        #expect(source.asked.sorted() == [7, 8, 10, 11].map { IndexPath(item: $0, section: 0) },
                "shown at 8 to 11, these are the data source's 7, 8, 10 and 11: \(source.asked)")
        #expect(shown(view) == [9, 3, 4, 5, 6, 7, 8, 10, 11], "the held item stays shown though it is off screen")
        view.endInteractiveMovement()
        screen.advance(by: 0.5)
        #expect(source.log == ["move [0, 9]->[0, 2]"])
        #expect(source.sections[0].prefix(12) == [0, 1, 9, 2, 3, 4, 5, 6, 7, 8, 10, 11])
        #expect(shown(view) == [3, 4, 5, 6, 7, 8, 10, 11], "the moved item settled off screen and left")
    }

    @Test("Cancelling puts every item back, animated, and tells the data source nothing")
    func cancelPutsBack() throws {
        let source = MovableSource([Array(0 ..< 8)])
        let (view, screen) = grid(source)
        let slots = (0 ..< 8).map { slot(view, $0) }
        view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: slots[3].midX, y: slots[3].midY))
        screen.advance(by: 0.5)
        let held = try #require(cell(view, showing: 0)), three = try #require(cell(view, showing: 3))
        #expect(three.frame == slots[2])
        view.cancelInteractiveMovement()
        screen.advance(by: 1.0 / 60)
        screen.advance(by: 0.1)
        #expect(held.presentedFrame.minX < slots[3].minX && held.presentedFrame.minX > slots[0].minX, "on its way back")
        screen.advance(by: 0.5)
        #expect(held.frame == slots[0] && three.frame == slots[3])
        #expect(source.log.isEmpty)
        #expect(shown(view) == Array(0 ..< 8))
    }

    @Test("Selection follows the items the held one pushes aside")
    func selectionFollows() {
        let source = MovableSource([Array(0 ..< 8)])
        let (view, screen) = grid(source)
        view.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: slot(view, 4).midX, y: slot(view, 4).midY))
        screen.advance(by: 0.5)
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        view.endInteractiveMovement()
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect((view.cellForItem(at: IndexPath(item: 1, section: 0)) as? MovableCell)?.number == 2)
    }

    @Test("Between sections: the held item joins the other section, and the delegate can steer it")
    func acrossSectionsAndSteered() throws {
        let source = MovableSource([[0, 1, 2], [10, 11, 12]])
        let (view, screen) = grid(source)
        view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0))
        let over = slot(view, 1, section: 1)
        view.updateInteractiveMovementTargetPosition(CGPoint(x: over.midX, y: over.midY))
        screen.advance(by: 0.5)
        #expect(view.numberOfItems(inSection: 0) == 2 && view.numberOfItems(inSection: 1) == 4)
        view.endInteractiveMovement()
        #expect(source.sections == [[1, 2], [10, 0, 11, 12]])
        screen.advance(by: 0.5)

        source.steer = { proposed in IndexPath(item: max(proposed.item, 2), section: proposed.section) }
        view.beginInteractiveMovementForItem(at: IndexPath(item: 3, section: 1))
        let first = slot(view, 0, section: 1)
        view.updateInteractiveMovementTargetPosition(CGPoint(x: first.midX, y: first.midY))
        view.endInteractiveMovement()
        #expect(source.sections[1] == [10, 0, 12, 11], "the delegate kept it at index 2 or later")
    }

    @Test("Careless calls are reported and change nothing: out of turn, twice, not finite, steered nowhere, a fixed item")
    func carelessCalls() {
        let source = MovableSource([Array(0 ..< 8)])
        source.fixed = [5]
        let (view, screen) = grid(source)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        view.updateInteractiveMovementTargetPosition(.zero)
        view.endInteractiveMovement()
        view.cancelInteractiveMovement()
        #expect(reports.count == 3 && reports.allSatisfy { $0.contains("no item is being moved") }, "\(reports)")
        reports = []
        #expect(!view.beginInteractiveMovementForItem(at: IndexPath(item: 5, section: 0)), "canMoveItemAt says no")
        #expect(!view.beginInteractiveMovementForItem(at: IndexPath(item: 50, section: 0)))
        #expect(reports.count == 1 && reports[0].contains("[0, 50]"), "\(reports)")
        reports = []
        #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        #expect(!view.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: CGFloat.nan, y: 10))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: CGFloat.infinity))
        source.steer = { _ in IndexPath(item: Int.max, section: 7) }
        view.updateInteractiveMovementTargetPosition(CGPoint(x: slot(view, 3).midX, y: slot(view, 3).midY))
        #expect(reports.count == 4, "\(reports)")
        #expect(reports.last?.contains("stays at [0, 0]") == true, "\(reports)")
        view.endInteractiveMovement()
        #expect(source.log.isEmpty && source.sections[0] == Array(0 ..< 8))
        screen.advance(by: 0.5)
        #expect(shown(view) == Array(0 ..< 8))
    }

    @Test("Data changed mid-movement: the item goes back first (reported), then the update applies; a data source that does not follow its move is reloaded")
    func dataChangesMidMovement() {
        let source = MovableSource([[0, 1, 2, 3], [10, 11]])
        let (view, screen) = grid(source)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0))
        let over = slot(view, 0, section: 1)
        view.updateInteractiveMovementTargetPosition(CGPoint(x: over.midX, y: over.midY))
        screen.advance(by: 0.1)
        source.sections[1].append(12)
        view.insertItems(at: [IndexPath(item: 2, section: 1)])
        #expect(reports.count == 1 && reports[0].contains("performBatchUpdates"), "\(reports)")
        screen.advance(by: 0.5)
        #expect(view.numberOfItems(inSection: 0) == 4 && view.numberOfItems(inSection: 1) == 3)
        #expect(shown(view) == [0, 1, 2, 3, 10, 11, 12])
        view.endInteractiveMovement()
        #expect(reports.count == 2, "ending after the movement was cancelled is out of turn: \(reports)")

        reports = []
        source.followsMoves = false
        view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: over.midX, y: over.midY))
        view.endInteractiveMovement()
        #expect(reports.count == 1 && reports[0].contains("reloads"), "\(reports)")
        screen.advance(by: 0.5)
        #expect(shown(view) == [0, 1, 2, 3, 10, 11, 12], "what shows is what the data source has")
    }

    @Test("Held near the bottom edge, the view scrolls and the held item goes along")
    func scrollsAtTheEdge() {
        let source = MovableSource([Array(0 ..< 40)])
        let (view, screen) = grid(source, height: 300)
        view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0))
        view.updateInteractiveMovementTargetPosition(CGPoint(x: 35, y: 290))
        for _ in 0 ..< 30 { screen.advance(by: 1.0 / 60) }
        #expect(view.contentOffset.y > 100, "scrolled \(view.contentOffset.y)")
        let position = view.interactiveMovement?.position
        #expect(position.map { abs($0.y - view.contentOffset.y - 290) < 0.5 } == true, "the position stays under the still finger")
        view.endInteractiveMovement()
        #expect(source.log.first.map { !$0.hasSuffix("[0, 0]") } == true, "it landed further down: \(source.log)")
        let offset = view.contentOffset.y
        screen.advance(by: 0.5)
        #expect(view.contentOffset.y == offset, "the scrolling stops with the movement")
    }
}

/// A collection view controller of 8 tiles that can be moved.
@MainActor
final class MovingTilesController: UICollectionViewController {
    var numbers = Array(0 ..< 8)
    var moves: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(MovableCell.self, forCellWithReuseIdentifier: "cell")
        collectionView.contentInsetAdjustmentBehavior = .never
    }
    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { numbers.count }
    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! MovableCell
        cell.number = numbers[indexPath.item]
        return cell
    }
    override func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
    override func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        moves.append("\(sourceIndexPath.item)->\(destinationIndexPath.item)")
        numbers.insert(numbers.remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
    }
}

@MainActor
@Suite("Moving items by touch")
struct MovingByTouchTests {
    func show(_ controller: UIViewController) -> HeadlessScreen {
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480), scale: 1)
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 1.0 / 60)
        return screen
    }

    func drag(_ screen: HeadlessScreen, from start: CGPoint, to end: CGPoint, hold: TimeInterval, steps: Int = 12) {
        let finger = screen.touchDown(at: start)
        screen.advance(by: hold)
        for step in 1 ... steps {
            let t = CGFloat(step) / CGFloat(steps)
            screen.moveTouch(finger, to: CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
            screen.advance(by: 1.0 / 60)
        }
        screen.liftTouch(finger)
        screen.advance(by: 0.5)
    }

    @Test("A collection view controller's standard long press picks a tile up and moves it; without the gesture, nothing moves")
    func standardGesture() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 70, height: 70)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        let controller = MovingTilesController(collectionViewLayout: layout)
        let screen = show(controller)
        let view = try #require(controller.collectionView)
        let from = view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.center
        let to = view.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))!.center
        drag(screen, from: view.convert(from, to: nil), to: view.convert(to, to: nil), hold: 0.6)
        #expect(controller.moves == ["0->5"])
        #expect(controller.numbers == [1, 2, 3, 4, 5, 0, 6, 7])
        #expect((view.cellForItem(at: IndexPath(item: 5, section: 0)) as? MovableCell)?.number == 0)

        controller.installsStandardGestureForInteractiveMovement = false
        drag(screen, from: view.convert(from, to: nil), to: view.convert(to, to: nil), hold: 0.6)
        #expect(controller.moves == ["0->5"], "no second move")
    }

    @Test("In an editing list, the reorder grip moves its row along the list, frame by frame, through the diffable data source's reordering handlers")
    func listReorderGrip() throws {
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        configuration.showsSeparators = true
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480),
                                    collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
        view.contentInsetAdjustmentBehavior = .never
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, name in
            var content = cell.defaultContentConfiguration()
            content.text = name
            cell.contentConfiguration = content
            cell.accessories = [.reorder()]
        }
        let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: view) { view, path, name in
            view.dequeueConfiguredReusableCell(using: registration, for: path, item: name)
        }
        var reordered: [[String]] = []
        dataSource.reorderingHandlers.canReorderItem = { $0 != "Locked" }
        dataSource.reorderingHandlers.didReorder = { transaction in reordered.append(transaction.finalSnapshot.itemIdentifiers) }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Apples", "Bread", "Cheese", "Dates", "Eggs", "Locked"])
        dataSource.apply(snapshot, animatingDifferences: false)
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        view.isEditing = true
        screen.advance(by: 0.5)

        let apples = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell)
        let bread = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)))
        let grip = try #require(apples.accessoryViews.first { ($0.view as? ListAccessoryGlyph)?.kind == .reorder }?.view)
        let rowHeight = apples.frame.height, startFrame = apples.frame, breadFrame = bread.frame
        let start = grip.convert(CGPoint(x: grip.bounds.midX, y: grip.bounds.midY), to: nil)
        let finger = screen.touchDown(at: start)
        screen.advance(by: 1.0 / 60)
        var breadMiddles = 0
        for step in 1 ... 20 {
            // Down two and a half rows, wandering sideways.
            screen.moveTouch(finger, to: CGPoint(x: start.x - CGFloat(step), y: start.y + rowHeight * 2.2 * CGFloat(step) / 20))
            screen.advance(by: 1.0 / 60)
            #expect(apples.presentedFrame.minX == startFrame.minX, "the row moves along the list only")
            #expect(abs(apples.presentedFrame.minY - (startFrame.minY + rowHeight * 2.2 * CGFloat(step) / 20)) < 0.5,
                    "the row follows the finger")
            let y = bread.presentedFrame.minY
            if y < breadFrame.minY - 1 && y > startFrame.minY + 1 { breadMiddles += 1 }
        }
        #expect(breadMiddles > 2, "Bread slides up into the first row over several frames")
        #expect(view.scrollView(isScrolled: false), "the list did not scroll")
        screen.liftTouch(finger)
        screen.advance(by: 0.5)
        #expect(reordered == [["Bread", "Cheese", "Apples", "Dates", "Eggs", "Locked"]])
        #expect(dataSource.snapshot().itemIdentifiers == ["Bread", "Cheese", "Apples", "Dates", "Eggs", "Locked"])
        #expect(apples.frame.minY == startFrame.minY + 2 * rowHeight, "settled in the third row")

        let locked = try #require(view.cellForItem(at: IndexPath(item: 5, section: 0)) as? UICollectionViewListCell)
        let lockedGrip = try #require(locked.accessoryViews.first { ($0.view as? ListAccessoryGlyph)?.kind == .reorder }?.view)
        let lockedStart = lockedGrip.convert(CGPoint(x: lockedGrip.bounds.midX, y: lockedGrip.bounds.midY), to: nil)
        drag(screen, from: lockedStart, to: CGPoint(x: lockedStart.x, y: lockedStart.y - 3 * rowHeight), hold: 0)
        #expect(reordered.count == 1, "the locked row does not move")
    }
}

private extension UICollectionView {
    func scrollView(isScrolled: Bool) -> Bool { (contentOffset.y != 0) == isScrolled }
}
