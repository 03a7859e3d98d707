import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// An animator that records every update the table hands it, then plays it at once
/// (every view at its end, leaving views let go), as a table with animations off does.
@MainActor
final class RecordingUpdateAnimator: UpdateAnimator {
    private(set) var updates: [AnimatedUpdate] = []

    override func play(_ update: AnimatedUpdate) {
        updates.append(update)
        var atOnce = update
        atOnce.animated = false
        super.play(atOnce)
    }
}

@MainActor
@Suite("UpdateAnimator: the records and views a batch update hands over")
struct UpdateAnimatorTests {
    @Test("delete, insert, move and reload in one batch: one part per item on screen, with its view and depth")
    func mixedBatch() throws {
        let (table, source, screen) = itemTable([["0", "1", "2", "3", "4", "5"]])
        defer { withExtendedLifetime(screen) {} }
        let animator = RecordingUpdateAnimator(table: table)
        table.updateAnimator = animator
        let before = table.cellsByItem
        var finished: Bool?
        source.sections = [["4", "0", "N", "2", "3", "5"]]
        table.performBatchUpdates({
            table.deleteRows(at: [IndexPath(0, 1)], with: .fade)
            table.insertRows(at: [IndexPath(0, 2)], with: .fade)
            table.moveRow(at: IndexPath(0, 4), to: IndexPath(0, 0))
            table.reloadRows(at: [IndexPath(0, 5)], with: .fade)
        }, completion: { finished = $0 })

        #expect(animator.updates.count == 1)
        let update = try #require(animator.updates.first)
        #expect(update.animated, "the table is in a window with animations on")
        #expect(!update.roundedGroups)
        let row = { (r: Int) in TableItem.row(IndexPath(0, r)) }
        let parts = update.parts.map { "\($0.record.old.map(\.description) ?? "-")→"
                                       + "\($0.record.new.map(\.description) ?? "-") \($0.record.change)" }
        // Items on screen before, top to bottom, then those only on screen after.
        #expect(parts == [
            "\(row(0))→\(row(1)) persists", "\(row(1))→- disappears", "\(row(2))→\(row(3)) persists",
            "\(row(3))→\(row(4)) persists", "\(row(4))→\(row(0)) persists", "\(row(5))→- disappears",
            "-→\(row(2)) appears", "-→\(row(5)) appears",
        ])
        let byOld = Dictionary(uniqueKeysWithValues: update.parts.compactMap { p in p.record.old.map { ($0, p) } })
        // The views are the cells that showed the rows before; the moved row draws in front.
        for (r, name) in ["0", "1", "2", "3", "4", "5"].enumerated() {
            #expect(byOld[row(r)]?.view === before[name], "row \(r) is played by the cell that showed \(name)")
        }
        let moved = try #require(byOld[row(4)])
        #expect(moved.record.depth == .front && moved.frontRank == 0)
        #expect(moved.record.from.y == 176 && moved.record.to.y == 0)
        #expect(update.parts.filter { $0.frontRank != nil }.count == 1)
        let deleted = try #require(byOld[row(1)])
        #expect(deleted.record.style == .fade && deleted.record.to.alpha == 0 && deleted.leave != nil)
        #expect(update.parts.filter { $0.record.change == .appears }.allSatisfy { $0.record.from.alpha == 0 })
        #expect(update.parts.filter { $0.record.change == .persists }.allSatisfy { $0.leave == nil })

        // Played at once: every row stands at its place, the old cells let go.
        screen.advance(by: 1.0 / 60)
        let shown = table.visibleCells.sorted { $0.frame.minY < $1.frame.minY }.map { $0.textLabel?.text ?? "" }
        #expect(shown == ["4", "0", "N", "2", "3", "5"])
        #expect(before["1"]!.superview == nil)
        #expect(finished == true)
        #expect(table.itemStoreProblems == [])
    }

    @Test("without animations, and for a grouped table, the update is handed over as such")
    func notAnimatedGrouped() throws {
        let (table, source, screen) = itemTable([["0", "1", "2"]], style: .insetGrouped)
        defer { withExtendedLifetime(screen) {} }
        let animator = RecordingUpdateAnimator(table: table)
        table.updateAnimator = animator
        source.sections = [["0", "2"]]
        UIView.performWithoutAnimation { table.deleteRows(at: [IndexPath(0, 1)], with: .left) }
        let update = try #require(animator.updates.first)
        #expect(!update.animated && update.roundedGroups)
        let deleted = try #require(update.parts.first { $0.record.change == .disappears })
        #expect(deleted.record.style == .left && deleted.record.to.x < 0, "slides out to the left")
        #expect(deleted.restingX == table.visibleCells[0].frame.minX, "x is measured from the grouped inset")
        screen.advance(by: 1.0 / 60)
        #expect(table.visibleCells.map { $0.textLabel?.text ?? "" }.sorted() == ["0", "2"])
    }
}

