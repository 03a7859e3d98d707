import Foundation
import Tabula

/// A data source whose counts the benchmark sets (its rows are all alike).
@MainActor
final class CountedSource: UITableViewDataSource, UITableViewDelegate {
    var counts: [Int]
    /// Whether every cell handed out shows words no cell showed before ("Item 1", "Item 2"
    /// and so on, counted as cells are asked for), instead of its row's ("Row 7"): labels
    /// then share no shaped text (`TextLayout.shared`).
    let newWordsEachCell: Bool
    private var cellsMade = 0
    init(_ counts: [Int], newWordsEachCell: Bool = false) {
        self.counts = counts
        self.newWordsEachCell = newWordsEachCell
    }
    func numberOfSections(in tableView: UITableView) -> Int { counts.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cellsMade += 1
        cell.textLabel?.text = newWordsEachCell ? "Item \(cellsMade)" : "Row \(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 44 }
}

@MainActor
func updateScene(_ counts: [Int], newWordsEachCell: Bool = false) -> (HeadlessScreen, UITableView, CountedSource) {
    let source = CountedSource(counts, newWordsEachCell: newWordsEachCell)
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
    let (screen, table, source) = updateScene([rows])
    table.scrollToRow(at: IndexPath(row: rows / 2, section: 0), at: .middle, animated: false)
    screen.advance(by: 1.0 / 60)
    var errors = 0
    table.onInvalidUpdate = { _ in errors += 1 }
    // The plan is the part of the update that no table can skip (checking the operations
    // against the counts and mapping old rows to new); the ratio is what the geometry,
    // cells and animations add to it.
    benchmark("update.planAndApply.10000ops.1000000rows", budget: 20, iterations: 50,
              notes: ["what": "performBatchUpdates with 10,000 mixed operations: plan, geometry, cells, animations"],
              {
                  table.performBatchUpdates {
                      table.deleteRows(at: deletes, with: .fade)
                      table.insertRows(at: inserts, with: .fade)
                      table.reloadRows(at: reloads, with: .fade)
                      for (from, to) in zip(moveFrom, moveTo) { table.moveRow(at: from, to: to) }
                  }
              },
              against: "update.plan.10000ops.1000000rows",
              baselineNotes: ["what": "UpdatePlan alone: check 10,000 mixed operations against the counts and map them"]) {
        _ = try? UpdatePlan(oldRowCounts: [rows], operations: operations, newRowCounts: [rows])
    }
    if errors > 0 { print("{\"name\":\"update.planAndApply.errors\",\"value\":\(errors)}") }

    // The same 10,000 operations on a million-item grid (a flow layout, three columns)
    // against the table in the same run: the collection view plans with the table's
    // UpdatePlan, so the ratio is what its layout, cells and animations cost beside the
    // table's.
    if selected("collection.update.10000ops.1000000items", "table.update.10000ops.1000000rows") {
        let (gridScreen, grid, gridSource) = gridScene(count: rows)
        grid.scrollToItem(at: IndexPath(item: rows / 2, section: 0), at: .centeredVertically, animated: false)
        gridScreen.advance(by: 1.0 / 60)
        func items(_ paths: [IndexPath]) -> [IndexPath] { paths.map { IndexPath(item: $0.row, section: 0) } }
        let (itemDeletes, itemInserts, itemReloads) = (items(deletes), items(inserts), items(reloads))
        let itemMoves = zip(items(moveFrom), items(moveTo)).map { ($0, $1) }
        let notes = ["what": "performBatchUpdates with the 10,000 mixed operations above on a million-item grid"]
        benchmark("collection.update.10000ops.1000000items", iterations: 30, warmup: 3, notes: notes, ratioBudget: 1.2, {
            grid.performBatchUpdates({
                grid.deleteItems(at: itemDeletes)
                grid.insertItems(at: itemInserts)
                grid.reloadItems(at: itemReloads)
                for (from, to) in itemMoves { grid.moveItem(at: from, to: to) }
            })
            grid.layoutIfNeeded()
        }, against: "table.update.10000ops.1000000rows",
           baselineNotes: ["what": "the same batch on a million-row table, and its layout"]) {
            table.performBatchUpdates {
                table.deleteRows(at: deletes, with: .fade)
                table.insertRows(at: inserts, with: .fade)
                table.reloadRows(at: reloads, with: .fade)
                for (from, to) in zip(moveFrom, moveTo) { table.moveRow(at: from, to: to) }
            }
            table.layoutIfNeeded()
        }
        withExtendedLifetime((gridScreen, gridSource)) {}
    }
    withExtendedLifetime((screen, source)) {}

    // Updates every frame while the table scrolls: each frame inserts a row near the top
    // of the screen and deletes one near the bottom, then runs layout, animations and
    // compositing. The baseline is a second table flung the same way without updates,
    // its frames taken in turn with the first's: the ratio is what the updates cost
    // over plain scrolling.
    runEveryFrameUpdates(everyFrame: "update.everyFrameWhileScrolling.100000rows", plain: "scroll.flingFrame.100000rows")
    // The same with words no cell showed before in every cell handed out: an inserted
    // row's label shares no shaped text with the row it pushes down, nor a row scrolled
    // back on screen with what it showed before.
    runEveryFrameUpdates(everyFrame: "update.everyFrameWhileScrolling.100000rows.newWords",
                         plain: "scroll.flingFrame.100000rows.newWords", newWordsEachCell: true)
}

/// Inserts a row near the top of the screen and deletes one near the bottom every frame
/// while one table scrolls, against a second table flung the same way without updates
/// (see `runUpdateBenchmarks`).
@MainActor
func runEveryFrameUpdates(everyFrame: String, plain: String, newWordsEachCell: Bool = false) {
    guard selected(everyFrame, plain) else { return }
    let updated = updateScene([100_000], newWordsEachCell: newWordsEachCell)
    let scrolled = updateScene([100_000], newWordsEachCell: newWordsEachCell)
    for (screen, table, _) in [updated, scrolled] {
        table.scrollToRow(at: IndexPath(row: 50_000, section: 0), at: .top, animated: false)
        screen.advance(by: 1.0 / 60)
        screen.renderFrame()
        table.fling(velocity: CGPoint(x: 0, y: 2000))
    }
    var samples: [Double] = [], updateSamples: [Double] = [], frameSamples: [Double] = [], plainSamples: [Double] = []
    var compositeSamples: [Double] = [], plainFrameSamples: [Double] = [], plainCompositeSamples: [Double] = []
    for frame in 0 ..< 600 {
        do {
            let (screen, table, _) = updated
            let start = DispatchTime.now().uptimeNanoseconds
            let first = table.indexPathsForVisibleRows?.first?.row ?? 0
            table.performBatchUpdates {
                table.insertRows(at: [IndexPath(row: first + 2, section: 0)], with: .automatic)
                table.deleteRows(at: [IndexPath(row: first + 10, section: 0)], with: .automatic)
            }
            let updatedAt = DispatchTime.now().uptimeNanoseconds
            screen.advance(by: 1.0 / 60)
            let advanced = DispatchTime.now().uptimeNanoseconds
            screen.renderFrame()
            let end = DispatchTime.now().uptimeNanoseconds
            samples.append(Double(end - start) / 1e6)
            updateSamples.append(Double(updatedAt - start) / 1e6)
            frameSamples.append(Double(advanced - updatedAt) / 1e6)
            compositeSamples.append(Double(end - advanced) / 1e6)
        }
        do {
            let start = DispatchTime.now().uptimeNanoseconds
            scrolled.0.advance(by: 1.0 / 60)
            let advanced = DispatchTime.now().uptimeNanoseconds
            scrolled.0.renderFrame()
            let end = DispatchTime.now().uptimeNanoseconds
            plainSamples.append(Double(end - start) / 1e6)
            plainFrameSamples.append(Double(advanced - start) / 1e6)
            plainCompositeSamples.append(Double(end - advanced) / 1e6)
        }
        if frame % 120 == 119 {
            for table in [updated.1, scrolled.1] {
                table.fling(velocity: CGPoint(x: 0, y: frame % 240 == 119 ? -2000 : 2000))
            }
        }
    }
    Benchmark(name: everyFrame, budgetMilliseconds: 8, iterations: samples.count,
              notes: ["what": "an insert and a delete every frame during a fling: update + layout + animation + composite, 390×844 @1x"])
        .report(samples, against: Benchmark(name: plain, notes: [
            "what": "the same fling on a second table without updates: layout + animation + composite, 390×844 @1x",
        ]), plainSamples)
    Benchmark(name: everyFrame + ".updateOnly", iterations: samples.count).report(updateSamples)
    Benchmark(name: everyFrame + ".frameOnly", iterations: samples.count,
              notes: ["what": "layout, display and animation of the frame, without compositing"]).report(frameSamples)
    Benchmark(name: everyFrame + ".compositeOnly", iterations: samples.count).report(compositeSamples)
    Benchmark(name: plain + ".frameOnly", iterations: samples.count,
              notes: ["what": "the plain fling's layout, display and animation, without compositing"]).report(plainFrameSamples)
    Benchmark(name: plain + ".compositeOnly", iterations: samples.count).report(plainCompositeSamples)
    withExtendedLifetime((updated, scrolled)) {}
}
