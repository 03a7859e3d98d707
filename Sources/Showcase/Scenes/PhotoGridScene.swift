import Tabula

/// A photo library grid: a flow layout of drawn photographs in sections by day, with
/// headers that stay at the top while their day scrolls; tap photos to select them, Add
/// puts new ones at the top and Delete takes the selected ones away, both animated. A long
/// press on a photo lifts it and shows its context menu (Delete in it deletes the photo,
/// or every selected photo when it is one of them).
final class PhotoGridScene: Scene {
    static let name = "photos"
    static let title = "Photos"
    static let summary = "A photo grid in a flow layout: pinned day headers, tap to select, Add and Delete animate"
    static let seed = "UIKit's UICollectionView and UICollectionViewFlowLayout (issue 36)"
    static let tryIt = "Tap photos to select them, then Delete; tap Add for new ones; scroll under the pinned headers; long-press a photo for its menu."
    let controller = PhotoGridController()
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    /// Selects three photos, deletes them, adds new ones, then scrolls under the headers.
    func play(on screen: HeadlessScreen) {
        guard let grid = controller.grid else { return }
        for item in [1, 4, 5] {
            guard let cell = grid.cellForItem(at: IndexPath(item: item, section: 0)) else { continue }
            screen.tap(at: cell.convert(CGPoint(x: cell.bounds.midX, y: cell.bounds.midY), to: nil))
            screen.advance(by: 0.25)
        }
        controller.deleteSelected()
        screen.advance(by: 0.6)
        controller.addPhotos()
        screen.advance(by: 0.6)
        screen.drag(from: CGPoint(x: 200, y: 650), to: CGPoint(x: 200, y: 350), duration: 0.4)
        screen.advance(by: 1.2)
    }
}

/// One drawn photograph: a landscape in a hue, numbered for identity.
struct Photo: Hashable, Sendable {
    let id: Int
    var hue: CGFloat { CGFloat((id * 37) % 100) / 100 }
}

/// The grid's content comes from snapshots: a diffable data source whose cells and headers
/// come from registrations; Add and Delete change the model and apply a new snapshot.
final class PhotoGridController: UIViewController, UICollectionViewDelegateFlowLayout {
    private(set) var grid: UICollectionView?
    private(set) var days: [(title: String, photos: [Photo])] = {
        var next = 0
        func photos(_ n: Int) -> [Photo] {
            defer { next += n }
            return (next ..< next + n).map { Photo(id: $0) }
        }
        return [("Today", photos(8)), ("Yesterday", photos(11)), ("Last Week", photos(16)), ("June", photos(24))]
    }()
    private var nextID = 1000
    private let layout = UICollectionViewFlowLayout()
    private var dataSource: UICollectionViewDiffableDataSource<String, Photo>?

