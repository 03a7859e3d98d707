import Foundation
import Testing
@testable import TabulaCore
import TabulaTestBasics

private let probePoints: [CGPoint] = [
    .zero, CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1), CGPoint(x: -3, y: 4),
    CGPoint(x: 120.5, y: -75.25), CGPoint(x: 1000, y: 2000),
]

@Suite("CGAffineTransform")
struct CGAffineTransformTests {
    @Test("identity changes nothing and is what init() makes")
    func identity() {
        let t = CGAffineTransform.identity
        #expect((t.a, t.b, t.c, t.d, t.tx, t.ty) == (1, 0, 0, 1, 0, 0))
        #expect(CGAffineTransform() == .identity)
        #expect(t.isIdentity)
        #expect(!CGAffineTransform(translationX: 0, y: 1e-12).isIdentity)
        #expect(!CGAffineTransform(scaleX: -1, y: 1).isIdentity)
        for p in probePoints { #expect(p.applying(t) == p) }
        #expect(CGSize(width: 3, height: -4).applying(t) == CGSize(width: 3, height: -4))
        #expect(CGRect(x: 1, y: 2, width: 3, height: 4).applying(t) == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test("constructors fill in the Core Graphics fields")
    func constructors() {
        let t = CGAffineTransform(translationX: 5, y: -7)
        #expect((t.a, t.b, t.c, t.d, t.tx, t.ty) == (1, 0, 0, 1, 5, -7))
        let s = CGAffineTransform(scaleX: 2, y: -3)
        #expect((s.a, s.b, s.c, s.d, s.tx, s.ty) == (2, 0, 0, -3, 0, 0))
        for degrees in angleGridDegrees {
            let angle = radians(degrees)
            let r = CGAffineTransform(rotationAngle: angle)
            #expect((r.a, r.b, r.c, r.d) == (cos(angle), sin(angle), -sin(angle), cos(angle)), "\(degrees)°")
            #expect((r.tx, r.ty) == (0, 0))
            #expect(approx(r.determinant, 1))
        }
    }

    @Test("points map as x' = a·x + c·y + tx, y' = b·x + d·y + ty")
    func pointApplying() {
        let t = CGAffineTransform(a: 2, b: 3, c: 5, d: 7, tx: 11, ty: 13)
        #expect(CGPoint(x: 1, y: 0).applying(t) == CGPoint(x: 13, y: 16))
        #expect(CGPoint(x: 0, y: 1).applying(t) == CGPoint(x: 16, y: 20))
        #expect(CGPoint(x: -2, y: 4).applying(t) == CGPoint(x: 27, y: 35))
        for tx: CGFloat in [-30, 0, 12.5] {
            for ty: CGFloat in [-1, 0, 400] {
                let move = CGAffineTransform(translationX: tx, y: ty)
                for p in probePoints { #expect(p.applying(move) == CGPoint(x: p.x + tx, y: p.y + ty)) }
            }
        }
    }

    @Test("a positive rotation turns (1, 0) towards (0, 1): clockwise on a y-down screen")
    func rotationDirection() {
        #expect(approx(CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2)), CGPoint(x: 0, y: 1)))
        #expect(approx(CGPoint(x: 0, y: 1).applying(CGAffineTransform(rotationAngle: .pi / 2)), CGPoint(x: -1, y: 0)))
        for degrees in angleGridDegrees {
            let r = CGAffineTransform(rotationAngle: radians(degrees))
            for p in probePoints {
                let q = p.applying(r)
                #expect(approx(hypot(q.x, q.y), hypot(p.x, p.y)), "\(degrees)°")
            }
            let q = CGPoint(x: 1, y: 0).applying(r)
            let turned = atan2(q.y, q.x)
            // the image of (1, 0) is at the rotation angle, modulo a full turn
            let diff = (CGFloat(degrees) * .pi / 180 - turned).truncatingRemainder(dividingBy: 2 * .pi)
            #expect(approx(diff, 0, tol: 1e-9) || approx(abs(diff), 2 * .pi, tol: 1e-9), "\(degrees)°")
        }
    }

    @Test("concatenating applies self first, then the argument")
    func concatenationOrder() {
        let t = CGAffineTransform(translationX: 10, y: 20)
        let s = CGAffineTransform(scaleX: 2, y: 3)
        let ts = t.concatenating(s), st = s.concatenating(t)
        #expect((ts.a, ts.b, ts.c, ts.d, ts.tx, ts.ty) == (2, 0, 0, 3, 20, 60))
        #expect((st.a, st.b, st.c, st.d, st.tx, st.ty) == (2, 0, 0, 3, 10, 20))
        #expect(CGPoint(x: 1, y: 1).applying(ts) == CGPoint(x: 22, y: 63))
        #expect(CGPoint(x: 1, y: 1).applying(st) == CGPoint(x: 12, y: 23))
        var rng = SeededRandom(seed: 20)
        for _ in 0..<300 {
            let a = rng.affine(), b = rng.affine(), c = rng.affine()
            for p in probePoints {
                #expect(approx(p.applying(a.concatenating(b)), p.applying(a).applying(b), tol: 1e-8))
            }
            #expect(approx(a.concatenating(b).concatenating(c), a.concatenating(b.concatenating(c)), tol: 1e-8))
            #expect(a.concatenating(.identity) == a && CGAffineTransform.identity.concatenating(a) == a)
            #expect(approx(a.concatenating(b).determinant, a.determinant * b.determinant, tol: 1e-8))
        }
    }

    @Test("translatedBy, scaledBy and rotated apply before self")
    func modifiersArePrefixes() {
        let doubled = CGAffineTransform(scaleX: 2, y: 2)
        #expect(CGPoint.zero.applying(doubled.translatedBy(x: 10, y: 5)) == CGPoint(x: 20, y: 10))
        let moved = CGAffineTransform(translationX: 10, y: 0)
        #expect(CGPoint(x: 1, y: 1).applying(moved.scaledBy(x: 3, y: 4)) == CGPoint(x: 13, y: 4))
        #expect(approx(CGPoint(x: 1, y: 0).applying(moved.rotated(by: .pi / 2)), CGPoint(x: 10, y: 1)))
        var rng = SeededRandom(seed: 21)
        for _ in 0..<50 {
            let base = rng.affine()
            for x: CGFloat in [-4, 0.5, 3] {
                for y: CGFloat in [-2, 1, 7] {
                    #expect(base.translatedBy(x: x, y: y) == CGAffineTransform(translationX: x, y: y).concatenating(base))
                    #expect(base.scaledBy(x: x, y: y) == CGAffineTransform(scaleX: x, y: y).concatenating(base))
                    for p in probePoints {
                        #expect(approx(p.applying(base.translatedBy(x: x, y: y)),
                                       CGPoint(x: p.x + x, y: p.y + y).applying(base), tol: 1e-8))
                        #expect(approx(p.applying(base.scaledBy(x: x, y: y)),
                                       CGPoint(x: p.x * x, y: p.y * y).applying(base), tol: 1e-8))
                    }
                }
            }
            for degrees in angleGridDegrees {
                let angle = radians(degrees)
                #expect(base.rotated(by: angle) == CGAffineTransform(rotationAngle: angle).concatenating(base))
            }
        }
    }

    @Test("inverted undoes the transform for many random invertible transforms")
    func inversion() {
        #expect(CGAffineTransform(translationX: 3, y: -4).inverted() == CGAffineTransform(translationX: -3, y: 4))
        #expect(CGAffineTransform(scaleX: 2, y: -4).inverted() == CGAffineTransform(scaleX: 0.5, y: -0.25))
        let ts = CGAffineTransform(translationX: 10, y: 20).concatenating(CGAffineTransform(scaleX: 2, y: 4))
        #expect(ts.inverted() == CGAffineTransform(a: 0.5, b: 0, c: 0, d: 0.25, tx: -10, ty: -20))
        for degrees in angleGridDegrees {
            #expect(approx(CGAffineTransform(rotationAngle: radians(degrees)).inverted(),
                           CGAffineTransform(rotationAngle: -radians(degrees))))
        }
        var rng = SeededRandom(seed: 22)
        for _ in 0..<500 {
            let t = rng.affine()
            let inv = t.inverted()
            #expect(approx(t.concatenating(inv), .identity, tol: 1e-8))
            #expect(approx(inv.concatenating(t), .identity, tol: 1e-8))
            #expect(approx(inv.determinant, 1 / t.determinant, tol: 1e-8))
            for p in probePoints { #expect(approx(p.applying(t).applying(inv), p, tol: 1e-8)) }
        }
    }

    @Test("a singular transform inverts to itself, unchanged")
    func singularInversion() {
        let singular = [
            CGAffineTransform(scaleX: 0, y: 1),
            CGAffineTransform(scaleX: 3, y: 0).concatenating(CGAffineTransform(translationX: 7, y: 8)),
            CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6),
            CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 1, ty: 1),
        ]
        for t in singular {
            #expect(t.determinant == 0)
            #expect(t.inverted() == t, "\(t)")
        }
    }

    @Test("sizes use the linear part only, and may come out negative")
    func sizeApplying() {
        let t = CGAffineTransform(a: 2, b: 3, c: 5, d: 7, tx: 100, ty: 200)
        #expect(CGSize(width: 1, height: 1).applying(t) == CGSize(width: 7, height: 10))
        #expect(CGSize(width: 10, height: 20).applying(CGAffineTransform(scaleX: -1, y: 0.5)) == CGSize(width: -10, height: 10))
        #expect(CGSize(width: 4, height: 4).applying(CGAffineTransform(translationX: 50, y: 50)) == CGSize(width: 4, height: 4))
        let quarter = CGSize(width: 10, height: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(approx(quarter, CGSize(width: 0, height: 10)))
    }

    @Test("rects map to the bounding box of their transformed corners")
    func rectApplying() {
        let r = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(r.applying(CGAffineTransform(translationX: 5, y: -5)) == CGRect(x: 15, y: 15, width: 30, height: 40))
        #expect(r.applying(CGAffineTransform(scaleX: 2, y: 0.5)) == CGRect(x: 20, y: 10, width: 60, height: 20))
        // A flip gives a standardized rect, not a negative size.
        #expect(r.applying(CGAffineTransform(scaleX: -1, y: 1)) == CGRect(x: -40, y: 20, width: 30, height: 40))
        // A negative-size input is standardized first.
        #expect(CGRect(x: 40, y: 60, width: -30, height: -40).applying(.identity) == r)
        // A 10×10 square at the origin turned 45° spans ±5√2 horizontally and 0…10√2 vertically.
        let diamond = CGRect(x: 0, y: 0, width: 10, height: 10).applying(CGAffineTransform(rotationAngle: .pi / 4))
        let h = 10 * CGFloat(2).squareRoot()
        #expect(approx(diamond, CGRect(x: -h / 2, y: 0, width: h, height: h)))
        #expect(CGRect.null.applying(CGAffineTransform(translationX: 5, y: 5)).isNull)

        var rng = SeededRandom(seed: 23)
        for degrees in angleGridDegrees {
            let t = CGAffineTransform(rotationAngle: radians(degrees)).concatenating(rng.affine())
            for rect in [r, CGRect(x: -5, y: -5, width: 10, height: 1), CGRect(x: 100, y: 0, width: 0, height: 25)] {
                let box = rect.applying(t)
                let corners = [
                    CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                    CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
                ].map { $0.applying(t) }
                #expect(approx(box.minX, corners.map(\.x).min()!) && approx(box.maxX, corners.map(\.x).max()!))
                #expect(approx(box.minY, corners.map(\.y).min()!) && approx(box.maxY, corners.map(\.y).max()!))
                // the centre maps to the centre of the box for an affine map
                #expect(approx(CGPoint(x: rect.midX, y: rect.midY).applying(t), CGPoint(x: box.midX, y: box.midY), tol: 1e-8))
            }
        }
    }

    @Test("CGRect(boundingPoints:) is the smallest rect holding every point, null for none")
    func boundingPoints() {
        #expect(CGRect(boundingPoints: []).isNull)
        #expect(CGRect(boundingPoints: [CGPoint(x: 3, y: -4)]) == CGRect(x: 3, y: -4, width: 0, height: 0))
        let points = [CGPoint(x: 5, y: 1), CGPoint(x: -2, y: 7), CGPoint(x: 3, y: -6), CGPoint(x: 0, y: 0)]
        #expect(CGRect(boundingPoints: points) == CGRect(x: -2, y: -6, width: 7, height: 13))
        #expect(CGRect(boundingPoints: points.reversed()) == CGRect(x: -2, y: -6, width: 7, height: 13))
        var rng = SeededRandom(seed: 24)
        for _ in 0..<100 {
            let cloud = (0..<Int.random(in: 1...12, using: &rng)).map { _ in
                CGPoint(x: rng.value(-500...500), y: rng.value(-500...500))
            }
            let box = CGRect(boundingPoints: cloud)
            #expect(box.minX == cloud.map(\.x).min()! && approx(box.maxX, cloud.map(\.x).max()!))
            #expect(box.minY == cloud.map(\.y).min()! && approx(box.maxY, cloud.map(\.y).max()!))
            #expect(cloud.allSatisfy { box.insetBy(dx: -1e-9, dy: -1e-9).contains($0) })
        }
    }
}
