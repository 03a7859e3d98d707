import Foundation
import Testing
@testable import TabulaCore
import TabulaTestBasics

// Transforms are built with the row-vector convention: `a.concatenating(b)` applies a first.

private func rotation(_ degrees: Double, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(rotationAngle: radians(degrees), x: x, y: y, z: z)
}

private func zRotation(_ degrees: Double) -> CATransform3D { rotation(degrees, 0, 0, 1) }

/// A 2D shear as a raw affine transform (c ≠ 0 tilts the y axis), lifted to 3D.
private func shear(b: CGFloat = 0, c: CGFloat) -> CATransform3D {
    CATransform3D(CGAffineTransform(a: 1, b: b, c: c, d: 1, tx: 0, ty: 0))
}

/// A shear that mixes z into x and y (upper 3×3 only).
private func shear3D(xz: CGFloat, yz: CGFloat) -> CATransform3D {
    var t = CATransform3D.identity
    t.m31 = xz
    t.m32 = yz
    return t
}

/// `t` divided by its m44: the matrix a decomposition can reproduce (the same projective map).
private func normalized(_ t: CATransform3D) -> CATransform3D {
    CATransform3D(entries: t.entries.map { $0 / t.m44 })
}

private func roundTrip(_ t: CATransform3D) -> CATransform3D? { DecomposedTransform(t)?.transform }

private func isFinite(_ t: CATransform3D) -> Bool { t.entries.allSatisfy(\.isFinite) }

/// The determinant of the upper-left 2×2 (area scale in the screen plane).
private func det2(_ t: CATransform3D) -> CGFloat { t.m11 * t.m22 - t.m12 * t.m21 }

private let rotationAxes: [(CGFloat, CGFloat, CGFloat)] = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 1), (-2, 3, 0.5)]
private let rotationAngles: [Double] = [-170, -90, -30, 0, 45, 120, 180]
private let scales: [(CGFloat, CGFloat, CGFloat)] = [
    (1, 1, 1), (2, 0.5, 3), (-1, 1, 1), (1, -2, 0.5), (-1, -1, -1), (0.3, 0.3, -4),
]
private let skews: [CATransform3D] = [.identity, shear(c: 0.4), shear(b: -0.3, c: 0.7), shear3D(xz: 0.2, yz: -0.5)]
private let translations: [CATransform3D] = [.identity, CATransform3D(translationX: 10, y: -20, z: 30)]
private let perspectives: [CATransform3D] = [.identity, perspective(distance: 500)]

@Suite("DecomposedTransform: unmatrix, recompose, interpolate")
struct DecomposedTransformTests {
    // MARK: Components

    @Test("simple transforms decompose into the expected parts")
    func components() throws {
        let t = try #require(DecomposedTransform(CATransform3D(translationX: 10, y: -20, z: 30)))
        #expect(t.translation == (10, -20, 30))
        #expect(t.scale == (1, 1, 1))
        #expect(t.quaternion == (0, 0, 0, 1))
        #expect(t.perspective == (0, 0, 0, 1))
        #expect(t.skew == (0, 0, 0))

        let s = try #require(DecomposedTransform(CATransform3D(scaleX: 2, y: 3, z: 4)))
        #expect(s.scale == (2, 3, 4))
        #expect(s.quaternion == (0, 0, 0, 1))

        // A z rotation by θ is the quaternion (0, 0, sin θ/2, cos θ/2).
        let r = try #require(DecomposedTransform(zRotation(30)))
        let half = 15 * Double.pi / 180
        #expect(abs(r.quaternion.x) <= 1e-12 && abs(r.quaternion.y) <= 1e-12)
        #expect(abs(r.quaternion.z - sin(half)) <= 1e-12 && abs(r.quaternion.w - cos(half)) <= 1e-12)
        #expect(abs(r.rotationZ - 30 * Double.pi / 180) <= 1e-12)

        let k = try #require(DecomposedTransform(shear(c: 0.5)))
        #expect(abs(k.skew.xy - 0.5) <= 1e-12 && k.skew.xz == 0 && k.skew.yz == 0)
        #expect(abs(k.scale.x - 1) <= 1e-12 && abs(k.scale.y - 1) <= 1e-12)
        #expect(abs(k.quaternion.w - 1) <= 1e-12)

        let p = try #require(DecomposedTransform(perspective(distance: 500)))
        #expect(abs(p.perspective.z + 1.0 / 500) <= 1e-15)
        #expect(p.perspective.x == 0 && p.perspective.y == 0 && p.perspective.w == 1)
        #expect(p.translation == (0, 0, 0))
    }

