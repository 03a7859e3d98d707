import Tabula

/// The 2011 session's floating view: a button that is a subview of the table but stays
/// put on screen while the content scrolls, because `scrollViewDidScroll` moves it by
/// the bounds origin — past the edges too, while the table bounces.
final class FloatingButtonScene: Scene {
    static let name = "floating"
    static let title = "Floating Button"
    static let summary = "A button inside the table that stays fixed while it scrolls and bounces"
    static let seed = "WWDC 2011, What's New in Table Views (tips: floating views)"
    static let tryIt = "Scroll and fling; pull past the top and bottom: the “New quotes” button does not move."
    let controller = FloatingButtonController(style: .plain)
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    func play(on screen: HeadlessScreen) {
        screen.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 300), duration: 0.4)
        screen.advance(by: 1.2)
        screen.drag(from: CGPoint(x: 200, y: 200), to: CGPoint(x: 200, y: 800), duration: 0.3)
        screen.advance(by: 1.5)
    }
}

final class FloatingButtonController: UITableViewController {
    let button = UILabel(frame: CGRect(x: 250, y: 12, width: 128, height: 36))
    /// Where the button sits relative to the visible area (the session's `cloudViewOrigin`).
    var buttonOrigin = CGPoint.zero
    let quotes = SampleData.quotes + SampleData.quotes + SampleData.quotes

    override func viewDidLoad() {
        scaleRowHeight(from: 60)
        tableView.register(SubtitleCell.self, forCellReuseIdentifier: "quote")
        button.text = "New quotes"
        button.textAlignment = .center
        button.textColor = .white
        button.font = .systemFont(ofSize: 15, weight: .semibold)
        button.backgroundColor = .systemBlue
        button.layer.cornerRadius = 18
        button.clipsToBounds = true
        tableView.addSubview(button)
        buttonOrigin = button.frame.origin
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { quotes.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "quote", for: indexPath)
        cell.textLabel?.text = quotes[indexPath.row].quote
        cell.detailTextLabel?.text = quotes[indexPath.row].play
        return cell
    }

    override func viewDidLayoutSubviews() {
        button.frame.origin.x = tableView.bounds.width - button.frame.width - 12
        // Keep it above the cells that the table adds as it scrolls.
        if tableView.subviews.last !== button { tableView.bringSubviewToFront(button) }
    }

    /// As in the session: the button's frame follows the bounds origin, so on screen it stays.
    override func scrollViewDidScroll(_ scrollView: UIScrollView) {
        var frame = button.frame
        frame.origin.y = buttonOrigin.y + scrollView.bounds.origin.y + scrollView.adjustedContentInset.top
        button.frame = frame
    }
}
