import Foundation
import Testing
@testable import TabulaCore
import TabulaTestBasics

@Suite("CATransform3D: layout and constructors")
struct CATransform3DLayoutTests {
    @Test("identity is the unit matrix, and every way of spelling it agrees")
    func identity() {
        let expected: [CGFloat] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        #expect(CATransform3D.identity.entries == expected)
        #expect(CATransform3D() == .identity)
        #expect(CATransform3DIdentity == .identity)
        #expect(CATransform3D.identity.isIdentity)
        #expect(CATransform3DIsIdentity(.identity))
        #expect(CATransform3DEqualToTransform(CATransform3D(), CATransform3DIdentity))
        #expect(!CATransform3DEqualToTransform(.identity, CATransform3D(scaleX: 1, y: 1, z: -1)))
        #expect(!CATransform3D(translationX: 0, y: 0, z: 1e-12).isIdentity)
        for p in pointGrid {
            #expect(mapPoint(p, through: .identity) == p)
        }
    }

    @Test("entries are row-major and init(entries:) is their inverse")
    func entriesRowMajor() {
        let values = (1...16).map { CGFloat($0) }
        let m = CATransform3D(entries: values)
        #expect(m.entries == values)
        #expect((m.m11, m.m12, m.m13, m.m14) == (1, 2, 3, 4))
        #expect((m.m21, m.m22, m.m23, m.m24) == (5, 6, 7, 8))
        #expect((m.m31, m.m32, m.m33, m.m34) == (9, 10, 11, 12))
        #expect((m.m41, m.m42, m.m43, m.m44) == (13, 14, 15, 16))
        var rng = SeededRandom(seed: 1)
        for _ in 0..<50 {
            let t = rng.wellConditionedTransform()
            #expect(CATransform3D(entries: t.entries) == t)
        }
    }

    @Test("translation lives in m41…m43 and moves points by (tx, ty, tz)")
    func translation() {
        for tx: CGFloat in [-250, -1, 0, 0.5, 30] {
            for ty: CGFloat in [-7, 0, 12.25] {
                for tz: CGFloat in [-100, 0, 3] {
                    let t = CATransform3D(translationX: tx, y: ty, z: tz)
                    #expect(t == CATransform3DMakeTranslation(tx, ty, tz))
                    var expected = CATransform3D.identity
                    (expected.m41, expected.m42, expected.m43) = (tx, ty, tz)
                    #expect(t == expected)
                    for p in pointGrid {
                        #expect(mapPoint(p, through: t) == Vec3(p.x + tx, p.y + ty, p.z + tz))
                    }
                }
            }
        }
    }

    @Test("scale is the diagonal and multiplies each coordinate")
    func scale() {
        for sx: CGFloat in [-2, 0.5, 1, 3] {
            for sy: CGFloat in [-1, 0.25, 4] {
                for sz: CGFloat in [-3, 1, 2] {
                    let s = CATransform3D(scaleX: sx, y: sy, z: sz)
                    #expect(s == CATransform3DMakeScale(sx, sy, sz))
                    #expect(s.entries == [sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, sz, 0, 0, 0, 0, 1])
                    for p in pointGrid {
                        #expect(mapPoint(p, through: s) == Vec3(p.x * sx, p.y * sy, p.z * sz))
                    }
                }
            }
        }
    }
}

@Suite("CATransform3D: rotation")
struct CATransform3DRotationTests {
    @Test("rotation about z equals CGAffineTransform(rotationAngle:) at every angle")
    func zRotationMatchesAffine() {
        for degrees in angleGridDegrees {
            let angle = radians(degrees)
            let r = CATransform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
            let affine = CGAffineTransform(rotationAngle: angle)
            #expect(approx(r, CATransform3D(affine)), "\(degrees)°")
            #expect(approx(r.affineTransform, affine), "\(degrees)°")
            // A z rotation must stay exactly affine so that it takes the 2D path
            // and round-trips through CGAffineTransform.
            #expect(r.isAffine, "\(degrees)°: \(r)")
            #expect(r == CATransform3D(affine), "\(degrees)°")
        }
    }

