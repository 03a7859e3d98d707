import Foundation

/// The horizontal and vertical axes, as a set (UIKit's `UIAxis`).
///
/// List content configurations use it for
/// ``UIListContentConfiguration/axesPreservingSuperviewLayoutMargins``.
public struct UIAxis: OptionSet, Hashable, Sendable {
    /// The raw bits: 1 horizontal, 2 vertical.
    public let rawValue: UInt
    /// An axis set from its raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The horizontal axis (leading and trailing).
    public static let horizontal = UIAxis(rawValue: 1 << 0)
    /// The vertical axis (top and bottom).
    public static let vertical = UIAxis(rawValue: 1 << 1)
    /// Both axes.
    public static let both: UIAxis = [.horizontal, .vertical]
}
