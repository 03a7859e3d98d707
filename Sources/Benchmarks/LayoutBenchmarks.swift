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
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
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

    required init?(coder: NSCoder) { return nil }
}

@MainActor
func runLayoutBenchmarks() {
    if selected("layout.selfSizingCell") {
        let cell = BenchmarkConstraintCell(style: .default, reuseIdentifier: nil)
        cell.name.text = "Grace Hopper"
        var n = 0
        let label = UILabel(frame: .zero)
        label.numberOfLines = 0
        var m = 0
        benchmark("layout.selfSizingCell.11constraints", iterations: 2000, notes: [
            "what": "systemLayoutSizeFitting of a cell whose content view has 11 constraints and a two-line label (text changed each time)",
        ], {
            n += 1
            cell.message.text = "A message of two lines, number \(n), long enough to wrap at the width of a phone's table view."
            _ = cell.systemLayoutSizeFitting(CGSize(width: 390, height: 0), withHorizontalFittingPriority: .required,
                                             verticalFittingPriority: .fittingSizeLevel)
        }, against: "layout.selfSizingCell.textOnly", baselineNotes: [
            "what": "the text alone: sizeThatFits of a wrapping label given the same new text at the same width (the floor of the measurement)",
        ]) {
            m += 1
            label.text = "A message of two lines, number \(m), long enough to wrap at the width of a phone's table view."
            _ = label.sizeThatFits(CGSize(width: 306, height: 0))
        }
    }
    if selected("layout.selfSizingCell.constantOnly") {
        // The same cell with its text fixed: only a constraint's constant changes, so the
        // time is Auto Layout's alone (the text was measured on the first pass).
        let cell = BenchmarkConstraintCell(style: .default, reuseIdentifier: nil)
        cell.name.text = "Grace Hopper"
        cell.message.text = "A message of two lines, long enough to wrap at the width of a phone's table view, twice."
        let gap = cell.contentView.constraints.first { $0.firstItem === cell.message && $0.firstAttribute == .top }!
        var n = 0
        benchmark("layout.selfSizingCell.constantOnly", iterations: 5000, notes: [
            "what": "systemLayoutSizeFitting of the same 11-constraint cell with a constraint's constant changed each time (text unchanged)",
        ]) {
            n += 1
            gap.constant = CGFloat(4 + n % 3)
            _ = cell.systemLayoutSizeFitting(CGSize(width: 390, height: 0), withHorizontalFittingPriority: .required,
                                             verticalFittingPriority: .fittingSizeLevel)
        }
    }
    if selected("layout.constraintCells.scrollFrame") {
        runConstraintCellScrollBenchmark()
    }
    runViewChainBenchmark()
    runViewChainScaling()
    runViewChainReplacementBenchmark()
    runViewChainReplacementScaling()
    runPinnedViewsBenchmark()
    runWidthBoundsBenchmark()
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

/// A data source of 10,000,000 self-sizing rows of constraint-built cells.
@MainActor
final class ConstraintCellSource: UITableViewDataSource, UITableViewDelegate {
    static let messages = [
        "Short.",
        "A message of two lines, long enough to wrap at the width of a phone's table view.",
        "Three lines: a message long enough to wrap twice at the width of a phone's table view, with room to spare, and a bit more.",
    ]
    /// None until the table has the cell class registered (see runConstraintCellScrollBenchmark).
    var rows = 0
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "constraints", for: indexPath) as! BenchmarkConstraintCell
        cell.name.text = "Row \(indexPath.row)"
        cell.message.text = Self.messages[indexPath.row % 3]
        return cell
    }
}

