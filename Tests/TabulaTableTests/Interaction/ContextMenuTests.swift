import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A table of fruit whose rows have a context menu (Copy, Favourite, a disabled Archive,
/// an inline group with a destructive Delete), logging the context-menu messages.
@MainActor
final class ContextMenuSource: UITableViewDataSource, UITableViewDelegate {
    var items = ["Apple", "Banana", "Cherry", "Damson", "Elderberry", "Fig", "Grape", "Huckleberry", "Kiwi", "Lemon",
                 "Mango", "Nectarine"]
    var log: [String] = []
    var hasMenu: (IndexPath) -> Bool = { _ in true }
    var previewProvider: UIContextMenuContentPreviewProvider?
    var commitCompletionRan = 0

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? UITableViewCell(style: .default, reuseIdentifier: "row")
        cell.textLabel?.text = items[indexPath.row]
        return cell
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { log.append("select \(indexPath.row)") }

    func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                   point: CGPoint) -> UIContextMenuConfiguration? {
        log.append("configuration \(indexPath.row)")
        guard hasMenu(indexPath) else { return nil }
        let item = items[indexPath.row]
        return UIContextMenuConfiguration(identifier: NSString(string: item), previewProvider: previewProvider) { [unowned self] _ in
            UIMenu(title: "", children: [
                UIAction(title: "Copy", image: UIImage(systemName: "doc.text")) { _ in self.log.append("copy \(item)") },
                UIAction(title: "Favourite", image: UIImage(systemName: "star"), state: .on) { _ in
                    self.log.append("favourite \(item)")
                },
                UIAction(title: "Archive", image: UIImage(systemName: "archivebox"), attributes: .disabled) { _ in
                    self.log.append("archive \(item)")
                },
                UIMenu(title: "", options: .displayInline, children: [
                    UIAction(title: "Delete", image: UIImage(systemName: "trash"), attributes: .destructive) { _ in
                        self.log.append("delete \(item)")
                    },
                ]),
            ])
        }
    }
    func tableView(_ tableView: UITableView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
                   animator: (any UIContextMenuInteractionAnimating)?) {
        log.append("willDisplay \(configuration.identifier as! NSString)")
    }
    func tableView(_ tableView: UITableView, willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
                   animator: (any UIContextMenuInteractionAnimating)?) {
        log.append("willEnd \(configuration.identifier as! NSString)")
    }
    func tableView(_ tableView: UITableView, willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
                   animator: any UIContextMenuInteractionCommitAnimating) {
        log.append("preview \(configuration.identifier as! NSString)")
        animator.addCompletion { self.commitCompletionRan += 1 }
    }
}

@MainActor
@Suite("Context menus: long press on a row, lift, blur, menu")
struct ContextMenuTests {
    func present(_ source: ContextMenuSource, row: Int = 3, style: UIUserInterfaceStyle = .light)
        -> (HeadlessScreen, UITableView) {
        let (screen, table) = contextTable(source, style: style)
        screen.longPress(at: table.centerOfRow(IndexPath(row: row, section: 0)), duration: 1)
        return (screen, table)
    }

