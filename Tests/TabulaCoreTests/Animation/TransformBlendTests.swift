import Foundation
import Testing
@testable import TabulaCore

/// The matrix as the decomposition reassembled it before `transform` was written out
/// without arrays: the reference the straight-line code must match bit for bit.
private func referenceTransform(_ d: DecomposedTransform) -> CATransform3D {
    let (r0, r1, r2) = DecomposedTransform.rows(of: d.quaternion)
    let row0 = r0 * d.scale.x
    let row1 = (r1 + r0 * d.skew.xy) * d.scale.y
    let row2 = (r2 + r0 * d.skew.xz + r1 * d.skew.yz) * d.scale.z
    let u = [row0, row1, row2]
    let p = [d.perspective.x, d.perspective.y, d.perspective.z, d.perspective.w]
    var e = [Double](repeating: 0, count: 16)
    for r in 0 ..< 3 {
        e[r * 4 + 0] = u[r].x; e[r * 4 + 1] = u[r].y; e[r * 4 + 2] = u[r].z
        e[r * 4 + 3] = u[r].x * p[0] + u[r].y * p[1] + u[r].z * p[2]
    }
    e[12] = d.translation.x; e[13] = d.translation.y; e[14] = d.translation.z
    e[15] = d.translation.x * p[0] + d.translation.y * p[1] + d.translation.z * p[2] + p[3]
    return CATransform3D(entries: e.map { CGFloat($0) })
}

/// The rotation blend as it was computed in every frame, angle and sine included.
private func referenceSlerp(_ a: DecomposedTransform.Quaternion, _ b0: DecomposedTransform.Quaternion,
                            _ f: Double) -> DecomposedTransform.Quaternion {
    var b = b0
    var dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
    if dot < 0 { b = (-b.x, -b.y, -b.z, -b.w); dot = -dot }
    let wa: Double, wb: Double
    if dot > 0.9999 {
        wa = 1 - f; wb = f
    } else {
        let theta = acos(min(dot, 1)), s = sin(theta)
        wa = sin((1 - f) * theta) / s
        wb = sin(f * theta) / s
    }
    var q = (a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb, a.w * wa + b.w * wb)
    let n = (q.0 * q.0 + q.1 * q.1 + q.2 * q.2 + q.3 * q.3).squareRoot()
    if n > 0 { q = (q.0 / n, q.1 / n, q.2 / n, q.3 / n) }
    return q
}

private func rotation(_ degrees: Double, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(rotationAngle: CGFloat(degrees * .pi / 180), x: x, y: y, z: z)
}

/// Ends an animation meets: rotations about several axes (near each other, opposite, a
/// half turn), scales with reflections, shears, translations and perspective.
private let transforms: [CATransform3D] = {
    var perspective = CATransform3D.identity
    perspective.m34 = -1 / 500
    var shear = CATransform3D.identity
    shear.m21 = 0.4
    shear.m31 = -0.2
    return [
        .identity, rotation(60, 0, 0, 1), rotation(60.0001, 0, 0, 1), rotation(-170, 0, 0, 1), rotation(180, 0, 1, 0),
        rotation(45, 1, 1, 1), CATransform3D(scaleX: -1, y: 2, z: 0.5), CATransform3D(scaleX: 3, y: 3, z: 3),
        shear, CATransform3D(translationX: 12, y: -7, z: 30).concatenating(rotation(30, 1, 0, 0)),
        perspective.concatenating(rotation(-35, 0, 1, 0)),
    ]
}()

/// Whether the two matrices have the same bits in every entry.
private func identical(_ a: CATransform3D, _ b: CATransform3D) -> Bool { TransformBlend.identical(a, b) }

@Suite("TransformBlend: a transform animation's blend, prepared once")
struct TransformBlendTests {
    @Test("every pair of ends at fractions from -0.5 to 1.5 gives the matrix the per-frame blend gave, bit for bit")
    func sameAsPerFrameBlend() throws {
        let fractions = (-32 ... 96).map { Double($0) / 64 } + [1e-9, 0.3333333333333333, 0.9999999]
        for from in transforms {
            for to in transforms {
                let blend = try #require(TransformBlend(from: from, to: to))
                let a = try #require(DecomposedTransform(from)), b = try #require(DecomposedTransform(to))
                for f in fractions {
                    var parts = a.interpolated(to: b, fraction: f)
                    let now = blend.transform(at: f)
                    #expect(identical(now, parts.transform), "\(from) → \(to) at \(f): same as interpolated(to:fraction:)")
                    parts.quaternion = referenceSlerp(a.quaternion, b.quaternion, f)
                    #expect(identical(now, referenceTransform(parts)), "\(from) → \(to) at \(f): same as before")
                }
            }
        }
    }

    @Test("the matrix reassembled from its parts is the one the array-based code gave")
    func reassembly() throws {
        for t in transforms {
            let d = try #require(DecomposedTransform(t))
            #expect(identical(d.transform, referenceTransform(d)), "\(t)")
        }
    }

    @Test("blends made from the same matrices share values; 0 and -0 are told apart")
    func sharing() throws {
        let turn = rotation(60, 0, 0, 1)
        let first = try #require(TransformBlend(from: .identity, to: turn))
        let second = try #require(TransformBlend(from: .identity, to: turn))
        #expect(first.sharesValues(with: second))
        var negativeZero = turn
        negativeZero.m43 = -0.0
        let third = try #require(TransformBlend(from: .identity, to: negativeZero))
        #expect(!first.sharesValues(with: third), "-0 differs from 0 in its bits")
        #expect(TransformBlend(from: .identity, to: CATransform3D(scaleX: 0, y: 1, z: 1)) == nil, "a zero scale")
    }
}