    override func viewDidLoad() {
        super.viewDidLoad()
        layout.minimumInteritemSpacing = 2
        layout.minimumLineSpacing = 2
        layout.headerReferenceSize = CGSize(width: 0, height: 44)
        layout.sectionInset = UIEdgeInsets(top: 0, left: 0, bottom: 12, right: 0)
        layout.sectionHeadersPinToVisibleBounds = true
        let grid = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        grid.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        grid.allowsMultipleSelection = true
        let photo = UICollectionView.CellRegistration<PhotoCell, Photo> { cell, _, photo in cell.show(photo) }
        let header = UICollectionView.SupplementaryRegistration<DayHeader>(elementKind: UICollectionView.elementKindSectionHeader) {
            [unowned self] header, _, path in header.show(days[path.section].title, count: days[path.section].photos.count)
        }
        let dataSource = UICollectionViewDiffableDataSource<String, Photo>(collectionView: grid) { grid, path, item in
            grid.dequeueConfiguredReusableCell(using: photo, for: path, item: item)
        }
        dataSource.supplementaryViewProvider = { grid, _, path in
            grid.dequeueConfiguredReusableSupplementary(using: header, for: path)
        }
        self.dataSource = dataSource
        grid.delegate = self
        view.addSubview(grid)
        self.grid = grid
        applySnapshot(animated: false)
        navigationItem.leftBarButtonItem = UIBarButtonItem(primaryAction: UIAction(title: "Delete") { [unowned self] _ in
            deleteSelected()
        })
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [unowned self] _ in
            addPhotos()
        })
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // Three photos to a row (four in landscape), two points apart.
        let width = view.bounds.width
        let columns: CGFloat = width > 600 ? 5 : 3
        let side = ((width - 2 * (columns - 1)) / columns).rounded(.down)
        if layout.itemSize.width != side { layout.itemSize = CGSize(width: side, height: side) }
    }

    /// Shows the model: the days as sections, their photos as items.
    private func applySnapshot(animated: Bool) {
        var snapshot = NSDiffableDataSourceSnapshot<String, Photo>()
        snapshot.appendSections(days.map(\.title))
        for day in days { snapshot.appendItems(day.photos, toSection: day.title) }
        dataSource?.apply(snapshot, animatingDifferences: animated)
        refreshCounts()
    }

    /// Deletes the selected photos (or the first one, when none is selected), animated.
    func deleteSelected() {
        guard let grid else { return }
        var paths = grid.indexPathsForSelectedItems ?? []
        if paths.isEmpty, !days[0].photos.isEmpty { paths = [IndexPath(item: 0, section: 0)] }
        delete(paths)
    }

    /// Deletes the photos at `paths`, animated.
    func delete(_ paths: [IndexPath]) {
        for path in paths.sorted(by: >) where days.indices.contains(path.section) && days[path.section].photos.indices.contains(path.item) {
            days[path.section].photos.remove(at: path.item)
        }
        applySnapshot(animated: true)
    }

    /// A long-pressed photo's menu: Copy and Favorite (which do nothing here) and Delete,
    /// for the photo or for all the selected photos when it is one of them.
    func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
                        point: CGPoint) -> UIContextMenuConfiguration? {
        guard !indexPaths.isEmpty else { return nil }
        let title = indexPaths.count == 1 ? "Delete Photo" : "Delete \(indexPaths.count) Photos"
        return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { [unowned self] _ in
            UIMenu(title: "", children: [
                UIAction(title: "Copy", image: UIImage(systemName: "doc.on.doc")) { _ in },
                UIAction(title: "Favorite", image: UIImage(systemName: "heart")) { _ in },
                UIMenu(title: "", options: .displayInline, children: [
                    UIAction(title: title, image: UIImage(systemName: "trash"), attributes: .destructive) { [unowned self] _ in
                        delete(indexPaths)
                    },
                ]),
            ])
        }
    }

    /// The headers on screen show their day's new count (an update keeps the views of
    /// sections that stay, as in UIKit).
    private func refreshCounts() {
        guard let grid else { return }
        for path in grid.indexPathsForVisibleSupplementaryElements(ofKind: UICollectionView.elementKindSectionHeader) {
            let header = grid.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: path)
            (header as? DayHeader)?.show(days[path.section].title, count: days[path.section].photos.count)
        }
    }

    /// Puts three new photos at the top of Today, animated.
    func addPhotos() {
        days[0].photos.insert(contentsOf: (0 ..< 3).map { Photo(id: nextID + $0) }, at: 0)
        nextID += 3
        applySnapshot(animated: true)
    }
}

