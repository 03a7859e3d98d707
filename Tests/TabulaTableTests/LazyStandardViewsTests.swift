import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A cell with a view of its own, added in its initializer, that finds it again as the
/// first subview of its content view (as UIKitCatalog's cells do).
@MainActor
private final class OwnViewCell: UITableViewCell {
    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        let swatch = UIView()
        swatch.backgroundColor = .systemRed
        contentView.addSubview(swatch)
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    var swatch: UIView { contentView.subviews[0] }

    override func layoutSubviews() {
        super.layoutSubviews()
        swatch.frame = contentView.bounds.insetBy(dx: 20, dy: 8)
    }
}

/// A header with a view of its own in its content view.
@MainActor
private final class OwnViewHeader: UITableViewHeaderFooterView {
    override init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        contentView.addSubview(UISwitch())
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }
}

@MainActor
private final class OwnViewsSource: NSObject, UITableViewDataSource, UITableViewDelegate {
    func numberOfSections(in tableView: UITableView) -> Int { 2 }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "own", for: indexPath)
    }
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        section == 0 ? tableView.dequeueReusableHeaderFooterView(withIdentifier: "header") : nil
    }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section == 1 ? "Second" : nil
    }
}

@MainActor
@Suite("The standard labels and image view are made when first used, as in UIKit")
struct LazyStandardViewsTests {
    @Test("a cell whose code never reads textLabel has only its own views in its content view, shown, selected and reused")
    func ownViewsOnly() throws {
        let table = UITableView(frame: .zero, style: .plain)
        table.register(OwnViewCell.self, forCellReuseIdentifier: "own")
        table.register(OwnViewHeader.self, forHeaderFooterViewReuseIdentifier: "header")
        let source = OwnViewsSource()
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table)
        defer { withExtendedLifetime((screen, source)) {} }

        let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)) as? OwnViewCell)
        #expect(first.contentView.subviews.count == 1)
        #expect(first.swatch.backgroundColor == .systemRed)
        #expect(first.swatch.frame.width > 300, "the cell's own view is laid out: \(first.swatch.frame)")
        // A custom header keeps its content view to itself; the titled one shows its title.
        let header = try #require(table.headerView(forSection: 0))
        #expect(header.contentView.subviews.count == 1)
        #expect(header.contentView.subviews.first is UISwitch)
        // Selecting and highlighting a row touches the views in front: no label appears.
        table.selectRow(at: IndexPath(row: 0, section: 0), animated: true, scrollPosition: .none)
        screen.advance(by: 0.5)
        #expect(first.contentView.subviews.count == 1)
        // Cells scrolled in, from the reuse pool, hold only their own view too.
        table.setContentOffset(CGPoint(x: 0, y: 1500), animated: false)
        screen.advance(by: 1.0 / 60)
        for cell in table.visibleCells {
            #expect(cell.contentView.subviews.count == 1, "\(cell.contentView.subviews)")
        }
        let titled = try #require(table.headerView(forSection: 1))
        #expect(titled.textLabel?.text == "Second")
    }

    @Test("reading textLabel makes the label once, in the content view, in the style's font; detail and image only for their styles")
    func madeOnFirstRead() throws {
        let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
        #expect(cell.contentView.subviews.isEmpty)
        let label = try #require(cell.textLabel)
        #expect(cell.textLabel === label)
        #expect(cell.contentView.subviews.count == 1)
        #expect(label.font == UIListContentConfiguration.valueCell().textProperties.font)
        let detail = try #require(cell.detailTextLabel)
        #expect(detail.textAlignment == .right)
        #expect(cell.imageView == nil, ".value1 has no image view")
        #expect(cell.contentView.subviews.count == 2)

        let plain = UITableViewCell(style: .default, reuseIdentifier: nil)
        #expect(plain.detailTextLabel == nil)
        #expect(plain.contentView.subviews.isEmpty, "asking for a detail label a style has none of makes nothing")
        plain.imageView?.image = UIImage(systemName: "star")
        plain.textLabel?.text = "Starred"
        plain.frame = CGRect(x: 0, y: 0, width: 390, height: 44)
        plain.layoutIfNeeded()
        let image = try #require(plain.imageView), text = try #require(plain.textLabel)
        #expect(image.superview === plain.contentView && text.superview === plain.contentView)
        #expect(image.frame.maxX <= text.frame.minX, "image \(image.frame), text \(text.frame)")
        #expect(text.frame.height > 0)

        // Made while the cell is selected: highlighted with it, and given back with it.
        let selected = UITableViewCell(style: .default, reuseIdentifier: nil)
        selected.setSelected(true, animated: false)
        let late = try #require(selected.textLabel)
        #expect(late.isHighlighted)
        selected.setSelected(false, animated: false)
        #expect(!late.isHighlighted)

        let value2 = UITableViewCell(style: .value2, reuseIdentifier: nil)
        let title = try #require(value2.textLabel)
        #expect(title.textColor == .systemBlue && title.textAlignment == .right)
    }

    @Test("a label made while a content configuration is set joins the plain content view that comes back")
    func madeUnderAConfiguration() throws {
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        var configuration = cell.defaultContentConfiguration()
        configuration.text = "Configured"
        cell.contentConfiguration = configuration
        #expect(cell.textLabel == nil)
        cell.contentConfiguration = nil
        let label = try #require(cell.textLabel)
        label.text = "Legacy"
        #expect(label.superview === cell.contentView)
        #expect(cell.contentView.subviews.count == 1)
    }
}
