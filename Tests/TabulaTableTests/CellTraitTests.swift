import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A cell that notes the appearance it had when the data source configured it, and hears
/// trait changes.
@MainActor
private final class TraitCell: UITableViewCell {
    var styleWhenConfigured: UIUserInterfaceStyle?
    var traitChanges = 0
    /// A badge whose colour follows the appearance (label colour: black, or white in dark).
    let badge = UIView(frame: CGRect(x: 0, y: 0, width: 12, height: 12))

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        badge.backgroundColor = .label
        accessoryView = badge
    }

    required init?(coder: NSCoder) { return nil }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        traitChanges += 1
    }
}

@MainActor
private final class TraitSource: NSObject, UITableViewDataSource {
    func numberOfSections(in tableView: UITableView) -> Int { 4 }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 12 }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Header \(section)" }
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { "Footer \(section)" }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        // Sections 2 and 3 have cells of their own, first made when they come on screen.
        let identifier = indexPath.section < 2 ? "trait" : "later"
        let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath) as! TraitCell
        cell.styleWhenConfigured = cell.traitCollection.userInterfaceStyle
        cell.textLabel?.text = "Row \(indexPath.section).\(indexPath.row)"
        return cell
    }
}

/// A self-sizing cell whose label uses a text style font that follows the text size.
@MainActor
private final class BodyCell: UITableViewCell {
    let label = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        label.translatesAutoresizingMaskIntoConstraints = false
        label.numberOfLines = 0
        label.font = .preferredFont(forTextStyle: .body)
        label.adjustsFontForContentSizeCategory = true
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
        ])
    }

    required init?(coder: NSCoder) { return nil }
}

/// A self-sizing cell that picks its font itself when its traits change, as apps did
/// before `adjustsFontForContentSizeCategory`.
@MainActor
private final class TraitFontCell: UITableViewCell {
    let label = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        label.translatesAutoresizingMaskIntoConstraints = false
        label.font = .preferredFont(forTextStyle: .body, compatibleWith: traitCollection)
        contentView.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
        ])
    }

    required init?(coder: NSCoder) { return nil }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        label.font = .preferredFont(forTextStyle: .body, compatibleWith: traitCollection)
    }
}

/// Rows 0, 3, 6…: ``BodyCell``; rows 1, 4, 7…: list content configuration cells; rows 2,
/// 5, 8…: ``TraitFontCell``.
@MainActor
private final class TextSizeSource: NSObject, UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 42 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if indexPath.row % 4 == 3 {
            // The built-in labels of a standard style follow the text size, as in iOS.
            let cell = tableView.dequeueReusableCell(withIdentifier: "legacy", for: indexPath)
            cell.textLabel?.text = "Legacy \(indexPath.row)"
            return cell
        }
        if indexPath.row % 4 == 0 {
            let cell = tableView.dequeueReusableCell(withIdentifier: "body", for: indexPath) as! BodyCell
            cell.label.text = "Body \(indexPath.row)"
            return cell
        }
        if indexPath.row % 4 == 2 {
            let cell = tableView.dequeueReusableCell(withIdentifier: "traits", for: indexPath) as! TraitFontCell
            cell.label.text = "Own font \(indexPath.row)"
            return cell
        }
        let cell = tableView.dequeueReusableCell(withIdentifier: "list", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = "Configured \(indexPath.row)"
        cell.contentConfiguration = content
        return cell
    }
}

@MainActor
private func labels(in view: UIView) -> [UILabel] {
    ((view as? UILabel).map { [$0] } ?? []) + view.subviews.flatMap(labels)
}

@MainActor
@Suite("Cells and traits")
struct CellTraitTests {
    @Test("a new cell is 320 × 44 and its content view fills it before any layout, as in UIKit")
    func newCellSize() {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        #expect(cell.bounds.size == CGSize(width: 320, height: 44))
        #expect(cell.contentView.bounds.size == CGSize(width: 320, height: 44))
    }

    /// Drags the content by `distance` points (positive: towards the end) and lets it settle.
    private func scroll(_ screen: HeadlessScreen, by distance: CGFloat) {
        screen.drag(from: CGPoint(x: 160, y: 240 + distance / 2), to: CGPoint(x: 160, y: 240 - distance / 2),
                    duration: 0.4)
        screen.advance(by: 1.5)
    }

