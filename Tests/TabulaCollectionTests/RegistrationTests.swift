import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A header that keeps what its registration told it.
final class KindHeader: UICollectionReusableView {
    var kind: String?
    var title: String?
}

/// A cell of another class than a registration's.
final class StrayCell: UICollectionViewCell {}

/// A data source whose cells and headers come from registrations; `headerRegistration`
/// makes the headers (swap it to use one of another kind).
@MainActor
final class RegisteredSource: UICollectionViewDataSource {
    var items: [[String]]
    let cells: UICollectionView.CellRegistration<ItemCell, String>
    var headerRegistration: UICollectionView.SupplementaryRegistration<KindHeader>

    init(_ items: [[String]], headerKind: String = UICollectionView.elementKindSectionHeader) {
        self.items = items
        cells = UICollectionView.CellRegistration { cell, path, item in
            cell.item = "\(item) at \(path.section).\(path.item)"
            cell.configurations += 1
        }
        headerRegistration = UICollectionView.SupplementaryRegistration(elementKind: headerKind) { view, kind, path in
            view.kind = kind
            view.title = "Section \(path.section)"
        }
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { items.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items[section].count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: items[indexPath.section][indexPath.item])
    }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
    }
}

/// The data sources of these tests, kept for the process (a collection view holds its data source weakly).
@MainActor var keptRegisteredSources: [RegisteredSource] = []

@MainActor
@Suite("Cell and supplementary registrations")
struct RegistrationTests {
    private func show(_ source: RegisteredSource) -> (UICollectionView, HeadlessScreen) {
        let layout = flowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        keptRegisteredSources.append(source)
        return (view, screen)
    }

    @Test("the handlers configure each cell with its item and index path, and each header with its kind and section")
    func handlersConfigure() throws {
        let source = RegisteredSource([["a", "b"], ["c"]])
        let (view, screen) = show(source)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        screen.advance(by: 1.0 / 60)
        let cell = try #require(view.cellForItem(at: IndexPath(item: 0, section: 1)) as? ItemCell)
        #expect(cell.item == "c at 1.0")
        #expect((view.cellForItem(at: IndexPath(item: 1, section: 0)) as? ItemCell)?.item == "b at 0.1")
        let header = try #require(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader,
                                                         at: IndexPath(item: 0, section: 1)) as? KindHeader)
        #expect(header.kind == UICollectionView.elementKindSectionHeader && header.title == "Section 1")
        #expect(reports.isEmpty, "\(reports)")
    }

    @Test("cells from a registration are reused: scrolling far makes no more cells than fill the screen twice")
    func reuse() {
        let source = RegisteredSource([names(300)])
        let (view, screen) = show(source)
        screen.advance(by: 1.0 / 60)
        var made = Set<ObjectIdentifier>()
        for y in stride(from: 0, through: 6000, by: 400) {
            view.contentOffset = CGPoint(x: 0, y: y)
            view.layoutIfNeeded()
            for path in view.indexPathsForVisibleItems {
                let cell = view.cellForItem(at: path) as! ItemCell
                made.insert(ObjectIdentifier(cell))
                #expect(cell.item == "\(path.item) at 0.\(path.item)")
            }
        }
        #expect(made.count <= 40, "\(made.count) cells")
    }

    @Test("a registration of another kind is reported, and a view of the kind the layout asked for is shown, without a trap")
    func wrongKind() throws {
        let source = RegisteredSource([["a"], ["b"]], headerKind: UICollectionView.elementKindSectionFooter)
        let (view, screen) = show(source)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        screen.advance(by: 1.0 / 60)
        #expect(reports.count == 2, "one report per header: \(reports)")
        #expect(reports.first?.contains("kind \"\(UICollectionView.elementKindSectionFooter)\"") == true)
        let header = try #require(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader,
                                                         at: IndexPath(item: 0, section: 0)) as? KindHeader)
        #expect(header.kind == UICollectionView.elementKindSectionHeader, "configured for the kind it is shown as")
        // Headers scrolled off and back come from the pool of the kind they were shown as.
        view.reloadData()
        screen.advance(by: 1.0 / 60)
        #expect(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader,
                                       at: IndexPath(item: 0, section: 0)) is KindHeader)
    }

    @Test("a cell of the wrong class under the registration's identifier is reported and replaced by one of its class")
    func wrongClass() throws {
        let source = RegisteredSource([["a", "b"]])
        let (view, screen) = show(source)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        view.register(StrayCell.self, forCellWithReuseIdentifier: source.cells.reuseIdentifier)
        screen.advance(by: 1.0 / 60)
        #expect(reports.count == 1, "\(reports)")
        #expect(reports.first?.contains("StrayCell") == true)
        let cell = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)) as? ItemCell)
        #expect(cell.item == "b at 0.1")
        view.reloadData()
        screen.advance(by: 1.0 / 60)
        #expect(reports.count == 1, "recovered: the registration's class is registered again")
    }

    @Test("a nil item leaves the cell unconfigured, as in UIKit")
    func nilItem() {
        let source = RegisteredSource([["a"]])
        let (view, screen) = show(source)
        defer { withExtendedLifetime(screen) {} }
        let cell = view.dequeueConfiguredReusableCell(using: source.cells, for: IndexPath(item: 0, section: 0), item: nil)
        #expect(cell.item == nil && cell.configurations == 0)
    }
}

