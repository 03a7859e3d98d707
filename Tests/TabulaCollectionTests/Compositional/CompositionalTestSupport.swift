import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A collection view of `size` showing `sections` with any `layout`, on a screen, laid out once.
@MainActor
func showLayout(_ sections: [[Int]], layout: UICollectionViewLayout, size: CGSize = CGSize(width: 320, height: 480))
    -> (UICollectionView, NumbersSource, HeadlessScreen) {
    showCollection(sections, layout: layout, size: size)
}

/// A section of one group of `count` items of `item` size, in a row of `group` size.
@MainActor
func rowSection(item: NSCollectionLayoutSize, group: NSCollectionLayoutSize, count: Int) -> NSCollectionLayoutSection {
    NSCollectionLayoutSection(group: .horizontal(layoutSize: group, repeatingSubitem: NSCollectionLayoutItem(layoutSize: item), count: count))
}

@MainActor
func size(_ w: NSCollectionLayoutDimension, _ h: NSCollectionLayoutDimension) -> NSCollectionLayoutSize {
    NSCollectionLayoutSize(widthDimension: w, heightDimension: h)
}

extension UICollectionView {
    func frameOfItem(_ item: Int, _ section: Int = 0) -> CGRect? {
        cellForItem(at: IndexPath(item: item, section: section))?.frame
    }
}

/// Whether two rects are the same to a millionth of a point (frames set through centres
/// pick up rounding).
func close(_ a: CGRect?, _ b: CGRect) -> Bool {
    guard let a else { return false }
    return abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6 && abs(a.height - b.height) < 1e-6
}
