import Tabula

/// The 2010 session's RSS reader: a tap anywhere on a section header opens it (and
/// closes the one open), with row animations chosen by position so that everything
/// flows one way: opening a section above the open one inserts from the top and
/// deletes out the bottom; opening one below flips both.
final class RSSReaderScene: Scene {
    static let name = "rss"
    static let title = "RSS Reader"
    static let summary = "RSS reader: sections open and close with row animations that flow the right way"
    static let seed = "WWDC 2010, Mastering Table Views (animated updates, tap on section headers)"
    static let tryIt = "Tap a feed's header to open it; tap one below or above the open one and watch the direction."
    let controller = RSSReaderController(style: .plain)
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    func play(on screen: HeadlessScreen) {
        let table = controller.tableView!
        func tapHeader(_ section: Int) {
            let rect = table.convert(table.rectForHeader(inSection: section), to: nil)
            screen.tap(at: CGPoint(x: rect.midX + 60, y: rect.midY))
            screen.advance(by: 0.7)
        }
        tapHeader(0)
        tapHeader(2)
        tapHeader(1)
        tapHeader(1)
    }
}

final class RSSReaderController: UITableViewController {
    var openSection: Int?

    override func viewDidLoad() {
        tableView.rowHeight = 52
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "story")
    }

    override func numberOfSections(in tableView: UITableView) -> Int { SampleData.feeds.count }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        section == openSection ? SampleData.feeds[section].stories.count : 0
    }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "story", for: indexPath)
        cell.textLabel?.text = SampleData.feeds[indexPath.section].stories[indexPath.row]
        cell.accessoryType = .disclosureIndicator
        return cell
    }
    override func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { 56 }
    override func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        let header = FeedHeaderView(title: SampleData.feeds[section].title, open: section == openSection)
        // As in the session: a tap anywhere on the header, not only on its small button.
        header.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.toggle(section) })
        return header
    }

    func rows(of section: Int) -> [IndexPath] {
        SampleData.feeds[section].stories.indices.map { IndexPath(row: $0, section: section) }
    }

    /// Opens `section` (closing the open one) or closes it, as one animated update.
    func toggle(_ section: Int) {
        let previous = openSection
        if previous == section {
            openSection = nil
            tableView.deleteRows(at: rows(of: section), with: .top)
        } else {
            // Top in and bottom out when the new section is above (or none is open);
            // flipped when it is below, so the rows flow up with the header.
            let below = previous.map { section > $0 } ?? false
            openSection = section
            tableView.beginUpdates()
            tableView.insertRows(at: rows(of: section), with: below ? .bottom : .top)
            if let previous { tableView.deleteRows(at: rows(of: previous), with: below ? .top : .bottom) }
            tableView.endUpdates()
        }
        for s in [previous, openSection].compactMap({ $0 }) {
            (tableView.headerView(forSection: s) as? FeedHeaderView)?.isOpen = s == openSection
        }
    }
}

/// A feed's header: its title and a disclosure chevron that turns a quarter turn, down,
/// when it opens.
///
/// A chevron rather than "▶": that glyph is nearly equilateral, and an equilateral
/// triangle turned 30° clockwise is the same shape as one turned 90° the other way, so a
/// quarter turn down reads as three quarters up (▶ ▲ ◀ ▼) though every frame is right.
final class FeedHeaderView: UITableViewHeaderFooterView {
    private let title = UILabel()
    private let triangle = UIImageView(image: UIImage(systemName: "chevron.right"))
    var isOpen: Bool { didSet { turnTriangle(animated: true) } }

    init(title text: String, open: Bool) {
        isOpen = open
        super.init(reuseIdentifier: nil)
        // The colour spans the row, under a landscape iPhone's sensor housing too; the
        // content view keeps the title and triangle inside the safe area.
        let background = UIView()
        background.backgroundColor = UIColor(rgb: 0x2C3E50)
        backgroundView = background
        title.text = text
        title.font = .systemFont(ofSize: 19, weight: .semibold)
        title.textColor = .white
        triangle.tintColor = UIColor(rgb: 0xF1C40F)
        triangle.contentMode = .center
        triangle.preferredSymbolConfiguration = UIImage.SymbolConfiguration(pointSize: 15, weight: .bold)
        contentView.addSubview(title)
        contentView.addSubview(triangle)
        turnTriangle(animated: false)
    }

    override init(reuseIdentifier: String?) {
        isOpen = false
        super.init(reuseIdentifier: reuseIdentifier)
    }

    required init?(coder: NSCoder) { return nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        triangle.frame = CGRect(x: 12, y: bounds.height / 2 - 14, width: 28, height: 28)
        title.frame = CGRect(x: 44, y: 0, width: bounds.width - 56, height: bounds.height)
    }

    private func turnTriangle(animated: Bool) {
        let turn = { self.triangle.transform = self.isOpen ? CGAffineTransform(rotationAngle: .pi / 2) : .identity }
        if animated { UIView.animate(withDuration: 0.3, animations: turn) } else { turn() }
    }
}
