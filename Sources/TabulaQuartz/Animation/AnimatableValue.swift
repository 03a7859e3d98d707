/// A colour type of a higher module (`UIColor`) that animations accept as a value.
package protocol CGColorConvertible {
    /// The colour as an sRGB value.
    var cgColor: CGColor { get }
}

/// A path type of a higher module (`UIBezierPath`) that animations accept as a value.
package protocol CGPathConvertible {
    /// The path as a value.
    var cgPath: CGPath { get }
}

/// A value an animation can hold: the kinds Core Animation animates.
///
/// Public animation APIs take `Any?` (as `CABasicAnimation.fromValue` does);
/// ``init(_:)`` converts what the app passed once, when the animation is added,
/// so that evaluating a frame never inspects types.
package enum AnimatableValue: Equatable {
    case scalar(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    case color(Color)
    /// A shape layer's path: interpolated point by point when both ends have the same
    /// elements, else it jumps at the midpoint.
    case path(Path)
    /// A gradient's colours: blended one by one when both ends have as many, else a jump.
    case colors([Color])
    /// A gradient's locations: blended one by one when both ends have as many, else a jump.
    case numbers([Double])

    /// Converts a number, point, size, rect, transform or colour; nil for anything else.
    init?(_ value: Any) {
        switch value {
        case let v as Double: self = .scalar(v)
        case let v as CGFloat: self = .scalar(Double(v))
        case let v as Float: self = .scalar(Double(v))
        case let v as Int: self = .scalar(Double(v))
        case let v as CGPoint: self = .point(v)
        case let v as CGSize: self = .size(v)
        case let v as CGRect: self = .rect(v)
        case let v as CATransform3D: self = .transform(v)
        case let v as CGAffineTransform: self = .transform(CATransform3D(v))
        case let v as Color: self = .color(v)
        case let v as any CGColorConvertible: self = .color(v.cgColor)
        case let v as NSNumber: self = .scalar(v.doubleValue)
        case let v as Path: self = .path(v)
        case let v as any CGPathConvertible: self = .path(v.cgPath)
        case let v as [Any]:
            if let colors = Self.colors(v) { self = .colors(colors) } else if let numbers = Self.numbers(v) {
                self = .numbers(numbers)
            } else {
                return nil
            }
        default: return nil
        }
    }

    /// A name for error messages.
    var kind: String {
        switch self {
        case .scalar: "a number"
        case .point: "a CGPoint"
        case .size: "a CGSize"
        case .rect: "a CGRect"
        case .transform: "a CATransform3D"
        case .color: "a colour"
        case .path: "a CGPath"
        case .colors: "an array of colours"
        case .numbers: "an array of numbers"
        }
    }

    func isSameKind(as other: AnimatableValue) -> Bool { kind == other.kind }

    /// The blend `f` of the way to `other` (same kind; otherwise jumps at the midpoint).
    package func interpolated(to other: AnimatableValue, fraction f: Double) -> AnimatableValue {
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)): return .scalar(a + (b - a) * f)
        case (.point(let a), .point(let b)): return .point(a.interpolated(to: b, fraction: f))
        case (.size(let a), .size(let b)): return .size(a.interpolated(to: b, fraction: f))
        case (.rect(let a), .rect(let b)): return .rect(a.interpolated(to: b, fraction: f))
        case (.transform(let a), .transform(let b)): return .transform(a.interpolated(to: b, fraction: f))
        case (.color(let a), .color(let b)): return .color(a.interpolated(to: b, fraction: min(max(f, 0), 1)))
        case (.path(let a), .path(let b)):
            if let blend = a.interpolated(to: b, fraction: f) { return .path(blend) }
            return f < 0.5 ? self : other
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            let g = min(max(f, 0), 1)
            return .colors(zip(a, b).map { $0.interpolated(to: $1, fraction: g) })
        case (.numbers(let a), .numbers(let b)) where a.count == b.count:
            return .numbers(zip(a, b).map { $0 + ($1 - $0) * f })
        default: return f < 0.5 ? self : other
        }
    }

    /// `self + other`, for `byValue` (transforms concatenate: `other` after `self`).
    func adding(_ other: AnimatableValue, sign: Double = 1) -> AnimatableValue {
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)): return .scalar(a + sign * b)
        case (.point(let a), .point(let b)):
            return .point(CGPoint(x: a.x + CGFloat(sign) * b.x, y: a.y + CGFloat(sign) * b.y))
        case (.size(let a), .size(let b)):
            return .size(CGSize(width: a.width + CGFloat(sign) * b.width, height: a.height + CGFloat(sign) * b.height))
        case (.rect(let a), .rect(let b)):
            let s = CGFloat(sign)
            // Component by component, as stored: an offset's size may be negative.
            return .rect(CGRect(x: a.origin.x + s * b.origin.x, y: a.origin.y + s * b.origin.y,
                                width: a.size.width + s * b.size.width, height: a.size.height + s * b.size.height))
        case (.transform(let a), .transform(let b)):
            return .transform(sign > 0 ? a.concatenating(b) : a.concatenating(b.inverted()))
        case (.color(let a), .color(let b)):
            let s = sign
            return .color(Color(red: a.red + s * b.red, green: a.green + s * b.green,
                                blue: a.blue + s * b.blue, alpha: a.alpha + s * b.alpha))
        default: return self
        }
    }

    /// Distance to `other`, for paced keyframes (nil when the kind has no natural metric).
    func distance(to other: AnimatableValue) -> Double? {
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)): return abs(b - a)
        case (.point(let a), .point(let b)): return Double(hypot(b.x - a.x, b.y - a.y))
        case (.size(let a), .size(let b)): return Double(hypot(b.width - a.width, b.height - a.height))
        default: return nil
        }
    }

    /// The value as the public type an app would read back.
    package var publicValue: Any {
        switch self {
        case .scalar(let v): v
        case .point(let v): v
        case .size(let v): v
        case .rect(let v): v
        case .transform(let v): v
        case .color(let v): v
        case .path(let v): v
        case .colors(let v): v
        case .numbers(let v): v.map { NSNumber(value: $0) }
        }
    }

    /// Colours, when every element of `list` is one (an empty list counts as colours).
    private static func colors(_ list: [Any]) -> [Color]? {
        var result: [Color] = []
        for item in list {
            if let c = item as? Color { result.append(c) } else if let c = item as? any CGColorConvertible {
                result.append(c.cgColor)
            } else {
                return nil
            }
        }
        return result
    }

    /// Numbers, when every element of `list` is one.
    private static func numbers(_ list: [Any]) -> [Double]? {
        var result: [Double] = []
        for item in list {
            guard case .scalar(let v)? = AnimatableValue(item) else { return nil }
            result.append(v)
        }
        return result
    }
}
