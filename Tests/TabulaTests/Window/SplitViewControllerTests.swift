import Foundation
import Testing
@testable import TabulaUIKit
import TabulaTestSupport

/// Answers a split view controller's delegate questions as told, and records them.
@MainActor
final class SplitDelegateLog: UISplitViewControllerDelegate {
    var topColumn: UISplitViewController.Column?
    var collapsesSecondary = false
    var entries: [String] = []
    func splitViewController(_ svc: UISplitViewController,
                             topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column)
        -> UISplitViewController.Column {
        entries.append("top? proposed \(proposedTopColumn)\(svc.isCollapsed ? " (already collapsed)" : "")")
        return topColumn ?? proposedTopColumn
    }
    func splitViewController(_ splitViewController: UISplitViewController,
                             collapseSecondary secondaryViewController: UIViewController,
                             onto primaryViewController: UIViewController) -> Bool {
        entries.append("collapse \(secondaryViewController.title ?? "?") onto \(primaryViewController.title ?? "?")")
        return collapsesSecondary
    }
    func splitViewControllerDidCollapse(_ svc: UISplitViewController) { entries.append(svc.isCollapsed ? "did collapse" : "did collapse, not collapsed") }
    func splitViewControllerDidExpand(_ svc: UISplitViewController) { entries.append("did expand") }
    func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode) {
        entries.append("will change to \(displayMode)")
    }
}

@Suite("UISplitViewController: collapsing on a phone, columns side by side on an iPad")
@MainActor
struct SplitViewControllerTests {
    /// A view controller titled `title` whose view shows `title` in a label.
    func named(_ title: String) -> UIViewController {
        let controller = UIViewController()
        controller.title = title
        let label = UILabel(frame: CGRect(x: 20, y: 120, width: 200, height: 30))
        label.text = title
        controller.view.addSubview(label)
        return controller
    }

    func phone() -> HeadlessScreen {
        var device = DeviceProfile.iPhone15
        device.scale = 1
        return HeadlessScreen(device: device)
    }

    /// An iPad Pro 11-inch at 1x, turned to landscape (1194 × 834).
    func iPad(landscape: Bool = true) -> HeadlessScreen {
        var device = DeviceProfile.iPadPro11
        device.scale = 1
        let screen = HeadlessScreen(device: device)
        if landscape { screen.rotate(to: .landscapeRight, duration: 0) }
        return screen
    }

    func show(_ split: UISplitViewController, on screen: HeadlessScreen) {
        let window = UIWindow(frame: .zero)
        window.rootViewController = split
        screen.show(window)
        screen.advance(by: 0.1)
    }

    func doubleColumn(_ delegate: SplitDelegateLog? = nil) -> (UISplitViewController, UIViewController, UIViewController) {
        let split = UISplitViewController(style: .doubleColumn)
        split.delegate = delegate
        let list = named("List"), detail = named("Detail")
        split.setViewController(list, for: .primary)
        split.setViewController(detail, for: .secondary)
        return (split, list, detail)
    }

    // MARK: Compact width

    @Test("Collapsed on a phone, the secondary goes on top of the primary's stack unless the delegate picks .primary")
    func columnStyleCollapses() {
        let screen = phone()
        let delegate = SplitDelegateLog()
        let (split, list, detail) = doubleColumn(delegate)
        show(split, on: screen)
        #expect(split.isCollapsed)
        #expect(list.navigationController?.viewControllers == [list, detail])
        #expect(detail.view.window != nil)
        #expect(list.view.window == nil)
        #expect(delegate.entries.contains("top? proposed secondary"))
        #expect(delegate.entries.contains("did collapse"))
        #expect(split.viewController(for: .primary) === list)
        #expect(split.viewController(for: .secondary) === detail)
        #expect(split.viewControllers == [list.navigationController].compactMap { $0 })

        let screen2 = phone()
        let delegate2 = SplitDelegateLog()
        delegate2.topColumn = .primary
        let (split2, list2, detail2) = doubleColumn(delegate2)
        show(split2, on: screen2)
        #expect(list2.navigationController?.viewControllers == [list2])
        #expect(list2.view.window != nil)
        #expect(detail2.view.window == nil)
        #expect((try? screen2.element(labelled: "List")) != nil)
    }

