import Foundation
import TabulaUIKit

/// A row of a static table: what a storyboard's static cell describes, in code.
@preconcurrency @MainActor
public struct StaticRow {
    /// The text of the cell's main label.
    public var title: String
    /// The text of the cell's detail label (not shown by the `.default` style).
    public var detail: String?
    /// The standard cell layout; `.value1` (label left, value right) by default.
    public var style: UITableViewCell.CellStyle
    /// The image at the left (shown by the `.default` and `.subtitle` styles).
    public var image: UIImage?
    /// The standard accessory at the right edge.
    public var accessoryType: UITableViewCell.AccessoryType
    /// A fixed height, or nil for the cell's own (self-sizing).
    public var height: CGFloat?
    /// Further set-up of the cell (a switch as its accessory view, a colour), run once, when
    /// the row is first asked for: the row keeps that cell, and what it holds, for the table's life.
    public var configure: ((UITableViewCell) -> Void)?
    /// Runs when the row is selected; the row is deselected again after.
    public var action: (() -> Void)?

    /// A row titled `title`; a row without an `action` cannot be selected and shows no selection.
    public init(_ title: String, detail: String? = nil, style: UITableViewCell.CellStyle = .value1,
                image: UIImage? = nil, accessoryType: UITableViewCell.AccessoryType = .none, height: CGFloat? = nil,
                action: (() -> Void)? = nil, configure: ((UITableViewCell) -> Void)? = nil) {
        self.title = title
        self.detail = detail
        self.style = style
        self.image = image
        self.accessoryType = accessoryType
        self.height = height
        self.configure = configure
        self.action = action
    }
}

/// A section of a static table: optional header and footer titles around its rows.
@preconcurrency @MainActor
public struct StaticSection {
    /// The header title, or nil for none.
    public var header: String?
    /// The footer title, or nil for none.
    public var footer: String?
    /// The rows, in order.
    public var rows: [StaticRow]

    /// A section with optional header and footer titles and the rows the builder lists.
    public init(header: String? = nil, footer: String? = nil, @StaticRowBuilder rows: () -> [StaticRow]) {
        self.header = header
        self.footer = footer
        self.rows = rows()
    }
}

/// Builds the rows of a ``StaticSection`` (with `if`, `for` and optional rows).
@resultBuilder
@preconcurrency @MainActor
public enum StaticRowBuilder {
    /// One row.
    public static func buildExpression(_ row: StaticRow) -> [StaticRow] { [row] }
    /// The rows of every statement, in order.
    public static func buildBlock(_ parts: [StaticRow]...) -> [StaticRow] { parts.flatMap { $0 } }
    /// The rows of an `if` without `else`, or none.
    public static func buildOptional(_ part: [StaticRow]?) -> [StaticRow] { part ?? [] }
    /// The rows of the first branch of an `if`–`else` or `switch`.
    public static func buildEither(first: [StaticRow]) -> [StaticRow] { first }
    /// The rows of the second branch of an `if`–`else` or `switch`.
    public static func buildEither(second: [StaticRow]) -> [StaticRow] { second }
    /// The rows of every pass of a `for` loop, in order.
    public static func buildArray(_ parts: [[StaticRow]]) -> [StaticRow] { parts.flatMap { $0 } }
}

/// Builds the sections of a static table.
@resultBuilder
@preconcurrency @MainActor
public enum StaticSectionBuilder {
    /// One section.
    public static func buildExpression(_ section: StaticSection) -> [StaticSection] { [section] }
    /// The sections of every statement, in order.
    public static func buildBlock(_ parts: [StaticSection]...) -> [StaticSection] { parts.flatMap { $0 } }
    /// The sections of an `if` without `else`, or none.
    public static func buildOptional(_ part: [StaticSection]?) -> [StaticSection] { part ?? [] }
    /// The sections of the first branch of an `if`–`else` or `switch`.
    public static func buildEither(first: [StaticSection]) -> [StaticSection] { first }
    /// The sections of the second branch of an `if`–`else` or `switch`.
    public static func buildEither(second: [StaticSection]) -> [StaticSection] { second }
    /// The sections of every pass of a `for` loop, in order.
    public static func buildArray(_ parts: [[StaticSection]]) -> [StaticSection] { parts.flatMap { $0 } }
}

/// The data source and delegate behind a static table; the table keeps it alive.
///
/// As a storyboard's static cells, each row has one cell for the table's life: made and
/// configured (``StaticRow/configure``) the first time the row is asked for, then handed
/// out again whenever it is. The table's item store keeps them (`TableItemStore.keep`):
/// it never pools them or gives them to another row, and off screen they follow the
/// table's traits: what the row's controls hold (a switch turned on, typed text) stays
/// through scrolling, `reloadData()` and trait changes.
@MainActor
final class StaticTableContent: UITableViewDataSource, UITableViewDelegate {
    let sections: [StaticSection]
    init(sections: [StaticSection]) { self.sections = sections }

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].header }
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { sections[section].footer }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if let cell = tableView.store.kept[indexPath] { return cell }
        let row = sections[indexPath.section].rows[indexPath.row]
        let cell = UITableViewCell(style: row.style, reuseIdentifier: nil)
        cell.textLabel?.text = row.title
        cell.detailTextLabel?.text = row.detail
        cell.imageView?.image = row.image
        cell.accessoryType = row.accessoryType
        cell.selectionStyle = row.action == nil ? .none : .default
        row.configure?(cell)
        tableView.store.keep(cell, for: indexPath)
        return cell
    }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        sections[indexPath.section].rows[indexPath.row].height ?? tableView.rowHeight
    }

    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        sections[indexPath.section].rows[indexPath.row].action == nil ? nil : indexPath
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        sections[indexPath.section].rows[indexPath.row].action?()
        tableView.deselectRow(at: indexPath, animated: true)
    }
}

extension UITableView {
    /// A table that shows sections and rows that never change, with no data source code:
    /// Tabula's counterpart of a storyboard's static cells (the Settings screen of WWDC 2011, What's New in Table Views).
    ///
    /// ```swift
    /// let settings = UITableView(frame: bounds, style: .insetGrouped) {
    ///     StaticSection(header: "Network") {
    ///         StaticRow("Wi-Fi", detail: "Home", accessoryType: .disclosureIndicator)
    ///         StaticRow("Bluetooth", detail: "On", accessoryType: .disclosureIndicator)
    ///     }
    /// }
    /// ```
    public convenience init(frame: CGRect, style: Style, @StaticSectionBuilder content: () -> [StaticSection]) {
        self.init(frame: frame, style: style)
        setStaticContent(content())
    }

    /// Replaces what the table shows with static sections (it becomes its own data
    /// source and delegate).
    public func setStaticContent(_ sections: [StaticSection]) {
        let content = StaticTableContent(sections: sections)
        store.forgetKept()
        staticContent = content
        dataSource = content
        delegate = content
    }

    /// The static rows as given (nil when the table has a data source of its own).
    public var staticSections: [StaticSection]? { staticContent?.sections }

    /// Runs the action of a static row as selecting it would (for code and tests; a tap on
    /// the row does the same).
    public func performStaticAction(at indexPath: IndexPath) {
        guard let content = staticContent, validIndexPath(indexPath, "performStaticAction(at:)"),
              content.tableView(self, willSelectRowAt: indexPath) != nil else { return }
        selectRow(at: indexPath, animated: false, scrollPosition: .none)
        content.tableView(self, didSelectRowAt: indexPath)
    }
}
