import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// Lifts a 30-point badge of the pressed cell, cut to a circle on red, and (optionally)
/// sends the picture back to item 0 as the menu closes (the iOS 16 methods).
final class BadgePreviewDelegate: ItemMenuDelegate, UICollectionViewDelegate {
    var returnsToFirst = false
    var badges: [IndexPath: UIView] = [:]

    func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
                        point: CGPoint) -> UIContextMenuConfiguration? { menu(for: indexPaths) }

    func badge(_ collectionView: UICollectionView, _ path: IndexPath) -> UIView {
        if let badge = badges[path] { return badge }
        let badge = UIView(frame: CGRect(x: 10, y: 12, width: 30, height: 30))
        badge.backgroundColor = .systemBlue
        collectionView.cellForItem(at: path)!.contentView.addSubview(badge)
        badges[path] = badge
        return badge
    }

    func collectionView(_ collectionView: UICollectionView, contextMenuConfiguration configuration: UIContextMenuConfiguration,
                        highlightPreviewForItemAt indexPath: IndexPath) -> UITargetedPreview? {
        log.append("highlight \(indexPath.item)")
        let parameters = UIPreviewParameters()
        parameters.visiblePath = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 30, height: 30))
        parameters.backgroundColor = .systemRed
        return UITargetedPreview(view: badge(collectionView, indexPath), parameters: parameters)
    }

    func collectionView(_ collectionView: UICollectionView, contextMenuConfiguration configuration: UIContextMenuConfiguration,
                        dismissalPreviewForItemAt indexPath: IndexPath) -> UITargetedPreview? {
        log.append("dismissal \(indexPath.item)")
        return returnsToFirst ? UITargetedPreview(view: badge(collectionView, IndexPath(item: 0, section: 0))) : nil
    }
}

/// Only the methods deprecated in iOS 16, lifting a view that is in no window.
final class DetachedPreviewDelegate: ItemMenuDelegate, UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
                        point: CGPoint) -> UIContextMenuConfiguration? { menu(for: indexPaths) }
    func collectionView(_ collectionView: UICollectionView,
                        previewForHighlightingContextMenuWithConfiguration configuration: UIContextMenuConfiguration) -> UITargetedPreview? {
        log.append("highlight (iOS 13)")
        return UITargetedPreview(view: UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20)))
    }
}

@MainActor
@Suite("Targeted previews of context menus")
struct TargetedPreviewTests {
    func grid(_ delegate: some ItemMenuDelegate & UICollectionViewDelegate) -> (UICollectionView, HeadlessScreen) {
        let (view, _, screen) = showCollection([numbers(12)], size: CGSize(width: 320, height: 560))
        view.delegate = delegate
        screen.advance(by: 1.0 / 60)
        return (view, screen)
    }

    func center(_ view: UICollectionView, _ item: Int) -> CGPoint {
        view.convert(view.cellForItem(at: IndexPath(item: item, section: 0))!.center, to: nil)
    }

    @Test("A highlighting preview lifts the badge, not the cell, cut to its circle on red; a dismissing preview sends the picture to item 0, frame by frame")
    func badgeLiftsAndReturnsElsewhere() throws {
        let delegate = BadgePreviewDelegate()
        delegate.returnsToFirst = true
        let (view, screen) = grid(delegate)
        screen.longPress(at: center(view, 4), duration: 1)
        screen.advance(by: 0.5)
        let menu = try #require(screen.contextMenuOnScreen)
        #expect(delegate.log == ["highlight 4", "willDisplay 4"])
        let badge = try #require(delegate.badges[IndexPath(item: 4, section: 0)])
        let badgeFrame = badge.convert(badge.bounds, to: nil)
        #expect(abs(menu.previewFrame.width - 30 * 1.03) < 0.5 && abs(menu.previewFrame.height - 30 * 1.03) < 0.5,
                "the badge's size, slightly grown: \(menu.previewFrame)")
        #expect(abs(menu.previewFrame.midX - badgeFrame.midX) < 1 && abs(menu.previewFrame.midY - badgeFrame.midY) < 1)
        #expect(menu.previewShape?.boundingBox == CGRect(x: 0, y: 0, width: 30, height: 30), "cut to the circle")
        #expect(menu.previewBackground == .systemRed)
        writeForLooking(screen.snapshot(), "badge-preview")

