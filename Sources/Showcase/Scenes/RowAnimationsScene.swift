import Tabula

/// Every `UITableView.RowAnimation`, side by side, in the plain style (top) and the
/// inset grouped style (bottom, the sessions' rounded groups): a row is inserted in the
/// middle of each table, then deleted.
final class RowAnimationsScene: Scene {
    static let name = "row-animations"
    static let title = "Row Animations"
    static let summary = "Every row animation side by side, plain and inset grouped"
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
    var labels: [UILabel] = []
    var inserted = false
    /// Holds the columns; on a narrow screen they wrap into rows and it scrolls, so all
    /// eight animations can be reached on a phone.
    let grid = UIScrollView()

    static let columnWidth: CGFloat = 115, columnGap: CGFloat = 8, tableHeight: CGFloat = 300

    override func viewDidLoad() {
        // Laid out from the top edge: below the navigation bar, not under it.
        edgesForExtendedLayout = []
        view.backgroundColor = UIColor(rgb: 0x1C1C1E)
        grid.alwaysBounceVertical = true
        view.addSubview(grid)
        for (column, (_, name)) in Self.animations.enumerated() {
            let label = UILabel()
            label.text = ".\(name)"
            label.textColor = .white
            label.textAlignment = .center
            label.font = .systemFont(ofSize: 15, weight: .semibold)
            labels.append(label)
            grid.addSubview(label)
            for (row, style) in [UITableView.Style.plain, .insetGrouped].enumerated() {
                let table = UITableView(frame: CGRect(x: 0, y: 0, width: Self.columnWidth, height: Self.tableHeight), style: style)
                table.rowHeight = 44
                table.layer.cornerRadius = 8
                table.clipsToBounds = true
                table.showsVerticalScrollIndicator = false
                let source = sources[column * 2 + row]
                table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
                table.dataSource = source
                tables.append(table)
                grid.addSubview(table)
            }
        }
        view.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.toggle() })
    }

    /// As many columns as fit the width (8 on a wide screen, 3 on a phone), centred; the
    /// animations that do not fit go on in rows below.
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        grid.frame = view.bounds
        let safe = view.safeAreaInsets
        let width = view.bounds.width - safe.left - safe.right
        let step = Self.columnWidth + Self.columnGap
        let columns = max(1, min(Self.animations.count, Int((width - 12 + Self.columnGap) / step)))
        let left = safe.left + ((width - CGFloat(columns) * step + Self.columnGap) / 2).rounded()
        let blockHeight = 36 + 2 * (Self.tableHeight + 12)
        for index in Self.animations.indices {
            let x = left + CGFloat(index % columns) * step
            let top = 8 + CGFloat(index / columns) * blockHeight
            labels[index].frame = CGRect(x: x, y: top, width: Self.columnWidth, height: 24)
            for row in 0 ..< 2 {
                tables[index * 2 + row].frame = CGRect(x: x, y: top + 28 + CGFloat(row) * (Self.tableHeight + 12),
                                                      width: Self.columnWidth, height: Self.tableHeight)
            }
        }
        let rows = (Self.animations.count + columns - 1) / columns
        grid.contentSize = CGSize(width: view.bounds.width, height: 8 + CGFloat(rows) * blockHeight)
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
    var rows = ["Alpha", "Bravo", "Cedar", "Delta", "Echo"]
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = rows[indexPath.row]
        cell.backgroundColor = rows[indexPath.row] == "New" ? UIColor(rgb: 0xFFF3C4) : .white
        return cell
    }
}