    func contextTable(_ source: ContextMenuSource, style: UIUserInterfaceStyle = .light) -> (HeadlessScreen, UITableView) {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), style: .insetGrouped)
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table, scale: 2, size: CGSize(width: 390, height: 600))
        screen.userInterfaceStyle = style
        screen.advance(by: 1.0 / 60)
        return (screen, table)
    }

    @Test("a long press shows the row's menu with its actions; the row is not selected")
    func longPressShowsMenu() throws {
        let source = ContextMenuSource()
        let (screen, table) = present(source)
        let menu = try #require(screen.contextMenuOnScreen)
        defer { menu.dismiss(animated: false) }
        #expect(menu.rowTitles == ["Copy", "Favourite", "Archive", "Delete"])
        #expect(source.log == ["configuration 3", "willDisplay Damson"])
        #expect(table.indexPathForSelectedRow == nil)
        #expect(!table.cellForRow(at: IndexPath(row: 3, section: 0))!.isHighlighted)
        // Accessibility: the actions are buttons, and nothing behind the menu is found.
        #expect((try? screen.buttons["Delete"]) != nil)
        #expect((try? screen.buttons["Archive"]) != nil)
        #expect((try? screen.staticTexts["Apple"]) == nil, "the table behind the menu is hidden from the queries")
        // Placement: the menu is under the lifted row.
        screen.advance(by: 0.5)
        let rowFrame = table.convert(table.rectForRow(at: IndexPath(row: 3, section: 0)), to: nil)
        #expect(menu.menuFrame.minY >= menu.previewFrame.maxY)
        #expect(abs(menu.previewFrame.midY - rowFrame.midY) < 1, "the preview stays where the row was")
        #expect(menu.previewFrame.width < rowFrame.width + 1 && menu.previewFrame.minX >= 11.5)
    }

    @Test("tapping an action closes the menu and runs its handler once; willEnd is told")
    func tapAction() throws {
        let source = ContextMenuSource()
        let (screen, table) = present(source)
        screen.advance(by: 0.5)
        source.log = []
        try screen.buttons["Delete"].tap()
        #expect(source.log == ["willEnd Damson", "delete Damson"])
        screen.advance(by: 0.5)
        #expect(screen.contextMenuOnScreen == nil)
        #expect(source.log == ["willEnd Damson", "delete Damson"], "once")
        #expect(table.indexPathForSelectedRow == nil)
        #expect(table.interaction.contextMenu == nil)
        // The table takes taps again.
        screen.tap(at: table.centerOfRow(IndexPath(row: 1, section: 0)))
        #expect(source.log.last == "select 1")
    }

    @Test("a disabled action does nothing; a tap outside closes the menu without running anything")
    func disabledAndOutside() throws {
        let source = ContextMenuSource()
        let (screen, _) = present(source)
        screen.advance(by: 0.5)
        source.log = []
        try screen.buttons["Archive"].tap()
        #expect(source.log.isEmpty)
        #expect(screen.contextMenuOnScreen != nil)
        screen.tap(at: CGPoint(x: 20, y: 580))
        #expect(source.log == ["willEnd Damson"])
        screen.advance(by: 0.5)
        #expect(screen.contextMenuOnScreen == nil)
        #expect(source.log == ["willEnd Damson"])
    }

    @Test("no configuration, no menu")
    func nilConfiguration() {
        let source = ContextMenuSource()
        source.hasMenu = { $0.row != 2 }
        let (screen, _) = present(source, row: 2)
        #expect(screen.contextMenuOnScreen == nil)
        #expect(source.log.first == "configuration 2")
        #expect(!source.log.contains { $0.hasPrefix("willDisplay") })
        #expect((try? screen.buttons["Delete"]) == nil)
    }

    @Test("tapping the preview calls willPerformPreviewActionForMenuWith, closes the menu, then runs the animator's completion")
    func previewTap() throws {
        let source = ContextMenuSource()
        let (screen, _) = present(source)
        screen.advance(by: 0.5)
        let menu = try #require(screen.contextMenuOnScreen)
        source.log = []
        screen.tap(at: CGPoint(x: menu.previewFrame.midX, y: menu.previewFrame.midY))
        #expect(source.log == ["preview Damson", "willEnd Damson"])
        #expect(source.commitCompletionRan == 0)
        screen.advance(by: 0.5)
        #expect(source.commitCompletionRan == 1)
        #expect(screen.contextMenuOnScreen == nil)
    }

    @Test("a row near the bottom gets its menu above it")
    func menuAbove() throws {
        let source = ContextMenuSource()
        let (screen, table) = contextTable(source)
        let row = IndexPath(row: 11, section: 0)
        table.scrollToRow(at: row, at: .bottom, animated: false)
        screen.advance(by: 1.0 / 60)
        screen.longPress(at: table.centerOfRow(row), duration: 1)
        let menu = try #require(screen.contextMenuOnScreen)
        defer { menu.dismiss(animated: false) }
        screen.advance(by: 0.5)
        #expect(menu.menuFrame.maxY <= menu.previewFrame.minY)
        writeForLooking(screen.snapshot(), "context-menu-above")
    }

    @Test("the presentation, in light and dark: lifted row, blurred backdrop, menu platter", arguments: [
        UIUserInterfaceStyle.light, .dark,
    ])
    func pictures(_ style: UIUserInterfaceStyle) throws {
        let source = ContextMenuSource()
        let (screen, table) = contextTable(source, style: style)
        let before = screen.snapshot().cgImage!
        let frames = screen.record(fps: 10) {
            screen.longPress(at: table.centerOfRow(IndexPath(row: 3, section: 0)), duration: 0.6)
            screen.advance(by: 0.5)
        }
        let name = style == .dark ? "dark" : "light"
        writeForLooking(HeadlessScreen.filmstrip(frames, columns: 6), "context-menu-film-\(name)")
        let settled = try #require(frames.last?.cgImage)
        writeForLooking(frames.last!, "context-menu-\(name)")
        let menu = try #require(screen.contextMenuOnScreen)
        defer { menu.dismiss(animated: false) }
        // Behind the menu the table is blurred: a row's text edge is smeared (less contrast).
        let textRow = table.convert(table.rectForRow(at: IndexPath(row: 0, section: 0)), to: nil)
        func contrast(_ image: Bitmap) -> Double {
            var lo = 1.0, hi = 0.0
            for x in stride(from: Int(textRow.minX + 20) * 2, to: Int(textRow.minX + 90) * 2, by: 1) {
                let l = image.color(x: x, y: Int(textRow.midY * 2)).green
                lo = min(lo, l)
                hi = max(hi, l)
            }
            return hi - lo
        }
        #expect(contrast(settled) < contrast(before) * 0.6, "blurred: \(contrast(settled)) vs \(contrast(before))")
        // The platter's colour follows the appearance.
        let platter = menu.menuFrame
        let inside = settled.color(x: Int(platter.minX + 200) * 2, y: Int(platter.minY + 6) * 2)
        if style == .dark { #expect(inside.green < 0.3, "\(inside)") } else { #expect(inside.green > 0.85, "\(inside)") }
    }

    @Test("a submenu opens in place, with a row to go back")
    func submenu() throws {
        let source = SubmenuSource()
        let (screen, table) = (contextTableFor(source))
        screen.longPress(at: table.centerOfRow(IndexPath(row: 0, section: 0)), duration: 1)
        let menu = try #require(screen.contextMenuOnScreen)
        defer { menu.dismiss(animated: false) }
        screen.advance(by: 0.5)
        #expect(menu.rowTitles == ["Sort", "Name", "Sort By"])
        try screen.buttons["Sort By"].tap()
        screen.advance(by: 0.1)
        #expect(menu.rowTitles == ["Sort By", "Date", "Size"])
        try screen.buttons["Size"].tap()
        #expect(source.chosen == ["Size"])
    }

    func contextTableFor(_ source: SubmenuSource) -> (HeadlessScreen, UITableView) {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), style: .plain)
        table.dataSource = source
        table.delegate = source
        return (showTable(table, scale: 1, size: CGSize(width: 390, height: 600)), table)
    }

    @Test("UIContextMenuInteraction gives a plain view the same menu")
    func interactionOnAView() throws {
        let (screen, root) = makeScreen(width: 300, height: 400, scale: 1)
        let photo = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 120))
        photo.backgroundColor = .systemTeal
        root.addSubview(photo)
        let delegate = InteractionDelegate()
        let interaction = UIContextMenuInteraction(delegate: delegate)
        photo.addInteraction(interaction)
        #expect(photo.interactions.count == 1 && interaction.view === photo)
        screen.advance(by: 1.0 / 60)
        screen.longPress(at: CGPoint(x: 100, y: 100), duration: 1)
        #expect(delegate.log == ["configuration (50.0, 50.0)", "willDisplay"])
        screen.advance(by: 0.5)
        try screen.buttons["Share"].tap()
        screen.advance(by: 0.5)
        #expect(delegate.log == ["configuration (50.0, 50.0)", "willDisplay", "willEnd", "share"])
        photo.removeInteraction(interaction)
        #expect(photo.interactions.isEmpty && interaction.view == nil)
    }
}

