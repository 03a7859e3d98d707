import Foundation

/// A linear constraint of a ``LayoutSolver``: `expression relation 0`, at a priority.
public struct LayoutConstraint: Sendable, Equatable, CustomStringConvertible {
    /// How the expression compares with zero.
    public enum Relation: Sendable, Equatable {
        /// `expression == 0`.
        case equal
        /// `expression <= 0`.
        case lessThanOrEqual
        /// `expression >= 0`.
        case greaterThanOrEqual
    }

    /// The left-hand side; the right-hand side is 0.
    public var expression: LinearExpression
    /// How it compares with 0.
    public var relation: Relation
    /// UIKit's priority: 1000 is required, 1–999 optional (higher wins).
    public var priority: Float
    /// What to call it in a report (UIKit's constraint `identifier`, or its description).
    public var label: String

    /// `expression relation 0` at `priority`, called `label` in reports.
    public init(_ expression: LinearExpression, _ relation: Relation, priority: Float = 1000, label: String = "") {
        self.expression = expression
        self.relation = relation
        self.priority = priority
        self.label = label
    }

    /// Whether it must hold (priority 1000).
    public var isRequired: Bool { priority >= 1000 }

    /// `label: expression == 0 @priority`.
    public var description: String {
        let op = switch relation { case .equal: "=="; case .lessThanOrEqual: "<="; case .greaterThanOrEqual: ">=" }
        let head = label.isEmpty ? "" : "\(label): "
        return head + "\(expression) \(op) 0" + (isRequired ? "" : " @\(Int(priority))")
    }
}

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

    private enum Kind: Sendable { case external, slack, error, dummy }
    private struct Symbol: Hashable, Sendable, Comparable {
        let id: Int
        let kind: Kind
        static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
        /// Ids are unique, so equality and hashing need only the id: one word hashed, not two fields.
        static func == (a: Symbol, b: Symbol) -> Bool { a.id == b.id }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// A row: `basic = constant + Σ coefficient · symbol`.
    private struct Row: Sendable {
        var constant: Double
        var cells: [Symbol: Double] = [:]

        init(_ constant: Double = 0) { self.constant = constant }

        mutating func add(_ value: Double) -> Double {
            constant += value
            return constant
        }

        mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
            let c = (cells[symbol] ?? 0) + coefficient
            cells[symbol] = abs(c) < 1e-9 ? nil : c
        }

        mutating func insert(_ row: Row, _ coefficient: Double = 1) {
            constant += row.constant * coefficient
            for (s, c) in row.cells { insert(s, c * coefficient) }
        }

        mutating func reverseSign() {
            constant = -constant
            for s in cells.keys { cells[s] = -cells[s]! }
        }

        /// From `0 = constant + c·symbol + rest` to `symbol = (constant + rest) / −c`.
        mutating func solve(for symbol: Symbol) {
            let c = -cells.removeValue(forKey: symbol)!
            constant /= c
            for s in cells.keys { cells[s] = cells[s]! / c }
        }

        /// From `lhs = … + c·rhs + …` to `rhs = …`.
        mutating func solve(for lhs: Symbol, and rhs: Symbol) {
            insert(lhs, -1)
            solve(for: rhs)
        }

        func coefficient(_ symbol: Symbol) -> Double { cells[symbol] ?? 0 }

        mutating func substitute(_ symbol: Symbol, _ row: Row) {
            guard let c = cells.removeValue(forKey: symbol) else { return }
            insert(row, c)
        }
    }

    private struct Tag: Sendable {
        var marker: Symbol
        var other: Symbol?
    }

    private struct Edit: Sendable {
        var tag: Tag
        var constraint: Int
        var constant: Double
    }

    private var nextSymbol = 0
    private var nextVariable = 0
    private var nextConstraint = 0
    private var constraints: [Int: (constraint: LayoutConstraint, tag: Tag, weight: Double)] = [:]
    private var rows: [Symbol: Row] = [:]
    private var symbols: [LayoutVariable: Symbol] = [:]
    private var edits: [LayoutVariable: Edit] = [:]
    private var infeasible: [Symbol] = []
    private var objective = Row()
    private var artificial: Row?

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
        _ = constraint
        removeEffects(tag.marker, weight)
        if let other = tag.other { removeEffects(other, weight) }
        if rows.removeValue(forKey: tag.marker) == nil, let leaving = markerLeavingRow(tag.marker) {
            var row = rows.removeValue(forKey: leaving)!
            row.solve(for: leaving, and: tag.marker)
            substitute(tag.marker, row)
        }
        // The other error symbol means nothing without its constraint: its row (a bound
        // the constraint no longer makes) or its column goes too, as in the original
        // Cassowary's removeColumn. Kept, it would go on bounding what it touches.
        if let other = tag.other, other.kind == .error, rows.removeValue(forKey: other) == nil {
            removeColumn(other)
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
        if var row = rows[marker] {
            if row.add(-delta) < 0 { infeasible.append(marker) }
            rows[marker] = row
        } else if var row = rows[other] {
            if row.add(delta) < 0 { infeasible.append(other) }
            rows[other] = row
        } else {
            var index = rows.startIndex
            while index != rows.endIndex {
                let c = rows.values[index].coefficient(marker)
                if c != 0 && rows.values[index].add(delta * c) < 0 && rows.keys[index].kind != .external {
                    infeasible.append(rows.keys[index])
                }
                index = rows.index(after: index)
            }
        }
        dualOptimize()
    }

    /// The value of `variable` in the current solution (0 for one in no constraint).
    public func value(of variable: LayoutVariable) -> Double {
        guard let symbol = symbols[variable] else { return 0 }
        let value = rows[symbol]?.constant ?? 0
        return abs(value) < 1e-9 ? 0 : value
    }

    /// The variables the constraints leave free to take more than one value with the
    /// same satisfaction (UIKit's `hasAmbiguousLayout`, per variable).
    public func ambiguousVariables() -> [LayoutVariable] {
        var free = Set<Symbol>()
        // Parametric symbols an optimum can move along at no cost.
        for symbol in rows.values.flatMap({ $0.cells.keys }) where rows[symbol] == nil && symbol.kind != .dummy {
            if symbol.kind == .external || objective.coefficient(symbol) == 0 { free.insert(symbol) }
        }
        return symbols.filter { variable, symbol in
            if free.contains(symbol) { return true }
            guard let row = rows[symbol] else { return false }
            return row.cells.keys.contains { free.contains($0) }
        }.map(\.key).sorted { $0.id < $1.id }
    }

    // MARK: The tableau

    private mutating func makeSymbol(_ kind: Kind) -> Symbol {
        nextSymbol += 1
        return Symbol(id: nextSymbol, kind: kind)
    }

    /// Adds the constraint if it can hold; false (with the tableau as before, but for new
    /// variables) if it is required and cannot.
    private mutating func insert(_ constraint: LayoutConstraint, id: Int) -> Bool {
        let weight = Self.weight(constraint.priority)
        var row = Row(constraint.expression.constant)
        for (variable, c) in constraint.expression.terms {
            let symbol = symbol(for: variable)
            if let basic = rows[symbol] { row.insert(basic, c) } else { row.insert(symbol, c) }
        }
        var tag: Tag
        var errors: [Symbol] = []
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let c: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack)
            tag = Tag(marker: slack)
            row.insert(slack, c)
            if !constraint.isRequired {
                let error = makeSymbol(.error)
                tag.other = error
                row.insert(error, -c)
                errors.append(error)
            }
        case .equal:
            if !constraint.isRequired {
                let plus = makeSymbol(.error), minus = makeSymbol(.error)
                tag = Tag(marker: plus, other: minus)
                row.insert(plus, -1)
                row.insert(minus, 1)
                errors += [plus, minus]
            } else {
                let dummy = makeSymbol(.dummy)
                tag = Tag(marker: dummy)
                row.insert(dummy)
            }
        }
        if row.constant < 0 { row.reverseSign() }

        var subject = chooseSubject(row, tag)
        if subject == nil && row.cells.keys.allSatisfy({ $0.kind == .dummy }) {
            guard abs(row.constant) < 1e-8 else { return false }
            subject = tag.marker
        }
        // Only now does the objective hear of the errors: a refused constraint leaves no trace.
        for error in errors { objective.insert(error, weight) }
        if let subject {
            row.solve(for: subject)
            substitute(subject, row)
            rows[subject] = row
        } else if !addWithArtificialVariable(row) {
            for error in errors { objective.insert(error, -weight) }
            return false
        }
        constraints[id] = (constraint, tag, weight)
        optimize(objective: true)
        return true
    }

    private mutating func symbol(for variable: LayoutVariable) -> Symbol {
        if let s = symbols[variable] { return s }
        let s = makeSymbol(.external)
        symbols[variable] = s
        return s
    }

    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        if let external = row.cells.keys.filter({ $0.kind == .external }).min() { return external }
        for symbol in [tag.marker, tag.other].compactMap({ $0 }) where symbol.kind == .slack || symbol.kind == .error {
            if row.coefficient(symbol) < 0 { return symbol }
        }
        return nil
    }

    private mutating func addWithArtificialVariable(_ row: Row) -> Bool {
        let art = makeSymbol(.slack)
        rows[art] = row
        artificial = row
        optimize(objective: false)
        let success = abs(artificial!.constant) < 1e-8
        artificial = nil
        if var artRow = rows.removeValue(forKey: art) {
            if artRow.cells.isEmpty { return success }
            guard let entering = artRow.cells.keys.filter({ $0.kind == .slack || $0.kind == .error }).min() else {
                return false
            }
            artRow.solve(for: art, and: entering)
            substitute(entering, artRow)
            rows[entering] = artRow
        }
        removeColumn(art)
        return success
    }

    /// Drops `symbol` from every row and the objective, in place.
    private mutating func removeColumn(_ symbol: Symbol) {
        var index = rows.startIndex
        while index != rows.endIndex {
            rows.values[index].cells[symbol] = nil
            index = rows.index(after: index)
        }
        objective.cells[symbol] = nil
    }

    /// Replaces `symbol` by `row` in every row, the objective and the artificial row,
    /// noting the restricted rows it makes infeasible. Rows are updated in place, by index.
    private mutating func substitute(_ symbol: Symbol, _ row: Row) {
        var index = rows.startIndex
        while index != rows.endIndex {
            rows.values[index].substitute(symbol, row)
            let key = rows.keys[index]
            if key.kind != .external && rows.values[index].constant < 0 { infeasible.append(key) }
            index = rows.index(after: index)
        }
        objective.substitute(symbol, row)
        artificial?.substitute(symbol, row)
    }

    /// Primal simplex on the objective (or the artificial row): pivots until no
    /// parametric symbol has a negative coefficient. Bland's rule (lowest id) keeps it from cycling.
    private mutating func optimize(objective useObjective: Bool) {
        while true {
            let target = useObjective ? objective : artificial!
            var candidate: Symbol?
            for (symbol, c) in target.cells where symbol.kind != .dummy && c < -1e-12 {
                if candidate.map({ symbol < $0 }) ?? true { candidate = symbol }
            }
            guard let entering = candidate else { return }
            var best: Symbol?, ratio = Double.infinity
            for (symbol, row) in rows where symbol.kind != .external {
                let c = row.coefficient(entering)
                guard c < 0 else { continue }
                let r = -row.constant / c
                if r < ratio || (r == ratio && best.map { symbol < $0 } == true) { ratio = r; best = symbol }
            }
            guard let leaving = best else { return } // unbounded: cannot happen with error terms ≥ 0
            var row = rows.removeValue(forKey: leaving)!
            row.solve(for: leaving, and: entering)
            substitute(entering, row)
            rows[entering] = row
        }
    }

    private mutating func dualOptimize() {
        while let leaving = infeasible.popLast() {
            guard let row = rows[leaving], row.constant < 0 else { continue }
            var entering: Symbol?, ratio = Double.infinity
            for (symbol, c) in row.cells where c > 0 && symbol.kind != .dummy {
                let r = objective.coefficient(symbol) / c
                if r < ratio || (r == ratio && entering.map { symbol < $0 } == true) { ratio = r; entering = symbol }
            }
            guard let entering else { continue }
            var pivot = rows.removeValue(forKey: leaving)!
            pivot.solve(for: leaving, and: entering)
            substitute(entering, pivot)
            rows[entering] = pivot
        }
    }

    private mutating func removeEffects(_ marker: Symbol, _ weight: Double) {
        guard marker.kind == .error else { return }
        if let row = rows[marker] { objective.insert(row, -weight) } else { objective.insert(marker, -weight) }
    }

    private func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var r1 = Double.infinity, r2 = Double.infinity
        var first: Symbol?, second: Symbol?, third: Symbol?
        // Ties go to the lowest id, the last external to the highest: the order a walk
        // in id order would give, without sorting the rows.
        for (symbol, row) in rows {
            let c = row.coefficient(marker)
            guard c != 0 else { continue }
            if symbol.kind == .external {
                if third.map({ $0 < symbol }) ?? true { third = symbol }
            } else if c < 0 {
                let r = -row.constant / c
                if r < r1 || (r == r1 && first.map { symbol < $0 } == true) { r1 = r; first = symbol }
            } else {
                let r = row.constant / c
                if r < r2 || (r == r2 && second.map { symbol < $0 } == true) { r2 = r; second = symbol }
            }
        }
        return first ?? second ?? third
    }

    /// The required constraints connected to `constraint` through shared variables.
    private func conflicts(with constraint: LayoutConstraint) -> [LayoutConstraint] {
        var reached = Set(constraint.expression.terms.keys)
        var chosen = Set<Int>()
        var grew = true
        while grew {
            grew = false
            for (id, entry) in constraints where entry.constraint.isRequired && !chosen.contains(id) {
                let variables = entry.constraint.expression.terms.keys
                if variables.contains(where: reached.contains) {
                    chosen.insert(id)
                    reached.formUnion(variables)
                    grew = true
                }
            }
        }
        return chosen.sorted().map { constraints[$0]!.constraint }
    }
}
