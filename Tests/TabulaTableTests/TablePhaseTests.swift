import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

@MainActor
@Suite("The table's phase")
struct TablePhaseTests {
    private static let activities: [TablePhase.Activity] = [.idle, .loading, .tiling, .updating, .updateTiling]

    @Test("the allowed entries, every pair: loading and tiling inside anything, an update only from idle, its tiling only inside it, idle never entered")
    func allowedEntries() {
        for current in Self.activities {
            for next in Self.activities {
                let expected: Bool = switch next {
                case .idle: false
                case .loading, .tiling: true
                case .updating: current == .idle
                case .updateTiling: current == .updating || current == .updateTiling
                }
                #expect(TablePhase.allows(current, next) == expected, "\(next) inside \(current)")
            }
        }
    }

    @Test("staleness only grows until loading takes it; an owed reload and the offset settling are kept apart from it")
    func pendingLoadAndBits() {
        var phase = TablePhase()
        #expect(phase.pendingLoad == .data, "a new table loads at its first layout")
        let outer = phase.enter(.loading)
        #expect(phase.takePendingLoad() == .data)
        #expect(phase.pendingLoad == .none)
        phase.leave(restoring: outer)
        for (first, second) in [(TablePhase.PendingLoad.heights, TablePhase.PendingLoad.data), (.data, .heights), (.heights, .none)] {
            phase.invalidate(first)
            phase.invalidate(second)
            #expect(phase.pendingLoad == max(first, second))
            let previous = phase.enter(.loading)
            _ = phase.takePendingLoad()
            phase.leave(restoring: previous)
        }
        let tiling = phase.enter(.tiling)
        phase.oweReload()
        phase.leave(restoring: tiling)
        #expect(phase.owesReload && phase.pendingLoad == .none && !phase.isBusy)
        phase.payOwedReload()
        #expect(!phase.owesReload)
        phase.requestOffsetSettling()
        let settles = phase.takeOffsetSettling(), settlesAgain = phase.takeOffsetSettling()
        #expect(settles && !settlesAgain, "taken once")
    }

    @Test("a table is idle between passes and busy whenever it asks its data source, loading, tiling or updating")
    func activitiesSeenByTheDataSource() {
        @MainActor final class Watcher: NSObject, UITableViewDataSource {
            var rows = 20
            var seen: [TablePhase.Activity] = []
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                seen.append(tableView.phase.activity)
                return rows
            }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                seen.append(tableView.phase.activity)
                let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
                cell.textLabel?.text = "\(indexPath.row)"
                return cell
            }
        }
        let table = UITableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "c")
        let source = Watcher()
        table.dataSource = source
        let screen = showTable(table, size: CGSize(width: 320, height: 480))
        #expect(table.phase.activity == .idle)
        #expect(Set(source.seen) == [.loading, .tiling])
        source.seen = []
        source.rows = 21
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
        #expect(source.seen.contains(.updating), "the new counts are asked while updating")
        #expect(!source.seen.contains(.idle), "every call comes while the table is busy: \(source.seen)")
        #expect(table.phase.activity == .idle)
        screen.advance(by: 1)
        #expect(table.phase.activity == .idle && table.phase.pendingLoad == .none)
        #expect(!table.phase.owesReload && !table.phase.settlesOffset)
    }
}
