import Foundation
import Tabula

/// A grid of `count` items in one section, cells from the "tile" pool.
@MainActor
final class GridSource: NSObject, UICollectionViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
        cell.contentView.backgroundColor = indexPath.item & 1 == 0 ? .systemTeal : .systemOrange
        return cell
    }
}

/// A 390×844 screen at 1x showing a three-column flow-layout grid of `count` items.
@MainActor
func gridScene(count: Int) -> (HeadlessScreen, UICollectionView, GridSource) {
    let screen = HeadlessScreen(size: CGSize(width: 390, height: 844), scale: 1)
    let window = UIWindow(frame: .zero)
    let controller = UIViewController()
    window.rootViewController = controller
    screen.show(window)
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 128, height: 128)
    layout.minimumLineSpacing = 2
    layout.minimumInteritemSpacing = 2
    let grid = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
    grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "tile")
    let source = GridSource(count: count)
    grid.dataSource = source
    controller.view.addSubview(grid)
    screen.advance(by: 1.0 / 60)
    return (screen, grid, source)
}

@MainActor
func runCollectionBenchmarks() {
    let (smallScreen, small, smallSource) = gridScene(count: 1000)
    let (bigScreen, big, bigSource) = gridScene(count: 10_000_000)
    var steps: [ObjectIdentifier: CGFloat] = [:]
    for grid in [small, big] {
        grid.scrollToItem(at: IndexPath(item: grid.numberOfItems(inSection: 0) / 2, section: 0), at: .top, animated: false)
        grid.layoutIfNeeded()
        steps[ObjectIdentifier(grid)] = 7
    }
    func scrollFrame(_ grid: UICollectionView) {
        var step = steps[ObjectIdentifier(grid)]!
        if grid.contentOffset.y > grid.maximumContentOffset.y - 1000 || grid.contentOffset.y < 1000 { step = -step }
        steps[ObjectIdentifier(grid)] = step
        grid.contentOffset.y += step
        grid.layoutIfNeeded()
    }
    let notes = ["what": "move 7 pt (420 pt/s) and lay the grid out: layoutAttributesForElements(in:), tiling, reuse"]
    benchmark("collection.scrollFrame.layout.10000000items", budget: 0.05, iterations: 2000, notes: notes,
              ratioBudget: 1.1, { scrollFrame(big) },
              against: "collection.scrollFrame.layout.1000items", baselineNotes: notes) { scrollFrame(small) }
    let reloadNotes = ["what": "reloadData and the next layout: counts, prepare(), the cells on screen"]
    benchmark("collection.reload.layout.10000000items", iterations: 200, notes: reloadNotes,
              { big.reloadData(); big.layoutIfNeeded() },
              against: "collection.reload.layout.1000items", baselineNotes: reloadNotes) { small.reloadData(); small.layoutIfNeeded() }
    withExtendedLifetime((smallScreen, smallSource, bigScreen, bigSource)) {}
}
