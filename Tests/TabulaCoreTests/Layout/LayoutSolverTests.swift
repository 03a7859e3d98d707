import Foundation
import Testing
@testable import TabulaCore
import TabulaTestBasics

/// Reports collected from a solver (its hook is `@Sendable`).
private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func add(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}

private func expr(_ terms: [(LayoutVariable, Double)], _ constant: Double = 0) -> LinearExpression {
    var e = LinearExpression(constant)
    for (v, c) in terms { e.add(v, times: c) }
    return e
}

/// How badly `constraint` is violated at `value`.
private func violation(_ constraint: LayoutConstraint, _ value: (LayoutVariable) -> Double) -> Double {
    let e = constraint.expression.evaluate(value)
    switch constraint.relation {
    case .equal: return abs(e)
    case .lessThanOrEqual: return max(0, e)
    case .greaterThanOrEqual: return max(0, -e)
    }
}

/// Cassowary's objective: the weighted violations of the optional constraints.
private func cost(_ constraints: [LayoutConstraint], _ value: (LayoutVariable) -> Double) -> Double {
    constraints.filter { !$0.isRequired }.reduce(0) { $0 + LayoutSolver.weight($1.priority) * violation($1, value) }
}

/// How far two costs may differ by rounding: a violation of 10⁻¹² points at every weight.
/// (A wrong vertex differs by at least 10⁻² points at weight ≥ 1 with these coefficients.)
private func tolerance(_ constraints: [LayoutConstraint], _ best: Double) -> Double {
    1e-12 * constraints.filter { !$0.isRequired }.reduce(0) { $0 + LayoutSolver.weight($1.priority) } + 1e-9 * best
}

/// The least cost over the points where two constraint lines cross (with a bounding box,
/// a piecewise linear convex cost over a polygon is least at such a vertex), among the
/// points that satisfy every required constraint; nil when none does.
private func bruteForce(_ constraints: [LayoutConstraint], x: LayoutVariable, y: LayoutVariable) -> Double? {
    let lines = constraints.map { c in
        (a: c.expression.terms[x] ?? 0, b: c.expression.terms[y] ?? 0, c: c.expression.constant)
    }
    var best: Double?
    for i in lines.indices {
        for j in lines.indices where j > i {
            let (a1, b1, c1) = lines[i], (a2, b2, c2) = lines[j]
            let det = a1 * b2 - a2 * b1
            guard abs(det) > 1e-9 else { continue }
            let px = (-c1 * b2 + c2 * b1) / det, py = (-a1 * c2 + a2 * c1) / det
            let value: (LayoutVariable) -> Double = { $0 == x ? px : py }
            guard constraints.filter(\.isRequired).allSatisfy({ violation($0, value) < 1e-6 }) else { continue }
            let c = cost(constraints, value)
            best = min(best ?? c, c)
        }
    }
    return best
}

/// A box of ±100 around x and y (which keeps every optimum at a vertex) and `count`
/// random constraints over them at `priorities`.
private func randomSystem(_ x: LayoutVariable, _ y: LayoutVariable, count: ClosedRange<Int>, priorities: [Float],
                          using random: inout SeededRandom) -> [LayoutConstraint] {
    var constraints = [
        LayoutConstraint(expr([(x, 1)], 100), .greaterThanOrEqual), LayoutConstraint(expr([(x, 1)], -100), .lessThanOrEqual),
        LayoutConstraint(expr([(y, 1)], 100), .greaterThanOrEqual), LayoutConstraint(expr([(y, 1)], -100), .lessThanOrEqual),
    ]
    for _ in 0 ..< Int.random(in: count, using: &random) {
        let a = Double(Int.random(in: -3 ... 3, using: &random)), b = Double(Int.random(in: -3 ... 3, using: &random))
        guard a != 0 || b != 0 else { continue }
        let relation: LayoutConstraint.Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &random)!
        constraints.append(LayoutConstraint(expr([(x, a), (y, b)], Double(Int.random(in: -50 ... 50, using: &random))),
                                            relation, priority: priorities.randomElement(using: &random)!))
    }
    return constraints
}

