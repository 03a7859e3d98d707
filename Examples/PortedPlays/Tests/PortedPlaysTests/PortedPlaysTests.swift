import Foundation
import Tabula
import Testing
@testable import PortedPlays

/// The UIKit controller in Tools/tabula-port/Fixtures, as the tool ported it (no hand
/// edits), running on Linux: its bar buttons, switch and double-tap gesture call the
/// methods their selectors named.
@MainActor
@Suite("The ported plays controller")
struct PortedPlaysTests {
    let screen = HeadlessScreen(device: .iPhone15)

    func launch() -> PlaysViewController {
        let plays = PlaysViewController(style: .plain)
        let window = UIWindow(frame: .zero)
        window.rootViewController = UINavigationController(rootViewController: plays)
        screen.show(window)
        screen.advance(by: 0.3)
        return plays
    }

    func rowTitles() -> [String] {
        screen.cells.allElements.compactMap { $0.view as? UITableViewCell }
            .sorted { $0.frame.minY < $1.frame.minY }
            .compactMap { $0.textLabel?.text }
    }

    @Test("The rows show each play with its year, in a PlayCell made through its init(style:reuseIdentifier:)")
    func rows() throws {
        let plays = launch()
        #expect(rowTitles() == ["Hamlet", "Macbeth", "The Tempest", "King Lear", "Twelfth Night", "Othello"])
        let cell = try #require(plays.tableView.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(cell is PlayCell)
        #expect(cell.detailTextLabel?.text == "1601")
    }

    @Test("Sort, once a selector on a bar button item, moves the rows into year order and renames itself through its sender")
    func sort() throws {
        let plays = launch()
        try screen.buttons["Sort"].tap()
        screen.advance(by: 0.6)
        #expect(plays.sortedByYear)
        #expect(rowTitles() == ["Hamlet", "Twelfth Night", "Othello", "King Lear", "Macbeth", "The Tempest"])
        #expect(plays.navigationItem.rightBarButtonItem?.title == "A–Z")
    }

    @Test("Add, once a system item with a selector, inserts a row at the top")
    func add() throws {
        let plays = launch()
        try screen.buttons["Add"].tap()
        screen.advance(by: 0.5)
        #expect(plays.plays.count == 7)
        #expect(rowTitles().first == "Play 7")
    }

    @Test("The double-tap recognizer, once target and selector, stars the play under the finger")
    func doubleTap() throws {
        let plays = launch()
        let cell = try #require(plays.tableView.cellForRow(at: IndexPath(row: 1, section: 0)))
        let point = cell.convert(CGPoint(x: cell.bounds.midX, y: cell.bounds.midY), to: nil)
        screen.tap(at: point)
        screen.advance(by: 0.1)
        screen.tap(at: point)
        screen.advance(by: 0.5)
        #expect(plays.plays[1].isFavorite)
        #expect(rowTitles()[1] == "★ Macbeth")
    }
}