    @Test("a positive angle turns (1, 0) towards (0, 1): clockwise on a y-down screen")
    func zRotationDirection() {
        let quarter = CATransform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        #expect(approx(mapPoint(Vec3(1, 0, 0), through: quarter), Vec3(0, 1, 0)))
        #expect(approx(mapPoint(Vec3(0, 1, 0), through: quarter), Vec3(-1, 0, 0)))
        for degrees in stride(from: 1.0, to: 180.0, by: 7.0) {
            let r = CATransform3D(rotationAngle: radians(degrees), x: 0, y: 0, z: 1)
            let p = mapPoint(Vec3(1, 0, 0), through: r)
            #expect(p.y > 0, "\(degrees)°")
            #expect(approx(p.x, cos(radians(degrees))) && approx(p.y, sin(radians(degrees))))
            let q = mapPoint(Vec3(1, 0, 0), through: CATransform3D(rotationAngle: -radians(degrees), x: 0, y: 0, z: 1))
            #expect(q.y < 0, "-\(degrees)°")
        }
    }

    @Test("rotations about x and y follow the right-hand rule, as Core Animation's do")
    func principalAxisDirections() {
        let ry = CATransform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
        #expect(approx(mapPoint(Vec3(1, 0, 0), through: ry), Vec3(0, 0, -1)))
        #expect(approx(mapPoint(Vec3(0, 0, 1), through: ry), Vec3(1, 0, 0)))
        #expect(approx(ry.m13, -1) && approx(ry.m31, 1))
        let rx = CATransform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0)
        #expect(approx(mapPoint(Vec3(0, 1, 0), through: rx), Vec3(0, 0, 1)))
        #expect(approx(mapPoint(Vec3(0, 0, 1), through: rx), Vec3(0, -1, 0)))
        #expect(approx(rx.m23, 1) && approx(rx.m32, -1))
    }

    @Test("rotation preserves lengths and distances, keeps the axis fixed and has determinant 1")
    func rigidAndAxisFixed() {
        for degrees in angleGridDegrees {
            for axis in axisGrid {
                let r = CATransform3D(rotationAngle: radians(degrees), x: axis.x, y: axis.y, z: axis.z)
                #expect(approx(r.determinant, 1), "\(degrees)° about \(axis)")
                #expect((r.m14, r.m24, r.m34, r.m44) == (0, 0, 0, 1))
                #expect((r.m41, r.m42, r.m43) == (0, 0, 0))
                for p in pointGrid {
                    let q = mapPoint(p, through: r)
                    #expect(approx(q.length, p.length), "\(degrees)° about \(axis), \(p) → \(q)")
                }
                for k: CGFloat in [-3, 0.5, 1, 40] {
                    let onAxis = k * axis
                    #expect(approx(mapPoint(onAxis, through: r), onAxis), "\(degrees)° about \(axis)")
                }
                // Orthogonal: the transpose undoes it.
                var transpose = r
                (transpose.m12, transpose.m21) = (r.m21, r.m12)
                (transpose.m13, transpose.m31) = (r.m31, r.m13)
                (transpose.m23, transpose.m32) = (r.m32, r.m23)
                #expect(approx(r.concatenating(transpose), .identity))
            }
        }
    }

    @Test("R(a) then R(b) about the same axis is R(a + b)")
    func anglesAdd() {
        for a in angleGridDegrees {
            for b in stride(from: -360.0, through: 360.0, by: 45.0) {
                for axis in axisGrid {
                    let ra = CATransform3D(rotationAngle: radians(a), x: axis.x, y: axis.y, z: axis.z)
                    let rb = CATransform3D(rotationAngle: radians(b), x: axis.x, y: axis.y, z: axis.z)
                    let sum = CATransform3D(rotationAngle: radians(a + b), x: axis.x, y: axis.y, z: axis.z)
                    #expect(approx(ra.concatenating(rb), sum), "\(a)° + \(b)° about \(axis)")
                    #expect(approx(ra.rotated(by: radians(b), x: axis.x, y: axis.y, z: axis.z), sum))
                }
            }
        }
    }

    @Test("a full turn is the identity and a half turn about z negates x and y")
    func fullAndHalfTurns() {
        for axis in axisGrid {
            for turns in [-2.0, -1.0, 1.0, 3.0] {
                let r = CATransform3D(rotationAngle: CGFloat(turns * 2 * .pi), x: axis.x, y: axis.y, z: axis.z)
                #expect(approx(r, .identity), "\(turns) turns about \(axis)")
            }
        }
        let half = CATransform3D(rotationAngle: .pi, x: 0, y: 0, z: 1)
        #expect(approx(mapPoint(Vec3(3, -4, 5), through: half), Vec3(-3, 4, 5)))
    }

    @Test("the axis need not be normalised; reversing it reverses the angle; a zero axis gives identity")
    func axisNormalisation() {
        for degrees in angleGridDegrees {
            let angle = radians(degrees)
            for axis in axisGrid {
                let r = CATransform3D(rotationAngle: angle, x: axis.x, y: axis.y, z: axis.z)
                for k: CGFloat in [0.01, 2, 1000] {
                    let scaled = k * axis
                    #expect(approx(CATransform3D(rotationAngle: angle, x: scaled.x, y: scaled.y, z: scaled.z), r))
                }
                let reversed = CATransform3D(rotationAngle: -angle, x: -axis.x, y: -axis.y, z: -axis.z)
                #expect(approx(reversed, r), "\(degrees)° about \(axis)")
                #expect(CATransform3DMakeRotation(angle, axis.x, axis.y, axis.z) == r)
            }
            #expect(CATransform3D(rotationAngle: angle, x: 0, y: 0, z: 0) == .identity)
        }
    }

    @Test("an oblique rotation by 120° about (1, 1, 1) cycles the axes x → y → z → x")
    func obliqueCycle() {
        let r = CATransform3D(rotationAngle: 2 * .pi / 3, x: 1, y: 1, z: 1)
        #expect(approx(mapPoint(Vec3(1, 0, 0), through: r), Vec3(0, 1, 0)))
        #expect(approx(mapPoint(Vec3(0, 1, 0), through: r), Vec3(0, 0, 1)))
        #expect(approx(mapPoint(Vec3(0, 0, 1), through: r), Vec3(1, 0, 0)))
    }
}

