import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// What the delegates below share: a menu (Copy, a disabled Archive, a destructive Delete)
/// and a log of every context-menu message. (It does not conform itself: a subclass's
/// methods would then not be the protocol's.)
@MainActor
class ItemMenuDelegate: NSObject {
    var log: [String] = []
    var hasMenu: (IndexPath) -> Bool = { _ in true }
    var asked: [[IndexPath]] = []

    func menu(for paths: [IndexPath]) -> UIContextMenuConfiguration {
        let name = paths.map { "\($0.item)" }.joined(separator: "+")
        return UIContextMenuConfiguration(identifier: NSString(string: name), previewProvider: nil) { [unowned self] _ in
            UIMenu(title: "", children: [
                UIAction(title: "Copy", image: UIImage(systemName: "doc.text")) { _ in self.log.append("copy \(name)") },
                UIAction(title: "Archive", image: UIImage(systemName: "archivebox"), attributes: .disabled) { _ in
                    self.log.append("archive \(name)")
                },
                UIMenu(title: "", options: .displayInline, children: [
                    UIAction(title: "Delete", image: UIImage(systemName: "trash"), attributes: .destructive) { _ in
                        self.log.append("delete \(name)")
                    },
                ]),
            ])
        }
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        log.append("select \(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, willDisplayContextMenu configuration: UIContextMenuConfiguration,
                        animator: (any UIContextMenuInteractionAnimating)?) {
        log.append("willDisplay \(configuration.identifier as! NSString)")
    }
    func collectionView(_ collectionView: UICollectionView, willEndContextMenuInteraction configuration: UIContextMenuConfiguration,
                        animator: (any UIContextMenuInteractionAnimating)?) {
        log.append("willEnd \(configuration.identifier as! NSString)")
    }
    func collectionView(_ collectionView: UICollectionView, willPerformPreviewActionForMenuWith configuration: UIContextMenuConfiguration,
                        animator: any UIContextMenuInteractionCommitAnimating) {
        log.append("preview \(configuration.identifier as! NSString)")
        animator.addCompletion { self.log.append("preview completion") }
    }
}

/// The iOS 16 method; a menu for the space between items only when asked to.
final class ItemsMenuDelegate: ItemMenuDelegate, UICollectionViewDelegate {
    var menuBetweenItems = false
    func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
                        point: CGPoint) -> UIContextMenuConfiguration? {
        asked.append(indexPaths)
        guard indexPaths.allSatisfy(hasMenu), !indexPaths.isEmpty || menuBetweenItems else { return nil }
        return menu(for: indexPaths)
    }
}

/// Only the method deprecated in iOS 16.
final class SingleItemMenuDelegate: ItemMenuDelegate, UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
                        point: CGPoint) -> UIContextMenuConfiguration? {
        asked.append([indexPath])
        return hasMenu(indexPath) ? menu(for: [indexPath]) : nil
    }
}

@MainActor
@Suite("Context menus on items: long press, lift, menu")
struct CollectionContextMenuTests {
    func grid(_ delegate: some ItemMenuDelegate & UICollectionViewDelegate) -> (UICollectionView, HeadlessScreen) {
        let (view, _, screen) = showCollection([numbers(12)], size: CGSize(width: 320, height: 560))
        view.delegate = delegate
        screen.advance(by: 1.0 / 60)
        return (view, screen)
    }

    func center(_ view: UICollectionView, _ item: Int) -> CGPoint {
        let cell = view.cellForItem(at: IndexPath(item: item, section: 0))!
        return view.convert(cell.center, to: nil)
    }

    @Test("a long press shows the item's menu (iOS 16 method); its buttons are found by label; the item is not selected")
    func longPressShowsMenu() throws {
        let delegate = ItemsMenuDelegate()
        let (view, screen) = grid(delegate)
        screen.longPress(at: center(view, 4), duration: 1)
        let menu = try #require(screen.contextMenuOnScreen)
        #expect(menu.rowTitles == ["Copy", "Archive", "Delete"])
        #expect(delegate.asked == [[IndexPath(item: 4, section: 0)]])
        #expect(delegate.log == ["willDisplay 4"])
        #expect(view.indexPathsForSelectedItems == nil)
        #expect(view.cellForItem(at: IndexPath(item: 4, section: 0))?.isHighlighted == false)
        #expect((try? screen.buttons["Delete"]) != nil)
        #expect(view.indexPathsForContextMenu == [IndexPath(item: 4, section: 0)])
        // The lifted item stays where it was, the menu under it.
        screen.advance(by: 0.5)
        let cellFrame = view.convert(view.cellForItem(at: IndexPath(item: 4, section: 0))!.frame, to: nil)
        #expect(abs(menu.previewFrame.midY - cellFrame.midY) < 1)
        #expect(abs(menu.previewFrame.midX - cellFrame.midX) < 1)
        #expect(menu.menuFrame.minY >= menu.previewFrame.maxY)
        writeForLooking(screen.snapshot(), "collection-context-menu")
    }

