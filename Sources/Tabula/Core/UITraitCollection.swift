import Foundation

/// The traits of an environment that images and views adapt to: UIKit's
/// `UITraitCollection`, holding (so far) the display scale.
///
/// A trait of 0 is unspecified, as in UIKit. Trait collections are immutable values
/// that can be passed between threads.
public final class UITraitCollection: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Pixels per point (1, 2 or 3); 0 when unspecified.
    public let displayScale: CGFloat

    /// A trait collection with every trait unspecified.
    public init() { displayScale = 0 }

    /// A trait collection specifying only the display scale (not finite or not
    /// positive: unspecified).
    public init(displayScale: CGFloat) {
        self.displayScale = displayScale.isFinite && displayScale > 0 ? displayScale : 0
    }

    /// The traits of `traitCollections` merged: for each trait, the value of the last
    /// collection that specifies it.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        self.init(displayScale: traitCollections.last { $0.displayScale > 0 }?.displayScale ?? 0)
    }

    /// Whether every trait `trait` specifies has the same value here.
    public func containsTraits(in trait: UITraitCollection?) -> Bool {
        guard let trait else { return true }
        return trait.displayScale == 0 || trait.displayScale == displayScale
    }

    /// Whether the two collections have the same traits.
    public static func == (a: UITraitCollection, b: UITraitCollection) -> Bool { a.displayScale == b.displayScale }
    /// Hashes the traits, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(displayScale) }
    /// The specified traits, for debugging.
    public var description: String {
        displayScale > 0 ? "<UITraitCollection: displayScale = \(String(format: "%g", Double(displayScale)))>"
            : "<UITraitCollection: unspecified>"
    }
}
