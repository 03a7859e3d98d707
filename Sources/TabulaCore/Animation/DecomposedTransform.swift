import Foundation

/// A ``CATransform3D`` taken apart into perspective, translation, rotation
/// (a unit quaternion), skew and scale, so that two transforms can be blended
/// part by part: a rotation turns through the intermediate angles instead of
/// shrinking and shearing, as a blend of matrix entries would.
///
/// The decomposition is the classic "unmatrix" one used by Core Animation and
/// CSS transforms. In Core Animation's row-vector layout it factors
/// `M = U × T × P`, where U is the upper 3×3 (rows = scale · skew · rotation),
/// T the translation and P the perspective column.
public struct DecomposedTransform: Hashable, Sendable {
    /// The translation (m41, m42, m43, after dividing by m44).
    public var translation: (x: Double, y: Double, z: Double)
    /// The scale along each axis; a reflection is carried here as a negative scale on all three.
    public var scale: (x: Double, y: Double, z: Double)
    /// Shear factors xy, xz, yz.
    public var skew: (xy: Double, xz: Double, yz: Double)
    /// The fourth column of the matrix (m14, m24, m34, m44).
    public var perspective: (x: Double, y: Double, z: Double, w: Double)
    /// The rotation as a unit quaternion (x, y, z, w).
    public var quaternion: (x: Double, y: Double, z: Double, w: Double)

    /// Whether every component of the two decompositions is equal.
    public static func == (l: Self, r: Self) -> Bool {
        l.translation == r.translation && l.scale == r.scale && l.skew == r.skew
            && l.perspective == r.perspective && l.quaternion == r.quaternion
    }

    /// Hashes every component, consistently with `==`.
    public func hash(into h: inout Hasher) {
        for v in [translation.x, translation.y, translation.z, scale.x, scale.y, scale.z,
                  skew.xy, skew.xz, skew.yz, perspective.x, perspective.y, perspective.z, perspective.w,
                  quaternion.x, quaternion.y, quaternion.z, quaternion.w] { h.combine(v) }
    }

