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
    /// Called before each layout pass of the section's items in view, to change their
    /// alpha, transform, z-index, hidden state or centre for that pass only (a carousel
    /// that scales each card by its distance from the middle).
    ///
    /// It gets the section's cells, badges, headers, footers and background in view; the
    /// point is the collection view's `contentOffset` for a section that does not scroll
    /// sideways, and the section's own scroll offset for an orthogonal one, whose items'
    /// centres and frames are then where they would be unscrolled (so
    /// `item.frame.midX - point.x` is the item's place across the collection view).
    /// A pass runs on a scroll of either kind, a resize, an update and a new layout.
    /// What it sets never reaches the layout's own geometry: ``UICollectionViewLayout/layoutAttributesForItem(at:)``
    /// answers without it, and the next pass starts afresh. A centre or transform that is
    /// not finite is replaced by the layout's, a NaN alpha by the layout's and any other
    /// alpha is clamped to 0...1, each reported once per layout and section.
    open var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?
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

/// A view attached to an item (a badge): the layout places it where its anchors say, at
/// the item's index path, and the collection view asks the data source for a view of its
/// ``elementKind`` there.
///
/// In Tabula an item's supplementary items are placed; a group's are kept but not placed.
@preconcurrency @MainActor
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    /// The kind of the supplementary view, given to the data source.
    public let elementKind: String
    /// Where on its item it is attached.
    public let containerAnchor: NSCollectionLayoutAnchor
    /// Which point of itself meets the container anchor's point; nil: the same edges as
    /// the container anchor (a `[.top, .trailing]` badge's top trailing corner is on the
    /// item's top trailing corner).
    public let itemAnchor: NSCollectionLayoutAnchor?
    /// The z-index of its view (1 by default, above the cells).
    open var zIndex = 1

    /// A supplementary item of `layoutSize` (fractions are of its item's size) and
    /// `elementKind`, attached where `containerAnchor` says.
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String,
                            containerAnchor: NSCollectionLayoutAnchor) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor, itemAnchor: nil)
    }

    /// A supplementary item whose `itemAnchor` point meets its item's `containerAnchor` point.
    public convenience init(layoutSize: NSCollectionLayoutSize, elementKind: String,
                            containerAnchor: NSCollectionLayoutAnchor, itemAnchor: NSCollectionLayoutAnchor) {
        self.init(layoutSize: layoutSize, elementKind: elementKind, containerAnchor: containerAnchor,
                  itemAnchor: Optional(itemAnchor))
    }

    init(layoutSize: NSCollectionLayoutSize, elementKind: String,
         containerAnchor: NSCollectionLayoutAnchor = NSCollectionLayoutAnchor(edges: .top),
         itemAnchor: NSCollectionLayoutAnchor? = nil) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        self.itemAnchor = itemAnchor
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }
}

/// A point on a rectangle, by its edges, and an offset from it: where a supplementary
/// item is attached to its item. `[.top, .trailing]` is the top trailing corner, `.top`
/// the middle of the top edge, no edge the centre.
///
/// A fractional offset is in the supplementary item's own size: Apple's badge,
/// `(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3))`, pokes out
/// past the corner by three tenths of itself each way. An absolute offset is in points.
@preconcurrency @MainActor
open class NSCollectionLayoutAnchor {
    /// The edges that name the point.
    public let edges: NSDirectionalRectEdge
    /// The offset from the point: points, or fractions of the supplementary item's size.
    public let offset: CGPoint
    /// Whether ``offset`` is in points.
    public let isAbsoluteOffset: Bool
    /// Whether ``offset`` is in fractions of the supplementary item's size.
    public var isFractionalOffset: Bool { !isAbsoluteOffset }

    /// The point `edges` name, with no offset.
    public convenience init(edges: NSDirectionalRectEdge) {
        self.init(edges: edges, offset: .zero, absolute: true)
    }

    /// The point `edges` name, moved by `absoluteOffset` points.
    public convenience init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) {
        self.init(edges: edges, offset: absoluteOffset, absolute: true)
    }

    /// The point `edges` name, moved by `fractionalOffset` of the supplementary item's size.
    public convenience init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) {
        self.init(edges: edges, offset: fractionalOffset, absolute: false)
    }

    /// A NaN or infinite offset is taken as zero: the supplementary view stays on its item.
    init(edges: NSDirectionalRectEdge, offset: CGPoint, absolute: Bool) {
        self.edges = edges
        self.offset = CGPoint(x: offset.x.isFinite ? offset.x : 0, y: offset.y.isFinite ? offset.y : 0)
        isAbsoluteOffset = absolute
    }

    /// The point this anchor names on `rect`, for a supplementary item of `size`
    /// (leading is left, as the layout places items in either writing direction).
    func point(in rect: CGRect, size: CGSize) -> CGPoint {
        func along(_ low: Bool, _ high: Bool, _ min: CGFloat, _ mid: CGFloat, _ max: CGFloat) -> CGFloat {
            low == high ? mid : low ? min : max
        }
        let x = along(edges.contains(.leading), edges.contains(.trailing), rect.minX, rect.midX, rect.maxX)
        let y = along(edges.contains(.top), edges.contains(.bottom), rect.minY, rect.midY, rect.maxY)
        let shift = isAbsoluteOffset ? offset : CGPoint(x: offset.x * size.width, y: offset.y * size.height)
        return CGPoint(x: x + shift.x, y: y + shift.y)
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
