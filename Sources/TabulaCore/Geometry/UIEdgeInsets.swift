import Foundation

/// Insets for each edge of a rectangle; positive values shrink it.
public struct UIEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    public init() { self = .zero }

    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Total horizontal inset (`left + right`).
    public var horizontal: CGFloat { left + right }
    /// Total vertical inset (`top + bottom`).
    public var vertical: CGFloat { top + bottom }

    public var description: String { "{\(top), \(left), \(bottom), \(right)}" }
}

extension CGRect {
    /// The rectangle shrunk by `insets` (grown where they are negative), as `UIEdgeInsetsInsetRect`.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: origin.x + insets.left, y: origin.y + insets.top,
            width: size.width - insets.horizontal, height: size.height - insets.vertical)
    }
}
