import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A view controller that keeps its section provider in a local constant before handing it
/// to the layout, as Apple's collection view samples do, and reads its own state inside:
/// this file compiles in Swift 6 with warnings as errors only if the provider's type is
/// Apple's, without an actor (a `@MainActor` type made the conversion warn).
@MainActor
final class ColumnsController: UIViewController {
    var columns = [2, 4]
    var asked: [Int] = []

    func makeLayout() -> UICollectionViewCompositionalLayout {
        let sectionProvider = { (sectionIndex: Int, layoutEnvironment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? in
            self.asked.append(sectionIndex)
            let count = self.columns[sectionIndex % self.columns.count]
            let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1 / CGFloat(count)),
                                                                heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
                subitems: [item])
            _ = layoutEnvironment.container.effectiveContentSize
            return NSCollectionLayoutSection(group: group)
        }
        return UICollectionViewCompositionalLayout(sectionProvider: sectionProvider)
    }
}

@MainActor
@Suite("The compositional layout's section provider, as Apple's samples write it")
struct SectionProviderTests {
    @Test("a provider kept in a constant and reading the controller's state lays out each section its own way")
    func providerFromAConstant() throws {
        let controller = ColumnsController()
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        let view = UICollectionView(frame: root.bounds, collectionViewLayout: controller.makeLayout())
        let source = NumbersSource([Array(0 ..< 4), Array(0 ..< 8)])
        view.register(NumberCell.self, forCellWithReuseIdentifier: "number")
        view.dataSource = source
        root.addSubview(view)
        screen.advance(by: 0.1)
        #expect(Set(controller.asked) == [0, 1])
        let first = try #require(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
        let second = try #require(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)))
        #expect(first.frame.width == 160 && second.frame.width == 80, "two columns, then four: \(first.frame), \(second.frame)")
        withExtendedLifetime(source) {}
    }
}
