import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A cell that counts how many were made and shows its item's number.
final class NumberCell: UICollectionViewCell {
    nonisolated(unsafe) static var made = 0
    let label = UILabel()
    var number = -1

    override init(frame: CGRect) {
        super.init(frame: frame)
        NumberCell.made += 1
        contentView.addSubview(label)
    }

    required init?(coder: NSCoder) { return nil }
}

/// A header that shows its section's title.
final class TitleHeader: UICollectionReusableView {
    let label = UILabel()
    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(label)
    }
    required init?(coder: NSCoder) { return nil }
}

/// Sections of numbered items, with a record of the delegate's messages.
final class NumbersSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var sections: [[Int]]
    var events: [String] = []
    var refusesSelection: Set<IndexPath> = []
    var sizes: ((IndexPath) -> CGSize)?
    var cellsAsked = 0

    init(_ sections: [[Int]]) { self.sections = sections }

    func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        cellsAsked += 1
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath) as! NumberCell
        cell.number = sections[indexPath.section][indexPath.item]
        cell.label.text = "\(cell.number)"
        return cell
    }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "title", for: indexPath)
        (view as? TitleHeader)?.label.text = "Section \(indexPath.section)"
        return view
    }
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize {
        if let sizes { return sizes(indexPath) }
        return (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
    }
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        !refusesSelection.contains(indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        events.append("select \(indexPath.tableDescription)")
    }
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        events.append("deselect \(indexPath.tableDescription)")
    }
}

/// A flow layout of `item`-sized items, `spacing` apart, with `inset` around each section.
@MainActor
func flowLayout(item: CGSize = CGSize(width: 90, height: 90), spacing: CGFloat = 10, inset: CGFloat = 10) -> UICollectionViewFlowLayout {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = item
    layout.minimumLineSpacing = spacing
    layout.minimumInteritemSpacing = spacing
    layout.sectionInset = UIEdgeInsets(top: inset, left: inset, bottom: inset, right: inset)
    return layout
}

/// Every data source made by ``showCollection(_:layout:size:sizes:)``, kept for the process.
@MainActor var keptSources: [NumbersSource] = []

/// A collection view of `size` showing `sections` with `layout`, on a screen, laid out once.
@MainActor
func showCollection(_ sections: [[Int]], layout: UICollectionViewLayout = flowLayout(),
                    size: CGSize = CGSize(width: 320, height: 480), sizes: ((IndexPath) -> CGSize)? = nil)
    -> (UICollectionView, NumbersSource, HeadlessScreen) {
    let source = NumbersSource(sections)
    source.sizes = sizes
    let view = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
    view.contentInsetAdjustmentBehavior = .never
    view.register(NumberCell.self, forCellWithReuseIdentifier: "number")
    view.register(TitleHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "title")
    view.register(TitleHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter, withReuseIdentifier: "title")
    view.dataSource = source
    view.delegate = source
    // The view holds its data source weakly, as in UIKit; tests that drop it keep it alive.
    keptSources.append(source)
    let (screen, root) = makeScreen(width: size.width, height: size.height, scale: 1)
    root.addSubview(view)
    screen.advance(by: 1.0 / 60)
    return (view, source, screen)
}

extension UIView {
    /// The frame as drawn now (mid-animation), in the superview's coordinates.
    var presentedFrame: CGRect { layer.presentation()?.frame ?? frame }
    /// The opacity as drawn now.
    var presentedAlpha: CGFloat { CGFloat(layer.presentation()?.opacity ?? Float(alpha)) }
}

extension UICollectionView {
    /// The numbers the cells on screen show, by item.
    var shownNumbers: [IndexPath: Int] {
        Dictionary(uniqueKeysWithValues: indexPathsForVisibleItems.map { ($0, (cellForItem(at: $0) as! NumberCell).number) })
    }
}

/// Items 0 ..< n.
func numbers(_ n: Int, from start: Int = 0) -> [Int] { Array(start ..< start + n) }
