/// The ``LayoutSolver``'s simplex tableau: its rows, its objective, and an index of the
/// rows each symbol appears in, so that substituting a symbol, or choosing the row it
/// leaves by, visits only the rows that mention it rather than every row.
///
/// Rows live in slots (`rows`, `basics`); a pivot keeps a row in its slot and changes
/// only its basic symbol, so the index, which lists slots, stays valid. Per-symbol arrays
/// are indexed by the symbol's number.
///
/// **References.** A row made for a new external symbol (a variable no constraint
/// mentioned before: a view's left edge defined by the view before it) may mention basic
/// external symbols instead of holding a copy of their rows: `left₂ = left₁ + width₁ + 8`
/// rather than `left₂ = 56 + d₀ + d₁ + …`. Copying would put the marker of every
/// required equality along a chain into every row after it, n² cells for a chain of n
/// views; referring costs one cell a link. A referring row's *expansion* — the row with
/// each reference replaced by the referred row's expansion — is the row the simplex means
/// (Cassowary's row, up to rounding); its constant, kept up to date, is that expansion's
/// constant, so values are read in O(1). Operations that change a row (substitution,
/// shifted constants) change only the rows that mention a symbol themselves and then
/// push the change of each external row's constant to the rows that refer to it
/// (`propagate`), in the order rows were made, which is an order in which a row comes
/// after every row it refers to.
///
/// Invariants:
/// - `slotOfSymbol[s.number]` is the slot of `s`'s row when `s` is basic, −1 otherwise;
///   `basics[slot]` is that symbol, or nil for a free slot.
/// - The index is a superset: every slot whose row has a cell of `s` is in
///   `columns[s.number]`. It may also list slots that no longer mention `s` (a cell
///   cancelled, a row removed) and list a slot twice; reading a column drops those, and
///   a column that grows past its limit is cleaned the same way. The column of a basic
///   symbol lists the rows that refer to it.
/// - A basic symbol appears in no row and not in the objective, but as a reference: a
///   basic external symbol in the row of an external symbol made after it (`stamps`), in
///   a row made referring (`refers`). The objective, the artificial row and the rows of
///   restricted symbols hold no reference, so the simplex's choices read them as before.
/// - A referring row's constant is its own part plus, for each reference, its
///   coefficient times the referred row's constant.
/// - `openness[slot]` is `.closed` only when the row's expansion mentions no parametric
///   external symbol; `.open` may be said of a row whose expansion no longer does, never
///   `.closed` of one that does. A row referring to an open or unsettled row is not closed.
///
/// Symbols are never renumbered or reused (their numbers are their age, which the
/// tie-breaks read), so each symbol ever made keeps about 20 bytes here after its
/// constraint is removed: a system whose constraints come and go for ever is meant to be
/// rebuilt now and then (changing constants makes no symbols).
struct LayoutTableau: Sendable {
    /// Whether a row's expansion mentions a parametric external symbol (see the invariants).
    private enum Openness: Sendable {
        /// It does not.
        case closed
        /// It may.
        case open
        /// It may: a substitution took a parametric external symbol out of the row and
        /// brought none, so it is found out (`settle`) when asked, not on every
        /// substitution, which would cost a scan of the row each time.
        case unsettled
    }

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
    /// Per slot: the pass over a column that last listed it (drops repeats), or the
    /// expansion that last reached it.
    private var marks: [UInt32] = []
    /// Per slot: an expansion's multiplier of the row (see `expand`).
    private var multipliers: [Double] = []
    /// Per symbol number: an expansion's sum of the symbol's terms, valid where
    /// `symbolMarks` has the expansion's pass (see `expand`).
    private var symbolSums: [Double] = []
    private var symbolMarks: [UInt32] = []
    private var pass: UInt32 = 0
    /// Scratch for the symbols a row operation adds.
    private var added: [LayoutSymbol] = []
    /// Per slot: when the row was added (a row refers only to rows added before it).
    private var stamps: [Int] = []
    private var nextStamp = 0
    /// Per slot: whether the row was made referring to other rows (see the type's comment).
    private var refers: [Bool] = []
    /// Per slot: whether the row's expansion may mention a parametric external symbol.
    private var openness: [Openness] = []
    /// Per slot: the change of the row's constant still to push to the rows referring to it.
    private var pending: [Double] = []
    private var queued: [Bool] = []
    /// The slots with a change to push, a min-heap by stamp.
    private var heap: [Int] = []

