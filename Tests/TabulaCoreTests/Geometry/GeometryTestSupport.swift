import Foundation
@testable import TabulaCore
import TabulaTestBasics

// Shared helpers for the geometry tests: tolerant comparisons, a seeded random
// source, a row-vector oracle for 4×4 transforms, and the grids the tests sweep.

let tolerance: CGFloat = 1e-9

/// True when `a` and `b` agree to `tol`, relative for large magnitudes and absolute near zero.
func approx(_ a: CGFloat, _ b: CGFloat, tol: CGFloat = tolerance) -> Bool {
    abs(a - b) <= tol * Swift.max(1, abs(a), abs(b))
}

func approx(_ a: Double, _ b: Double, tol: Double = 1e-9) -> Bool {
    abs(a - b) <= tol * Swift.max(1, abs(a), abs(b))
}

func approx(_ a: CGPoint, _ b: CGPoint, tol: CGFloat = tolerance) -> Bool {
    approx(a.x, b.x, tol: tol) && approx(a.y, b.y, tol: tol)
}

func approx(_ a: CGSize, _ b: CGSize, tol: CGFloat = tolerance) -> Bool {
    approx(a.width, b.width, tol: tol) && approx(a.height, b.height, tol: tol)
}

func approx(_ a: CGRect, _ b: CGRect, tol: CGFloat = tolerance) -> Bool {
    approx(a.origin, b.origin, tol: tol) && approx(a.size, b.size, tol: tol)
}

func approx(_ a: CATransform3D, _ b: CATransform3D, tol: CGFloat = tolerance) -> Bool {
    zip(a.entries, b.entries).allSatisfy { approx($0, $1, tol: tol) }
}

func approx(_ a: CGAffineTransform, _ b: CGAffineTransform, tol: CGFloat = tolerance) -> Bool {
    approx(a.a, b.a, tol: tol) && approx(a.b, b.b, tol: tol) && approx(a.c, b.c, tol: tol)
        && approx(a.d, b.d, tol: tol) && approx(a.tx, b.tx, tol: tol) && approx(a.ty, b.ty, tol: tol)
}

func approx(_ a: ProjectiveTransform, _ b: ProjectiveTransform, tol: Double = 1e-9) -> Bool {
    let l = [a.h11, a.h12, a.h13, a.h21, a.h22, a.h23, a.h31, a.h32, a.h33]
    let r = [b.h11, b.h12, b.h13, b.h21, b.h22, b.h23, b.h31, b.h32, b.h33]
    return zip(l, r).allSatisfy { approx($0, $1, tol: tol) }
}

func radians(_ degrees: Double) -> CGFloat { CGFloat(degrees * .pi / 180) }

/// Every 15° from -360° to 360°.
let angleGridDegrees: [Double] = Array(stride(from: -360.0, through: 360.0, by: 15.0))

/// Rotation axes: the three principal ones (both signs), oblique ones, unnormalised ones.
let axisGrid: [Vec3] = [
    Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1), Vec3(-1, 0, 0), Vec3(0, 0, -1),
    Vec3(1, 1, 0), Vec3(1, 1, 1), Vec3(-2, 3, 0.5), Vec3(0, -4, 7), Vec3(3, 0, -3),
    Vec3(0.001, 0.002, -0.003), Vec3(250, -100, 40),
]

/// Points in space used to probe transforms.
let pointGrid: [Vec3] = [
    Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1), Vec3(3, -4, 5),
    Vec3(-120, 75.5, 0), Vec3(0.25, 0.5, -0.75), Vec3(1000, 2000, -300),
]

struct Vec3: Equatable, CustomStringConvertible {
    var x, y, z: CGFloat
    init(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat) { (self.x, self.y, self.z) = (x, y, z) }
    var length: CGFloat { (x * x + y * y + z * z).squareRoot() }
    static func * (k: CGFloat, v: Vec3) -> Vec3 { Vec3(k * v.x, k * v.y, k * v.z) }
    var description: String { "(\(x), \(y), \(z))" }
}

func approx(_ a: Vec3, _ b: Vec3, tol: CGFloat = tolerance) -> Bool {
    approx(a.x, b.x, tol: tol) && approx(a.y, b.y, tol: tol) && approx(a.z, b.z, tol: tol)
}

/// `[x y z 1] × m`, written out independently of the code under test: the row-vector oracle.
func homogeneous(_ p: Vec3, _ m: CATransform3D) -> (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
    (p.x * m.m11 + p.y * m.m21 + p.z * m.m31 + m.m41,
     p.x * m.m12 + p.y * m.m22 + p.z * m.m32 + m.m42,
     p.x * m.m13 + p.y * m.m23 + p.z * m.m33 + m.m43,
     p.x * m.m14 + p.y * m.m24 + p.z * m.m34 + m.m44)
}

/// The affine image of `p` (w must be 1).
func mapPoint(_ p: Vec3, through m: CATransform3D) -> Vec3 {
    let h = homogeneous(p, m)
    return Vec3(h.x / h.w, h.y / h.w, h.z / h.w)
}

/// Random geometry from the shared seeded generator (TabulaTestBasics).
extension SeededRandom {
    mutating func value(_ range: ClosedRange<Double>) -> CGFloat {
        CGFloat(Double.random(in: range, using: &self))
    }

    /// A scale factor with magnitude in 0.5…3 and random sign: never near singular.
    mutating func scale() -> CGFloat {
        let magnitude = value(0.5...3)
        return Bool.random(using: &self) ? magnitude : -magnitude
    }

    mutating func axis() -> Vec3 {
        while true {
            let v = Vec3(value(-1...1), value(-1...1), value(-1...1))
            if v.length > 0.1 { return v }
        }
    }

    /// A product of a few translations, scales and rotations: well conditioned and affine in 3D.
    mutating func wellConditionedTransform(steps: Int = 4) -> CATransform3D {
        var m = CATransform3D.identity
        for _ in 0..<steps {
            let step: CATransform3D
            switch Int.random(in: 0..<3, using: &self) {
            case 0: step = CATransform3D(translationX: value(-200...200), y: value(-200...200), z: value(-200...200))
            case 1: step = CATransform3D(scaleX: scale(), y: scale(), z: scale())
            default:
                let a = axis()
                step = CATransform3D(rotationAngle: value(-7...7), x: a.x, y: a.y, z: a.z)
            }
            m = m.concatenating(step)
        }
        return m
    }

    mutating func affine() -> CGAffineTransform {
        CGAffineTransform(rotationAngle: value(-7...7))
            .concatenating(CGAffineTransform(scaleX: scale(), y: scale()))
            .concatenating(CGAffineTransform(rotationAngle: value(-7...7)))
            .concatenating(CGAffineTransform(translationX: value(-300...300), y: value(-300...300)))
    }
}

/// Identity with the perspective entry set: a viewer at distance `d` on the +z axis.
func perspective(distance d: CGFloat) -> CATransform3D {
    var p = CATransform3D.identity
    p.m34 = -1 / d
    return p
}