/// A data source that makes a new registration for every cell (a mistake UIKit traps on).
@MainActor
final class ChurningSource: UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 600 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let registration = UICollectionView.CellRegistration<ItemCell, Int> { cell, _, item in cell.item = "\(item)" }
        return collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: indexPath.item)
    }
}

@MainActor
@Suite("Registrations made inside the cell provider")
struct RegistrationChurnTests {
    @Test("a registration made for every cell is reported once, and every cell is still made and configured")
    func churn() {
        let source = ChurningSource()
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: flowLayout())
        view.contentInsetAdjustmentBehavior = .never
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        #expect(reports.isEmpty, "a screenful is not yet a pattern")
        for y in stride(from: 0, through: 18_000, by: 400) {
            view.contentOffset = CGPoint(x: 0, y: y)
            view.layoutIfNeeded()
            for path in view.indexPathsForVisibleItems {
                #expect((view.cellForItem(at: path) as? ItemCell)?.item == "\(path.item)")
            }
        }
        #expect(reports.count == 1, "\(reports.count) reports")
        #expect(reports.first?.contains("inside the cell provider") == true)
        withExtendedLifetime(source) {}
    }

    @Test("a header factory (a storyboard's section header) makes the headers of its kind with its identifier, reused as they scroll")
    func supplementaryFactory() throws {
        let layout = flowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        layout.footerReferenceSize = CGSize(width: 0, height: 20)
        let source = NumbersSource(Array(repeating: numbers(6), count: 40))
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        view.register(NumberCell.self, forCellWithReuseIdentifier: "number")
        var made = 0
        view.register(forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "title") {
            made += 1
            let header = TitleHeader(frame: .zero)
            header.tag = 42
            return header
        }
        view.register(TitleHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter, withReuseIdentifier: "title")
        view.dataSource = source
        keptSources.append(source)
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let header = try #require(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader,
                                                          at: IndexPath(item: 0, section: 0)) as? TitleHeader)
        #expect(header.tag == 42 && header.reuseIdentifier == "title")
        #expect(header.label.text == "Section 0" && header.frame == CGRect(x: 0, y: 0, width: 320, height: 30))
        // The footer's registration, of the same identifier but another kind, still makes its class.
        let footer = try #require(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionFooter,
                                                          at: IndexPath(item: 0, section: 0)) as? TitleHeader)
        #expect(footer.tag == 0)
        for y in stride(from: 0, through: 9920, by: 310) {
            view.contentOffset = CGPoint(x: 0, y: y)
            view.layoutIfNeeded()
        }
        let last = try #require(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader,
                                                        at: IndexPath(item: 0, section: 39)) as? TitleHeader)
        #expect(last.label.text == "Section 39" && last.tag == 42)
        #expect(made <= 8, "\(made) headers made for 40 sections")
    }
}
