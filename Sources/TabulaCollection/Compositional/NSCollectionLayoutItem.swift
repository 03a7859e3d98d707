import Foundation
import TabulaUIKit

/// The smallest piece of a compositional layout: one cell, with its size and insets.
///
/// An item's size is relative to the group it is in; ``contentInsets`` shrink the cell
/// inside the room the item takes, ``edgeSpacing`` adds room outside it.
@preconcurrency @MainActor
open class NSCollectionLayoutItem {
    /// The item's size, relative to its group.
    public let layoutSize: NSCollectionLayoutSize
    /// Supplementary items attached to the item (Tabula does not place them yet).
    public let supplementaryItems: [NSCollectionLayoutSupplementaryItem]
    /// Insets of the cell inside the room the item takes.
    open var contentInsets = NSDirectionalEdgeInsets()
    /// Room outside the item, between it and its neighbours.
    open var edgeSpacing: NSCollectionLayoutEdgeSpacing?

    /// An item of `layoutSize`.
    public convenience init(layoutSize: NSCollectionLayoutSize) {
        self.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// An item of `layoutSize` with supplementary items attached.
    public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem]) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
    }
}

/// Items (or groups) laid out in a row, in a column, or where a closure says; a section
/// repeats its group until every item has a place.
@preconcurrency @MainActor
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Arrangement {
        case horizontal, vertical
        case custom(@MainActor (any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem])
    }

    let arrangement: Arrangement
    /// For the old `subitem:count:` groups: items are sized to share the group equally.
    let equalCount: Int?
    /// For a group made with `subitems:` of one item: it repeats the item as long as
    /// another fits (one item a fifth of the width makes a row of five), as UIKit's does.
    let fillsByRepeating: Bool

    /// The items and groups inside the group, in order; a group that already holds 100
    /// levels of groups is here as a plain item of its size (a chain thousands deep would
    /// overflow the stack when laid out).
    public let subitems: [NSCollectionLayoutItem]
    /// The space between subitems along the group's axis (nil: none).
    open var interItemSpacing: NSCollectionLayoutSpacing?

    /// A `count:` beyond ``CompositionalResolver/maximumRepeats`` asked for (and cut to it), reported when laid out.
    let excessiveCount: Int?

    /// The most levels of groups a layout holds, this group the first: laying a group out
    /// recurses through its subgroups (and releasing one releases them one inside the
    /// other), so a chain of thousands of groups would overflow the main thread's stack.
    /// Real layouts nest a few levels.
    static let maximumNesting = 100

    /// How many levels of groups this one holds, itself the first (at most ``maximumNesting``).
    let nestingDepth: Int
    /// How many levels the app nested, counting the groups cut off (see ``maximumNesting``);
    /// more than ``nestingDepth`` when some were, and reported when laid out.
    let requestedNesting: Int

    init(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], arrangement: Arrangement, equalCount: Int?,
         fillsByRepeating: Bool = false, excessiveCount: Int? = nil) {
        let groups = subitems.compactMap { $0 as? NSCollectionLayoutGroup }
        requestedNesting = 1 + (groups.map(\.requestedNesting).max() ?? 0)
        let subitems = Self.cut(subitems)
        nestingDepth = 1 + (subitems.compactMap { ($0 as? NSCollectionLayoutGroup)?.nestingDepth }.max() ?? 0)
        self.subitems = subitems
        self.excessiveCount = excessiveCount
        self.arrangement = arrangement
        self.equalCount = equalCount
        self.fillsByRepeating = fillsByRepeating && subitems.count == 1
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// `subitems` with each group that already holds ``maximumNesting`` levels replaced by
    /// a plain item of its size, insets and edge spacing, so that this group holds no more
    /// levels than the limit. The groups cut off are released here, while the chain is at
    /// most the limit deep, instead of all at once (recursively) when the app lets go.
    private static func cut(_ subitems: [NSCollectionLayoutItem]) -> [NSCollectionLayoutItem] {
        guard subitems.contains(where: { ($0 as? NSCollectionLayoutGroup).map { $0.nestingDepth >= maximumNesting } ?? false })
        else { return subitems }
        // A `repeatingSubitem:` group repeats one group: replace it by one item, repeated too.
        var replacements: [ObjectIdentifier: NSCollectionLayoutItem] = [:]
        return subitems.map { subitem in
            guard let group = subitem as? NSCollectionLayoutGroup, group.nestingDepth >= maximumNesting else { return subitem }
            if let made = replacements[ObjectIdentifier(group)] { return made }
            let item = NSCollectionLayoutItem(layoutSize: group.layoutSize)
            item.contentInsets = group.contentInsets
            item.edgeSpacing = group.edgeSpacing
            replacements[ObjectIdentifier(group)] = item
            return item
        }
    }

    /// How many copies a `count:` group holds: `count`, within 0 and the most a group holds
    /// (a larger count would allocate for ever; it is reported when the group is laid out).
    private static func repeats(_ count: Int) -> Int { min(max(0, count), CompositionalResolver.maximumRepeats) }

    private static func excessive(_ count: Int) -> Int? { count > CompositionalResolver.maximumRepeats ? count : nil }

    /// A row of `subitems`, each at its own size; a single item repeats as long as another
    /// fits in the group's width.
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: subitems, arrangement: .horizontal, equalCount: nil,
                                fillsByRepeating: true)
    }

    /// A row of `count` copies of `subitem`, each at the item's own size (make sure the
    /// group can hold them).
    public static func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem,
                                  count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: Array(repeating: subitem, count: repeats(count)),
                                arrangement: .horizontal, equalCount: nil, excessiveCount: excessive(count))
    }

    /// A row of `count` equally wide copies of `subitem` that fill the group (the item's
    /// own width is ignored; ``interItemSpacing`` is taken out of the items).
    @available(*, deprecated, renamed: "horizontal(layoutSize:repeatingSubitem:count:)")
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem,
                                  count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: Array(repeating: subitem, count: repeats(count)),
                                arrangement: .horizontal, equalCount: repeats(count), excessiveCount: excessive(count))
    }

    /// A column of `subitems`, each at its own size; a single item repeats as long as
    /// another fits in the group's height.
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: subitems, arrangement: .vertical, equalCount: nil,
                                fillsByRepeating: true)
    }

    /// A column of `count` copies of `subitem`, each at the item's own size.
    public static func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem,
                                count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: Array(repeating: subitem, count: repeats(count)),
                                arrangement: .vertical, equalCount: nil, excessiveCount: excessive(count))
    }

    /// A column of `count` equally tall copies of `subitem` that fill the group.
    @available(*, deprecated, renamed: "vertical(layoutSize:repeatingSubitem:count:)")
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem,
                                count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: Array(repeating: subitem, count: repeats(count)),
                                arrangement: .vertical, equalCount: repeats(count), excessiveCount: excessive(count))
    }

    /// A group whose items are where `itemProvider` says (frames relative to the group),
    /// asked once per section layout with the environment.
    public static func custom(layoutSize: NSCollectionLayoutSize,
                              itemProvider: @escaping @MainActor (any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem])
        -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(layoutSize: layoutSize, subitems: [], arrangement: .custom(itemProvider), equalCount: nil)
    }
}

/// Where one item of a custom group goes, relative to the group.
@preconcurrency @MainActor
open class NSCollectionLayoutGroupCustomItem {
    /// The item's frame in the group.
    public let frame: CGRect
    /// The item's z-index.
    public let zIndex: Int

    /// An item at `frame`.
    public convenience init(frame: CGRect) { self.init(frame: frame, zIndex: 0) }

    /// An item at `frame` with `zIndex`.
    public init(frame: CGRect, zIndex: Int) {
        self.frame = frame
        self.zIndex = zIndex
    }
}
