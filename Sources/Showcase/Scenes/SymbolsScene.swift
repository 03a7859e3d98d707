import Tabula

/// Every symbol Tabula draws, as a grid of tiles in a table: the symbol in the tint
/// colour over its name, three to a row, in sections by first letter with the index
/// bar; a segmented control in the bar redraws every symbol at another weight.
final class SymbolsScene: Scene {
    static let name = "symbols"
    static let title = "Symbols"
    static let summary = "Every one of Tabula's own symbols with its name, in a grid, at four weights"
    static let seed = "UIKit's UIImage(systemName:), UIImage.SymbolConfiguration and template images"
    static let tryIt = "Pick a weight in the bar; scroll through the symbols or jump with the index."
    let controller = SymbolsController()
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    /// Picks each weight in turn, scrolling further down the grid between them.
    func play(on screen: HeadlessScreen) {
        for (step, segment) in [2, 3, 0, 1].enumerated() {
            guard let weights = controller.weights else { return }
            let width = weights.bounds.width / CGFloat(weights.numberOfSegments)
            screen.tap(at: weights.convert(CGPoint(x: width * (CGFloat(segment) + 0.5), y: weights.bounds.midY), to: nil))
            screen.advance(by: 0.4)
            let y = screen.size.height * 0.7
            screen.drag(from: CGPoint(x: 200, y: y), to: CGPoint(x: 200, y: y - 260 - CGFloat(step) * 40), duration: 0.4)
            screen.advance(by: 0.8)
        }
    }
}

final class SymbolsController: UITableViewController {
    /// Every symbol name, in sections by first letter.
    static let sections: [(letter: String, names: [String])] = {
        let names = UIImage.tabulaSymbolNames
        return Dictionary(grouping: names) { String($0.prefix(1)).uppercased() }
            .map { (letter: $0.key, names: $0.value.sorted()) }
            .sorted { $0.letter < $1.letter }
    }()
    static let weightChoices: [(title: String, weight: UIImage.SymbolWeight)] = [
        ("Ultralight", .ultraLight), ("Regular", .regular), ("Bold", .bold), ("Black", .black),
    ]
    private(set) var weights: UISegmentedControl?
    private var weight = UIImage.SymbolWeight.regular

    init() { super.init(style: .plain) }
    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        let control = UISegmentedControl(items: Self.weightChoices.map(\.title))
        control.selectedSegmentIndex = 1
        control.addAction(UIAction { [unowned self, unowned control] _ in
            weight = Self.weightChoices[control.selectedSegmentIndex].weight
            tableView.reloadData()
        }, for: .valueChanged)
        control.frame = CGRect(x: 0, y: 0, width: 300, height: 32)
        navigationItem.titleView = control
        weights = control
        tableView.rowHeight = SymbolTilesCell.height
        tableView.separatorStyle = .none
        tableView.register(SymbolTilesCell.self, forCellReuseIdentifier: "tiles")
    }

    override func numberOfSections(in tableView: UITableView) -> Int { Self.sections.count }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        (Self.sections[section].names.count + SymbolTilesCell.columns - 1) / SymbolTilesCell.columns
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        Self.sections[section].letter
    }

    override func sectionIndexTitles(for tableView: UITableView) -> [String]? { Self.sections.map(\.letter) }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "tiles", for: indexPath) as! SymbolTilesCell
        let names = Self.sections[indexPath.section].names
        let start = indexPath.row * SymbolTilesCell.columns
        cell.show(Array(names[start ..< min(names.count, start + SymbolTilesCell.columns)]), weight: weight)
        return cell
    }
}

/// A row of the grid: up to three symbols, each over its name.
final class SymbolTilesCell: UITableViewCell {
    static let columns = 3
    static let height: CGFloat = 76
    private(set) var tiles: [(image: UIImageView, label: UILabel)] = []

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .default, reuseIdentifier: reuseIdentifier)
        selectionStyle = .none
        tiles = (0 ..< Self.columns).map { _ in
            let image = UIImageView()
            image.contentMode = .center
            let label = UILabel()
            label.font = .systemFont(ofSize: 10)
            label.textColor = .secondaryLabel
            label.textAlignment = .center
            label.numberOfLines = 2
            label.lineBreakMode = .byCharWrapping
            contentView.addSubview(image)
            contentView.addSubview(label)
            return (image, label)
        }
    }

    required init?(coder: NSCoder) { return nil }

    /// Shows `names` in the tiles, left to right, at `weight`; the tiles past them are empty.
    func show(_ names: [String], weight: UIImage.SymbolWeight) {
        let configuration = UIImage.SymbolConfiguration(pointSize: 22, weight: weight)
        for (index, tile) in tiles.enumerated() {
            let name = index < names.count ? names[index] : nil
            tile.image.image = name.flatMap { UIImage(systemName: $0, withConfiguration: configuration) }
            tile.label.text = name
        }
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        // Leave the index bar its strip on the right.
        let inset: CGFloat = 8, width = (contentView.bounds.width - inset - 20) / CGFloat(Self.columns)
        for (index, tile) in tiles.enumerated() {
            let x = inset + CGFloat(index) * width
            tile.image.frame = CGRect(x: x, y: 6, width: width, height: 36)
            tile.label.frame = CGRect(x: x + 2, y: 44, width: width - 4, height: 28)
        }
    }
}
