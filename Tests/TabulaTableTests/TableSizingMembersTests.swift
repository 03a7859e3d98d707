import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// selfSizingInvalidation, sectionHeaderTopPadding and separatorInsetReference, as a user sees them.
@MainActor
@Suite("UITableView: self-sizing invalidation, header padding, separator reference")
struct TableSizingMembersTests {
    private static let long = "A label that grew: this text is long enough to wrap onto three or four lines in a row of this width."

    /// A plain self-sizing table of three wrapping rows, 300 points wide.
    private func make(_ mode: UITableView.SelfSizingInvalidation) -> (HeadlessScreen, UITableView, TestTableSource) {
        let table = UITableView(frame: .zero, style: .plain)
        table.selfSizingInvalidation = mode
        let source = TestTableSource(counts: [3])
        source.configure = { cell, _ in cell.textLabel?.numberOfLines = 0 }
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table, size: CGSize(width: 300, height: 500))
        return (screen, table, source)
    }

    @Test("with .enabled, a cell whose label grows and that invalidates its size grows, animated; with .disabled it does not")
    func invalidatingACell() {
        var heights: [UITableView.SelfSizingInvalidation: CGFloat] = [:]
        for mode in [UITableView.SelfSizingInvalidation.enabled, .disabled] {
            let (screen, table, source) = make(mode)
            defer { withExtendedLifetime(source) {} }
            let first = IndexPath(row: 0, section: 0), second = IndexPath(row: 1, section: 0)
            let before = table.rectForRow(at: first).height
            let cell = table.cellForRow(at: first)!
            cell.textLabel?.text = Self.long
            cell.invalidateIntrinsicContentSize()
            screen.advance(by: 2.0 / 60)
            let secondCell = table.cellForRow(at: second)!
            if mode == .enabled {
                #expect(table.rectForRow(at: first).height > before + 30)
                let shown = secondCell.layer.presentation()!.position.y, final = secondCell.center.y
                #expect(shown < final - 1, "the rows below slide down")
            }
            screen.advance(by: 1)
            heights[mode] = table.rectForRow(at: first).height
            #expect(secondCell.frame.minY == table.rectForRow(at: first).maxY)
            #expect(cell.frame.height == heights[mode])
        }
        #expect(heights[.enabled]! > heights[.disabled]! + 30)
        #expect(heights[.disabled]! < 50)
    }

    @Test("a label's text change alone resizes the row only with .enabledIncludingConstraints")
    func includingConstraints() {
        var grew: [UITableView.SelfSizingInvalidation: Bool] = [:]
        for mode in [UITableView.SelfSizingInvalidation.enabled, .enabledIncludingConstraints] {
            let (screen, table, source) = make(mode)
            defer { withExtendedLifetime(source) {} }
            let first = IndexPath(row: 0, section: 0)
            let before = table.rectForRow(at: first).height
            table.cellForRow(at: first)!.textLabel?.text = Self.long
            screen.advance(by: 1)
            grew[mode] = table.rectForRow(at: first).height > before + 30
        }
        #expect(grew == [.enabled: false, .enabledIncludingConstraints: true])
    }

    @Test("sectionHeaderTopPadding puts space above each plain header; automatic adds none")
    func headerTopPadding() {
        func headerFrames(_ padding: CGFloat) -> (CGRect, CGRect, CGFloat) {
            let table = UITableView(frame: .zero, style: .plain)
            table.sectionHeaderTopPadding = padding
            let source = TestTableSource(counts: [2, 2])
            source.headerTitles = [0: "First", 1: "Second"]
            table.dataSource = source
            table.delegate = source
            _ = showTable(table, size: CGSize(width: 300, height: 500))
            defer { withExtendedLifetime(source) {} }
            let header0 = table.headerView(forSection: 0)!.frame, header1 = table.headerView(forSection: 1)!.frame
            return (header0, header1, table.rectForRow(at: IndexPath(row: 1, section: 0)).maxY)
        }
        let (auto0, auto1, autoEnd) = headerFrames(UITableView.automaticDimension)
        #expect(auto0.minY == 0 && auto1.minY == autoEnd)
        let (pad0, pad1, padEnd) = headerFrames(12)
        #expect(pad0.minY == 12 && pad0.height == auto0.height)
        #expect(pad1.minY == padEnd + 12, "the padding is above every header")
        #expect(padEnd == autoEnd + 12)
    }

    @Test("separatorInsetReference: insets from the cell edges, or added to the automatic inset")
    func separatorReference() {
        func separatorX(_ reference: UITableView.SeparatorInsetReference) -> CGFloat {
            let table = UITableView(frame: .zero, style: .plain)
            table.separatorInset = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 0)
            table.separatorInsetReference = reference
            let source = TestTableSource(counts: [3])
            table.dataSource = source
            table.delegate = source
            let screen = showTable(table, size: CGSize(width: 300, height: 300))
            defer { withExtendedLifetime(source) {} }
            screen.advance(by: 1.0 / 60)
            let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))!
            return cell.convert(cell.separatorView.frame, to: table).minX
        }
        #expect(separatorX(.fromCellEdges) == 10)
        #expect(separatorX(.fromAutomaticInsets) == UITableViewCell.defaultMargin + 10)
    }
}
