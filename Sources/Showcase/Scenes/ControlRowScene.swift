import Tabula

/// The 2011 session's control row: tapping a quote shows a row of rating controls
/// under it (deleting the old control row and inserting the new one in one update);
/// tapping the same quote again hides it.
final class ControlRowScene: Scene {
    static let name = "control-row"
    static let title = "Control Row"
    static let summary = "A row of controls appears under the tapped row, one at a time"
    static let seed = "WWDC 2011, What's New in Table Views (tips: a control row)"
    static let tryIt = "Tap a quote, then another, then the same one twice."
    let controller = ControlRowController(style: .plain)
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    func play(on screen: HeadlessScreen) {
        let table = controller.tableView!
        screen.tap(at: centerOfRow(1, in: table))
        screen.advance(by: 0.6)
        screen.tap(at: centerOfRow(5, in: table))
        screen.advance(by: 0.6)
        screen.tap(at: centerOfRow(4, in: table))
        screen.advance(by: 0.6)
        // Rate the quote: tap the second star of the control row.
        if let row = controller.controlRow, let cell = table.cellForRow(at: row) as? RatingCell, cell.stars.count > 1 {
            let star = cell.stars[1]
            screen.tap(at: star.convert(CGPoint(x: star.bounds.midX, y: star.bounds.midY), to: nil))
            screen.advance(by: 0.4)
        }
    }
}

final class ControlRowController: UITableViewController {
    let quotes = SampleData.quotes
    var tapped: Int?
    var controlRow: IndexPath? { tapped.map { IndexPath(row: $0 + 1, section: 0) } }

    override func viewDidLoad() {
        // Quotes size themselves (they grow with the text size); the control row is 56.
        tableView.estimatedRowHeight = 56
        tableView.register(SubtitleCell.self, forCellReuseIdentifier: "quote")
        tableView.register(RatingCell.self, forCellReuseIdentifier: "controls")
    }

    func quoteIndex(_ indexPath: IndexPath) -> Int {
        guard let tapped, indexPath.row > tapped + 1 else { return indexPath.row }
        return indexPath.row - 1
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        quotes.count + (tapped == nil ? 0 : 1)
    }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if indexPath == controlRow { return tableView.dequeueReusableCell(withIdentifier: "controls", for: indexPath) }
        let cell = tableView.dequeueReusableCell(withIdentifier: "quote", for: indexPath)
        let quote = quotes[quoteIndex(indexPath)]
        cell.textLabel?.text = quote.quote
        cell.detailTextLabel?.text = quote.play
        return cell
    }
    override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        indexPath == controlRow ? 56 : UITableView.automaticDimension
    }
    override func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        indexPath == controlRow ? nil : indexPath
    }
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let old = controlRow
        let quote = quoteIndex(indexPath)
        tableView.deselectRow(at: indexPath, animated: true)
        tapped = tapped == quote ? nil : quote
        tableView.beginUpdates()
        if let old { tableView.deleteRows(at: [old], with: .top) }
        if let new = controlRow { tableView.insertRows(at: [new], with: .top) }
        tableView.endUpdates()
    }
}

/// The controls: five star buttons on a tinted row; tapping one rates the quote with
/// that many stars (the buttons are real `UIButton`s, so a drag that starts on one still
/// scrolls the table).
final class RatingCell: UITableViewCell {
    private(set) var stars: [UIButton] = []
    /// The rating the stars show, 0 to 5.
    private(set) var rating = 4 { didSet { showRating() } }

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .default, reuseIdentifier: reuseIdentifier)
        backgroundColor = UIColor(rgb: 0xEAF2FF)
        selectionStyle = .none
        stars = (1 ... 5).map { value in
            let star = UIButton(type: .system)
            star.titleLabel?.font = .systemFont(ofSize: 26)
            star.addAction(UIAction { [weak self] _ in self?.rating = value }, for: .touchUpInside)
            contentView.addSubview(star)
            return star
        }
        showRating()
    }

    required init?(coder: NSCoder) { return nil }

    private func showRating() {
        for (i, star) in stars.enumerated() { star.setTitle(i < rating ? "★" : "☆", for: .normal) }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let size: CGFloat = 44
        let start = (contentView.bounds.width - size * CGFloat(stars.count)) / 2
        for (i, star) in stars.enumerated() {
            star.frame = CGRect(x: start + CGFloat(i) * size, y: (contentView.bounds.height - size) / 2, width: size, height: size)
        }
    }
}