    @Test("a reflection is carried by the scale; the rotation stays a unit quaternion")
    func reflection() throws {
        let d = try #require(DecomposedTransform(CATransform3D(scaleX: -1, y: 1, z: 1)))
        #expect(d.scale.x * d.scale.y * d.scale.z < 0)
        let q = d.quaternion
        #expect(abs(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w - 1) <= 1e-12)
        #expect(approx(d.transform, CATransform3D(scaleX: -1, y: 1, z: 1)))
    }

    // MARK: Round trips

    @Test("decompose then recompose gives the transform back (scale · skew · rotation · translation · perspective)",
          arguments: Array(skews.indices), Array(perspectives.indices))
    func roundTripGrid(skewIndex: Int, perspectiveIndex: Int) {
        let skew = skews[skewIndex], persp = perspectives[perspectiveIndex]
        var count = 0
        for (sx, sy, sz) in scales {
            for (ax, ay, az) in rotationAxes {
                for angle in rotationAngles {
                    for translation in translations {
                        let r = rotation(angle, ax, ay, az)
                        let s = CATransform3D(scaleX: sx, y: sy, z: sz)
                        // The canonical order, and a scrambled one (rotation before scale: a sheared result).
                        let orders = [
                            s.concatenating(skew).concatenating(r).concatenating(translation).concatenating(persp),
                            persp.concatenating(r).concatenating(skew).concatenating(s).concatenating(translation),
                        ]
                        for t in orders {
                            count += 1
                            guard let back = roundTrip(t) else {
                                Issue.record("not decomposable: \(t)")
                                continue
                            }
                            let label = "scale (\(sx), \(sy), \(sz)), axis (\(ax), \(ay), \(az)), \(angle)°"
                            // The decomposition normalises m44 to 1; everything else comes back.
                            #expect(approx(back, normalized(t), tol: 1e-9), "\(label): \(t) → \(back)")
                            if t.m44 == 1 {
                                #expect(approx(back, t, tol: 1e-9), "\(label)")
                            }
                        }
                    }
                }
            }
        }
        #expect(count == scales.count * rotationAxes.count * rotationAngles.count * translations.count * 2)
    }

