import Testing
@testable import TabulaCore
import TabulaTestBasics

/// The oracle: every row's height in a plain array (nil = not measured), summed naively.
private struct NaiveHeights {
    var heights: [Double?]
    var estimate: Double
    func height(_ r: Int) -> Double { heights[r] ?? estimate }
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
}