/// Scrolls a 10,000,000-row table of self-sizing constraint cells 7 points a frame: most
/// frames bring no new cell (their layout is the table's tiling alone); the p90 and the
/// mean show the frames where a cell comes on screen and is measured by its constraints.
@MainActor
func runConstraintCellScrollBenchmark() {
    let source = ConstraintCellSource()
    let (screen, table) = hostTable(source)
    table.register(BenchmarkConstraintCell.self, forCellReuseIdentifier: "constraints")
    table.rowHeight = UITableView.automaticDimension
    table.estimatedRowHeight = 88
    source.rows = 10_000_000
    table.reloadData()
    screen.advance(by: 1.0 / 60)
    table.scrollToRow(at: IndexPath(row: 5_000_000, section: 0), at: .top, animated: false)
    table.layoutIfNeeded()
    var step: CGFloat = 7
    var cellsMeasured = 0
    let before = table.visibleCells.count
    benchmark("layout.constraintCells.scrollFrame.10000000rows", budget: 0.05, iterations: 3000, notes: [
        "what": "move 7 pt (420 pt/s) through 10,000,000 self-sizing rows of 11-constraint cells and lay the table out; the median frame brings no new cell",
    ]) {
        if table.contentOffset.y > table.maximumContentOffset.y - 1000 || table.contentOffset.y < 1000 { step = -step }
        let first = table.indexPathsForVisibleRows?.last
        table.contentOffset.y += step
        table.layoutIfNeeded()
        if table.indexPathsForVisibleRows?.last != first { cellsMeasured += 1 }
    }
    print("{\"name\":\"layout.constraintCells.scrollFrame.framesWithANewCell\",\"count\":\(cellsMeasured),\"of\":3010,\"visible\":\(before)}")
    withExtendedLifetime((screen, source)) {}
}

/// `count` views in a row in a container, each 40 × 20 and 8 points after the one before:
/// 4 constraints a view, activated at once, then one layout pass. Returns the container
/// (the views are its subviews) and the constraints.
@MainActor
func viewChain(_ count: Int) -> (UIView, [NSLayoutConstraint]) {
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    var constraints: [NSLayoutConstraint] = []
    constraints.reserveCapacity(4 * count)
    var previous: UIView?
    for i in 0 ..< count {
        let view = UIView(frame: .zero)
        view.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(view)
        constraints.append(view.leadingAnchor.constraint(equalTo: previous?.trailingAnchor ?? container.leadingAnchor, constant: 8))
        constraints.append(view.topAnchor.constraint(equalTo: container.topAnchor, constant: CGFloat(i % 10)))
        constraints.append(view.widthAnchor.constraint(equalToConstant: 40))
        constraints.append(view.heightAnchor.constraint(equalToConstant: 20))
        previous = view
    }
    NSLayoutConstraint.activate(constraints)
    container.layoutIfNeeded()
    return (container, constraints)
}

/// A chain of 5,000 views made, activated and laid out, against one of 500: the goal is
/// 10× the views within 12× the time (activation, the views' bookkeeping, the solver,
/// whose row for each view refers to the row of the view before, and the pass). Then one
/// constant changed in the 5,000-view chain, laid out again.
@MainActor
func runViewChainBenchmark() {
    guard selected("layout.viewChain.5000views", "layout.viewChain.500views", "layout.viewChain.5000views.oneConstant")
    else { return }
    var sink = 0.0
    benchmark("layout.viewChain.5000views", iterations: 5, warmup: 1, notes: [
        "what": "5,000 views in a row (4 constraints each: 20,000) activated with NSLayoutConstraint.activate and laid out once",
    ], ratioBudget: 12, {
        let (container, _) = viewChain(5000)
        sink += Double(container.subviews.last!.frame.maxX)
    }, against: "layout.viewChain.500views", baselineNotes: [
        "what": "the same with 500 views (2,000 constraints): the ratio is the cost of 10× the views",
    ]) {
        let (container, _) = viewChain(500)
        sink += Double(container.subviews.last!.frame.maxX)
    }
    if selected("layout.viewChain.5000views.oneConstant") {
        let (container, constraints) = viewChain(5000)
        var n = 0
        benchmark("layout.viewChain.5000views.oneConstant", iterations: 50, warmup: 2, notes: [
            "what": "one constant of a 5,000-view chain's constraints changed, then the layout pass",
        ]) {
            n += 1
            constraints[4 * 2500].constant = CGFloat(8 + n % 3)
            container.layoutIfNeeded()
            sink += Double(container.subviews.last!.frame.maxX)
        }
    }
    if sink == 42 { print("") }
}