@Suite("LayoutSolver: Cassowary's incremental simplex, checked against brute force")
struct LayoutSolverTests {
    @Test("required equalities and inequalities hold; an optional preference is met as far as they allow")
    func basics() {
        var solver = LayoutSolver()
        let left = solver.makeVariable("left"), width = solver.makeVariable("width")
        solver.add(LayoutConstraint(expr([(left, 1)], -20), .equal))                    // left == 20
        solver.add(LayoutConstraint(expr([(width, 1)], -100), .greaterThanOrEqual))     // width >= 100
        solver.add(LayoutConstraint(expr([(left, 1), (width, 1)], -300), .lessThanOrEqual)) // right <= 300
        solver.add(LayoutConstraint(expr([(width, 1)], -500), .equal, priority: 750))  // width == 500, high
        #expect(solver.value(of: left) == 20)
        #expect(solver.value(of: width) == 280, "as wide as the required right edge allows")
        #expect(solver.ambiguousVariables() == [])
    }

    @Test("a higher priority wins over a lower one; removing it lets the lower one hold")
    func priorities() {
        var solver = LayoutSolver()
        let w = solver.makeVariable("w")
        solver.add(LayoutConstraint(expr([(w, 1)], -50), .equal, priority: 250))
        let high = solver.add(LayoutConstraint(expr([(w, 1)], -80), .equal, priority: 750))
        #expect(solver.value(of: w) == 80)
        solver.remove(high)
        #expect(solver.value(of: w) == 50)
        #expect(!solver.contains(high))
    }

    @Test("an edit variable follows suggested values frame after frame, within the required limits")
    func editVariables() {
        var solver = LayoutSolver()
        let x = solver.makeVariable("x"), mid = solver.makeVariable("mid")
        solver.add(LayoutConstraint(expr([(x, 1)]), .greaterThanOrEqual))                 // x >= 0
        solver.add(LayoutConstraint(expr([(x, 1)], -100), .lessThanOrEqual))              // x <= 100
        solver.add(LayoutConstraint(expr([(mid, 2), (x, -1)], -100), .equal))             // mid = (x + 100) / 2
        solver.addEditVariable(x, priority: 999)
        for value in [10.0, 60, 150, -30, 42] {
            solver.suggestValue(x, value)
            let expected = min(max(value, 0), 100)
            #expect(abs(solver.value(of: x) - expected) < 1e-9, "x at \(value)")
            #expect(abs(solver.value(of: mid) - (expected + 100) / 2) < 1e-9)
        }
        solver.removeEditVariable(x)
        solver.add(LayoutConstraint(expr([(x, 1)], -7), .equal))
        #expect(solver.value(of: x) == 7)
    }

    @Test("conflicting required constraints: one is broken and reported with the constraints it conflicts with")
    func unsatisfiable() {
        let reports = Reports()
        var solver = LayoutSolver()
        solver.onUnsatisfiable = { message, _, _ in reports.add(message) }
        let w = solver.makeVariable("button.width"), other = solver.makeVariable("label.width")
        solver.add(LayoutConstraint(expr([(other, 1)], -10), .equal, label: "label.width == 10"))
        solver.add(LayoutConstraint(expr([(w, 1)], -100), .equal, label: "button.width == 100"))
        solver.add(LayoutConstraint(expr([(w, 1)], -40), .equal, label: "button.width == 40"))
        #expect(reports.all.count == 1)
        let message = reports.all.first ?? ""
        #expect(message.hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(message.contains("button.width == 100") && message.contains("button.width == 40"))
        #expect(!message.contains("label.width == 10"), "only the constraints in the conflict are listed")
        #expect(solver.value(of: w) == 100, "the broken one gives way")
        #expect(solver.value(of: other) == 10)
    }

    @Test("a conflicting required constraint that goes through phase one is broken without holding anyway")
    func brokenAfterPhaseOne() {
        let reports = Reports()
        var solver = LayoutSolver()
        solver.onUnsatisfiable = { message, _, _ in reports.add(message) }
        let x = solver.makeVariable("x"), y = solver.makeVariable("y")
        solver.add(LayoutConstraint(expr([(y, 1)], -16), .greaterThanOrEqual))                 // y >= 16
        solver.add(LayoutConstraint(expr([(y, 1), (x, -3)], -23), .lessThanOrEqual))          // y <= 23 + 3x
        solver.add(LayoutConstraint(expr([(x, 1), (y, 1)], -100), .lessThanOrEqual))          // x + y <= 100
        solver.add(LayoutConstraint(expr([(x, 1)], -5), .equal, priority: 500))
        solver.add(LayoutConstraint(expr([(y, 1)], -30), .equal, priority: 250))
        // x is basic in slacks only here: the row has no subject and needs an artificial variable.
        solver.add(LayoutConstraint(expr([(x, 1)], 21), .equal, label: "x == -21"))
        #expect(reports.all.count == 1)
        #expect(solver.value(of: y) >= 16 - 1e-9, "the required bound still holds")
        #expect(solver.value(of: y) - 3 * solver.value(of: x) <= 23 + 1e-9)
        #expect(abs(solver.value(of: x) + 7.0 / 3) < 1e-9, "x as near -21 as the required constraints allow")
        #expect(abs(solver.value(of: y) - 16) < 1e-9)
    }

