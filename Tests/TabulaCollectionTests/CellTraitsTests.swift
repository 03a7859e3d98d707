import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// Cells and supplementary views a collection view hands to its data source have the
/// collection view's traits before they are on screen, as a table's do and as UIKit's do:
/// a handler that draws a hairline (`1 / displayScale`) or picks a colour for the
/// appearance sees the screen's scale and appearance.
@MainActor
@Suite("Cells of a collection view: its traits while they are configured and in the pool")
struct CellTraitsTests {
    /// What a registration's handler saw.
    final class Seen {
        var scales: [CGFloat] = []
        var styles: [UIUserInterfaceStyle] = []
        var headerScales: [CGFloat] = []
        var strokeWidths: [CGFloat] = []
    }

    /// A grid whose cells get a border one pixel wide, drawn by their background
    /// configuration, the way Apple's modern collection view sample does it.
    final class Grid: UIViewController {
        let seen = Seen()
        var collectionView: UICollectionView!
        var dataSource: UICollectionViewDiffableDataSource<Int, Int>!

        override func viewDidLoad() {
            super.viewDidLoad()
            let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)),
                                                           subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            section.boundarySupplementaryItems = [header]
            collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewCompositionalLayout(section: section))
            collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(collectionView)
            let seen = seen
            let cells = UICollectionView.CellRegistration<UICollectionViewCell, Int> { cell, _, _ in
                seen.scales.append(cell.traitCollection.displayScale)
                seen.styles.append(cell.traitCollection.userInterfaceStyle)
                var background = UIBackgroundConfiguration.listPlainCell()
                background.strokeColor = .systemGray3
                background.strokeWidth = 1.0 / cell.traitCollection.displayScale
                seen.strokeWidths.append(background.strokeWidth)
                cell.backgroundConfiguration = background
            }
            let headers = UICollectionView.SupplementaryRegistration<UICollectionReusableView>(
                elementKind: UICollectionView.elementKindSectionHeader) { view, _, _ in
                seen.headerScales.append(view.traitCollection.displayScale)
            }
            dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { view, path, item in
                view.dequeueConfiguredReusableCell(using: cells, for: path, item: item)
            }
            dataSource.supplementaryViewProvider = { view, _, path in
                view.dequeueConfiguredReusableSupplementary(using: headers, for: path)
            }
            var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
            snapshot.appendSections([0])
            snapshot.appendItems(Array(0 ..< 80))
            dataSource.apply(snapshot, animatingDifferences: false)
        }
    }

    @Test("a registration's handler sees the screen's scale and appearance, and the cells' one-pixel borders are drawn")
    func handlersSeeTheScreensTraits() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let window = UIWindow(frame: .zero)
        let grid = Grid()
        window.rootViewController = grid
        screen.show(window)
        screen.advance(by: 0.2)
        let seen = grid.seen
        #expect(!seen.scales.isEmpty && !seen.headerScales.isEmpty)
        #expect(seen.scales.allSatisfy { $0 == 3 }, "display scales seen: \(Set(seen.scales))")
        #expect(seen.headerScales.allSatisfy { $0 == 3 })
        #expect(seen.strokeWidths.allSatisfy { abs($0 - 1.0 / 3) < 1e-9 }, "stroke widths: \(Set(seen.strokeWidths))")
        #expect(seen.styles.allSatisfy { $0 == .light })

        // The border shows: between two cells of the first row, the stroke's grey, not the
        // cells' white.
        let first = try #require(grid.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        let frame = first.convert(first.bounds, to: nil)
        let bitmap = try #require(screen.snapshot().cgImage)
        let scale = 3.0
        let y = Int(frame.midY * scale)
        let inside = bitmap.color(x: Int(frame.midX * scale), y: y)
        let edge = bitmap.color(x: Int((frame.maxX - 0.1) * scale), y: y)
        #expect(inside.red > 0.95 && inside.green > 0.95, "the cell's middle is white: \(inside)")
        #expect(edge.red < 0.9, "the cell's right edge shows its one-pixel border: \(edge)")

        // In dark mode, cells configured from then on (scrolled in) see the dark appearance,
        // and so do the cells waiting in the pool.
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.1)
        seen.styles.removeAll()
        grid.collectionView.setContentOffset(CGPoint(x: 0, y: 900), animated: false)
        screen.advance(by: 0.1)
        #expect(!seen.styles.isEmpty && seen.styles.allSatisfy { $0 == .dark }, "styles seen: \(seen.styles)")
        #expect(seen.scales.allSatisfy { $0 == 3 })
    }
}