/// `count` views in rows of 10 in a container, each 30 × 20 and pinned to the container's
/// leading and top edges at its place: 4 constraints a view, none relating two of the
/// views, activated at once, then one layout pass. Returns the container.
@MainActor
func pinnedViews(_ count: Int) -> UIView {
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    var constraints: [NSLayoutConstraint] = []
    constraints.reserveCapacity(4 * count)
    for i in 0 ..< count {
        let view = UIView(frame: .zero)
        view.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(view)
        constraints.append(view.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: CGFloat(i % 10 * 38)))
        constraints.append(view.topAnchor.constraint(equalTo: container.topAnchor, constant: CGFloat(i / 10 * 28)))
        constraints.append(view.widthAnchor.constraint(equalToConstant: 30))
        constraints.append(view.heightAnchor.constraint(equalToConstant: 20))
    }
    NSLayoutConstraint.activate(constraints)
    container.layoutIfNeeded()
    return container
}

/// 5,000 views pinned to their container (no view related to another), activated and laid
/// out, against 500: the views' part of Auto Layout alone — activation, bookkeeping, the
/// pass — with solver rows of constant length. The goal: 10× the views within 12× the time.
@MainActor
func runPinnedViewsBenchmark() {
    guard selected("layout.pinnedViews.5000views", "layout.pinnedViews.500views") else { return }
    var sink = 0.0
    benchmark("layout.pinnedViews.5000views", iterations: 9, warmup: 1, notes: [
        "what": "5,000 views each pinned to its container's edges (4 constraints each: 20,000) activated with NSLayoutConstraint.activate and laid out once",
    ], ratioBudget: 12, {
        sink += Double(pinnedViews(5000).subviews.last!.frame.maxY)
    }, against: "layout.pinnedViews.500views", baselineNotes: [
        "what": "the same with 500 views (2,000 constraints): the ratio is the cost of 10× the views",
    ]) {
        sink += Double(pinnedViews(500).subviews.last!.frame.maxY)
    }
    if sink == 42 { print("") }
}

/// One run each of chains of 500, 1,000, 2,000 and 4,000 views (see `viewChain`), with
/// each time's ratio to the 500-view one: linear work doubles with each step.
@MainActor
func runViewChainScaling() {
    guard selected("layout.viewChain.scaling") else { return }
    var base = 0.0
    for count in [500, 1000, 2000, 4000] {
        var sink = 0.0
        // The median of three; the first of each size is not timed (warm-up).
        let times = (0 ..< 4).map { _ in milliseconds { sink += Double(viewChain(count).0.subviews.last!.frame.maxX) } }.dropFirst()
        let time = median(of: Array(times)) ?? .nan
        if count == 500 { base = time }
        print(String(format: "{\"name\":\"layout.viewChain.scaling.%dviews\",\"median_ms\":%.3f,\"ratio_to_500\":%.2f,\"maxX\":%.0f}",
                     count, time, time / base, sink / 3))
    }
}

/// The middle link of a 5,000-view chain replaced by another (the old one deactivated, a
/// new one with another constant activated) and laid out, against the same in a 500-view
/// chain: what an app does to move part of a chain. The kept system removes the old link
/// from its solver (Cassowary's incremental removal) and adds the new one; the goal is 10×
/// the views within 12× the time (measured: about 11×; 14–16× before the expansion summed into
/// per-symbol scratch and the pass stopped hashing every constraint, see `ConstraintSystem`). (Building the system
/// anew, as a deactivation did before, solved the 2,500 views after the replacement free
/// and then anchored them, quadratic in their number: a ratio of about 150.)
@MainActor
func runViewChainReplacementBenchmark() {
    guard selected("layout.viewChain.5000views.replaceLink", "layout.viewChain.500views.replaceLink") else { return }
    let (big, bigLinks) = viewChain(5000), (small, smallLinks) = viewChain(500)
    var bigConstraints = bigLinks, smallConstraints = smallLinks
    var sink = 0.0, n = 0
    // Replaces the link of view `index`, constraints[4 * index], within one layout pass.
    func replace(_ container: UIView, _ constraints: inout [NSLayoutConstraint], _ index: Int) {
        n += 1
        let view = container.subviews[index], before = container.subviews[index - 1]
        let replacement = view.leadingAnchor.constraint(equalTo: before.trailingAnchor, constant: CGFloat(8 + n % 3))
        constraints[4 * index].isActive = false
        replacement.isActive = true
        constraints[4 * index] = replacement
        container.layoutIfNeeded()
        sink += Double(container.subviews.last!.frame.maxX)
    }
    // 15 runs each: the 500-view one takes under a millisecond, and five gave ratios 13–16.
    benchmark("layout.viewChain.5000views.replaceLink", iterations: 15, warmup: 2, notes: [
        "what": "the middle link of a 5,000-view chain deactivated and a new one activated in its place, then one layout pass",
    ], ratioBudget: 12, {
        replace(big, &bigConstraints, 2500)
    }, against: "layout.viewChain.500views.replaceLink", baselineNotes: [
        "what": "the same in a 500-view chain",
    ]) {
        replace(small, &smallConstraints, 250)
    }
    if sink == 42 { print("") }
}

