import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

@Suite("Swipe actions and menus")
@MainActor
struct SwipeAndMenuTests {
    /// Trailing "Flag" and "Delete"; leading "Read"; each logs and completes.
    func actions(_ source: InteractionSource) {
        source.trailingActions = { indexPath in
            let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in
                source.log.append("Delete \(indexPath.tableDescription)")
                done(true)
            }
            let flag = UIContextualAction(style: .normal, title: "Flag") { _, _, done in
                source.log.append("Flag \(indexPath.tableDescription)")
                done(true)
            }
            flag.backgroundColor = .systemOrange
            return UISwipeActionsConfiguration(actions: [delete, flag])
        }
        source.leadingActions = { indexPath in
            let read = UIContextualAction(style: .normal, title: "Read") { _, _, done in
                source.log.append("Read \(indexPath.tableDescription)")
                done(true)
            }
            read.backgroundColor = .systemBlue
            return UISwipeActionsConfiguration(actions: [read])
        }
    }

    @Test("a left swipe opens the trailing actions; tapping one runs it and closes the row")
    func trailingSwipe() throws {
        let source = InteractionSource.rows(10)
        actions(source)
        let (screen, table) = interactionTable(source, scale: 2)
        defer { withExtendedLifetime(screen) {} }
        let row = IndexPath(row: 2, section: 0)
        let cell = table.cellForRow(at: row)!
        let center = table.centerOfRow(row)
        screen.drag(from: center, to: CGPoint(x: center.x - 120, y: center.y), duration: 0.3)
        screen.advance(by: 0.4)
        let swipe = try #require(table.interaction.swipe)
        let width = swipe.actionsView.totalWidth
        #expect(cell.frame.minX == -width, "settled open at the buttons' width")
        #expect(table.contentOffset.y == 0, "a sideways drag does not scroll")
        #expect(source.log.isEmpty, "no highlight, no selection")
        if let dir = ProcessInfo.processInfo.environment["TABULA_PICTURES"] {
            try screen.snapshot().pngData()!.write(to: URL(fileURLWithPath: dir + "/swipe-actions.png"))
        }
        let flag = swipe.actionsView.button(for: swipe.configuration.actions[1])!
        screen.tap(at: flag.convert(CGPoint(x: flag.bounds.midX, y: flag.bounds.midY), to: nil))
        #expect(source.log == ["Flag [0, 2]"])
        screen.advance(by: 0.4)
        #expect(table.interaction.swipe == nil)
        #expect(cell.frame.minX == 0)
        #expect(swipe.actionsView.superview == nil)
    }

    @Test("on a phone's screen, under a navigation bar, a swiped row's content slides with it, then back")
    func swipeSlidesContentOnDeviceScreen() throws {
        // The table has safe area insets (the bar above, the home indicator below), so its
        // rows' insets are worked out: the part of a swiped row off the table's left edge
        // must not count as unsafe, or the content view is inset by it and stays where it was.
        let source = InteractionSource.rows(10)
        actions(source)
        let screen = HeadlessScreen(device: .iPhone15)
        let controller = UITableViewController(style: .plain)
        let window = UIWindow(frame: .zero)
        window.rootViewController = UINavigationController(rootViewController: controller)
        screen.show(window)
        let table = try #require(controller.tableView)
        table.dataSource = source
        table.delegate = source
        table.reloadData()
        screen.advance(by: 0.1)
        let row = IndexPath(row: 2, section: 0)
        let cell = try #require(table.cellForRow(at: row))
        let before = cell.contentView.convert(CGPoint.zero, to: nil)
        let center = table.centerOfRow(row)
        screen.drag(from: center, to: CGPoint(x: center.x - 120, y: center.y), duration: 0.3)
        screen.advance(by: 0.4)
        let width = try #require(table.interaction.swipe).actionsView.totalWidth
        #expect(cell.frame.minX == -width)
        #expect(cell.safeAreaInsets.left == 0)
        let open = cell.contentView.convert(CGPoint.zero, to: nil)
        #expect(open.x == before.x - width, "the content slides with the row: \(before) → \(open)")
        screen.tap(at: table.centerOfRow(IndexPath(row: 6, section: 0)))
        screen.advance(by: 0.4)
        #expect(table.interaction.swipe == nil)
        #expect(cell.contentView.convert(CGPoint.zero, to: nil) == before)
    }

    @Test("a short swipe springs back; a tap elsewhere closes an open row without selecting")
    func closeSwipe() {
        let source = InteractionSource.rows(10)
        actions(source)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        let center = table.centerOfRow(IndexPath(row: 1, section: 0))
        screen.drag(from: center, to: CGPoint(x: center.x - 30, y: center.y), duration: 0.3)
        screen.advance(by: 0.4)
        #expect(table.interaction.swipe == nil)
        screen.drag(from: center, to: CGPoint(x: center.x - 150, y: center.y), duration: 0.3)
        screen.advance(by: 0.4)
        #expect(table.interaction.swipe != nil)
        screen.tap(at: table.centerOfRow(IndexPath(row: 6, section: 0)))
        screen.advance(by: 0.4)
        #expect(table.interaction.swipe == nil)
        #expect(table.indexPathForSelectedRow == nil)
        // Scrolling closes an open row too.
        screen.drag(from: center, to: CGPoint(x: center.x - 150, y: center.y), duration: 0.3)
        screen.advance(by: 0.4)
        #expect(table.interaction.swipe != nil)
        screen.drag(from: CGPoint(x: 200, y: 400), to: CGPoint(x: 200, y: 300), duration: 0.3)
        screen.advance(by: 0.4)
        #expect(table.interaction.swipe == nil)
    }

    @Test("a full swipe right performs the first leading action")
    func fullSwipe() {
        let source = InteractionSource.rows(10)
        actions(source)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        let center = table.centerOfRow(IndexPath(row: 3, section: 0))
        screen.drag(from: CGPoint(x: 20, y: center.y), to: CGPoint(x: 340, y: center.y), duration: 0.3)
        #expect(source.log == ["Read [0, 3]"])
        screen.advance(by: 0.5)
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))!.frame.minX == 0)
    }

    @Test("a row deleted by its own action without calling the completion ends the swipe: the next swipe opens another row at once")
    func deletedWithoutCompletion() throws {
        let source = InteractionSource.rows(10)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        source.trailingActions = { [weak table] indexPath in
            let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, _ in
                source.sections[0].remove(at: indexPath.row)
                table?.deleteRows(at: [indexPath], with: .automatic)   // no completion call, as apps often write it
            }
            return UISwipeActionsConfiguration(actions: [delete])
        }
        func swipeOpen(_ row: Int) {
            let center = table.centerOfRow(IndexPath(row: row, section: 0))
            screen.drag(from: center, to: CGPoint(x: center.x - 150, y: center.y), duration: 0.3)
            screen.advance(by: 0.4)
        }
        swipeOpen(0)
        let swipe = try #require(table.interaction.swipe)
        let button = swipe.actionsView.buttons[0].view
        screen.tap(at: button.convert(CGPoint(x: 10, y: 10), to: nil))
        screen.advance(by: 0.6)
        #expect(table.numberOfRows(inSection: 0) == 9)
        #expect(table.interaction.swipe == nil, "the deleted row's swipe ended")
        #expect(swipe.actionsView.superview == nil, "its buttons are gone")
        swipeOpen(1)
        #expect(table.interaction.swipe?.indexPath == IndexPath(row: 1, section: 0), "the first swipe opens the row")
        // An update that only moves the open row keeps it open, at its new index path.
        source.sections[0].insert("New", at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        screen.advance(by: 0.5)
        #expect(table.interaction.swipe?.indexPath == IndexPath(row: 2, section: 0))
        let open = try #require(table.interaction.swipe)
        #expect(open.cell.frame.minX < 0 && open.cell === table.cellForRow(at: IndexPath(row: 2, section: 0)))
    }

    @Test("with a row's actions open, a tap on a button in another row (or in the open row) only closes them")
    func tapOnAControlOnlyCloses() throws {
        let source = InteractionSource.rows(10)
        actions(source)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        var pressed: [Int] = []
        for row in 0 ..< 3 {
            let cell = try #require(table.cellForRow(at: IndexPath(row: row, section: 0)))
            let button = UIButton(type: .system)
            button.setTitle("Check", for: .normal)
            button.frame = CGRect(x: 10, y: 4, width: 80, height: 36)
            button.addAction(UIAction { _ in pressed.append(row) }, for: .touchUpInside)
            cell.contentView.addSubview(button)
        }
        func buttonCenter(_ row: Int) -> CGPoint {
            table.convert(CGPoint(x: 50, y: table.rectForRow(at: IndexPath(row: row, section: 0)).midY), to: nil)
        }
        screen.tap(at: buttonCenter(2))
        #expect(pressed == [2], "with nothing open, the button works")
        let center = table.centerOfRow(IndexPath(row: 1, section: 0))
        screen.drag(from: center, to: CGPoint(x: center.x - 150, y: center.y), duration: 0.3)
        screen.advance(by: 0.4)
        #expect(table.interaction.swipe != nil)
        screen.tap(at: buttonCenter(2))
        screen.advance(by: 0.4)
        #expect(pressed == [2], "the tap closed the actions and pressed nothing")
        #expect(table.interaction.swipe == nil)
        #expect(source.log.isEmpty, "and selected nothing")
        screen.tap(at: buttonCenter(2))
        #expect(pressed == [2, 2], "closed, the button works again")
    }

    @Test("swipe to delete (allowsSwipeToDelete): the default Delete action commits the deletion")
    func swipeToDelete() {
        let source = InteractionSource.rows(5)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        let center = table.centerOfRow(IndexPath(row: 0, section: 0))
        screen.drag(from: center, to: CGPoint(x: center.x - 150, y: center.y), duration: 0.3)
        #expect(table.interaction.swipe == nil, "off by default: rows have no actions")
        table.allowsSwipeToDelete = true
        screen.advance(by: 0.5)
        screen.drag(from: center, to: CGPoint(x: center.x - 150, y: center.y), duration: 0.3)
        screen.advance(by: 0.4)
        let swipe = table.interaction.swipe!
        let delete = swipe.actionsView.buttons[0].view
        screen.tap(at: delete.convert(CGPoint(x: 10, y: 10), to: nil))
        #expect(source.log == ["commit delete [0, 0]"])
        screen.advance(by: 0.5)
        #expect(table.numberOfRows(inSection: 0) == 4)
    }

    @Test("the menu of WWDC 2011, What's New in Table Views: long press asks shouldShowMenu then canPerformAction per action; choosing performs, then the menu goes and the row is deselected")
    func cellMenu() throws {
        let source = InteractionSource.rows(10)
        source.showsMenu = true
        source.menuActions = [.copy, Selector("mailStory:")]
        UIMenuController.shared.menuItems = [UIMenuItem(title: "Email", action: Selector("mailStory:"))]
        defer { UIMenuController.shared.menuItems = nil }
        let (screen, table) = interactionTable(source, scale: 2)
        defer { withExtendedLifetime(screen) {} }
        let row = IndexPath(row: 4, section: 0)
        let id = screen.touchDown(at: table.centerOfRow(row))
        screen.advance(by: 0.3)
        #expect(table.cellForRow(at: row)!.isHighlighted, "highlighted as the finger rests")
        screen.advance(by: 0.3)
        screen.liftTouch(id)
        #expect(source.log.filter { !$0.hasPrefix("canPerform") } == ["highlight [0, 4]", "shouldShowMenu [0, 4]", "unhighlight [0, 4]"])
        #expect(source.log.filter { $0.hasPrefix("canPerform") } == ["canPerform cut:", "canPerform copy:", "canPerform paste:", "canPerform mailStory:"])
        #expect(UIMenuController.shared.isMenuVisible)
        #expect(UIMenuController.shared.visibleItemTitles == ["Copy", "Email"])
        #expect(table.cellForRow(at: row)!.isSelected)
        let menu = UIMenuController.shared.menuFrame
        #expect(menu.maxY <= table.convert(table.rectForRow(at: row), to: nil).minY + 0.5, "above the cell, pointing at it")
        screen.advance(by: 0.3)
        if let dir = ProcessInfo.processInfo.environment["TABULA_PICTURES"] {
            try screen.snapshot().pngData()!.write(to: URL(fileURLWithPath: dir + "/cell-menu.png"))
        }
        source.log = []
        // "Email" is the second item.
        screen.tap(at: CGPoint(x: menu.maxX - 20, y: menu.minY + 18))
        #expect(source.log.first == "perform mailStory: [0, 4]")
        #expect(!UIMenuController.shared.isMenuVisible)
        #expect(table.indexPathForSelectedRow == nil)
        screen.advance(by: 0.5)
        #expect(!table.cellForRow(at: row)!.isSelected)
    }

    @Test("no menu when the delegate declines; a tap outside a menu hides it and deselects")
    func menuDeclinedAndDismissed() {
        let source = InteractionSource.rows(10)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        screen.longPress(at: table.centerOfRow(IndexPath(row: 2, section: 0)), duration: 1)
        #expect(!UIMenuController.shared.isMenuVisible)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0), "a long press without a menu is a slow tap")
        source.showsMenu = true
        screen.advance(by: 1)
        screen.longPress(at: table.centerOfRow(IndexPath(row: 5, section: 0)), duration: 1)
        #expect(UIMenuController.shared.isMenuVisible)
        screen.tap(at: CGPoint(x: 200, y: 550))
        #expect(!UIMenuController.shared.isMenuVisible)
        #expect(table.indexPathForSelectedRow == nil)
    }
}
