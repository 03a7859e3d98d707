/// The ``LayoutSolver``'s simplex tableau: its rows, its objective, and an index of the
/// rows each symbol appears in, so that substituting a symbol, or choosing the row it
/// leaves by, visits only the rows that mention it rather than every row.
///
/// Rows live in slots (`rows`, `basics`); a pivot keeps a row in its slot and changes
/// only its basic symbol, so the index, which lists slots, stays valid. Per-symbol arrays
/// are indexed by the symbol's number.
///
/// Invariants:
/// - `slotOfSymbol[s.number]` is the slot of `s`'s row when `s` is basic, −1 otherwise;
///   `basics[slot]` is that symbol, or nil for a free slot.
/// - The index is a superset: every slot whose row has a cell of `s` is in
///   `columns[s.number]`. It may also list slots that no longer mention `s` (a cell
///   cancelled, a row removed) and list a slot twice; reading a column drops those, and
///   a column that grows past its limit is cleaned the same way.
/// - A basic symbol appears in no row and not in the objective.
///
/// Symbols are never renumbered or reused (their numbers are their age, which the
/// tie-breaks read), so each symbol ever made keeps about 20 bytes here after its
/// constraint is removed: a system whose constraints come and go is meant to be rebuilt
/// now and then, as `ConstraintSystem` does when they change, rather than to add and
/// remove constraints for ever (changing constants makes no symbols).
struct LayoutTableau: Sendable {
    /// The slots of the rows that may mention a symbol, and the length at which to clean them.
    private struct Column: Sendable {
        var slots: [Int32] = []
        var limit = 16
    }

    private(set) var rows: [LayoutRow] = []
    private(set) var basics: [LayoutSymbol?] = []
    private var freeSlots: [Int32] = []
    private var slotOfSymbol: [Int32] = [-1]   // number 0 is never used
    private var columns: [Column] = [Column()]
    /// Per slot: the pass over a column that last listed it (drops repeats).
    private var marks: [UInt32] = []
    private var pass: UInt32 = 0
    /// Scratch for the symbols a row operation adds.
    private var added: [LayoutSymbol] = []

    /// The row being minimized (Cassowary's weighted errors).
    var objective = LayoutRow()
    /// Phase one's objective while a row with no subject is being added.
    var artificial: LayoutRow?
    /// Restricted basic symbols whose rows substitution left negative (the dual simplex's work list).
    var infeasible: [LayoutSymbol] = []

    /// How many symbols were made (the next one is numbered `symbolCount`).
    var symbolCount: Int { slotOfSymbol.count }

    /// The number of rows.
    var rowCount: Int { rows.count - freeSlots.count }

    mutating func makeSymbol(_ kind: LayoutSymbol.Kind) -> LayoutSymbol {
        let symbol = LayoutSymbol(number: slotOfSymbol.count, kind: kind)
        slotOfSymbol.append(-1)
        columns.append(Column())
        return symbol
    }

    func slot(of symbol: LayoutSymbol) -> Int? {
        let slot = slotOfSymbol[symbol.number]
        return slot < 0 ? nil : Int(slot)
    }

    func isBasic(_ symbol: LayoutSymbol) -> Bool { slotOfSymbol[symbol.number] >= 0 }

    func row(of symbol: LayoutSymbol) -> LayoutRow? { slot(of: symbol).map { rows[$0] } }

    /// The constant of `symbol`'s row: its value when basic; nil when it is parametric (0).
    func constant(of symbol: LayoutSymbol) -> Double? {
        let slot = slotOfSymbol[symbol.number]
        return slot < 0 ? nil : rows[Int(slot)].constant
    }

    /// Adds `delta` to the constant of `basic`'s row; returns the new constant.
    mutating func addToConstant(of basic: LayoutSymbol, _ delta: Double) -> Double { rows[slot(of: basic)!].add(delta) }

