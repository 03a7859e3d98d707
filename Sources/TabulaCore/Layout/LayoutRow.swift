/// A row of the ``LayoutSolver``'s tableau, `basic = constant + Σ coefficient · symbol`,
/// or the objective.
///
/// The cells are a short list or, past `listLimit` cells, an open-addressing hash table
/// (linear probing, power-of-two capacity, an empty cell has the symbol of raw value 0,
/// which no symbol has). Finding a cell is a scan of a few cells or one probe, so adding a
/// short row to a long one costs the short one's length, and no cell ever moves but to
/// close a hole.
///
/// Invariants: one cell per symbol, no zero coefficient; `count` is the number of
/// non-empty cells; in a table, at most `maxLoad` of the cells are full, and every symbol
/// is reached by probing from its hash without crossing an empty cell.
///
/// The arithmetic is that of a map from symbol to coefficient: adding `k · other` sets
/// each coefficient to `old + coefficient · k` and drops a sum below `epsilon` in
/// magnitude, whatever the order the cells are visited in. The cells have no order: where
/// the solver needs one (Bland's rule, the choice of a subject), it takes the oldest
/// symbol (``oldest(where:)``).
struct LayoutRow: Sendable {
    /// One term of the row.
    struct Cell: Sendable, Equatable {
        var symbol: LayoutSymbol
        var coefficient: Double

        /// Whether this is a table's empty cell.
        var isEmpty: Bool { symbol.raw == 0 }
        static let empty = Cell(symbol: LayoutSymbol(raw: 0), coefficient: 0)
    }

    /// A sum smaller than this in magnitude is rounding noise: the cell is dropped.
    static let epsilon = 1e-9
    /// Rows up to this many cells are a list, scanned; longer ones are a hash table.
    static let listLimit = 16

    var constant: Double
    /// A list (no empty cells) while `shift == 0`, else a hash table.
    private var storage: [Cell] = []
    private(set) var count = 0
    /// 64 − log2(table capacity), for Fibonacci hashing; 0 for a list.
    private var shift = 0

    init(_ constant: Double = 0) { self.constant = constant }

