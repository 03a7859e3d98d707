import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A compositional layout that counts its preparations.
final class CountingCompositionalLayout: UICollectionViewCompositionalLayout {
    var preparations = 0
    override func prepare() {
        preparations += 1
        super.prepare()
    }
}

/// A flow layout that counts its preparations.
final class CountingFlowLayout: UICollectionViewFlowLayout {
    var preparations = 0
    override func prepare() {
        preparations += 1
        super.prepare()
    }
}

/// A collection view of ten 150 × 100 items, two to a row, 10 points of inset above and
/// below (5 rows: 520 points of content), fed by a diffable data source; on a screen, or
/// in no window (a view controller's `viewDidLoad`).
@MainActor
final class ContentSizeFixture {
    static let contentHeight: CGFloat = 520
    let view: UICollectionView
    let dataSource: UICollectionViewDiffableDataSource<Int, Int>
    var screen: HeadlessScreen?
    var root: UIView?
    var cellsMade = 0

    init(flow: Bool, onScreen: Bool) {
        let layout: UICollectionViewLayout
        if flow {
            let flowLayout = CountingFlowLayout()
            flowLayout.itemSize = CGSize(width: 150, height: 100)
            flowLayout.minimumLineSpacing = 0
            flowLayout.minimumInteritemSpacing = 0
            flowLayout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            layout = flowLayout
        } else {
            let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .absolute(100)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
            layout = CountingCompositionalLayout(section: section)
        }
        view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 300), collectionViewLayout: layout)
        view.contentInsetAdjustmentBehavior = .never
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { _, _, _ in }
        var made = {}
        dataSource = UICollectionViewDiffableDataSource(collectionView: view) { view, path, item in
            made()
            return view.dequeueConfiguredReusableCell(using: registration, for: path, item: item)
        }
        made = { [unowned self] in self.cellsMade += 1 }
        if onScreen { show() }
    }

    /// Puts the collection view on a screen and runs a frame.
    func show() {
        let (screen, root) = makeScreen(width: 320, height: 300, scale: 1)
        self.screen = screen
        self.root = root
        root.addSubview(view)
        screen.advance(by: 1.0 / 60)
    }

    var preparations: Int {
        (view.collectionViewLayout as? CountingFlowLayout)?.preparations
            ?? (view.collectionViewLayout as! CountingCompositionalLayout).preparations
    }

    func snapshot(_ count: Int = 10) -> NSDiffableDataSourceSnapshot<Int, Int> {
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0 ..< count))
        return snapshot
    }
}

/// UIKit updates a collection view synchronously in `apply(_:animatingDifferences:)`
/// (a batch update): on screen, `contentSize` is the new content's when `apply` returns.
/// Its own layouts compute `collectionViewContentSize` when asked, preparing if they were
/// invalidated, so the layout's size is right after any `apply` or `reloadData()`, on
/// screen or not; and `layoutIfNeeded()` sets `contentSize` at once. Apps size a pinned
/// header or a height constraint from these right after applying.
@MainActor
@Suite("Collection view content size right after apply")
struct ContentSizeAfterApplyTests {
    @Test("On screen, apply without animation: contentSize and the layout's size are the whole content's when apply returns, prepared once",
          arguments: [false, true])
    func onScreenApply(flow: Bool) {
        let fixture = ContentSizeFixture(flow: flow, onScreen: true)
        let before = fixture.preparations
        fixture.dataSource.apply(fixture.snapshot(), animatingDifferences: false)
        #expect(fixture.view.contentSize.height == ContentSizeFixture.contentHeight)
        #expect(fixture.view.collectionViewLayout.collectionViewContentSize.height == ContentSizeFixture.contentHeight)
        fixture.screen!.advance(by: 1.0 / 60)
        #expect(fixture.preparations == before + 1, "one preparation for the apply and the frame after it")
        #expect(fixture.view.contentSize.height == ContentSizeFixture.contentHeight)
        // A second apply that removes a row's worth of items shrinks the content at once too.
        fixture.dataSource.apply(fixture.snapshot(8), animatingDifferences: false)
        #expect(fixture.view.contentSize.height == ContentSizeFixture.contentHeight - 100)
    }

