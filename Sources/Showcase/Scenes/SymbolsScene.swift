import Tabula

/// Tabula's symbols in a table, as a Settings-like list would show them: each row an
/// outline symbol in the tint colour before its name and the filled form as the
/// accessory; a segmented control in the bar redraws every symbol at another weight.
final class SymbolsScene: Scene {
    static let name = "symbols"
    static let title = "Symbols"
    static let summary = "Tabula's own symbols in table rows, tinted, at four weights, with their filled forms"
    static let seed = "UIKit's UIImage(systemName:), UIImage.SymbolConfiguration and template images"
    static let tryIt = "Pick a weight in the bar; scroll through the symbols."
    let controller = SymbolsController()
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    /// Picks each weight in turn, scrolling further down the list between them.
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
    /// The symbols by group: the name of each outline symbol, and whether it has a `.fill` form.
    static let groups: [(title: String, symbols: [(name: String, filled: Bool)])] = [
        ("In rows", [("star", true), ("heart", true), ("bookmark", true), ("flag", true), ("tag", true), ("pin", true),
                     ("bell", true), ("person", true), ("person.circle", true)]),
        ("Actions", [("plus.circle", true), ("minus.circle", true), ("checkmark.circle", true), ("xmark.circle", true),
                     ("trash", true), ("square.and.arrow.up", false), ("square.and.pencil", false), ("pencil", false),
                     ("paperplane", true), ("archivebox", true), ("arrow.clockwise", false), ("magnifyingglass", false)]),
        ("Things", [("folder", true), ("doc", true), ("doc.text", false), ("book", false), ("envelope", true),
                    ("phone", true), ("house", true), ("calendar", false), ("clock", true), ("camera", true),
                    ("photo", false), ("cart", false), ("lock", true), ("link", false), ("globe", false)]),
        ("Signs", [("info.circle", true), ("questionmark.circle", true), ("exclamationmark.triangle", true),
                   ("ellipsis.circle", true), ("gear", false), ("gearshape", true), ("wifi", false), ("airplane", false),
                   ("bolt", true), ("moon", true), ("sun.max", true), ("play", true), ("list.bullet", false),
                   ("line.3.horizontal", false), ("square.grid.2x2", true)]),
    ]
    static let weightChoices: [(title: String, weight: UIImage.SymbolWeight)] = [
        ("Ultralight", .ultraLight), ("Regular", .regular), ("Bold", .bold), ("Black", .black),
    ]
    private(set) var weights: UISegmentedControl?
    private var weight = UIImage.SymbolWeight.regular

    init() { super.init(style: .insetGrouped) }
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
    }

    override func numberOfSections(in tableView: UITableView) -> Int { Self.groups.count }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        Self.groups[section].symbols.count
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        Self.groups[section].title
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "symbol") ?? UITableViewCell(style: .default, reuseIdentifier: "symbol")
        let symbol = Self.groups[indexPath.section].symbols[indexPath.row]
        let configuration = UIImage.SymbolConfiguration(weight: weight)
        cell.imageView?.image = UIImage(systemName: symbol.name, withConfiguration: configuration)
        cell.textLabel?.text = symbol.name
        if symbol.filled {
            let filled = cell.accessoryView as? UIImageView ?? UIImageView(frame: .zero)
            filled.image = UIImage(systemName: symbol.name + ".fill", withConfiguration: configuration)
            filled.tintColor = .systemOrange
            filled.sizeToFit()
            cell.accessoryView = filled
        } else {
            cell.accessoryView = nil
        }
        cell.selectionStyle = .none
        return cell
    }
}
