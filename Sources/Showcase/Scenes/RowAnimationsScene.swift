import Tabula

/// Every `UITableView.RowAnimation`, side by side, in the plain style (top) and the
/// grouped style (bottom): a row is inserted in the middle of each table, then deleted.
final class RowAnimationsScene: Scene {
    static let name = "row-animations"
    static let title = "Row Animations"
    static let summary = "Every row animation side by side, plain and grouped"
    static let seed = "WWDC 2010, Mastering Table Views (row animations); WWDC 2011 (.automatic)"
    static let tryIt = "Tap anywhere to insert a row in every table; tap again to delete it."
    static let size = CGSize(width: 1000, height: 660)
    let controller = RowAnimationsController()
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    func play(on screen: HeadlessScreen) {
        controller.toggle()
        screen.advance(by: 0.8)
        controller.toggle()
        screen.advance(by: 0.8)
    }
}

final class RowAnimationsController: UIViewController {
    static let animations: [(UITableView.RowAnimation, String)] = [
        (.fade, "fade"), (.right, "right"), (.left, "left"), (.top, "top"), (.bottom, "bottom"),
        (.none, "none"), (.middle, "middle"), (.automatic, "automatic"),
    ]
    let sources = (0 ..< 16).map { _ in LetterRows() }
    var tables: [UITableView] = []
    var inserted = false

    override func viewDidLoad() {
        // Laid out from the top edge: below the navigation bar, not under it.
        edgesForExtendedLayout = []
        view.backgroundColor = UIColor(rgb: 0x1C1C1E)
        for (column, (_, name)) in Self.animations.enumerated() {
            let x = 12 + CGFloat(column) * 123
            let label = UILabel(frame: CGRect(x: x, y: 8, width: 115, height: 24))
            label.text = ".\(name)"
            label.textColor = .white
            label.textAlignment = .center
            label.font = .systemFont(ofSize: 15, weight: .semibold)
            view.addSubview(label)
            for (row, style) in [UITableView.Style.plain, .grouped].enumerated() {
                let table = UITableView(frame: CGRect(x: x, y: 36 + CGFloat(row) * 312, width: 115, height: 300), style: style)
                table.rowHeight = 44
                table.layer.cornerRadius = 8
                table.clipsToBounds = true
                table.showsVerticalScrollIndicator = false
                let source = sources[column * 2 + row]
                table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
                table.dataSource = source
                tables.append(table)
                view.addSubview(table)
            }
        }
        view.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.toggle() })
    }

    /// Inserts “New” at row 2 of every table, or deletes it, each with its table's animation.
    func toggle() {
        inserted.toggle()
        for (i, table) in tables.enumerated() {
            let animation = Self.animations[i / 2].0
            let path = IndexPath(row: 2, section: 0)
            if inserted {
                sources[i].rows.insert("New", at: 2)
                table.insertRows(at: [path], with: animation)
            } else {
                sources[i].rows.remove(at: 2)
                table.deleteRows(at: [path], with: animation)
            }
        }
    }
}

/// Five lettered rows.
final class LetterRows: NSObject, UITableViewDataSource {
    var rows = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"]
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = rows[indexPath.row]
        cell.backgroundColor = rows[indexPath.row] == "New" ? UIColor(rgb: 0xFFF3C4) : .white
        return cell
    }
}
