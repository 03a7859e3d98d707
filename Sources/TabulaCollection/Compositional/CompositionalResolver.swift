import Foundation
import TabulaUIKit

/// Turns the descriptions of a section (dimensions, groups, insets) into numbers,
/// clamping what cannot be drawn: a NaN or negative size is 0, one beyond
/// ``UICollectionViewCompositionalLayout/maximumItemDimension`` is that maximum. Each
/// clamp leaves a message in ``problems`` for the layout to report.
@MainActor
struct CompositionalResolver {
    let environment: any NSCollectionLayoutEnvironment
    let section: Int
    var problems: [String] = []
    /// How many more leaves the section's group may have (see ``maximumLeaves``).
    private var leavesLeft = CompositionalResolver.maximumLeaves

    init(environment: any NSCollectionLayoutEnvironment, section: Int) {
        self.environment = environment
        self.section = section
    }

    /// `value` if it is a usable length, else clamped and reported.
    mutating func checked(_ value: CGFloat, _ what: @autoclosure () -> String) -> CGFloat {
        let limit = UICollectionViewCompositionalLayout.maximumItemDimension
        if value.isFinite && value >= 0 && value <= limit { return value }
        let used: CGFloat = value.isFinite && value > 0 ? limit : 0
        problems.append("section \(section): \(what()) is \(value); a length must be finite, ≥ 0 and at most \(limit). \(used) is used.")
        return used
    }

    /// The size of `size` in a container of `container` points.
    mutating func resolve(_ size: NSCollectionLayoutSize, in container: CGSize, _ what: String) -> CGSize {
        CGSize(width: checked(length(size.widthDimension, container), "\(what) width \(size.widthDimension)"),
               height: checked(length(size.heightDimension, container), "\(what) height \(size.heightDimension)"))
    }

    private func length(_ dimension: NSCollectionLayoutDimension, _ container: CGSize) -> CGFloat {
        switch dimension.kind {
        case .fractionalWidth: dimension.dimension * container.width
        case .fractionalHeight: dimension.dimension * container.height
        case .absolute, .estimated: dimension.dimension
        }
    }

    /// The most items a section's group holds, nested groups included. Each group may
    /// repeat its subitems ``maximumRepeats`` times, so nested groups multiply: a group of
    /// 10,000 groups of 10,000 items would be a hundred million leaves, laid out (and held)
    /// before anything shows.
    static let maximumLeaves = 10_000

    /// The leaves of the section's `group`, laid out in a group of `size`, relative to its
    /// origin: at most ``maximumLeaves`` of them, and groups past
    /// ``NSCollectionLayoutGroup/maximumNesting`` levels laid out as one item; both are
    /// reported.
    mutating func sectionLeaves(of group: NSCollectionLayoutGroup, size: CGSize) -> [GroupLeaf] {
        if group.requestedNesting > group.nestingDepth {
            problems.append("section \(section): its groups nest \(group.requestedNesting) levels deep, more than the "
                            + "\(NSCollectionLayoutGroup.maximumNesting) a layout holds; the groups past that are laid out "
                            + "as one item of their size.")
        }
        leavesLeft = Self.maximumLeaves
        let result = leaves(of: group, size: size)
        if leavesLeft < 0 {
            problems.append("section \(section): its group holds more than the \(Self.maximumLeaves) items a group holds "
                            + "(nested groups multiply their items); the first \(Self.maximumLeaves) are laid out.")
        }
        return result
    }

    /// The leaves of `group` laid out in a group of `size`, relative to its origin; the
    /// group's `contentInsets` shrink the room its subitems share (a custom group's
    /// frames are taken as given). Stops at the leaves left (``leavesLeft`` goes below
    /// zero when some are left out).
    private mutating func leaves(of group: NSCollectionLayoutGroup, size: CGSize) -> [GroupLeaf] {
        let insets = group.contentInsets
        let inner = CGSize(width: max(0, size.width - insets.leading - insets.trailing),
                           height: max(0, size.height - insets.top - insets.bottom))
        let laid: [GroupLeaf]
        switch group.arrangement {
        case .custom(let provider):
            let items = provider(environment)
            let kept = items.prefix(max(0, leavesLeft))
            leavesLeft -= kept.count < items.count ? kept.count + 1 : kept.count
            return kept.map { GroupLeaf(frame: $0.frame, zIndex: $0.zIndex) }
        case .horizontal:
            laid = line(group, size: inner, horizontal: true)
        case .vertical:
            laid = line(group, size: inner, horizontal: false)
        }
        guard insets != NSDirectionalEdgeInsets() else { return laid }
        return laid.map { $0.offsetBy(dx: insets.leading, dy: insets.top) }
    }

