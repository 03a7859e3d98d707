import Foundation
import TabulaUIKit

/// Bad row heights found during one pass (a reload, a layout, an update), reported
/// together: a data source that returns -1 for twenty thousand rows gets one report
/// naming the range, not twenty thousand lines.
struct HeightProblems {
    /// Nesting of the passes collecting; the outermost one reports.
    var depth = 0
    private var runs: [Run] = []
    private var count = 0

    /// Consecutive rows of one section with the same bad height.
    private struct Run {
        var section: Int
        var first: Int
        var last: Int
        var height: Double
        var used: Double
    }

    /// How many runs a report names; the rest are counted.
    static let namedRuns = 8

    var isCollecting: Bool { depth > 0 }

    mutating func add(section: Int, row: Int, height: Double, used: Double) {
        count += 1
        if var run = runs.last, run.section == section, run.last + 1 == row,
           run.height == height || (run.height.isNaN && height.isNaN) {
            run.last = row
            runs[runs.count - 1] = run
        } else {
            runs.append(Run(section: section, first: row, last: row, height: height, used: used))
        }
    }

    /// The report of what was collected, or nil when nothing was; starts afresh.
    mutating func takeMessage() -> String? {
        guard !runs.isEmpty else { return nil }
        defer { runs = []; count = 0 }
        let named = runs.prefix(Self.namedRuns).map { run -> String in
            let rows = run.first == run.last ? "row \(run.first)" : "rows \(run.first)–\(run.last)"
            let verb = run.first == run.last ? "is" : "are"
            return "\(rows) in section \(run.section) \(verb) \(run.height) (the table uses \(run.used))"
        }
        var message = "Invalid row heights (\(count) row\(count == 1 ? "" : "s")): "
            + named.joined(separator: "; ")
        if runs.count > Self.namedRuns { message += "; and \(runs.count - Self.namedRuns) more ranges" }
        return message + ". Heights must be finite, ≥ 0 and at most \(UITableView.maximumRowHeight) points."
    }
}