@Suite("CATransform3D: concatenation and the *By modifiers")
struct CATransform3DConcatenationTests {
    @Test("translate then scale differs from scale then translate, with exact values")
    func order() {
        let t = CATransform3D(translationX: 10, y: 20, z: 0)
        let s = CATransform3D(scaleX: 2, y: 3, z: 1)
        let translateThenScale = t.concatenating(s)
        let scaleThenTranslate = s.concatenating(t)
        #expect(translateThenScale != scaleThenTranslate)
        #expect(translateThenScale.entries == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 20, 60, 0, 1])
        #expect(scaleThenTranslate.entries == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 10, 20, 0, 1])
        #expect(mapPoint(Vec3(1, 1, 0), through: translateThenScale) == Vec3(22, 63, 0))
        #expect(mapPoint(Vec3(1, 1, 0), through: scaleThenTranslate) == Vec3(12, 23, 0))
        #expect(CATransform3DConcat(t, s) == translateThenScale)

        let r = CATransform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        // Rotate (1, 0) to (0, 1), then move it by (10, 0).
        #expect(approx(mapPoint(Vec3(1, 0, 0), through: r.concatenating(CATransform3D(translationX: 10, y: 0, z: 0))),
                       Vec3(10, 1, 0)))
        // Move (1, 0) to (11, 0), then rotate to (0, 11).
        #expect(approx(mapPoint(Vec3(1, 0, 0), through: CATransform3D(translationX: 10, y: 0, z: 0).concatenating(r)),
                       Vec3(0, 11, 0)))
    }

    @Test("a.concatenating(b) maps every point through a, then b")
    func appliesFirstThenSecond() {
        var rng = SeededRandom(seed: 2)
        for _ in 0..<200 {
            let a = rng.wellConditionedTransform(), b = rng.wellConditionedTransform()
            let ab = a.concatenating(b)
            #expect(CATransform3DConcat(a, b) == ab)
            for p in pointGrid {
                let expected = mapPoint(mapPoint(p, through: a), through: b)
                #expect(approx(mapPoint(p, through: ab), expected, tol: 1e-8), "\(p)")
            }
        }
    }

    @Test("concatenation is associative and the identity is neutral")
    func associativeWithIdentity() {
        var rng = SeededRandom(seed: 3)
        for _ in 0..<200 {
            let a = rng.wellConditionedTransform(), b = rng.wellConditionedTransform()
            var c = rng.wellConditionedTransform()
            c.m34 = rng.value(-0.01...0.01)
            #expect(approx(a.concatenating(b).concatenating(c), a.concatenating(b.concatenating(c)), tol: 1e-8))
            #expect(a.concatenating(.identity) == a)
            #expect(CATransform3D.identity.concatenating(c) == c)
        }
    }

    @Test("translatedBy applies the translation before self, like CATransform3DTranslate")
    func translatedByIsPrefix() {
        let doubled = CATransform3D(scaleX: 2, y: 2, z: 1)
        let m = doubled.translatedBy(x: 10, y: 0, z: 0)
        #expect(mapPoint(Vec3(0, 0, 0), through: m) == Vec3(20, 0, 0))  // translated first, then doubled
        #expect(m.entries == [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 20, 0, 0, 1])
        var rng = SeededRandom(seed: 4)
        for _ in 0..<30 {
            let base = rng.wellConditionedTransform()
            for tx: CGFloat in [-50, 0, 7.5] {
                for ty: CGFloat in [-3, 40] {
                    for tz: CGFloat in [0, 12] {
                        let expected = CATransform3D(translationX: tx, y: ty, z: tz).concatenating(base)
                        #expect(base.translatedBy(x: tx, y: ty, z: tz) == expected)
                        #expect(CATransform3DTranslate(base, tx, ty, tz) == expected)
                        for p in pointGrid {
                            #expect(approx(mapPoint(p, through: base.translatedBy(x: tx, y: ty, z: tz)),
                                           mapPoint(Vec3(p.x + tx, p.y + ty, p.z + tz), through: base), tol: 1e-8))
                        }
                    }
                }
            }
        }
    }

    @Test("scaledBy applies the scale before self, like CATransform3DScale")
    func scaledByIsPrefix() {
        let moved = CATransform3D(translationX: 10, y: 0, z: 0)
        #expect(mapPoint(Vec3(1, 0, 0), through: moved.scaledBy(x: 2, y: 2, z: 1)) == Vec3(12, 0, 0))
        var rng = SeededRandom(seed: 5)
        for _ in 0..<30 {
            let base = rng.wellConditionedTransform()
            for sx: CGFloat in [-2, 0.5, 3] {
                for sy: CGFloat in [1, -0.25] {
                    for sz: CGFloat in [1, 4] {
                        let expected = CATransform3D(scaleX: sx, y: sy, z: sz).concatenating(base)
                        #expect(base.scaledBy(x: sx, y: sy, z: sz) == expected)
                        #expect(CATransform3DScale(base, sx, sy, sz) == expected)
                        for p in pointGrid {
                            #expect(approx(mapPoint(p, through: base.scaledBy(x: sx, y: sy, z: sz)),
                                           mapPoint(Vec3(p.x * sx, p.y * sy, p.z * sz), through: base), tol: 1e-8))
                        }
                    }
                }
            }
        }
    }

    @Test("rotated(by:) applies the rotation before self, like CATransform3DRotate")
    func rotatedIsPrefix() {
        let moved = CATransform3D(translationX: 10, y: 0, z: 0)
        let m = moved.rotated(by: .pi / 2, x: 0, y: 0, z: 1)
        #expect(approx(mapPoint(Vec3(1, 0, 0), through: m), Vec3(10, 1, 0)))
        var rng = SeededRandom(seed: 6)
        for _ in 0..<10 {
            let base = rng.wellConditionedTransform()
            for degrees in angleGridDegrees {
                for axis in axisGrid {
                    let angle = radians(degrees)
                    let r = CATransform3D(rotationAngle: angle, x: axis.x, y: axis.y, z: axis.z)
                    #expect(base.rotated(by: angle, x: axis.x, y: axis.y, z: axis.z) == r.concatenating(base))
                    #expect(CATransform3DRotate(base, angle, axis.x, axis.y, axis.z) == r.concatenating(base))
                }
            }
        }
    }
}