    @Test("an unconstrained or half-constrained variable is ambiguous")
    func ambiguity() {
        var solver = LayoutSolver()
        let a = solver.makeVariable("a"), b = solver.makeVariable("b")
        solver.add(LayoutConstraint(expr([(a, 1)], -10), .greaterThanOrEqual))   // a >= 10: free above
        solver.add(LayoutConstraint(expr([(b, 1)], -3), .equal))                 // b == 3
        #expect(solver.ambiguousVariables() == [a])
        solver.add(LayoutConstraint(expr([(a, 1)], -12), .equal, priority: 1))
        #expect(solver.ambiguousVariables() == [])
        #expect(solver.value(of: a) == 12)
    }

    @Test("random systems of two variables match a brute-force search of every vertex", arguments: 0 ..< 4)
    func againstBruteForce(batch: Int) {
        var random = SeededRandom(seed: UInt64(1_000 + batch))
        var checked = 0, failures: [String] = []
        for round in 0 ..< 500 {
            var solver = LayoutSolver()
            let x = solver.makeVariable("x"), y = solver.makeVariable("y")
            solver.onUnsatisfiable = { _, _, _ in }
            let constraints = randomSystem(x, y, count: 1 ... 6, priorities: [1000, 1000, 999, 750, 500, 250, 1], using: &random)
            // Added in a random order, some removed and added again: the result must not depend on it.
            var handles: [Int] = []
            for c in constraints.shuffled(using: &random) { handles.append(solver.add(c)) }
            let requiredHold = constraints.filter(\.isRequired)
            guard let best = bruteForce(constraints, x: x, y: y) else { continue } // required ones conflict
            let value: (LayoutVariable) -> Double = { solver.value(of: $0) }
            if !requiredHold.allSatisfy({ violation($0, value) < 1e-6 }) {
                failures.append("round \(round): a required constraint fails at (\(value(x)), \(value(y)))")
                continue
            }
            let found = cost(constraints, value)
            if abs(found - best) > tolerance(constraints, best) {
                failures.append("round \(round): cost \(found), brute force \(best); \(constraints)")
            }
            checked += 1
        }
        #expect(checked > 250)
        #expect(failures.prefix(3) == [], "\(failures.count) failures of \(checked)")
    }

    @Test("removing constraints in any order leaves the same solution as building without them")
    func removalMatchesRebuild() {
        var random = SeededRandom(seed: 77)
        for round in 0 ..< 300 {
            var full = LayoutSolver(), fresh = LayoutSolver()
            let x = full.makeVariable("x"), y = full.makeVariable("y")
            _ = (fresh.makeVariable("x"), fresh.makeVariable("y"))
            var constraints: [LayoutConstraint] = [
                LayoutConstraint(expr([(x, 1)], -10), .equal, priority: 1), LayoutConstraint(expr([(y, 1)], -20), .equal, priority: 1),
            ]
            for _ in 0 ..< 4 {
                let a = Double(Int.random(in: -2 ... 2, using: &random)), b = Double(Int.random(in: -2 ... 2, using: &random))
                constraints.append(LayoutConstraint(expr([(x, a), (y, b)], Double(Int.random(in: -30 ... 30, using: &random))),
                                                    .greaterThanOrEqual, priority: [500, 750, 999].randomElement(using: &random)!))
            }
            let handles = constraints.map { full.add($0) }
            let removed = Set(handles.indices.filter { _ in Bool.random(using: &random) })
            for i in removed.shuffled(using: &random) { full.remove(handles[i]) }
            for (i, c) in constraints.enumerated() where !removed.contains(i) { fresh.add(c) }
            let kept = constraints.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
            let a = cost(kept) { full.value(of: $0) }, b = cost(kept) { fresh.value(of: $0) }
            #expect(abs(a - b) <= tolerance(kept, b), "round \(round): \(a) vs \(b)")
        }
    }