    /// The row `constant + Σ cells`, built in one go: `cells` name distinct symbols; those
    /// smaller than `epsilon` in magnitude are left out. A long row gets its table at its
    /// final size, with no growing and no search for duplicates.
    init<Cells: Sequence>(_ constant: Double, distinct cells: Cells) where Cells.Element == Cell {
        self.constant = constant
        let kept = cells.filter { abs($0.coefficient) >= Self.epsilon }
        count = kept.count
        guard kept.count > Self.listLimit else {
            storage = kept
            return
        }
        // The smallest power of two that holds them at a load of at most 5/8.
        var capacity = 64
        while kept.count * 8 > capacity * 5 { capacity *= 2 }
        storage = Array(repeating: .empty, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        let shift = shift
        storage.withUnsafeMutableBufferPointer { table in
            for cell in kept {
                let (i, found) = Self.find(cell.symbol, in: UnsafeBufferPointer(table), shift: shift)
                assert(!found, "LayoutRow(_:distinct:) was given \(cell.symbol) twice")
                table[i] = cell
            }
        }
    }

    /// The cells, in no particular order.
    var cells: LazyFilterSequence<[Cell]> { storage.lazy.filter { !$0.isEmpty } }

    @inline(__always)
    private static func home(_ raw: Int, _ shift: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: raw) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// Where `symbol`'s cell is (found), or the empty table cell where it would go
    /// (not found; `storage.count` for a list).
    @inline(__always)
    private static func find(_ symbol: LayoutSymbol, in cells: UnsafeBufferPointer<Cell>, shift: Int) -> (index: Int, found: Bool) {
        if shift == 0 {
            for i in 0 ..< cells.count where cells[i].symbol == symbol { return (i, true) }
            return (cells.count, false)
        }
        let mask = cells.count - 1
        var i = home(symbol.raw, shift)
        while true {
            let raw = cells[i].symbol.raw
            if raw == symbol.raw { return (i, true) }
            if raw == 0 { return (i, false) }
            i = (i + 1) & mask
        }
    }

    private func find(_ symbol: LayoutSymbol) -> (index: Int, found: Bool) {
        storage.withUnsafeBufferPointer { Self.find(symbol, in: $0, shift: shift) }
    }

    func coefficient(_ symbol: LayoutSymbol) -> Double {
        let (i, found) = find(symbol)
        return found ? storage[i].coefficient : 0
    }

    func contains(_ symbol: LayoutSymbol) -> Bool { find(symbol).found }

    /// The oldest symbol whose cell satisfies `predicate`.
    func oldest(where predicate: (Cell) -> Bool) -> LayoutSymbol? {
        var best: LayoutSymbol?
        for cell in storage where !cell.isEmpty && predicate(cell) {
            if best.map({ cell.symbol < $0 }) ?? true { best = cell.symbol }
        }
        return best
    }

    /// Adds `value` to the constant and returns the new constant.
    mutating func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    /// Adds `coefficient · symbol`.
    mutating func insert(_ symbol: LayoutSymbol, _ coefficient: Double = 1) {
        var unused: [LayoutSymbol] = []
        insert(Cell(symbol: symbol, coefficient: coefficient), 1, added: &unused, recording: false)
    }

    /// Adds `k · other`, appending to `added` the symbols that were not in the row and now are.
    mutating func insert(_ other: LayoutRow, _ k: Double = 1, added: inout [LayoutSymbol]) {
        constant += other.constant * k
        other.storage.withUnsafeBufferPointer { theirs in
            var j = 0
            while j < theirs.count {
                if shift == 0 {
                    if !theirs[j].isEmpty { insert(theirs[j], k, added: &added) }
                    j += 1
                } else {
                    j = insert(theirs, from: j, k, added: &added)
                    if j < theirs.count { rehash(capacity: storage.count * 2) }
                }
            }
        }
    }

    /// Adds `k ·` the cells of `theirs` from `start` into the table, in place; returns
    /// where it stopped: the end, or a cell that needs the table to grow first.
    private mutating func insert(_ theirs: UnsafeBufferPointer<Cell>, from start: Int, _ k: Double,
                                 added: inout [LayoutSymbol]) -> Int {
        let shift = shift
        var count = count
        var j = start
        storage.withUnsafeMutableBufferPointer { table in
            let limit = table.count * 5 / 8
            while j < theirs.count {
                let cell = theirs[j]
                if !cell.isEmpty {
                    let v = cell.coefficient * k
                    let (i, found) = Self.find(cell.symbol, in: UnsafeBufferPointer(table), shift: shift)
                    if found {
                        let c = table[i].coefficient + v
                        if abs(c) < Self.epsilon {
                            Self.empty(i, in: table, shift: shift)
                            count -= 1
                        } else {
                            table[i].coefficient = c
                        }
                    } else {
                        let c = 0 + v
                        if abs(c) >= Self.epsilon {
                            if count + 1 > limit { break }
                            table[i] = Cell(symbol: cell.symbol, coefficient: c)
                            count += 1
                            added.append(cell.symbol)
                        }
                    }
                }
                j += 1
            }
        }
        self.count = count
        return j
    }

    /// Adds `k · other`.
    mutating func insert(_ other: LayoutRow, _ k: Double = 1) {
        var added: [LayoutSymbol] = []
        insert(other, k, added: &added)
    }

    /// Adds `k · cell`, appending its symbol to `added` if the row did not mention it and
    /// now does (when `recording`: a caller without a use for them allocates nothing).
    @inline(__always)
    private mutating func insert(_ cell: Cell, _ k: Double, added: inout [LayoutSymbol], recording: Bool = true) {
        let v = cell.coefficient * k
        let shift = shift
        let (i, found) = storage.withUnsafeBufferPointer { Self.find(cell.symbol, in: $0, shift: shift) }
        if found {
            let c = storage[i].coefficient + v
            if abs(c) < Self.epsilon { remove(at: i) } else { storage[i].coefficient = c }
            return
        }
        let c = 0 + v
        guard abs(c) >= Self.epsilon else { return }
        if recording { added.append(cell.symbol) }
        count += 1
        if shift == 0 {
            storage.append(Cell(symbol: cell.symbol, coefficient: c))
            if count > Self.listLimit { rehash(capacity: 64) }
        } else {
            storage[i] = Cell(symbol: cell.symbol, coefficient: c)
            // A load of at most 5/8 keeps probes short and tables twice as dense as 1/4.
            if count * 8 > storage.count * 5 { rehash(capacity: storage.count * 2) }
        }
    }

    /// Makes the cells a table of `capacity` (a power of two) cells.
    private mutating func rehash(capacity: Int) {
        let old = storage
        storage = Array(repeating: .empty, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        let shift = shift
        storage.withUnsafeMutableBufferPointer { table in
            for cell in old where !cell.isEmpty {
                let (i, _) = Self.find(cell.symbol, in: UnsafeBufferPointer(table), shift: shift)
                table[i] = cell
            }
        }
    }

    /// Empties the cell at `i`: a list moves its last cell there; a table moves back the
    /// cells after it that probing could no longer reach.
    private mutating func remove(at i: Int) {
        count -= 1
        guard shift != 0 else {
            storage[i] = storage[storage.count - 1]
            storage.removeLast()
            return
        }
        let shift = shift
        storage.withUnsafeMutableBufferPointer { Self.empty(i, in: $0, shift: shift) }
    }

    /// Empties cell `i` of a table (backward-shift deletion).
    private static func empty(_ i: Int, in table: UnsafeMutableBufferPointer<Cell>, shift: Int) {
        let mask = table.count - 1
        var hole = i, j = i
        table[hole] = .empty
        while true {
            j = (j + 1) & mask
            let cell = table[j]
            if cell.isEmpty { return }
            let h = home(cell.symbol.raw, shift)
            // The cell stays if its home lies cyclically in (hole, j].
            let stays = hole <= j ? (h > hole && h <= j) : (h > hole || h <= j)
            if !stays {
                table[hole] = cell
                table[j] = .empty
                hole = j
            }
        }
    }

    /// Removes `symbol`'s cell; returns its coefficient (nil if it had none).
    @discardableResult
    mutating func remove(_ symbol: LayoutSymbol) -> Double? {
        let (i, found) = find(symbol)
        guard found else { return nil }
        let c = storage[i].coefficient
        remove(at: i)
        return c
    }

    mutating func reverseSign() {
        constant = -constant
        for i in storage.indices { storage[i].coefficient = -storage[i].coefficient }
    }

    /// From `0 = constant + c·symbol + rest` to `symbol = (constant + rest) / −c`.
    mutating func solve(for symbol: LayoutSymbol) {
        let c = -remove(symbol)!
        constant /= c
        // Empty cells hold 0, which stays 0.
        for i in storage.indices { storage[i].coefficient /= c }
    }

    /// From `lhs = … + c·rhs + …` to `rhs = …` (`lhs` is not in the row).
    mutating func solve(for lhs: LayoutSymbol, and rhs: LayoutSymbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `row` (which does not mention it); false if the row had no such cell.
    mutating func substitute(_ symbol: LayoutSymbol, _ row: LayoutRow, added: inout [LayoutSymbol]) -> Bool {
        guard let c = remove(symbol) else { return false }
        insert(row, c, added: &added)
        return true
    }

    /// What breaks the invariants, for tests: empty when they hold.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        let full = storage.filter { !$0.isEmpty }
        if full.count != count { problems.append("count \(count), \(full.count) cells") }
        if Set(full.map(\.symbol)).count != full.count { problems.append("a symbol twice") }
        if full.contains(where: { $0.coefficient == 0 }) { problems.append("a zero coefficient") }
        if shift == 0 {
            if full.count != storage.count { problems.append("an empty cell in a list") }
        } else {
            if storage.count & (storage.count - 1) != 0 || 64 - storage.count.trailingZeroBitCount != shift {
                problems.append("table of \(storage.count) cells with shift \(shift)")
            }
            if count * 8 > storage.count * 5 { problems.append("load \(count)/\(storage.count)") }
            for cell in full where !contains(cell.symbol) { problems.append("\(cell.symbol.raw) unreachable") }
        }
        return problems
    }
}
