/// The pace of an animation: a cubic Bézier from (0, 0) to (1, 1) mapping elapsed
/// time to progress, with Core Animation's named curves.
///
/// Evaluation is exact at any time (see ``TimingCurve``).
public final class CAMediaTimingFunction: Sendable, Equatable, CustomStringConvertible {
    let curve: TimingCurve

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

    init(curve: TimingCurve) { self.curve = curve }

    /// Control point `index` (0…3; 0 is (0, 0) and 3 is (1, 1)) as two floats.
    public func getControlPoint(at index: Int, values ptr: UnsafeMutablePointer<Float>) {
        let points: [(Double, Double)] = [(0, 0), (curve.x1, curve.y1), (curve.x2, curve.y2), (1, 1)]
        let p = points[min(max(index, 0), 3)]
        ptr[0] = Float(p.0)
        ptr[1] = Float(p.1)
    }

    /// Progress at time fraction `x` (0…1).
    public func value(at x: Double) -> Double { curve.value(at: x) }

    public static func == (a: CAMediaTimingFunction, b: CAMediaTimingFunction) -> Bool { a.curve == b.curve }

    public var description: String { "CAMediaTimingFunction(\(curve.x1), \(curve.y1), \(curve.x2), \(curve.y2))" }
}

/// The names of Core Animation's predefined timing curves.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let linear = Self(rawValue: "linear")
    public static let easeIn = Self(rawValue: "easeIn")
    public static let easeOut = Self(rawValue: "easeOut")
    public static let easeInEaseOut = Self(rawValue: "easeInEaseOut")
    /// (0.25, 0.1, 0.25, 1): what an animation without a timing function uses.
    public static let `default` = Self(rawValue: "default")
}