    /// The row being minimized (Cassowary's weighted errors).
    var objective = LayoutRow()
    /// Phase one's objective while a row with no subject is being added.
    var artificial: LayoutRow?
    /// Restricted basic symbols whose rows substitution left negative (the dual simplex's work list).
    var infeasible: [LayoutSymbol] = []

    /// Whether to note the external symbols whose values change (`changedExternals`).
    var tracksChanges = false {
        didSet { if !tracksChanges { _ = takeChangedExternals() } }
    }
    /// While `tracksChanges`: the external symbols whose values may have changed since
    /// `takeChangedExternals`, once each (a value is the constant of the symbol's row, or
    /// 0 while it is parametric).
    private var changedExternals: [LayoutSymbol] = []
    /// Per symbol number: whether it is in `changedExternals`.
    private var isNotedChanged: [Bool] = []

    /// The external symbols whose values may have changed since the last call (or since
    /// ``tracksChanges`` was set), each once, and forgets them.
    mutating func takeChangedExternals() -> [LayoutSymbol] {
        let changed = exchange(&changedExternals, with: [])
        for symbol in changed { isNotedChanged[symbol.number] = false }
        return changed
    }

    /// Notes that `symbol`'s value may have changed, when tracking and it is external.
    private mutating func noteChanged(_ symbol: LayoutSymbol) {
        guard tracksChanges, symbol.isExternal else { return }
        if isNotedChanged.count <= symbol.number {
            isNotedChanged += repeatElement(false, count: slotOfSymbol.count - isNotedChanged.count)
        }
        guard !isNotedChanged[symbol.number] else { return }
        isNotedChanged[symbol.number] = true
        changedExternals.append(symbol)
    }

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

    /// `symbol`'s row with no references (see the type's comment): its row itself unless
    /// it was made referring; nil if `symbol` is parametric.
    mutating func expandedRow(of symbol: LayoutSymbol) -> LayoutRow? {
        guard let slot = slot(of: symbol) else { return nil }
        return refers[slot] ? expand(rows[slot]) : rows[slot]
    }

    /// Whether `symbol` is basic with a row whose expansion mentions no parametric
    /// external symbol (a row a new row may refer to without changing the subject the
    /// simplex would choose for it).
    ///
    /// - Complexity: O(1), or the cells of the unsettled rows reached, which it settles.
    mutating func isClosedBasic(_ symbol: LayoutSymbol) -> Bool {
        guard let slot = slot(of: symbol) else { return false }
        return settle(slot) == .closed
    }

    /// The openness of the row in `slot`, found out if it was unsettled: closed when each
    /// external symbol it mentions is basic with a closed row. The rows it refers to are
    /// older, so the walk ends; it goes without recursion, as references may run long.
    private mutating func settle(_ slot: Int) -> Openness {
        guard openness[slot] == .unsettled else { return openness[slot] }
        var stack = [slot]
        walk: while let s = stack.last {
            var found = Openness.closed
            for cell in rows[s].cells where cell.symbol.isExternal {
                guard let t = self.slot(of: cell.symbol) else { found = .open; break }
                if openness[t] == .unsettled {
                    // Settled first; then `s` is scanned again.
                    stack.append(t)
                    continue walk
                }
                if openness[t] == .open { found = .open; break }
            }
            openness[s] = found
            stack.removeLast()
        }
        return openness[slot]
    }

