import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

@MainActor
@Suite("Outline lists: cells come indented to their item's depth")
struct OutlineIndentationTests {
    @Test("a list cell for an item of a section snapshot comes at the item's level (children one deeper, grandchildren two); the provider may change it; flat sections leave it alone")
    func levels() throws {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480),
                                    collectionViewLayout: UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)))
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
            if item == "flat" { cell.indentationLevel = 3 }
        }
        let dataSource = UICollectionViewDiffableDataSource<String, String>(collectionView: view) { view, path, item in
            view.dequeueConfiguredReusableCell(using: registration, for: path, item: item)
        }
        var outline = NSDiffableDataSourceSectionSnapshot<String>()
        outline.append(["fruit", "veg"])
        outline.append(["apple", "pear"], to: "fruit")
        outline.append(["cox"], to: "apple")
        outline.append(["flat"], to: "veg")
        outline.expand(["fruit", "apple", "veg"])
        dataSource.apply(outline, to: "food", animatingDifferences: false)
        screen.advance(by: 1.0 / 60)
        func cell(_ item: String) throws -> UICollectionViewListCell {
            let path = try #require(dataSource.indexPath(for: item))
            return try #require(view.cellForItem(at: path) as? UICollectionViewListCell)
        }
        #expect(try cell("fruit").indentationLevel == 0 && cell("veg").indentationLevel == 0)
        #expect(try cell("apple").indentationLevel == 1 && cell("pear").indentationLevel == 1)
        #expect(try cell("cox").indentationLevel == 2)
        #expect(try cell("flat").indentationLevel == 3, "the provider's own setting wins")
        // The deeper, the further in its text starts.
        func textStart(_ item: String) throws -> CGFloat {
            let list = try cell(item)
            func label(in view: UIView) -> UILabel? {
                if let label = view as? UILabel, label.text == item { return label }
                return view.subviews.lazy.compactMap(label(in:)).first
            }
            let text = try #require(label(in: list))
            return text.convert(text.bounds, to: list).minX
        }
        #expect(try textStart("fruit") < textStart("apple") && textStart("apple") < textStart("cox"))

        // A plain snapshot: no outline, a reused cell keeps what its provider gave it.
        var flat = NSDiffableDataSourceSnapshot<String, String>()
        flat.appendSections(["list"])
        flat.appendItems(["a", "b"])
        dataSource.apply(flat, animatingDifferences: false)
        screen.advance(by: 1.0 / 60)
        #expect(view.visibleCells.count == 2)
    }
}
