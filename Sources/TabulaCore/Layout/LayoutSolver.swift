import Foundation

/// An incremental solver of linear constraints with priorities: Cassowary's dual simplex,
/// the algorithm of Auto Layout.
///
/// Required constraints (priority 1000) hold exactly; optional ones are satisfied as well
/// as the required ones allow, a higher priority weighing far more than a lower one
/// (weight 10^((p−1)/111): a 999 weighs a billion, a 250 a few hundred). Constraints are
/// added and removed without solving from scratch; edit variables (``addEditVariable(_:priority:)``,
/// ``suggestValue(_:_:)``) move a value that changes every frame with a dual
/// re-optimization of the rows it touches.
///
/// A required constraint that cannot hold with the others is never a crash: the solver
/// breaks it — keeps it at priority 999, so it holds as nearly as the others allow, as
/// UIKit does — and reports "Unable to simultaneously satisfy constraints" with the
/// constraints that conflict (the required constraints connected to it through shared
/// variables) to ``onUnsatisfiable``.
///
/// Tableau invariants (the simplex's): every row expresses its basic symbol in terms of
/// parametric symbols only; every row of a restricted symbol (slack, error, dummy) has a
/// constant ≥ 0 after each operation; the objective mentions no basic symbol.
public struct LayoutSolver: Sendable {
    /// Receives each unsatisfiable-constraints report: the message, the constraint that
    /// was broken, and the required constraints it conflicts with.
    public var onUnsatisfiable: @Sendable (String, LayoutConstraint, [LayoutConstraint]) -> Void = { message, _, _ in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    private typealias Symbol = LayoutSymbol
    private typealias Row = LayoutRow

    private struct Tag: Sendable {
        var marker: Symbol
        var other: Symbol?
    }

    private struct Edit: Sendable {
        var tag: Tag
        var constraint: Int
        var constant: Double
    }

    private var nextVariable = 0
    private var nextConstraint = 0
    private var constraints: [Int: (constraint: LayoutConstraint, tag: Tag, weight: Double)] = [:]
    /// The required constraints in ``constraints`` that mention each variable, so that
    /// ``conflicts(with:)`` visits what a broken constraint reaches, not every constraint
    /// once per step (2,000 conflicts among 10,000 constraints took seconds a pass).
    private var requiredByVariable: [LayoutVariable: Set<Int>] = [:]
    private var tableau = LayoutTableau()
    /// The symbol of each variable numbered 0 ... `nextVariable` (the ids ``makeVariable(_:)``
    /// hands out), indexed by id; nil for one in no constraint yet.
    private var symbolOfID: [Symbol?] = []
    /// The symbols of variables with other ids (made by `LayoutVariable.init`).
    private var otherSymbols: [LayoutVariable: Symbol] = [:]
    /// Every variable with a symbol, in the order they got one.
    private var variables: [(variable: LayoutVariable, symbol: Symbol)] = []
    /// Per symbol number: where its variable is in `variables`, −1 for a symbol of no variable.
    private var variableOfSymbol: [Int32] = []
    private var edits: [LayoutVariable: Edit] = [:]

    /// An empty system.
    public init() {}

    // MARK: Variables and constraints

    /// A new variable named `name`.
    public mutating func makeVariable(_ name: String) -> LayoutVariable {
        nextVariable += 1
        return LayoutVariable(id: nextVariable, name: name)
    }

    /// The weight of an optional priority in the objective.
    static func weight(_ priority: Float) -> Double { pow(10, (Double(min(max(priority, 1), 999)) - 1) / 111) }

    /// Adds `constraint` and re-solves what it touches; returns its handle for
    /// ``remove(_:)``. A required constraint that conflicts is broken (kept at 999) and reported.
    @discardableResult
    public mutating func add(_ constraint: LayoutConstraint) -> Int {
        nextConstraint += 1
        let id = nextConstraint
        if !insert(constraint, id: id) {
            var broken = constraint
            broken.priority = 999
            let conflicting = conflicts(with: constraint)
            let message = "Unable to simultaneously satisfy constraints.\n"
                + (conflicting + [constraint]).map { "    \($0)" }.joined(separator: "\n")
                + "\nWill attempt to recover by breaking constraint\n    \(constraint)"
            onUnsatisfiable(message, constraint, conflicting)
            _ = insert(broken, id: id)
        }
        return id
    }

    /// Removes a constraint added by ``add(_:)`` and re-solves what it held.
    public mutating func remove(_ handle: Int) {
        guard let (constraint, tag, weight) = constraints.removeValue(forKey: handle) else { return }
        if constraint.isRequired {
            for variable in constraint.expression.terms.keys { requiredByVariable[variable]?.remove(handle) }
        }
        removeEffects(tag.marker, weight)
        if let other = tag.other { removeEffects(other, weight) }
        if tableau.removeRow(tag.marker) == nil, let leaving = markerLeavingRow(tag.marker) {
            var row = tableau.removeRow(leaving)!
            row.solve(for: leaving, and: tag.marker)
            tableau.substitute(tag.marker, row)
        }
        // The other error symbol means nothing without its constraint: its row (a bound
        // the constraint no longer makes) or its column goes too, as in the original
        // Cassowary's removeColumn. Kept, it would go on bounding what it touches.
        if let other = tag.other, other.kind == .error, tableau.removeRow(other) == nil {
            tableau.removeColumn(other)
        }
        optimize(objective: true)
    }

    /// Whether `handle` names a constraint in the system.
    public func contains(_ handle: Int) -> Bool { constraints[handle] != nil }

    /// Makes `variable` editable at `priority` (below 1000): ``suggestValue(_:_:)`` then
    /// moves it, as strongly as `priority` says.
    public mutating func addEditVariable(_ variable: LayoutVariable, priority: Float) {
        guard edits[variable] == nil else { return }
        let handle = add(LayoutConstraint(LinearExpression(variable), .equal, priority: min(priority, 999),
                                          label: "edit \(variable.name)"))
        edits[variable] = Edit(tag: constraints[handle]!.tag, constraint: handle, constant: 0)
    }

    /// Stops `variable` being editable.
    public mutating func removeEditVariable(_ variable: LayoutVariable) {
        guard let edit = edits.removeValue(forKey: variable) else { return }
        remove(edit.constraint)
    }

    /// Asks that the edit variable `variable` be `value`, re-optimizing only the rows the
    /// change makes infeasible (Cassowary's dual simplex). Not an edit variable: ignored.
    public mutating func suggestValue(_ variable: LayoutVariable, _ value: Double) {
        guard var edit = edits[variable], value.isFinite else { return }
        let delta = value - edit.constant
        edit.constant = value
        edits[variable] = edit
        let marker = edit.tag.marker, other = edit.tag.other!
        if tableau.isBasic(marker) {
            if tableau.addToConstant(of: marker, -delta) < 0 { tableau.infeasible.append(marker) }
        } else if tableau.isBasic(other) {
            if tableau.addToConstant(of: other, delta) < 0 { tableau.infeasible.append(other) }
        } else {
            // Only the rows that mention the marker move.
            tableau.shiftConstants(ofRowsContaining: marker, by: delta)
        }
        dualOptimize()
    }

    /// Changes the constant of the constraint `handle` names (its expression's constant
    /// becomes `constant`) and re-solves only the rows the change makes infeasible — the
    /// dual simplex ``suggestValue(_:_:)`` uses, for any constraint: the change is absorbed
    /// by the constraint's marker symbol, whose column says how every row depends on it.
    /// Far cheaper than removing the constraint and adding it again.
    ///
    /// Returns false when the system can no longer hold every required constraint (or
    /// `constant` is not finite, or `handle` names nothing): the solution is then not
    /// meaningful and the caller builds the system anew, which breaks and reports the
    /// conflict as ``add(_:)`` does.
    @discardableResult
    public mutating func setConstant(_ handle: Int, _ constant: Double) -> Bool {
        guard var entry = constraints[handle], constant.isFinite else { return false }
        let delta = constant - entry.constraint.expression.constant
        guard delta != 0 else { return true }
        entry.constraint.expression.constant = constant
        constraints[handle] = entry
        // The marker's coefficient in the constraint's row as it was made (see insert):
        // renaming marker m to m + delta / c absorbs the new constant.
        let marker = entry.tag.marker
        let c: Double = switch (entry.constraint.relation, marker.kind) {
        case (.lessThanOrEqual, _): 1
        case (.greaterThanOrEqual, _): -1
        case (.equal, .error): -1
        case (.equal, _): 1
        }
        let shift = delta / c
        if tableau.isBasic(marker) {
            let value = tableau.addToConstant(of: marker, -shift)
            if marker.isDummy {
                // A redundant required equality: it still holds only if it still agrees.
                if abs(value) > 1e-8 { return false }
            } else if value < 0 {
                tableau.infeasible.append(marker)
            }
        } else {
            tableau.shiftConstants(ofRowsContaining: marker, by: shift)
            // A required equality that another repeats (a dummy's row mentions its marker)
            // no longer agrees with it: they cannot both hold.
            var disagrees = false
            if marker.isDummy {
                tableau.forEachRow(containing: marker) { symbol, constant, _ in
                    if symbol.isDummy && abs(constant) > 1e-8 { disagrees = true }
                }
            }
            if disagrees { return false }
        }
        return dualOptimize()
    }

    /// The value of `variable` in the current solution (0 for one in no constraint).
    public func value(of variable: LayoutVariable) -> Double {
        guard let symbol = existingSymbol(for: variable) else { return 0 }
        let value = tableau.constant(of: symbol) ?? 0
        return abs(value) < 1e-9 ? 0 : value
    }

    /// Whether the solver notes which variables' values change (``takeChangedVariables()``);
    /// off by default, as it costs a little on every change of a value.
    public var tracksChangedVariables: Bool {
        get { tableau.tracksChanges }
        set { tableau.tracksChanges = newValue }
    }

    /// The variables whose values may have changed since the last call (or since
    /// ``tracksChangedVariables`` was turned on), each once; the others have the values
    /// they had then. A variable may be listed whose value came back to where it was.
    ///
    /// - Complexity: O(k) for k variables listed: what the changes since cost, not the system.
    public mutating func takeChangedVariables() -> [LayoutVariable] {
        tableau.takeChangedExternals().compactMap { symbol in
            guard symbol.number < variableOfSymbol.count else { return nil }
            let index = Int(variableOfSymbol[symbol.number])
            return index >= 0 ? variables[index].variable : nil
        }
    }

    /// Whether any constraint added so far mentions `variable` (one that none mentions can
    /// take any value).
    public func isConstrained(_ variable: LayoutVariable) -> Bool { existingSymbol(for: variable) != nil }

    /// The variables the constraints leave free to take more than one value with the
    /// same satisfaction (UIKit's `hasAmbiguousLayout`, per variable).
    public func ambiguousVariables() -> [LayoutVariable] {
        var free = Set<Symbol>()
        let rows = tableau.allRows
        // Parametric symbols an optimum can move along at no cost.
        for cell in rows.flatMap(\.row.cells) where !tableau.isBasic(cell.symbol) && !cell.symbol.isDummy {
            if cell.symbol.isExternal || tableau.objective.coefficient(cell.symbol) == 0 { free.insert(cell.symbol) }
        }
        // The free symbols of each row's expansion, with their coefficients: its own, and
        // those of the rows it refers to (made before it, so already known).
        var freeTerms: [Symbol: [Symbol: Double]] = [:]
        for (basic, row) in rows {
            var terms: [Symbol: Double] = [:]
            for cell in row.cells {
                if free.contains(cell.symbol) {
                    terms[cell.symbol, default: 0] += cell.coefficient
                } else if let referred = freeTerms[cell.symbol] {
                    for (s, c) in referred { terms[s, default: 0] += c * cell.coefficient }
                }
            }
            terms = terms.filter { abs($0.value) >= LayoutRow.epsilon }
            if !terms.isEmpty { freeTerms[basic] = terms }
        }
        return variables.filter { _, symbol in free.contains(symbol) || freeTerms[symbol] != nil }
            .map(\.variable).sorted { $0.id < $1.id }
    }

    /// What breaks the tableau's invariants, for tests: empty when they hold.
    func tableauInvariantViolations() -> [String] { tableau.invariantViolations() }

    // MARK: The simplex

    /// Adds the constraint if it can hold; false (with the tableau as before, but for new
    /// variables) if it is required and cannot.
    private mutating func insert(_ constraint: LayoutConstraint, id: Int) -> Bool {
        let weight = Self.weight(constraint.priority)
        var row = Row(constraint.expression.constant)
        // In the variables' order, so that the sums round the same way every run.
        let terms = constraint.expression.terms.sorted(by: { $0.key.id < $1.key.id })
        let firstNew = tableau.symbolCount
        let symbols = terms.map { symbol(for: $0.key) }
        // A row for a new variable refers to the rows of the basic variables it mentions
        // rather than copying them (see LayoutTableau), when the simplex would choose the
        // new variable as its subject anyway: every other variable it mentions is basic
        // with a row that mentions no parametric variable (the oldest external symbol is
        // the subject, and new symbols are the newest).
        let referring = symbols.contains { $0.number >= firstNew }
            && symbols.allSatisfy { $0.number >= firstNew || tableau.isClosedBasic($0) }
        for (symbol, (_, c)) in zip(symbols, terms) {
            if referring, let value = tableau.constant(of: symbol) {
                row.insert(symbol, c)
                _ = row.add(value * c)
            } else if let basic = tableau.expandedRow(of: symbol) {
                row.insert(basic, c)
            } else {
                row.insert(symbol, c)
            }
        }
        var tag: Tag
        var errors: [Symbol] = []
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let c: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = tableau.makeSymbol(.slack)
            tag = Tag(marker: slack)
            row.insert(slack, c)
            if !constraint.isRequired {
                let error = tableau.makeSymbol(.error)
                tag.other = error
                row.insert(error, -c)
                errors.append(error)
            }
        case .equal:
            if !constraint.isRequired {
                let plus = tableau.makeSymbol(.error), minus = tableau.makeSymbol(.error)
                tag = Tag(marker: plus, other: minus)
                row.insert(plus, -1)
                row.insert(minus, 1)
                errors += [plus, minus]
            } else {
                let dummy = tableau.makeSymbol(.dummy)
                tag = Tag(marker: dummy)
                row.insert(dummy)
            }
        }
        if row.constant < 0 { row.reverseSign() }

        if referring {
            if let subject = row.oldest(where: { $0.symbol.isExternal && $0.symbol.number >= firstNew }) {
                // No row mentions a new symbol: nothing to substitute.
                for error in errors { tableau.objective.insert(error, weight) }
                row.solve(for: subject)
                tableau.addRow(row, basic: subject, referring: true)
                store(id, constraint, tag, weight)
                optimize(objective: true)
                return true
            }
            // The new variable's coefficient was too small to keep: the row as the simplex has it.
            row = tableau.expand(row)
        }
        var subject = chooseSubject(row, tag)
        if subject == nil && row.cells.allSatisfy({ $0.symbol.isDummy }) {
            guard abs(row.constant) < 1e-8 else { return false }
            subject = tag.marker
        }
        // Only now does the objective hear of the errors: a refused constraint leaves no trace.
        for error in errors { tableau.objective.insert(error, weight) }
        if let subject {
            row.solve(for: subject)
            tableau.substitute(subject, row)
            tableau.addRow(row, basic: subject)
        } else if !addWithArtificialVariable(row) {
            for error in errors { tableau.objective.insert(error, -weight) }
            return false
        }
        store(id, constraint, tag, weight)
        optimize(objective: true)
        return true
    }

