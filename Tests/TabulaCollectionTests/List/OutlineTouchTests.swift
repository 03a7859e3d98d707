import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A list of fruit and vegetables as an outline: parents carry an outline disclosure of
/// `style`, children are indented; every handler call and selection is logged.
@MainActor
final class OutlineFixture: NSObject, UICollectionViewDelegate {
    let view: UICollectionView
    let dataSource: UICollectionViewDiffableDataSource<String, String>
    let screen: HeadlessScreen
    var log: [String] = []
    var reports: [String] = []
    var actionHandler: UICellAccessory.ActionHandler?

    init(style: UICellAccessory.OutlineDisclosureOptions.Style?, headerContent: Bool = false, outline: Bool = true) {
        view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480),
                                collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .sidebar)))
        view.contentInsetAdjustmentBehavior = .never
        let parents: Set<String> = ["Fruit", "Vegetables"]
        var handler: () -> UICellAccessory.ActionHandler? = { nil }
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, item in
            var content = parents.contains(item) && headerContent ? UIListContentConfiguration.header() : cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
            cell.indentationLevel = parents.contains(item) ? 0 : 1
            cell.accessories = parents.contains(item)
                ? [.outlineDisclosure(options: .init(style: style), actionHandler: handler())] : []
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: view) { view, path, item in
            view.dequeueConfiguredReusableCell(using: registration, for: path, item: item)
        }
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 2)
        self.screen = screen
        root.addSubview(view)
        super.init()
        handler = { [unowned self] in self.actionHandler }
        view.delegate = self
        view.onInvalidUpdate = { [unowned self] in self.reports.append($0.message) }
        screen.onReport = { [unowned self] in self.reports.append($0) }
        if outline {
            var sections = NSDiffableDataSourceSnapshot<String, String>()
            sections.appendSections(["food"])
            dataSource.apply(sections, animatingDifferences: false)
            var food = NSDiffableDataSourceSectionSnapshot<String>()
            food.append(["Fruit", "Vegetables"])
            food.append(["Apple", "Pear"], to: "Fruit")
            food.append(["Leek"], to: "Vegetables")
            dataSource.apply(food, to: "food", animatingDifferences: false)
        } else {
            var flat = NSDiffableDataSourceSnapshot<String, String>()
            flat.appendSections(["food"])
            flat.appendItems(["Fruit", "Vegetables"], toSection: "food")
            dataSource.apply(flat, animatingDifferences: false)
        }
        screen.advance(by: 1.0 / 60)
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        log.append("select \(dataSource.itemIdentifier(for: indexPath) ?? "?")")
    }

    var shown: [String] { dataSource.snapshot().itemIdentifiers }

    func cell(_ item: String) -> UICollectionViewListCell? {
        dataSource.indexPath(for: item).flatMap { view.cellForItem(at: $0) as? UICollectionViewListCell }
    }

    func chevron(_ item: String) -> UIView? {
        cell(item)?.accessoryViews.first { ($0.view as? ListAccessoryGlyph)?.kind == .outlineDisclosure }?.view
    }

    /// The chevron's turn as drawn now, in degrees.
    func turn(_ item: String) -> Double {
        guard let layer = chevron(item)?.layer else { return .nan }
        let t = layer.presentation()?.transform ?? layer.transform
        return Double(atan2(t.m12, t.m11)) * 180 / .pi
    }

    func tapMiddle(_ item: String) {
        guard let cell = cell(item) else { return }
        screen.tap(at: cell.convert(CGPoint(x: cell.bounds.midX - 40, y: cell.bounds.midY), to: nil))
    }

    func tapChevron(_ item: String) {
        guard let chevron = chevron(item) else { return }
        screen.tap(at: chevron.convert(CGPoint(x: chevron.bounds.midX, y: chevron.bounds.midY), to: nil))
    }

    func logHandlers() {
        dataSource.sectionSnapshotHandlers.shouldExpandItem = { [unowned self] in log.append("shouldExpand \($0)"); return true }
        dataSource.sectionSnapshotHandlers.willExpandItem = { [unowned self] in log.append("willExpand \($0)") }
        dataSource.sectionSnapshotHandlers.shouldCollapseItem = { [unowned self] in log.append("shouldCollapse \($0)"); return true }
        dataSource.sectionSnapshotHandlers.willCollapseItem = { [unowned self] in log.append("willCollapse \($0)") }
    }
}

@MainActor
@Suite("Outlines by touch")
struct OutlineTouchTests {
    @Test("header style: a tap anywhere on the row expands it (the chevron turns, frame by frame), another collapses it; never selected")
    func headerStyleToggles() throws {
        let fixture = OutlineFixture(style: .header)
        fixture.logHandlers()
        #expect(fixture.shown == ["Fruit", "Vegetables"])
        #expect(abs(fixture.turn("Fruit")) < 0.01)
        fixture.tapMiddle("Fruit")
        #expect(fixture.shown == ["Fruit", "Apple", "Pear", "Vegetables"])
        #expect(fixture.log == ["shouldExpand Fruit", "willExpand Fruit"])
        #expect(fixture.cell("Fruit")?.configurationState.isExpanded == true)
        fixture.screen.advance(by: 0.1)
        let midway = fixture.turn("Fruit")
        #expect(midway > 5 && midway < 85, "turning: \(midway)°")
        let apple = try #require(fixture.cell("Apple"))
        #expect(apple.presentedAlpha < 1, "the children fade in")
        fixture.screen.advance(by: 0.5)
        #expect(abs(fixture.turn("Fruit") - 90) < 0.01, "points down")
        #expect(fixture.cell("Apple")?.frame.minY == fixture.cell("Fruit")!.frame.maxY)
        writeForLooking(fixture.screen.snapshot(), "outline-expanded")

        fixture.log = []
        fixture.tapChevron("Fruit")
        #expect(fixture.shown == ["Fruit", "Vegetables"])
        #expect(fixture.log == ["shouldCollapse Fruit", "willCollapse Fruit"], "the chevron's tap toggles once")
        fixture.screen.advance(by: 0.5)
        #expect(abs(fixture.turn("Fruit")) < 0.01)
        #expect(fixture.view.indexPathsForSelectedItems == nil)
        #expect(fixture.reports.isEmpty, "\(fixture.reports)")
    }

