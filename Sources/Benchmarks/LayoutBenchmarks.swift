import Foundation
import TabulaCore
import Tabula

// The constraint solver against Kiwi (the C++ Cassowary solver behind kiwisolver), on the
// same three systems. scripts/kiwi-bench.py builds them with kiwisolver and prints its
// medians as JSON; this file times Tabula's LayoutSolver and, when python3 can import
// kiwisolver, runs the script and prints the ratios. Both sides do the same work per
// iteration: make the solver, add every constraint, read every value (the chain and the
// grid); or 1,000 suggestions of one edit variable, each followed by reading every value.

/// A chain of `count` views left to right, 8 points apart: each at least 10 wide and
/// preferring 50 (priority 250), the first at 0, the last ending at most at 40,000.
func solveChain(_ count: Int) -> Double {
    var solver = LayoutSolver()
    var lefts: [LayoutVariable] = [], widths: [LayoutVariable] = []
    for i in 0 ..< count {
        let left = solver.makeVariable("left\(i)"), width = solver.makeVariable("width\(i)")
        lefts.append(left)
        widths.append(width)
        if i == 0 {
            solver.add(LayoutConstraint(LinearExpression(left), .equal))
        } else {
            solver.add(LayoutConstraint(LinearExpression(left) - LinearExpression(lefts[i - 1]) - LinearExpression(widths[i - 1])
                - LinearExpression(8), .equal))
        }
        solver.add(LayoutConstraint(LinearExpression(width) - LinearExpression(10), .greaterThanOrEqual))
        solver.add(LayoutConstraint(LinearExpression(width) - LinearExpression(50), .equal, priority: 250))
    }
    solver.add(LayoutConstraint(LinearExpression(lefts[count - 1]) + LinearExpression(widths[count - 1]) - LinearExpression(40_000),
                                .lessThanOrEqual))
    return lefts.indices.reduce(0) { $0 + solver.value(of: lefts[$1]) + solver.value(of: widths[$1]) }
}

/// `rows` rows of `columns` views of equal width filling 1,000 points edge to edge.
func solveGrid(rows: Int, columns: Int) -> Double {
    var solver = LayoutSolver()
    var total = 0.0
    var all: [LayoutVariable] = []
    for r in 0 ..< rows {
        var lefts: [LayoutVariable] = [], widths: [LayoutVariable] = []
        for c in 0 ..< columns {
            let left = solver.makeVariable("l\(r).\(c)"), width = solver.makeVariable("w\(r).\(c)")
            lefts.append(left)
            widths.append(width)
            all += [left, width]
            if c == 0 {
                solver.add(LayoutConstraint(LinearExpression(left), .equal))
            } else {
                solver.add(LayoutConstraint(LinearExpression(left) - LinearExpression(lefts[c - 1]) - LinearExpression(widths[c - 1]), .equal))
                solver.add(LayoutConstraint(LinearExpression(width) - LinearExpression(widths[0]), .equal))
            }
        }
        solver.add(LayoutConstraint(LinearExpression(lefts[columns - 1]) + LinearExpression(widths[columns - 1])
            - LinearExpression(1000), .equal))
    }
    for v in all { total += solver.value(of: v) }
    return total
}

/// A chain of 100 views between 0 and a container width that is an edit variable;
/// 1,000 suggestions of the width, each followed by reading every value.
func editContainerWidth(views: Int, edits: Int) -> Double {
    var solver = LayoutSolver()
    let container = solver.makeVariable("container")
    solver.addEditVariable(container, priority: 999)
    var lefts: [LayoutVariable] = [], widths: [LayoutVariable] = []
    for i in 0 ..< views {
        let left = solver.makeVariable("left\(i)"), width = solver.makeVariable("width\(i)")
        lefts.append(left)
        widths.append(width)
        if i == 0 {
            solver.add(LayoutConstraint(LinearExpression(left), .equal))
        } else {
            solver.add(LayoutConstraint(LinearExpression(left) - LinearExpression(lefts[i - 1]) - LinearExpression(widths[i - 1]), .equal))
            solver.add(LayoutConstraint(LinearExpression(width) - LinearExpression(widths[0]), .equal))
        }
    }
    solver.add(LayoutConstraint(LinearExpression(lefts[views - 1]) + LinearExpression(widths[views - 1])
        - LinearExpression(container), .equal))
    var total = 0.0
    for e in 0 ..< edits {
        solver.suggestValue(container, 300 + Double(e % 500))
        for i in 0 ..< views { total += solver.value(of: lefts[i]) + solver.value(of: widths[i]) }
    }
    return total
}

