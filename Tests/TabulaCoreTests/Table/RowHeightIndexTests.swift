import Testing
@testable import TabulaCore
import TabulaTestBasics

/// The oracle: every row's height in a plain array (nil = not measured), summed naively.
private struct NaiveHeights {
    var heights: [Double?]
    var estimate: Double
    func height(_ r: Int) -> Double { heights[r] ?? estimate }
    /// `replaceRows(removing:inserting:)` on the array: remove, then insert unmeasured rows.
    mutating func replaceRows(removing removed: [Int], inserting inserted: [Int]) {
        for r in removed.reversed() { heights.remove(at: r) }
        for r in inserted { heights.insert(nil, at: r) }
    }
    func offset(_ r: Int) -> Double { (0 ..< r).reduce(0) { $0 + height($1) } }
    /// The row containing y, skipping zero-height rows, clamped.
    func row(at y: Double) -> Int? {
        guard !heights.isEmpty else { return nil }
        var top = 0.0
        for r in heights.indices {
            let bottom = top + height(r)
            if max(y, 0) < bottom { return r }
            top = bottom
        }
        return heights.count - 1
    }
}

@Suite("RowHeightIndex")
struct RowHeightIndexTests {
    private func expectAgrees(_ index: RowHeightIndex, _ naive: NaiveHeights, _ label: String) {
        index.checkInvariants()
        #expect(index.count == naive.heights.count, "\(label)")
        for r in 0 ... naive.heights.count {
            #expect(abs(index.offset(ofRow: r) - naive.offset(r)) < 1e-9, "\(label): offset of row \(r)")
        }
        for r in naive.heights.indices {
            #expect(index.height(ofRow: r) == naive.height(r), "\(label): height of row \(r)")
            #expect(index.isMeasured(r) == (naive.heights[r] != nil), "\(label): measured \(r)")
        }
        expectCursorAgrees(index, label)
        let total = naive.offset(naive.heights.count)
        var probes: [Double] = [-5, 0, total, total + 3]
        for r in naive.heights.indices {
            let top = naive.offset(r)
            probes += [top, top + naive.height(r) / 2, top + naive.height(r)]
        }
        for y in probes {
            #expect(index.row(atOffset: y) == naive.row(at: y), "\(label): row at \(y)")
        }
    }

    /// A cursor walking down from a row gives every row's offset and height as the
    /// searches do, to the bit (the table's viewport query walks rows so).
    private func expectCursorAgrees(_ index: RowHeightIndex, _ label: String) {
        let starts = index.count <= 64 ? Array(0 ... index.count) : [0, index.count / 2, index.count]
        for start in starts {
            var at = index.cursor(at: start)
            while true {
                guard index.offset(at: at) == index.offset(ofRow: at.row) else {
                    Issue.record("\(label): the cursor from \(start) gives \(index.offset(at: at)) for the offset of row \(at.row), the search \(index.offset(ofRow: at.row))")
                    return
                }
                if at.row == index.count { break }
                guard index.height(at: at) == index.height(ofRow: at.row) else {
                    Issue.record("\(label): the cursor from \(start) gives \(index.height(at: at)) for the height of row \(at.row), the search \(index.height(ofRow: at.row))")
                    return
                }
                index.advance(&at)
            }
        }
    }

    @Test("every small table, every order of measuring rows, agrees with summing the heights")
    func exhaustiveSmall() {
        for count in 0 ..< 9 {
            for estimate in [0.0, 10, 44] {
                // Measure rows one by one in three orders: down, up, and inside out.
                let orders = [Array(0 ..< count), Array((0 ..< count).reversed()),
                              (0 ..< count).sorted { abs($0 - count / 2) < abs($1 - count / 2) }]
                for (o, order) in orders.enumerated() {
                    var index = RowHeightIndex(count: count, estimatedHeight: estimate)
                    var naive = NaiveHeights(heights: Array(repeating: nil, count: count), estimate: estimate)
                    expectAgrees(index, naive, "count \(count) estimate \(estimate)")
                    for r in order {
                        let h = Double((r * 7) % 5) * 11   // includes zero heights
                        index.setHeight(h, forRow: r)
                        naive.heights[r] = h
                        expectAgrees(index, naive, "count \(count) est \(estimate) order \(o) after row \(r)")
                    }
                    // Re-measuring changes a height inside a run.
                    if count > 0 {
                        index.setHeight(3, forRow: count / 2)
                        naive.heights[count / 2] = 3
                        expectAgrees(index, naive, "count \(count) remeasure")
                    }
                }
            }
        }
    }

