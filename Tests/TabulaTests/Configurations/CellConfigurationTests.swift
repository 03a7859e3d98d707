import Foundation
import Testing
import TabulaTestSupport
@testable import TabulaUIKit
@testable import TabulaTable

/// A content configuration of an app's own: a coloured square.
struct SwatchConfiguration: UIContentConfiguration {
    var color: UIColor
    var supportsInPlace = true
    @MainActor func makeContentView() -> any UIView & UIContentView { SwatchView(self) }
    func updated(for state: any UIConfigurationState) -> SwatchConfiguration { self }
}

@MainActor
final class SwatchView: UIView, UIContentView {
    var applied = 0
    var configuration: any UIContentConfiguration {
        didSet { applied += 1; backgroundColor = (configuration as? SwatchConfiguration)?.color }
    }
    init(_ configuration: SwatchConfiguration) {
        self.configuration = configuration
        super.init(frame: .zero)
        backgroundColor = configuration.color
    }

    required init?(coder: NSCoder) { return nil }
    func supports(_ configuration: any UIContentConfiguration) -> Bool {
        (configuration as? SwatchConfiguration)?.supportsInPlace ?? false
    }
}

/// Records the order of configuration updates.
@MainActor
final class RecordingCell: UITableViewCell {
    var log: [String] = []
    var selectedSets: [Bool] = []
    override func updateConfiguration(using state: UICellConfigurationState) {
        log.append("update selected=\(state.isSelected)")
    }
    override var isSelected: Bool {
        didSet { selectedSets.append(isSelected) }
    }
}

@MainActor
@Suite("Cell configurations")
struct CellConfigurationTests {
    @Test("setting a content configuration installs one content view; the same kind updates it in place")
    func installsContentView() throws {
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        let legacy = cell.contentView
        #expect(cell.textLabel != nil && cell.detailTextLabel != nil && cell.imageView != nil)
        var content = cell.defaultContentConfiguration()
        #expect(content == .subtitleCell())
        content.text = "One"
        cell.contentConfiguration = content
        let view = try #require(cell.contentView as? UIListContentView)
        #expect(view !== legacy && legacy.superview == nil && view.superview === cell)
        #expect(cell.subviews.filter { $0 is UIListContentView }.count == 1)
        #expect(cell.textLabel == nil && cell.detailTextLabel == nil && cell.imageView == nil,
                "the legacy views and a content configuration are exclusive")

        content.text = "Two"
        content.secondaryText = "Detail"
        cell.contentConfiguration = content
        #expect(cell.contentView === view, "a list configuration updates the list content view in place")
        #expect(view.textLabel.text == "Two" && view.secondaryTextLabel.text == "Detail")
        #expect(cell.subviews.filter { $0 is UIListContentView }.count == 1)

        cell.contentConfiguration = SwatchConfiguration(color: .systemRed)
        let swatch = try #require(cell.contentView as? SwatchView)
        #expect(view.superview == nil, "another kind of configuration makes its own view")
        cell.contentConfiguration = SwatchConfiguration(color: .systemBlue)
        #expect(cell.contentView === swatch && swatch.backgroundColor == .systemBlue)
        cell.contentConfiguration = SwatchConfiguration(color: .systemGreen, supportsInPlace: false)
        #expect(cell.contentView !== swatch, "a view that does not support the configuration is replaced")

