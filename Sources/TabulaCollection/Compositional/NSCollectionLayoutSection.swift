import Foundation
import TabulaUIKit

/// How a section scrolls across the layout's axis (sideways in a vertical layout).
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    /// The section does not scroll sideways: its groups repeat along the layout's axis.
    case none
    /// The section scrolls sideways freely.
    case continuous
    /// The section scrolls sideways and comes to rest with a group's leading edge at the
    /// section's leading edge.
    case continuousGroupLeadingBoundary
    /// The section scrolls sideways a page (the collection view's width) at a time.
    case paging
    /// The section scrolls sideways one group at a time.
    case groupPaging
    /// The section scrolls sideways one group at a time, resting with the group centred.
    case groupPagingCentered
}

/// What a compositional layout's content insets are measured from: UIKit's
/// `UIContentInsetsReference`, with its raw values.
public enum UIContentInsetsReference: Int, Sendable {
    /// For a section, the layout configuration's reference; for a configuration, the
    /// safe area.
    case automatic
    /// The collection view's content inset alone: the insets are measured from its edges.
    case none
    /// The safe area: in landscape, items stay clear of the sensor housing and the rounded
    /// corners.
    case safeArea
    /// The collection view's layout margins.
    case layoutMargins
    /// The collection view's readable content guide.
    case readableContent
}

/// A section of a compositional layout: a group repeated until every item has a place,
/// with insets, spacing between the groups, headers and footers, and whether it scrolls
/// sideways on its own.
@preconcurrency @MainActor
open class NSCollectionLayoutSection {
    /// The group the section repeats.
    public let group: NSCollectionLayoutGroup
    /// Insets around the section's groups.
    open var contentInsets = NSDirectionalEdgeInsets()
    /// What ``contentInsets`` are measured from: by default (`.automatic`) the layout
    /// configuration's reference, the safe area unless set otherwise. Tabula applies it
    /// across a vertical layout (the leading and trailing insets); the scroll view's own
    /// adjusted inset keeps the content clear of the top and bottom.
    open var contentInsetsReference: UIContentInsetsReference = .automatic
    /// The space between groups.
    open var interGroupSpacing: CGFloat = 0
    /// Whether, and how, the section scrolls across the layout's axis.
    open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    /// Headers and footers of the section.
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// Whether headers and footers are inset like the groups (true by default).
    open var supplementariesFollowContentInsets = true
    /// Decoration items of the section: backgrounds behind it, whose views the layout's
    /// ``UICollectionViewLayout/register(_:forDecorationViewOfKind:)`` classes make.
    open var decorationItems: [NSCollectionLayoutDecorationItem] = []
    /// Set by ``list(using:layoutEnvironment:)``: the section's rows are a list's.
    var listConfiguration: UICollectionLayoutListConfiguration?

    /// A section that repeats `group`.
    public init(group: NSCollectionLayoutGroup) {
        self.group = group
    }
}

/// Which edge or corner of its container a supplementary item is at.
public enum NSRectAlignment: Int, Sendable {
    /// No edge: centred.
    case none
    /// The top edge.
    case top
    /// The top leading corner.
    case topLeading
    /// The leading edge.
    case leading
    /// The bottom leading corner.
    case bottomLeading
    /// The bottom edge.
    case bottom
    /// The bottom trailing corner.
    case bottomTrailing
    /// The trailing edge.
    case trailing
    /// The top trailing corner.
    case topTrailing
}

/// A view beside an item or group (a badge): Tabula keeps it but does not place it yet.
@preconcurrency @MainActor
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    /// The kind of the supplementary view, given to the data source.
    public let elementKind: String
    /// The z-index of its view (1 by default, above the cells).
    open var zIndex = 1

    init(layoutSize: NSCollectionLayoutSize, elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }
}

/// A header or footer of a section (or of the whole layout): a supplementary view along
/// the top or bottom edge.
@preconcurrency @MainActor
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    /// The edge it is along: `.top` for a header, `.bottom` for a footer.
    public let alignment: NSRectAlignment
    /// An offset from its place.
    public let offset: CGPoint
    /// Whether it stays in view while any of its section is (a pinned header).
    open var pinToVisibleBounds = false
    /// Whether it adds to the section's size (true) or lies over its content.
    open var extendsBoundary = true

    /// A boundary item of `layoutSize` and `elementKind` along `alignment`.
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, alignment: alignment, absoluteOffset: .zero)
    }

    /// A boundary item of `layoutSize` and `elementKind` along `alignment`, moved by `absoluteOffset`.
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint) {
        self.alignment = alignment
        offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind)
        zIndex = 2
    }

    /// Whether it goes after the content (a footer) rather than before it.
    var isTrailing: Bool { [.bottom, .bottomLeading, .bottomTrailing, .trailing].contains(alignment) }
}

/// A view behind a section (its background), the size of the whole section — headers
/// and footers included, across the collection view — inset by its `contentInsets`; its view
/// is of the class registered on the layout for ``elementKind``.
@preconcurrency @MainActor
open class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    /// The kind of the decoration view.
    public let elementKind: String
    /// Its z-index (behind the cells by default).
    open var zIndex = -1

    init(elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
                   supplementaryItems: [])
    }

    /// A background behind the whole section.
    public static func background(elementKind: String) -> NSCollectionLayoutDecorationItem {
        NSCollectionLayoutDecorationItem(elementKind: elementKind)
    }
}
