import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

@MainActor
@Suite("Open swipe actions close on a tap")
struct ListSwipeTapTests {
    func swipeList(rows: Int = 20) -> (UICollectionView, HeadlessScreen, EditingDelegate) {
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        configuration.trailingSwipeActionsConfigurationProvider = { _ in
            UISwipeActionsConfiguration(actions: [UIContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }])
        }
        let (list, screen) = showList(ListSource([rows]), configuration)
        let delegate = EditingDelegate()
        list.delegate = delegate
        return (list, screen, delegate)
    }

    func open(_ list: UICollectionView, _ screen: HeadlessScreen, _ item: Int) throws -> UICollectionViewListCell {
        let cell = try #require(list.cellForItem(at: IndexPath(item: item, section: 0)) as? UICollectionViewListCell)
        screen.drag(from: CGPoint(x: 300, y: cell.frame.midY), to: CGPoint(x: 150, y: cell.frame.midY), duration: 0.3)
        screen.advance(by: 0.5)
        #expect(cell.swipe != nil, "row \(item) is open")
        return cell
    }

    @Test("a tap on another row closes the open row and selects nothing; the next tap selects")
    func tapOtherRowCloses() throws {
        let (list, screen, delegate) = swipeList()
        let row = try open(list, screen, 3)
        let buttons = try #require(row.openSwipeActionsView)
        let other = CGPoint(x: 160, y: 44 * 6 + 22)
        screen.tap(at: other)
        #expect(row.swipe == nil, "closing")
        screen.advance(by: 0.1)
        #expect(row.layer.presentation().map { $0.bounds.minX > 0 && $0.bounds.minX < 74 } ?? false, "sliding back")
        screen.advance(by: 0.4)
        #expect(row.bounds.minX == 0 && buttons.superview == nil)
        #expect(delegate.log.isEmpty && list.indexPathsForSelectedItems == nil)
        screen.tap(at: other)
        #expect(delegate.log == ["select 6"])
    }

    @Test("a tap on a button in another row only closes the open row; closed, the button works")
    func tapOnAButtonOnlyCloses() throws {
        let (list, screen, _) = swipeList()
        var pressed = 0
        let target = try #require(list.cellForItem(at: IndexPath(item: 6, section: 0)))
        let button = UIButton(type: .system)
        button.setTitle("Check", for: .normal)
        button.frame = CGRect(x: 10, y: 4, width: 80, height: 36)
        button.addAction(UIAction { _ in pressed += 1 }, for: .touchUpInside)
        target.contentView.addSubview(button)
        let point = button.convert(CGPoint(x: 40, y: 18), to: nil)
        let row = try open(list, screen, 3)
        screen.tap(at: point)
        screen.advance(by: 0.5)
        #expect(pressed == 0 && row.swipe == nil, "the tap closed the row and pressed nothing")
        screen.tap(at: point)
        #expect(pressed == 1)
    }

    @Test("a tap on the open row's content closes it; so does a tap in the empty space below the rows")
    func tapSameRowOrEmptySpace() throws {
        let (list, screen, delegate) = swipeList(rows: 3)
        let row = try open(list, screen, 2)
        screen.tap(at: CGPoint(x: 40, y: row.frame.midY))
        screen.advance(by: 0.5)
        #expect(row.swipe == nil && row.bounds.minX == 0)
        #expect(delegate.log.isEmpty)
        let first = try open(list, screen, 0)
        #expect(list.indexPathForItem(at: CGPoint(x: 160, y: 300)) == nil)
        screen.tap(at: CGPoint(x: 160, y: 300))
        screen.advance(by: 0.5)
        #expect(first.swipe == nil && first.bounds.minX == 0)
        #expect(delegate.log.isEmpty)
    }
}
