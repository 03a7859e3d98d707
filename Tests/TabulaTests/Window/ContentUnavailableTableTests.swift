import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A shopping list in a table view controller that shows an empty state while the list
/// is empty, as UIKit's documentation shows it done.
@MainActor
private final class ShoppingController: UITableViewController {
    var items: [String] = [] {
        didSet {
            tableView.reloadData()
            setNeedsUpdateContentUnavailableConfiguration()
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Shopping"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "item")
    }

    override func updateContentUnavailableConfiguration(using state: UIContentUnavailableConfigurationState) {
        guard items.isEmpty else {
            contentUnavailableConfiguration = nil
            return
        }
        var empty = UIContentUnavailableConfiguration.empty()
        empty.image = UIImage(systemName: "cart")
        empty.text = "Nothing to Buy"
        empty.secondaryText = "Items you add appear here."
        empty.button.title = "Add Milk"
        empty.buttonProperties.primaryAction = UIAction { [weak self] _ in self?.items.append("Milk") }
        contentUnavailableConfiguration = empty
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
        cell.textLabel?.text = items[indexPath.row]
        return cell
    }
}

@MainActor
@Suite("Content unavailable over a table")
struct ContentUnavailableTableTests {
    @Test("an empty table view controller shows its empty state over the visible table, below the bar; its button fills the list")
    func emptyTable() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        let shopping = ShoppingController(style: .insetGrouped)
        let navigation = UINavigationController(rootViewController: shopping)
        navigation.navigationBar.prefersLargeTitles = true
        let window = UIWindow(frame: .zero)
        window.rootViewController = navigation
        screen.show(window)
        screen.advance(by: 0.1)
        writeForLooking(screen.snapshot(), "content-unavailable-table")

        let table = shopping.tableView!
        let overlay = try #require(table.subviews.compactMap { $0 as? UIContentUnavailableView }.first)
        // It covers what the table shows (its bounds start at the content offset, above the
        // rows, under the large title).
        #expect(overlay.convert(overlay.bounds, to: nil) == table.convert(table.bounds, to: nil))
        let bar = navigation.navigationBar.convert(navigation.navigationBar.bounds, to: nil)
        let title = try #require(overlay.pieceFrames[.text])
        let titleOnScreen = overlay.convert(title, to: nil)
        #expect(titleOnScreen.minY > bar.maxY, "below the bar: \(titleOnScreen) under \(bar)")
        let stack = overlay.pieceFrames.values.map { overlay.convert($0, to: nil) }
        let top = stack.map(\.minY).min()!, bottom = stack.map(\.maxY).max()!
        let middle = bar.maxY + (screen.size.height - 34 - bar.maxY) / 2
        #expect(abs((top + bottom) / 2 - middle) <= 2, "centred between the bar and the home indicator: \(top)…\(bottom)")

        try screen.buttons["Add Milk"].tap()
        screen.advance(by: 0.1)
        #expect(shopping.items == ["Milk"])
        #expect(overlay.superview == nil)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text == "Milk")
        #expect(shopping.contentUnavailableConfiguration == nil)

        shopping.items = []
        screen.advance(by: 0.1)
        let again = try #require(table.subviews.compactMap { $0 as? UIContentUnavailableView }.first)
        #expect(table.subviews.last === again, "in front of the rows and the table's own views")
        #expect(screen.staticTexts.labels.contains("Nothing to Buy"))
    }
}