    @Test("round trip of seeded random products of translations, scales, rotations, shears and perspective")
    func roundTripRandom() {
        var rng = SeededRandom(seed: 0xDEC0)
        for i in 0..<500 {
            var t = rng.wellConditionedTransform(steps: 5)
            if i % 3 == 1 { t = t.concatenating(shear(b: rng.value(-0.8...0.8), c: rng.value(-0.8...0.8))) }
            if i % 2 == 0 { t = t.concatenating(perspective(distance: rng.value(300...2000))) }
            guard t.m44 > 0.1 else { continue }   // keep the origin in front of the viewer
            guard let back = roundTrip(t) else {
                Issue.record("case \(i) not decomposable: \(t)")
                continue
            }
            #expect(approx(back, normalized(t), tol: 1e-9), "case \(i): \(t) → \(back)")
            // Same projective map: points land in the same place.
            for p in pointGrid.prefix(6) {
                let h0 = homogeneous(p, t), h1 = homogeneous(p, back)
                guard h0.w > 1e-6 else { continue }
                #expect(approx(h0.x / h0.w, h1.x / h1.w, tol: 1e-8) && approx(h0.y / h0.w, h1.y / h1.w, tol: 1e-8),
                        "case \(i) point \(p)")
            }
        }
    }

    @Test("a transform whose m44 is not 1 comes back scaled to m44 = 1, mapping every point the same way")
    func roundTripNormalisesM44() throws {
        // Translate away from the viewer, then apply perspective: m44 = 1 + 200/500.
        let t = CATransform3D(translationX: 5, y: 6, z: -200).concatenating(perspective(distance: 500))
        #expect(abs(t.m44 - 1.4) <= 1e-12)
        let back = try #require(roundTrip(t))
        #expect(back.m44 == 1)
        #expect(approx(back, normalized(t)))
        for p in pointGrid {
            let h0 = homogeneous(p, t), h1 = homogeneous(p, back)
            #expect(approx(h0.x / h0.w, h1.x / h1.w, tol: 1e-9) && approx(h0.y / h0.w, h1.y / h1.w, tol: 1e-9))
        }
    }

    @Test("singular transforms cannot be decomposed")
    func singular() {
        #expect(DecomposedTransform(CATransform3D(scaleX: 0, y: 1, z: 1)) == nil)
        #expect(DecomposedTransform(CATransform3D(scaleX: 1, y: 0, z: 1)) == nil)
        #expect(DecomposedTransform(CATransform3D(scaleX: 1, y: 1, z: 0)) == nil)
        #expect(DecomposedTransform(zRotation(30).flattened) == nil)   // z squashed flat
        #expect(DecomposedTransform(CATransform3D(entries: [CGFloat](repeating: 0, count: 16))) == nil)
        var noW = CATransform3D.identity
        noW.m44 = 0
        #expect(DecomposedTransform(noW) == nil)
        var nan = CATransform3D.identity
        nan.m41 = .nan
        #expect(DecomposedTransform(nan) == nil)
        // Two parallel rows: rank 2.
        var parallel = CATransform3D.identity
        (parallel.m21, parallel.m22, parallel.m23) = (2, 0, 0)
        #expect(DecomposedTransform(parallel) == nil)
        #expect(DecomposedTransform(.identity) != nil)
    }

    // MARK: Interpolation

    @Test("a z rotation from 0° to 90° turns through the angles in between, without shrinking or shearing")
    func rotationInterpolation() {
        let from = CATransform3D.identity, to = zRotation(90)
        let square = [Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(1, 1, 0), Vec3(0, 1, 0)]
        for i in 0...20 {
            let f = Double(i) / 20
            let m = from.interpolated(to: to, fraction: f)
            #expect(approx(m, CATransform3D(rotationAngle: radians(90 * f), x: 0, y: 0, z: 1), tol: 1e-9),
                    "f = \(f): \(m)")
            let corners = square.map { mapPoint($0, through: m) }
            for k in 0..<4 {
                let a = corners[k], b = corners[(k + 1) % 4]
                let length = Vec3(b.x - a.x, b.y - a.y, b.z - a.z).length
                #expect(approx(length, 1, tol: 1e-9), "f = \(f): edge \(k) has length \(length)")
            }
            let diagonal = Vec3(corners[2].x - corners[0].x, corners[2].y - corners[0].y, 0).length
            #expect(approx(diagonal, 2.squareRoot(), tol: 1e-9))
        }
        let half = from.interpolated(to: to, fraction: 0.5)
        #expect(approx(half, CATransform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)))
        #expect(abs(DecomposedTransform(half)!.rotationZ - .pi / 4) <= 1e-12)
    }

    @Test("rotations about any axis interpolate along that axis", arguments: Array(rotationAxes.indices))
    func axisRotationInterpolation(axisIndex: Int) {
        let (x, y, z) = rotationAxes[axisIndex]
        for angle in [-150.0, -60, 10, 90, 170] {
            let to = rotation(angle, x, y, z)
            for f in stride(from: 0.0, through: 1, by: 0.125) {
                let m = CATransform3D.identity.interpolated(to: to, fraction: f)
                #expect(approx(m, rotation(angle * f, x, y, z), tol: 1e-9), "axis \(axisIndex), \(angle)° at \(f)")
            }
        }
    }

    @Test("drop-in card: from a −15° tilt with an offset to identity")
    func cardDropIn() throws {
        let start = CATransform3D.identity.rotated(by: radians(-15), x: 0, y: 0, z: 1)
            .translatedBy(x: -20, y: -20, z: 0)
        #expect(approx(start.interpolated(to: .identity, fraction: 0), start))
        #expect(approx(start.interpolated(to: .identity, fraction: 1), .identity))

        let mid = start.interpolated(to: .identity, fraction: 0.5)
        let d = try #require(DecomposedTransform(mid))
        #expect(abs(d.rotationZ - (-7.5 * Double.pi / 180)) <= 1e-9, "rotation \(d.rotationZ * 180 / .pi)°")
        #expect(approx(det2(mid), 1, tol: 1e-9))
        // The translation (in m41, m42) moves half way.
        #expect(approx(mid.m41, start.m41 / 2) && approx(mid.m42, start.m42 / 2))
        #expect(mid.isAffine)

        for i in 0...40 {
            let f = Double(i) / 40
            let m = start.interpolated(to: .identity, fraction: f)
            let angle = try #require(DecomposedTransform(m)).rotationZ
            #expect(abs(angle - (-15 * (1 - f) * Double.pi / 180)) <= 1e-9, "f = \(f)")
            #expect(approx(det2(m), 1, tol: 1e-9), "f = \(f): area changes to \(det2(m))")
            // Pure rotation in the upper 2×2: orthonormal rows.
            #expect(approx(m.m11 * m.m11 + m.m12 * m.m12, 1, tol: 1e-9))
            #expect(approx(m.m11 * m.m21 + m.m12 * m.m22, 0, tol: 1e-9))
        }
    }

    @Test("slerp takes the short way round: 170° to −170° passes through 180°, not 0°")
    func shortestArc() throws {
        let from = zRotation(170), to = zRotation(-170)
        let mid = from.interpolated(to: to, fraction: 0.5)
        #expect(approx(mid, zRotation(180), tol: 1e-9), "\(mid)")
        #expect(mid.m11 < -0.99)
        let d = try #require(DecomposedTransform(mid))
        #expect(abs(abs(d.rotationZ) - .pi) <= 1e-9)
        for f in stride(from: 0.0, through: 1, by: 0.05) {
            let m = from.interpolated(to: to, fraction: f)
            #expect(approx(m, zRotation(170 + 20 * f), tol: 1e-9), "f = \(f)")
            #expect(m.m11 < -0.98, "f = \(f): swung the long way through 0°")
        }
        // And the other way round.
        #expect(approx(zRotation(-170).interpolated(to: zRotation(170), fraction: 0.25), zRotation(-175), tol: 1e-9))
        // 10° to 350°: through 0°, not 180°.
        #expect(approx(zRotation(10).interpolated(to: zRotation(350), fraction: 0.5), .identity, tol: 1e-9))
    }

    @Test("every pair of z rotations meets half way along the shorter arc, whatever signs their quaternions get")
    func shortestArcGrid() {
        // q and −q are the same rotation; the extraction may return either, so this sweeps
        // pairs on both sides of each branch of it (identity → −120° needs the sign flip).
        let angles = Array(stride(from: -175.0, through: 175, by: 12.5)) + [0, 90, -90, 179]
        for a in angles {
            for b in angles {
                var delta = (b - a).truncatingRemainder(dividingBy: 360)
                if delta > 180 { delta -= 360 }
                if delta < -180 { delta += 360 }
                guard abs(abs(delta) - 180) > 1 else { continue }   // half-turns have no shorter arc
                let mid = zRotation(a).interpolated(to: zRotation(b), fraction: 0.5)
                #expect(approx(mid, zRotation(a + delta / 2), tol: 1e-9), "\(a)° → \(b)°: \(mid)")
            }
        }
        #expect(approx(CATransform3D.identity.interpolated(to: zRotation(-120), fraction: 0.5), zRotation(-60), tol: 1e-9))
    }

    @Test("interpolating between perspective transforms stays finite and keeps its endpoints")
    func perspectiveInterpolation() throws {
        let p = perspective(distance: 500)
        let from = p
        let to = rotation(60, 0, 1, 0).concatenating(CATransform3D(translationX: 0, y: 0, z: -100)).concatenating(p)
        #expect(approx(from.interpolated(to: to, fraction: 0), normalized(from), tol: 1e-9))
        #expect(approx(from.interpolated(to: to, fraction: 1), normalized(to), tol: 1e-9))
        for i in 0...50 {
            let f = Double(i) / 50
            let m = from.interpolated(to: to, fraction: f)
            #expect(isFinite(m), "f = \(f): \(m)")
            for q in [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: -50), CGPoint(x: -80, y: 120)] {
                let projected = try #require(m.project(q), "f = \(f): \(q) went behind the viewer")
                #expect(projected.x.isFinite && projected.y.isFinite)
            }
        }
        // The perspective entry itself blends linearly.
        let near = perspective(distance: 500), far = perspective(distance: 1000)
        let blended = near.interpolated(to: far, fraction: 0.5)
        let halfWay: CGFloat = (-1.0 / 500 - 1.0 / 1000) / 2
        #expect(approx(blended.m34, halfWay, tol: 1e-12))
        var onlyPerspective = CATransform3D.identity
        onlyPerspective.m34 = halfWay
        #expect(approx(blended, onlyPerspective, tol: 1e-12))
        // Perspective with a card flip about y.
        let flipFrom = rotation(0, 0, 1, 0).concatenating(p), flipTo = rotation(80, 0, 1, 0).concatenating(p)
        for i in 0...20 {
            let m = flipFrom.interpolated(to: flipTo, fraction: Double(i) / 20)
            #expect(isFinite(m))
            #expect(approx(m, rotation(4 * Double(i), 0, 1, 0).concatenating(p), tol: 1e-9), "step \(i)")
        }
    }

    @Test("translation, scale and skew blend linearly")
    func linearParts() throws {
        let from = CATransform3D(scaleX: 1, y: 1, z: 1)
        let to = CATransform3D(scaleX: 3, y: 0.5, z: 2).concatenating(CATransform3D(translationX: 100, y: -50, z: 10))
        let mid = from.interpolated(to: to, fraction: 0.5)
        let expected = CATransform3D(scaleX: 2, y: 0.75, z: 1.5).concatenating(CATransform3D(translationX: 50, y: -25, z: 5))
        #expect(approx(mid, expected), "\(mid)")

        let sheared = from.interpolated(to: shear(c: 0.8), fraction: 0.25)
        #expect(approx(sheared, shear(c: 0.2)), "\(sheared)")

        let a = try #require(DecomposedTransform(from)), b = try #require(DecomposedTransform(to))
        let q = a.interpolated(to: b, fraction: 0.3)
        #expect(abs(q.scale.x - 1.6) <= 1e-12 && abs(q.scale.y - 0.85) <= 1e-12 && abs(q.scale.z - 1.3) <= 1e-12)
        #expect(abs(q.translation.x - 30) <= 1e-12 && abs(q.translation.y + 15) <= 1e-12 && abs(q.translation.z - 3) <= 1e-12)
    }

    @Test("reflected transforms blend their scale without flipping through a rotation")
    func reflectedInterpolation() {
        let from = CATransform3D(scaleX: -1, y: 1, z: 1), to = CATransform3D(scaleX: -2, y: 1, z: 1)
        for f in stride(from: 0.0, through: 1, by: 0.1) {
            #expect(approx(from.interpolated(to: to, fraction: f), CATransform3D(scaleX: -1 - f, y: 1, z: 1), tol: 1e-9),
                    "f = \(f)")
        }
    }

    @Test("fractions outside 0…1 extrapolate, as a spring's overshoot needs")
    func extrapolation() {
        let to = zRotation(90).concatenating(CATransform3D(translationX: 40, y: 0, z: 0))
        let over = CATransform3D.identity.interpolated(to: to, fraction: 1.5)
        #expect(approx(over, zRotation(135).concatenating(CATransform3D(translationX: 60, y: 0, z: 0)), tol: 1e-9),
                "\(over)")
        let under = CATransform3D.identity.interpolated(to: to, fraction: -0.25)
        #expect(approx(under, zRotation(-22.5).concatenating(CATransform3D(translationX: -10, y: 0, z: 0)), tol: 1e-9))
    }

    @Test("the endpoints come back for random pairs, and a transform blended with itself stays put")
    func endpointsAndFixedPoints() {
        var rng = SeededRandom(seed: 77)
        for i in 0..<200 {
            var a = rng.wellConditionedTransform(), b = rng.wellConditionedTransform()
            if i % 4 == 0 { a = a.concatenating(perspective(distance: 800)) }
            if i % 5 == 0 { b = b.concatenating(shear(c: 0.3)) }
            #expect(approx(a.interpolated(to: b, fraction: 0), normalized(a), tol: 1e-9), "case \(i)")
            #expect(approx(a.interpolated(to: b, fraction: 1), normalized(b), tol: 1e-9), "case \(i)")
            for f in [0.1, 0.5, 0.9] {
                #expect(approx(a.interpolated(to: a, fraction: f), normalized(a), tol: 1e-9), "case \(i) at \(f)")
                #expect(isFinite(a.interpolated(to: b, fraction: f)))
            }
        }
    }

    @Test("when either end is singular, transforms blend entry by entry")
    func entrywiseFallback() {
        let flat = CATransform3D(scaleX: 0, y: 1, z: 1)
        let to = CATransform3D(scaleX: 2, y: 4, z: 1).concatenating(CATransform3D(translationX: 10, y: 0, z: 0))
        let mid = flat.interpolated(to: to, fraction: 0.5)
        let expected = CATransform3D(entries: zip(flat.entries, to.entries).map { ($0 + $1) / 2 })
        #expect(approx(mid, expected))
        #expect(mid.m11 == 1 && mid.m22 == 2.5 && mid.m41 == 5)
        #expect(approx(to.interpolated(to: flat, fraction: 0.25),
                       CATransform3D(entries: zip(to.entries, flat.entries).map { $0 + ($1 - $0) / 4 })))
    }

    @Test("rotationZ reads back the angle of a z rotation, whatever the scale and translation")
    func rotationZReadBack() throws {
        for degrees in stride(from: -179.0, through: 179, by: 1) {
            let plain = try #require(DecomposedTransform(zRotation(degrees)))
            #expect(abs(plain.rotationZ - degrees * .pi / 180) <= 1e-12, "\(degrees)°")
            let dressed = CATransform3D(scaleX: 2.5, y: 2.5, z: 1).concatenating(zRotation(degrees))
                .concatenating(CATransform3D(translationX: -30, y: 12, z: 0))
            let d = try #require(DecomposedTransform(dressed))
            #expect(abs(d.rotationZ - degrees * .pi / 180) <= 1e-9, "\(degrees)° scaled and moved")
        }
        #expect(abs(abs(DecomposedTransform(zRotation(180))!.rotationZ) - .pi) <= 1e-12)
        #expect(DecomposedTransform(.identity)!.rotationZ == 0)
    }

    @Test("equal transforms decompose equally and hash alike")
    func equatableAndHashable() throws {
        let t = zRotation(33).concatenating(CATransform3D(translationX: 1, y: 2, z: 3))
        let a = try #require(DecomposedTransform(t)), b = try #require(DecomposedTransform(t))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        let c = try #require(DecomposedTransform(zRotation(34)))
        #expect(a != c)
        #expect(Set([a, b, c]).count == 2)
    }
}
