import Foundation
import TabulaUIKit

/// Visible items handlers: before a layout pass shows a section's elements, the section's
/// handler changes copies of their attributes; the layout's geometry (values in
/// ``sections``) is never handed out, so nothing a handler does outlives the pass.
extension UICollectionViewCompositionalLayout {
    /// `attributes` with each section's elements passed through its visible items
    /// handler: those of a section with a handler are replaced by checked copies.
    /// A layout without handlers costs nothing; sections without one, an array look-up
    /// per element.
    func applyingVisibleItemsHandlers(to attributes: [UICollectionViewLayoutAttributes]) -> [UICollectionViewLayoutAttributes] {
        guard hasVisibleItemsHandlers, let environment = preparedEnvironment else { return attributes }
        var bySection: [Int: [Int]] = [:]
        let layoutWideKinds = Set((globalHeaders + globalFooters).map(\.item.elementKind))
        for (i, element) in attributes.enumerated() {
            guard element.indexPath.count >= 1 else { continue }
            let section = element.indexPath.section
            guard section >= 0, section < sections.count, sections[section].visibleItemsHandler != nil else { continue }
            // Layout-wide headers and footers stand at (0, 0) but belong to no section.
            if element.representedElementCategory == .supplementaryView, section == 0,
               let kind = element.representedElementKind, layoutWideKinds.contains(kind) { continue }
            bySection[section, default: []].append(i)
        }
        guard !bySection.isEmpty else { return attributes }
        var result = attributes
        for section in bySection.keys.sorted() {
            // A handler may have had the layout prepared again (it asked for an item's attributes).
            guard section < sections.count, let handler = sections[section].visibleItemsHandler else { continue }
            let indices = bySection[section] ?? []
            let (point, shift) = visibleItemsPoint(inSection: section)
            let boundaryKinds = Set((sections[section].headers + sections[section].footers).map(\.item.elementKind))
            let items = indices.map { i in
                let element = attributes[i]
                // Cells and their badges scroll with an orthogonal section; its headers,
                // footers and background do not.
                let scrolls = element.representedElementCategory == .cell
                    || element.representedElementCategory == .supplementaryView
                    && !boundaryKinds.contains(element.representedElementKind ?? "")
                return VisibleLayoutItem(element, shift: scrolls ? shift : .zero)
            }
            handler(items, point, environment)
            var problems: Set<String> = []
            for (i, item) in zip(indices, items) {
                result[i] = checked(item, over: attributes[i], section: section, problems: &problems)
            }
            report(problems.sorted())
        }
        return result
    }

    /// A copy of `original` with what the handler set on `item`, checked: a centre or
    /// transform that is not finite is the layout's, a NaN alpha is the layout's and any
    /// other alpha is clamped to 0...1. Each kind of problem is one message per section
    /// (``report(_:)`` says each once per layout).
    private func checked(_ item: VisibleLayoutItem, over original: UICollectionViewLayoutAttributes, section: Int,
                         problems: inout Set<String>) -> UICollectionViewLayoutAttributes {
        let unchanged = item.alpha == original.alpha && item.zIndex == original.zIndex && item.isHidden == original.isHidden
            && item.center == item.initialCenter && item.transform3D == original.transform3D
        guard !unchanged else { return original }
        let copy = original.copiedAttributes()
        // Made only for a problem: a carousel's handler changes every item in view every frame.
        var prefix: String { "section \(section): the visibleItemsInvalidationHandler set" }
        if item.center != item.initialCenter {
            if item.center.x.isFinite, item.center.y.isFinite {
                copy.center = CGPoint(x: item.center.x - item.shift.x, y: item.center.y - item.shift.y)
            } else {
                problems.insert("\(prefix) a center that is not finite; the layout's center is used.")
            }
        }
        if item.transform3D.isFinite {
            copy.transform3D = item.transform3D
        } else {
            problems.insert("\(prefix) a transform that is not finite; the layout's transform is used.")
        }
        if item.alpha.isNaN {
            problems.insert("\(prefix) an alpha that is NaN; the layout's alpha is used.")
        } else if item.alpha < 0 || item.alpha > 1 {
            problems.insert("\(prefix) an alpha outside 0...1; it is clamped.")
            copy.alpha = min(max(item.alpha, 0), 1)
        } else {
            copy.alpha = item.alpha
        }
        copy.zIndex = item.zIndex
        copy.isHidden = item.isHidden
        copy.isAdjustedForPass = true
        return copy
    }

    /// The point a section's handler is given, and what moves its scrolling elements'
    /// centres into its unscrolled coordinates: the collection view's content offset and
    /// nothing for a section that does not scroll sideways; the section's scroll offset,
    /// twice, for one that does.
    func visibleItemsPoint(inSection section: Int) -> (point: CGPoint, shift: CGPoint) {
        guard sections[section].orthogonal != .none else { return (collectionView?.contentOffset ?? .zero, .zero) }
        let offset = orthogonalOffset(section)
        let point = isVertical ? CGPoint(x: offset, y: 0) : CGPoint(x: 0, y: offset)
        return (point, point)
    }
}