    @Test("random measurements over random heights agree with the oracle, runs split at the cap")
    func randomized() {
        var rng = SeededRandom(seed: 42)
        for trial in 0 ..< 20 {
            let count = Int.random(in: 1 ... 300, using: &rng)
            let estimate = Double(Int.random(in: 0 ... 60, using: &rng))
            var index = RowHeightIndex(count: count, estimatedHeight: estimate)
            var naive = NaiveHeights(heights: Array(repeating: nil, count: count), estimate: estimate)
            for _ in 0 ..< 60 {
                let r = Int.random(in: 0 ..< count, using: &rng)
                let h = Double(Int.random(in: 0 ... 200, using: &rng)) / 4
                index.setHeight(h, forRow: r)
                naive.heights[r] = h
            }
            expectAgrees(index, naive, "trial \(trial)")
        }
    }

    @Test("ten million rows with nothing measured: exact offsets, and measuring keeps others put")
    func tenMillionRows() {
        var index = RowHeightIndex(count: 10_000_000, estimatedHeight: 44)
        #expect(index.totalHeight == 440_000_000)
        #expect(index.row(atOffset: 44 * 9_999_999 + 1) == 9_999_999)
        #expect(index.row(atOffset: 44 * 5_000_000) == 5_000_000)
        #expect(index.row(atOffset: 44 * 5_000_000 - 0.001) == 4_999_999)
        index.setHeight(100, forRow: 5_000_000)
        #expect(index.offset(ofRow: 5_000_001) == 44 * 5_000_000 + 100)
        #expect(index.offset(ofRow: 4_000_000) == 44 * 4_000_000)
        #expect(index.row(atOffset: 44 * 5_000_000 + 99) == 5_000_000)
        #expect(index.measuredCount == 1)
        #expect(index.runs.count == 1)
    }

    @Test("measuring more rows than a run holds splits them into runs of at most the cap")
    func runCap() {
        let n = RowHeightIndex.maximumRunLength * 2 + 10
        var index = RowHeightIndex(count: n, estimatedHeight: 1)
        for r in 0 ..< n { index.setHeight(2, forRow: r) }
        index.checkInvariants()
        #expect(index.runs.count == 3)
        #expect(index.totalHeight == Double(2 * n))
        let full = RowHeightIndex(count: n) { _ in 2 }
        #expect(full.totalHeight == Double(2 * n))
        #expect(full.row(atOffset: Double(2 * n) - 1) == n - 1)
        #expect(full.measuredCount == n)
    }
    // MARK: Rows removed and inserted

    /// The subsets of `0 ..< n` with `k` members, each sorted.
    private func subsets(of n: Int, size k: Int) -> [[Int]] {
        guard k > 0 else { return [[]] }
        guard n >= k else { return [] }
        return subsets(of: n - 1, size: k) + subsets(of: n - 1, size: k - 1).map { $0 + [n - 1] }
    }