        screen.tap(at: CGPoint(x: 300, y: 540))
        #expect(delegate.log.suffix(2) == ["willEnd 4", "dismissal 4"])
        let home = try #require(delegate.badges[IndexPath(item: 0, section: 0)])
        let homeCenter = home.convert(CGPoint(x: 15, y: 15), to: nil)
        var distances: [CGFloat] = []
        for _ in 0 ..< 12 {
            screen.advance(by: 1.0 / 60)
            let now = menu.liftedFrameNow
            distances.append(hypot(now.midX - homeCenter.x, now.midY - homeCenter.y))
        }
        #expect(distances.first! > 20, "it starts at item 4's badge")
        #expect(zip(distances, distances.dropFirst()).allSatisfy { $0.0 >= $0.1 - 0.01 }, "closer every frame: \(distances)")
        #expect(distances.last! < distances.first! / 2)
    }

    @Test("Without a dismissing preview the picture goes back where it was lifted from")
    func returnsHome() throws {
        let delegate = BadgePreviewDelegate()
        let (view, screen) = grid(delegate)
        screen.longPress(at: center(view, 5), duration: 1)
        screen.advance(by: 0.5)
        let menu = try #require(screen.contextMenuOnScreen)
        let badge = try #require(delegate.badges[IndexPath(item: 5, section: 0)])
        let badgeCenter = badge.convert(CGPoint(x: 15, y: 15), to: nil)
        screen.tap(at: CGPoint(x: 300, y: 540))
        screen.advance(by: 0.24)
        #expect(hypot(menu.liftedFrameNow.midX - badgeCenter.x, menu.liftedFrameNow.midY - badgeCenter.y) < 2)
    }

    @Test("A preview of a view in no window is reported and the cell lifts instead; the iOS 13 method is asked when the iOS 16 one is not given")
    func detachedPreview() throws {
        let delegate = DetachedPreviewDelegate()
        let (view, screen) = grid(delegate)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        screen.longPress(at: center(view, 3), duration: 1)
        screen.advance(by: 0.5)
        let menu = try #require(screen.contextMenuOnScreen)
        #expect(delegate.log.first == "highlight (iOS 13)")
        #expect(reports.count == 1 && reports[0].contains("stands in no view of the menu's window"), "\(reports)")
        let cellFrame = view.convert(view.cellForItem(at: IndexPath(item: 3, section: 0))!.frame, to: nil)
        #expect(abs(menu.previewFrame.midX - cellFrame.midX) < 1 && menu.previewShape == nil, "the whole cell lifts")
    }
}

/// A table whose rows lift their image view's square.
@MainActor
final class RowImagePreviewDelegate: NSObject, UITableViewDataSource, UITableViewDelegate {
    var log: [String] = []
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 8 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = "Row \(indexPath.row)"
        let square = UIView(frame: CGRect(x: 260, y: 7, width: 30, height: 30))
        square.backgroundColor = .systemGreen
        square.tag = 7
        cell.contentView.addSubview(square)
        return cell
    }
    func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                   point: CGPoint) -> UIContextMenuConfiguration? {
        UIContextMenuConfiguration(identifier: NSString(string: "\(indexPath.row)"), previewProvider: nil) { _ in
            UIMenu(title: "", children: [UIAction(title: "Copy") { _ in }])
        }
    }
    func tableView(_ tableView: UITableView, previewForHighlightingContextMenuWithConfiguration configuration: UIContextMenuConfiguration)
        -> UITargetedPreview? {
        let row = Int(configuration.identifier as! NSString as String)!
        log.append("highlight \(row)")
        guard let square = tableView.cellForRow(at: IndexPath(row: row, section: 0))?.contentView.viewWithTag(7) else { return nil }
        return UITargetedPreview(view: square)
    }
}

@MainActor
@Suite("Targeted previews of table context menus")
struct TableTargetedPreviewTests {
    @Test("A table row's highlighting preview lifts its square, not the row")
    func squareLifts() throws {
        let delegate = RowImagePreviewDelegate()
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
        table.dataSource = delegate
        table.delegate = delegate
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(table)
        screen.advance(by: 1.0 / 60)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        screen.longPress(at: cell.convert(CGPoint(x: 100, y: 22), to: nil), duration: 1)
        screen.advance(by: 0.5)
        let menu = try #require(screen.contextMenuOnScreen)
        #expect(delegate.log == ["highlight 2"])
        let square = try #require(cell.contentView.viewWithTag(7))
        let squareFrame = square.convert(square.bounds, to: nil)
        #expect(abs(menu.previewFrame.midX - squareFrame.midX) < 1 && abs(menu.previewFrame.width - 30 * 1.03) < 0.5)
        withExtendedLifetime(delegate) {}
    }
}
