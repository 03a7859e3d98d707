import Foundation
import TabulaUIKit

/// Answering: the sections that meet a rect are found by binary search over their starts;
/// in each, only the groups in the rect are visited (arithmetic on the group's pitch).
extension UICollectionViewCompositionalLayout {
    func attributes(in rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        guard !sections.isEmpty || !globalHeaders.isEmpty || !globalFooters.isEmpty, !rect.isNull else { return [] }
        var result: [UICollectionViewLayoutAttributes] = []
        let lo = isVertical ? rect.minY : rect.minX, hi = isVertical ? rect.maxY : rect.maxX
        let crossLo = isVertical ? rect.minX : rect.minY, crossHi = isVertical ? rect.maxX : rect.maxY
        for boundary in globalHeaders + globalFooters {
            let attributes = boundaryAttributes(boundary, indexPath: IndexPath(item: 0, section: 0), pinnedWithin: nil)
            if meets(attributes.frame, rect) { result.append(attributes) }
        }
        var index = firstSection(endingAfter: lo)
        while index < sections.count, sections[index].start <= hi {
            let section = sections[index]
            let offset = orthogonalOffset(index)
            let range = section.orthogonal == .none
                ? section.groups(from: lo, to: hi, offset: 0)
                : section.groups(from: crossLo, to: crossHi, offset: offset)
            if let range {
                let perGroup = section.leaves.count
                for g in range {
                    for k in 0 ..< perGroup {
                        let item = g * perGroup + k
                        guard item < section.itemCount else { break }
                        let frame = section.frame(ofItem: item, offset: offset)
                        // A badge may reach past its item's frame, so it is tested on its own.
                        for supplementary in section.leaves[k].supplementaries ?? [] {
                            let placed = supplementary.frame(around: frame)
                            guard meets(placed, rect) else { continue }
                            result.append(supplementaryAttributes(supplementary, placed, IndexPath(item: item, section: index)))
                        }
                        guard meets(frame, rect) else { continue }
                        result.append(itemAttributes(IndexPath(item: item, section: index), frame, section.leaves[k].zIndex, in: section))
                    }
                }
            }
            for boundary in section.headers + section.footers {
                let attributes = boundaryAttributes(boundary, indexPath: IndexPath(item: 0, section: index), pinnedWithin: section)
                if meets(attributes.frame, rect) { result.append(attributes) }
            }
            for decoration in section.decorations where meets(section.frame(of: decoration), rect) {
                result.append(decorationAttributes(decoration, in: section, index: index))
            }
            index += 1
        }
        return result
    }

    func attributes(ofItem indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let section = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
        let frame = section.frame(ofItem: indexPath.item, offset: orthogonalOffset(indexPath.section))
        return itemAttributes(indexPath, frame, section.leaves[indexPath.item % section.leaves.count].zIndex, in: section)
    }

    func attributes(ofSupplementary elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2 else { return nil }
        // As in UIKit, every boundary item of a section is at (section, 0); its kind tells them apart.
        if indexPath.section == 0, let global = (globalHeaders + globalFooters).first(where: { $0.item.elementKind == elementKind }) {
            return boundaryAttributes(global, indexPath: indexPath, pinnedWithin: nil)
        }
        guard indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let section = sections[indexPath.section]
        if let match = (section.headers + section.footers).first(where: { $0.item.elementKind == elementKind }) {
            return boundaryAttributes(match, indexPath: indexPath, pinnedWithin: section)
        }
        // A supplementary item of an item (a badge) is at the item's index path.
        guard indexPath.item >= 0, indexPath.item < section.itemCount,
              let supplementary = section.leaves[indexPath.item % section.leaves.count].supplementaries?
                  .first(where: { $0.item.elementKind == elementKind }) else { return nil }
        let frame = section.frame(ofItem: indexPath.item, offset: orthogonalOffset(indexPath.section))
        return supplementaryAttributes(supplementary, supplementary.frame(around: frame), indexPath)
    }

    /// An item's supplementary view's attributes (a badge), at the item's index path.
    func supplementaryAttributes(_ supplementary: PlacedSupplementary, _ frame: CGRect, _ indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes {
        attributesMade += 1
        let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: supplementary.item.elementKind,
                                                          with: indexPath)
        attributes.frame = frame
        attributes.zIndex = supplementary.item.zIndex
        return attributes
    }