/// A photo tile: the drawn photograph, and a check mark in a circle while selected.
final class PhotoCell: UICollectionViewCell {
    let picture = PhotoView()
    private let check = UIImageView(image: UIImage(systemName: "checkmark.circle.fill"))
    private let ring = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.addSubview(picture)
        ring.layer.borderColor = UIColor.white.cgColor
        ring.layer.borderWidth = 1.5
        ring.backgroundColor = UIColor(white: 0, alpha: 0.15)
        contentView.addSubview(ring)
        check.tintColor = .systemBlue
        check.backgroundColor = .white
        contentView.addSubview(check)
        updateSelection()
    }

    required init?(coder: NSCoder) { return nil }

    func show(_ photo: Photo) {
        picture.photo = photo
        picture.setNeedsDisplay()
    }

    override var isSelected: Bool { didSet { updateSelection() } }

    private func updateSelection() {
        check.isHidden = !isSelected
        ring.isHidden = isSelected
        picture.alpha = isSelected ? 0.75 : 1
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        picture.frame = contentView.bounds
        let badge = CGRect(x: bounds.width - 28, y: bounds.height - 28, width: 22, height: 22)
        check.frame = badge
        check.layer.cornerRadius = 11
        ring.frame = badge
        ring.layer.cornerRadius = 11
    }
}

/// A landscape drawn in the photo's hue: a sky in two tones, a sun, two ranges of hills.
final class PhotoView: UIView {
    var photo = Photo(id: 0)

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { return nil }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let b = bounds, hue = photo.hue
        let sky = Gradient(colors: [UIColor(hue: hue, saturation: 0.45, brightness: 0.98, alpha: 1).cgColor,
                                    UIColor(hue: hue + 0.08, saturation: 0.3, brightness: 1, alpha: 1).cgColor])
        ctx.drawLinearGradient(sky, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 0, y: b.height))
        let sunSide = b.width * 0.22
        ctx.setFillColor(UIColor(hue: 0.12, saturation: 0.55, brightness: 1, alpha: 0.95).cgColor)
        let sunX = b.width * (0.2 + CGFloat(photo.id % 5) * 0.14)
        ctx.fill(Path(ellipseIn: CGRect(x: sunX, y: b.height * 0.18, width: sunSide, height: sunSide)))
        hills(ctx, b, peak: 0.45, color: UIColor(hue: hue + 0.5, saturation: 0.35, brightness: 0.65, alpha: 1))
        hills(ctx, b, peak: 0.62, color: UIColor(hue: hue + 0.55, saturation: 0.5, brightness: 0.42, alpha: 1))
    }

    private func hills(_ ctx: GraphicsContext, _ b: CGRect, peak: CGFloat, color: UIColor) {
        var path = Path()
        let shift = CGFloat((photo.id * 13) % 7) / 7 * b.width * 0.3
        path.move(to: CGPoint(x: 0, y: b.height))
        path.addLine(to: CGPoint(x: 0, y: b.height * (peak + 0.15)))
        path.addCurve(to: CGPoint(x: b.width, y: b.height * (peak + 0.1)),
                      control1: CGPoint(x: b.width * 0.3 + shift, y: b.height * (peak - 0.25)),
                      control2: CGPoint(x: b.width * 0.6 - shift, y: b.height * (peak + 0.3)))
        path.addLine(to: CGPoint(x: b.width, y: b.height))
        path.closeSubpath()
        ctx.setFillColor(color.cgColor)
        ctx.fill(path)
    }
}

/// A day's header: its title in bold, and how many photos, on a translucent bar.
final class DayHeader: UICollectionReusableView {
    private let title = UILabel()
    private let count = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor.systemBackground.withAlphaComponent(0.92)
        title.font = .boldSystemFont(ofSize: 20)
        title.textColor = .label
        count.font = .systemFont(ofSize: 15)
        count.textColor = .secondaryLabel
        count.textAlignment = .right
        addSubview(title)
        addSubview(count)
    }

    required init?(coder: NSCoder) { return nil }

    func show(_ text: String, count n: Int) {
        title.text = text
        count.text = n == 1 ? "1 photo" : "\(n) photos"
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = CGRect(x: 16, y: 0, width: bounds.width * 0.6, height: bounds.height)
        count.frame = CGRect(x: bounds.width * 0.5, y: 0, width: bounds.width * 0.5 - 16, height: bounds.height)
    }
}