    @Test("changing constants in place matches a brute-force search of the changed system, or says it cannot hold",
          arguments: 0 ..< 3)
    func setConstantMatchesBruteForce(batch: Int) {
        var random = SeededRandom(seed: UInt64(5_000 + batch))
        var checked = 0, refused = 0, failures: [String] = []
        for round in 0 ..< 400 {
            var solver = LayoutSolver()
            let x = solver.makeVariable("x"), y = solver.makeVariable("y")
            solver.onUnsatisfiable = { _, _, _ in }
            var constraints = randomSystem(x, y, count: 1 ... 5, priorities: [1000, 1000, 999, 750, 250, 1], using: &random)
            // Only systems whose required constraints hold at first: a broken one is kept at 999.
            guard bruteForce(constraints, x: x, y: y) != nil else { continue }
            let handles = constraints.map { solver.add($0) }
            // Several rounds of changes to the added constraints (not the box).
            var holds = true
            for _ in 0 ..< 3 where holds {
                for i in (4 ..< constraints.count).filter({ _ in Bool.random(using: &random) }) where holds {
                    constraints[i].expression.constant = Double(Int.random(in: -50 ... 50, using: &random))
                    holds = solver.setConstant(handles[i], constraints[i].expression.constant)
                }
                guard holds else { break }
                let value: (LayoutVariable) -> Double = { solver.value(of: $0) }
                guard let best = bruteForce(constraints, x: x, y: y) else {
                    failures.append("round \(round): setConstant kept a system whose required constraints conflict")
                    break
                }
                if !constraints.filter(\.isRequired).allSatisfy({ violation($0, value) < 1e-6 }) {
                    failures.append("round \(round): a required constraint fails at (\(value(x)), \(value(y)))")
                } else if abs(cost(constraints, value) - best) > tolerance(constraints, best) {
                    failures.append("round \(round): cost \(cost(constraints, value)), brute force \(best); \(constraints)")
                }
                checked += 1
            }
            if !holds {
                refused += 1
                if bruteForce(constraints, x: x, y: y) != nil {
                    failures.append("round \(round): setConstant refused a system that can hold: \(constraints)")
                }
            }
        }
        #expect(checked > 300)
        #expect(refused > 0, "no round exercised a change that makes the required constraints conflict")
        #expect(failures.prefix(3) == [], "\(failures.count) failures of \(checked)")
    }

    /// `count` views in a row from 8: `left[i] == left[i − 1] + width[i − 1] + 8`, `width[i] == 40`.
    private func chain(_ count: Int) -> (solver: LayoutSolver, lefts: [LayoutVariable], widths: [LayoutVariable],
                                          links: [Int], sizes: [Int]) {
        var solver = LayoutSolver()
        let origin = solver.makeVariable("origin")
        solver.add(LayoutConstraint(expr([(origin, 1)]), .equal))
        var lefts: [LayoutVariable] = [], widths: [LayoutVariable] = [], links: [Int] = [], sizes: [Int] = []
        for i in 0 ..< count {
            let left = solver.makeVariable("left\(i)"), width = solver.makeVariable("width\(i)")
            let before: [(LayoutVariable, Double)] = i == 0 ? [(origin, -1)] : [(lefts[i - 1], -1), (widths[i - 1], -1)]
            links.append(solver.add(LayoutConstraint(expr([(left, 1)] + before, -8), .equal)))
            sizes.append(solver.add(LayoutConstraint(expr([(width, 1)], -40), .equal)))
            lefts.append(left)
            widths.append(width)
        }
        return (solver, lefts, widths, links, sizes)
    }

