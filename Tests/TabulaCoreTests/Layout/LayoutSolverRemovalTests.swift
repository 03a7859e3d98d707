import Testing
@testable import TabulaCore
import TabulaTestBasics

/// A random system, the constraints it removes, and the edit variables it moves.
private struct Scenario {
    var constraints: [LayoutConstraint] = []
    /// Indices into `constraints`, in the order they are removed.
    var removals: [Int] = []
    /// Edit variables (indices into the variables) at their priorities.
    var edits: [(variable: Int, priority: Float)] = []
    /// Suggestions made after each removal, then the last value each edit variable was given.
    var suggestions: [[(edit: Int, value: Double)]] = []
    var finalValues: [Double] = []
}

/// How badly `constraint` is violated at `value`.
private func violation(_ constraint: LayoutConstraint, _ value: (LayoutVariable) -> Double) -> Double {
    let e = constraint.expression.evaluate(value)
    return switch constraint.relation {
    case .equal: abs(e)
    case .lessThanOrEqual: max(0, e)
    case .greaterThanOrEqual: max(0, -e)
    }
}

@Suite("LayoutSolver: removing constraints leaves what solving the others afresh gives")
struct LayoutSolverRemovalTests {
    /// Four variables in a required box of ±100, each pulled to a random value at its own
    /// low priority (2 to 5, never removed); required constraints that all hold at one
    /// random point (so they never conflict, and no constraint is broken), optional ones
    /// anywhere; equalities and both inequalities over one to three variables.
    ///
    /// The pulls make the optimum unique: a priority p weighs α^(p−1) with α = 10^(1/111),
    /// whose powers up to the 110th are linearly independent over the rationals, and the
    /// pulls' are the only α¹…α⁴ in the objective, so no move of a variable costs nothing.
    private func scenario(_ variables: [LayoutVariable], using random: inout SeededRandom) -> Scenario {
        var s = Scenario()
        let point = variables.map { _ in Double(Int.random(in: -40 ... 40, using: &random)) }
        for v in variables {
            s.constraints.append(LayoutConstraint(LinearExpression(v) + LinearExpression(100), .greaterThanOrEqual))
            s.constraints.append(LayoutConstraint(LinearExpression(v) - LinearExpression(100), .lessThanOrEqual))
        }
        for (i, v) in variables.enumerated() {
            let target = Double(Int.random(in: -90 ... 90, using: &random))
            s.constraints.append(LayoutConstraint(LinearExpression(v) - LinearExpression(target), .equal, priority: Float(2 + i)))
        }
        let pulls = 2 * variables.count ..< 3 * variables.count
        for _ in 0 ..< Int.random(in: 3 ... 12, using: &random) {
            var e = LinearExpression(0)
            for v in variables.shuffled(using: &random).prefix(Int.random(in: 1 ... 3, using: &random)) {
                let c = Double([-3, -2, -1, 1, 2, 3].randomElement(using: &random)!)
                e.add(v, times: c)
            }
            let relation: LayoutConstraint.Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &random)!
            let priority: Float = [1000, 1000, 999, 750, 500, 250, 1].randomElement(using: &random)!
            if priority == 1000 {
                let atPoint = e.evaluate { v in point[variables.firstIndex(of: v)!] }
                let room = Double(Int.random(in: 0 ... 20, using: &random))
                e.constant = switch relation {
                case .equal: -atPoint
                case .lessThanOrEqual: -atPoint - room
                case .greaterThanOrEqual: -atPoint + room
                }
            } else {
                e.constant = Double(Int.random(in: -60 ... 60, using: &random))
            }
            s.constraints.append(LayoutConstraint(e, relation, priority: priority))
        }
        s.removals = Array(s.constraints.indices.filter { !pulls.contains($0) && Int.random(in: 0 ..< 3, using: &random) == 0 }
            .shuffled(using: &random))
        for i in variables.indices.shuffled(using: &random).prefix(Int.random(in: 0 ... 2, using: &random)) {
            s.edits.append((i, [999, 750, 250].randomElement(using: &random)!))
        }
        s.finalValues = s.edits.map { _ in Double(Int.random(in: -120 ... 120, using: &random)) }
        for _ in 0 ... s.removals.count {
            s.suggestions.append(s.edits.indices.filter { _ in Bool.random(using: &random) }.map { edit in
                (edit, Double(Int.random(in: -120 ... 120, using: &random)))
            })
        }
        return s
    }

    @Test("random systems with edit variables: constraints removed in random order, values suggested between removals",
          arguments: 0 ..< 4)
    func removalMatchesSolvingAfresh(batch: Int) {
        var random = SeededRandom(seed: UInt64(31_000 + batch))
        var failures: [String] = []
        var compared = 0
        for round in 0 ..< 150 {
            var kept = LayoutSolver(), fresh = LayoutSolver()
            kept.onUnsatisfiable = { _, _, _ in }
            fresh.onUnsatisfiable = { _, _, _ in }
            let variables = (0 ..< 4).map { kept.makeVariable("v\($0)") }
            _ = variables.map { fresh.makeVariable($0.name) }
            let s = scenario(variables, using: &random)

            // The kept solver: everything added, edit variables moved, then the removals,
            // with new suggestions between them.
            var handles: [Int] = []
            for c in s.constraints { handles.append(kept.add(c)) }
            for (v, p) in s.edits { kept.addEditVariable(variables[v], priority: p) }
            for (step, removal) in ([nil] + s.removals.map(Optional.some)).enumerated() {
                if let removal { kept.remove(handles[removal]) }
                for (edit, value) in s.suggestions[step] { kept.suggestValue(variables[s.edits[edit].variable], value) }
            }
            for (edit, value) in s.finalValues.enumerated() { kept.suggestValue(variables[s.edits[edit].variable], value) }

            // The fresh one: only what remains, in the same order.
            let removed = Set(s.removals)
            let remaining = s.constraints.indices.filter { !removed.contains($0) }.map { s.constraints[$0] }
            for c in remaining { fresh.add(c) }
            for (v, p) in s.edits { fresh.addEditVariable(variables[v], priority: p) }
            for (edit, value) in s.finalValues.enumerated() { fresh.suggestValue(variables[s.edits[edit].variable], value) }

            // Both must hold every required constraint and reach the same least cost, the edit
            // variables' pull included, at the same point (the optimum is unique).
            let wanted = remaining + s.edits.enumerated().map { edit, e in
                LayoutConstraint(LinearExpression(variables[e.variable]) - LinearExpression(s.finalValues[edit]), .equal,
                                 priority: e.priority)
            }
            func cost(_ solver: LayoutSolver) -> Double {
                wanted.filter { !$0.isRequired }
                    .reduce(0) { $0 + LayoutSolver.weight($1.priority) * violation($1, { solver.value(of: $0) }) }
            }
            let weights = wanted.filter { !$0.isRequired }.reduce(0) { $0 + LayoutSolver.weight($1.priority) }
            let a = cost(kept), b = cost(fresh)
            if let bad = remaining.first(where: { $0.isRequired && violation($0, { kept.value(of: $0) }) > 1e-6 }) {
                failures.append("round \(round): required \(bad) fails after removals")
            } else if abs(a - b) > 1e-9 * weights + 1e-9 * b {
                failures.append("round \(round): cost \(a) after removals, \(b) afresh; \(s.constraints), removed \(s.removals)")
            } else {
                let differing = variables.filter { abs(kept.value(of: $0) - fresh.value(of: $0)) > 1e-6 }
                if !differing.isEmpty {
                    failures.append("round \(round): \(differing.map(\.name)) differ from a fresh solve: "
                        + "\(variables.map { kept.value(of: $0) }) against \(variables.map { fresh.value(of: $0) })")
                }
            }
            let problems = kept.tableauInvariantViolations()
            if !problems.isEmpty { failures.append("round \(round): \(problems.prefix(2))") }
            compared += 1
        }
        #expect(failures.prefix(3) == [], "\(failures.count) failures of \(compared)")
    }

    @Test("every constraint of a random system but the pulls removed one by one, in random order, each step matching a fresh solve")
    func removingEverything() {
        var random = SeededRandom(seed: 31_999)
        for round in 0 ..< 60 {
            var kept = LayoutSolver()
            kept.onUnsatisfiable = { _, _, _ in }
            let variables = (0 ..< 4).map { kept.makeVariable("v\($0)") }
            let s = scenario(variables, using: &random)
            let handles = s.constraints.map { kept.add($0) }
            var remaining = Set(s.constraints.indices)
            for i in s.constraints.indices.shuffled(using: &random) where !(2 ... 5).contains(s.constraints[i].priority) {
                kept.remove(handles[i])
                remaining.remove(i)
                var fresh = LayoutSolver()
                fresh.onUnsatisfiable = { _, _, _ in }
                _ = variables.map { fresh.makeVariable($0.name) }
                for j in remaining.sorted() { fresh.add(s.constraints[j]) }
                let still = remaining.sorted().map { s.constraints[$0] }
                func cost(_ solver: LayoutSolver) -> Double {
                    still.filter { !$0.isRequired }
                        .reduce(0) { $0 + LayoutSolver.weight($1.priority) * violation($1, { solver.value(of: $0) }) }
                }
                let weights = still.filter { !$0.isRequired }.reduce(0) { $0 + LayoutSolver.weight($1.priority) }
                let ok = still.allSatisfy { !$0.isRequired || violation($0, { kept.value(of: $0) }) <= 1e-6 }
                    && abs(cost(kept) - cost(fresh)) <= 1e-9 * weights + 1e-9 * cost(fresh)
                    && variables.allSatisfy { abs(kept.value(of: $0) - fresh.value(of: $0)) <= 1e-6 }
                #expect(ok, "round \(round), \(remaining.count) left")
                #expect(kept.tableauInvariantViolations() == [])
                if !ok { return }
            }
            // Only the pulls left: each variable at its target.
            let targets = s.constraints.filter { (2 ... 5).contains($0.priority) }.map { -$0.expression.constant }
            #expect(zip(variables, targets).allSatisfy { abs(kept.value(of: $0) - $1) <= 1e-9 }, "round \(round)")
            #expect(kept.tableauInvariantViolations() == [])
        }
    }

    @Test("a required equality repeated: either removed, the other still holds; changed so they disagree, refused")
    func repeatedEquality() {
        for removeFirst in [true, false] {
            var solver = LayoutSolver()
            solver.onUnsatisfiable = { _, _, _ in }
            let x = solver.makeVariable("x"), y = solver.makeVariable("y")
            // Optional pulls elsewhere, and a bound, so that the rows of x hold errors and slacks
            // the removal could pivot on.
            solver.add(LayoutConstraint(LinearExpression(x) + LinearExpression(27), .equal, priority: 5))
            solver.add(LayoutConstraint(LinearExpression(x) * 3 + LinearExpression(41), .greaterThanOrEqual, priority: 500))
            solver.add(LayoutConstraint(LinearExpression(y) + LinearExpression(x) * 2 - LinearExpression(22), .greaterThanOrEqual,
                                        priority: 750))
            solver.add(LayoutConstraint(LinearExpression(y) - LinearExpression(9), .equal, priority: 4))
            let first = solver.add(LayoutConstraint(LinearExpression(x) * 2 - LinearExpression(54), .equal))
            let second = solver.add(LayoutConstraint(LinearExpression(x) * 2 - LinearExpression(54), .equal))
            #expect(solver.value(of: x) == 27)
            solver.remove(removeFirst ? first : second)
            #expect(abs(solver.value(of: x) - 27) < 1e-9, "the repetition holds x (the \(removeFirst ? "first" : "second") removed)")
            #expect(solver.tableauInvariantViolations() == [])
            let kept = removeFirst ? second : first
            let moved = solver.setConstant(kept, -60)
            #expect(moved)
            #expect(abs(solver.value(of: x) - 30) < 1e-9, "alone, it moves x")
        }
        // Either way from the value they agree on.
        for constant in [-60.0, -50] {
            var solver = LayoutSolver()
            let x = solver.makeVariable("x")
            let first = solver.add(LayoutConstraint(LinearExpression(x) * 2 - LinearExpression(54), .equal))
            let second = solver.add(LayoutConstraint(LinearExpression(x) - LinearExpression(27), .equal))
            let agreed = solver.setConstant(first, constant)
            #expect(!agreed, "x == \(-constant / 2) and x == 27 cannot both hold")
            #expect(solver.contains(second))
        }
    }
}