    /// Every cell, header and footer wholly on screen is drawn in `style`: background,
    /// title and accessory; returns how many cells were checked.
    @discardableResult
    private func checkDrawn(_ screen: HeadlessScreen, _ table: UITableView, _ style: UIUserInterfaceStyle,
                            _ moment: String) -> Int {
        let image = screen.snapshot().cgImage!
        let dark = style == .dark
        func ground(_ x: Int, _ y: Int) -> Int { Int(image.pixel(x: x, y: y).red) }
        func inks(_ y: Int, _ xs: Range<Int>) -> [Int] { xs.map { Int(image.pixel(x: $0, y: y).red) } }
        var checked = 0
        // Plain headers and footers float over the rows at the edges.
        let supplements = (0 ..< table.numberOfSections)
            .flatMap { [table.headerView(forSection: $0), table.footerView(forSection: $0)] }
            .compactMap { $0 }.filter { $0.window != nil }.map { $0.convert($0.bounds, to: nil) }
        for cell in table.visibleCells {
            let frame = cell.convert(cell.bounds, to: nil)
            guard frame.minY >= 0, frame.maxY <= 480, !supplements.contains(where: { $0.intersects(frame) }),
                  let path = table.indexPath(for: cell) else { continue }
            let y = Int(frame.midY), name = "row \(path.section).\(path.row) (\(moment))"
            #expect(dark ? ground(200, y) < 20 : ground(200, y) > 235, "\(name): background \(ground(200, y))")
            let title = inks(y, 16 ..< 110)
            #expect(dark ? title.max()! > 200 : title.min()! < 60, "\(name): title")
            if let badge = cell.accessoryView {
                let b = badge.convert(CGPoint(x: badge.bounds.midX, y: badge.bounds.midY), to: nil)
                let shade = ground(Int(b.x), Int(b.y))
                #expect(dark ? shade > 235 : shade < 20, "\(name): accessory view \(shade)")
            }
            if let cell = cell as? TraitCell, let configured = cell.styleWhenConfigured {
                #expect(configured == style, "\(name): configured in \(String(describing: cell.styleWhenConfigured))")
            }
            checked += 1
        }
        for s in 0 ..< table.numberOfSections {
            for (what, view) in [("header", table.headerView(forSection: s)), ("footer", table.footerView(forSection: s))] {
                guard let view, view.window != nil else { continue }
                let frame = view.convert(view.bounds, to: nil)
                guard frame.minY >= 0, frame.maxY <= 480 else { continue }
                let y = Int(frame.midY), name = "\(what) \(s) (\(moment))"
                #expect(dark ? ground(300, y) < 60 : ground(300, y) > 200, "\(name): background \(ground(300, y))")
                let title = inks(y, 16 ..< 120)
                #expect(dark ? title.max()! > 130 : title.min()! < 140, "\(name): title")
            }
        }
        return checked
    }

    @Test("dark appearance reaches the cells that come on screen later: pooled, newly made, headers, footers, accessories; and back")
    func darkReachesLaterCells() {
        let table = UITableView(frame: .zero, style: .plain)
        table.register(TraitCell.self, forCellReuseIdentifier: "trait")
        table.register(TraitCell.self, forCellReuseIdentifier: "later")
        let source = TraitSource()
        table.dataSource = source
        let screen = showTable(table, size: CGSize(width: 320, height: 480))
        // Some cells wait in the pool; rows further down have none made yet.
        scroll(screen, by: 300)
        scroll(screen, by: -300)
        let pooled = Set(table.store.pools["trait", default: []].map(ObjectIdentifier.init))
        #expect(!pooled.isEmpty)
        let known = Set(table.visibleCells.map(ObjectIdentifier.init)).union(pooled)
        checkDrawn(screen, table, .light, "light at first")

        // The cells on screen were configured in light; those configured from now on are checked.
        func forgetConfiguring() { for case let cell as TraitCell in table.visibleCells { cell.styleWhenConfigured = nil } }
        forgetConfiguring()
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.1)
        writeForLooking(screen.snapshot(), "cells-dark-top")
        checkDrawn(screen, table, .dark, "dark at the top")
        var seenPooled = false, seenNew = false
        for step in 0 ..< 6 {
            scroll(screen, by: 250)
            let ids = table.visibleCells.map(ObjectIdentifier.init)
            seenPooled = seenPooled || ids.contains { pooled.contains($0) }
            seenNew = seenNew || ids.contains { !known.contains($0) }
            #expect(checkDrawn(screen, table, .dark, "dark, scrolled \(step + 1) times") > 3)
        }
        writeForLooking(screen.snapshot(), "cells-dark-scrolled")
        #expect(seenPooled, "cells that were in the pool came on screen")
        #expect(seenNew, "cells made after the change came on screen")
        for cell in table.visibleCells.compactMap({ $0 as? TraitCell }) where pooled.contains(ObjectIdentifier(cell)) {
            #expect(cell.traitChanges >= 1, "a pooled cell hears the change")
        }