@Suite("CATransform3D: inverse and determinant")
struct CATransform3DInverseTests {
    @Test("M × M⁻¹ and M⁻¹ × M are the identity for well-conditioned products")
    func inverseRoundTrips() {
        var rng = SeededRandom(seed: 7)
        for i in 0..<500 {
            var m = rng.wellConditionedTransform(steps: 1 + i % 6)
            if i % 3 == 0 { m = m.concatenating(perspective(distance: rng.value(300...2000))) }
            let inv = m.inverted()
            #expect(CATransform3DInvert(m) == inv)
            #expect(approx(m.concatenating(inv), .identity, tol: 1e-8), "\(m)")
            #expect(approx(inv.concatenating(m), .identity, tol: 1e-8), "\(m)")
            #expect(approx(inv.inverted(), m, tol: 1e-8))
            for p in pointGrid where i % 3 != 0 {
                #expect(approx(mapPoint(mapPoint(p, through: m), through: inv), p, tol: 1e-8))
            }
        }
    }

    @Test("inverses of the elementary transforms have the expected entries")
    func elementaryInverses() {
        #expect(CATransform3D(translationX: 3, y: -4, z: 5).inverted() == CATransform3D(translationX: -3, y: 4, z: -5))
        #expect(CATransform3D(scaleX: 2, y: 4, z: -0.5).inverted() == CATransform3D(scaleX: 0.5, y: 0.25, z: -2))
        #expect(CATransform3D.identity.inverted() == .identity)
        for degrees in angleGridDegrees {
            for axis in axisGrid {
                let r = CATransform3D(rotationAngle: radians(degrees), x: axis.x, y: axis.y, z: axis.z)
                let back = CATransform3D(rotationAngle: -radians(degrees), x: axis.x, y: axis.y, z: axis.z)
                #expect(approx(r.inverted(), back), "\(degrees)° about \(axis)")
            }
        }
        // (T · S)⁻¹ = S⁻¹ · T⁻¹
        let ts = CATransform3D(translationX: 10, y: 20, z: 30).concatenating(CATransform3D(scaleX: 2, y: 5, z: 4))
        #expect(approx(ts.inverted(), CATransform3D(scaleX: 0.5, y: 0.2, z: 0.25)
            .concatenating(CATransform3D(translationX: -10, y: -20, z: -30))))
    }

    @Test("a singular matrix inverts to itself, unchanged (CATransform3DInvert's documented behaviour)")
    func singularUnchanged() {
        var zero = CATransform3D.identity
        (zero.m11, zero.m22, zero.m33, zero.m44) = (0, 0, 0, 0)
        let singular: [CATransform3D] = [
            CATransform3D(scaleX: 2, y: 3, z: 0),
            CATransform3D(scaleX: 0, y: 1, z: 1).concatenating(CATransform3D(translationX: 5, y: 6, z: 7)),
            CATransform3D(rotationAngle: 0.7, x: 0, y: 1, z: 0).flattened,
            CATransform3D(translationX: 40, y: -9, z: 2).concatenating(CATransform3D(rotationAngle: 1.1, x: 1, y: 2, z: 3))
                .flattened,
            zero,
            CATransform3D(entries: [1, 2, 3, 4, 2, 4, 6, 8, 0, 1, 0, 1, 5, 6, 7, 8]),  // rows 1 and 2 dependent
        ]
        for m in singular {
            #expect(m.determinant == 0, "\(m)")
            #expect(m.inverted() == m, "\(m)")
            #expect(CATransform3DInvert(m) == m)
        }
    }

    @Test("the determinant multiplies: scales give their product, rigid motions 1, det(AB) = det A · det B")
    func determinant() {
        #expect(CATransform3D.identity.determinant == 1)
        #expect(CATransform3D(scaleX: 2, y: -3, z: 0.5).determinant == -3)
        #expect(CATransform3D(translationX: 100, y: -50, z: 7).determinant == 1)
        #expect(perspective(distance: 500).determinant == 1)
        #expect(CATransform3D(entries: (1...16).map { CGFloat($0) }).determinant == 0)
        var rng = SeededRandom(seed: 8)
        for _ in 0..<200 {
            let a = rng.wellConditionedTransform(), b = rng.wellConditionedTransform()
            #expect(approx(a.concatenating(b).determinant, a.determinant * b.determinant, tol: 1e-8))
            #expect(approx(a.inverted().determinant, 1 / a.determinant, tol: 1e-8))
        }
    }
}

