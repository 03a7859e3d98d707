import Foundation
import Testing
import Tabula

/// The README's porting tutorial, compiled and run as written there (renamed: the
/// table tests have a `PlaysController` of their own).
@MainActor
final class TutorialPlaysController: UITableViewController {
    var plays = ["Macbeth", "Hamlet", "The Tempest"]

    override func viewDidLoad() {
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "play")
        tableView.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.sort() })
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { plays.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "play", for: indexPath)
        cell.textLabel?.text = plays[indexPath.row]
        return cell
    }

    func sort() {
        let old = plays
        plays.sort()
        tableView.performBatchUpdates {
            for (from, play) in old.enumerated() {
                self.tableView.moveRow(at: IndexPath(row: from, section: 0),
                                       to: IndexPath(row: self.plays.firstIndex(of: play)!, section: 0))
            }
        }
    }
}

@Suite("README tutorial")
@MainActor
struct PortingTutorialTests {
    @Test("the ported controller sorts its rows on a tap, animating the moves")
    func portedControllerSorts() {
        let controller = TutorialPlaysController(style: .plain)
        let window = UIWindow(frame: .zero)
        window.rootViewController = controller
        let screen = HeadlessScreen(size: CGSize(width: 390, height: 844), scale: 1)
        screen.show(window)
        screen.tap(at: CGPoint(x: 200, y: 100))
        let hamlet = controller.tableView.cellForRow(at: IndexPath(row: 0, section: 0))!
        #expect(hamlet.textLabel?.text == "Hamlet")
        screen.advance(by: 0.1)
        #expect(hamlet.layer.presentation()!.frame.minY > hamlet.frame.minY, "Hamlet slides up from row 1")
        let frames = screen.record(fps: 20) { screen.advance(by: 0.5) }
        #expect(frames.count == 11)
        #expect(hamlet.layer.presentation()!.frame.minY == 0)
    }
}
