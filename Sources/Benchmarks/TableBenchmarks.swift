import Foundation
import Tabula

/// A data source of `sections` sections sharing `rows` rows, cells from the pool.
@MainActor
final class BigSource: UITableViewDataSource, UITableViewDelegate {
    let sections: Int, rowsPerSection: Int
    var heightCalls = 0
    init(rows: Int, sections: Int) { self.sections = sections; rowsPerSection = rows / sections }
    func numberOfSections(in tableView: UITableView) -> Int { sections }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rowsPerSection }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heightCalls += 1
        return indexPath.row & 1 == 0 ? 44 : 60
    }
}

/// A 390×844 screen at 1x showing a plain table over `source`, cells from the "row" pool.
@MainActor
func hostTable(_ source: UITableViewDataSource & UITableViewDelegate, estimates: Bool = true) -> (HeadlessScreen, UITableView) {
    let screen = HeadlessScreen(size: CGSize(width: 390, height: 844), scale: 1)
    let window = UIWindow(frame: .zero)
    let controller = UIViewController()
    window.rootViewController = controller
    screen.show(window)
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .plain)
    if !estimates { table.estimatedRowHeight = 0 }
    table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    table.dataSource = source
    table.delegate = source
    controller.view.addSubview(table)
    screen.advance(by: 1.0 / 60)
    return (screen, table)
}

@MainActor
func tableScene(rows: Int, sections: Int, estimates: Bool = true) -> (HeadlessScreen, UITableView, BigSource) {
    let source = BigSource(rows: rows, sections: sections)
    let (screen, table) = hostTable(source, estimates: estimates)
    return (screen, table, source)
}

/// The sum of the heights of rows `0 ..< rows` of section 0, asked of `delegate` one by
/// one. A function of its own, so that the delegate and the table are arguments held for
/// the whole loop (as in the table's own loop) rather than captures loaded and retained on
/// every call.
@MainActor @inline(never)
func askEveryHeight(_ delegate: any UITableViewDelegate, _ table: UITableView, rows: Int) -> Double {
    var indexPath = IndexPath(row: 0, section: 0)
    var sum = 0.0
    for r in 0 ..< rows {
        indexPath.row = r
        sum += Double(delegate.tableView(table, heightForRowAt: indexPath))
    }
    return sum
}

@MainActor
func runTableBenchmarks() {
    for (rows, sections) in [(10_000_000, 1), (10_000_000, 1000)] {
        let (screen, table, source) = tableScene(rows: rows, sections: sections)
        benchmark("table.reloadData.estimates.\(rows)rows.\(sections)sections", budget: 0.1, iterations: 200,
                  notes: ["what": "reloadData with estimated heights: counts only, cells at the next layout",
                          "heightIndexBytes": "\(table.heightIndexByteCount)"]) {
            table.reloadData()
        }
        withExtendedLifetime((screen, source)) {}
    }
    do {
        let (screen, table, source) = tableScene(rows: 10_000_000, sections: 1, estimates: false)
        source.heightCalls = 0
        table.reloadData()
        let callsPerReload = source.heightCalls
        // The baseline calls the delegate as the table does: through the protocol, with
        // one index path changed in place. So the ratio is what indexing the heights adds
        // to the calls no table can skip when estimates are off.
        var sum = 0.0
        benchmark("table.reloadData.everyHeight.10000000rows", budget: 100, iterations: 7, warmup: 1,
                  notes: ["what": "estimatedRowHeight = 0: every row's height asked once and indexed",
                          "heightCallsPerReload": "\(callsPerReload)"],
                  { table.reloadData() },
                  against: "table.heightCallsAlone.10000000rows",
                  baselineNotes: ["what": "the same delegate's heightForRowAt called 10M times in a plain loop, as the table calls it"]) {
            sum += askEveryHeight(source, table, rows: 10_000_000)
        }
        if sum < 0 { print(sum) }
        withExtendedLifetime(screen) {}
    }
    // Scrolling a table of 10M rows against one of 1,000: the geometry index should make
    // the row count irrelevant, so the ratio's budget is near 1.
    let (smallScreen, small, smallSource) = tableScene(rows: 1_000, sections: 1)
    let (bigScreen, big, bigSource) = tableScene(rows: 10_000_000, sections: 1)
    var rng = SystemRandomNumberGenerator()
    func scrollToRandomRow(_ table: UITableView) {
        let rows = table.numberOfRows(inSection: 0)
        table.scrollToRow(at: IndexPath(row: Int.random(in: 0 ..< rows, using: &rng), section: 0), at: .top,
                          animated: false)
    }
    let scrollToRowNotes = ["what": "scrollToRow(at:at:.top,animated:false) to a random row, layout included"]
    benchmark("table.scrollToRow.random.10000000rows", iterations: 500, notes: scrollToRowNotes,
              { scrollToRandomRow(big) },
              against: "table.scrollToRow.random.1000rows", baselineNotes: scrollToRowNotes) { scrollToRandomRow(small) }
    var steps: [ObjectIdentifier: CGFloat] = [:]
    for table in [small, big] {
        table.scrollToRow(at: IndexPath(row: table.numberOfRows(inSection: 0) / 2, section: 0), at: .top, animated: false)
        table.layoutIfNeeded()
        steps[ObjectIdentifier(table)] = 7
    }
    func scrollFrame(_ table: UITableView) {
        var step = steps[ObjectIdentifier(table)]!
        if table.contentOffset.y > table.maximumContentOffset.y - 1000 || table.contentOffset.y < 1000 { step = -step }
        steps[ObjectIdentifier(table)] = step
        table.contentOffset.y += step
        table.layoutIfNeeded()
    }
    let scrollFrameNotes = ["what": "move 7 pt (420 pt/s) and lay the table out: tiling, reuse, measuring"]
    benchmark("table.scrollFrame.layout.10000000rows", budget: 0.05, iterations: 2000, notes: scrollFrameNotes,
              ratioBudget: 1.5, { scrollFrame(big) },
              against: "table.scrollFrame.layout.1000rows", baselineNotes: scrollFrameNotes) { scrollFrame(small) }
    withExtendedLifetime((smallScreen, smallSource, bigScreen, bigSource)) {}
}