        cell.contentConfiguration = nil
        #expect(!(cell.contentView is SwatchView) && !(cell.contentView is UIListContentView))
        #expect(cell.textLabel?.superview === cell.contentView, "the legacy labels come back in a fresh content view")
        #expect(cell.subviews.filter { $0 === cell.contentView }.count == 1)
    }

    @Test("the default content configuration follows the cell style")
    func defaultsByStyle() {
        #expect(UITableViewCell(style: .default, reuseIdentifier: nil).defaultContentConfiguration() == .cell())
        #expect(UITableViewCell(style: .subtitle, reuseIdentifier: nil).defaultContentConfiguration() == .subtitleCell())
        #expect(UITableViewCell(style: .value1, reuseIdentifier: nil).defaultContentConfiguration() == .valueCell())
        #expect(UITableViewCell(style: .value2, reuseIdentifier: nil).defaultContentConfiguration() == .valueCell())
    }

    @Test("a background configuration and the background views exclude each other")
    func backgroundExclusive() {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.backgroundView = UIView()
        cell.selectedBackgroundView = UIView()
        cell.backgroundConfiguration = .listGroupedCell()
        #expect(cell.backgroundView == nil && cell.selectedBackgroundView == nil)
        #expect(cell.subviews.first is BackgroundConfigurationView, "drawn behind everything")
        cell.selectedBackgroundView = UIView()
        #expect(cell.backgroundConfiguration == nil)
        #expect(!cell.subviews.contains { $0 is BackgroundConfigurationView })
    }

    @Test("the update runs before the cell is first shown and after each change of selection and highlight, handler last")
    func updateHandlerOnTouches() throws {
        let table = UITableView(frame: .zero, style: .plain)
        var states: [UICellConfigurationState] = []
        var cells: [IndexPath: RecordingCell] = [:]
        let source = ClosureTableSource(counts: [3]) { _, indexPath in
            let cell = RecordingCell(style: .default, reuseIdentifier: nil)
            var content = cell.defaultContentConfiguration()
            content.text = "Row \(indexPath.row)"
            cell.contentConfiguration = content
            cell.backgroundConfiguration = .listPlainCell()
            if indexPath.row == 1 {
                cell.configurationUpdateHandler = { cell, state in
                    states.append(state)
                    (cell as? RecordingCell)?.log.append("handler")
                }
            }
            cells[indexPath] = cell
            return cell
        }
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table, scale: 1, size: CGSize(width: 320, height: 300))
        let cell = try #require(cells[IndexPath(0, 1)])
        #expect(cell.log.prefix(2) == ["update selected=false", "handler"], "before the first display, handler after the override")
        #expect(states.last == UICellConfigurationState())

        let row = table.rectForRow(at: IndexPath(0, 1))
        let finger = screen.touchDown(at: CGPoint(x: row.midX, y: row.midY))
        screen.advance(by: 0.25)
        #expect(states.last?.isHighlighted == true && states.last?.isSelected == false)
        #expect(cell.backgroundConfiguration?.backgroundColor == .systemGray4)
        screen.liftTouch(finger)
        screen.advance(by: 1.0 / 60)
        #expect(states.last?.isSelected == true && states.last?.isHighlighted == false)
        #expect(cell.configurationState.isSelected)
        #expect(cell.backgroundConfiguration?.backgroundColor == .systemGray4, "a selected plain row is grey")
        let pixel = screen.snapshot().cgImage!.color(x: Int(row.midX) + 100, y: Int(row.midY))
        #expect(abs(pixel.red - 0xD1 / 255.0) < 0.02 && abs(pixel.blue - 0xD6 / 255.0) < 0.02, "and drawn grey: \(pixel)")

        let updatesBefore = states.count
        table.deselectRow(at: IndexPath(0, 1), animated: true)
        screen.advance(by: 1.0 / 60)
        #expect(states.count == updatesBefore + 1 && states.last?.isSelected == false)
        screen.advance(by: 0.1)
        let fading = screen.snapshot().cgImage!.color(x: Int(row.midX) + 100, y: Int(row.midY))
        #expect(fading.red > 0xD1 / 255.0 + 0.02 && fading.red < 0.99, "the grey fades out: \(fading)")
        screen.advance(by: 0.4)
        let after = screen.snapshot().cgImage!.color(x: Int(row.midX) + 100, y: Int(row.midY))
        #expect(after.red > 0.99 && after.blue > 0.99)
    }

    @Test("with automatic updates the content follows the state (a selected sidebar row turns white); without, it stays")
    func automaticContentUpdates() throws {
        for automatic in [true, false] {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            var content = UIListContentConfiguration.sidebarCell()
            content.text = "Inbox"
            cell.contentConfiguration = content
            cell.backgroundConfiguration = .listSidebarCell()
            cell.automaticallyUpdatesContentConfiguration = automatic
            cell.automaticallyUpdatesBackgroundConfiguration = automatic
            cell.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
            cell.setSelected(true, animated: false)
            cell.layoutIfNeeded()
            let label = try #require(cell.contentView as? UIListContentView).textLabel
            #expect(label.textColor == (automatic ? .white : .label))
            #expect(cell.backgroundConfiguration?.backgroundColor == (automatic ? nil : .clear), "nil: the tint colour")
            cell.setSelected(false, animated: false)
            cell.layoutIfNeeded()
            #expect(label.textColor == .label)
        }
    }

    @Test("several state changes in one turn are one update")
    func coalesced() {
        let cell = RecordingCell(style: .default, reuseIdentifier: nil)
        cell.layoutIfNeeded()
        cell.log = []
        cell.setHighlighted(true, animated: false)
        cell.setSelected(true, animated: false)
        cell.setHighlighted(false, animated: false)
        #expect(cell.log.isEmpty)
        cell.layoutIfNeeded()
        #expect(cell.log == ["update selected=true"])
        cell.setNeedsUpdateConfiguration()
        cell.layoutIfNeeded()
        #expect(cell.log == ["update selected=true", "update selected=true"])
    }

    @Test("isSelected, isHighlighted and isEditing are settable; an override of isSelected sees the app's sets")
    func settableState() {
        let cell = RecordingCell(style: .default, reuseIdentifier: nil)
        cell.isSelected = true
        #expect(cell.isSelected && cell.configurationState.isSelected)
        #expect(cell.selectedSets == [true])
        cell.setSelected(false, animated: false)
        #expect(!cell.isSelected && cell.selectedSets == [true], "setSelected does not go through the property, as in UIKit")
        cell.isHighlighted = true
        #expect(cell.configurationState.isHighlighted)
        cell.isEditing = true
        #expect(cell.isEditing && cell.configurationState.isEditing)
        cell.isEditing = false
        #expect(!cell.configurationState.isEditing)
    }

    @Test("editingStyle is the control the table gave the row; swiping a row open is the swiped state")
    func editingStyleAndSwipe() throws {
        final class Editable: UITableViewDataSource, UITableViewDelegate {
            var cells: [Int: UITableViewCell] = [:]
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                var content = cell.defaultContentConfiguration()
                content.text = "Row \(indexPath.row)"
                cell.contentConfiguration = content
                cells[indexPath.row] = cell
                return cell
            }
            func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
                indexPath.row == 2 ? .insert : .delete
            }
            func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
            func tableView(_ tableView: UITableView,
                           trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
                UISwipeActionsConfiguration(actions: [UIContextualAction(style: .destructive, title: "Delete") { _, _, done in done(true) }])
            }
        }
        let source = Editable()
        let table = UITableView(frame: .zero, style: .plain)
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table, size: CGSize(width: 320, height: 300))
        let row0 = try #require(source.cells[0])
        #expect(row0.editingStyle == .none)
        let row = table.rectForRow(at: IndexPath(0, 0))
        screen.drag(from: CGPoint(x: 280, y: row.midY), to: CGPoint(x: 120, y: row.midY), duration: 0.3)
        screen.advance(by: 0.5)
        #expect(row0.configurationState.isSwiped, "swiped open to show Delete")
        table.setEditing(true, animated: false)
        screen.advance(by: 0.5)
        #expect(!row0.configurationState.isSwiped && row0.configurationState.isEditing)
        #expect(row0.editingStyle == .delete && source.cells[2]?.editingStyle == .insert)
    }

    @Test("self-sizing rows grow with wrapped text and with secondary text; a short row keeps 44 points")
    func selfSizing() throws {
        let long = String(repeating: "The quality of mercy is not strained; it droppeth as the gentle rain. ", count: 3)
        let table = UITableView(frame: .zero, style: .insetGrouped)
        let source = ClosureTableSource(counts: [4]) { _, indexPath in
            let cell = UITableViewCell(style: indexPath.row == 3 ? .subtitle : .default, reuseIdentifier: nil)
            var content = cell.defaultContentConfiguration()
            content.text = indexPath.row == 1 ? long : "Portia"
            if indexPath.row >= 2 { content.secondaryText = "The Merchant of Venice" }
            if indexPath.row == 3 { content.image = solidImage(side: 50) }
            cell.contentConfiguration = content
            if indexPath.row == 1 { cell.accessoryType = .disclosureIndicator }
            return cell
        }
        table.dataSource = source
        let screen = showTable(table, size: CGSize(width: 390, height: 700))
        defer { withExtendedLifetime(screen) {} }
        let heights = (0 ..< 4).map { table.rectForRow(at: IndexPath(0, $0)).height }
        #expect(heights[0] == 44)
        #expect(heights[1] > 100, "three sentences wrap onto several lines: \(heights[1])")
        #expect(heights[2] > 44 && heights[2] < 70, "text and a line of secondary text: \(heights[2])")
        #expect(heights[3] == 65, "the 50-point image with 7.5 points above and below: \(heights[3])")
        let cell = try #require(table.cellForRow(at: IndexPath(0, 1)))
        let content = try #require(cell.contentView as? UIListContentView)
        #expect(content.textLabel.frame.maxY <= cell.bounds.height - 11 + 0.5, "the text fits inside the row")
        #expect(content.textLabel.frame.maxX <= content.bounds.width, "and stops before the chevron")
    }

    @Test("a list content view sizes itself: sizeThatFits, intrinsic size, and Auto Layout at the width it is given")
    func listContentViewSizing() {
        var configuration = UIListContentConfiguration.subtitleCell()
        configuration.text = "A title long enough to wrap when the view is narrow"
        configuration.secondaryText = "Secondary"
        let view = UIListContentView(configuration: configuration)
        let wide = view.sizeThatFits(CGSize(width: 600, height: 0)).height
        let narrow = view.sizeThatFits(CGSize(width: 150, height: 0)).height
        #expect(narrow > wide + 15, "narrow: \(narrow), wide: \(wide)")
        #expect(view.intrinsicContentSize.width >= 300)

        let container = UIView(frame: CGRect(x: 0, y: 0, width: 150, height: 400))
        container.addSubview(view)
        view.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            view.topAnchor.constraint(equalTo: container.topAnchor),
            view.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            view.trailingAnchor.constraint(equalTo: container.trailingAnchor),
        ])
        container.layoutIfNeeded()
        #expect(view.frame.width == 150)
        #expect(view.frame.height == view.sizeThatFits(CGSize(width: 150, height: 0)).height)
        #expect(view.textLabel.frame.minX == 8, "the container's 8-point margins, preserved horizontally")
    }
}
