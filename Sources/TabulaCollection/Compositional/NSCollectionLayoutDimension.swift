import Foundation
import TabulaUIKit

/// One side of an ``NSCollectionLayoutSize``: a fraction of the container's width or
/// height, an absolute number of points, or an estimate.
///
/// Fractions are of the container the element is in: a section's content area for a
/// group, the group (minus its spacing) for an item.
@preconcurrency @MainActor
open class NSCollectionLayoutDimension: @preconcurrency CustomStringConvertible {
    enum Kind: Equatable { case fractionalWidth, fractionalHeight, absolute, estimated }
    let kind: Kind

    /// The number: a fraction, or points.
    public let dimension: CGFloat

    init(_ kind: Kind, _ dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
    }

    /// A fraction of the container's width.
    public static func fractionalWidth(_ fractionalWidth: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalWidth, fractionalWidth)
    }

    /// A fraction of the container's height.
    public static func fractionalHeight(_ fractionalHeight: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.fractionalHeight, fractionalHeight)
    }

    /// A fixed number of points.
    public static func absolute(_ absoluteDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.absolute, absoluteDimension)
    }

    /// An estimate of the size. Tabula lays the element out at the estimate: cells are not
    /// yet asked for their fitting size in a compositional layout.
    public static func estimated(_ estimatedDimension: CGFloat) -> NSCollectionLayoutDimension {
        NSCollectionLayoutDimension(.estimated, estimatedDimension)
    }

    /// Whether the dimension is a fraction of the container's width.
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    /// Whether the dimension is a fraction of the container's height.
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    /// Whether the dimension is a number of points.
    public var isAbsolute: Bool { kind == .absolute }
    /// Whether the dimension is an estimate.
    public var isEstimated: Bool { kind == .estimated }

    /// The dimension as it is written in code, e.g. `.fractionalWidth(0.5)`.
    public var description: String {
        switch kind {
        case .fractionalWidth: ".fractionalWidth(\(dimension))"
        case .fractionalHeight: ".fractionalHeight(\(dimension))"
        case .absolute: ".absolute(\(dimension))"
        case .estimated: ".estimated(\(dimension))"
        }
    }
}

/// The width and height of an item, group or supplementary item.
@preconcurrency @MainActor
open class NSCollectionLayoutSize: @preconcurrency CustomStringConvertible {
    /// The width.
    public let widthDimension: NSCollectionLayoutDimension
    /// The height.
    public let heightDimension: NSCollectionLayoutDimension

    /// A size of the two dimensions.
    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width
        heightDimension = height
    }

    /// Both dimensions, e.g. `(width: .fractionalWidth(1.0), height: .absolute(44.0))`.
    public var description: String { "(width: \(widthDimension), height: \(heightDimension))" }
}

/// The space between the items of a group: exactly so many points, or at least so many
/// with the group's leftover space shared out.
@preconcurrency @MainActor
open class NSCollectionLayoutSpacing {
    /// The points.
    public let spacing: CGFloat
    /// Whether the spacing is at least ``spacing``, growing to share the leftover space.
    public let isFlexibleSpacing: Bool
    /// Whether the spacing is exactly ``spacing``.
    public var isFixedSpacing: Bool { !isFlexibleSpacing }

    init(_ spacing: CGFloat, flexible: Bool) {
        self.spacing = spacing
        isFlexibleSpacing = flexible
    }

    /// Exactly `fixedSpacing` points.
    public static func fixed(_ fixedSpacing: CGFloat) -> NSCollectionLayoutSpacing {
        NSCollectionLayoutSpacing(fixedSpacing, flexible: false)
    }

    /// At least `flexibleSpacing` points; the group's leftover space is shared out.
    public static func flexible(_ flexibleSpacing: CGFloat) -> NSCollectionLayoutSpacing {
        NSCollectionLayoutSpacing(flexibleSpacing, flexible: true)
    }
}

/// Space around an item, outside it, that pushes its neighbours away (unlike
/// ``NSCollectionLayoutItem/contentInsets``, which shrink the item). Tabula reads the
/// spacings' points; flexible edge spacing counts as fixed.
@preconcurrency @MainActor
open class NSCollectionLayoutEdgeSpacing {
    /// The space before the leading edge.
    public let leading: NSCollectionLayoutSpacing?
    /// The space above the top edge.
    public let top: NSCollectionLayoutSpacing?
    /// The space after the trailing edge.
    public let trailing: NSCollectionLayoutSpacing?
    /// The space below the bottom edge.
    public let bottom: NSCollectionLayoutSpacing?

    /// Edge spacing of the given sides (nil for none).
    public init(leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?,
                trailing: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }
}