@MainActor
@Suite("Update animations: one timing for every part of an update")
struct UpdateTimingTests {
    @Test("a row deleted at any moment fades out in exactly the update's time, as the rows closing its gap move")
    func leavingRowsLastTheUpdatesDuration() throws {
        let (table, source, screen) = itemTable([(0 ..< 12).map(String.init)])
        defer { withExtendedLifetime(screen) {} }
        // At most frame times t, (t + 0.3) - t is not 0.3 in floating point: six
        // updates in a row meet several of them.
        for step in 0 ..< 6 {
            screen.advance(by: 1.0 / 60)
            let leaving = try #require(table.cellsByItem[source.sections[0][1]])
            let closing = try #require(table.cellsByItem[source.sections[0][2]])
            source.sections[0].remove(at: 1)
            table.performBatchUpdates { table.deleteRows(at: [IndexPath(0, 1)], with: .fade) }
            for (cell, what) in [(leaving, "the row leaving"), (closing, "the row below it")] {
                let keys = cell.layer.animationKeys() ?? []
                #expect(!keys.isEmpty, "\(what) animates (update \(step))")
                let durations = Set(keys.compactMap { cell.layer.animation(forKey: $0)?.duration })
                #expect(durations == [UITableView.updateAnimationDuration], "\(what), update \(step): \(durations)")
            }
        }
        screen.advance(by: 1)
        #expect(table.itemStoreProblems == [])
    }

    @Test("an update's completion runs when its time is up, whether rows move, only fade, or nothing changes on screen; a deleted row goes then")
    func completionsAtTheUpdatesEnd() throws {
        let (table, source, screen) = itemTable([(0 ..< 12).map(String.init)])
        defer { withExtendedLifetime(screen) {} }
        let duration = UITableView.updateAnimationDuration
        screen.advance(by: 1.0 / 60)
        /// Runs `updates` and returns when its completion ran (seconds after it), and with what.
        func completion(of what: String, _ updates: @escaping () -> Void, leaving: UIView? = nil) -> (Double, Bool)? {
            var finished: Bool?
            var at: Double?
            var gone: Double?
            table.performBatchUpdates(updates) { finished = $0 }
            var elapsed = 0.0
            while elapsed < 1, at == nil || (leaving != nil && gone == nil) {
                screen.advance(by: 1.0 / 60)
                elapsed += 1.0 / 60
                if at == nil, finished != nil { at = elapsed }
                if gone == nil, let leaving, leaving.superview == nil { gone = elapsed }
            }
            if leaving != nil {
                #expect(gone != nil, "\(what): the deleted row is let go")
                #expect(abs((gone ?? 0) - duration) < 1.5 / 60, "\(what): let go at \(gone ?? -1) s")
            }
            return at.map { ($0, finished ?? false) }
        }
        // Rows move (a delete near the top): the moving rows carry the update.
        let deleted = try #require(table.cellsByItem["1"])
        source.sections[0].remove(at: 1)
        let moving = completion(of: "a delete", { table.deleteRows(at: [IndexPath(0, 1)], with: .fade) }, leaving: deleted)
        // Only a fade, nothing moves: the last row deleted, nothing below it.
        let last = try #require(table.cellsByItem["11"])
        source.sections[0].removeLast()
        let fading = completion(of: "the last row deleted",
                                { table.deleteRows(at: [IndexPath(0, 10)], with: .fade) }, leaving: last)
        // Nothing on screen changes: a row far below the screen inserted.
        source.sections[0].append("far")
        let unseen = completion(of: "an insert off screen", { table.insertRows(at: [IndexPath(0, 10)], with: .fade) })
        // An empty batch.
        let empty = completion(of: "an empty batch", {})
        for (what, result) in [("a delete", moving), ("the last row deleted", fading), ("an insert off screen", unseen),
                               ("an empty batch", empty)] {
            let (at, finished) = try #require(result, "\(what): the completion runs")
            #expect(finished, "\(what): finished")
            #expect(abs(at - duration) < 1.5 / 60, "\(what): completion after \(at) s, not \(duration)")
        }
        #expect(table.itemStoreProblems == [])
    }
}