    /// `row` with each reference (a basic external symbol) replaced by its row's
    /// expansion; `row`'s constant already counts theirs. Costs the rows reached: the
    /// multipliers are kept per slot (`multipliers`, valid where `marks` has this pass),
    /// not in a dictionary, so that a long expansion costs no hashing.
    mutating func expand(_ row: LayoutRow) -> LayoutRow {
        // Every row reached, then each visited after every row that refers to it (the
        // newest first), handing its multiplier on to the rows it refers to.
        nextPass()
        var stack: [Int] = []
        func reach(_ source: LayoutRow) {
            for cell in source.cells where cell.symbol.isExternal {
                if let t = slot(of: cell.symbol), marks[t] != pass {
                    marks[t] = pass
                    multipliers[t] = 0
                    stack.append(t)
                }
            }
        }
        reach(row)
        var order: [Int] = []
        while let s = stack.popLast() {
            order.append(s)
            if refers[s] { reach(rows[s]) }
        }
        sortByStamp(&order, newestFirst: true)
        // The sums of the other symbols go to per-symbol scratch (valid where
        // `symbolMarks` has this pass), and the row is built once from them at the end:
        // an expansion along a chain sums thousands of markers, which, inserted one by one,
        // would probe and grow a hash table thousands of times.
        if symbolSums.count < symbolCount {
            symbolSums += repeatElement(0, count: symbolCount - symbolSums.count)
            symbolMarks += repeatElement(0, count: symbolCount - symbolMarks.count)
        }
        var touched: [LayoutSymbol] = []
        func take(_ source: LayoutRow, _ k: Double) {
            for cell in source.cells {
                if cell.symbol.isExternal, let t = slot(of: cell.symbol) {
                    multipliers[t] += k * cell.coefficient
                } else {
                    let n = cell.symbol.number
                    if symbolMarks[n] != pass {
                        symbolMarks[n] = pass
                        symbolSums[n] = 0
                        touched.append(cell.symbol)
                    }
                    symbolSums[n] += k * cell.coefficient
                }
            }
        }
        take(row, 1)
        for s in order {
            let k = multipliers[s]
            if k != 0 { take(rows[s], k) }
        }
        let sums = symbolSums
        return LayoutRow(row.constant, distinct: touched.lazy.map { LayoutRow.Cell(symbol: $0, coefficient: sums[$0.number]) })
    }

    /// Orders `slots` by their rows' stamps. Stamps are distinct, so the order is the one a
    /// comparison sort through `stamps` gives; packing each stamp with its slot into one
    /// integer key sorts plain integers instead (no closure, no indirect reads per
    /// comparison), which is what keeps replacing one link of a long chain, whose
    /// expansion reaches thousands of rows, near linear.
    private func sortByStamp(_ slots: inout [Int], newestFirst: Bool) {
        guard slots.count > 1 else { return }
        guard nextStamp <= Int(UInt32.max) else {
            slots.sort { newestFirst ? stamps[$0] > stamps[$1] : stamps[$0] < stamps[$1] }
            return
        }
        var keys = slots.map { UInt64(stamps[$0]) << 32 | UInt64(UInt32($0)) }
        if newestFirst { keys.sort(by: >) } else { keys.sort() }
        for i in keys.indices { slots[i] = Int(keys[i] & 0xFFFF_FFFF) }
    }

    /// The constant of `symbol`'s row: its value when basic; nil when it is parametric (0).
    func constant(of symbol: LayoutSymbol) -> Double? {
        let slot = slotOfSymbol[symbol.number]
        return slot < 0 ? nil : rows[Int(slot)].constant
    }

    /// Adds `delta` to the constant of `basic`'s row; returns the new constant.
    mutating func addToConstant(of basic: LayoutSymbol, _ delta: Double) -> Double {
        let slot = slot(of: basic)!
        let constant = rows[slot].add(delta)
        enqueue(slot, delta)
        propagate()
        return constant
    }

