import Foundation
import Synchronization
import Testing
@testable import TabulaCollection
@testable import TabulaUIKit
import Tabula
import TabulaUIKitTestSupport

/// A content view whose only subview is `height` points tall and pinned to all four edges
/// (8 points in from the sides): the constraints, not the cell, say how tall it is.
@MainActor
private final class TallContentView: UIView, UIContentView {
    struct Configuration: UIContentConfiguration {
        var height: CGFloat
        func makeContentView() -> any UIView & UIContentView { TallContentView(self) }
        func updated(for state: any UIConfigurationState) -> Configuration { self }
    }

    let tall = UIView()
    var configuration: any UIContentConfiguration

    init(_ configuration: Configuration) {
        self.configuration = configuration
        super.init(frame: .zero)
        tall.translatesAutoresizingMaskIntoConstraints = false
        tall.backgroundColor = .systemBlue
        addSubview(tall)
        NSLayoutConstraint.activate([
            tall.topAnchor.constraint(equalTo: topAnchor),
            tall.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 8),
            tall.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -8),
            tall.bottomAnchor.constraint(equalTo: bottomAnchor),
            tall.heightAnchor.constraint(equalToConstant: configuration.height),
        ])
    }

    required init?(coder: NSCoder) { return nil }
}

/// A header whose constraints make it half as tall as it is wide, laid out again when it
/// is about to be shown (as a header that animates a progress bar in does).
@MainActor
private final class HalfHeightHeader: UICollectionReusableView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        heightAnchor.constraint(equalTo: widthAnchor, multiplier: 0.5).isActive = true
    }
    required init?(coder: NSCoder) { return nil }
}

/// A list controller as Apple's "Today" tutorial writes one: in `viewDidLoad` it gives its
/// collection view a list layout with section headers, then a diffable data source whose
/// supplementary view provider makes them, then (last) a snapshot.
@MainActor
private final class HeaderListController: UICollectionViewController {
    var dataSource: UICollectionViewDiffableDataSource<Int, String>!
    var providesHeaders = true
    var headersShown: [UICollectionReusableView] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        var configuration = UICollectionLayoutListConfiguration(appearance: .grouped)
        configuration.headerMode = .supplementary
        collectionView.collectionViewLayout = UICollectionViewCompositionalLayout.list(using: configuration)
        let cells = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { view, path, item in
            view.dequeueConfiguredReusableCell(using: cells, for: path, item: item)
        }
        if providesHeaders {
            let headers = UICollectionView.SupplementaryRegistration<HalfHeightHeader>(
                elementKind: UICollectionView.elementKindSectionHeader) { _, _, _ in }
            dataSource.supplementaryViewProvider = { [unowned self] _, _, path in
                collectionView.dequeueConfiguredReusableSupplementary(using: headers, for: path)
            }
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["One", "Two"])
        dataSource.apply(snapshot)
    }

    override func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                                 forElementKind elementKind: String, at indexPath: IndexPath) {
        headersShown.append(view)
        view.layoutIfNeeded()
    }
}