@Suite("CATransform3D: affine subset")
struct CATransform3DAffineTests {
    @Test("affine transforms convert to CATransform3D and back unchanged")
    func roundTrip() {
        var rng = SeededRandom(seed: 9)
        for _ in 0..<300 {
            let t = rng.affine()
            let m = CATransform3D(t)
            #expect(m.isAffine)
            #expect(CATransform3DIsAffine(m))
            #expect(m.affineTransform == t)
            #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(t)) == t)
            #expect((m.m11, m.m12, m.m21, m.m22, m.m41, m.m42) == (t.a, t.b, t.c, t.d, t.tx, t.ty))
            #expect((m.m33, m.m44, m.m13, m.m43) == (1, 1, 0, 0))
            for p in pointGrid {
                let mapped = mapPoint(Vec3(p.x, p.y, 0), through: m)
                let expected = CGPoint(x: p.x, y: p.y).applying(t)
                #expect(approx(CGPoint(x: mapped.x, y: mapped.y), expected) && mapped.z == 0)
                #expect(m.project(CGPoint(x: p.x, y: p.y)).map { approx($0, expected) } == true)
                // z passes through untouched
                #expect(mapPoint(p, through: m).z == p.z)
            }
        }
    }

    @Test("conversion preserves concatenation order")
    func conversionIsAHomomorphism() {
        var rng = SeededRandom(seed: 10)
        for _ in 0..<200 {
            let a = rng.affine(), b = rng.affine()
            #expect(approx(CATransform3D(a).concatenating(CATransform3D(b)), CATransform3D(a.concatenating(b)), tol: 1e-8))
            #expect(approx(CATransform3D(a).inverted(), CATransform3D(a.inverted()), tol: 1e-8))
        }
    }

