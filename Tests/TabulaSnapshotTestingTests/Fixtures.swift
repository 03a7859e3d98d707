import Foundation
import Tabula

/// A small list of fruit, as a user's table view controller would be.
@MainActor
final class FruitController: UITableViewController {
    var fruit = ["Apples", "Bananas", "Cherries", "Dates", "Elderberries", "Figs"]

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { fruit.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = fruit[indexPath.row]
        return cell
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Fruit" }
}

/// A controller that remembers the size and safe area its view was laid out with.
@MainActor
final class MeasuringController: UIViewController {
    var laidOutBounds = CGRect.zero
    var laidOutSafeArea = UIEdgeInsets.zero

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        laidOutBounds = view.bounds
        laidOutSafeArea = view.safeAreaInsets
    }
}

/// A 40 × 30 view of one colour with a 1 × 1 point square of another at (5, 5): the
/// smallest change a snapshot can catch.
@MainActor
func swatch(_ color: UIColor, dot: UIColor) -> (view: UIView, dot: UIView) {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
    view.backgroundColor = color
    let square = UIView(frame: CGRect(x: 5, y: 5, width: 1, height: 1))
    square.backgroundColor = dot
    view.addSubview(square)
    return (view, square)
}

/// A fresh, empty folder for snapshots a test records and compares itself.
func temporarySnapshotDirectory(_ name: String = #function) throws -> String {
    let url = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        .appendingPathComponent("TabulaSnapshotTestingTests-\(ProcessInfo.processInfo.processIdentifier)")
        .appendingPathComponent(name.filter { $0.isLetter || $0.isNumber })
    try? FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

/// The paths of the files a failure message names as `name: "file://…"`.
func artifactPath(_ name: String, in message: String) -> String? {
    for line in message.split(separator: "\n") where line.hasPrefix("\(name): \"file://") {
        return String(line.dropFirst("\(name): \"file://".count).dropLast())
    }
    return nil
}