    private mutating func symbol(for variable: LayoutVariable) -> Symbol {
        if let s = existingSymbol(for: variable) { return s }
        let s = tableau.makeSymbol(.external)
        if variable.id >= 0 && variable.id <= nextVariable {
            if symbolOfID.count <= variable.id { symbolOfID += Array(repeating: nil, count: nextVariable + 1 - symbolOfID.count) }
            symbolOfID[variable.id] = s
        } else {
            otherSymbols[variable] = s
        }
        if variableOfSymbol.count <= s.number {
            variableOfSymbol += repeatElement(-1, count: s.number + 1 - variableOfSymbol.count)
        }
        variableOfSymbol[s.number] = Int32(variables.count)
        variables.append((variable, s))
        return s
    }

    private func existingSymbol(for variable: LayoutVariable) -> Symbol? {
        if variable.id >= 0 && variable.id < symbolOfID.count, let s = symbolOfID[variable.id] { return s }
        return otherSymbols.isEmpty ? nil : otherSymbols[variable]
    }

    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        if let external = row.oldest(where: { $0.symbol.isExternal }) { return external }
        for symbol in [tag.marker, tag.other].compactMap({ $0 }) where symbol.isPivotable {
            if row.coefficient(symbol) < 0 { return symbol }
        }
        return nil
    }

    private mutating func addWithArtificialVariable(_ row: Row) -> Bool {
        let art = tableau.makeSymbol(.slack)
        tableau.addRow(row, basic: art)
        tableau.artificial = row
        optimize(objective: false)
        let success = abs(tableau.artificial!.constant) < 1e-8
        tableau.artificial = nil
        if var artRow = tableau.removeRow(art) {
            // Refused, the row goes with the symbols the constraint brought (while `art` is
            // basic, no other row mentions them). Pivoting a symbol in for `art` and then
            // dropping `art` would hold the constraint after all, as a required one, and
            // leave the rows it contradicts negative.
            if artRow.count == 0 || !success { return success }
            guard let entering = artRow.oldest(where: { $0.symbol.isPivotable }) else { return false }
            artRow.solve(for: art, and: entering)
            tableau.substitute(entering, artRow)
            tableau.addRow(artRow, basic: entering)
        }
        tableau.removeColumn(art)
        return success
    }

    /// Primal simplex on the objective (or the artificial row): pivots until no
    /// parametric symbol has a negative coefficient. Bland's rule (lowest id) keeps it from cycling.
    private mutating func optimize(objective useObjective: Bool) {
        while true {
            let target = useObjective ? tableau.objective : tableau.artificial!
            guard let entering = target.oldest(where: { !$0.symbol.isDummy && $0.coefficient < -1e-12 }) else { return }
            var best: Symbol?, ratio = Double.infinity
            tableau.forEachRow(containing: entering) { symbol, constant, c in
                guard !symbol.isExternal && c < 0 else { return }
                let r = -constant / c
                if r < ratio || (r == ratio && best.map { symbol < $0 } == true) { ratio = r; best = symbol }
            }
            guard let leaving = best else { return } // unbounded: cannot happen with error terms ≥ 0
            tableau.pivot(leaving: leaving, entering: entering)
        }
    }

    /// Pivots the infeasible rows (restricted symbols below zero) back to feasibility;
    /// false when one cannot be (the required constraints no longer hold together).
    @discardableResult
    private mutating func dualOptimize() -> Bool {
        var feasible = true
        while let leaving = tableau.infeasible.popLast() {
            guard let row = tableau.row(of: leaving), row.constant < 0 else { continue }
            var entering: Symbol?, ratio = Double.infinity
            for cell in row.cells where cell.coefficient > 0 && !cell.symbol.isDummy {
                let r = tableau.objective.coefficient(cell.symbol) / cell.coefficient
                if r < ratio || (r == ratio && entering.map { cell.symbol < $0 } == true) { ratio = r; entering = cell.symbol }
            }
            guard let entering else {
                if row.constant < -1e-8 { feasible = false }
                continue
            }
            tableau.pivot(leaving: leaving, entering: entering)
        }
        return feasible
    }

    private mutating func removeEffects(_ marker: Symbol, _ weight: Double) {
        guard marker.kind == .error else { return }
        if let row = tableau.row(of: marker) { tableau.objective.insert(row, -weight) } else { tableau.objective.insert(marker, -weight) }
    }

    /// The row `marker` (parametric) takes the place of the basic symbol of, to leave with
    /// it: Cassowary's rule — the restricted row with the least ratio where the marker's
    /// coefficient is negative (which keeps every row feasible), else where it is positive,
    /// else an external row — but a redundant required constraint's row comes first.
    ///
    /// That row (a dummy basic, in terms of other dummies only, constant 0) says the
    /// constraint repeats others; when it mentions the marker, the removed constraint is
    /// among them, and pivoting there hands its part to the repetition, moving no value.
    /// Pivoting elsewhere would substitute the marker into the dummy's row, leaving the
    /// repetition a basic dummy with a row of other symbols: free, no longer held.
    private mutating func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var r1 = Double.infinity, r2 = Double.infinity
        var first: Symbol?, second: Symbol?, repeated: Symbol?
        // Ties go to the lowest id, the last external to the highest: the order a walk
        // in id order would give, in whatever order the rows come.
        tableau.forEachRow(containing: marker) { symbol, constant, c in
            if symbol.isExternal {
                return
            } else if symbol.isDummy {
                if repeated.map({ symbol < $0 }) ?? true { repeated = symbol }
            } else if c < 0 {
                let r = -constant / c
                if r < r1 || (r == r1 && first.map { symbol < $0 } == true) { r1 = r; first = symbol }
            } else {
                let r = constant / c
                if r < r2 || (r == r2 && second.map { symbol < $0 } == true) { r2 = r; second = symbol }
            }
        }
        if let found = repeated ?? first ?? second { return found }
        // External rows mention the marker through their references too.
        return tableau.externalsMentioning(marker).max()
    }

    /// The required constraints connected to `constraint` through shared variables.
    private func conflicts(with constraint: LayoutConstraint) -> [LayoutConstraint] {
        var reached = Set(constraint.expression.terms.keys)
        var queue = Array(reached)
        var chosen = Set<Int>()
        while let variable = queue.popLast() {
            for id in requiredByVariable[variable] ?? [] where chosen.insert(id).inserted {
                for next in constraints[id]!.constraint.expression.terms.keys where reached.insert(next).inserted {
                    queue.append(next)
                }
            }
        }
        return chosen.sorted().map { constraints[$0]!.constraint }
    }

    /// Keeps `constraint` under `id`, indexed by its variables when it is required.
    private mutating func store(_ id: Int, _ constraint: LayoutConstraint, _ tag: Tag, _ weight: Double) {
        constraints[id] = (constraint, tag, weight)
        guard constraint.isRequired else { return }
        for variable in constraint.expression.terms.keys { requiredByVariable[variable, default: []].insert(id) }
    }
}
