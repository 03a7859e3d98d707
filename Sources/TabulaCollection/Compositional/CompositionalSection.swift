import Foundation
import TabulaUIKit

/// One item of a group, placed: where it is in the group (real axes, relative to the
/// group's origin) and its z-index.
struct GroupLeaf {
    var frame: CGRect
    var zIndex: Int
    /// The item's supplementary views (badges), sized against the item; nil for none (no
    /// array to retain and release as leaves are copied: preparing a thousand sections
    /// took 4% longer with an empty one).
    var supplementaries: [PlacedSupplementary]? = nil

    /// The same leaf moved by `dx`, `dy`.
    func offsetBy(dx: CGFloat, dy: CGFloat) -> GroupLeaf {
        GroupLeaf(frame: frame.offsetBy(dx: dx, dy: dy), zIndex: zIndex, supplementaries: supplementaries)
    }
}

/// A supplementary view anchored to an item (a badge), with its size resolved against
/// the item's.
struct PlacedSupplementary {
    var item: NSCollectionLayoutSupplementaryItem
    var size: CGSize

    /// Its frame beside an item whose cell has `container`: the point its container
    /// anchor names on the cell (moved by the anchor's offset) meets the point its own
    /// anchor names on it. Leading is left and trailing right, as the layout places items.
    @MainActor
    func frame(around container: CGRect) -> CGRect {
        let own = CGRect(origin: .zero, size: size)
        let on = item.containerAnchor.point(in: container, size: size)
        let anchor = item.itemAnchor ?? NSCollectionLayoutAnchor(edges: item.containerAnchor.edges)
        let at = anchor.point(in: own, size: size)
        return CGRect(x: on.x - at.x, y: on.y - at.y, width: size.width, height: size.height)
    }
}

/// A header or footer of a section, or of the whole layout, measured.
struct PlacedBoundary {
    var item: NSCollectionLayoutBoundarySupplementaryItem
    /// Its size on real axes.
    var size: CGSize
    /// Where it is before pinning: normalized (x across the layout's axis, y along it).
    var cross: CGFloat
    var main: CGFloat
    /// The item's `offset`, or zero where it is not finite (reported when placed).
    var offset: CGPoint
}

/// A decoration item of a section (its background) with its insets, checked.
struct PlacedDecoration {
    var item: NSCollectionLayoutDecorationItem
    var insets: NSDirectionalEdgeInsets
}

/// The geometry of one section of a compositional layout, computed once per preparation
/// and kept: the group's leaves, the section's extent along the layout's axis, and where
/// its content starts. Items are never stored: item `i` is leaf `i % leaves.count` of
/// group `i / leaves.count`, so a section of ten thousand items costs what one group does.
///
/// Coordinates: `main` runs along the layout's scroll axis (y in a vertical layout, x in
/// a horizontal one), `cross` across it. Leaves and sizes are on real axes.
struct CompositionalSection {
    var itemCount: Int
    var leaves: [GroupLeaf]
    /// The group's size, real axes.
    var groupSize: CGSize
    var interGroupSpacing: CGFloat
    var orthogonal: UICollectionLayoutSectionOrthogonalScrollingBehavior
    /// Where the section starts along the main axis (set by the layout).
    var start: CGFloat = 0
    /// Section insets, normalized.
    var mainLead: CGFloat, mainTrail: CGFloat, crossLead: CGFloat, crossTrail: CGFloat
    var headers: [PlacedBoundary] = []
    var footers: [PlacedBoundary] = []
    /// The section's extent along the main axis, headers and footers included.
    var extent: CGFloat = 0
    /// The width of the collection view across the main axis.
    var crossExtent: CGFloat
    var vertical: Bool
    /// The list look of a list section.
    var list: UICollectionLayoutListConfiguration?
    /// The section's decoration items (backgrounds).
    var decorations: [PlacedDecoration] = []
    /// The measured lengths of a self-sizing section's groups (see `+SelfSizing.swift`).
    var sizing: GroupSizing?
    /// The section's visible items invalidation handler (see `+VisibleItems.swift`).
    var visibleItemsHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?