    @Test("translations, scales and z rotations are affine; perspective, depth and x/y rotations are not")
    func isAffineClassification() {
        #expect(CATransform3D.identity.isAffine)
        #expect(CATransform3D(translationX: 5, y: -6, z: 0).isAffine)
        #expect(CATransform3D(scaleX: 2, y: -3, z: 1).isAffine)
        #expect(!CATransform3D(translationX: 0, y: 0, z: 1).isAffine)
        #expect(!CATransform3D(scaleX: 1, y: 1, z: 2).isAffine)
        #expect(!CATransform3D(scaleX: 1, y: 1, z: 0).isAffine)
        #expect(!perspective(distance: 500).isAffine)
        #expect(!CATransform3D(CGAffineTransform(rotationAngle: 0.3)).concatenating(perspective(distance: 800)).isAffine)
        var w = CATransform3D.identity
        w.m44 = 2
        #expect(!w.isAffine)
        for degrees in angleGridDegrees {
            let angle = radians(degrees)
            let z = CATransform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
            #expect(z.isAffine, "\(degrees)° about z")
            #expect(z.translatedBy(x: 3, y: 4, z: 0).scaledBy(x: 2, y: 0.5, z: 1).isAffine, "\(degrees)° about z")
            if degrees.truncatingRemainder(dividingBy: 360) != 0 {
                #expect(!CATransform3D(rotationAngle: angle, x: 1, y: 0, z: 0).isAffine, "\(degrees)° about x")
                #expect(!CATransform3D(rotationAngle: angle, x: 0, y: 1, z: 0).isAffine, "\(degrees)° about y")
                #expect(!CATransform3D(rotationAngle: angle, x: 1, y: 1, z: 1).isAffine, "\(degrees)° about (1,1,1)")
            }
        }
    }
}