    /// Makes `basic` (parametric until now) basic with `row`.
    mutating func addRow(_ row: LayoutRow, basic: LayoutSymbol) {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = Int(free)
            rows[slot] = row
            basics[slot] = basic
        } else {
            slot = rows.count
            rows.append(row)
            basics.append(basic)
            marks.append(0)
        }
        slotOfSymbol[basic.number] = Int32(slot)
        for cell in row.cells { note(cell.symbol, in: slot) }
    }

    /// Takes `basic`'s row out of the tableau; nil if `basic` is parametric.
    mutating func removeRow(_ basic: LayoutSymbol) -> LayoutRow? {
        guard let slot = slot(of: basic) else { return nil }
        slotOfSymbol[basic.number] = -1
        basics[slot] = nil
        freeSlots.append(Int32(slot))
        // The index keeps listing the slot until its columns are next read or cleaned.
        return exchange(&rows[slot], with: LayoutRow())
    }

    /// Makes `entering` basic in place of `leaving`, in `leaving`'s row, and substitutes it everywhere.
    mutating func pivot(leaving: LayoutSymbol, entering: LayoutSymbol) {
        let slot = slot(of: leaving)!
        rows[slot].solve(for: leaving, and: entering)
        basics[slot] = entering
        slotOfSymbol[leaving.number] = -1
        slotOfSymbol[entering.number] = Int32(slot)
        note(leaving, in: slot)
        // The row no longer mentions `entering`, so substitution passes it by.
        substitute(entering, rows[slot])
    }

    /// Replaces `symbol` by `row` in every row, the objective and the artificial row, and
    /// notes the restricted rows it leaves negative. Afterwards no row mentions `symbol`.
    mutating func substitute(_ symbol: LayoutSymbol, _ row: LayoutRow) {
        // A slot listed twice, or whose row no longer mentions the symbol, finds nothing to replace.
        let slots = exchange(&columns[symbol.number], with: Column()).slots
        for slot in slots {
            let index = Int(slot)
            guard let basic = basics[index] else { continue }
            added.removeAll(keepingCapacity: true)
            guard rows[index].substitute(symbol, row, added: &added) else { continue }
            for s in added { note(s, in: index) }
            if !basic.isExternal && rows[index].constant < 0 { infeasible.append(basic) }
        }
        added.removeAll(keepingCapacity: true)
        _ = objective.substitute(symbol, row, added: &added)
        if artificial != nil { _ = artificial!.substitute(symbol, row, added: &added) }
    }

    /// Drops `symbol` from every row and the objective.
    mutating func removeColumn(_ symbol: LayoutSymbol) {
        for slot in exchange(&columns[symbol.number], with: Column()).slots where basics[Int(slot)] != nil {
            rows[Int(slot)].remove(symbol)
        }
        objective.remove(symbol)
    }

    /// Calls `body` with the basic symbol, the constant and `symbol`'s coefficient of
    /// each row that mentions `symbol`, once each, and drops from `symbol`'s column the
    /// slots whose rows do not.
    mutating func forEachRow(containing symbol: LayoutSymbol, _ body: (LayoutSymbol, Double, Double) -> Void) {
        let (slots, coefficients) = column(of: symbol)
        for (slot, c) in zip(slots, coefficients) { body(basics[Int(slot)]!, rows[Int(slot)].constant, c) }
    }

    /// Adds `delta` times its coefficient of `symbol` to the constant of each row that
    /// mentions `symbol`, noting the restricted rows that become negative.
    mutating func shiftConstants(ofRowsContaining symbol: LayoutSymbol, by delta: Double) {
        let (slots, coefficients) = column(of: symbol)
        for (slot, c) in zip(slots, coefficients) {
            let index = Int(slot)
            if rows[index].add(delta * c) < 0, let basic = basics[index], !basic.isExternal { infeasible.append(basic) }
        }
    }

    /// The slots of the rows that mention `symbol`, once each, and `symbol`'s coefficient
    /// in each; drops the other slots from the column.
    private mutating func column(of symbol: LayoutSymbol) -> (slots: [Int32], coefficients: [Double]) {
        nextPass()
        var slots = exchange(&columns[symbol.number].slots, with: [])
        var coefficients: [Double] = []
        coefficients.reserveCapacity(slots.count)
        var kept = 0
        for slot in slots {
            let index = Int(slot)
            guard marks[index] != pass, basics[index] != nil else { continue }
            let c = rows[index].coefficient(symbol)
            guard c != 0 else { continue }
            marks[index] = pass
            slots[kept] = slot
            kept += 1
            coefficients.append(c)
        }
        slots.removeLast(slots.count - kept)
        columns[symbol.number] = Column(slots: slots, limit: max(16, 2 * kept))
        return (slots, coefficients)
    }

    private mutating func nextPass() {
        pass &+= 1
        if pass == 0 {
            for i in marks.indices { marks[i] = 0 }
            pass = 1
        }
    }

    /// Lists `slot` in `symbol`'s column, cleaning the column when it outgrows its limit.
    private mutating func note(_ symbol: LayoutSymbol, in slot: Int) {
        let n = symbol.number
        columns[n].slots.append(Int32(slot))
        // Reading a column cleans it too; before that, a column may grow to the length of
        // a scan of every row, no further.
        if columns[n].slots.count > columns[n].limit && columns[n].slots.count > rows.count { clean(n, symbol) }
    }

    /// Keeps in column `n` only the slots whose row mentions `symbol`, each once; the
    /// next cleaning comes when it has doubled, so cleaning costs O(1) per listing.
    private mutating func clean(_ n: Int, _ symbol: LayoutSymbol) {
        nextPass()
        var slots = exchange(&columns[n].slots, with: [])
        var kept = 0
        for slot in slots {
            let index = Int(slot)
            guard marks[index] != pass, basics[index] != nil, rows[index].contains(symbol) else { continue }
            marks[index] = pass
            slots[kept] = slot
            kept += 1
        }
        slots.removeLast(slots.count - kept)
        columns[n] = Column(slots: slots, limit: max(16, 2 * kept))
    }

    /// Every row, with its basic symbol.
    var allRows: [(basic: LayoutSymbol, row: LayoutRow)] {
        rows.indices.compactMap { slot in basics[slot].map { ($0, rows[slot]) } }
    }

    /// What breaks the invariants, for tests: empty when they hold.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        for (slot, basic) in basics.enumerated() {
            guard let basic else { continue }
            let row = rows[slot]
            problems += row.invariantViolations().map { "row of \(basic.raw): \($0)" }
            if slotOfSymbol[basic.number] != Int32(slot) { problems.append("\(basic.raw) not mapped to its slot \(slot)") }
            for cell in row.cells {
                if isBasic(cell.symbol) { problems.append("basic \(cell.symbol.raw) in the row of \(basic.raw)") }
                if !columns[cell.symbol.number].slots.contains(Int32(slot)) {
                    problems.append("slot \(slot) missing from the column of \(cell.symbol.raw)")
                }
            }
        }
        for (number, slot) in slotOfSymbol.enumerated() where slot >= 0 {
            if basics[Int(slot)]?.number != number { problems.append("symbol \(number) mapped to slot \(slot) of another") }
        }
        for cell in objective.cells where isBasic(cell.symbol) { problems.append("basic \(cell.symbol.raw) in the objective") }
        if freeSlots.contains(where: { basics[Int($0)] != nil }) { problems.append("a free slot holds a row") }
        return problems
    }
}
