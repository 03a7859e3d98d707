import Tabula

/// The cell animation tutorial's drop-in cards: the first time a card is displayed it
/// starts tipped −15° about z, shifted (−20, −20) and at opacity 0.8, and falls into
/// place in 0.4 s. The tutorial's "advanced" exercise: tapping a card flips it over
/// about its vertical axis, in perspective (m34 = −1/500), to show its back.
final class DropInCardsScene: Scene {
    static let name = "cards"
    static let title = "Drop-In Cards"
    static let summary = "Cards that drop in tilted on first display, and flip over in 3D when tapped"
    static let seed = "Table View Animations Tutorial: Drop-In Cards (and its advanced flip)"
    static let tryIt = "Scroll down to see new cards drop in (only the first time); tap a card to flip it."
    let controller = CardsController(style: .plain)
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    func play(on screen: HeadlessScreen) {
        screen.advance(by: 0.3)
        screen.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 380), duration: 0.4)
        screen.advance(by: 0.8)
        screen.tap(at: centerOfRow(4, in: controller.tableView))
        screen.advance(by: 0.9)
    }
}

final class CardsController: UITableViewController {
    var shown: Set<IndexPath> = []
    var flipped: Set<Int> = []
    /// The tutorial's initial transformation.
    let initialTransform: CATransform3D = {
        let angle: CGFloat = -15 * .pi / 180
        return CATransform3DIdentity.rotated(by: angle, x: 0, y: 0, z: 1).translatedBy(x: -20, y: -20, z: 0)
    }()

    /// A dark bar (and so a light status bar) over the dark table, while this screen shows.
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.navigationBar.barStyle = .black
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        navigationController?.navigationBar.barStyle = .default
    }

    override func viewDidLoad() {
        tableView.rowHeight = 120
        tableView.separatorStyle = .none
        tableView.backgroundColor = UIColor(rgb: 0x263238)
        tableView.register(CardCell.self, forCellReuseIdentifier: "card")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { SampleData.quotes.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "card", for: indexPath) as! CardCell
        let quote = SampleData.quotes[indexPath.row]
        cell.show(quote.quote, quote.play, back: flipped.contains(indexPath.row), hue: indexPath.row)
        return cell
    }

    /// The tutorial: only the first display animates.
    override func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        cell.backgroundColor = .clear
        guard let card = (cell as? CardCell)?.card, !shown.contains(indexPath) else { return }
        shown.insert(indexPath)
        card.layer.transform = initialTransform
        card.layer.opacity = 0.8
        UIView.animate(withDuration: 0.4) {
            card.layer.transform = CATransform3DIdentity
            card.layer.opacity = 1
        }
    }

    /// The advanced exercise: turn the card edge-on, show the other side, turn it back.
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: false)
        guard let cell = tableView.cellForRow(at: indexPath) as? CardCell else { return }
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        let card = cell.card
        UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseIn], animations: {
            card.layer.transform = perspective.rotated(by: .pi / 2, x: 0, y: 1, z: 0)
        }, completion: { _ in
            if self.flipped.remove(indexPath.row) == nil { self.flipped.insert(indexPath.row) }
            let quote = SampleData.quotes[indexPath.row]
            cell.show(quote.quote, quote.play, back: self.flipped.contains(indexPath.row), hue: indexPath.row)
            card.layer.transform = perspective.rotated(by: -.pi / 2, x: 0, y: 1, z: 0)
            UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseOut], animations: {
                card.layer.transform = perspective
            })
        })
    }
}

/// A rounded card inset in its cell: the quote on the front, the play on the back.
final class CardCell: UITableViewCell {
    let card = UIView()
    let title = UILabel()
    let detail = UILabel()
    static let colors: [UInt32] = [0xFF9500, 0x34C759, 0x007AFF, 0xAF52DE, 0xFF2D55, 0x5AC8FA]

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .default, reuseIdentifier: reuseIdentifier)
        selectionStyle = .none
        card.layer.cornerRadius = 14
        card.clipsToBounds = true
        title.numberOfLines = 2
        title.font = .systemFont(ofSize: 19, weight: .semibold)
        title.textColor = .white
        detail.font = .systemFont(ofSize: 14)
        detail.textColor = UIColor(white: 1, alpha: 0.85)
        card.addSubview(title)
        card.addSubview(detail)
        contentView.addSubview(card)
    }

    required init?(coder: NSCoder) { return nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        card.bounds = CGRect(x: 0, y: 0, width: contentView.bounds.width - 32, height: contentView.bounds.height - 16)
        card.center = CGPoint(x: contentView.bounds.midX, y: contentView.bounds.midY)
        title.frame = CGRect(x: 16, y: 12, width: card.bounds.width - 32, height: 52)
        detail.frame = CGRect(x: 16, y: card.bounds.height - 32, width: card.bounds.width - 32, height: 20)
    }

    func show(_ quote: String, _ play: String, back: Bool, hue: Int) {
        card.backgroundColor = back ? UIColor(rgb: 0x37474F) : UIColor(rgb: Self.colors[hue % Self.colors.count])
        title.text = back ? play : quote
        detail.text = back ? "Tap to turn back" : play
    }
}
