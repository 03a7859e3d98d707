/// A symbol of the ``LayoutSolver``'s tableau, packed in one word: its number (symbols
/// are numbered in the order they are made) times 4, plus its kind.
///
/// Comparing two symbols compares their numbers, so the lowest symbol is the oldest:
/// the order Bland's rule and every tie-break of the solver use. The number is also the
/// symbol's index in the tableau's per-symbol arrays.
struct LayoutSymbol: Hashable, Comparable, Sendable {
    /// What a symbol stands for.
    enum Kind: Int, Sendable {
        /// A variable of the constraints (unrestricted in sign).
        case external = 0
        /// The slack of an inequality (≥ 0).
        case slack = 1
        /// The violation of an optional constraint (≥ 0).
        case error = 2
        /// The marker of a required equality (always 0, never pivoted on).
        case dummy = 3
    }

    /// `number << 2 | kind`.
    let raw: Int

    init(number: Int, kind: Kind) { raw = number << 2 | kind.rawValue }

    init(raw: Int) { self.raw = raw }

    /// The index of the symbol in the tableau's per-symbol arrays.
    var number: Int { raw >> 2 }

    var kind: Kind {
        switch raw & 3 {
        case 0: .external
        case 1: .slack
        case 2: .error
        default: .dummy
        }
    }

    var isExternal: Bool { raw & 3 == 0 }
    var isDummy: Bool { raw & 3 == 3 }
    /// A slack or error symbol: one the simplex may make basic in place of a constraint's marker.
    var isPivotable: Bool { raw & 3 == 1 || raw & 3 == 2 }

    static func < (a: LayoutSymbol, b: LayoutSymbol) -> Bool { a.raw < b.raw }
}
