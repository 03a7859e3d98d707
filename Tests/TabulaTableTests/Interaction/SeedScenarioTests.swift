import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// The demos of the WWDC table view sessions, driven through HeadlessScreen as a person would.
@Suite("WWDC table view demos by touch")
@MainActor
struct SeedScenarioTests {
    /// The 2010 RSS reader: sections that open and close from a tap on their header.
    @MainActor
    final class Reader: NSObject, UITableViewDataSource, UITableViewDelegate {
        let stories = [["Safari 5", "iOS 4", "FaceTime"], ["Xcode 4", "Instruments"]]
        var open: Set<Int> = []
        weak var table: UITableView?
        func numberOfSections(in tableView: UITableView) -> Int { stories.count }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            open.contains(section) ? stories[section].count : 0
        }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = stories[indexPath.section][indexPath.row]
            return cell
        }
        func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { 50 }
        func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
            let header = UIView()
            header.backgroundColor = .systemGroupedBackground
            // WWDC 2010: a tap anywhere on the header toggles the section.
            header.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.toggle(section) })
            return header
        }
        func toggle(_ section: Int) {
            guard let table else { return }
            let rows = stories[section].indices.map { IndexPath(row: $0, section: section) }
            if open.remove(section) != nil {
                table.deleteRows(at: rows, with: .top)
            } else {
                open.insert(section)
                table.insertRows(at: rows, with: .top)
            }
        }
    }

    @Test("2010: tapping a section header opens the section, tapping again closes it")
    func headerTapOpensSection() {
        let reader = Reader()
        let table = UITableView(frame: .zero, style: .plain)
        table.rowHeight = 44
        table.dataSource = reader
        table.delegate = reader
        reader.table = table
        let screen = showTable(table, size: CGSize(width: 390, height: 600))
        defer { withExtendedLifetime(screen) {} }
        let header = table.convert(table.rectForHeader(inSection: 0), to: nil)
        screen.tap(at: CGPoint(x: header.midX + 100, y: header.midY))
        #expect(table.numberOfRows(inSection: 0) == 3)
        screen.advance(by: 0.1)
        let midway = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        #expect(midway.layer.presentation()!.frame.minY < table.rectForRow(at: IndexPath(row: 2, section: 0)).minY,
                "rows slide down from under the header (.top)")
        screen.advance(by: 0.5)
        #expect(abs(table.rectForHeader(inSection: 1).minY - (50 + 3 * 44)) < 0.01)
        #expect(table.indexPathForSelectedRow == nil, "the header tap selected nothing")
        screen.tap(at: CGPoint(x: header.midX, y: header.midY))
        screen.advance(by: 0.5)
        #expect(table.numberOfRows(inSection: 0) == 0)
        #expect(table.visibleCells.isEmpty)
    }

    /// The 2010 pinch demo: one row's height, or every row's, follows the fingers.
    @MainActor
    final class PinchTable: NSObject, UITableViewDataSource, UITableViewDelegate {
        var heights = [CGFloat](repeating: 44, count: 30)
        var allRows: CGFloat?
        var pinched: IndexPath?
        var initialHeight: CGFloat = 0
        weak var table: UITableView?
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { heights.count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = "Story \(indexPath.row)"
            return cell
        }
        func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
            allRows ?? heights[indexPath.row]
        }
        func handlePinch(_ pinch: UIPinchGestureRecognizer, everyRow: Bool) {
            guard let table else { return }
            switch pinch.state {
            case .began:
                pinched = table.indexPathForRow(at: pinch.location(in: table))
                initialHeight = everyRow ? (allRows ?? 44) : pinched.map { heights[$0.row] } ?? 44
                update(pinch.scale, everyRow)
            case .changed:
                update(pinch.scale, everyRow)
            default:
                pinched = nil
            }
        }
        private func update(_ scale: CGFloat, _ everyRow: Bool) {
            guard let table, let pinched else { return }
            let height = max(44, initialHeight * scale)
            if everyRow { allRows = height } else { heights[pinched.row] = height }
            // WWDC 2010: an empty update block, without animation, as the fingers move.
            let enabled = UIView.areAnimationsEnabled
            UIView.setAnimationsEnabled(false)
            table.beginUpdates()
            table.endUpdates()
            UIView.setAnimationsEnabled(enabled)
        }
    }

    @Test("2010: pinching resizes the pinched row as the fingers move, then every row")
    func pinchResizes() {
        let model = PinchTable()
        let table = UITableView(frame: .zero, style: .plain)
        table.dataSource = model
        table.delegate = model
        model.table = table
        // A box the recognizer's closure reads when it runs (a captured `var` it could not see change).
        final class Mode { var everyRow = false }
        let mode = Mode()
        let pinch = UIPinchGestureRecognizer { pinch in model.handlePinch(pinch, everyRow: mode.everyRow) }
        table.addGestureRecognizer(pinch)
        let screen = showTable(table, size: CGSize(width: 390, height: 600))
        defer { withExtendedLifetime(screen) {} }
        let row = IndexPath(row: 2, section: 0)
        let below = table.cellForRow(at: IndexPath(row: 3, section: 0))!
        var tracked: [CGFloat] = []
        pinch.addTarget { _ in tracked.append(table.rectForRow(at: row).height) }
        screen.pinch(at: table.centerOfRow(row), scale: 2, duration: 0.5)
        #expect(abs(table.rectForRow(at: row).height - 88) < 0.01)
        #expect(tracked.count > 10 && tracked == tracked.sorted(), "grew with the fingers")
        screen.advance(by: 1.0 / 60)
        #expect(abs(below.frame.minY - (44 * 2 + 88)) < 0.01, "rows below moved at once, not animated")
        #expect(below.layer.presentation()!.frame.minY == below.frame.minY)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).height == 44)
        #expect(table.contentOffset.y == 0, "the pinch did not scroll")

        mode.everyRow = true
        screen.advance(by: 1)
        screen.pinch(at: table.centerOfRow(IndexPath(row: 0, section: 0)), scale: 1.5, duration: 0.4)
        screen.advance(by: 1.0 / 60)
        #expect((0 ..< 5).allSatisfy { abs(table.rectForRow(at: IndexPath(row: $0, section: 0)).height - 66) < 0.01 })
    }

    /// The 2011 control row: tapping a row shows a row of controls under it; one at a time.
    @MainActor
    final class ControlRows: NSObject, UITableViewDataSource, UITableViewDelegate {
        let quotes = (0 ..< 12).map { "Quote \($0)" }
        var tapped: IndexPath?
        var controlRow: IndexPath?
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            quotes.count + (controlRow == nil ? 0 : 1)
        }
        func modelRow(_ indexPath: IndexPath) -> Int {
            guard let controlRow, indexPath.row > controlRow.row else { return indexPath.row }
            return indexPath.row - 1
        }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = indexPath == controlRow ? "👍 👎" : quotes[modelRow(indexPath)]
            return cell
        }
        func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
            indexPath == controlRow ? nil : indexPath
        }
        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            let model = IndexPath(row: modelRow(indexPath), section: 0)
            let delete = controlRow
            if tapped == model {
                tapped = nil
                controlRow = nil
                tableView.deselectRow(at: indexPath, animated: true)
            } else {
                tapped = model
                controlRow = IndexPath(row: model.row + 1, section: 0)
            }
            tableView.beginUpdates()
            if let delete { tableView.deleteRows(at: [delete], with: .automatic) }
            if let controlRow { tableView.insertRows(at: [controlRow], with: .automatic) }
            tableView.endUpdates()
        }
    }

    @Test("2011: the control row appears under the tapped row, moves with the next tap, and goes on a second tap")
    func controlRow() {
        let model = ControlRows()
        let table = UITableView(frame: .zero, style: .plain)
        table.rowHeight = 44
        table.dataSource = model
        table.delegate = model
        let screen = showTable(table, size: CGSize(width: 390, height: 700))
        defer { withExtendedLifetime(screen) {} }
        screen.tap(at: table.centerOfRow(IndexPath(row: 2, section: 0)))
        screen.advance(by: 0.5)
        #expect(table.numberOfRows(inSection: 0) == 13)
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.textLabel?.text == "👍 👎")
        screen.tap(at: table.centerOfRow(IndexPath(row: 3, section: 0)))
        #expect(table.numberOfRows(inSection: 0) == 13, "the control row itself is not selectable")
        // Quote 6 is shown at row 7 while the control row sits at 3.
        screen.tap(at: table.centerOfRow(IndexPath(row: 7, section: 0)))
        screen.advance(by: 0.5)
        #expect(table.numberOfRows(inSection: 0) == 13)
        #expect(table.cellForRow(at: IndexPath(row: 7, section: 0))?.textLabel?.text == "👍 👎")
        #expect(table.cellForRow(at: IndexPath(row: 6, section: 0))?.textLabel?.text == "Quote 6")
        screen.tap(at: table.centerOfRow(IndexPath(row: 6, section: 0)))
        screen.advance(by: 0.5)
        #expect(table.numberOfRows(inSection: 0) == 12)
        #expect(table.indexPathForSelectedRow == nil)
    }
}
