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
    }
}

final class ControlRowController: UITableViewController {
    let quotes = SampleData.quotes
    var tapped: Int?
    var controlRow: IndexPath? { tapped.map { IndexPath(row: $0 + 1, section: 0) } }

    override func viewDidLoad() {
        tableView.rowHeight = 56
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

/// The controls: five stars on a tinted row.
final class RatingCell: UITableViewCell {
    required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .default, reuseIdentifier: reuseIdentifier)
        backgroundColor = UIColor(rgb: 0xEAF2FF)
        textLabel?.text = "Rate it:  ★ ★ ★ ★ ☆"
        textLabel?.textColor = .systemBlue
        textLabel?.textAlignment = .center
        selectionStyle = .none
    }
}
