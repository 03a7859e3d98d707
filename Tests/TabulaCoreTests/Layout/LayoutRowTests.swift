import Testing
@testable import TabulaCore
import TabulaTestBasics

/// The map a row stands for, with the arithmetic the solver has always used: a sum below
/// 1e-9 in magnitude drops the cell.
private struct ReferenceRow {
    var constant = 0.0
    var cells: [LayoutSymbol: Double] = [:]

    mutating func insert(_ symbol: LayoutSymbol, _ coefficient: Double) {
        let c = (cells[symbol] ?? 0) + coefficient
        cells[symbol] = abs(c) < 1e-9 ? nil : c
    }

    mutating func insert(_ row: ReferenceRow, _ k: Double) {
        constant += row.constant * k
        for (s, c) in row.cells { insert(s, c * k) }
    }
}

private func cells(_ row: LayoutRow) -> [LayoutSymbol: Double] {
    Dictionary(uniqueKeysWithValues: row.cells.map { ($0.symbol, $0.coefficient) })
}

@Suite("LayoutRow: a list that becomes a hash table, against a dictionary")
struct LayoutRowTests {
    @Test("random inserts, row additions, removals and solves keep the same cells, bit for bit", arguments: 0 ..< 4)
    func againstDictionary(seed: Int) {
        var random = SeededRandom(seed: UInt64(500 + seed))
        // Few symbols make collisions, removals inside probe runs and cancellations common.
        let symbols = (1 ... 120).map { LayoutSymbol(number: $0, kind: [.external, .slack, .error, .dummy][$0 % 4]) }
        var row = LayoutRow(), reference = ReferenceRow()
        var other = LayoutRow(), otherReference = ReferenceRow()
        var largest = 0
        for step in 0 ..< 1_500 {
            let symbol = symbols.randomElement(using: &random)!
            let coefficient = Double(Int.random(in: -4 ... 4, using: &random)) / 2
            switch Int.random(in: 0 ..< 10, using: &random) {
            case 0 ..< 5:
                row.insert(symbol, coefficient)
                reference.insert(symbol, coefficient)
            case 5:
                other.insert(symbol, coefficient)
                otherReference.insert(symbol, coefficient)
            case 6:
                var added: [LayoutSymbol] = []
                let before = Set(reference.cells.keys)
                row.insert(other, coefficient, added: &added)
                reference.insert(otherReference, coefficient)
                #expect(Set(added) == Set(reference.cells.keys).subtracting(before), "step \(step): the symbols reported as added")
            case 7:
                #expect(row.remove(symbol) == reference.cells.removeValue(forKey: symbol))
            case 8:
                // Long runs of removals let a table shrink to a few cells.
                for s in reference.cells.keys.shuffled(using: &random).prefix(10) {
                    #expect(row.remove(s) == reference.cells.removeValue(forKey: s))
                }
            default:
                if let (s, c) = reference.cells.first, abs(c) > 0.4 {
                    row.solve(for: s)
                    let d = -reference.cells.removeValue(forKey: s)!
                    reference.constant /= d
                    for key in reference.cells.keys { reference.cells[key]! /= d }
                }
            }
            largest = max(largest, row.count)
            #expect(row.invariantViolations() == [], "step \(step)")
            #expect(cells(row) == reference.cells, "step \(step)")
            #expect(row.count == reference.cells.count)
            #expect(row.constant == reference.constant)
            for s in symbols.prefix(8) { #expect(row.coefficient(s) == (reference.cells[s] ?? 0)) }
        }
        #expect(largest > LayoutRow.listLimit * 3, "the row became a table and grew")
    }

    @Test("oldest(where:) is the lowest symbol that qualifies, whatever the order of the cells")
    func oldest() {
        var row = LayoutRow()
        for number in [40, 7, 99, 3, 12, 64, 5, 21, 30, 8, 77, 2, 50, 14, 90, 33, 61, 45, 18, 70] {
            row.insert(LayoutSymbol(number: number, kind: number.isMultiple(of: 2) ? .slack : .external), number > 20 ? -1 : 1)
        }
        #expect(row.oldest { _ in true }?.number == 2)
        #expect(row.oldest { $0.symbol.isExternal }?.number == 3)
        #expect(row.oldest { $0.coefficient < 0 }?.number == 21)
        #expect(row.oldest { $0.coefficient > 5 } == nil)
    }
}
