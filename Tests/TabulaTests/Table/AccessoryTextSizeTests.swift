import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// 40 rows: even ones with a chevron, odd ones with a checkmark.
@MainActor
private final class AccessorySource: NSObject, UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 40 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "A row with a long title that would run under the accessory \(indexPath.row)"
        cell.accessoryType = indexPath.row.isMultiple(of: 2) ? .disclosureIndicator : .checkmark
        return cell
    }
}

@MainActor
@Suite("Accessories and text size")
struct AccessoryTextSizeTests {
    /// The accessory glyph of the cell at `row`, if it is on screen.
    private func glyph(_ table: UITableView, _ row: Int) -> AccessoryGlyphView? {
        table.cellForRow(at: IndexPath(row: row, section: 0))?.subviews.compactMap { $0 as? AccessoryGlyphView }.first
    }

    /// The width of what is drawn (not white) inside `rect` of the screen (points at scale 1).
    private func inkWidth(_ screen: HeadlessScreen, in rect: CGRect) -> Int {
        screen.withFramePixels { pixels, width, height, stride in
            var minX = Int.max, maxX = Int.min
            for y in max(0, Int(rect.minY)) ..< min(height, Int(rect.maxY)) {
                for x in max(0, Int(rect.minX)) ..< min(width, Int(rect.maxX)) where pixels[y * stride + x] & 0xFFFFFF != 0xFFFFFF {
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                }
            }
            return maxX >= minX ? maxX - minX + 1 : 0
        }
    }

    @Test("chevrons and checkmarks grow with the text size, stay clear of the text, reach cells scrolled in, and shrink back")
    func accessoriesFollowTheTextSize() throws {
        let table = UITableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        let source = AccessorySource()
        table.dataSource = source
        let screen = showTable(table)
        let chevron = try #require(glyph(table, 0)), check = try #require(glyph(table, 1))
        #expect(chevron.bounds.size == CGSize(width: 8, height: 13))
        #expect(check.bounds.size == CGSize(width: 14, height: 11))
        let standardInk = inkWidth(screen, in: chevron.convert(chevron.bounds, to: nil).insetBy(dx: -4, dy: -4))
        #expect(standardInk >= 6 && standardInk <= 10, "the chevron at the standard size is drawn \(standardInk) wide")

        // At AX3 body text is 40 points against 17: the glyphs grow by as much.
        screen.preferredContentSizeCategory = .accessibilityExtraLarge
        screen.advance(by: 1.0 / 60)
        let grown = try #require(glyph(table, 0)), grownCheck = try #require(glyph(table, 1))
        #expect(grown.bounds.size == CGSize(width: 19, height: 31), "\(grown.bounds.size)")
        #expect(grownCheck.bounds.size == CGSize(width: 33, height: 26), "\(grownCheck.bounds.size)")
        for row in 0 ..< 2 {
            let cell = try #require(table.cellForRow(at: IndexPath(row: row, section: 0)))
            let accessory = try #require(glyph(table, row))
            #expect(cell.bounds.contains(accessory.frame), "row \(row): the glyph stays inside its row")
            #expect(abs(accessory.frame.maxX - (cell.bounds.width - 16)) <= 1, "row \(row): the trailing margin stays")
            let label = try #require(cell.textLabel)
            let labelRight = label.convert(label.bounds, to: cell).maxX
            #expect(labelRight <= accessory.frame.minX, "row \(row): the text ends before the glyph (\(labelRight), \(accessory.frame))")
        }
        writeForLooking(screen.snapshot(), "accessories-ax3")
        let grownInk = inkWidth(screen, in: grown.convert(grown.bounds, to: nil).insetBy(dx: -4, dy: -4))
        #expect(Double(grownInk) >= Double(standardInk) * 1.8, "drawn \(grownInk) wide, \(standardInk) before")

        // Cells that come on screen after the change (from the reuse pool, or new) have
        // the large glyphs too.
        table.scrollToRow(at: IndexPath(row: 39, section: 0), at: .bottom, animated: false)
        screen.advance(by: 1.0 / 60)
        let late = try #require(glyph(table, 38))
        #expect(late.bounds.size == CGSize(width: 19, height: 31), "\(late.bounds.size)")

        screen.preferredContentSizeCategory = .large
        screen.advance(by: 1.0 / 60)
        #expect(glyph(table, 38)?.bounds.size == CGSize(width: 8, height: 13))
        #expect(glyph(table, 39)?.bounds.size == CGSize(width: 14, height: 11))
    }
}
