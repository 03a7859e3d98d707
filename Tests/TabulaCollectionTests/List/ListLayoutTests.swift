import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A list of `rows` titled "Row n" in each section, in list cells with `accessories`.
@MainActor
final class ListSource: NSObject, UICollectionViewDataSource, UITableViewDataSource {
    var rows: [Int]
    var accessories: [UICellAccessory] = []
    init(_ rows: [Int]) { self.rows = rows }

    func numberOfSections(in collectionView: UICollectionView) -> Int { rows.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { rows[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! UICollectionViewListCell
        var content = cell.defaultContentConfiguration()
        content.text = "Row \(indexPath.item)"
        cell.contentConfiguration = content
        cell.accessories = accessories
        return cell
    }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "title", for: indexPath)
    }

    func numberOfSections(in tableView: UITableView) -> Int { rows.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        content.text = "Row \(indexPath.row)"
        cell.contentConfiguration = content
        return cell
    }
}

@MainActor var keptListSources: [ListSource] = []

@MainActor
func showList(_ source: ListSource, _ configuration: UICollectionLayoutListConfiguration, size: CGSize = CGSize(width: 320, height: 480))
    -> (UICollectionView, HeadlessScreen) {
    keptListSources.append(source)
    let view = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
    view.contentInsetAdjustmentBehavior = .never
    view.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "row")
    view.register(TitleHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "title")
    view.dataSource = source
    let (screen, root) = makeScreen(width: size.width, height: size.height, scale: 1)
    root.addSubview(view)
    screen.advance(by: 1.0 / 60)
    return (view, screen)
}