    @Test("a chain of 3,000 links: every position, then a changed constant, a removed width and a replaced link",
          arguments: [200, 3_000])
    func longChain(count: Int) {
        let made = chain(count)
        var solver = made.solver
        let (lefts, widths, links, sizes) = (made.lefts, made.widths, made.links, made.sizes)
        let wrong = lefts.indices.filter { solver.value(of: lefts[$0]) != Double(8 + 48 * $0) }
        #expect(wrong.isEmpty, "\(wrong.count) positions wrong, the first \(wrong.first ?? -1)")
        let half = count / 2, quarter = count / 4, last = lefts[count - 1]
        // A link 20 long instead of 8: the views after it move 12.
        let held = solver.setConstant(links[half], -20)
        #expect(held)
        #expect(solver.value(of: lefts[half - 1]) == Double(8 + 48 * (half - 1)))
        #expect(solver.value(of: lefts[half]) == Double(8 + 48 * half + 12))
        #expect(solver.value(of: last) == Double(8 + 48 * (count - 1) + 12))
        // The required width removed, an optional one of 25 holds: the views after it close up by 15.
        solver.add(LayoutConstraint(expr([(widths[half], 1)], -25), .equal, priority: 250))
        solver.remove(sizes[half])
        #expect(solver.value(of: widths[half]) == 25)
        #expect(solver.value(of: last) == Double(8 + 48 * (count - 1) + 12 - 15))
        // A link replaced by one 100 long: the views after it move 92 more.
        solver.remove(links[quarter])
        solver.add(LayoutConstraint(expr([(lefts[quarter], 1), (lefts[quarter - 1], -1), (widths[quarter - 1], -1)], -100), .equal))
        #expect(solver.value(of: lefts[quarter - 1]) == Double(8 + 48 * (quarter - 1)))
        #expect(solver.value(of: lefts[quarter]) == Double(8 + 48 * quarter + 92))
        #expect(solver.value(of: last) == Double(8 + 48 * (count - 1) + 12 - 15 + 92))
        #expect(solver.ambiguousVariables() == [])
        if count <= 200 { #expect(solver.tableauInvariantViolations() == []) }
    }

    @Test("a link removed from a chain leaves the views after it free, and says so")
    func removedLinkIsAmbiguous() {
        let made = chain(50)
        var solver = made.solver
        let (lefts, links) = (made.lefts, made.links)
        solver.remove(links[20])
        #expect(solver.ambiguousVariables() == Array(lefts[20...]))
        #expect(solver.value(of: lefts[19]) == Double(8 + 48 * 19))
        let gaps = (21 ..< 50).map { solver.value(of: lefts[$0]) - solver.value(of: lefts[$0 - 1]) }
        #expect(gaps.allSatisfy { $0 == 48 }, "the views after it still follow one another")
        #expect(solver.tableauInvariantViolations() == [])
    }

    @Test("a chain built with its middle link missing, then anchored: every position, and rows defined from its tail")
    func chainAnchoredLast() {
        // The order of a system built anew after a link was replaced: the replacement comes
        // last, so the tail is built free (each row substituted into the ones before it)
        // and then anchored, which leaves its rows to be settled when next referred to.
        var solver = LayoutSolver()
        let origin = solver.makeVariable("origin")
        solver.add(LayoutConstraint(expr([(origin, 1)]), .equal))
        var lefts: [LayoutVariable] = [], widths: [LayoutVariable] = []
        let count = 60, missing = 25
        for i in 0 ..< count {
            let left = solver.makeVariable("left\(i)"), width = solver.makeVariable("width\(i)")
            if i != missing {
                let before: [(LayoutVariable, Double)] = i == 0 ? [(origin, -1)] : [(lefts[i - 1], -1), (widths[i - 1], -1)]
                solver.add(LayoutConstraint(expr([(left, 1)] + before, -8), .equal))
            }
            solver.add(LayoutConstraint(expr([(width, 1)], -40), .equal))
            lefts.append(left)
            widths.append(width)
        }
        #expect(solver.ambiguousVariables() == Array(lefts[missing...]))
        let anchor = solver.add(LayoutConstraint(expr([(lefts[missing], 1), (lefts[missing - 1], -1), (widths[missing - 1], -1)], -20),
                                                 .equal))
        let wrong = lefts.indices.filter { solver.value(of: lefts[$0]) != Double(8 + 48 * $0 + ($0 >= missing ? 12 : 0)) }
        #expect(wrong.isEmpty, "\(wrong.count) positions wrong, the first \(wrong.first ?? -1)")
        #expect(solver.tableauInvariantViolations() == [])
        // New variables defined from the tail's rows (settled on the way) and from its end.
        let marks = (0 ..< 4).map { solver.makeVariable("mark\($0)") }
        for (k, mark) in marks.enumerated() {
            let j = missing + 1 + 10 * k
            solver.add(LayoutConstraint(expr([(mark, 1), (lefts[j], -1), (widths[j], -0.5)]), .equal))
        }
        let next = solver.makeVariable("left\(count)")
        solver.add(LayoutConstraint(expr([(next, 1), (lefts[count - 1], -1), (widths[count - 1], -1)], -8), .equal))
        let expected = marks.indices.map { Double(8 + 48 * (missing + 1 + 10 * $0) + 12 + 20) }
        #expect(marks.map { solver.value(of: $0) } == expected)
        #expect(solver.value(of: next) == Double(8 + 48 * count + 12))
        #expect(solver.ambiguousVariables() == [])
        #expect(solver.tableauInvariantViolations() == [])
        // The anchoring link made 10 longer: the tail and what was defined from it follow.
        let held = solver.setConstant(anchor, -30)
        #expect(held)
        #expect(marks.map { solver.value(of: $0) } == expected.map { $0 + 10 })
        #expect(solver.value(of: next) == Double(8 + 48 * count + 22))
        #expect(solver.value(of: lefts[missing - 1]) == Double(8 + 48 * (missing - 1)))
    }
}
