import Foundation
import Tabula

/// Sections of `items` items each, cells from the "tile" pool.
@MainActor
final class SectionsSource: NSObject, UICollectionViewDataSource {
    let sections: Int, items: Int
    init(sections: Int, items: Int) { (self.sections, self.items) = (sections, items) }
    func numberOfSections(in collectionView: UICollectionView) -> Int { sections }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
        cell.contentView.backgroundColor = indexPath.item & 1 == 0 ? .systemTeal : .systemOrange
        return cell
    }
}

/// A 390×844 screen at 1x showing `sections` sections of 100 items, four to a row of 96
/// points, in a compositional layout (every other section scrolls sideways).
@MainActor
func compositionalScene(sections: Int) -> (HeadlessScreen, UICollectionView, SectionsSource) {
    let screen = HeadlessScreen(size: CGSize(width: 390, height: 844), scale: 1)
    let window = UIWindow(frame: .zero)
    let controller = UIViewController()
    window.rootViewController = controller
    screen.show(window)
    let layout = UICollectionViewCompositionalLayout { index, _ in
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.25),
                                                                             heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(index % 2 == 0 ? 1 : 0.9), heightDimension: .absolute(96)),
            repeatingSubitem: item, count: 4)
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 2
        if index % 2 == 1 { section.orthogonalScrollingBehavior = .groupPaging }
        return section
    }
    let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
    view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "tile")
    let source = SectionsSource(sections: sections, items: 100)
    view.dataSource = source
    controller.view.addSubview(view)
    screen.advance(by: 1.0 / 60)
    return (screen, view, source)
}

@MainActor
func runCompositionalBenchmarks() {
    let (smallScreen, small, smallSource) = compositionalScene(sections: 100)
    let (bigScreen, big, bigSource) = compositionalScene(sections: 1000)
    let notes = ["what": "invalidateLayout and the next layout: prepare() asks every section, then the cells on screen"]
    benchmark("compositional.prepare.1000sections.100items", iterations: 100, notes: notes,
              { big.collectionViewLayout.invalidateLayout(); big.layoutIfNeeded() },
              against: "compositional.prepare.100sections.100items", baselineNotes: notes) {
        small.collectionViewLayout.invalidateLayout(); small.layoutIfNeeded()
    }
    var steps: [ObjectIdentifier: CGFloat] = [:]
    for view in [small, big] {
        view.contentOffset.y = view.contentSize.height / 2
        view.layoutIfNeeded()
        steps[ObjectIdentifier(view)] = 7
    }
    func scrollFrame(_ view: UICollectionView) {
        var step = steps[ObjectIdentifier(view)]!
        if view.contentOffset.y > view.maximumContentOffset.y - 1000 || view.contentOffset.y < 1000 { step = -step }
        steps[ObjectIdentifier(view)] = step
        view.contentOffset.y += step
        view.layoutIfNeeded()
    }
    let scrollNotes = ["what": "move 7 pt and lay out: layoutAttributesForElements(in:), tiling, orthogonal scrollers"]
    benchmark("compositional.scrollFrame.1000sections.100items", iterations: 2000, notes: scrollNotes, { scrollFrame(big) },
              against: "compositional.scrollFrame.100sections.100items", baselineNotes: scrollNotes) { scrollFrame(small) }
    withExtendedLifetime((smallScreen, smallSource, bigScreen, bigSource)) {}
}
