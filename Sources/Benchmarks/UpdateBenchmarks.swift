import Foundation
import Tabula

/// A data source whose counts the benchmark sets (its rows are all alike).
@MainActor
final class CountedSource: UITableViewDataSource, UITableViewDelegate {
    var counts: [Int]
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in tableView: UITableView) -> Int { counts.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 44 }
}

@MainActor
func updateScene(_ counts: [Int]) -> (HeadlessScreen, UITableView, CountedSource) {
    let source = CountedSource(counts)
    let (screen, table) = hostTable(source)
    return (screen, table, source)
}

@MainActor
func runUpdateBenchmarks() {
    // 10,000 operations on a million rows: 4,000 deletes, 4,000 inserts, 1,000 reloads
    // and 1,000 moves, spread over the table; the count stays the same, so the same
    // update can be made again and again.
    var rng = SystemRandomNumberGenerator()
    let rows = 1_000_000
    var picks = Array(0 ..< rows).shuffled(using: &rng).prefix(10_000).map { $0 }
    let deletes = picks[0 ..< 4000].map { IndexPath(row: $0, section: 0) }
    let reloads = picks[4000 ..< 5000].map { IndexPath(row: $0, section: 0) }
    let moveFrom = picks[5000 ..< 6000].map { IndexPath(row: $0, section: 0) }
    picks = Array(0 ..< rows).shuffled(using: &rng).prefix(5000).map { $0 }
    let inserts = picks[0 ..< 4000].map { IndexPath(row: $0, section: 0) }
    let moveTo = picks[4000 ..< 5000].map { IndexPath(row: $0, section: 0) }
    var operations = UpdateOperations()
    operations.deletedRows = deletes
    operations.insertedRows = inserts
    operations.reloadedRows = reloads
    operations.movedRows = zip(moveFrom, moveTo).map { RowMove(from: $0, to: $1) }
    benchmark("update.plan.10000ops.1000000rows", iterations: 100,
              notes: ["what": "UpdatePlan alone: check 10,000 mixed operations against the counts and map them"]) {
        _ = try? UpdatePlan(oldRowCounts: [rows], operations: operations, newRowCounts: [rows])
    }
    let (screen, table, source) = updateScene([rows])
    table.scrollToRow(at: IndexPath(row: rows / 2, section: 0), at: .middle, animated: false)
    screen.advance(by: 1.0 / 60)
    var errors = 0
    table.onInvalidUpdate = { _ in errors += 1 }
    benchmark("update.planAndApply.10000ops.1000000rows", budget: 20, iterations: 50,
              notes: ["what": "performBatchUpdates with 10,000 mixed operations: plan, geometry, cells, animations"]) {
        table.performBatchUpdates {
            table.deleteRows(at: deletes, with: .fade)
            table.insertRows(at: inserts, with: .fade)
            table.reloadRows(at: reloads, with: .fade)
            for (from, to) in zip(moveFrom, moveTo) { table.moveRow(at: from, to: to) }
        }
    }
    if errors > 0 { print("{\"name\":\"update.planAndApply.errors\",\"value\":\(errors)}") }
    withExtendedLifetime((screen, source)) {}

    // Updates every frame while the table scrolls: each frame inserts a row near the top
    // of the screen and deletes one near the bottom, then runs layout, animations and
    // compositing.
    do {
        let (screen, table, source) = updateScene([100_000])
        table.scrollToRow(at: IndexPath(row: 50_000, section: 0), at: .top, animated: false)
        screen.advance(by: 1.0 / 60)
        screen.renderFrame()
        table.fling(velocity: CGPoint(x: 0, y: 2000))
        var samples: [Double] = [], updateSamples: [Double] = [], frameSamples: [Double] = []
        for frame in 0 ..< 600 {
            let start = DispatchTime.now().uptimeNanoseconds
            let first = table.indexPathsForVisibleRows?.first?.row ?? 0
            table.performBatchUpdates {
                table.insertRows(at: [IndexPath(row: first + 2, section: 0)], with: .automatic)
                table.deleteRows(at: [IndexPath(row: first + 10, section: 0)], with: .automatic)
            }
            let updated = DispatchTime.now().uptimeNanoseconds
            screen.advance(by: 1.0 / 60)
            let advanced = DispatchTime.now().uptimeNanoseconds
            screen.renderFrame()
            let end = DispatchTime.now().uptimeNanoseconds
            samples.append(Double(end - start) / 1e6)
            updateSamples.append(Double(updated - start) / 1e6)
            frameSamples.append(Double(advanced - updated) / 1e6)
            if frame % 120 == 119 { table.fling(velocity: CGPoint(x: 0, y: frame % 240 == 119 ? -2000 : 2000)) }
        }
        Benchmark(name: "update.everyFrameWhileScrolling.100000rows", budgetMilliseconds: 8, iterations: samples.count,
                  notes: ["what": "an insert and a delete every frame during a fling: update + layout + animation + composite, 390×844 @1x"])
            .report(samples)
        Benchmark(name: "update.everyFrameWhileScrolling.updateOnly", iterations: samples.count).report(updateSamples)
        Benchmark(name: "update.everyFrameWhileScrolling.frameOnly", iterations: samples.count,
                  notes: ["what": "layout, display and animation of the frame, without compositing"]).report(frameSamples)
        withExtendedLifetime((screen, source)) {}
    }
}
