import Foundation

/// A blend between two transforms by parts, prepared once and evaluated at many fractions:
/// what an animated transform needs in every frame.
///
/// `blend.transform(at: f)` equals `from.interpolated(to: to, fraction: f).transform`
/// bit for bit; the ends are decomposed, and the angle of the arc between their rotations
/// worked out, when the blend is made instead of in every frame.
///
/// It is a class so that the animations of many layers made by one animation block (the
/// same two transforms) can share one, and a frame can reuse one evaluation for all of
/// them (see ``sharesValues(with:)``).
///
/// See also: ``DecomposedTransform``.
package final class TransformBlend: Sendable {
    /// The two ends, as given.
    package let fromMatrix: CATransform3D, toMatrix: CATransform3D
    /// The two ends, decomposed.
    package let from: DecomposedTransform, to: DecomposedTransform
    private let rotation: DecomposedTransform.Slerp

    /// A blend of `from` into `to`, or nil when either cannot be decomposed (a zero scale,
    /// m44 = 0); such transforms blend entry by entry instead.
    package init?(from: CATransform3D, to: CATransform3D) {
        guard let a = DecomposedTransform(from), let b = DecomposedTransform(to) else { return nil }
        fromMatrix = from
        toMatrix = to
        self.from = a
        self.to = b
        rotation = DecomposedTransform.Slerp(a.quaternion, b.quaternion)
    }

    /// The transform `f` of the way from `from` to `to` (outside 0…1 it extrapolates).
    package func transform(at f: Double) -> CATransform3D {
        from.mixed(with: to, fraction: f, rotation: rotation).transform
    }

    /// Whether this blend was made from the same two matrices as `other`, bit for bit (so
    /// that it gives the same transform at every fraction).
    package func sharesValues(with other: TransformBlend) -> Bool {
        Self.identical(fromMatrix, other.fromMatrix) && Self.identical(toMatrix, other.toMatrix)
    }

    /// Whether the two matrices have the same bits in every entry: unlike `==`, it tells
    /// 0 from -0, which a decomposition carries through.
    package static func identical(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
        withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in a.elementsEqual(b) } }
    }
}