@MainActor
@Suite("List layout and list cells")
struct ListLayoutTests {
    @Test("an inset-grouped list's rows stand where the table's do across, and look the same")
    func insetGroupedLikeTable() throws {
        let source = ListSource([3])
        let (list, listScreen) = showList(source, UICollectionLayoutListConfiguration(appearance: .insetGrouped))
        defer { withExtendedLifetime(listScreen) {} }
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .insetGrouped)
        table.contentInsetAdjustmentBehavior = .never
        table.dataSource = source
        let (tableScreen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(table)
        tableScreen.advance(by: 1.0 / 60)
        let row = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0))?.frame)
        let item = try #require(list.cellForItem(at: IndexPath(item: 1, section: 0))?.frame)
        #expect(item.minX == row.minX && item.width == row.width && item.height == row.height, "list \(item), table \(row)")
        #expect(list.backgroundColor == table.backgroundColor)
        // The middle row, pixel for pixel (its text, background and separator).
        writeForLooking(listScreen.snapshot(), "list-insetgrouped")
        writeForLooking(tableScreen.snapshot(), "table-insetgrouped")
        let a = listScreen.snapshot().cgImage!, b = tableScreen.snapshot().cgImage!
        var differing = 0, total = 0
        for y in 0 ..< Int(row.height) {
            for x in 0 ..< 320 {
                total += 1
                let p = a.pixel(x: x, y: Int(item.minY) + y), q = b.pixel(x: x, y: Int(row.minY) + y)
                if abs(Int(p.red) - Int(q.red)) > 8 || abs(Int(p.green) - Int(q.green)) > 8 || abs(Int(p.blue) - Int(q.blue)) > 8 {
                    differing += 1
                }
            }
        }
        #expect(differing * 100 < total, "\(differing) of \(total) pixels differ")
        // The first and last rows are the card's rounded ends; the last has no separator.
        let first = try #require(list.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell)
        let last = try #require(list.cellForItem(at: IndexPath(item: 2, section: 0)) as? UICollectionViewListCell)
        #expect(first.layer.cornerRadius == 10 && first.layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        #expect(last.separatorView.isHidden && !first.separatorView.isHidden)
    }

    @Test("plain lists run edge to edge; showsSeparators false hides every separator")
    func plainList() throws {
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        configuration.showsSeparators = false
        let (list, screen) = showList(ListSource([5]), configuration)
        defer { withExtendedLifetime(screen) {} }
        let cell = try #require(list.cellForItem(at: IndexPath(item: 2, section: 0)) as? UICollectionViewListCell)
        #expect(cell.frame == CGRect(x: 0, y: 88, width: 320, height: 44))
        #expect(cell.separatorView.isHidden)
        #expect(list.backgroundColor == .systemBackground)
    }

    @Test("a plain list's supplementary headers pin to the top")
    func plainHeadersPin() throws {
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .supplementary
        let (list, screen) = showList(ListSource([20, 20]), configuration)
        defer { withExtendedLifetime(screen) {} }
        list.contentOffset = CGPoint(x: 0, y: 300)
        screen.advance(by: 1.0 / 60)
        let header = try #require(list.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0)))
        #expect(header.frame.minY == 300)
        #expect(list.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minY == 28, "rows start under the header")
    }

    @Test("accessories stand at the trailing edge, the content gives them room; delete leads while editing")
    func accessoriesPlaced() throws {
        let source = ListSource([2])
        source.accessories = [.label(text: "On"), .disclosureIndicator(), .delete()]
        let (list, screen) = showList(source, UICollectionLayoutListConfiguration(appearance: .insetGrouped))
        defer { withExtendedLifetime(screen) {} }
        let cell = try #require(list.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell)
        #expect(cell.accessoryViews.count == 2, "the delete control shows only while editing")
        let chevron = cell.accessoryViews[1].view, label = cell.accessoryViews[0].view
        #expect(chevron.frame.maxX == cell.bounds.width - 16)
        #expect(label.frame.maxX == chevron.frame.minX - 16)
        #expect(cell.contentView.frame.maxX <= label.frame.minX)
        #expect(abs(chevron.frame.midY - cell.bounds.midY) <= 0.5)
        cell.isEditing = true
        cell.layoutIfNeeded()
        let delete = try #require(cell.accessoryViews.first { $0.accessory.isLeading }?.view)
        #expect(delete.frame.minX == 16)
        #expect(cell.contentView.frame.minX == delete.frame.maxX)
        // The chevron (a new view since the accessories were remade) is drawn: grey ink at its place.
        let drawn = cell.accessoryViews[1].view
        #expect(drawn.frame.maxX == cell.bounds.width - 16)
        screen.advance(by: 1.0 / 60)
        writeForLooking(screen.snapshot(), "list-accessories")
        let image = screen.snapshot().cgImage!
        let c = drawn.convert(drawn.bounds, to: nil)
        let inked = (Int(c.minX) ..< Int(c.maxX)).contains { x in (Int(c.minY) ..< Int(c.maxY)).contains { image.pixel(x: x, y: $0).red < 220 } }
        #expect(inked)
    }

    @Test("swiping a row left reveals the trailing actions; a tap runs one and the row closes; a vertical drag still scrolls")
    func swipeActions() throws {
        var ran: [String] = []
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        configuration.trailingSwipeActionsConfigurationProvider = { indexPath in
            guard indexPath.item != 0 else { return nil }
            let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in
                ran.append("delete \(indexPath.item)")
                done(true)
            }
            let configuration = UISwipeActionsConfiguration(actions: [delete])
            configuration.performsFirstActionWithFullSwipe = false
            return configuration
        }
        let (list, screen) = showList(ListSource([30]), configuration)
        defer { withExtendedLifetime(screen) {} }
        let cell = try #require(list.cellForItem(at: IndexPath(item: 2, section: 0)) as? UICollectionViewListCell)
        let y = cell.frame.midY
        screen.drag(from: CGPoint(x: 300, y: y), to: CGPoint(x: 150, y: y), duration: 0.3)
        screen.advance(by: 0.5)
        let actions = try #require(cell.swipe?.actionsView)
        #expect(cell.bounds.minX >= 74 && cell.bounds.minX == actions.bounds.width, "the content moved left by the button's width")
        #expect(actions.convert(actions.bounds, to: cell).maxX == cell.bounds.maxX)
        writeForLooking(screen.snapshot(), "list-swiped")
        screen.tap(at: CGPoint(x: 320 - 37, y: y))
        screen.advance(by: 0.5)
        #expect(ran == ["delete 2"])
        #expect(cell.swipe == nil && cell.bounds.minX == 0 && actions.superview == nil)
        // Row 0 has no actions: the drag does not open it.
        let first = try #require(list.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell)
        screen.drag(from: CGPoint(x: 300, y: first.frame.midY), to: CGPoint(x: 150, y: first.frame.midY), duration: 0.3)
        screen.advance(by: 0.5)
        #expect(first.swipe == nil && first.bounds.minX == 0)
        // Open row 3 again, then scroll: the row closes and the list scrolls.
        let fourth = try #require(list.cellForItem(at: IndexPath(item: 3, section: 0)) as? UICollectionViewListCell)
        screen.drag(from: CGPoint(x: 300, y: fourth.frame.midY), to: CGPoint(x: 150, y: fourth.frame.midY), duration: 0.3)
        screen.advance(by: 0.5)
        #expect(fourth.swipe != nil)
        screen.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 100), duration: 0.4)
        screen.advance(by: 1)
        #expect(list.contentOffset.y > 200)
        #expect(fourth.swipe == nil && fourth.bounds.minX == 0)
    }

    @Test("a list cell's default content configuration is the list's cell style")
    func defaultConfiguration() {
        let cell = UICollectionViewListCell(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        #expect(cell.defaultContentConfiguration() == UIListContentConfiguration.cell())
    }
}
