import Foundation

/// The measurement of the same run that a benchmark is divided by: a physical limit (a
/// memcpy of the bytes a frame writes) or the part of the work that cannot be avoided
/// (the delegate calls a reload makes).
struct Baseline {
    let name: String
    let medianMilliseconds: Double
}

/// Times a closure and prints one JSON line: median, p90, min, iterations and the budget,
/// and with a baseline, the ratio of the medians and what it is against.
///
/// Times are wall-clock on one core, measured after warm-up iterations. Absolute times
/// differ 2× between machines of the same kind and by half that between runs on a shared
/// one; a ratio to a baseline timed in the same run moves much less.
struct Benchmark {
    let name: String
    var budgetMilliseconds: Double?
    var iterations = 200
    var warmup = 10
    var notes: [String: String] = [:]
    /// The largest acceptable ratio to the baseline, where that is the budget that matters
    /// (a table of 10M rows against one of 1,000).
    var ratioBudget: Double?

    @discardableResult
    func run(_ body: () -> Void) -> Double {
        for _ in 0 ..< warmup { body() }
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        for _ in 0 ..< iterations { samples.append(milliseconds(body)) }
        return report(samples)
    }

    /// Times `body` and `baselineBody` in turn, one iteration of each, `iterations` times
    /// (the baseline's own count is not used), prints the baseline's line and then this
    /// benchmark's with the ratio, and returns this benchmark's median.
    ///
    /// Alternating, rather than timing one and then the other, lets a burst of load from
    /// another process slow both sides of the ratio alike.
    @discardableResult
    func run(_ body: () -> Void, against baseline: Benchmark, _ baselineBody: () -> Void) -> Double {
        for _ in 0 ..< warmup {
            body()
            baselineBody()
        }
        var samples: [Double] = [], baselineSamples: [Double] = []
        samples.reserveCapacity(iterations)
        baselineSamples.reserveCapacity(iterations)
        for _ in 0 ..< iterations {
            samples.append(milliseconds(body))
            baselineSamples.append(milliseconds(baselineBody))
        }
        return report(samples, against: baseline, baselineSamples)
    }

    /// Prints the baseline's line for `baselineSamples`, then this benchmark's line for
    /// `samples` with the ratio of the two medians; returns this benchmark's median.
    @discardableResult
    func report(_ samples: [Double], against baseline: Benchmark, _ baselineSamples: [Double]) -> Double {
        let baselineMedian = baseline.report(baselineSamples)
        return report(samples, baseline: Baseline(name: baseline.name, medianMilliseconds: baselineMedian))
    }

    /// Prints the JSON line for `samples` (milliseconds) and returns their median.
    @discardableResult
    func report(_ samples: [Double], baseline: Baseline? = nil) -> Double {
        let middle = median(of: samples) ?? .nan
        func ms(_ t: Double?) -> Double { ((t ?? .nan) * 1000).rounded() / 1000 }
        var record: [String: Any] = [
            "name": name,
            "median_ms": ms(middle),
            "p90_ms": ms(percentile(0.9, of: samples)),
            "min_ms": ms(samples.min()),
            "iterations": samples.count,
        ]
        if let budget = budgetMilliseconds {
            record["budget_ms"] = budget
            record["within_budget"] = middle <= budget
        }
        if let baseline {
            record["baseline"] = baseline.name
            record["baseline_median_ms"] = ms(baseline.medianMilliseconds)
            if let r = ratio(middle, to: baseline.medianMilliseconds) {
                record["ratio"] = r
                if let ratioBudget {
                    record["ratio_budget"] = ratioBudget
                    record["within_ratio_budget"] = r <= ratioBudget
                }
            }
        }
        for (k, v) in notes { record[k] = v }
        let data = try! JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
        return middle
    }
}

/// The wall-clock time `body` takes, in milliseconds.
@inline(__always)
func milliseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}