    /// Makes `basic` (parametric until now) basic with `row`; `referring`: the row may
    /// mention basic external symbols (references), and `basic` is mentioned by no row.
    mutating func addRow(_ row: LayoutRow, basic: LayoutSymbol, referring: Bool = false) {
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
            multipliers.append(0)
            stamps.append(0)
            refers.append(false)
            openness.append(.closed)
            pending.append(0)
            queued.append(false)
        }
        slotOfSymbol[basic.number] = Int32(slot)
        noteChanged(basic)
        stamps[slot] = nextStamp
        nextStamp += 1
        refers[slot] = referring
        openness[slot] = mentionsParametricExternal(row) ? .open : .closed
        for cell in row.cells { note(cell.symbol, in: slot) }
    }

    /// Whether `row`, expanded, may mention a parametric external symbol (a reference to
    /// an unsettled row counts as one).
    private func mentionsParametricExternal(_ row: LayoutRow) -> Bool {
        row.cells.contains { cell in
            guard cell.symbol.isExternal else { return false }
            guard let t = slot(of: cell.symbol) else { return true }
            return openness[t] != .closed
        }
    }

    /// Marks the row in `slot` open, and every closed row referring to it (the rows
    /// referring to an open or unsettled row are not closed already).
    private mutating func markOpen(_ slot: Int) {
        guard openness[slot] == .closed else {
            openness[slot] = .open
            return
        }
        var stack = [slot]
        while let s = stack.popLast() {
            guard openness[s] == .closed else { continue }
            openness[s] = .open
            guard let basic = basics[s], basic.isExternal else { continue }
            stack += column(of: basic).slots.lazy.map(Int.init).filter { self.openness[$0] == .closed }
        }
    }

    /// Notes that the constant of the row in `slot` changed by `delta`, for `propagate`.
    private mutating func enqueue(_ slot: Int, _ delta: Double) {
        guard delta != 0, let basic = basics[slot], basic.isExternal else { return }
        noteChanged(basic)
        pending[slot] += delta
        guard !queued[slot] else { return }
        queued[slot] = true
        heap.append(slot)
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard stamps[heap[i]] < stamps[heap[parent]] else { break }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    private mutating func popOldest() -> Int? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < heap.count && stamps[heap[l]] < stamps[heap[m]] { m = l }
                if r < heap.count && stamps[heap[r]] < stamps[heap[m]] { m = r }
                if m == i { break }
                heap.swapAt(i, m)
                i = m
            }
        }
        return first
    }

    /// Adds each queued change of an external row's constant, times the reference's
    /// coefficient, to the rows referring to it, and so on along the references, each row
    /// once and after every row it refers to (in stamp order).
    private mutating func propagate() {
        while let slot = popOldest() {
            let delta = pending[slot]
            pending[slot] = 0
            queued[slot] = false
            guard let basic = basics[slot] else { continue }
            let (slots, coefficients) = column(of: basic)
            for (s, c) in zip(slots, coefficients) {
                let index = Int(s)
                _ = rows[index].add(delta * c)
                enqueue(index, delta * c)
            }
        }
    }

    /// Takes `basic`'s row out of the tableau, expanded; nil if `basic` is parametric.
    /// The rows referring to it now mention it as a parametric symbol (value 0).
    mutating func removeRow(_ basic: LayoutSymbol) -> LayoutRow? {
        guard let slot = slot(of: basic) else { return nil }
        let row = refers[slot] ? expand(rows[slot]) : rows[slot]
        slotOfSymbol[basic.number] = -1
        noteChanged(basic)
        basics[slot] = nil
        freeSlots.append(Int32(slot))
        // The index keeps listing the slot until its columns are next read or cleaned.
        rows[slot] = LayoutRow()
        if basic.isExternal {
            let (slots, coefficients) = column(of: basic)
            for (s, c) in zip(slots, coefficients) {
                let index = Int(s)
                _ = rows[index].add(-row.constant * c)
                enqueue(index, -row.constant * c)
                markOpen(index)
            }
            propagate()
        }
        return row
    }

    /// Makes `entering` basic in place of `leaving`, in `leaving`'s row, and substitutes it everywhere.
    mutating func pivot(leaving: LayoutSymbol, entering: LayoutSymbol) {
        let slot = slot(of: leaving)!
        rows[slot].solve(for: leaving, and: entering)
        basics[slot] = entering
        slotOfSymbol[leaving.number] = -1
        slotOfSymbol[entering.number] = Int32(slot)
        noteChanged(leaving)
        noteChanged(entering)
        openness[slot] = mentionsParametricExternal(rows[slot]) ? .open : .closed
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
            let before = rows[index].constant
            guard rows[index].substitute(symbol, row, added: &added) else { continue }
            for s in added { note(s, in: index) }
            if !basic.isExternal {
                if rows[index].constant < 0 { infeasible.append(basic) }
            } else {
                enqueue(index, rows[index].constant - before)
                if added.contains(where: \.isExternal) {
                    markOpen(index)
                } else if symbol.isExternal {
                    // It mentioned `symbol`, so it was not closed.
                    openness[index] = .unsettled
                }
            }
        }
        propagate()
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
            enqueue(index, delta * c)
        }
        propagate()
    }

    /// The external symbols whose rows' expansions mention `symbol` (a parametric
    /// symbol): the rows that mention it and the rows referring to those, transitively,
    /// less those where the terms cancel.
    mutating func externalsMentioning(_ symbol: LayoutSymbol) -> [LayoutSymbol] {
        var coefficient: [Int: Double] = [:]
        var stack: [Int] = []
        let (slots, coefficients) = column(of: symbol)
        for (s, c) in zip(slots, coefficients) where basics[Int(s)]!.isExternal {
            coefficient[Int(s)] = c
            stack.append(Int(s))
        }
        // Every row reached, then the coefficients summed along the references, oldest first.
        var reached = Set(stack)
        while let s = stack.popLast() {
            for t in column(of: basics[s]!).slots.map(Int.init) where reached.insert(t).inserted { stack.append(t) }
        }
        var found: [LayoutSymbol] = []
        var oldestFirst = Array(reached)
        sortByStamp(&oldestFirst, newestFirst: false)
        for s in oldestFirst {
            var c = coefficient[s] ?? 0
            if refers[s] {
                for cell in rows[s].cells where cell.symbol.isExternal {
                    if let t = slot(of: cell.symbol), let k = coefficient[t] { c += cell.coefficient * k }
                }
            }
            coefficient[s] = c
            if abs(c) >= LayoutRow.epsilon { found.append(basics[s]!) }
        }
        return found
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
            for i in symbolMarks.indices { symbolMarks[i] = 0 }
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

    /// Every row, with its basic symbol, in the order they were made (a row after every
    /// row it refers to).
    var allRows: [(basic: LayoutSymbol, row: LayoutRow)] {
        rows.indices.filter { basics[$0] != nil }.sorted { stamps[$0] < stamps[$1] }.map { (basics[$0]!, rows[$0]) }
    }

    /// What breaks the invariants, for tests: empty when they hold.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var scratch = self   // for `expand`'s marks and multipliers
        for (slot, basic) in basics.enumerated() {
            guard let basic else { continue }
            let row = rows[slot]
            problems += row.invariantViolations().map { "row of \(basic.raw): \($0)" }
            if slotOfSymbol[basic.number] != Int32(slot) { problems.append("\(basic.raw) not mapped to its slot \(slot)") }
            if openness[slot] == .closed && scratch.expand(row).cells.contains(where: { $0.symbol.isExternal }) {
                problems.append("the row of \(basic.raw) mentions a parametric external symbol but is not marked open")
            }
            for cell in row.cells {
                if let t = self.slot(of: cell.symbol) {
                    let reference = basic.isExternal && refers[slot] && cell.symbol.isExternal && stamps[t] < stamps[slot]
                    if !reference { problems.append("basic \(cell.symbol.raw) in the row of \(basic.raw)") }
                }
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