    @Test("In no window (viewDidLoad), apply: the layout's size is the content's when asked, without making cells; layoutIfNeeded sets contentSize; one preparation in all",
          arguments: [false, true])
    func offScreenApply(flow: Bool) {
        let fixture = ContentSizeFixture(flow: flow, onScreen: false)
        fixture.dataSource.apply(fixture.snapshot(), animatingDifferences: false)
        #expect(fixture.view.collectionViewLayout.collectionViewContentSize.height == ContentSizeFixture.contentHeight)
        #expect(fixture.view.collectionViewLayout.collectionViewContentSize.width == 320)
        #expect(fixture.cellsMade == 0, "asking for the size makes no cells")
        fixture.view.layoutIfNeeded()
        #expect(fixture.view.contentSize.height == ContentSizeFixture.contentHeight)
        #expect(fixture.preparations == 1, "the size asked and the layout pass share one preparation")
        fixture.show()
        #expect(fixture.view.contentSize.height == ContentSizeFixture.contentHeight)
        #expect(fixture.view.visibleCells.count == 6)
    }

    @Test("content that shrinks under the offset brings the offset back to its end, cells on screen; an offset set past the end in code stays",
          arguments: [false, true])
    func shrinkingContentSettlesTheOffset(flow: Bool) {
        let fixture = ContentSizeFixture(flow: flow, onScreen: true)
        fixture.dataSource.apply(fixture.snapshot(40), animatingDifferences: false)
        fixture.screen!.advance(by: 1.0 / 60)
        let view = fixture.view
        view.setContentOffset(CGPoint(x: 0, y: view.contentSize.height - 300), animated: false)
        fixture.screen!.advance(by: 1.0 / 60)
        #expect(abs(view.contentOffset.y - 1720) < 0.01, "at the end of 20 rows: \(view.contentOffset.y)")
        // Four items left (two rows, 220 points): before, the offset stayed 1,720 points
        // down and the screen showed nothing.
        fixture.dataSource.applySnapshotUsingReloadData(fixture.snapshot(4))
        fixture.screen!.advance(by: 1.0 / 60)
        #expect(view.contentSize.height == 220)
        #expect(view.contentOffset.y == 0, "the content is shorter than the screen: at its top")
        #expect(view.visibleCells.count == 4)
        fixture.dataSource.apply(fixture.snapshot(12), animatingDifferences: false)
        fixture.screen!.advance(by: 1.0 / 60)
        view.setContentOffset(CGPoint(x: 0, y: 520), animated: false)
        fixture.screen!.advance(by: 1.0 / 60)
        #expect(view.contentOffset.y == 520, "past the end on purpose, the content unchanged: it stays, as in UIKit")
        fixture.dataSource.apply(fixture.snapshot(10), animatingDifferences: false)
        fixture.screen!.advance(by: 1.0 / 60)
        #expect(abs(view.contentOffset.y - 220) < 0.01, "the content shrank: back to its end: \(view.contentOffset.y)")
    }

    @Test("reloadData (applySnapshotUsingReloadData): the layout's size is the new content's when asked; layoutIfNeeded sets contentSize",
          arguments: [false, true])
    func reloadThenSize(flow: Bool) {
        let fixture = ContentSizeFixture(flow: flow, onScreen: true)
        fixture.dataSource.applySnapshotUsingReloadData(fixture.snapshot())
        let before = fixture.preparations
        #expect(fixture.view.collectionViewLayout.collectionViewContentSize.height == ContentSizeFixture.contentHeight)
        fixture.view.layoutIfNeeded()
        #expect(fixture.view.contentSize.height == ContentSizeFixture.contentHeight)
        #expect(fixture.preparations == before + 1)
        fixture.screen!.advance(by: 1.0 / 60)
        #expect(fixture.preparations == before + 1)
    }

    @Test("A height constraint set from contentSize right after apply holds the whole content, with no conflict reported")
    func heightConstraintFromContentSize() {
        let fixture = ContentSizeFixture(flow: false, onScreen: true)
        var reports: [String] = []
        fixture.screen!.onReport = { reports.append($0) }
        let view = fixture.view
        view.removeFromSuperview()
        view.translatesAutoresizingMaskIntoConstraints = false
        fixture.root!.addSubview(view)
        let height = view.heightAnchor.constraint(equalToConstant: 0)
        NSLayoutConstraint.activate([
            view.topAnchor.constraint(equalTo: fixture.root!.topAnchor),
            view.leadingAnchor.constraint(equalTo: fixture.root!.leadingAnchor),
            view.widthAnchor.constraint(equalToConstant: 320),
            height,
        ])
        fixture.screen!.advance(by: 1.0 / 60)
        fixture.dataSource.apply(fixture.snapshot(4), animatingDifferences: false)
        height.constant = view.collectionViewLayout.collectionViewContentSize.height
        fixture.screen!.advance(by: 1.0 / 60)
        #expect(view.frame.height == 220, "two rows and the insets")
        #expect(view.visibleCells.count == 4)
        #expect(reports.isEmpty, "\(reports)")
    }
}
