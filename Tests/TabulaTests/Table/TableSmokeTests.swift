import Foundation
import Testing
@testable import Tabula

@Suite("UITableView smoke")
@MainActor
struct TableSmokeTests {
    @Test func picture() throws {
        let table = UITableView(frame: .zero, style: .plain)
        let source = TestTableSource(counts: [5, 8, 30])
        source.headerTitles = [0: "Alpha", 1: "Beta", 2: "Gamma"]
        source.indexTitles = ["A", "B", "C"]
        source.configure = { cell, ip in cell.accessoryType = ip.row % 2 == 0 ? .disclosureIndicator : .checkmark }
        table.dataSource = source
        table.delegate = source
        let screen = showTable(table, scale: 2)
        table.contentOffset.y = 150
        screen.advance(by: 1.0 / 60)
        try screen.snapshot().pngData()!.write(to: URL(fileURLWithPath: "/tmp/table-plain.png"))
        let g = UITableView(frame: .zero, style: .insetGrouped)
        let gs = TestTableSource(counts: [3, 4])
        gs.cellStyle = .value1
        gs.headerTitles = [0: "General"]
        gs.footerTitles = [1: "A footer that explains the settings above in a couple of lines of grey text."]
        gs.configure = { cell, ip in cell.detailTextLabel?.text = "On"; cell.accessoryType = .disclosureIndicator }
        g.dataSource = gs
        g.delegate = gs
        let screen2 = showTable(g, scale: 2)
        try screen2.snapshot().pngData()!.write(to: URL(fileURLWithPath: "/tmp/table-grouped.png"))
    }
}
