import Foundation
import Tabula

/// An App Store–like Today page in a compositional layout: a shelf of large feature
/// cards and a shelf of app rows, three to a column, each scrolling sideways on its own
/// and paging one group at a time, above an inset-grouped list of categories.
final class StoreShelvesScene: Scene {
    static let name = "shelves"
    static let title = "Store Shelves"
    static let summary = "A compositional layout: shelves that page sideways (orthogonal sections) above an inset-grouped list"
    static let seed = "UIKit's UICollectionViewCompositionalLayout and list configuration (issue 36)"
    static let tryIt = "Swipe a shelf sideways: it pages a card or a column at a time while the page stays; scroll down to the list."
    let controller = StoreShelvesController()
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    /// Pages the feature shelf twice, the apps shelf once, then scrolls to the list.
    func play(on screen: HeadlessScreen) {
        for _ in 0 ..< 2 {
            screen.drag(from: CGPoint(x: 330, y: 250), to: CGPoint(x: 200, y: 250), duration: 0.2)
            screen.advance(by: 0.8)
        }
        screen.drag(from: CGPoint(x: 330, y: 520), to: CGPoint(x: 200, y: 520), duration: 0.2)
        screen.advance(by: 0.8)
        screen.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 300), duration: 0.4)
        screen.advance(by: 1.2)
    }
}

struct StoreApp {
    let name: String
    let category: String
    let hue: CGFloat
}

final class StoreShelvesController: UIViewController, UICollectionViewDataSource {
    enum Shelf: Int, CaseIterable {
        case featured, topFree, categories
        var title: String {
            switch self {
            case .featured: "Today"
            case .topFree: "Top Free Apps"
            case .categories: "Categories"
            }
        }
    }

    private(set) var collection: UICollectionView?
    let features: [(kicker: String, title: String, hue: CGFloat)] = [
        ("NEW GAME", "Sail the Quiet Archipelago", 0.55), ("MEET THE DEVELOPER", "Twelve Years of Tiny Maps", 0.08),
        ("HOW TO", "Get More from Your Notes", 0.33), ("APP OF THE DAY", "Night Sky, Named", 0.72),
        ("COLLECTION", "Apps for Slow Mornings", 0.95),
    ]
    let apps: [StoreApp] = [
        ("Pocket Ledger", "Finance", 0.38), ("Trailhead", "Navigation", 0.28), ("Loom & Line", "Graphics & Design", 0.85),
        ("Quiet Hours", "Health & Fitness", 0.62), ("Pantry", "Food & Drink", 0.1), ("Wavelength", "Music", 0.75),
        ("Fieldnotes", "Productivity", 0.5), ("Tidewatch", "Weather", 0.58), ("Stitchwork", "Lifestyle", 0.02),
        ("Lantern", "Books", 0.15), ("Orbit Run", "Games", 0.68), ("Kettle", "Social", 0.45),
    ].map { StoreApp(name: $0.0, category: $0.1, hue: $0.2) }
    let categories = ["Games", "Productivity", "Photo & Video", "Health & Fitness", "Education", "Travel", "Music", "Finance"]

    override func viewDidLoad() {
        super.viewDidLoad()
        let collection = UICollectionView(frame: view.bounds, collectionViewLayout: makeLayout())
        collection.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collection.register(FeatureCardCell.self, forCellWithReuseIdentifier: "feature")
        collection.register(AppRowCell.self, forCellWithReuseIdentifier: "app")
        collection.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "category")
        collection.register(ShelfHeader.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                            withReuseIdentifier: "header")
        collection.dataSource = self
        view.addSubview(collection)
        self.collection = collection
    }

    private func makeLayout() -> UICollectionViewCompositionalLayout {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 12
        return UICollectionViewCompositionalLayout(sectionProvider: { index, environment in
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            switch Shelf(rawValue: index) {
            case .featured:
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                     heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.92), heightDimension: .absolute(260)),
                    subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .groupPaging
                section.interGroupSpacing = 12
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
                section.boundarySupplementaryItems = [header]
                return section
            case .topFree:
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                     heightDimension: .absolute(72)))
                let group = NSCollectionLayoutGroup.vertical(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.9), heightDimension: .absolute(216)),
                    repeatingSubitem: item, count: 3)
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .groupPaging
                section.interGroupSpacing = 12
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
                section.boundarySupplementaryItems = [header]
                return section
            case .categories, nil:
                var list = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
                list.headerMode = .supplementary
                let section = NSCollectionLayoutSection.list(using: list, layoutEnvironment: environment)
                section.boundarySupplementaryItems = [header]
                return section
            }
        }, configuration: configuration)
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { Shelf.allCases.count }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        switch Shelf(rawValue: section) {
        case .featured: features.count
        case .topFree: apps.count
        case .categories: categories.count
        case nil: 0
        }
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        switch Shelf(rawValue: indexPath.section) {
        case .featured:
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "feature", for: indexPath) as! FeatureCardCell
            let feature = features[indexPath.item]
            cell.show(kicker: feature.kicker, title: feature.title, hue: feature.hue)
            return cell
        case .topFree:
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "app", for: indexPath) as! AppRowCell
            cell.show(apps[indexPath.item], rank: indexPath.item + 1, lastInColumn: indexPath.item % 3 == 2)
            return cell
        case .categories, nil:
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "category", for: indexPath) as! UICollectionViewListCell
            var content = cell.defaultContentConfiguration()
            content.text = categories[indexPath.item]
            cell.contentConfiguration = content
            cell.accessories = [.disclosureIndicator()]
            return cell
        }
    }

    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
        (header as? ShelfHeader)?.title.text = Shelf(rawValue: indexPath.section)?.title
        return header
    }
}