@MainActor
@Suite("List cells with custom content and backgrounds")
struct ListCustomContentTests {
    /// A grouped list of `heights.count` rows on a 320 × 480 screen, each row's content a
    /// ``TallContentView`` of that height; the screen's reports are collected.
    private func showTallRows(_ heights: [CGFloat], headers: Bool = false, separatorGuide: Bool = false)
        -> (UICollectionView, HeadlessScreen, Reports) {
        var configuration = UICollectionLayoutListConfiguration(appearance: .grouped)
        if headers { configuration.headerMode = .supplementary }
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480),
                                    collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
        view.contentInsetAdjustmentBehavior = .never
        let cells = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { cell, _, item in
            cell.contentConfiguration = TallContentView.Configuration(height: heights[item])
            if separatorGuide, let content = cell.contentView as? TallContentView {
                // The separator under the tall view's leading edge, as Apple's list samples do.
                cell.separatorLayoutGuide.leadingAnchor.constraint(equalTo: content.tall.leadingAnchor).isActive = true
            }
        }
        let source = UICollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, path, item in
            view.dequeueConfiguredReusableCell(using: cells, for: path, item: item)
        }
        let headerRegistration = UICollectionView.SupplementaryRegistration<HalfHeightHeader>(
            elementKind: UICollectionView.elementKindSectionHeader) { _, _, _ in }
        source.supplementaryViewProvider = { view, _, path in
            view.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: path)
        }
        let delegate = LayingOutDelegate()
        view.delegate = delegate
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(heights.indices))
        source.apply(snapshot, animatingDifferences: false)
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        let reports = Reports()
        screen.onReport = { reports.messages.append($0) }
        keptObjects.append(source)
        keptObjects.append(delegate)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        return (view, screen, reports)
    }

    @Test("a list cell whose content's constraints make it 200 points tall is 200 points tall, with no conflict reported")
    func contentConstraintsDecideTheHeight() throws {
        let (view, screen, reports) = showTallRows([200, 120])
        defer { withExtendedLifetime(screen) {} }
        let first = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)))
        let second = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)))
        #expect(first.frame.height == 200, "\(first.frame)")
        #expect(second.frame.height == 120 && second.frame.minY == first.frame.maxY, "\(second.frame)")
        let tall = try #require((first.contentView as? TallContentView)?.tall)
        #expect(tall.frame.height == 200 && tall.frame.minY == 0, "\(tall.frame)")
        #expect(!reports.messages.contains { $0.contains("Unable to simultaneously satisfy constraints") }, "\(reports.messages)")
    }

    @Test("a list cell of constraints whose separator guide follows its content is as tall as they say, with no conflict")
    func separatorGuideWithTallContent() throws {
        let (view, screen, reports) = showTallRows([200, 120], separatorGuide: true)
        defer { withExtendedLifetime(screen) {} }
        let first = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell)
        #expect(first.frame.height == 200, "\(first.frame)")
        #expect(first.separatorLayoutGuide.layoutFrame.minX == 8, "\(first.separatorLayoutGuide.layoutFrame)")
        #expect(!reports.messages.contains { $0.contains("Unable to simultaneously satisfy constraints") }, "\(reports.messages)")
    }

    @Test("a header whose constraints make it half as tall as wide takes that height, laid out when shown with no conflict")
    func headerConstraintsDecideTheHeight() throws {
        let (view, screen, reports) = showTallRows([60], headers: true)
        defer { withExtendedLifetime(screen) {} }
        let header = try #require(view.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader,
                                                         at: IndexPath(item: 0, section: 0)))
        #expect(header.frame.size == CGSize(width: 320, height: 160), "\(header.frame)")
        let cell = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(cell.frame.minY == header.frame.maxY && cell.frame.height == 60, "\(cell.frame)")
        #expect(!reports.messages.contains { $0.contains("Unable to simultaneously satisfy constraints") }, "\(reports.messages)")
    }

    @Test("a list cell's background configuration at 50 % alpha blends with the list's background behind it")
    func translucentBackgroundConfiguration() throws {
        var configuration = UICollectionLayoutListConfiguration(appearance: .grouped)
        configuration.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480),
                                    collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
        view.contentInsetAdjustmentBehavior = .never
        let cells = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { cell, _, _ in
            var background = UIBackgroundConfiguration.listGroupedCell()
            background.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1).withAlphaComponent(0.5)
            cell.backgroundConfiguration = background
        }
        let source = UICollectionViewDiffableDataSource<Int, Int>(collectionView: view) { view, path, item in
            view.dequeueConfiguredReusableCell(using: cells, for: path, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems([0])
        source.apply(snapshot, animatingDifferences: false)
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
        let cell = try #require(view.cellForItem(at: IndexPath(item: 0, section: 0)))
        let middle = cell.convert(CGPoint(x: cell.bounds.midX, y: cell.bounds.midY), to: nil)
        let image = try #require(screen.snapshot().cgImage)
        let pixel = image.pixel(x: Int(middle.x), y: Int(middle.y))
        // Half red over blue: about (128, 0, 128), not red over the cell's own white (255, 128, 128).
        #expect(abs(Int(pixel.red) - 128) <= 3 && Int(pixel.green) <= 3 && abs(Int(pixel.blue) - 128) <= 3,
                "(\(pixel.red), \(pixel.green), \(pixel.blue))")
        withExtendedLifetime(source) {}
    }

    @Test("a list controller that sets its layout before its diffable data source's header provider shows the header, unreported")
    func headerProviderSetInViewDidLoad() throws {
        // The view loads before it is on the screen: what it reports then belongs to no screen.
        let offScreen = Mutex<[String]>([])
        let previous = ProblemReports.unattributedHandler
        ProblemReports.unattributedHandler = { line in offScreen.withLock { $0.append(line) } }
        defer { ProblemReports.unattributedHandler = previous }
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480), scale: 1)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        let controller = HeaderListController(collectionViewLayout: UICollectionViewFlowLayout())
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 1.0 / 60)
        let header = controller.collectionView.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader,
                                                                 at: IndexPath(item: 0, section: 0))
        #expect(header is HalfHeightHeader)
        #expect(controller.headersShown.count == 1 && controller.headersShown.first === header,
                "no empty header was shown first: \(controller.headersShown)")
        let missing = (reports + offScreen.withLock { $0 }).filter { $0.contains("supplementary view") }
        #expect(missing.isEmpty, "\(missing)")
    }

    @Test("without a supplementary view provider, the missing header is still reported when the list is shown")
    func missingProviderIsReported() throws {
        let screen = HeadlessScreen(size: CGSize(width: 320, height: 480), scale: 1)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        let controller = HeaderListController(collectionViewLayout: UICollectionViewFlowLayout())
        controller.providesHeaders = false
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        screen.advance(by: 1.0 / 60)
        #expect(reports.count == 1, "\(reports)")
        #expect(reports.first?.contains("supplementaryViewProvider is not set") == true, "\(reports)")
    }
}

/// The messages a screen reported.
@MainActor
private final class Reports {
    var messages: [String] = []
}

/// A delegate that lays out each header as it is about to be shown, as a header that
/// animates its content in does.
@MainActor
private final class LayingOutDelegate: NSObject, UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                        forElementKind elementKind: String, at indexPath: IndexPath) {
        view.layoutIfNeeded()
    }
}

/// Data sources and delegates the collection views of these tests hold weakly.
@MainActor private var keptObjects: [AnyObject] = []