    var groupCount: Int { leaves.isEmpty ? 0 : (itemCount + leaves.count - 1) / leaves.count }
    /// The sizing of the axis the groups repeat on, when that is the measured one (not for
    /// an orthogonal section measured in height, whose groups still repeat at a fixed pitch).
    var repeatSizing: GroupSizing? {
        guard let sizing, sizing.alongCross == (orthogonal != .none) else { return nil }
        return sizing
    }
    /// How long the groups are along the main axis: an orthogonal section measured in
    /// height is as long as its longest measured group.
    var groupsMain: CGFloat {
        guard orthogonal != .none, let sizing else { return groupMain }
        if sizing.alongCross {
            // Measured across only, the groups keep their length; measured both ways, the tallest measured.
            return sizing.mainLengths == nil ? groupMain : sizing.longestMeasuredMain ?? groupMain
        }
        return sizing.longestMeasuredGroup ?? groupMain
    }
    var groupMain: CGFloat { vertical ? groupSize.height : groupSize.width }
    var groupCross: CGFloat { vertical ? groupSize.width : groupSize.height }
    var headersMain: CGFloat { headers.reduce(0) { $0 + (vertical ? $1.size.height : $1.size.width) } }

    /// Where the first group starts along the main axis, relative to the section.
    var contentStart: CGFloat { headersMain + mainLead }

    /// The length of the groups along the axis they repeat on.
    var groupsLength: CGFloat {
        if let sizing = repeatSizing {
            return groupCount == 0 ? 0 : CGFloat(sizing.index.totalHeight) - interGroupSpacing
        }
        let n = CGFloat(groupCount)
        let along = orthogonal == .none ? groupMain : groupCross
        return n == 0 ? 0 : n * along + (n - 1) * interGroupSpacing
    }

    /// How far an orthogonal section's content reaches across: its scroll width.
    var orthogonalContentLength: CGFloat { crossLead + groupsLength + crossTrail }

    /// Lays the boundaries out along the main axis and sums the extent.
    mutating func finish() {
        var main: CGFloat = 0
        for i in headers.indices {
            headers[i].main = main
            main += vertical ? headers[i].size.height : headers[i].size.width
        }
        main += mainLead + (orthogonal == .none ? groupsLength : (groupCount > 0 ? groupsMain : 0)) + mainTrail
        for i in footers.indices {
            footers[i].main = main
            main += vertical ? footers[i].size.height : footers[i].size.width
        }
        extent = main
    }

    /// The end of the content (before the footers) relative to the section.
    var contentEnd: CGFloat { extent - footers.reduce(0) { $0 + (vertical ? $1.size.height : $1.size.width) } }

    /// The normalized origin of group `g`, relative to the collection view's content, with
    /// an orthogonal section scrolled sideways by `offset`.
    func groupOrigin(_ g: Int, offset: CGFloat) -> (cross: CGFloat, main: CGFloat) {
        let i = CGFloat(g)
        if orthogonal == .none {
            let along = sizing.map { CGFloat($0.index.offset(ofRow: g)) } ?? i * (groupMain + interGroupSpacing)
            return (crossLead, start + contentStart + along)
        }
        let across = repeatSizing.map { CGFloat($0.index.offset(ofRow: g)) } ?? i * (groupCross + interGroupSpacing)
        return (crossLead + across - offset, start + contentStart)
    }

    /// The real frame of item `item`.
    func frame(ofItem item: Int, offset: CGFloat) -> CGRect {
        let g = item / leaves.count, leaf = leaves[item % leaves.count]
        let o = groupOrigin(g, offset: offset)
        let origin = vertical ? CGPoint(x: o.cross, y: o.main) : CGPoint(x: o.main, y: o.cross)
        var frame = leaf.frame.offsetBy(dx: origin.x, dy: origin.y)
        // A measured group stretches (or shrinks) its items along the measured axis by its change.
        if let sizing, sizing.stacked {
            let place = sizing.stackedPlace(ofItem: item)
            if vertical {
                frame.origin.y += place.shift
                frame.size.height = max(0, place.length)
            } else {
                frame.origin.x += place.shift
                frame.size.width = max(0, place.length)
            }
        } else if let sizing {
            let change = sizing.groupLength(g) - (sizing.alongCross ? groupCross : groupMain)
            if vertical != sizing.alongCross {
                frame.size.height = max(0, frame.height + change)
            } else {
                frame.size.width = max(0, frame.width + change)
            }
            if sizing.mainLengths != nil {
                // Measured both ways: the item takes its group's measured length along the axis too.
                let mainChange = sizing.mainGroupLength(g) - groupMain
                if vertical { frame.size.height = max(0, frame.height + mainChange) } else { frame.size.width = max(0, frame.width + mainChange) }
            }
        }
        return frame
    }