    @Test("tapping an action closes the menu and runs its handler once; a disabled one does nothing")
    func tapAction() throws {
        let delegate = ItemsMenuDelegate()
        let (view, screen) = grid(delegate)
        screen.longPress(at: center(view, 2), duration: 1)
        screen.advance(by: 0.5)
        delegate.log = []
        try screen.buttons["Archive"].tap()
        #expect(delegate.log.isEmpty)
        try screen.buttons["Delete"].tap()
        #expect(delegate.log == ["willEnd 2", "delete 2"])
        screen.advance(by: 0.5)
        #expect(screen.contextMenuOnScreen == nil)
        #expect(view.indexPathsForContextMenu == nil)
        #expect(delegate.log == ["willEnd 2", "delete 2"])
        #expect(view.indexPathsForSelectedItems == nil)
        // The collection view takes taps again.
        screen.tap(at: center(view, 1))
        #expect(delegate.log.last == "select 1")
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    }

    @Test("a delegate with only the older single-item method gets menus too")
    func olderMethod() throws {
        let delegate = SingleItemMenuDelegate()
        let (view, screen) = grid(delegate)
        screen.longPress(at: center(view, 7), duration: 1)
        #expect(delegate.asked == [[IndexPath(item: 7, section: 0)]])
        #expect(screen.contextMenuOnScreen != nil)
        screen.advance(by: 0.5)
        try screen.buttons["Copy"].tap()
        #expect(delegate.log == ["willDisplay 7", "willEnd 7", "copy 7"])
    }

