import Tabula

/// Pull to refresh, as Mail does it: an inbox under a large title with a
/// `UIRefreshControl`. Pulling past the threshold starts the spinner; 1.5 s later
/// (on the screen's clock) new messages slide in at the top and the spinner goes.
final class RefreshScene: Scene {
    static let name = "refresh"
    static let title = "Inbox"
    static let summary = "Pull to refresh: the spinner turns under the large title, new messages slide in at the top, the spinner goes"
    static let seed = "UIKit's UIRefreshControl (pull to refresh, iOS 6 and later; iOS 17's look)"
    static let tryIt = "Pull the list down until the spinner turns, and let go: new messages arrive 1.5 s later."
    let controller = RefreshController(style: .plain)
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    /// A slow pull down with the finger held past the threshold, the release, then the
    /// wait for the new messages and the end of the refresh.
    func play(on screen: HeadlessScreen) {
        let start = CGPoint(x: 196, y: 300)
        let finger = screen.touchDown(at: start)
        for step in 1 ... 36 {
            screen.advance(by: 1.0 / 30)
            screen.moveTouch(finger, to: CGPoint(x: start.x, y: start.y + CGFloat(step) * 12))
        }
        screen.advance(by: 0.3)
        screen.liftTouch(finger)
        screen.advance(by: 2.0)
    }
}

final class RefreshController: UITableViewController {
    /// The inbox, newest first.
    private(set) var messages: [(from: String, subject: String)] = SampleData.messages
    /// What each refresh brings, in turn.
    private let arrivals: [[(from: String, subject: String)]] = [
        [("Mia", "Pulled to refresh"), ("Build bot", "Nightly: 531 tests passed")],
        [("Luke", "Re: Moves in table views"), ("Ivy", "Spinner under the large title"), ("Tom", "Coffee?")],
        [("Noor", "One more thing")],
    ]
    private var refreshCount = 0
    /// Counts 1.5 s of the screen's time after a refresh began.
    private var delivery: CADisplayLink?
    private var refreshBegan: TimeInterval?
    /// How long the pretend download takes.
    static let downloadTime: TimeInterval = 1.5

    override func viewDidLoad() {
        scaleRowHeight(from: 64)
        tableView.register(SubtitleCell.self, forCellReuseIdentifier: "message")
        navigationItem.largeTitleDisplayMode = .always
        navigationController?.navigationBar.prefersLargeTitles = true
        let refresh = UIRefreshControl()
        refresh.addAction(UIAction { [unowned self] _ in self.startDownload() }, for: .valueChanged)
        refreshControl = refresh
    }

    /// Waits `downloadTime` on the screen's clock (a display link's timestamps; a
    /// `Timer` would keep the wall clock), then delivers.
    private func startDownload() {
        delivery?.invalidate()
        refreshBegan = nil
        let link = CADisplayLink { [weak self] link in self?.tick(link.timestamp) }
        link.add(to: .main, forMode: .common)
        delivery = link
    }

    private func tick(_ time: TimeInterval) {
        if refreshBegan == nil { refreshBegan = time }
        guard let began = refreshBegan, time - began >= Self.downloadTime else { return }
        delivery?.invalidate()
        delivery = nil
        deliver()
    }

    /// The new messages slide in at the top under the spinner; once they are in, the
    /// refresh ends and the spinner goes.
    private func deliver() {
        let batch = arrivals[refreshCount % arrivals.count]
        refreshCount += 1
        tableView.performBatchUpdates({
            self.messages.insert(contentsOf: batch, at: 0)
            self.tableView.insertRows(at: batch.indices.map { IndexPath(row: $0, section: 0) }, with: .fade)
        }, completion: { [weak self] _ in
            self?.refreshControl?.endRefreshing()
        })
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { messages.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        cell.textLabel?.text = messages[indexPath.row].from
        cell.textLabel?.font = .systemFont(ofSize: 17, weight: .semibold)
        cell.detailTextLabel?.text = messages[indexPath.row].subject
        return cell
    }
}
