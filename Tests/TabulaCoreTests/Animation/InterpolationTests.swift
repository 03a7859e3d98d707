import Foundation
import Testing
@testable import TabulaCore

/// Blends through the protocol, as an animation generic over its value type would.
private func blend<T: Interpolatable>(_ a: T, _ b: T, _ f: Double) -> T { a.interpolated(to: b, fraction: f) }

@Suite("Interpolatable values")
struct InterpolationTests {
    private let fractions: [Double] = [-0.5, 0, 0.25, 0.5, 0.75, 1, 1.5]

    @Test("Double, Float and CGFloat blend linearly and extrapolate outside 0…1")
    func scalars() {
        for f in fractions {
            #expect(abs(blend(2.0, 10.0, f) - (2 + 8 * f)) <= 1e-12, "f = \(f)")
            #expect(abs(blend(Float(-4), Float(4), f) - Float(-4 + 8 * f)) <= 1e-6, "f = \(f)")
            #expect(abs(blend(CGFloat(100), CGFloat(-100), f) - CGFloat(100 - 200 * f)) <= 1e-9, "f = \(f)")
        }
        #expect(blend(3.0, 7.0, 0) == 3)
        #expect(blend(3.0, 7.0, 1) == 7)
        #expect(blend(5.0, 5.0, 0.37) == 5)
    }

    @Test("points, sizes and rects blend component by component")
    func geometry() {
        let p = CGPoint(x: 0, y: 10), q = CGPoint(x: 100, y: -10)
        let s = CGSize(width: 10, height: 20), t = CGSize(width: 30, height: 0)
        let r = CGRect(x: 0, y: 0, width: 10, height: 10), u = CGRect(x: 50, y: -20, width: 110, height: 30)
        for f in fractions {
            let f2 = CGFloat(f)
            #expect(approx(blend(p, q, f), CGPoint(x: 100 * f2, y: 10 - 20 * f2)), "f = \(f)")
            #expect(approx(blend(s, t, f), CGSize(width: 10 + 20 * f2, height: 20 - 20 * f2)), "f = \(f)")
            #expect(approx(blend(r, u, f), CGRect(x: 50 * f2, y: -20 * f2, width: 10 + 100 * f2, height: 10 + 20 * f2)),
                    "f = \(f)")
        }
        #expect(blend(r, u, 0) == r)
        #expect(blend(r, u, 1) == u)
    }

    @Test("CATransform3D conforms through its decomposed blend, not entry by entry")
    func transformConformance() {
        let a = CATransform3D.identity
        let b = CATransform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        let mid = blend(a, b, 0.5)
        #expect(approx(mid, CATransform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)))
        // An entry-wise blend would shrink the rotation to cos 45° ≈ 0.707 of its size.
        let entrywise = CATransform3D(entries: zip(a.entries, b.entries).map { ($0 + $1) / 2 })
        #expect(!approx(mid, entrywise, tol: 1e-3))
    }
}