    /// The groups that may meet the normalized range `lo ... hi` along the axis the
    /// groups repeat on (main for a plain section, cross for an orthogonal one).
    func groups(from lo: CGFloat, to hi: CGFloat, offset: CGFloat) -> ClosedRange<Int>? {
        guard groupCount > 0 else { return nil }
        if let sizing = repeatSizing {
            let origin = orthogonal == .none ? start + contentStart : crossLead - offset
            guard let a = sizing.index.row(atOffset: Double(lo - origin)), let b = sizing.index.row(atOffset: Double(hi - origin))
            else { return nil }
            return max(0, a - 1) ... min(groupCount - 1, b + 1)
        }
        let pitch = (orthogonal == .none ? groupMain : groupCross) + interGroupSpacing
        let origin = orthogonal == .none ? start + contentStart : crossLead - offset
        guard pitch > 0 else { return 0 ... groupCount - 1 }
        // A leaf may overhang its group (edge spacing, custom frames): one group of slack.
        let first = max(0, Int(((lo - origin) / pitch).rounded(.down)) - 1)
        let last = min(groupCount - 1, Int(((hi - origin) / pitch).rounded(.down)) + 1)
        guard first <= last else { return nil }
        return first ... last
    }

    /// The real frame of a background decoration: the whole section, headers and footers
    /// included, across the collection view, inset by the decoration's insets.
    func frame(of decoration: PlacedDecoration) -> CGRect {
        let i = decoration.insets
        if vertical {
            return CGRect(x: i.leading, y: start + i.top, width: max(0, crossExtent - i.leading - i.trailing),
                          height: max(0, extent - i.top - i.bottom))
        }
        return CGRect(x: start + i.leading, y: i.top, width: max(0, extent - i.leading - i.trailing),
                      height: max(0, crossExtent - i.top - i.bottom))
    }

    /// The snapping points of an orthogonal section's groups (their leading edges).
    func groupLeadingEdges() -> [CGFloat] {
        (0 ..< groupCount).map { g -> CGFloat in
            if let sizing = repeatSizing { return crossLead + CGFloat(sizing.index.offset(ofRow: g)) }
            return crossLead + CGFloat(g) * (groupCross + interGroupSpacing)
        }
    }

    /// The offsets an orthogonal section scrolls between, for a scroller `width` long: 0
    /// to the end of its content; with `.groupPagingCentered`, from where the first group
    /// is centred to where the last one is (before the content's start, and past its
    /// end, when a group is narrower than the view), as UIKit pages a centred section:
    /// the first group rests in the middle, its neighbour peeking out.
    func orthogonalOffsetRange(width: CGFloat) -> ClosedRange<CGFloat> {
        let limit = max(0, orthogonalContentLength - width)
        guard orthogonal == .groupPagingCentered, groupCount > 0, width.isFinite else { return 0 ... limit }
        let edges = groupLeadingEdges()
        let first = edges[0] + groupCrossLength(0) / 2 - width / 2
        let last = edges[groupCount - 1] + groupCrossLength(groupCount - 1) / 2 - width / 2
        return min(0, first) ... max(limit, last)
    }

    /// The offset an orthogonal section starts at: the first group centred for
    /// `.groupPagingCentered`, else 0.
    func restingOrthogonalOffset(width: CGFloat) -> CGFloat {
        orthogonal == .groupPagingCentered ? orthogonalOffsetRange(width: width).lowerBound : 0
    }

    /// The length of an orthogonal section's group `g` across the layout: measured, or the group's.
    func groupCrossLength(_ g: Int) -> CGFloat {
        guard let sizing, sizing.alongCross else { return groupCross }
        return sizing.groupLength(g)
    }
}
