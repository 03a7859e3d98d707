import Testing
@testable import TabulaCore
import TabulaTestBasics

@Suite("LayoutTableau: rows in slots and the index of the rows each symbol is in")
struct LayoutTableauTests {
    @Test("after every add, remove, edit and suggestion, each row's symbols list its slot and no row mentions a basic symbol",
          arguments: 0 ..< 4)
    func invariantsHold(batch: Int) {
        var random = SeededRandom(seed: UInt64(9_000 + batch))
        let priorities: [Float] = [1000, 1000, 1000, 999, 750, 500, 250, 1]
        for round in 0 ..< 25 {
            var solver = LayoutSolver()
            solver.onUnsatisfiable = { _, _, _ in }
            // Many variables and long constraints make long rows (hash tables) and long columns.
            let variables = (0 ..< 30).map { solver.makeVariable("v\($0)") }
            var handles: [Int] = [], editing: Set<Int> = []
            for step in 0 ..< 80 {
                switch Int.random(in: 0 ..< 10, using: &random) {
                case 0 ..< 6:
                    var e = LinearExpression(Double(Int.random(in: -50 ... 50, using: &random)))
                    for _ in 0 ..< Int.random(in: 1 ... 6, using: &random) {
                        e.add(variables.randomElement(using: &random)!, times: Double(Int.random(in: -3 ... 3, using: &random)))
                    }
                    let relation: LayoutConstraint.Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &random)!
                    handles.append(solver.add(LayoutConstraint(e, relation, priority: priorities.randomElement(using: &random)!)))
                case 6, 7:
                    if !handles.isEmpty { solver.remove(handles.remove(at: Int.random(in: 0 ..< handles.count, using: &random))) }
                case 8:
                    let i = Int.random(in: 0 ..< variables.count, using: &random)
                    if editing.remove(i) != nil {
                        solver.removeEditVariable(variables[i])
                    } else {
                        solver.addEditVariable(variables[i], priority: [999, 750, 250].randomElement(using: &random)!)
                        editing.insert(i)
                    }
                default:
                    for i in editing.sorted() { solver.suggestValue(variables[i], Double(Int.random(in: -100 ... 100, using: &random))) }
                }
                let problems = solver.tableauInvariantViolations()
                #expect(problems == [], "round \(round), step \(step)")
                if !problems.isEmpty { return }
            }
        }
    }
}
