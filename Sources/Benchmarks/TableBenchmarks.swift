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
        benchmark("table.reloadData.everyHeight.10000000rows", budget: 100, iterations: 5,
                  notes: ["what": "estimatedRowHeight = 0: every row's height asked once and indexed"]) {
            table.reloadData()
        }
        print("{\"name\":\"table.reloadData.everyHeight.heightCallsPerReload\",\"value\":\(source.heightCalls / 15)}")
        var sum = 0.0
        benchmark("table.heightCallsAlone.10000000rows", iterations: 5,
                  notes: ["what": "the 10M heightForRowAt calls alone, for comparison"]) {
            for r in 0 ..< 10_000_000 { sum += Double(source.tableView(table, heightForRowAt: IndexPath(row: r, section: 0))) }
        }
        if sum < 0 { print(sum) }
        withExtendedLifetime(screen) {}
    }
    var scrollMedians: [Int: Double] = [:]
    for rows in [1_000, 10_000_000] {
        let (screen, table, source) = tableScene(rows: rows, sections: 1)
        var rng = SystemRandomNumberGenerator()
        benchmark("table.scrollToRow.random.\(rows)rows", iterations: 500,
                  notes: ["what": "scrollToRow(at:at:.top,animated:false) to a random row, layout included"]) {
            table.scrollToRow(at: IndexPath(row: Int.random(in: 0 ..< rows, using: &rng), section: 0), at: .top,
                              animated: false)
        }
        table.scrollToRow(at: IndexPath(row: rows / 2, section: 0), at: .top, animated: false)
        table.layoutIfNeeded()
        var step: CGFloat = 7
        let median = benchmark("table.scrollFrame.layout.\(rows)rows", budget: 0.05, iterations: 2000,
                               notes: ["what": "move 7 pt (420 pt/s) and lay the table out: tiling, reuse, measuring"]) {
            if table.contentOffset.y > table.maximumContentOffset.y - 1000 || table.contentOffset.y < 1000 { step = -step }
            table.contentOffset.y += step
            table.layoutIfNeeded()
        }
        scrollMedians[rows] = median
        withExtendedLifetime((screen, source)) {}
    }
    if let small = scrollMedians[1_000], let big = scrollMedians[10_000_000], small > 0 {
        print("{\"name\":\"table.scrollFrame.layout.ratio10Mto1K\",\"value\":\(big / small),\"budget\":1.5}")
    }
}
