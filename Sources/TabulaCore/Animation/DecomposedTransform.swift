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
    public var transform: CATransform3D {
        let (r0, r1, r2) = Self.rows(of: quaternion)
        let row0 = r0 * scale.x
        let row1 = (r1 + r0 * skew.xy) * scale.y
        let row2 = (r2 + r0 * skew.xz + r1 * skew.yz) * scale.z
        // U × T × P, written out: U's rows, then the translation row, then the
        // perspective column mixes them.
        let u = [row0, row1, row2]
        let p = [perspective.x, perspective.y, perspective.z, perspective.w]
        var e = [Double](repeating: 0, count: 16)
        for r in 0 ..< 3 {
            e[r * 4 + 0] = u[r].x; e[r * 4 + 1] = u[r].y; e[r * 4 + 2] = u[r].z
            e[r * 4 + 3] = u[r].x * p[0] + u[r].y * p[1] + u[r].z * p[2]
        }
        e[12] = translation.x; e[13] = translation.y; e[14] = translation.z
        e[15] = translation.x * p[0] + translation.y * p[1] + translation.z * p[2] + p[3]
        return CATransform3D(entries: e.map { CGFloat($0) })
    }

    /// The blend `fraction` of the way from `self` to `other` (fractions outside 0…1
    /// extrapolate, for springs that overshoot): components linearly, the rotation
    /// along the shorter great arc.
    public func interpolated(to other: DecomposedTransform, fraction f: Double) -> DecomposedTransform {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        var r = self
        r.translation = (mix(translation.x, other.translation.x), mix(translation.y, other.translation.y),
                         mix(translation.z, other.translation.z))
        r.scale = (mix(scale.x, other.scale.x), mix(scale.y, other.scale.y), mix(scale.z, other.scale.z))
        r.skew = (mix(skew.xy, other.skew.xy), mix(skew.xz, other.skew.xz), mix(skew.yz, other.skew.yz))
        r.perspective = (mix(perspective.x, other.perspective.x), mix(perspective.y, other.perspective.y),
                         mix(perspective.z, other.perspective.z), mix(perspective.w, other.perspective.w))
        r.quaternion = Self.slerp(quaternion, other.quaternion, f)
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
