import Foundation
import Tabula

/// What a user would see go wrong with a table at rest, checked against the app's data.
public enum TableConsistency {
    /// The problems with `table` showing `titles` (one array of row titles per section,
    /// compared with each cell's `textLabel`): the offset outside the content, a cell
    /// showing another row's text or not where its row is, a cell left transparent or
    /// out of the table, a row on screen without a cell, counts that differ from the
    /// data. Empty when all is well.
    @MainActor
    public static func problems(in table: UITableView, titles: [[String]]) -> [String] {
        var problems: [String] = []
        let lo = table.minimumContentOffset.y, hi = table.maximumContentOffset.y
        if table.contentOffset.y < lo - 0.001 || table.contentOffset.y > hi + 0.001 {
            problems.append("offset \(table.contentOffset.y) outside \(lo)...\(hi)")
        }
        if table.numberOfSections != titles.count {
            problems.append("\(table.numberOfSections) sections, the data has \(titles.count)")
            return problems
        }
        for (s, rows) in titles.enumerated() where table.numberOfRows(inSection: s) != rows.count {
            problems.append("section \(s) has \(table.numberOfRows(inSection: s)) rows, the data \(rows.count)")
        }
        if !problems.isEmpty { return problems }
        for cell in table.visibleCells {
            guard let path = table.indexPath(for: cell) else { continue }
            let name = "row \(path.tableDescription)"
            if cell.textLabel?.text != titles[path.section][path.row] {
                problems.append("\(name) shows \"\(cell.textLabel?.text ?? "nil")\", not \"\(titles[path.section][path.row])\"")
            }
            if cell.superview !== table { problems.append("\(name)'s cell is not in the table") }
            if cell.alpha != 1 || cell.isHidden { problems.append("\(name)'s cell has alpha \(cell.alpha), hidden \(cell.isHidden)") }
            let rect = table.rectForRow(at: path)
            if abs(cell.frame.minY - rect.minY) > 0.001 || abs(cell.frame.height - rect.height) > 0.001 {
                problems.append("\(name)'s cell is at \(cell.frame.minY)+\(cell.frame.height), its row at \(rect.minY)+\(rect.height)")
            }
            if let presented = cell.layer.presentation(), abs(presented.opacity - 1) > 0.001 {
                problems.append("\(name)'s cell is drawn at opacity \(presented.opacity)")
            }
        }
        let top = table.contentOffset.y, bottom = top + table.bounds.height
        let rows = table.indexPathsForRows(in: CGRect(x: 0, y: top, width: 1, height: bottom - top)) ?? []
        for path in rows where table.rectForRow(at: path).height > 0 && table.cellForRow(at: path) == nil {
            problems.append("row \(path.tableDescription) is on screen without a cell")
        }
        return problems
    }

    /// ``problems(in:titles:)`` for a table of one section.
    @MainActor
    public static func problems(in table: UITableView, rows: [String]) -> [String] {
        problems(in: table, titles: [rows])
    }
}