    /// Decomposes `t`, or returns nil when it cannot be factored (a zero scale, m44 = 0).
    public init?(_ t: CATransform3D) {
        var m = t.entries.map(Double.init)   // row-major, m[r*4+c]
        let w = m[15]
        guard w != 0, m.allSatisfy(\.isFinite) else { return nil }
        for i in 0 ..< 16 { m[i] /= w }

        // Perspective: solve N·p = last column, N being M with that column set to (0,0,0,1).
        var n = m
        n[3] = 0; n[7] = 0; n[11] = 0; n[15] = 1
        let nt = CATransform3D(entries: n.map { CGFloat($0) })
        guard nt.determinant != 0 else { return nil }
        if m[3] != 0 || m[7] != 0 || m[11] != 0 {
            let inv = nt.inverted().entries.map(Double.init)
            let c = [m[3], m[7], m[11], m[15]]
            func row(_ r: Int) -> Double { (0 ..< 4).reduce(0) { $0 + inv[r * 4 + $1] * c[$1] } }
            perspective = (row(0), row(1), row(2), row(3))
        } else {
            perspective = (0, 0, 0, 1)
        }
        translation = (m[12], m[13], m[14])

        var r0 = Vector3(m[0], m[1], m[2]), r1 = Vector3(m[4], m[5], m[6]), r2 = Vector3(m[8], m[9], m[10])
        var sx = r0.length
        guard sx > 0 else { return nil }
        r0 = r0 / sx
        var kxy = r0.dot(r1)
        r1 = r1 - r0 * kxy
        var sy = r1.length
        guard sy > 0 else { return nil }
        r1 = r1 / sy
        kxy /= sy
        var kxz = r0.dot(r2)
        r2 = r2 - r0 * kxz
        var kyz = r1.dot(r2)
        r2 = r2 - r1 * kyz
        var sz = r2.length
        guard sz > 0 else { return nil }
        r2 = r2 / sz
        kxz /= sz
        kyz /= sz
        // A reflection is carried by the scale, so that the rotation stays proper.
        if r0.dot(r1.cross(r2)) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            r0 = r0 * -1; r1 = r1 * -1; r2 = r2 * -1
        }
        scale = (sx, sy, sz)
        skew = (kxy, kxz, kyz)
        quaternion = Self.quaternion(rows: r0, r1, r2)
    }

    /// Reassembles the matrix.
    ///
    /// U × T × P, written out: U's rows, then the translation row; the perspective column
    /// mixes them. Straight-line code, without arrays: an animated transform is
    /// reassembled for every layer in every frame.
    public var transform: CATransform3D {
        let (r0, r1, r2) = Self.rows(of: quaternion)
        let row0 = r0 * scale.x
        let row1 = (r1 + r0 * skew.xy) * scale.y
        let row2 = (r2 + r0 * skew.xz + r1 * skew.yz) * scale.z
        let p = perspective
        func w(_ u: Vector3) -> CGFloat { CGFloat(u.x * p.x + u.y * p.y + u.z * p.z) }
        let t = translation
        return CATransform3D(
            m11: CGFloat(row0.x), m12: CGFloat(row0.y), m13: CGFloat(row0.z), m14: w(row0),
            m21: CGFloat(row1.x), m22: CGFloat(row1.y), m23: CGFloat(row1.z), m24: w(row1),
            m31: CGFloat(row2.x), m32: CGFloat(row2.y), m33: CGFloat(row2.z), m34: w(row2),
            m41: CGFloat(t.x), m42: CGFloat(t.y), m43: CGFloat(t.z), m44: CGFloat(t.x * p.x + t.y * p.y + t.z * p.z + p.w))
    }

    /// The blend `fraction` of the way from `self` to `other` (fractions outside 0…1
    /// extrapolate, for springs that overshoot): components linearly, the rotation
    /// along the shorter great arc.
    ///
    /// See also: `TransformBlend`, which prepares the arc once for many fractions.
    public func interpolated(to other: DecomposedTransform, fraction f: Double) -> DecomposedTransform {
        mixed(with: other, fraction: f, rotation: Slerp(quaternion, other.quaternion))
    }

    /// Every component but the rotation mixed linearly with `other`'s, and the rotation
    /// taken from `rotation` (the arc from this rotation to `other`'s) at `f`.
    func mixed(with other: DecomposedTransform, fraction f: Double, rotation: Slerp) -> DecomposedTransform {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        var r = self
        r.translation = (mix(translation.x, other.translation.x), mix(translation.y, other.translation.y),
                         mix(translation.z, other.translation.z))
        r.scale = (mix(scale.x, other.scale.x), mix(scale.y, other.scale.y), mix(scale.z, other.scale.z))
        r.skew = (mix(skew.xy, other.skew.xy), mix(skew.xz, other.skew.xz), mix(skew.yz, other.skew.yz))
        r.perspective = (mix(perspective.x, other.perspective.x), mix(perspective.y, other.perspective.y),
                         mix(perspective.z, other.perspective.z), mix(perspective.w, other.perspective.w))
        r.quaternion = rotation.value(at: f)
        return r
    }

    // MARK: Quaternions

    typealias Quaternion = (x: Double, y: Double, z: Double, w: Double)

    /// The quaternion of the rotation whose row vectors (row-vector convention) are r0, r1, r2.
    static func quaternion(rows r0: Vector3, _ r1: Vector3, _ r2: Vector3) -> Quaternion {
        // Column-vector rotation R = transpose(rows): R[i][j] = rows[j][i].
        let m00 = r0.x, m11 = r1.y, m22 = r2.z
        let m01 = r1.x, m10 = r0.y, m02 = r2.x, m20 = r0.z, m12 = r2.y, m21 = r1.z
        let trace = m00 + m11 + m22
        var q: Quaternion
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = ((m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s, s / 4)
        } else if m00 > m11 && m00 > m22 {
            let s = (1 + m00 - m11 - m22).squareRoot() * 2
            q = (s / 4, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s)
        } else if m11 > m22 {
            let s = (1 + m11 - m00 - m22).squareRoot() * 2
            q = ((m01 + m10) / s, s / 4, (m12 + m21) / s, (m02 - m20) / s)
        } else {
            let s = (1 + m22 - m00 - m11).squareRoot() * 2
            q = ((m02 + m20) / s, (m12 + m21) / s, s / 4, (m10 - m01) / s)
        }
        let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        return (q.x / n, q.y / n, q.z / n, q.w / n)
    }

    /// The row vectors of the rotation `q` (row-vector convention).
    static func rows(of q: Quaternion) -> (Vector3, Vector3, Vector3) {
        let (x, y, z, w) = q
        // Column-vector matrix R, then transposed into rows.
        let r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y - z * w), r02 = 2 * (x * z + y * w)
        let r10 = 2 * (x * y + z * w), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z - x * w)
        let r20 = 2 * (x * z - y * w), r21 = 2 * (y * z + x * w), r22 = 1 - 2 * (x * x + y * y)
        return (Vector3(r00, r10, r20), Vector3(r01, r11, r21), Vector3(r02, r12, r22))
    }

    static func slerp(_ a: Quaternion, _ b0: Quaternion, _ f: Double) -> Quaternion {
        Slerp(a, b0).value(at: f)
    }

    /// The shorter great arc from one rotation to another, with what does not depend on
    /// the fraction (the angle between them and its sine) worked out once.
    struct Slerp: Sendable {
        let a: Quaternion
        /// The far end, negated if need be so that the arc is the shorter one.
        let b: Quaternion
        /// The angle between the ends, and its sine; unused when `isNearlyStraight`.
        let theta: Double, sinTheta: Double
        /// Whether the ends are so close that a straight blend replaces the arc.
        let isNearlyStraight: Bool

        init(_ a: Quaternion, _ b0: Quaternion) {
            var b = b0
            var dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
            if dot < 0 { b = (-b.x, -b.y, -b.z, -b.w); dot = -dot }
            self.a = a
            self.b = b
            isNearlyStraight = dot > 0.9999
            theta = isNearlyStraight ? 0 : acos(min(dot, 1))
            sinTheta = isNearlyStraight ? 0 : sin(theta)
        }

        /// The unit quaternion `f` of the way along the arc.
        func value(at f: Double) -> Quaternion {
            let wa: Double, wb: Double
            if isNearlyStraight {
                wa = 1 - f; wb = f
            } else {
                wa = sin((1 - f) * theta) / sinTheta
                wb = sin(f * theta) / sinTheta
            }
            var q = (a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb, a.w * wa + b.w * wb)
            let n = (q.0 * q.0 + q.1 * q.1 + q.2 * q.2 + q.3 * q.3).squareRoot()
            if n > 0 { q = (q.0 / n, q.1 / n, q.2 / n, q.3 / n) }
            return q
        }
    }

    /// The rotation angle about z (radians), for `transform.rotation.z` key paths.
    public var rotationZ: Double {
        let (r0, _, _) = Self.rows(of: quaternion)
        return atan2(r0.y, r0.x)
    }
}