    @Test("removing and inserting rows in every small table agrees with editing an array of heights")
    func replaceRowsExhaustiveSmall() {
        var cases = 0
        for count in 0 ... 5 {
            // Nothing measured, everything, every other row (zero heights among them), the first rows.
            let patterns: [[Double?]] = [
                Array(repeating: nil, count: count),
                (0 ..< count).map { Double($0 * 3 + 1) },
                (0 ..< count).map { $0 % 2 == 0 ? Double($0 % 3) * 5 : nil },
                (0 ..< count).map { $0 < 2 ? 7 : nil },
            ]
            for (p, pattern) in patterns.enumerated() {
                var start = RowHeightIndex(count: count, estimatedHeight: 10)
                for (r, h) in pattern.enumerated() { if let h { start.setHeight(h, forRow: r) } }
                for removedCount in 0 ... count {
                    for removed in subsets(of: count, size: removedCount) {
                        for insertedCount in 0 ... 2 {
                            let newCount = count - removedCount + insertedCount
                            for inserted in subsets(of: newCount, size: insertedCount) {
                                var index = start
                                index.replaceRows(removing: removed, inserting: inserted)
                                var naive = NaiveHeights(heights: pattern, estimate: 10)
                                naive.replaceRows(removing: removed, inserting: inserted)
                                expectAgrees(index, naive, "count \(count) pattern \(p) − \(removed) + \(inserted)")
                                cases += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(cases == 2_748)
    }

    @Test("random batches of removals and insertions, one after another, agree with the oracle")
    func replaceRowsRandomized() {
        var rng = SeededRandom(seed: 2011)
        for trial in 0 ..< 30 {
            var count = Int.random(in: 0 ... 200, using: &rng)
            let estimate = Double(Int.random(in: 0 ... 50, using: &rng))
            var index = RowHeightIndex(count: count, estimatedHeight: estimate)
            var naive = NaiveHeights(heights: Array(repeating: nil, count: count), estimate: estimate)
            for step in 0 ..< 8 {
                // Measure a stretch and a few scattered rows, as scrolling and jumping do.
                if count > 0 {
                    let first = Int.random(in: 0 ..< count, using: &rng)
                    for r in first ..< min(count, first + Int.random(in: 1 ... 40, using: &rng)) {
                        let h = Double(Int.random(in: 0 ... 200, using: &rng)) / 4
                        index.setHeight(h, forRow: r)
                        naive.heights[r] = h
                    }
                    for _ in 0 ..< 5 {
                        let r = Int.random(in: 0 ..< count, using: &rng), h = Double(Int.random(in: 1 ... 9, using: &rng))
                        index.setHeight(h, forRow: r)
                        naive.heights[r] = h
                    }
                }
                let removed = (0 ..< count).filter { _ in Int.random(in: 0 ..< 10, using: &rng) == 0 }
                let newCount = count - removed.count + Int.random(in: 0 ... 12, using: &rng)
                let inserted = Array((0 ..< newCount).shuffled(using: &rng)
                    .prefix(newCount - (count - removed.count))).sorted()
                index.replaceRows(removing: removed, inserting: inserted)
                naive.replaceRows(removing: removed, inserting: inserted)
                count = newCount
                expectAgrees(index, naive, "trial \(trial) step \(step)")
            }
        }
    }

    @Test("100,000 measured rows in full runs: removing and inserting the first, the last and rows at a run's edge")
    func replaceRowsHundredThousand() {
        let n = 100_000, cap = RowHeightIndex.maximumRunLength
        func height(_ r: Int) -> Double { Double(20 + r % 7) }
        // Measured one by one over an estimate, as scrolling through an estimated table does.
        var index = RowHeightIndex(count: n, estimatedHeight: 30)
        for r in 0 ..< n { index.setHeight(height(r), forRow: r) }
        var naive: [Double?] = (0 ..< n).map { height($0) }
        func expectAgreesLarge(_ label: String) {
            index.checkInvariants()
            #expect(index.count == naive.count, "\(label)")
            #expect(index.measuredCount == naive.reduce(0) { $0 + ($1 == nil ? 0 : 1) }, "\(label)")
            var top = 0.0
            for r in naive.indices {
                let h = naive[r] ?? index.estimatedHeight
                guard index.offset(ofRow: r) == top, index.height(ofRow: r) == h,
                      index.isMeasured(r) == (naive[r] != nil) else {
                    let found = (index.offset(ofRow: r), index.height(ofRow: r), index.isMeasured(r))
                    Issue.record("\(label): row \(r) is (offset, height, measured) \(found), expected \((top, h, naive[r] != nil))")
                    return
                }
                if r % 997 == 0 || r < 3 || r > naive.count - 3 {
                    #expect(index.row(atOffset: top + h / 2) == r, "\(label): row at the middle of \(r)")
                }
                top += h
            }
            #expect(index.totalHeight == top, "\(label)")
        }
        let steps: [(removed: [Int], inserted: [Int])] = [
            ([0], []), ([n - 2], []), ([], [0]), ([], [n - 1]),
            ([cap - 1, cap, 2 * cap], [cap - 1, 3 * cap + 1]),
            (Array(cap - 5 ..< cap + 5), []),
            ([], Array(50_000 ..< 50_010)),
            ([0, 1, 99_000], [0, 1, 2, 99_990]),
        ]
        for (i, step) in steps.enumerated() {
            index.replaceRows(removing: step.removed, inserting: step.inserted)
            for r in step.removed.reversed() { naive.remove(at: r) }
            for r in step.inserted { naive.insert(nil, at: r) }
            expectAgreesLarge("step \(i)")
        }
        #expect(index.runs.count > n / cap, "rows inserted inside runs split them")
    }

    @Test("an empty index, and removing every row, leave no runs behind")
    func replaceRowsToEmpty() {
        var index = RowHeightIndex(count: 0, estimatedHeight: 44)
        index.replaceRows(removing: [], inserting: [0, 1])
        #expect(index.count == 2 && index.totalHeight == 88)
        index.setHeight(10, forRow: 0)
        index.setHeight(20, forRow: 1)
        index.replaceRows(removing: [0, 1], inserting: [])
        index.checkInvariants()
        #expect(index.count == 0 && index.totalHeight == 0 && index.measuredCount == 0 && index.runs.isEmpty)
        #expect(index.row(atOffset: 0) == nil)
        index.replaceRows(removing: [], inserting: [0])
        #expect(index.count == 1 && index.totalHeight == 44 && !index.isMeasured(0))
    }
}
