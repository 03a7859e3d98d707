import Tabula

/// The 2011 session's Shakespeare plays: a toggle sorts the sections alphabetically
/// (and back) with `moveSection(_:toSection:)`, open rows and all, in one update.
final class PlaysSortScene: Scene {
    static let name = "plays"
    static let summary = "Shakespeare's plays sorted by section moves, quotes and all"
    static let seed = "WWDC 2011, What's New in Table Views (the move API)"
    static let tryIt = "Tap “Sort A–Z” at the top; tap it again to go back."
    let controller = PlaysController(style: .plain)
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    func play(on screen: HeadlessScreen) {
        let toggle = controller.sortBar.convert(controller.sortBar.bounds, to: nil)
        screen.tap(at: CGPoint(x: toggle.midX, y: toggle.midY))
        screen.advance(by: 1)
        screen.tap(at: CGPoint(x: toggle.midX, y: toggle.midY))
        screen.advance(by: 1)
    }
}

final class PlaysController: UITableViewController {
    /// The plays in the order shown (indexes into `SampleData.plays`).
    var order = Array(SampleData.plays.indices)
    var alphabetical = false
    let sortBar = UILabel(frame: CGRect(x: 0, y: 0, width: 390, height: 50))

    override func viewDidLoad() {
        tableView.rowHeight = 44
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "quote")
        sortBar.text = "Sort A–Z"
        sortBar.textAlignment = .center
        sortBar.textColor = .systemBlue
        sortBar.font = .systemFont(ofSize: 17, weight: .semibold)
        sortBar.backgroundColor = .systemGray6
        sortBar.isUserInteractionEnabled = true
        sortBar.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.toggleSort() })
        tableView.tableHeaderView = sortBar
    }

    override func numberOfSections(in tableView: UITableView) -> Int { order.count }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        SampleData.plays[order[section]].quotes.count
    }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        SampleData.plays[order[section]].title
    }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "quote", for: indexPath)
        cell.textLabel?.text = SampleData.plays[order[indexPath.section]].quotes[indexPath.row]
        cell.textLabel?.font = .italicSystemFont(ofSize: 16)
        return cell
    }

    /// The session's toggleSort: update the model, then tell the table where each section went.
    func toggleSort() {
        let current = order
        alphabetical.toggle()
        order = alphabetical
            ? current.sorted { SampleData.plays[$0].title < SampleData.plays[$1].title }
            : Array(SampleData.plays.indices)
        sortBar.text = alphabetical ? "Original order" : "Sort A–Z"
        tableView.beginUpdates()
        for (from, play) in current.enumerated() {
            let to = order.firstIndex(of: play)!
            if from != to { tableView.moveSection(from, toSection: to) }
        }
        tableView.endUpdates()
    }
}