@MainActor
final class SubmenuSource: UITableViewDataSource, UITableViewDelegate {
    var chosen: [String] = []
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = "File \(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                   point: CGPoint) -> UIContextMenuConfiguration? {
        UIContextMenuConfiguration(actionProvider: { [unowned self] _ in
            UIMenu(title: "Sort", children: [
                UIAction(title: "Name", state: .on) { _ in self.chosen.append("Name") },
                UIMenu(title: "Sort By", children: [
                    UIAction(title: "Date") { _ in self.chosen.append("Date") },
                    UIAction(title: "Size") { _ in self.chosen.append("Size") },
                ]),
            ])
        })
    }
}

@MainActor
final class InteractionDelegate: UIContextMenuInteractionDelegate {
    var log: [String] = []
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction,
                                configurationForMenuAtLocation location: CGPoint) -> UIContextMenuConfiguration? {
        log.append("configuration (\(location.x), \(location.y))")
        return UIContextMenuConfiguration(actionProvider: { [unowned self] _ in
            UIMenu(children: [UIAction(title: "Share", image: UIImage(systemName: "square.and.arrow.up")) { _ in
                self.log.append("share")
            }])
        })
    }
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willDisplayMenuFor configuration: UIContextMenuConfiguration,
                                animator: (any UIContextMenuInteractionAnimating)?) { log.append("willDisplay") }
    func contextMenuInteraction(_ interaction: UIContextMenuInteraction, willEndFor configuration: UIContextMenuConfiguration,
                                animator: (any UIContextMenuInteractionAnimating)?) { log.append("willEnd") }
}
