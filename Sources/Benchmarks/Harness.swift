import Foundation

/// Times a closure and prints one JSON line: median, p90, min, iterations and the budget.
///
/// Times are wall-clock on one core, measured after warm-up iterations.
struct Benchmark {
    let name: String
    var budgetMilliseconds: Double?
    var iterations = 200
    var warmup = 10
    var notes: [String: String] = [:]

    @discardableResult
    func run(_ body: () -> Void) -> Double {
        for _ in 0 ..< warmup { body() }
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        for _ in 0 ..< iterations {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return report(samples)
    }

    /// Prints the JSON line for `samples` (milliseconds) and returns their median.
    @discardableResult
    func report(_ unsorted: [Double]) -> Double {
        let samples = unsorted.sorted()
        let median = samples[samples.count / 2]
        var record: [String: Any] = [
            "name": name,
            "median_ms": (median * 1000).rounded() / 1000,
            "p90_ms": (samples[samples.count * 9 / 10] * 1000).rounded() / 1000,
            "min_ms": (samples[0] * 1000).rounded() / 1000,
            "iterations": iterations,
        ]
        if let budget = budgetMilliseconds {
            record["budget_ms"] = budget
            record["within_budget"] = median <= budget
        }
        for (k, v) in notes { record[k] = v }
        let data = try! JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
        return median
    }
}
