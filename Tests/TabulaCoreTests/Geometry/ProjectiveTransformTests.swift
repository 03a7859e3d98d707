import Foundation
import Testing
@testable import TabulaCore
import TabulaTestBasics

/// A grid of points in the plane, some far enough out to fall behind the viewer under strong tilts.
private let planeGrid: [CGPoint] = stride(from: -900.0, through: 900.0, by: 150.0).flatMap { x in
    stride(from: -600.0, through: 600.0, by: 200.0).map { y in CGPoint(x: x, y: y) }
}

extension SeededRandom {
    /// A layer-like 3D transform with perspective: tilt about a random axis, move, then view from `d`.
    mutating func perspectiveTransform() -> CATransform3D {
        let axis = self.axis()
        return CATransform3D(scaleX: scale(), y: scale(), z: 1)
            .rotated(by: value(-1.4...1.4), x: axis.x, y: axis.y, z: axis.z)
            .concatenating(CATransform3D(translationX: value(-200...200), y: value(-200...200), z: value(-200...200)))
            .concatenating(perspective(distance: value(400...1500)))
    }
}

@Suite("ProjectiveTransform")
struct ProjectiveTransformTests {
    @Test("init(CATransform3D) agrees with CATransform3D.project, including which points are behind the viewer")
    func agreesWithProject() {
        var rng = SeededRandom(seed: 30)
        var visible = 0, hidden = 0
        for i in 0..<300 {
            let m = i % 4 == 0 ? rng.wellConditionedTransform() : rng.perspectiveTransform()
            let h = ProjectiveTransform(m)
            for p in planeGrid {
                let expected = m.project(p)
                let actual = h.apply(p)
                #expect((expected == nil) == (actual == nil), "\(p) under \(m)")
                if let expected, let actual {
                    visible += 1
                    #expect(approx(actual, expected, tol: 1e-8), "\(p) under \(m)")
                    let tuple = h.apply(Double(p.x), Double(p.y))
                    #expect(tuple.map { approx($0.x, Double(expected.x), tol: 1e-8) && approx($0.y, Double(expected.y), tol: 1e-8) } == true)
                } else {
                    hidden += 1
                }
            }
        }
        // Both branches really were exercised.
        #expect(visible > 1000 && hidden > 10, "visible \(visible), hidden \(hidden)")
    }

    @Test("it reads the x, y and w rows and columns of the 3D matrix")
    func entriesFromTransform() {
        let m = CATransform3D(entries: (1...16).map { CGFloat($0) })
        let h = ProjectiveTransform(m)
        #expect(h == ProjectiveTransform(1, 2, 4, 5, 6, 8, 13, 14, 16))
        let card = ProjectiveTransform(CATransform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
            .concatenating(perspective(distance: 500)))
        #expect(!card.isAffine)
        let far = card.apply(CGPoint(x: 100, y: 0)), near = card.apply(CGPoint(x: -100, y: 0))
        #expect(far.map { approx($0.x, 61.94967154964771) } == true)
        #expect(near.map { approx($0.x, -82.35783481495383) } == true)
    }

    @Test("points on or behind the viewer's plane give nil")
    func behindViewer() {
        let h = ProjectiveTransform(1, 0, 0.002, 0, 1, 0, 0, 0, 1)  // w = 1 + x/500
        #expect(h.apply(CGPoint(x: -500, y: 0)) == nil)
        #expect(h.apply(CGPoint(x: -501, y: 3)) == nil)
        #expect(h.apply(-5000, 10) == nil)
        #expect(h.apply(CGPoint(x: -250, y: 10)).map { approx($0, CGPoint(x: -500, y: 20)) } == true)
        #expect(ProjectiveTransform(1, 0, 0, 0, 1, 0, 0, 0, -1).apply(.zero) == nil)
    }

