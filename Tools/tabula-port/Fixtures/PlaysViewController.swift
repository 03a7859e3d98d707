//
//  PlaysViewController.swift
//  A UIKit table view controller written the way iOS projects write them (selectors,
//  @objc, a cell subclass, data source overrides in an extension). tabula-port's tests
//  port it and compare the result with Examples/PortedPlays, which builds and runs on
//  Linux.
//

import UIKit

final class PlayCell: UITableViewCell {
    static let reuseIdentifier = "PlayCell"

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
        accessoryType = .disclosureIndicator
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

final class PlaysViewController: UITableViewController {
    struct Play {
        var title: String
        var year: Int
        var isFavorite = false
    }

    var plays = [
        Play(title: "Hamlet", year: 1601),
        Play(title: "Macbeth", year: 1606),
        Play(title: "The Tempest", year: 1611),
        Play(title: "King Lear", year: 1606),
        Play(title: "Twelfth Night", year: 1602),
        Play(title: "Othello", year: 1604),
    ]
    private(set) var sortedByYear = false
    private let favoritesOnly = UISwitch()
    private var refreshTimer: Timer?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Plays"
        tableView.register(PlayCell.self, forCellReuseIdentifier: PlayCell.reuseIdentifier)
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Sort", style: .plain, target: self,
                                                            action: #selector(toggleSort(_:)))
        navigationItem.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: self,
                                                           action: #selector(addPlay))
        favoritesOnly.addTarget(self, action: #selector(favoritesChanged(_:)), for: .valueChanged)
        let doubleTap = UITapGestureRecognizer(target: self, action: #selector(handleDoubleTap(_:)))
        doubleTap.numberOfTapsRequired = 2
        tableView.addGestureRecognizer(doubleTap)
    }

    @objc func toggleSort(_ sender: UIBarButtonItem) {
        sortedByYear.toggle()
        sender.title = sortedByYear ? "A–Z" : "Sort"
        let before = plays.map(\.title)
        plays.sort { sortedByYear ? ($0.year, $0.title) < ($1.year, $1.title) : $0.title < $1.title }
        tableView.performBatchUpdates {
            for (old, title) in before.enumerated() {
                let new = self.plays.firstIndex { $0.title == title }!
                self.tableView.moveRow(at: IndexPath(row: old, section: 0), to: IndexPath(row: new, section: 0))
            }
        }
    }

    @objc func addPlay() {
        plays.insert(Play(title: "Play \(plays.count + 1)", year: 1600), at: 0)
        tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
    }

    @objc func favoritesChanged(_ sender: UISwitch) {
        tableView.reloadData()
    }

    @objc func handleDoubleTap(_ recognizer: UITapGestureRecognizer) {
        let point = recognizer.location(in: tableView)
        guard let indexPath = tableView.indexPathForRow(at: point) else { return }
        plays[indexPath.row].isFavorite.toggle()
        tableView.reloadRows(at: [indexPath], with: .none)
    }

    func startRefreshing() {
        refreshTimer = Timer.scheduledTimer(timeInterval: 60, target: self, selector: #selector(refresh),
                                            userInfo: nil, repeats: true)
    }

    @objc func refresh() {
        tableView.reloadData()
    }
}

// MARK: - UITableViewDataSource

extension PlaysViewController {
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        plays.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: PlayCell.reuseIdentifier, for: indexPath)
        let play = plays[indexPath.row]
        cell.textLabel?.text = play.isFavorite ? "★ \(play.title)" : play.title
        cell.detailTextLabel?.text = "\(play.year)"
        return cell
    }
}