/// A shelf's title, bold, over its leading inset.
final class ShelfHeader: UICollectionReusableView {
    let title = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        title.font = .boldSystemFont(ofSize: 22)
        title.textColor = .label
        addSubview(title)
    }

    required init?(coder: NSCoder) { return nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = CGRect(x: 20, y: 6, width: bounds.width - 40, height: bounds.height - 10)
    }
}

/// A feature card: a drawn gradient with a kicker and a title in white.
final class FeatureCardCell: UICollectionViewCell {
    private let art = FeatureArtView()
    private let kicker = UILabel()
    private let title = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.layer.cornerRadius = 14
        contentView.layer.masksToBounds = true
        contentView.addSubview(art)
        kicker.font = .boldSystemFont(ofSize: 13)
        kicker.textColor = UIColor(white: 1, alpha: 0.85)
        title.font = .boldSystemFont(ofSize: 26)
        title.textColor = .white
        title.numberOfLines = 2
        contentView.addSubview(kicker)
        contentView.addSubview(title)
    }

    required init?(coder: NSCoder) { return nil }

    func show(kicker text: String, title heading: String, hue: CGFloat) {
        kicker.text = text
        title.text = heading
        art.hue = hue
        art.setNeedsDisplay()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = contentView.bounds
        art.frame = b
        kicker.frame = CGRect(x: 18, y: 18, width: b.width - 36, height: 18)
        title.frame = CGRect(x: 18, y: 38, width: b.width - 36, height: 70)
    }
}

/// A gradient from the card's hue to a darker one, with soft circles for depth.
final class FeatureArtView: UIView {
    var hue: CGFloat = 0.5

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentMode = .redraw
        // The card's rounded clip shows what is behind its corners.
        isOpaque = false
    }

    required init?(coder: NSCoder) { return nil }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let b = bounds
        let gradient = Gradient(colors: [UIColor(hue: hue, saturation: 0.55, brightness: 0.85, alpha: 1).cgColor,
                                         UIColor(hue: hue, saturation: 0.8, brightness: 0.45, alpha: 1).cgColor])
        ctx.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 0, y: b.height))
        ctx.setFillColor(UIColor(white: 1, alpha: 0.12).cgColor)
        ctx.fill(Path(ellipseIn: CGRect(x: b.width * 0.45, y: b.height * 0.35, width: b.width * 0.7, height: b.width * 0.7)))
        ctx.fill(Path(ellipseIn: CGRect(x: -b.width * 0.2, y: b.height * 0.6, width: b.width * 0.5, height: b.width * 0.5)))
    }
}

/// An app in a chart: rank, a drawn icon, name and category, and a GET button; a hairline
/// under every row but a column's last.
final class AppRowCell: UICollectionViewCell {
    private let icon = UIView()
    private let rank = UILabel()
    private let name = UILabel()
    private let category = UILabel()
    private let get = UILabel()
    private let line = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        icon.layer.cornerRadius = 12
        rank.font = .boldSystemFont(ofSize: 17)
        rank.textColor = .label
        name.font = .systemFont(ofSize: 16)
        name.textColor = .label
        category.font = .systemFont(ofSize: 13)
        category.textColor = .secondaryLabel
        get.text = "GET"
        get.font = .boldSystemFont(ofSize: 14)
        get.textColor = .systemBlue
        get.textAlignment = .center
        get.backgroundColor = .systemGray6
        get.layer.cornerRadius = 14
        get.layer.masksToBounds = true
        line.backgroundColor = .separator
        for view in [icon, rank, name, category, get, line] { contentView.addSubview(view) }
    }

    required init?(coder: NSCoder) { return nil }

    func show(_ app: StoreApp, rank number: Int, lastInColumn: Bool) {
        rank.text = "\(number)"
        name.text = app.name
        category.text = app.category
        icon.backgroundColor = UIColor(hue: app.hue, saturation: 0.6, brightness: 0.9, alpha: 1)
        line.isHidden = lastInColumn
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = contentView.bounds
        icon.frame = CGRect(x: 0, y: (b.height - 56) / 2, width: 56, height: 56)
        rank.frame = CGRect(x: 66, y: (b.height - 22) / 2, width: 24, height: 22)
        get.frame = CGRect(x: b.width - 72, y: (b.height - 28) / 2, width: 72, height: 28)
        let textX: CGFloat = 94, textWidth = max(0, get.frame.minX - 8 - textX)
        name.frame = CGRect(x: textX, y: b.height / 2 - 20, width: textWidth, height: 20)
        category.frame = CGRect(x: textX, y: b.height / 2 + 1, width: textWidth, height: 18)
        line.frame = CGRect(x: textX, y: b.height - 0.5, width: b.width - textX, height: 0.5)
    }
}
