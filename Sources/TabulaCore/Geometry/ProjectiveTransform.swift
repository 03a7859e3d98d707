import Foundation

/// A plane-to-plane projective map (a homography): what a flattened
/// ``CATransform3D`` does to the z = 0 plane.
///
/// `(x, y, 1) × H = (X, Y, W)`, and the image point is `(X / W, Y / W)`.
/// The compositor uses it to draw perspective layers and hit testing uses its
/// inverse to find which point of a tilted layer lies under a touch.
public struct ProjectiveTransform: Hashable, Sendable {
    /// Row-major 3×3 entries.
    public var h11, h12, h13, h21, h22, h23, h31, h32, h33: Double

    /// A map with the given entries, row by row.
    public init(
        _ h11: Double, _ h12: Double, _ h13: Double,
        _ h21: Double, _ h22: Double, _ h23: Double,
        _ h31: Double, _ h32: Double, _ h33: Double
    ) {
        (self.h11, self.h12, self.h13) = (h11, h12, h13)
        (self.h21, self.h22, self.h23) = (h21, h22, h23)
        (self.h31, self.h32, self.h33) = (h31, h32, h33)
    }

    /// The map a 3D transform applies to points with z = 0.
    public init(_ t: CATransform3D) {
        self.init(
            Double(t.m11), Double(t.m12), Double(t.m14),
            Double(t.m21), Double(t.m22), Double(t.m24),
            Double(t.m41), Double(t.m42), Double(t.m44))
    }

    /// The map that leaves every point where it is.
    public static let identity = ProjectiveTransform(1, 0, 0, 0, 1, 0, 0, 0, 1)

    /// True when the map has no perspective part and is exactly affine.
    public var isAffine: Bool { h13 == 0 && h23 == 0 && h33 == 1 }

    /// The affine part (the first two columns); the whole map when ``isAffine``.
    public var affineTransform: CGAffineTransform {
        CGAffineTransform(
            a: CGFloat(h11), b: CGFloat(h12), c: CGFloat(h21), d: CGFloat(h22),
            tx: CGFloat(h31), ty: CGFloat(h32))
    }

    /// The image of `p`, or nil when it falls on or behind the viewer's plane (w ≤ 0).
    @inline(__always)
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double)? {
        let w = x * h13 + y * h23 + h33
        guard w > 1e-12 else { return nil }
        return ((x * h11 + y * h21 + h31) / w, (x * h12 + y * h22 + h32) / w)
    }

    /// The image of `p`, or nil when it falls on or behind the viewer's plane (w ≤ 0).
    public func apply(_ p: CGPoint) -> CGPoint? {
        apply(Double(p.x), Double(p.y)).map { CGPoint(x: $0.x, y: $0.y) }
    }

    /// The inverse map, or nil when the map collapses the plane.
    public func inverted() -> ProjectiveTransform? {
        let c11 = h22 * h33 - h23 * h32, c12 = h13 * h32 - h12 * h33, c13 = h12 * h23 - h13 * h22
        let c21 = h23 * h31 - h21 * h33, c22 = h11 * h33 - h13 * h31, c23 = h13 * h21 - h11 * h23
        let c31 = h21 * h32 - h22 * h31, c32 = h12 * h31 - h11 * h32, c33 = h11 * h22 - h12 * h21
        let det = h11 * c11 + h12 * c21 + h13 * c31
        guard abs(det) > 1e-15, det.isFinite else { return nil }
        return ProjectiveTransform(
            c11 / det, c12 / det, c13 / det, c21 / det, c22 / det, c23 / det,
            c31 / det, c32 / det, c33 / det)
    }

    /// `self` followed by `o`.
    public func concatenating(_ o: ProjectiveTransform) -> ProjectiveTransform {
        ProjectiveTransform(
            h11 * o.h11 + h12 * o.h21 + h13 * o.h31, h11 * o.h12 + h12 * o.h22 + h13 * o.h32,
            h11 * o.h13 + h12 * o.h23 + h13 * o.h33,
            h21 * o.h11 + h22 * o.h21 + h23 * o.h31, h21 * o.h12 + h22 * o.h22 + h23 * o.h32,
            h21 * o.h13 + h22 * o.h23 + h23 * o.h33,
            h31 * o.h11 + h32 * o.h21 + h33 * o.h31, h31 * o.h12 + h32 * o.h22 + h33 * o.h32,
            h31 * o.h13 + h32 * o.h23 + h33 * o.h33)
    }

    /// Whether all nine entries are equal.
    public static func == (l: Self, r: Self) -> Bool {
        l.h11 == r.h11 && l.h12 == r.h12 && l.h13 == r.h13 && l.h21 == r.h21 && l.h22 == r.h22
            && l.h23 == r.h23 && l.h31 == r.h31 && l.h32 == r.h32 && l.h33 == r.h33
    }

    /// Hashes all nine entries, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        for v in [h11, h12, h13, h21, h22, h23, h31, h32, h33] { hasher.combine(v) }
    }
}

extension ProjectiveTransform {
    /// The projective form of an affine transform.
    public init(affine t: CGAffineTransform) {
        self.init(Double(t.a), Double(t.b), 0, Double(t.c), Double(t.d), 0, Double(t.tx), Double(t.ty), 1)
    }
}