    @Test("cell style: a tap on the row selects it, a tap on the chevron expands it")
    func cellStyle() {
        let fixture = OutlineFixture(style: .cell)
        fixture.tapMiddle("Vegetables")
        #expect(fixture.log == ["select Vegetables"])
        #expect(fixture.shown == ["Fruit", "Vegetables"])
        fixture.tapChevron("Vegetables")
        #expect(fixture.shown == ["Fruit", "Vegetables", "Leek"])
        #expect(fixture.log == ["select Vegetables"])
        fixture.screen.advance(by: 0.5)
        #expect(abs(fixture.turn("Vegetables") - 90) < 0.01)
    }

    @Test("automatic style: header content toggles on a tap anywhere, cell content only on the chevron")
    func automaticStyle() {
        let headers = OutlineFixture(style: nil, headerContent: true)
        headers.tapMiddle("Fruit")
        #expect(headers.shown == ["Fruit", "Apple", "Pear", "Vegetables"])
        #expect(headers.log.isEmpty)
        let cells = OutlineFixture(style: .automatic, headerContent: false)
        cells.tapMiddle("Fruit")
        #expect(cells.shown == ["Fruit", "Vegetables"])
        #expect(cells.log == ["select Fruit"])
    }

    @Test("shouldExpandItem and shouldCollapseItem can refuse; the chevron stays")
    func handlersRefuse() {
        let fixture = OutlineFixture(style: .header)
        fixture.dataSource.sectionSnapshotHandlers.shouldExpandItem = { $0 != "Fruit" }
        fixture.dataSource.sectionSnapshotHandlers.shouldCollapseItem = { _ in false }
        fixture.tapMiddle("Fruit")
        fixture.screen.advance(by: 0.5)
        #expect(fixture.shown == ["Fruit", "Vegetables"])
        #expect(abs(fixture.turn("Fruit")) < 0.01)
        fixture.tapMiddle("Vegetables")
        fixture.screen.advance(by: 0.5)
        #expect(fixture.shown == ["Fruit", "Vegetables", "Leek"])
        fixture.tapMiddle("Vegetables")
        fixture.screen.advance(by: 0.5)
        #expect(fixture.shown == ["Fruit", "Vegetables", "Leek"], "may not collapse")
        #expect(abs(fixture.turn("Vegetables") - 90) < 0.01)
    }

    @Test("snapshotForExpandingParent supplies the children; children that are already elsewhere are reported once and nothing changes")
    func lazyChildren() {
        let fixture = OutlineFixture(style: .header)
        var asked: [(String, [String])] = []
        fixture.dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, current in
            asked.append((parent, current.items))
            var children = NSDiffableDataSourceSectionSnapshot<String>()
            children.append(parent == "Fruit" ? ["Cherry", "Plum"] : ["Apple"])
            return children
        }
        fixture.tapMiddle("Fruit")
        #expect(asked.map(\.0) == ["Fruit"] && asked.first?.1 == ["Apple", "Pear"])
        #expect(fixture.shown == ["Fruit", "Cherry", "Plum", "Vegetables"])
        fixture.screen.advance(by: 0.5)
        // "Apple" is no longer in the outline; "Cherry" is: a handler giving Vegetables a
        // child Fruit already has makes a bad outline, which is reported and not applied.
        fixture.dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { _, _ in
            var children = NSDiffableDataSourceSectionSnapshot<String>()
            children.append(["Cherry"])
            return children
        }
        fixture.tapMiddle("Vegetables")
        fixture.tapMiddle("Vegetables")
        fixture.screen.advance(by: 0.5)
        #expect(fixture.shown == ["Fruit", "Cherry", "Plum", "Vegetables"])
        #expect(abs(fixture.turn("Vegetables")) < 0.01)
        #expect(fixture.reports.count == 2, "each bad outline is reported, nothing traps: \(fixture.reports)")
    }

    @Test("an action handler runs instead of expanding; a flat snapshot is reported once")
    func handlerAndFlatData() {
        let fixture = OutlineFixture(style: .header)
        var ran = 0
        fixture.actionHandler = { ran += 1 }
        var reload = fixture.dataSource.snapshot()
        reload.reconfigureItems(["Fruit"])
        fixture.dataSource.apply(reload, animatingDifferences: false)
        fixture.screen.advance(by: 1.0 / 60)
        fixture.tapMiddle("Fruit")
        #expect(ran == 1)
        #expect(fixture.shown == ["Fruit", "Vegetables"])

        let flat = OutlineFixture(style: .header, outline: false)
        flat.tapMiddle("Fruit")
        flat.tapMiddle("Fruit")
        #expect(flat.shown == ["Fruit", "Vegetables"])
        #expect(flat.reports.count == 1, "\(flat.reports)")
    }
}