/// A small 3-vector for the decomposition.
struct Vector3 {
    var x, y, z: Double
    init(_ x: Double, _ y: Double, _ z: Double) { (self.x, self.y, self.z) = (x, y, z) }
    var length: Double { (x * x + y * y + z * z).squareRoot() }
    func dot(_ o: Vector3) -> Double { x * o.x + y * o.y + z * o.z }
    func cross(_ o: Vector3) -> Vector3 { Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }
    static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    static func * (a: Vector3, s: Double) -> Vector3 { Vector3(a.x * s, a.y * s, a.z * s) }
    static func / (a: Vector3, s: Double) -> Vector3 { Vector3(a.x / s, a.y / s, a.z / s) }
}

extension CATransform3D {
    /// The transform `fraction` of the way to `other`, blended by parts (see
    /// ``DecomposedTransform``); entry by entry when either cannot be decomposed.
    public func interpolated(to other: CATransform3D, fraction f: Double) -> CATransform3D {
        if let a = DecomposedTransform(self), let b = DecomposedTransform(other) {
            return a.interpolated(to: b, fraction: f).transform
        }
        let x = entries, y = other.entries
        return CATransform3D(entries: (0 ..< 16).map { x[$0] + (y[$0] - x[$0]) * CGFloat(f) })
    }
}
