import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

private let animations: [UITableView.RowAnimation] = [.fade, .right, .left, .top, .bottom, .none, .middle, .automatic]
private let five = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"]

/// What a row animating in or out looks like halfway, relative to its place at rest.
private struct Halfway {
    var dx: CGFloat, dy: CGFloat, alpha: CGFloat, veil: CGFloat?
}

/// Where a cell's content is drawn sideways: the cell's presented x, plus its content's
/// slide (in a rounded, inset-grouped section a row slides its content inside the cell, which clips it).
@MainActor
private func drawnX(_ cell: UITableViewCell) -> CGFloat {
    cell.presentedFrame.minX + CGFloat(cell.contentView.layer.presentation()?.transform.m41 ?? 0)
}

@MainActor
private func veilAlpha(_ cell: UIView) -> CGFloat? {
    cell.subviews.last { $0.backgroundColor == .black }?.presentedAlpha
}

@MainActor
@Suite("UITableView row animations")
struct RowAnimationTests {
    /// Inserts a row at `row` of five with `animation`, and samples it and the row below halfway.
    private func insertHalfway(_ animation: UITableView.RowAnimation, style: UITableView.Style, row: Int = 2)
        -> (inserted: Halfway, belowY: CGFloat, belowFrom: CGFloat, belowTo: CGFloat) {
        let (table, source, screen) = itemTable([five], style: style)
        defer { withExtendedLifetime(screen) {} }
        let below = table.cellForRow(at: IndexPath(0, row))!
        let belowFrom = below.frame.minY
        source.sections[0].insert("New", at: row)
        table.insertRows(at: [IndexPath(0, row)], with: animation)
        let cell = table.cellForRow(at: IndexPath(0, row))!
        let rest = cell.frame
        screen.advance(by: 0.15)
        let p = cell.presentedFrame
        let result = Halfway(dx: drawnX(cell) - rest.minX, dy: p.minY - rest.minY, alpha: cell.presentedAlpha, veil: veilAlpha(cell))
        let belowY = below.presentedFrame.minY
        screen.advance(by: 0.3)
        #expect(cell.presentedFrame == rest && cell.presentedAlpha == 1, "\(animation) ends at rest")
        #expect(veilAlpha(cell) == nil, "the veil is gone")
        return (result, belowY, belowFrom, below.frame.minY)
    }

