import Foundation

/// Values that an animation can blend: `a.interpolated(to: b, fraction: f)` is `a` at 0
/// and `b` at 1; fractions outside 0…1 extrapolate (a spring's overshoot).
public protocol Interpolatable {
    /// The value `fraction` of the way from `self` to `other`: `self` at 0, `other` at 1.
    func interpolated(to other: Self, fraction: Double) -> Self
}

extension Double: Interpolatable {
    /// The linear blend `self + (other - self) × fraction`.
    @inline(__always)
    public func interpolated(to other: Double, fraction f: Double) -> Double { self + (other - self) * f }
}

extension Float: Interpolatable {
    /// The linear blend `self + (other - self) × fraction`.
    @inline(__always)
    public func interpolated(to other: Float, fraction f: Double) -> Float { self + (other - self) * Float(f) }
}

#if !canImport(Darwin)
extension CGFloat: Interpolatable {
    /// The linear blend `self + (other - self) × fraction`.
    @inline(__always)
    public func interpolated(to other: CGFloat, fraction f: Double) -> CGFloat { self + (other - self) * CGFloat(f) }
}
#endif

extension CGPoint: Interpolatable {
    /// The point `fraction` of the way to `o`, each coordinate blended linearly.
    public func interpolated(to o: CGPoint, fraction f: Double) -> CGPoint {
        CGPoint(x: x.interpolated(to: o.x, fraction: f), y: y.interpolated(to: o.y, fraction: f))
    }
}

extension CGSize: Interpolatable {
    /// The size `fraction` of the way to `o`, width and height blended linearly.
    public func interpolated(to o: CGSize, fraction f: Double) -> CGSize {
        CGSize(width: width.interpolated(to: o.width, fraction: f), height: height.interpolated(to: o.height, fraction: f))
    }
}

extension CGRect: Interpolatable {
    /// The rectangle `fraction` of the way to `o`: origin and size blended linearly.
    public func interpolated(to o: CGRect, fraction f: Double) -> CGRect {
        CGRect(origin: origin.interpolated(to: o.origin, fraction: f), size: size.interpolated(to: o.size, fraction: f))
    }
}

extension CATransform3D: Interpolatable {}
