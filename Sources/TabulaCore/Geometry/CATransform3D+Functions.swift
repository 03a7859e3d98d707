import Foundation

// Core Animation's C-style functions, so that ported code compiles unchanged.
// Each is a one-line alias of a ``CATransform3D`` member, which documents the behaviour.

/// The identity transform, ``CATransform3D/identity``.
public let CATransform3DIdentity = CATransform3D.identity

/// A translation by (`tx`, `ty`, `tz`); see ``CATransform3D/init(translationX:y:z:)``.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(translationX: tx, y: ty, z: tz)
}

/// A scale by (`sx`, `sy`, `sz`); see ``CATransform3D/init(scaleX:y:z:)``.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(scaleX: sx, y: sy, z: sz)
}

/// A rotation by `angle` radians about the axis (`x`, `y`, `z`); see ``CATransform3D/init(rotationAngle:x:y:z:)``.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D(rotationAngle: angle, x: x, y: y, z: z)
}

/// `t` with a translation applied first; see ``CATransform3D/translatedBy(x:y:z:)``.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    t.translatedBy(x: tx, y: ty, z: tz)
}

/// `t` with a scale applied first; see ``CATransform3D/scaledBy(x:y:z:)``.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    t.scaledBy(x: sx, y: sy, z: sz)
}

/// `t` with a rotation applied first; see ``CATransform3D/rotated(by:x:y:z:)``.
public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    t.rotated(by: angle, x: x, y: y, z: z)
}

/// `a` followed by `b`, the product `a × b`; see ``CATransform3D/concatenating(_:)``.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    a.concatenating(b)
}

/// The inverse of `t`, or `t` itself when it is singular; see ``CATransform3D/inverted()``.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.inverted() }
/// Whether `t` is exactly the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t.isIdentity }
/// Whether `t` is exactly representable as a ``CGAffineTransform``; see ``CATransform3D/isAffine``.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.isAffine }
/// Whether the sixteen entries of `a` and `b` are equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }
/// The 3D transform equal to the affine transform `t`, leaving z alone.
public func CATransform3DMakeAffineTransform(_ t: CGAffineTransform) -> CATransform3D { CATransform3D(t) }
/// The affine part of `t`, meaningful when `t` is affine; see ``CATransform3D/affineTransform``.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform { t.affineTransform }
