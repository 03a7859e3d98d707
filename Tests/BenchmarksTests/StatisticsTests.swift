import Testing
@testable import Benchmarks

@Suite("Benchmark statistics")
struct StatisticsTests {
    @Test("The median is the middle sample, or the mean of the two middle ones")
    func median() {
        #expect(Benchmarks.median(of: []) == nil)
        #expect(Benchmarks.median(of: [4]) == 4)
        #expect(Benchmarks.median(of: [9, 1, 5]) == 5)
        #expect(Benchmarks.median(of: [9, 1, 5, 3]) == 4)
        // One stall (another process took the core) does not move it.
        #expect(Benchmarks.median(of: [1, 1.1, 0.9, 250]) == 1.05)
    }

    @Test("Percentiles take the nearest rank")
    func percentiles() {
        let samples = (1 ... 10).map(Double.init).reversed().map { $0 }
        #expect(percentile(0.9, of: samples) == 9)
        #expect(percentile(0.5, of: samples) == 5)
        #expect(percentile(0, of: samples) == 1)
        #expect(percentile(1, of: samples) == 10)
        #expect(percentile(0.9, of: []) == nil)
    }

    @Test("A ratio keeps three significant digits however small or large")
    func ratios() {
        #expect(ratio(0.467, to: 0.403) == 1.16)
        #expect(ratio(2.206, to: 2812.228) == 0.000784)
        #expect(ratio(6.199, to: 0.286) == 21.7)
        #expect(ratio(1234.5, to: 1) == 1230)
        #expect(ratio(2, to: 2) == 1)
        #expect(ratio(0, to: 2) == 0)
    }

    @Test("There is no ratio to a baseline that took no time or did not finish")
    func ratiosToNothing() {
        #expect(ratio(1, to: 0) == nil)
        #expect(ratio(1, to: -1) == nil)
        #expect(ratio(1, to: .infinity) == nil)
        #expect(ratio(1, to: .nan) == nil)
        #expect(ratio(.nan, to: 1) == nil)
    }

    @Test("Rounding to significant digits", arguments: [
        (123.456, 3, 123.0), (0.00123456, 2, 0.0012), (-98.76, 2, -99.0), (9.996, 3, 10.0), (0, 3, 0),
    ])
    func significantDigits(value: Double, digits: Int, expected: Double) {
        #expect(rounded(value, significantDigits: digits) == expected)
    }
}