    /// A supplementary item of an item whose cell is `container` big, its size resolved
    /// against the cell's (a badge `.fractionalWidth(0.2)` of its item).
    private mutating func placed(_ supplementary: NSCollectionLayoutSupplementaryItem, around container: CGSize)
        -> PlacedSupplementary {
        PlacedSupplementary(item: supplementary, size: resolve(supplementary.layoutSize, in: container, "supplementary item"))
    }

    /// The most items one group repeats its subitems into.
    static let maximumRepeats = 10_000

    /// A row or column: each subitem at its size (a lone item of a `subitems:` group
    /// repeated while another fits), `interItemSpacing` between them (a flexible spacing
    /// shares out what is left), edge spacing around them.
    private mutating func line(_ group: NSCollectionLayoutGroup, size: CGSize, horizontal: Bool) -> [GroupLeaf] {
        var items = group.subitems
        if let count = group.excessiveCount {
            problems.append("section \(section): a group of \(count) repeated subitems is more than the "
                            + "\(Self.maximumRepeats) a group holds; \(Self.maximumRepeats) are used.")
        }
        guard !items.isEmpty else { return [] }
        let spacing = checked(group.interItemSpacing?.spacing ?? 0, "interItemSpacing")
        let along = horizontal ? size.width : size.height
        var sizes = items.map { resolve($0.layoutSize, in: size, "item") }
        if let count = group.equalCount, count > 0 {
            let each = max(0, (along - spacing * CGFloat(count - 1)) / CGFloat(count))
            for i in sizes.indices {
                if horizontal { sizes[i].width = each } else { sizes[i].height = each }
            }
        }
        func edges(_ item: NSCollectionLayoutItem) -> (lead: CGFloat, trail: CGFloat, crossLead: CGFloat) {
            guard let e = item.edgeSpacing else { return (0, 0, 0) }
            return horizontal ? (e.leading?.spacing ?? 0, e.trailing?.spacing ?? 0, e.top?.spacing ?? 0)
                : (e.top?.spacing ?? 0, e.bottom?.spacing ?? 0, e.leading?.spacing ?? 0)
        }
        if group.fillsByRepeating, let item = items.first, let itemSize = sizes.first {
            // One item repeats as long as another fits, as in UIKit: an item a fifth of the
            // width makes a row of five.
            let e = edges(item)
            let extent = e.lead + e.trail + (horizontal ? itemSize.width : itemSize.height)
            if extent + spacing > 0.001, extent.isFinite {
                var used = extent
                while items.count < Self.maximumRepeats, used + spacing + extent <= along + 0.001 {
                    used += spacing + extent
                    items.append(item)
                    sizes.append(itemSize)
                }
            }
        }
        let used = zip(items, sizes).reduce(CGFloat(0)) { sum, pair in
            let e = edges(pair.0)
            return sum + e.lead + e.trail + (horizontal ? pair.1.width : pair.1.height)
        } + spacing * CGFloat(items.count - 1)
        var gap = spacing
        if group.interItemSpacing?.isFlexibleSpacing == true, items.count > 1, used < along {
            gap += (along - used) / CGFloat(items.count - 1)
        }
        var result: [GroupLeaf] = []
        var position: CGFloat = 0
        for (item, itemSize) in zip(items, sizes) {
            guard leavesLeft > 0 else {
                leavesLeft = -1
                break
            }
            let e = edges(item)
            position += e.lead
            let origin = horizontal ? CGPoint(x: position, y: e.crossLead) : CGPoint(x: e.crossLead, y: position)
            if let inner = item as? NSCollectionLayoutGroup {
                result += leaves(of: inner, size: itemSize).map { $0.offsetBy(dx: origin.x, dy: origin.y) }
            } else {
                let insets = item.contentInsets
                let frame = CGRect(x: origin.x + insets.leading, y: origin.y + insets.top,
                                   width: max(0, itemSize.width - insets.leading - insets.trailing),
                                   height: max(0, itemSize.height - insets.top - insets.bottom))
                let supplementaries = item.supplementaryItems.isEmpty ? nil
                    : item.supplementaryItems.map { placed($0, around: frame.size) }
                result.append(GroupLeaf(frame: frame, zIndex: 0, supplementaries: supplementaries))
                leavesLeft -= 1
            }
            position += (horizontal ? itemSize.width : itemSize.height) + e.trail + gap
        }
        return result
    }
}
