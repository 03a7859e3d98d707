import Tabula

/// The 2011 session's Shakespeare plays: a toggle sorts the sections alphabetically
/// (and back) with `moveSection(_:toSection:)`, open rows and all, in one update.
final class PlaysSortScene: Scene {
    static let name = "plays"
    static let title = "Plays"
    static let summary = "Shakespeare's plays sorted by section moves, quotes and all"
    static let seed = "WWDC 2011, What's New in Table Views (the move API)"
    static let tryIt = "Tap “Sort A–Z” in the bar; tap it again to go back."
    let controller = PlaysController(style: .plain)
    init() {}
    func makeRootViewController() -> UIViewController { controller }

    func play(on screen: HeadlessScreen) {
        guard let bar = controller.navigationController?.navigationBar else { return }
        if let toggle = centerOfLabel("Sort A–Z", in: bar) { screen.tap(at: toggle) }
        screen.advance(by: 1)
        if let toggle = centerOfLabel("Original Order", in: bar) { screen.tap(at: toggle) }
        screen.advance(by: 1)
    }
}

final class PlaysController: UITableViewController {
    /// The plays in the order shown (indexes into `SampleData.plays`).
    var order = Array(SampleData.plays.indices)
    var alphabetical = false
    /// The session's sort toggle, in the navigation bar.
    lazy var sortButton = UIBarButtonItem(primaryAction: UIAction(title: "Sort A–Z") { [weak self] _ in self?.toggleSort() })

    override func viewDidLoad() {
        tableView.rowHeight = 44
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "quote")
        navigationItem.rightBarButtonItem = sortButton
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
        sortButton.title = alphabetical ? "Original Order" : "Sort A–Z"
        tableView.beginUpdates()
        for (from, play) in current.enumerated() {
            let to = order.firstIndex(of: play)!
            if from != to { tableView.moveSection(from, toSection: to) }
        }
        tableView.endUpdates()
    }
}
