import Foundation
import TabulaUIKit
import TabulaCore

/// The flow layout's answers: attributes for a rect, an item, a header or footer, with
/// headers and footers pinned to the visible area when asked.
extension UICollectionViewFlowLayout {
    func flowAttributes(in rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return [] }
        let area = flowRect(rect)
        var result: [UICollectionViewLayoutAttributes] = []
        let pins = sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds
        // Pinned headers and footers of the sections that meet the rect may come from outside it.
        for section in geometry.sections(meetingMain: area.main, area.mainEnd) {
            if let header = supplement(UICollectionView.elementKindSectionHeader, section), meets(header, area, pins) {
                result.append(header)
            }
            for item in geometry.items(ofSection: section, meetingMain: area.main, area.mainEnd) {
                let r = geometry.rect(ofItem: item, section: section)
                guard r.mainEnd > area.main, r.main < area.mainEnd, r.crossEnd > area.cross, r.cross < area.crossEnd
                else { continue }
                result.append(cellAttributes(IndexPath(item: item, section: section), r))
            }
            if let footer = supplement(UICollectionView.elementKindSectionFooter, section), meets(footer, area, pins) {
                result.append(footer)
            }
        }
        return result
    }

    func flowAttributes(ofItem indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < geometry.sections.count,
              indexPath.item >= 0, indexPath.item < geometry.sections[indexPath.section].count else { return nil }
        return cellAttributes(indexPath, geometry.rect(ofItem: indexPath.item, section: indexPath.section))
    }

    func flowAttributes(ofSupplement elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count >= 1 else { return nil }
        return supplement(elementKind, indexPath.section)
    }

    // MARK: Self-sizing

    /// True when the layout has estimates and the cell's preferred size differs from the
    /// one laid out by more than half a point. Either way the size is kept for the item.
    func flowShouldInvalidate(forPreferred preferredAttributes: UICollectionViewLayoutAttributes,
                              original originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        guard estimatedItemSize != .zero, originalAttributes.representedElementCategory == .cell else { return false }
        let a = preferredAttributes.size, b = originalAttributes.size
        let changed = !(abs(a.width - b.width) <= 0.5 && abs(a.height - b.height) <= 0.5)
        measuredSizes[originalAttributes.indexPath] = changed ? a : b
        return changed
    }

    func recordMeasurement(_ preferredAttributes: UICollectionViewLayoutAttributes,
                           original originalAttributes: UICollectionViewLayoutAttributes,
                           in context: UICollectionViewLayoutInvalidationContext) {
        measuredSizes[originalAttributes.indexPath] = preferredAttributes.size
        (context as? UICollectionViewFlowLayoutInvalidationContext)?.invalidateFlowLayoutDelegateMetrics = false
    }

    // MARK: Updates

    func flowPrepareForUpdates() {
        guard let plan = collectionView?.currentUpdatePlan else { return }
        update = (geometry, plan)
        // Measured sizes follow their items; deleted items' are dropped.
        var moved: [IndexPath: CGSize] = [:]
        for (path, size) in measuredSizes {
            if path.section < plan.oldRowCounts.count, let new = plan.fate(ofRow: path).newIndexPath, !isReloaded(path, plan) {
                moved[new] = size
            }
        }
        measuredSizes = moved
    }

    /// An inserted item fades in at its place; an item that was elsewhere before the
    /// update (moved, or pushed on screen by the changes) starts where it was.
    func flowInitialAttributes(ofAppearing itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = flowAttributes(ofItem: itemIndexPath) else { return nil }
        guard let (old, plan) = update, itemIndexPath.section < plan.newRowCounts.count,
              let before = plan.origin(ofRow: itemIndexPath).oldIndexPath, !isReloaded(before, plan),
              before.section < old.sections.count, before.item < old.sections[before.section].count else {
            attributes.alpha = 0
            return attributes
        }
        attributes.frame = cgRect(old.rect(ofItem: before.item, section: before.section))
        return attributes
    }

    /// A deleted item fades out where it was; one that stays but moves (off screen, say)
    /// ends at its new place.
    func flowFinalAttributes(ofDisappearing itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let (old, plan) = update, itemIndexPath.section < old.sections.count,
              itemIndexPath.item < old.sections[itemIndexPath.section].count else { return nil }
        let attributes = cellAttributes(itemIndexPath, old.rect(ofItem: itemIndexPath.item, section: itemIndexPath.section))
        if let after = plan.fate(ofRow: itemIndexPath).newIndexPath, !isReloaded(itemIndexPath, plan),
           let now = flowAttributes(ofItem: after) {
            attributes.frame = now.frame
        } else {
            attributes.alpha = 0
        }
        return attributes
    }

    private func isReloaded(_ old: IndexPath, _ plan: UpdatePlan) -> Bool {
        if case .reloaded = plan.fate(ofRow: old) { return true }
        return false
    }

    // MARK: Making attributes

    private func makeAttributes(cell path: IndexPath) -> UICollectionViewLayoutAttributes {
        let type = (Self.layoutAttributesClass as? UICollectionViewLayoutAttributes.Type) ?? UICollectionViewLayoutAttributes.self
        return type.init(forCellWith: path)
    }

    private func cellAttributes(_ path: IndexPath, _ r: FlowRect) -> UICollectionViewLayoutAttributes {
        let attributes = makeAttributes(cell: path)
        attributes.frame = cgRect(r)
        return attributes
    }

    /// The header or footer of `section`, pinned if asked; nil when it has no size.
    private func supplement(_ kind: String, _ section: Int) -> UICollectionViewLayoutAttributes? {
        guard section >= 0, section < geometry.sections.count else { return nil }
        let isHeader = kind == UICollectionView.elementKindSectionHeader
        guard isHeader || kind == UICollectionView.elementKindSectionFooter else { return nil }
        var r = isHeader ? geometry.headerRect(section) : geometry.footerRect(section)
        guard r.mainSize > 0 else { return nil }
        let type = (Self.layoutAttributesClass as? UICollectionViewLayoutAttributes.Type) ?? UICollectionViewLayoutAttributes.self
        let attributes = type.init(forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: section))
        attributes.zIndex = 10
        if isHeader && sectionHeadersPinToVisibleBounds, let visible = visibleMainRange() {
            // It stays until its bottom meets the section's footer (the end of the items and inset).
            let limit = geometry.starts[section] + geometry.sections[section].footerStart - r.mainSize
            let pinned = min(max(r.main, visible.lowerBound), max(r.main, limit))
            if pinned != r.main { attributes.zIndex = 1024 }
            r.main = pinned
        } else if !isHeader && sectionFootersPinToVisibleBounds, let visible = visibleMainRange() {
            let floor = geometry.starts[section] + geometry.sections[section].headerMain
            let pinned = max(min(r.main, visible.upperBound - r.mainSize), min(r.main, floor))
            if pinned != r.main { attributes.zIndex = 1024 }
            r.main = pinned
        }
        attributes.frame = cgRect(r)
        return attributes
    }

    /// Whether a header or footer is in the rect asked for; a pinning one counts when its
    /// section is, wherever it stands.
    private func meets(_ attributes: UICollectionViewLayoutAttributes, _ area: FlowRect, _ pins: Bool) -> Bool {
        let r = flowRect(attributes.frame)
        return pins || (r.mainEnd > area.main && r.main < area.mainEnd)
    }

    /// The main-axis range of the collection view's visible area, inside its insets.
    private func visibleMainRange() -> ClosedRange<Double>? {
        guard let view = collectionView else { return nil }
        let b = view.bounds, inset = view.adjustedContentInset
        let (low, high) = scrollDirection == .vertical ? (b.minY + inset.top, b.maxY - inset.bottom)
                                                       : (b.minX + inset.left, b.maxX - inset.right)
        return Double(low) ... Double(max(low, high))
    }

    // MARK: Axes

    func cgRect(_ r: FlowRect) -> CGRect {
        scrollDirection == .vertical ? CGRect(x: r.cross, y: r.main, width: r.crossSize, height: r.mainSize)
                                     : CGRect(x: r.main, y: r.cross, width: r.mainSize, height: r.crossSize)
    }

    func flowRect(_ r: CGRect) -> FlowRect {
        scrollDirection == .vertical
            ? FlowRect(main: Double(r.minY), cross: Double(r.minX), mainSize: Double(r.height), crossSize: Double(r.width))
            : FlowRect(main: Double(r.minX), cross: Double(r.minY), mainSize: Double(r.width), crossSize: Double(r.height))
    }
}
