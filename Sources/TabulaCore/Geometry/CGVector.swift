import Foundation

/// A two-dimensional vector (Core Graphics' `CGVector`, absent from Foundation on Linux).
public struct CGVector: Hashable, Sendable, CustomStringConvertible {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat

    /// A vector with the given components.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// The vector (0, 0).
    public static let zero = CGVector(dx: 0, dy: 0)

    /// The components as `(dx, dy)`.
    public var description: String { "(\(dx), \(dy))" }
}