@Suite("CATransform3D: perspective, projection and flattening")
struct CATransform3DPerspectiveTests {
    @Test("a plane turned 45° about y under m34 = -1/500: exact projected x for both edges")
    func fortyFiveDegreeCard() throws {
        let card = CATransform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0).concatenating(perspective(distance: 500))
        // (x, 0, 0) rotated about y by θ goes to (x·cosθ, 0, -x·sinθ); the viewer is on +z,
        // so w = 1 + z'·(-m34) = 1 + x·sinθ/500 and the image is x·cosθ / w.
        let far = try #require(card.project(CGPoint(x: 100, y: 0)))
        let near = try #require(card.project(CGPoint(x: -100, y: 0)))
        #expect(approx(far.x, 61.94967154964771))
        #expect(approx(near.x, -82.35783481495383))
        #expect(approx(far.y, 0) && approx(near.y, 0))
        // Without perspective both edges would land at ±70.71; the near one grows, the far one shrinks.
        let flat = 100 * cos(CGFloat.pi / 4)
        #expect(abs(near.x) > flat && abs(far.x) < flat)
        // Vertical edges: the far one is shorter than the near one.
        let farTop = try #require(card.project(CGPoint(x: 100, y: 50)))
        let nearTop = try #require(card.project(CGPoint(x: -100, y: 50)))
        #expect(approx(farTop.y, 43.80503284503523))
        #expect(approx(nearTop.y, 58.23578348149538))
    }

    @Test("projected x follows x·cosθ / (1 + x·sinθ/d) for every angle, distance and point")
    func perspectiveFormula() throws {
        for degrees in stride(from: -75.0, through: 75.0, by: 15.0) {
            let θ = radians(degrees)
            for d: CGFloat in [300, 500, 1000, 2500] {
                let m = CATransform3D(rotationAngle: θ, x: 0, y: 1, z: 0).concatenating(perspective(distance: d))
                #expect(approx(m.m14, sin(θ) / d))
                #expect(!m.isAffine)
                for x: CGFloat in [-150, -40, 0, 25, 150] {
                    for y: CGFloat in [-60, 0, 80] {
                        let w = 1 + x * sin(θ) / d
                        let p = try #require(m.project(CGPoint(x: x, y: y)))
                        #expect(approx(p.x, x * cos(θ) / w), "\(degrees)° d=\(d) x=\(x)")
                        #expect(approx(p.y, y / w), "\(degrees)° d=\(d) y=\(y)")
                        if degrees > 0 && x > 0 { #expect(abs(p.x) < abs(x * cos(θ))) }  // far side shrinks
                        if degrees > 0 && x < 0 { #expect(abs(p.x) > abs(x * cos(θ))) }  // near side grows
                    }
                }
            }
        }
    }

    @Test("project divides by w and honours the z argument")
    func projectBasics() throws {
        var rng = SeededRandom(seed: 11)
        for _ in 0..<100 {
            let m = rng.wellConditionedTransform()
            for p in pointGrid {
                let expected = mapPoint(p, through: m)
                let projected = try #require(m.project(CGPoint(x: p.x, y: p.y), z: p.z))
                #expect(approx(projected, CGPoint(x: expected.x, y: expected.y), tol: 1e-8))
            }
        }
        let eye = perspective(distance: 500)
        // A point 250 towards the viewer is magnified 2×; 500 away, halved.
        let near = try #require(eye.project(CGPoint(x: 10, y: -20), z: 250))
        let far = try #require(eye.project(CGPoint(x: 10, y: -20), z: -500))
        #expect(approx(near, CGPoint(x: 20, y: -40)))
        #expect(approx(far, CGPoint(x: 5, y: -10)))
    }

    @Test("project returns nil for points at or behind the viewer (w ≤ 0)")
    func behindViewer() {
        let eye = perspective(distance: 500)
        #expect(eye.project(CGPoint(x: 10, y: 10), z: 500) == nil)  // w = 0: at the eye
        #expect(eye.project(CGPoint(x: 10, y: 10), z: 501) == nil)
        #expect(eye.project(CGPoint(x: 10, y: 10), z: 10_000) == nil)
        #expect(eye.project(CGPoint(x: 10, y: 10), z: 499) != nil)
        // A plane turned 90° about y with its left part 600 pt from the axis swings behind the eye.
        let edgeOn = CATransform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0).concatenating(eye)
        #expect(edgeOn.project(CGPoint(x: -600, y: 0)) == nil)
        #expect(edgeOn.project(CGPoint(x: -400, y: 0)) != nil)
        #expect(edgeOn.project(CGPoint(x: 600, y: 0)) != nil)
        for degrees in stride(from: 15.0, through: 165.0, by: 15.0) {
            let θ = radians(degrees)
            let m = CATransform3D(rotationAngle: θ, x: 0, y: 1, z: 0).concatenating(eye)
            // w = 1 + x·sinθ/500 ≤ 0 exactly when x ≤ -500/sinθ
            let boundary = -500 / sin(θ)
            #expect(m.project(CGPoint(x: boundary - 1, y: 0)) == nil, "\(degrees)°")
            #expect(m.project(CGPoint(x: boundary + 1, y: 0)) != nil, "\(degrees)°")
        }
        var negativeW = CATransform3D.identity
        negativeW.m44 = -1
        #expect(negativeW.project(.zero) == nil)
    }

    @Test("flattened zeroes the z column and keeps everything else")
    func flattened() {
        var rng = SeededRandom(seed: 12)
        for i in 0..<200 {
            var m = rng.wellConditionedTransform()
            if i.isMultiple(of: 2) { m = m.concatenating(perspective(distance: 700)) }
            let f = m.flattened
            #expect((f.m13, f.m23, f.m33, f.m43) == (0, 0, 0, 0))
            let kept: [KeyPath<CATransform3D, CGFloat>] = [
                \.m11, \.m12, \.m14, \.m21, \.m22, \.m24, \.m31, \.m32, \.m34, \.m41, \.m42, \.m44,
            ]
            for k in kept { #expect(f[keyPath: k] == m[keyPath: k]) }
            #expect(f.flattened == f)
            for p in pointGrid {
                #expect(homogeneous(p, f).z == 0)
                let a = m.project(CGPoint(x: p.x, y: p.y)), b = f.project(CGPoint(x: p.x, y: p.y))
                #expect(a == b)  // x, y and w never read the z column
            }
        }
    }

    @Test("a flattened tilt loses its depth: a later perspective no longer foreshortens it")
    func flatteningDropsDepth() throws {
        let tilt = CATransform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
        let eye = perspective(distance: 500)
        let deep = try #require(tilt.concatenating(eye).project(CGPoint(x: 100, y: 0)))
        let flat = try #require(tilt.flattened.concatenating(eye).project(CGPoint(x: 100, y: 0)))
        #expect(approx(deep.x, 61.94967154964771))
        #expect(approx(flat.x, 100 * cos(CGFloat.pi / 4)))
    }
}