/// The middle link replaced (as in `runViewChainReplacementBenchmark`) in chains of 500 to
/// 5,000 views, the median of 15 each, with each time's ratio to the 500-view one and the
/// time per view after the link (the views that move): where the work stops being linear.
@MainActor
func runViewChainReplacementScaling() {
    guard selected("layout.viewChain.replaceLink.scaling") else { return }
    var base = 0.0, sink = 0.0
    for count in [500, 1000, 2000, 4000, 5000] {
        let (container, links) = viewChain(count)
        var constraints = links
        var n = 0
        let index = count / 2
        let times = (0 ..< 17).map { _ in
            milliseconds {
                n += 1
                let view = container.subviews[index], before = container.subviews[index - 1]
                let replacement = view.leadingAnchor.constraint(equalTo: before.trailingAnchor, constant: CGFloat(8 + n % 3))
                constraints[4 * index].isActive = false
                replacement.isActive = true
                constraints[4 * index] = replacement
                container.layoutIfNeeded()
                sink += Double(container.subviews.last!.frame.maxX)
            }
        }.dropFirst(2)
        let time = median(of: Array(times)) ?? .nan
        if count == 500 { base = time }
        print(String(format: "{\"name\":\"layout.viewChain.replaceLink.scaling.%dviews\",\"median_ms\":%.3f,\"ratio_to_500\":%.2f,\"us_per_moved_view\":%.2f}",
                     count, time, time / base, time * 1000 / Double(count - index)))
        container.removeFromSuperview()
    }
    if sink == 42 { print("") }
}

/// A view of `count` constraints `width >= i` (i = 1 ... count) in a container, activated
/// at once and laid out; returns the view's width (`count`: the largest bound holds).
@MainActor
func widthBounds(_ count: Int) -> CGFloat {
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let view = UIView(frame: .zero)
    view.translatesAutoresizingMaskIntoConstraints = false
    container.addSubview(view)
    var constraints = [view.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                       view.topAnchor.constraint(equalTo: container.topAnchor),
                       view.heightAnchor.constraint(equalToConstant: 20)]
    constraints.reserveCapacity(count + 3)
    for i in 1 ... count { constraints.append(view.widthAnchor.constraint(greaterThanOrEqualToConstant: CGFloat(i))) }
    NSLayoutConstraint.activate(constraints)
    container.layoutIfNeeded()
    return view.frame.width
}

/// 100,000 `width >= i` on one view against 10,000: 10× the constraints within 12× the time.
@MainActor
func runWidthBoundsBenchmark() {
    guard selected("layout.widthBounds.100000", "layout.widthBounds.10000") else { return }
    var sink = 0.0
    benchmark("layout.widthBounds.100000", iterations: 5, warmup: 1, notes: [
        "what": "100,000 constraints width >= i on one view, activated with NSLayoutConstraint.activate and laid out once",
    ], ratioBudget: 12, {
        sink += Double(widthBounds(100_000))
    }, against: "layout.widthBounds.10000", baselineNotes: [
        "what": "the same with 10,000 constraints: the ratio is the cost of 10× the constraints",
    ]) {
        sink += Double(widthBounds(10_000))
    }
    if sink == 42 { print("") }
}