/// A cell laid out with 10 constraints: an avatar, a name and a wrapping message.
@MainActor
final class BenchmarkConstraintCell: UITableViewCell {
    let name = UILabel(frame: .zero), message = UILabel(frame: .zero), avatar = UIView(frame: .zero)
    required init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        message.numberOfLines = 0
        for view in [avatar, name, message] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        NSLayoutConstraint.activate([
            avatar.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            avatar.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            avatar.widthAnchor.constraint(equalToConstant: 40),
            avatar.heightAnchor.constraint(equalToConstant: 40),
            name.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 12),
            name.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            name.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            message.leadingAnchor.constraint(equalTo: name.leadingAnchor),
            message.topAnchor.constraint(equalTo: name.bottomAnchor, constant: 4),
            message.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
        ])
        message.trailingAnchor.constraint(equalTo: name.trailingAnchor).isActive = true
    }
}

@MainActor
func runLayoutBenchmarks() {
    if selected("layout.selfSizingCell") {
        let cell = BenchmarkConstraintCell(style: .default, reuseIdentifier: nil)
        cell.name.text = "Grace Hopper"
        var n = 0
        benchmark("layout.selfSizingCell.11constraints", iterations: 2000, notes: [
            "what": "systemLayoutSizeFitting of a cell whose content view has 11 constraints and a two-line label (text changed each time)",
        ]) {
            n += 1
            cell.message.text = "A message of two lines, number \(n), long enough to wrap at the width of a phone's table view."
            _ = cell.systemLayoutSizeFitting(CGSize(width: 390, height: 0), withHorizontalFittingPriority: .required,
                                             verticalFittingPriority: .fittingSizeLevel)
        }
    }
    guard selected("layout.solver.chain.1000views", "layout.solver.grid.100x100.equalWidths",
                   "layout.solver.edit.1000suggestions") else { return }
    var sink = 0.0
    let chain = benchmark("layout.solver.chain.1000views", iterations: 5, warmup: 1,
                          notes: ["what": "add 3,001 constraints (a 1,000-view chain, widths preferred at priority 250) and read 2,000 values"]) {
        sink += solveChain(1000)
    }
    let grid = benchmark("layout.solver.grid.100x100.equalWidths", iterations: 3, warmup: 1,
                         notes: ["what": "add 20,000 constraints (100 rows of 100 equal-width views filling 1,000 pt) and read 20,000 values"]) {
        sink += solveGrid(rows: 100, columns: 100)
    }
    let edits = benchmark("layout.solver.edit.1000suggestions", iterations: 15, warmup: 1,
                          notes: ["what": "1,000 suggestValue calls on a container width over a 100-view equal-width chain, 200 values read after each"]) {
        sink += editContainerWidth(views: 100, edits: 1000)
    }
    if sink == 42 { print("") }
    compareWithKiwi(["chain": chain, "grid": grid, "edit": edits])
}

/// Runs scripts/kiwi-bench.py and prints, for each system, Kiwi's median and Tabula's
/// ratio to it; says so when kiwisolver is not installed.
@MainActor
func compareWithKiwi(_ tabula: [String: Double]) {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/kiwi-bench.py")
    let process = Process()
    // Debian's python3 (where python3-kiwisolver installs), else whichever is on the path.
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path]
    } else {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
    }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch {
        print("{\"name\":\"layout.solver.kiwi\",\"skipped\":\"python3 could not be run\"}")
        return
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        print("{\"name\":\"layout.solver.kiwi\",\"skipped\":\"kiwisolver is not installed (apt-get install python3-kiwisolver)\"}")
        return
    }
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let system = object["system"] as? String, let kiwi = object["median_ms"] as? Double,
              let ours = tabula[system], ours > 0 else { continue }   // 0: not run (filtered out)
        let ratio = ours / kiwi
        print(String(format: "{\"name\":\"layout.solver.%@.vsKiwi\",\"kiwi_median_ms\":%.3f,\"tabula_median_ms\":%.3f,\"ratio\":%.2f,\"what\":\"Tabula's time over Kiwi's (kiwisolver %@) on the same system; below 1 is faster\"}",
                     system, kiwi, ours, ratio, (object["kiwisolver"] as? String) ?? "?"))
    }
}
