import Foundation
@testable import TabulaSnapshotTesting
import Testing

@Suite("CIE94 colour difference")
struct DeltaETests {
    @Test("sRGB colours convert to the published CIE L*a*b* values")
    func labValues() {
        let white = DeltaE.lab(red: 1, green: 1, blue: 1)
        #expect(abs(white.l - 100) < 0.01 && abs(white.a) < 0.01 && abs(white.b) < 0.01)
        let red = DeltaE.lab(red: 1, green: 0, blue: 0)
        #expect(abs(red.l - 53.24) < 0.05 && abs(red.a - 80.09) < 0.05 && abs(red.b - 67.20) < 0.05)
        let black = DeltaE.lab(red: 0, green: 0, blue: 0)
        #expect(abs(black.l) < 0.01)
    }

    @Test("ΔE94 matches the worked value for a pair of blues (Sharma, Wu and Dalal's first pair)")
    func publishedPair() {
        let delta = DeltaE.cie94(DeltaE.Lab(l: 50, a: 2.6772, b: -79.7751), DeltaE.Lab(l: 50, a: 0, b: -82.7485))
        #expect(abs(delta - 1.3950) < 0.001, "got \(delta)")
    }

    @Test("black against white is 100; identical pixels are 0; alpha alone counts")
    func extremes() {
        let black = RGBA(r: 0, g: 0, b: 0), white = RGBA(r: 255, g: 255, b: 255)
        #expect(abs(DeltaE.between(black, white) - 100) < 0.01)
        #expect(DeltaE.between(white, white) == 0)
        let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
        #expect(DeltaE.between(black, clear) > 99, "opaque black against transparent shows over white")
    }
}