    @Test("The compact column's view controller replaces the stack while collapsed")
    func compactColumn() {
        let screen = phone()
        let (split, list, _) = doubleColumn()
        let compact = named("Compact")
        split.setViewController(compact, for: .compact)
        show(split, on: screen)
        #expect(compact.view.window != nil)
        #expect(list.view.window == nil)
        #expect(compact.splitViewController === split)
    }

    @Test("showDetailViewController from the list pushes onto the collapsed stack; show(.secondary) brings the secondary")
    func showDetailPushesWhenCollapsed() {
        let screen = phone()
        let delegate = SplitDelegateLog()
        delegate.topColumn = .primary
        let (split, list, detail) = doubleColumn(delegate)
        show(split, on: screen)
        let item = named("Item")
        list.showDetailViewController(item, sender: nil)
        screen.advance(by: 0.5)
        #expect(list.navigationController?.viewControllers == [list, item])
        #expect(item.view.window != nil)
        #expect(item.splitViewController === split)

        list.navigationController?.popViewController(animated: false)
        screen.advance(by: 0.1)
        split.show(.secondary)
        screen.advance(by: 0.5)
        #expect(list.navigationController?.topViewController === detail)
        split.show(.primary)
        screen.advance(by: 0.5)
        #expect(list.navigationController?.topViewController === list)
    }

    @Test("A classic split view controller collapses the detail onto the master's navigation controller, unless the delegate takes it")
    func classicCollapses() {
        let screen = phone()
        let master = named("Master"), detail = named("Detail")
        let masterNavigation = UINavigationController(rootViewController: master)
        let detailNavigation = UINavigationController(rootViewController: detail)
        let split = UISplitViewController(nibName: nil, bundle: nil)
        #expect(split.style == .unspecified)
        let delegate = SplitDelegateLog()
        split.delegate = delegate
        split.viewControllers = [masterNavigation, detailNavigation]
        show(split, on: screen)
        #expect(split.isCollapsed)
        #expect(masterNavigation.viewControllers == [master, detail])
        #expect(split.viewControllers == [masterNavigation])
        #expect(delegate.entries == ["collapse ? onto ?"])
        #expect(detail.splitViewController === split)

        let screen2 = phone()
        let master2 = named("Master"), detail2 = named("Detail")
        let masterNavigation2 = UINavigationController(rootViewController: master2)
        let split2 = UISplitViewController(nibName: nil, bundle: nil)
        let delegate2 = SplitDelegateLog()
        delegate2.collapsesSecondary = true
        split2.delegate = delegate2
        split2.viewControllers = [masterNavigation2, UINavigationController(rootViewController: detail2)]
        show(split2, on: screen2)
        #expect(masterNavigation2.viewControllers == [master2])
        #expect(master2.view.window != nil)
        #expect(detail2.view.window == nil)
        master2.showDetailViewController(UINavigationController(rootViewController: named("Chosen")), sender: nil)
        screen2.advance(by: 0.5)
        #expect(masterNavigation2.viewControllers.map(\.title) == ["Master", "Chosen"])
    }

    @Test("Column style: viewControllers cannot be set, and setViewController is refused on a classic one")
    func misuse() {
        var reports: [String] = []
        let saved = UIViewController.onInvalidUse
        UIViewController.onInvalidUse = { reports.append($0) }
        defer { UIViewController.onInvalidUse = saved }
        let classic = UISplitViewController(nibName: nil, bundle: nil)
        classic.setViewController(named("A"), for: .primary)
        let columns = UISplitViewController(style: .doubleColumn)
        columns.viewControllers = [named("B")]
        columns.setViewController(named("C"), for: .supplementary)
        #expect(reports.count == 3)
        #expect(classic.viewController(for: .primary) == nil)
        #expect(columns.viewControllers.isEmpty)
    }

    func tripleColumn() -> (UISplitViewController, [UIViewController]) {
        let split = UISplitViewController(style: .tripleColumn)
        let controllers = [named("Folders"), named("Notes"), named("Note")]
        split.setViewController(controllers[0], for: .primary)
        split.setViewController(controllers[1], for: .supplementary)
        split.setViewController(controllers[2], for: .secondary)
        return (split, controllers)
    }