    @Test("inserting: each animation's start, halfway; the other rows slide in every case", arguments: animations)
    func insert(_ animation: UITableView.RowAnimation) {
        for style in [UITableView.Style.plain, .grouped, .insetGrouped] {
            let (h, belowY, from, to) = insertHalfway(animation, style: style)
            #expect(belowY > from && belowY < to, "\(animation) \(style): the row below slides (\(belowY))")
            let fading = h.alpha > 0.05 && h.alpha < 0.95
            let concrete = animation == .automatic ? (style == .plain ? .fade : .middle) : animation
            switch concrete {
            case .fade: #expect(fading && h.dx == 0 && h.dy == 0, "\(style) \(h)")
            case .right: #expect(fading && h.dx > 1 && h.dy == 0, "\(style) \(h)")
            case .left: #expect(fading && h.dx < -1 && h.dy == 0, "\(style) \(h)")
            case .top: #expect(fading && h.dy < -1, "\(style) \(h)")
            case .bottom:
                // "The inserted row or rows slide in from the bottom": up into place.
                #expect(fading && h.dy > 1, "\(style) \(h): slides up from beneath the row below")
            case .none: #expect(h.alpha == 1 && h.dx == 0 && h.dy == 0, "\(style) \(h)")
            case .middle:
                #expect(h.alpha == 1 && h.dy < -1 && h.dy > -22, "\(style) \(h)")
                if style != .insetGrouped {
                    #expect(h.veil.map { $0 > 0.01 && $0 < UITableView.middleShadeAlpha } == true,
                            "shadowed in \(style) style (full-width rows)")
                } else {
                    #expect(h.veil == nil, "no shadow in a rounded group")
                }
            case .automatic: Issue.record("automatic must resolve")
            }
        }
    }

    @Test("deleting: each animation takes the row out while the rows below close up", arguments: animations)
    func delete(_ animation: UITableView.RowAnimation) {
        for style in [UITableView.Style.plain, .grouped, .insetGrouped] {
            let (table, source, screen) = itemTable([five], style: style)
            defer { withExtendedLifetime(screen) {} }
            let cell = table.cellForRow(at: IndexPath(0, 2))!, below = table.cellForRow(at: IndexPath(0, 3))!
            let rest = cell.frame
            source.sections[0].remove(at: 2)
            table.deleteRows(at: [IndexPath(0, 2)], with: animation)
            screen.advance(by: 0.15)
            #expect(below.presentedFrame.minY > rest.minY && below.presentedFrame.minY < rest.maxY)
            let p = cell.presentedFrame
            let concrete = animation == .automatic ? (style == .plain ? .fade : .middle) : animation
            if concrete == .none {
                #expect(cell.superview == nil, "\(style): .none removes the row at once")
            } else {
                #expect(cell.superview === table, "\(animation) \(style): still animating out")
                switch concrete {
                case .right: #expect(drawnX(cell) > rest.minX + 1)
                case .left: #expect(drawnX(cell) < rest.minX - 1)
                case .top: #expect(p.minY < rest.minY - 1)
                case .middle: #expect(p.minY < rest.minY && p.minY > rest.minY - 22 && cell.presentedAlpha == 1)
                default: #expect(cell.presentedAlpha < 0.95)
                }
            }
            screen.advance(by: 0.3)
            #expect(cell.superview == nil, "\(animation) \(style): gone at the end")
            #expect(table.visibleCells.count == 4)
        }
    }

    @Test(".automatic in grouped style: the top row of a section comes from below, the bottom row from above")
    func automaticAtSectionEnds() {
        let (table, source, screen) = itemTable([five], style: .grouped)
        defer { withExtendedLifetime(screen) {} }
        #expect(table.resolved(.automatic, row: 0, rowsInSection: 5) == .bottom)
        #expect(table.resolved(.automatic, row: 4, rowsInSection: 5) == .top)
        #expect(table.resolved(.automatic, row: 0, rowsInSection: 1) == .fade)
        source.sections[0].insert("First", at: 0)
        table.insertRows(at: [IndexPath(0, 0)], with: .automatic)
        let first = table.cellForRow(at: IndexPath(0, 0))!
        screen.advance(by: 0.15)
        // .bottom: it slides up into its place from beneath the rows below, fading in.
        #expect(first.presentedFrame.minY > first.frame.minY && first.presentedAlpha < 1)
    }

    /// Frames of an insert (then a delete) with each animation, as a filmstrip: one row per
    /// animation, columns 1/13 s apart from the first frame after the update.
    private func filmstrip(style: UITableView.Style, deleting: Bool) -> UIImage {
        var frames: [UIImage] = []
        for animation in animations {
            let (table, source, screen) = itemTable([five], style: style, size: CGSize(width: 180, height: 250))
            table.showsVerticalScrollIndicator = false
            table.fillerRowHeight = 0   // the filmstrip is about the rows; filler rows have their own tests
            if deleting {
                source.sections[0].remove(at: 2)
                table.deleteRows(at: [IndexPath(0, 2)], with: animation)
            } else {
                source.sections[0].insert("New row", at: 2)
                table.insertRows(at: [IndexPath(0, 2)], with: animation)
            }
            // The first column is the first frame after the update (laid out and drawn).
            screen.advance(by: 1.0 / 60)
            frames += screen.record(duration: 0.3, fps: 13).prefix(5)
        }
        return HeadlessScreen.filmstrip(frames, columns: 5)
    }

    @Test("filmstrips of every row animation, inserting and deleting, plain and inset grouped", arguments: [
        ("plain", false), ("plain", true), ("inset-grouped", false), ("inset-grouped", true),
    ])
    func filmstrips(_ style: String, _ deleting: Bool) throws {
        let strip = filmstrip(style: style == "plain" ? .plain : .insetGrouped, deleting: deleting)
        try GoldenImage.verify(strip.cgImage!, named: "row-animations-\(deleting ? "delete" : "insert")-\(style)",
                               goldenDirectory: goldenDirectory)
    }
}