    /// Whether `frame` overlaps `rect` (edges that only touch do not; an empty frame in
    /// the rect does).
    func meets(_ frame: CGRect, _ rect: CGRect) -> Bool {
        frame.minX < rect.maxX && frame.maxX > rect.minX && frame.minY < rect.maxY && frame.maxY > rect.minY
            || (frame.width == 0 || frame.height == 0) && rect.contains(frame.origin)
    }

    /// The first section whose end is at or after `position` (binary search on the starts).
    func firstSection(endingAfter position: CGFloat) -> Int {
        var lo = 0, hi = sections.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sections[mid].start + sections[mid].extent < position { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    func itemAttributes(_ indexPath: IndexPath, _ frame: CGRect, _ zIndex: Int, in section: CompositionalSection)
        -> UICollectionViewLayoutAttributes {
        attributesMade += 1
        let attributes: UICollectionViewLayoutAttributes
        if let list = section.list {
            let row = ListItemAttributes(forCellWith: indexPath)
            row.appearance = list.appearance
            row.isFirstInSection = indexPath.item == 0
            row.isLastInSection = indexPath.item == section.itemCount - 1
            row.showsSeparators = list.showsSeparators
            row.leadingSwipeProvider = list.leadingSwipeActionsConfigurationProvider
            row.trailingSwipeProvider = list.trailingSwipeActionsConfigurationProvider
            attributes = row
        } else {
            attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        }
        attributes.frame = frame
        attributes.zIndex = zIndex
        if let axis = selfSizingAxis(ofItemIn: section) { attributes.selfSizingAxis = axis }
        return attributes
    }

    /// A section background's attributes, at (section, 0) as in UIKit.
    func decorationAttributes(_ decoration: PlacedDecoration, in section: CompositionalSection, index: Int)
        -> UICollectionViewLayoutAttributes {
        attributesMade += 1
        let attributes = UICollectionViewLayoutAttributes(forDecorationViewOfKind: decoration.item.elementKind,
                                                          with: IndexPath(item: 0, section: index))
        attributes.frame = section.frame(of: decoration)
        attributes.zIndex = decoration.item.zIndex
        return attributes
    }

    /// A boundary item's attributes; a pinned one in `section` stays at the visible top
    /// (leading edge) while any of its section is in view, and a pinned footer at the
    /// visible bottom.
    func boundaryAttributes(_ boundary: PlacedBoundary, indexPath: IndexPath, pinnedWithin section: CompositionalSection?)
        -> UICollectionViewLayoutAttributes {
        attributesMade += 1
        var main = (section?.start ?? 0) + boundary.main
        let length = mainLength(boundary.size)
        if boundary.item.pinToVisibleBounds, let view = collectionView {
            let visibleLo = isVertical ? view.bounds.minY + view.adjustedContentInset.top : view.bounds.minX + view.adjustedContentInset.left
            let visibleHi = isVertical ? view.bounds.maxY - view.adjustedContentInset.bottom : view.bounds.maxX - view.adjustedContentInset.right
            let sectionLo = section?.start ?? 0
            let sectionHi = section.map { $0.start + $0.extent } ?? mainLength(contentSize)
            if boundary.item.isTrailing {
                main = max(min(main, visibleHi - length), sectionLo)
            } else {
                main = min(max(main, visibleLo), sectionHi - length)
            }
        }
        let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: boundary.item.elementKind, with: indexPath)
        let cross = boundary.cross + boundary.offset.x * (isVertical ? 1 : 0) + boundary.offset.y * (isVertical ? 0 : 1)
        main += isVertical ? boundary.offset.y : boundary.offset.x
        attributes.frame = isVertical ? CGRect(x: cross, y: main, width: boundary.size.width, height: boundary.size.height)
            : CGRect(x: main, y: cross, width: boundary.size.width, height: boundary.size.height)
        attributes.zIndex = boundary.item.pinToVisibleBounds ? max(boundary.item.zIndex, 10) : boundary.item.zIndex
        if let axis = selfSizingAxis(of: boundary, inSection: section == nil ? Self.layoutWide : indexPath.section) {
            attributes.selfSizingAxis = axis
        }
        return attributes
    }
}
