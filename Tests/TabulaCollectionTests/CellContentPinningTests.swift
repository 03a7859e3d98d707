import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A cell that adds its views to itself, not to its content view, and pins them to the
/// content view's edges: a common pattern in tutorials and course apps.
private final class AvatarCell: UICollectionViewCell {
    let avatar = UIView()
    let name = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        avatar.backgroundColor = .systemBlue
        name.textAlignment = .center
        for view in [avatar, name] {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
        NSLayoutConstraint.activate([
            avatar.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            avatar.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
            avatar.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8),
            avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor),
            name.topAnchor.constraint(equalTo: avatar.bottomAnchor, constant: 8),
            name.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
            name.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8),
            name.heightAnchor.constraint(equalToConstant: 20),
        ])
    }

    required init?(coder: NSCoder) { fatalError("not used") }
}

@MainActor
@Suite("Cell subviews pinned to the content view")
struct CellContentPinningTests {
    @Test("views added to the cell itself and pinned to its content view fill the cell's width, in the first layout and after a resize")
    func pinnedToContentView() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let controller = UIViewController()
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        screen.show(window)
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 110, height: 150)
        let grid = UICollectionView(frame: controller.view.bounds, collectionViewLayout: layout)
        controller.view.addSubview(grid)
        let registration = UICollectionView.CellRegistration<AvatarCell, String> { cell, _, name in cell.name.text = name }
        let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: grid) { view, path, name in
            view.dequeueConfiguredReusableCell(using: registration, for: path, item: name)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["ada", "grace", "linus", "guido"])
        source.apply(snapshot, animatingDifferences: false)
        screen.advance(by: 0.1)
        let cell = try #require(grid.cellForItem(at: IndexPath(item: 0, section: 0)) as? AvatarCell)
        #expect(cell.avatar.frame == CGRect(x: 8, y: 8, width: 94, height: 94), "\(cell.avatar.frame)")
        #expect(cell.name.frame == CGRect(x: 8, y: 110, width: 94, height: 20), "\(cell.name.frame)")

        layout.itemSize = CGSize(width: 160, height: 200)
        screen.advance(by: 0.1)
        #expect(cell.avatar.frame.width == 144 && cell.name.frame.width == 144, "after the cells grew: \(cell.avatar.frame)")
        withExtendedLifetime(source) {}
    }
}
