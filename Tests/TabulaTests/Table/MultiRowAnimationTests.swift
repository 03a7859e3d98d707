import Foundation
import Testing
@testable import Tabula
import TabulaTestSupport

/// Animations in which several rows or sections move at once, checked frame by frame:
/// every row on screen at either end is drawn all the way, and rows that keep their
/// order never overlap.
@Suite("UITableView animations where several rows move")
@MainActor
struct MultiRowAnimationTests {
    /// Where each cell on screen is drawn now (presentation), by the item it shows.
    private func drawn(_ table: UITableView) -> [String: CGRect] {
        var result: [String: CGRect] = [:]
        for case let cell as UITableViewCell in table.subviews where cell.superview === table {
            guard let text = cell.textLabel?.text, let p = cell.layer.presentation(), p.opacity > 0.01 else { continue }
            result[text] = p.frame
        }
        return result
    }

    /// Samples every frame of `seconds`, returning the drawn frames of each.
    private func frames(_ screen: HeadlessScreen, _ table: UITableView, seconds: Double) -> [[String: CGRect]] {
        var result = [drawn(table)]
        for _ in 0 ..< Int(seconds * 60) {
            screen.advance(by: 1.0 / 60)
            result.append(drawn(table))
        }
        return result
    }

    /// Problems in `film`: a row drawn at both ends that is missing mid-way, or two rows
    /// of `ordered` (which keep their order) overlapping.
    private func problems(_ film: [[String: CGRect]], ordered: [String], viewport: CGRect) -> [String] {
        var problems: [String] = []
        let first = film.first!, last = film.last!
        for (i, frame) in film.enumerated() {
            for item in first.keys where last[item] != nil && frame[item] == nil {
                problems.append("frame \(i): \(item) is missing")
            }
            let shown = ordered.compactMap { name in frame[name].map { (name, $0) } }
                .filter { $0.1.intersects(viewport) }
            for (a, b) in zip(shown, shown.dropFirst()) where a.1.maxY > b.1.minY + 0.5 {
                problems.append("frame \(i): \(a.0) (\(a.1.minY)+\(a.1.height)) overlaps \(b.0) (\(b.1.minY))")
            }
        }
        return Array(problems.prefix(8))
    }

    @Test("sections sorted with moveSection: the rows of sections that keep their order never overlap or vanish")
    func sectionMoves() {
        let names = ["Macbeth", "Hamlet", "Tempest", "As You Like It", "Caesar", "Lear", "Othello", "Romeo"]
        let sections = names.map { play in (0 ..< 3).map { "\(play) \($0)" } }
        let (table, source, screen) = itemTable(sections)
        defer { withExtendedLifetime(screen) {} }
        let order = names.indices.sorted { names[$0] < names[$1] }
        source.sections = order.map { sections[$0] }
        table.beginUpdates()
        for (from, _) in names.enumerated() {
            let to = order.firstIndex(of: from)!
            if from != to { table.moveSection(from, toSection: to) }
        }
        table.endUpdates()
        if let out = ProcessInfo.processInfo.environment["TABULA_FILM_DIR"] {
            let shots = screen.record(duration: 0.36, fps: 20)
            try? HeadlessScreen.filmstrip(shots, columns: 8).pngData()?.write(to: URL(fileURLWithPath: out + "/section-moves.png"))
            return
        }
        let film = frames(screen, table, seconds: 0.4)
        // Within each section the rows keep their order.
        for section in sections {
            #expect(problems(film, ordered: section, viewport: table.bounds) == [])
        }
        #expect(film.last!.count == table.visibleCells.count)
    }
}