    @Test("Triple column: two columns beside the secondary on the iPad, the supplementary alone beside it by default; one stack on a phone")
    func tripleColumnLayout() throws {
        let screen = iPad()
        let (split, controllers) = tripleColumn()
        split.preferredDisplayMode = .twoBesideSecondary
        show(split, on: screen)
        let frames = controllers.map { $0.navigationController?.view.frame }
        #expect(frames == [CGRect(x: 0, y: 0, width: 320, height: 834), CGRect(x: 320, y: 0, width: 320, height: 834),
                           CGRect(x: 640, y: 0, width: 554, height: 834)])
        split.preferredDisplayMode = .automatic
        screen.advance(by: 0.1)
        #expect(split.displayMode == .oneBesideSecondary)
        #expect(controllers[0].view.window == nil)
        #expect(controllers[1].navigationController?.view.frame == CGRect(x: 0, y: 0, width: 320, height: 834))
        #expect(controllers[2].navigationController?.view.frame == CGRect(x: 320, y: 0, width: 874, height: 834))

        let phoneScreen = phone()
        let (phoneSplit, phoneControllers) = tripleColumn()
        show(phoneSplit, on: phoneScreen)
        #expect(phoneControllers[0].navigationController?.viewControllers == phoneControllers)
        #expect(phoneControllers[2].view.window != nil)
        let png = try #require(phoneScreen.snapshot().pngData())
        try png.write(to: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("split-phone.png"))
    }

    // MARK: Regular width

    @Test("On an iPad in landscape the primary column is 320 points beside the secondary, both visible, each with its safe area")
    func expandedLayout() throws {
        let screen = iPad()
        #expect(screen.size == CGSize(width: 1194, height: 834))
        let (split, list, detail) = doubleColumn()
        show(split, on: screen)
        #expect(!split.isCollapsed)
        #expect(split.displayMode == .oneBesideSecondary)
        #expect(split.splitBehavior == .tile)
        #expect(split.primaryColumnWidth == 320)
        let primaryFrame = try #require(list.navigationController?.view.frame)
        let secondaryFrame = try #require(detail.navigationController?.view.frame)
        #expect(primaryFrame == CGRect(x: 0, y: 0, width: 320, height: 834))
        #expect(secondaryFrame == CGRect(x: 320, y: 0, width: 874, height: 834))
        #expect(list.navigationController !== detail.navigationController)
        #expect(list.view.window != nil && detail.view.window != nil)
        #expect(abs(list.view.safeAreaInsets.top - (24 + 44)) < 0.001)
        #expect(detail.view.safeAreaInsets.bottom == 20)
        #expect(try screen.element(labelled: "List").frame.minX < 320)
        #expect(try screen.element(labelled: "Detail").frame.minX >= 320)
        #expect(list.splitViewController === split && detail.splitViewController === split)

        split.preferredPrimaryColumnWidthFraction = 0.4
        screen.advance(by: 0.1)
        #expect(split.primaryColumnWidth == 478)
        split.preferredPrimaryColumnWidth = 300
        split.maximumPrimaryColumnWidth = 280
        screen.advance(by: 0.1)
        #expect(list.navigationController?.view.frame.width == 280)
    }

    @Test("Display modes: secondaryOnly hides the primary, show(.primary) slides it back, oneOverSecondary overlays")
    func displayModes() {
        let screen = iPad()
        let delegate = SplitDelegateLog()
        let (split, list, detail) = doubleColumn(delegate)
        show(split, on: screen)
        split.preferredDisplayMode = .secondaryOnly
        screen.advance(by: 0.1)
        #expect(split.displayMode == .secondaryOnly)
        #expect(list.view.window == nil)
        #expect(detail.navigationController?.view.frame == CGRect(x: 0, y: 0, width: 1194, height: 834))
        #expect(delegate.entries.contains("will change to secondaryOnly"))

        split.show(.primary)
        screen.advance(by: 0.1)
        #expect(list.view.window != nil)
        #expect((list.navigationController?.view.layer.presentation()?.frame.minX ?? 0) < 0)
        screen.advance(by: 0.5)
        #expect(split.displayMode == .oneBesideSecondary)
        #expect(list.navigationController?.view.frame.minX == 0)

        split.preferredDisplayMode = .oneOverSecondary
        screen.advance(by: 0.1)
        #expect(list.navigationController?.view.frame == CGRect(x: 0, y: 0, width: 320, height: 834))
        #expect(detail.navigationController?.view.frame == CGRect(x: 0, y: 0, width: 1194, height: 834))
        split.hide(.primary)
        screen.advance(by: 0.5)
        #expect(split.displayMode == .secondaryOnly)
        #expect(list.view.window == nil)
    }

    @Test("Portrait on the iPad overlays by default (the secondary only); rotation keeps it expanded")
    func portraitIPad() {
        let screen = iPad(landscape: false)
        let (split, list, detail) = doubleColumn()
        show(split, on: screen)
        #expect(!split.isCollapsed)
        #expect(split.splitBehavior == .overlay)
        #expect(split.displayMode == .secondaryOnly)
        #expect(list.view.window == nil && detail.view.window != nil)

        split.show(.primary)
        screen.advance(by: 0.5)
        #expect(split.displayMode == .oneOverSecondary)
        #expect(list.navigationController?.view.frame == CGRect(x: 0, y: 0, width: 320, height: 1194))
        #expect(detail.navigationController?.view.frame == CGRect(x: 0, y: 0, width: 834, height: 1194))
        let chosen = named("Chosen")
        let secondaryWrapper = detail.navigationController
        list.showDetailViewController(chosen, sender: nil)
        screen.advance(by: 0.5)
        #expect(split.displayMode == .secondaryOnly)
        #expect(split.viewController(for: .secondary) === chosen)
        #expect(chosen.view.window != nil && list.view.window == nil && detail.view.window == nil)
        #expect(chosen.navigationController === secondaryWrapper && detail.parent == nil)

        split.preferredDisplayMode = .automatic
        screen.rotate(to: .landscapeRight, duration: 0)
        screen.advance(by: 0.1)
        #expect(split.displayMode == .oneBesideSecondary)
        #expect(list.view.window != nil)
    }

    @Test("A size change from regular to compact collapses, and back expands with the stacks handed back")
    func sizeChangeCollapsesAndExpands() {
        let screen = iPad()
        let delegate = SplitDelegateLog()
        let (split, list, detail) = doubleColumn(delegate)
        show(split, on: screen)
        let window = split.view.window
        window?.frame = CGRect(x: 0, y: 0, width: 500, height: 834)
        screen.advance(by: 0.1)
        #expect(split.isCollapsed)
        #expect(list.navigationController?.viewControllers == [list, detail])
        window?.frame = CGRect(x: 0, y: 0, width: 1194, height: 834)
        screen.advance(by: 0.1)
        #expect(!split.isCollapsed)
        #expect(list.navigationController?.viewControllers == [list])
        #expect(detail.navigationController?.viewControllers == [detail])
        #expect(delegate.entries.contains("did expand"))
    }

    @Test("A sidebar and a detail on an iPad in landscape: the snapshot shows both columns and the hairline between")
    func snapshot() throws {
        let screen = iPad()
        let (split, list, detail) = doubleColumn()
        show(split, on: screen)
        #expect(list.view.backgroundColor === UIColor.secondarySystemBackground)
        #expect(detail.view.backgroundColor === UIColor.systemBackground)
        let image = screen.snapshot()
        let png = try #require(image.pngData())
        try png.write(to: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("split-ipad.png"))
        #expect(png.count > 1000)
        let sidebar = screen.frame.pixel(x: 100, y: 400), secondary = screen.frame.pixel(x: 800, y: 400)
        #expect(sidebar == Pixel(red: 0xF2, green: 0xF2, blue: 0xF7, alpha: 255))
        #expect(secondary == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
        #expect(screen.frame.pixel(x: 319, y: 400) == Pixel(red: 0xC6, green: 0xC6, blue: 0xC8, alpha: 255))
        #expect(screen.frame.pixel(x: 320, y: 400) == secondary)

        let custom = named("Custom")
        custom.view.backgroundColor = .systemYellow
        split.setViewController(custom, for: .primary)
        screen.advance(by: 0.1)
        #expect(custom.view.backgroundColor === UIColor.systemYellow)
    }

    @Test("Collapsing gives the primary column's views their default background back")
    func sidebarBackgroundReverts() {
        let screen = iPad()
        let (split, list, _) = doubleColumn()
        show(split, on: screen)
        #expect(list.view.backgroundColor === UIColor.secondarySystemBackground)
        let pushed = named("Pushed")
        list.navigationController?.pushViewController(pushed, animated: true)
        #expect(pushed.view.backgroundColor === UIColor.secondarySystemBackground)
        screen.advance(by: 0.5)
        split.view.window?.frame = CGRect(x: 0, y: 0, width: 500, height: 834)
        screen.advance(by: 0.1)
        #expect(split.isCollapsed)
        #expect(list.view.backgroundColor === UIColor.systemBackground)
        #expect(pushed.view.backgroundColor === UIColor.systemBackground)
    }
}
