/// The pace of an animation: a cubic Bézier from (0, 0) to (1, 1) mapping elapsed
/// time to progress, with Core Animation's named curves.
///
/// Evaluation is exact at any time (see `TimingCurve`).
public final class CAMediaTimingFunction: Sendable, Equatable, CustomStringConvertible {
    let curve: TimingCurve

    /// Creates one of the predefined curves; an unknown name gives `.default`.
    public init(name: CAMediaTimingFunctionName) {
        switch name {
        case .linear: curve = .linear
        case .easeIn: curve = .easeIn
        case .easeOut: curve = .easeOut
        case .easeInEaseOut: curve = .easeInEaseOut
        default: curve = .default
        }
    }

    /// A curve through control points (c1x, c1y) and (c2x, c2y).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        curve = TimingCurve(x1: Double(c1x), y1: Double(c1y), x2: Double(c2x), y2: Double(c2y))
    }

    package init(curve: TimingCurve) { self.curve = curve }

    /// Control point `index` (0…3; 0 is (0, 0) and 3 is (1, 1)) as two floats.
    public func getControlPoint(at index: Int, values ptr: UnsafeMutablePointer<Float>) {
        let points: [(Double, Double)] = [(0, 0), (curve.x1, curve.y1), (curve.x2, curve.y2), (1, 1)]
        let p = points[min(max(index, 0), 3)]
        ptr[0] = Float(p.0)
        ptr[1] = Float(p.1)
    }

    /// Progress at time fraction `x` (0…1).
    public func value(at x: Double) -> Double { curve.value(at: x) }

    /// Whether the two functions have the same control points.
    public static func == (a: CAMediaTimingFunction, b: CAMediaTimingFunction) -> Bool { a.curve == b.curve }

    /// The control points, as `CAMediaTimingFunction(x1, y1, x2, y2)`.
    public var description: String { "CAMediaTimingFunction(\(curve.x1), \(curve.y1), \(curve.x2), \(curve.y2))" }
}

/// The names of Core Animation's predefined timing curves.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// The name as a string.
    public let rawValue: String
    /// Creates a name from a string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// (0, 0, 1, 1): constant speed.
    public static let linear = Self(rawValue: "linear")
    /// (0.42, 0, 1, 1): starts slowly, then speeds up.
    public static let easeIn = Self(rawValue: "easeIn")
    /// (0, 0, 0.58, 1): starts quickly, then slows down.
    public static let easeOut = Self(rawValue: "easeOut")
    /// (0.42, 0, 0.58, 1): slow at both ends, fastest in the middle.
    public static let easeInEaseOut = Self(rawValue: "easeInEaseOut")
    /// (0.25, 0.1, 0.25, 1): the curve of implicit layer animations when the transaction sets none.
    public static let `default` = Self(rawValue: "default")
}
