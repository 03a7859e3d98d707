import Foundation

/// A 4×4 homogeneous transform, laid out as Core Animation lays it out.
///
/// Points are row vectors, `[x y z 1] × M`, so the translation lives in
/// `m41…m43` and perspective in the fourth column (`m34 = -1/d` gives a viewer
/// at distance `d`). `a.concatenating(b)` applies `a` first, then `b`, like
/// `CATransform3DConcat(a, b)`.
///
/// See also: ``CGAffineTransform``, ``CATransform3DMakeRotation(_:_:_:_:)``.
public struct CATransform3D: Hashable, Sendable, CustomStringConvertible {
    /// The first row: how x maps to x, y, z and w.
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    /// The second row: how y maps to x, y, z and w.
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    /// The third row: how z maps to x, y, z and w; `m34 = -1/d` adds perspective for a viewer at distance d.
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    /// The fourth row: the translation (m41, m42, m43) and w's constant term m44.
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// A transform with the given entries, row by row.
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The identity transform.
    public init() { self = .identity }

    /// The identity: every point maps to itself.
    public static let identity = CATransform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    /// The sixteen entries in row-major order.
    public var entries: [CGFloat] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// Builds a transform from sixteen row-major entries.
    public init(entries e: [CGFloat]) {
        precondition(e.count == 16, "CATransform3D needs 16 entries, got \(e.count)")
        self.init(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    // MARK: Constructors

    /// A translation by (`tx`, `ty`, `tz`), as `CATransform3DMakeTranslation`.
    public init(translationX tx: CGFloat, y ty: CGFloat, z tz: CGFloat) {
        self = .identity
        (m41, m42, m43) = (tx, ty, tz)
    }

    /// A scale by (`sx`, `sy`, `sz`) about the origin, as `CATransform3DMakeScale`.
    public init(scaleX sx: CGFloat, y sy: CGFloat, z sz: CGFloat) {
        self = .identity
        (m11, m22, m33) = (sx, sy, sz)
    }

    /// A rotation by `angle` radians about the axis `(x, y, z)` through the origin.
    ///
    /// The axis need not be normalised; a zero axis gives the identity, as in Core Animation.
    /// About z, a positive angle turns clockwise on screen (y down), matching
    /// `CGAffineTransform(rotationAngle:)`.
    public init(rotationAngle angle: CGFloat, x: CGFloat, y: CGFloat, z: CGFloat) {
        let length = (Double(x * x + y * y + z * z)).squareRoot()
        guard length > 0, length.isFinite else { self = .identity; return }
        let (ux, uy, uz) = (Double(x) / length, Double(y) / length, Double(z) / length)
        let (s, c) = (sin(Double(angle)), cos(Double(angle)))
        let t = 1 - c
        // Rodrigues' formula written for row vectors (the transpose of the column form).
        // Diagonal entries t·u² + c are computed as u² + c·(1 − u²), so that a rotation about a
        // principal axis keeps exactly 1 on that axis (`(1 − c) + c` can round to 0.999…9,
        // which would make a z rotation non-affine).
        self.init(
            m11: CGFloat(ux * ux + c * (1 - ux * ux)), m12: CGFloat(t * ux * uy + s * uz),
            m13: CGFloat(t * ux * uz - s * uy), m14: 0,
            m21: CGFloat(t * ux * uy - s * uz), m22: CGFloat(uy * uy + c * (1 - uy * uy)),
            m23: CGFloat(t * uy * uz + s * ux), m24: 0,
            m31: CGFloat(t * ux * uz + s * uy), m32: CGFloat(t * uy * uz - s * ux),
            m33: CGFloat(uz * uz + c * (1 - uz * uz)), m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The 3D transform equal to an affine transform (z untouched).
    public init(_ t: CGAffineTransform) {
        self = .identity
        (m11, m12, m21, m22, m41, m42) = (t.a, t.b, t.c, t.d, t.tx, t.ty)
    }

    // MARK: Operations

    /// `self` followed by `other` (the matrix product `self × other`).
    public func concatenating(_ o: CATransform3D) -> CATransform3D {
        CATransform3D(
            m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31 + m14 * o.m41,
            m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32 + m14 * o.m42,
            m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33 + m14 * o.m43,
            m14: m11 * o.m14 + m12 * o.m24 + m13 * o.m34 + m14 * o.m44,
            m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31 + m24 * o.m41,
            m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32 + m24 * o.m42,
            m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33 + m24 * o.m43,
            m24: m21 * o.m14 + m22 * o.m24 + m23 * o.m34 + m24 * o.m44,
            m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31 + m34 * o.m41,
            m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32 + m34 * o.m42,
            m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33 + m34 * o.m43,
            m34: m31 * o.m14 + m32 * o.m24 + m33 * o.m34 + m34 * o.m44,
            m41: m41 * o.m11 + m42 * o.m21 + m43 * o.m31 + m44 * o.m41,
            m42: m41 * o.m12 + m42 * o.m22 + m43 * o.m32 + m44 * o.m42,
            m43: m41 * o.m13 + m42 * o.m23 + m43 * o.m33 + m44 * o.m43,
            m44: m41 * o.m14 + m42 * o.m24 + m43 * o.m34 + m44 * o.m44)
    }

    /// A translation applied before `self`, as `CATransform3DTranslate` does.
    public func translatedBy(x: CGFloat, y: CGFloat, z: CGFloat) -> CATransform3D {
        CATransform3D(translationX: x, y: y, z: z).concatenating(self)
    }

    /// A scale applied before `self`, as `CATransform3DScale` does.
    public func scaledBy(x: CGFloat, y: CGFloat, z: CGFloat) -> CATransform3D {
        CATransform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    /// A rotation applied before `self`, as `CATransform3DRotate` does.
    public func rotated(by angle: CGFloat, x: CGFloat, y: CGFloat, z: CGFloat) -> CATransform3D {
        CATransform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// Whether every entry equals the identity's exactly (`CATransform3DIsIdentity`).
    ///
    /// Entry by entry, inlined: asked of every layer whose frame is read (most have no
    /// transform), where comparing with `.identity` called the synthesized `==` and read
    /// the static first, several times the work.
    @inlinable
    public var isIdentity: Bool {
        m11 == 1 && m22 == 1 && m33 == 1 && m44 == 1
            && m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m34 == 0 && m41 == 0 && m42 == 0 && m43 == 0
    }

    /// True when the transform maps the z = 0 plane affinely and leaves z alone,
    /// i.e. it is exactly representable as a ``CGAffineTransform`` (`CATransform3DIsAffine`).
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// The affine part (`CATransform3DGetAffineTransform`); meaningful when ``isAffine``.
    public var affineTransform: CGAffineTransform {
        CGAffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }

    /// The determinant of the full 4×4 matrix.
    public var determinant: CGFloat {
        let e = entries.map(Double.init)
        return CGFloat(Self.determinant4(e))
    }

    /// The inverse, or `self` unchanged when the matrix is singular (`CATransform3DInvert`).
    public func inverted() -> CATransform3D {
        let m = entries.map(Double.init)
        // Cofactor expansion; stable enough for the well-conditioned transforms views use.
        var inv = [Double](repeating: 0, count: 16)
        inv[0] = m[5]*m[10]*m[15] - m[5]*m[11]*m[14] - m[9]*m[6]*m[15] + m[9]*m[7]*m[14] + m[13]*m[6]*m[11] - m[13]*m[7]*m[10]
        inv[4] = -m[4]*m[10]*m[15] + m[4]*m[11]*m[14] + m[8]*m[6]*m[15] - m[8]*m[7]*m[14] - m[12]*m[6]*m[11] + m[12]*m[7]*m[10]
        inv[8] = m[4]*m[9]*m[15] - m[4]*m[11]*m[13] - m[8]*m[5]*m[15] + m[8]*m[7]*m[13] + m[12]*m[5]*m[11] - m[12]*m[7]*m[9]
        inv[12] = -m[4]*m[9]*m[14] + m[4]*m[10]*m[13] + m[8]*m[5]*m[14] - m[8]*m[6]*m[13] - m[12]*m[5]*m[10] + m[12]*m[6]*m[9]
        inv[1] = -m[1]*m[10]*m[15] + m[1]*m[11]*m[14] + m[9]*m[2]*m[15] - m[9]*m[3]*m[14] - m[13]*m[2]*m[11] + m[13]*m[3]*m[10]
        inv[5] = m[0]*m[10]*m[15] - m[0]*m[11]*m[14] - m[8]*m[2]*m[15] + m[8]*m[3]*m[14] + m[12]*m[2]*m[11] - m[12]*m[3]*m[10]
        inv[9] = -m[0]*m[9]*m[15] + m[0]*m[11]*m[13] + m[8]*m[1]*m[15] - m[8]*m[3]*m[13] - m[12]*m[1]*m[11] + m[12]*m[3]*m[9]
        inv[13] = m[0]*m[9]*m[14] - m[0]*m[10]*m[13] - m[8]*m[1]*m[14] + m[8]*m[2]*m[13] + m[12]*m[1]*m[10] - m[12]*m[2]*m[9]
        inv[2] = m[1]*m[6]*m[15] - m[1]*m[7]*m[14] - m[5]*m[2]*m[15] + m[5]*m[3]*m[14] + m[13]*m[2]*m[7] - m[13]*m[3]*m[6]
        inv[6] = -m[0]*m[6]*m[15] + m[0]*m[7]*m[14] + m[4]*m[2]*m[15] - m[4]*m[3]*m[14] - m[12]*m[2]*m[7] + m[12]*m[3]*m[6]
        inv[10] = m[0]*m[5]*m[15] - m[0]*m[7]*m[13] - m[4]*m[1]*m[15] + m[4]*m[3]*m[13] + m[12]*m[1]*m[7] - m[12]*m[3]*m[5]
        inv[14] = -m[0]*m[5]*m[14] + m[0]*m[6]*m[13] + m[4]*m[1]*m[14] - m[4]*m[2]*m[13] - m[12]*m[1]*m[6] + m[12]*m[2]*m[5]
        inv[3] = -m[1]*m[6]*m[11] + m[1]*m[7]*m[10] + m[5]*m[2]*m[11] - m[5]*m[3]*m[10] - m[9]*m[2]*m[7] + m[9]*m[3]*m[6]
        inv[7] = m[0]*m[6]*m[11] - m[0]*m[7]*m[10] - m[4]*m[2]*m[11] + m[4]*m[3]*m[10] + m[8]*m[2]*m[7] - m[8]*m[3]*m[6]
        inv[11] = -m[0]*m[5]*m[11] + m[0]*m[7]*m[9] + m[4]*m[1]*m[11] - m[4]*m[3]*m[9] - m[8]*m[1]*m[7] + m[8]*m[3]*m[5]
        inv[15] = m[0]*m[5]*m[10] - m[0]*m[6]*m[9] - m[4]*m[1]*m[10] + m[4]*m[2]*m[9] + m[8]*m[1]*m[6] - m[8]*m[2]*m[5]
        let det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12]
        guard det != 0, det.isFinite else { return self }
        return CATransform3D(entries: inv.map { CGFloat($0 / det) })
    }

    private static func determinant4(_ m: [Double]) -> Double {
        let s0 = m[0] * m[5] - m[4] * m[1], s1 = m[0] * m[6] - m[4] * m[2]
        let s2 = m[0] * m[7] - m[4] * m[3], s3 = m[1] * m[6] - m[5] * m[2]
        let s4 = m[1] * m[7] - m[5] * m[3], s5 = m[2] * m[7] - m[6] * m[3]
        let c5 = m[10] * m[15] - m[14] * m[11], c4 = m[9] * m[15] - m[13] * m[11]
        let c3 = m[9] * m[14] - m[13] * m[10], c2 = m[8] * m[15] - m[12] * m[11]
        let c1 = m[8] * m[14] - m[12] * m[10], c0 = m[8] * m[13] - m[12] * m[9]
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// The point `(x, y, z, 1) × self` divided by its w, or nil when w ≤ 0
    /// (the point is behind the viewer).
    public func project(_ p: CGPoint, z: CGFloat = 0) -> CGPoint? {
        let w = p.x * m14 + p.y * m24 + z * m34 + m44
        guard w > 0 else { return nil }
        return CGPoint(
            x: (p.x * m11 + p.y * m21 + z * m31 + m41) / w,
            y: (p.x * m12 + p.y * m22 + z * m32 + m42) / w)
    }

    /// This transform with its z output dropped: what a layer that flattens its
    /// sublayers into its own plane sees (every CALayer but CATransformLayer).
    public var flattened: CATransform3D {
        var t = self
        (t.m13, t.m23, t.m33, t.m43) = (0, 0, 0, 0)
        return t
    }

    /// The four rows of entries, for debugging.
    public var description: String {
        "CATransform3D([\(m11), \(m12), \(m13), \(m14)], [\(m21), \(m22), \(m23), \(m24)], "
            + "[\(m31), \(m32), \(m33), \(m34)], [\(m41), \(m42), \(m43), \(m44)])"
    }
}