    @Test("inverted maps images back to their points and multiplies to the identity")
    func inverseRoundTrip() throws {
        #expect(ProjectiveTransform.identity.inverted() == .identity)
        var rng = SeededRandom(seed: 31)
        var checked = 0
        for i in 0..<300 {
            let h = ProjectiveTransform(i % 3 == 0 ? rng.wellConditionedTransform().flattened : rng.perspectiveTransform())
            let inv = try #require(h.inverted())
            #expect(approx(h.concatenating(inv), .identity, tol: 1e-8))
            #expect(approx(inv.concatenating(h), .identity, tol: 1e-8))
            for p in planeGrid {
                guard let image = h.apply(p) else { continue }
                guard let back = inv.apply(image) else {
                    Issue.record("inverse rejected the image \(image) of \(p)")
                    continue
                }
                #expect(approx(back, p, tol: 1e-7), "\(p) → \(image) → \(back)")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    @Test("a map that collapses the plane has no inverse")
    func singularHasNoInverse() {
        #expect(ProjectiveTransform(0, 0, 0, 0, 0, 0, 0, 0, 0).inverted() == nil)
        #expect(ProjectiveTransform(affine: CGAffineTransform(scaleX: 0, y: 2)).inverted() == nil)
        #expect(ProjectiveTransform(1, 2, 3, 2, 4, 6, 7, 8, 9).inverted() == nil)  // rows 1 and 2 dependent
        // A layer turned exactly edge-on (90° about y) collapses to a line.
        var edgeOn = CATransform3D.identity
        (edgeOn.m11, edgeOn.m13, edgeOn.m31, edgeOn.m33) = (0, -1, 1, 0)
        #expect(ProjectiveTransform(edgeOn.concatenating(perspective(distance: 500))).inverted() == nil)
    }

    @Test("concatenating agrees with applying one map, then the other")
    func concatenation() {
        var rng = SeededRandom(seed: 32)
        var checked = 0
        for _ in 0..<300 {
            let a = ProjectiveTransform(rng.perspectiveTransform())
            let b = ProjectiveTransform(rng.perspectiveTransform())
            let ab = a.concatenating(b)
            for p in planeGrid {
                guard let mid = a.apply(p), let expected = b.apply(mid) else { continue }
                // The composite's w is the product of the two w's, so it is positive too.
                guard let actual = ab.apply(p) else {
                    Issue.record("composite rejected \(p)")
                    continue
                }
                #expect(approx(actual, expected, tol: 1e-7), "\(p)")
                checked += 1
            }
            #expect(approx(a.concatenating(.identity), a) && approx(ProjectiveTransform.identity.concatenating(a), a))
        }
        #expect(checked > 1000)
    }

    @Test("for a flattened first step, concatenation commutes with the conversion from CATransform3D")
    func flattenedCompositionMatches3D() {
        var rng = SeededRandom(seed: 33)
        for _ in 0..<200 {
            let a = rng.perspectiveTransform().flattened, b = rng.perspectiveTransform()
            #expect(approx(ProjectiveTransform(a.concatenating(b)), ProjectiveTransform(a).concatenating(ProjectiveTransform(b)),
                           tol: 1e-8))
        }
        // Without flattening the first step's depth feeds the second's perspective, so they differ.
        let tilt = CATransform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)
        let eye = perspective(distance: 500)
        #expect(!approx(ProjectiveTransform(tilt.concatenating(eye)),
                        ProjectiveTransform(tilt).concatenating(ProjectiveTransform(eye))))
    }

    @Test("init(affine:) is affine and agrees with CGPoint.applying")
    func affine() {
        var rng = SeededRandom(seed: 34)
        for _ in 0..<300 {
            let t = rng.affine()
            let h = ProjectiveTransform(affine: t)
            #expect(h.isAffine)
            #expect(h.affineTransform == t)
            #expect(h == ProjectiveTransform(CATransform3D(t)))
            for p in planeGrid {
                #expect(h.apply(p).map { approx($0, p.applying(t), tol: 1e-8) } == true, "\(p)")
            }
            let u = rng.affine()
            #expect(approx(h.concatenating(ProjectiveTransform(affine: u)), ProjectiveTransform(affine: t.concatenating(u)), tol: 1e-8))
            #expect(approxInverse(h, t))
        }
        #expect(ProjectiveTransform.identity.isAffine)
        #expect(ProjectiveTransform.identity == ProjectiveTransform(affine: .identity))
        #expect(!ProjectiveTransform(1, 0, 0.001, 0, 1, 0, 0, 0, 1).isAffine)
        #expect(!ProjectiveTransform(1, 0, 0, 0, 1, 0, 0, 0, 2).isAffine)
    }

    private func approxInverse(_ h: ProjectiveTransform, _ t: CGAffineTransform) -> Bool {
        guard let inv = h.inverted() else { return false }
        return approx(inv.affineTransform, t.inverted(), tol: 1e-8) && inv.isAffine
    }

    @Test("equal maps are equal and hash alike; different ones are not equal")
    func equality() {
        let a = ProjectiveTransform(1, 2, 3, 4, 5, 6, 7, 8, 9)
        #expect(a == ProjectiveTransform(1, 2, 3, 4, 5, 6, 7, 8, 9))
        #expect(a.hashValue == ProjectiveTransform(1, 2, 3, 4, 5, 6, 7, 8, 9).hashValue)
        #expect(Set([a, ProjectiveTransform(1, 2, 3, 4, 5, 6, 7, 8, 9), .identity]).count == 2)
        for i in 0..<9 {
            var values: [Double] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
            values[i] += 0.5
            let b = ProjectiveTransform(values[0], values[1], values[2], values[3], values[4], values[5],
                                        values[6], values[7], values[8])
            #expect(a != b, "entry \(i)")
        }
    }
}