        forgetConfiguring()
        screen.userInterfaceStyle = .light
        screen.advance(by: 0.1)
        for step in 0 ..< 4 {
            scroll(screen, by: -250)
            checkDrawn(screen, table, .light, "light again, scrolled back \(step + 1) times")
        }
        writeForLooking(screen.snapshot(), "cells-light-again")
        #expect(table.itemStoreProblems.isEmpty, "\(table.itemStoreProblems)")
    }

    @Test("a cell the data source configures has the table's traits already; so does a pooled one after a change")
    func traitsBeforeConfiguring() {
        let table = UITableView(frame: .zero, style: .plain)
        table.register(TraitCell.self, forCellReuseIdentifier: "trait")
        table.register(TraitCell.self, forCellReuseIdentifier: "later")
        let source = TraitSource()
        table.dataSource = source
        let screen = showTable(table, size: CGSize(width: 320, height: 480))
        screen.userInterfaceStyle = .dark
        screen.advance(by: 0.1)
        let fresh = table.dequeueReusableCell(withIdentifier: "trait", for: IndexPath(row: 0, section: 0))
        #expect(fresh.traitCollection.userInterfaceStyle == .dark, "a cell made by dequeue")
        #expect(fresh.traitCollection.displayScale == table.traitCollection.displayScale)
    }

    @Test("a larger text size reaches every cell: preferredFont labels, list configurations and standard styles' own labels grow, rows self-size, pooled cells too")
    func textSizeReachesLaterCells() {
        let table = UITableView(frame: .zero, style: .plain)
        table.register(BodyCell.self, forCellReuseIdentifier: "body")
        table.register(UITableViewCell.self, forCellReuseIdentifier: "list")
        table.register(TraitFontCell.self, forCellReuseIdentifier: "traits")
        table.register(UITableViewCell.self, forCellReuseIdentifier: "legacy")
        let source = TextSizeSource()
        table.dataSource = source
        let screen = showTable(table, size: CGSize(width: 320, height: 480))
        let large = table.rectForRow(at: IndexPath(row: 0, section: 0)).height
        scroll(screen, by: 300)
        scroll(screen, by: -300)
        let pooled = Set(["body", "list", "traits", "legacy"].flatMap { table.store.pools[$0, default: []] }
            .map(ObjectIdentifier.init))
        #expect(!pooled.isEmpty)

        screen.preferredContentSizeCategory = .accessibilityExtraLarge
        screen.advance(by: 0.1)
        writeForLooking(screen.snapshot(), "cells-ax-top")
        var seenPooled = false
        for step in 0 ..< 6 {
            if step == 3 {
                // The window grows (as on an iPad): more rows than the pool's newest cells
                // fill, so the cells pooled before the change come out too.
                table.frame.size.height = 2400
                screen.advance(by: 0.1)
            }
            for cell in table.visibleCells {
                guard let path = table.indexPath(for: cell) else { continue }
                let name = "row \(path.row), step \(step)"
                let height = table.rectForRow(at: path).height
                #expect(height > large + 20, "\(name): the row grows (\(large) → \(height))")
                #expect(cell.frame.height == height, "\(name): its cell fills it")
                let text = ["Body \(path.row)", "Configured \(path.row)", "Own font \(path.row)", "Legacy \(path.row)"][path.row % 4]
                let label = labels(in: cell).first { $0.text == text }
                #expect(label?.font.pointSize == 40, "\(name): the text is at the new size")
                seenPooled = seenPooled || pooled.contains(ObjectIdentifier(cell))
            }
            if step < 3 { scroll(screen, by: 250) } else { table.contentOffset.y += 200; screen.advance(by: 0.1) }
        }
        writeForLooking(screen.snapshot(), "cells-ax-scrolled")
        #expect(seenPooled, "cells that were in the pool came on screen")
        #expect(table.itemStoreProblems.isEmpty, "\(table.itemStoreProblems)")
    }
}
