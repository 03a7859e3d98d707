import Foundation

/// The median of `samples`: the middle one, or the mean of the two middle ones for an
/// even count; nil when there are none.
func median(of samples: [Double]) -> Double? {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The sample below which the fraction `p` (0...1) of `samples` lie (nearest rank);
/// nil when there are none.
func percentile(_ p: Double, of samples: [Double]) -> Double? {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.sorted()
    let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

/// `value` divided by `baseline`, to three significant digits; nil when the baseline is
/// not a positive finite time (a ratio to nothing would print as infinity or NaN, which
/// JSON cannot carry).
func ratio(_ value: Double, to baseline: Double) -> Double? {
    guard baseline > 0, baseline.isFinite, value.isFinite else { return nil }
    return rounded(value / baseline, significantDigits: 3)
}

/// `x` rounded to `digits` significant digits: ratios span 0.0005 (a diff against the
/// standard library's) to 100 (a frame against a plain loop), so a fixed number of
/// decimals would either lose the small ones or print noise on the large ones.
func rounded(_ x: Double, significantDigits digits: Int) -> Double {
    guard x != 0, x.isFinite else { return x }
    let exponent = digits - 1 - Int(log10(abs(x)).rounded(.down))
    // Multiplying by 0.1 would be inexact; dividing by 10 is not.
    let scale = pow(10, Double(abs(exponent)))
    return exponent >= 0 ? (x * scale).rounded() / scale : (x / scale).rounded() * scale
}