    @Test("a collection view controller subclass overriding the older method gets menus")
    func controllerOverride() throws {
        final class Controller: UICollectionViewController {
            var copied: [Int] = []
            override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 6 }
            override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            }
            override func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemAt indexPath: IndexPath,
                                         point: CGPoint) -> UIContextMenuConfiguration? {
                UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { _ in
                    UIMenu(title: "", children: [UIAction(title: "Copy") { _ in self.copied.append(indexPath.item) }])
                }
            }
        }
        let controller = Controller(collectionViewLayout: flowLayout())
        controller.collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480), scale: 1)
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 1.0 / 60)
        let cell = try #require(controller.collectionView.cellForItem(at: IndexPath(item: 3, section: 0)))
        screen.longPress(at: cell.convert(CGPoint(x: cell.bounds.midX, y: cell.bounds.midY), to: nil), duration: 1)
        screen.advance(by: 0.5)
        try screen.buttons["Copy"].tap()
        #expect(controller.copied == [3])
    }

    @Test("a press on one of several selected items asks about all of them; the new method wins")
    func multipleSelection() {
        let delegate = ItemsMenuDelegate()
        let (view, screen) = grid(delegate)
        view.allowsMultipleSelection = true
        screen.tap(at: center(view, 1))
        screen.tap(at: center(view, 5))
        screen.advance(by: 0.5)
        screen.longPress(at: center(view, 5), duration: 1)
        #expect(delegate.asked == [[IndexPath(item: 1, section: 0), IndexPath(item: 5, section: 0)]])
        #expect(delegate.log.contains("willDisplay 1+5"))
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0), IndexPath(item: 5, section: 0)], "unchanged")
        screen.contextMenuOnScreen?.dismiss(animated: false)
        // A press on an item that is not selected is about that item only.
        screen.longPress(at: center(view, 0), duration: 1)
        #expect(delegate.asked.last == [IndexPath(item: 0, section: 0)])
    }

    @Test("no configuration, no menu; a press between items asks with no index paths; a tap still selects")
    func noMenu() {
        let delegate = ItemsMenuDelegate()
        delegate.hasMenu = { $0.item != 3 }
        let (view, screen) = grid(delegate)
        screen.longPress(at: center(view, 3), duration: 1)
        #expect(screen.contextMenuOnScreen == nil)
        #expect(delegate.asked.count == 1)
        let gap = view.convert(CGPoint(x: 300, y: 540), to: nil)
        #expect(view.indexPathForItem(at: CGPoint(x: 300, y: 540)) == nil)
        screen.longPress(at: gap, duration: 1)
        #expect(delegate.asked.count == 2 && delegate.asked.last == [], "asked with none, as UIKit does")
        #expect(screen.contextMenuOnScreen == nil)
        screen.tap(at: center(view, 3))
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
    }

    @Test("the item lifts out of the blurred window: no blurred copy of it shows around its preview")
    func backdropWithoutTheItem() throws {
        let delegate = ItemsMenuDelegate()
        let (view, screen) = grid(delegate)
        let cell = try #require(view.cellForItem(at: IndexPath(item: 4, section: 0)))
        cell.backgroundColor = .systemRed
        screen.advance(by: 1.0 / 60)
        screen.longPress(at: center(view, 4), duration: 1)
        screen.advance(by: 0.5)
        let menu = try #require(screen.contextMenuOnScreen)
        let picture = try #require(screen.snapshot().cgImage)
        // Just beside the preview (it covers the cell), where a blurred red copy would bleed.
        for point in [CGPoint(x: menu.previewFrame.minX - 4, y: menu.previewFrame.midY),
                      CGPoint(x: menu.previewFrame.maxX + 4, y: menu.previewFrame.midY)] {
            let pixel = picture.pixel(x: Int(point.x * screen.scale), y: Int(point.y * screen.scale))
            #expect(Int(pixel.red) - Int(pixel.green) < 12, "no red around the preview at \(point): \(pixel)")
        }
        #expect(!cell.isHidden, "the cell itself is not hidden")
    }

    @Test("a menu for the space between items shows at the finger with nothing lifted, and its actions run")
    func menuBetweenItems() throws {
        let delegate = ItemsMenuDelegate()
        delegate.menuBetweenItems = true
        let (view, screen) = grid(delegate)
        let gap = view.convert(CGPoint(x: 300, y: 540), to: nil)
        screen.longPress(at: gap, duration: 1)
        screen.advance(by: 0.5)
        let menu = try #require(screen.contextMenuOnScreen)
        #expect(delegate.asked == [[]])
        #expect(menu.previewShape?.boundingBox.isEmpty == true, "nothing is lifted")
        #expect(abs(menu.previewFrame.midX - gap.x) < 20 && menu.menuFrame.width > 100, "the menu shows by the finger: \(menu.menuFrame)")
        #expect(view.visibleCells.allSatisfy { !$0.isHighlighted && !$0.isSelected })
        writeForLooking(screen.snapshot(), "menu-between-items")
        try screen.buttons["Copy"].tap()
        #expect(delegate.log == ["willDisplay ", "willEnd ", "copy "])
    }

    @Test("tapping the preview tells willPerformPreviewActionForMenuWith; its completion runs after the menu goes")
    func previewTap() throws {
        let delegate = ItemsMenuDelegate()
        let (view, screen) = grid(delegate)
        screen.longPress(at: center(view, 4), duration: 1)
        screen.advance(by: 0.5)
        let menu = try #require(screen.contextMenuOnScreen)
        delegate.log = []
        screen.tap(at: CGPoint(x: menu.previewFrame.midX, y: menu.previewFrame.midY))
        #expect(delegate.log == ["preview 4", "willEnd 4"])
        screen.advance(by: 0.6)
        #expect(delegate.log == ["preview 4", "willEnd 4", "preview completion"])
        #expect(view.indexPathsForSelectedItems == nil)
    }

    @Test("an item of an orthogonal (sideways-scrolling) section gets its menu too")
    func orthogonalSection() throws {
        let layout = UICollectionViewCompositionalLayout { _, _ in
            let section = rowSection(item: size(.fractionalWidth(1), .fractionalHeight(1)),
                                     group: size(.fractionalWidth(0.8), .absolute(200)), count: 1)
            section.orthogonalScrollingBehavior = .continuous
            section.interGroupSpacing = 10
            return section
        }
        let (view, _, screen) = showLayout([numbers(6)], layout: layout)
        let delegate = ItemsMenuDelegate()
        view.delegate = delegate
        screen.advance(by: 1.0 / 60)
        // Item 1 stands partly beyond the right edge; press its visible part.
        let cell = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)))
        #expect(cell.frame.maxX > 320)
        screen.longPress(at: view.convert(CGPoint(x: (cell.frame.minX + 320) / 2, y: cell.frame.midY), to: nil), duration: 1)
        #expect(delegate.asked == [[IndexPath(item: 1, section: 0)]])
        screen.advance(by: 0.5)
        try screen.buttons["Copy"].tap()
        #expect(delegate.log == ["willDisplay 1", "willEnd 1", "copy 1"])
        #expect(view.indexPathsForSelectedItems == nil)
    }

    @Test("an item deleted while the press is held shows no menu and reports nothing")
    func itemGoneBeforeMenu() {
        let delegate = ItemsMenuDelegate()
        let (view, screen) = grid(delegate)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        let source = keptSources.last!
        let finger = screen.touchDown(at: center(view, 11))
        screen.advance(by: 0.3)
        source.sections[0].removeLast()
        view.deleteItems(at: [IndexPath(item: 11, section: 0)])
        screen.advance(by: 0.5)
        screen.liftTouch(finger)
        screen.advance(by: 0.5)
        #expect(screen.contextMenuOnScreen == nil)
        #expect(reports.isEmpty)
    }
}
