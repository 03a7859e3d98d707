import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// A view that draws its own highlight, as the custom cell view of WWDC 2009, Perfecting Your iPhone Table Views does.
@MainActor
final class HighlightingView: UIView, UIHighlightable {
    var isHighlighted = false
}

@Suite("Selection by touch")
@MainActor
struct SelectionTests {
    @Test("touch down highlights after the scroll delay; lifting selects; the selection persists")
    func tapSelects() {
        let source = InteractionSource.rows(20)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        let row = IndexPath(row: 2, section: 0)
        let cell = table.cellForRow(at: row)!
        let id = screen.touchDown(at: table.centerOfRow(row))
        screen.advance(by: 0.1)
        #expect(!cell.isHighlighted, "within the scroll view's delay nothing highlights")
        screen.advance(by: 0.1)
        #expect(cell.isHighlighted && !cell.isSelected, "as WWDC 2009 describes: highlighted, not yet selected")
        screen.liftTouch(id)
        #expect(cell.isSelected && !cell.isHighlighted)
        #expect(source.log == ["highlight [0, 2]", "unhighlight [0, 2]", "willSelect [0, 2]", "didSelect [0, 2]"])
        #expect(table.indexPathForSelectedRow == row)
        screen.advance(by: 1)
        #expect(cell.isSelected, "persists")
        // A quick tap on another row moves the single selection.
        source.log = []
        screen.tap(at: table.centerOfRow(IndexPath(row: 5, section: 0)))
        #expect(source.log == ["highlight [0, 5]", "unhighlight [0, 5]", "willSelect [0, 5]",
                               "willDeselect [0, 2]", "didDeselect [0, 2]", "didSelect [0, 5]"])
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 5, section: 0)])
        #expect(!cell.isSelected)
    }

    @Test("willSelectRowAt redirects or refuses; shouldHighlightRowAt false keeps the row plain")
    func delegateDecides() {
        let source = InteractionSource.rows(20)
        source.redirect = { $0.row == 3 ? IndexPath(row: 4, section: 0) : ($0.row == 6 ? nil : $0) }
        source.highlightable = { $0.row != 3 }
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        screen.tap(at: table.centerOfRow(IndexPath(row: 3, section: 0)))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 4, section: 0))
        #expect(!source.log.contains("highlight [0, 3]"))
        screen.tap(at: table.centerOfRow(IndexPath(row: 6, section: 0)))
        #expect(table.indexPathForSelectedRow == IndexPath(row: 4, section: 0), "refused: the old selection stays")
    }

    @Test("a drag scrolls the table without highlighting or selecting a row")
    func dragDoesNotHighlight() {
        let source = InteractionSource.rows(100)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        screen.drag(from: CGPoint(x: 200, y: 500), to: CGPoint(x: 200, y: 200), duration: 0.3)
        #expect(table.contentOffset.y > 250)
        #expect(source.log.isEmpty, "no highlight, no selection: \(source.log)")
        #expect(table.indexPathForSelectedRow == nil)
        #expect(table.visibleCells.allSatisfy { !$0.isHighlighted })
    }

    @Test("a finger held on a row highlights it; a drag that follows unhighlights it and selects nothing")
    func holdThenDrag() {
        let source = InteractionSource.rows(100)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        let row = IndexPath(row: 4, section: 0)
        let start = table.centerOfRow(row)
        let id = screen.touchDown(at: start)
        screen.advance(by: 0.3)
        #expect(table.cellForRow(at: row)!.isHighlighted)
        for step in 1 ... 10 {
            screen.advance(by: 1.0 / 60)
            screen.moveTouch(id, to: CGPoint(x: start.x, y: start.y - CGFloat(step) * 8))
        }
        screen.liftTouch(id)
        #expect(source.log == ["highlight [0, 4]", "unhighlight [0, 4]"])
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test("WWDC 2009: selection saves each view's highlight, opacity and colour; the deselect fade restores highlight at its midpoint and the rest at its end")
    func deselectFade() {
        let source = InteractionSource.rows(10)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        let row = IndexPath(row: 1, section: 0)
        let cell = table.cellForRow(at: row)!
        let custom = HighlightingView(frame: CGRect(x: 200, y: 5, width: 30, height: 30))
        custom.backgroundColor = .systemYellow
        custom.isOpaque = true
        cell.contentView.addSubview(custom)
        screen.tap(at: table.centerOfRow(row))
        #expect(custom.isHighlighted && !custom.isOpaque && custom.backgroundColor == .clear)
        #expect(cell.textLabel!.isHighlighted)

        let background = cell.currentSelectionBackground!
        let start = screen.currentTime
        table.deselectRow(at: row, animated: true)
        #expect(!cell.isSelected, "the cell is deselected at once")
        var samples: [(t: Double, alpha: CGFloat, highlighted: Bool, opaque: Bool)] = []
        while screen.currentTime - start < 0.4 {
            screen.advance(by: 1.0 / 60)
            samples.append((screen.currentTime - start, background.layer.presentation()?.opacity.cgFloat ?? 0,
                            custom.isHighlighted, custom.isOpaque))
        }
        let duration = UITableViewCell.deselectFadeDuration
        let early = samples.filter { $0.t < duration / 2 - 1e-6 }
        let late = samples.filter { $0.t >= duration / 2 + 1e-6 && $0.t < duration - 1e-6 }
        #expect(!early.isEmpty && early.allSatisfy { $0.highlighted && !$0.opaque }, "highlighted until the midpoint")
        #expect(!late.isEmpty && late.allSatisfy { !$0.highlighted && !$0.opaque }, "plain after it, still see-through")
        #expect(early.map(\.alpha) == early.map(\.alpha).sorted(by: >), "the background fades")
        #expect(samples.last!.opaque && custom.backgroundColor == .systemYellow, "restored at the end")
        #expect(!cell.textLabel!.isHighlighted)
        #expect(background.superview == nil)
    }

    @Test("multiple selection toggles rows and shows the multiple-selection background")
    func multipleSelection() {
        let source = InteractionSource.rows(10)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        table.allowsMultipleSelection = true
        let custom = UIView()
        table.cellForRow(at: IndexPath(row: 5, section: 0))!.multipleSelectionBackgroundView = custom
        for row in [1, 3, 5] {
            screen.tap(at: table.centerOfRow(IndexPath(row: row, section: 0)))
            screen.advance(by: 0.5)
        }
        #expect(table.indexPathsForSelectedRows == [1, 3, 5].map { IndexPath(row: $0, section: 0) })
        screen.tap(at: table.centerOfRow(IndexPath(row: 3, section: 0)))
        #expect(table.indexPathsForSelectedRows == [1, 5].map { IndexPath(row: $0, section: 0) })
        #expect(source.log.contains("didDeselect [0, 3]"))
        #expect(table.cellForRow(at: IndexPath(row: 5, section: 0))!.currentSelectionBackground === custom)
    }

    @Test("tapping a detail button tells the delegate and does not select the row")
    func detailButton() {
        final class Detail: NSObject, UITableViewDataSource, UITableViewDelegate {
            var tapped: [IndexPath] = []
            func tableView(_ t: UITableView, numberOfRowsInSection s: Int) -> Int { 5 }
            func tableView(_ t: UITableView, cellForRowAt i: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.accessoryType = .detailButton
                return cell
            }
            func tableView(_ t: UITableView, accessoryButtonTappedForRowWith i: IndexPath) { tapped.append(i) }
        }
        let source = Detail()
        let table = UITableView(frame: .zero, style: .plain)
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table, size: CGSize(width: 390, height: 600))
        defer { withExtendedLifetime(screen) {} }
        let cell = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        let button = cell.accessoryContainer!
        screen.tap(at: button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil))
        #expect(source.tapped == [IndexPath(row: 1, section: 0)])
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test("the info button is a \"More Info\" button VoiceOver reads after the row's text; activating it tells the delegate, and the row is not selected")
    func infoButtonForVoiceOver() throws {
        final class Detail: NSObject, UITableViewDataSource, UITableViewDelegate {
            var tapped: [IndexPath] = []
            let accessories: [UITableViewCell.AccessoryType] = [.detailButton, .disclosureIndicator, .detailDisclosureButton, .checkmark]
            func tableView(_ t: UITableView, numberOfRowsInSection s: Int) -> Int { accessories.count }
            func tableView(_ t: UITableView, cellForRowAt i: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                cell.textLabel?.text = "Network \(i.row)"
                cell.accessoryType = accessories[i.row]
                return cell
            }
            func tableView(_ t: UITableView, accessoryButtonTappedForRowWith i: IndexPath) { tapped.append(i) }
        }
        let source = Detail()
        let table = UITableView(frame: .zero, style: .plain)
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table, size: CGSize(width: 390, height: 600))
        defer { withExtendedLifetime(screen) {} }
        let infoButtons = screen.buttons.allElements.filter { $0.label == "More Info" }
        #expect(infoButtons.count == 2, "rows 0 and 2 have one; the chevron and the checkmark are not buttons")
        let labels = screen.accessibilityElements.compactMap(\.label)
        #expect(labels == ["Network 0", "More Info", "Network 1", "Network 2", "More Info", "Network 3"], "\(labels)")
        for button in infoButtons { button.activate() }
        #expect(source.tapped == [IndexPath(row: 0, section: 0), IndexPath(row: 2, section: 0)])
        #expect(table.indexPathForSelectedRow == nil)
        // The rows' text still selects them.
        try #require(screen.elements(labelled: "Network 1").first).activate()
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
    }

    @Test("allowsSelection off: touches neither highlight nor select")
    func selectionOff() {
        let source = InteractionSource.rows(10)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        table.allowsSelection = false
        screen.tap(at: table.centerOfRow(IndexPath(row: 1, section: 0)))
        #expect(source.log.isEmpty)
        #expect(table.indexPathForSelectedRow == nil)
    }

    @Test("keys: arrows move a highlighted focus and scroll to it, return selects it")
    func keyboard() {
        let source = InteractionSource.rows(40)
        let (screen, table) = interactionTable(source)
        defer { withExtendedLifetime(screen) {} }
        #expect(table.becomeFirstResponder())
        for _ in 0 ..< 16 { screen.pressKey(.keyboardDownArrow) }
        let focused = IndexPath(row: 15, section: 0)
        #expect(table.cellForRow(at: focused)?.isHighlighted == true)
        #expect(table.indexPathsForVisibleRows?.contains(focused) == true, "scrolled into view")
        #expect(table.contentOffset.y > 0)
        screen.pressKey(.keyboardUpArrow)
        #expect(table.cellForRow(at: focused)?.isHighlighted == false)
        screen.pressKey(.keyboardReturnOrEnter)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 14, section: 0))
        #expect(source.log.suffix(2) == ["willSelect [0, 14]", "didSelect [0, 14]"])
        table.selectionFollowsFocus = true
        screen.pressKey(.keyboardDownArrow)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 15, section: 0))
        table.resignFirstResponder()
    }
}

extension Float {
    var cgFloat: CGFloat { CGFloat(self) }
}
