import Foundation
import TabulaUIKit
import TabulaCore

/// The measured lengths of a self-sizing section's groups: one row of a `RowHeightIndex`
/// (TabulaCore, the table's heights index) per group, its length plus the spacing after
/// it; groups not yet measured count at the estimate. Finding a group's place, or the
/// groups in a rect, is O(log n) however many items the section has and however many
/// were measured.
struct GroupSizing {
    var index: RowHeightIndex
    /// A group's length along the layout's axis before it is measured.
    var estimate: CGFloat
    var spacing: CGFloat
    /// Each leaf's length along the axis at the estimate: a measured cell of length `m`
    /// makes its group `m + estimate - leafLengths[k]` long.
    var leafLengths: [CGFloat]
    /// The width (height in a horizontal layout) the section was measured at.
    var crossExtent: CGFloat
    /// The shortest a measured item may be: a list's rows are at least 44 points, as in UIKit.
    var minimumLength: CGFloat = 0
    /// The measured lengths of items, by item.
    var itemLengths: [Int: CGFloat] = [:]
    /// Whether the lengths run across the layout's axis: an orthogonal section's groups,
    /// which repeat sideways, measured in their width (their height in a horizontal layout).
    var alongCross = false
    /// Whether the group's items are stacked along the measured axis (a title over a body
    /// in a vertical group): the group is as long as all of them, each starting where the
    /// one before ends, instead of as long as the longest.
    var stacked = false
    /// In an orthogonal section whose groups are estimated both ways (an avatar over a
    /// name, as wide and as tall as they need): the length each measured item needs along
    /// the layout's axis, by item. Nil when only the one length above is measured.
    var mainLengths: [Int: CGFloat]?
    /// With ``mainLengths``: the group's length along the layout's axis at the estimate.
    var mainEstimate: CGFloat = 0
    /// With ``mainLengths``: each leaf's length along the layout's axis at the estimate.
    var mainLeafLengths: [CGFloat] = []

    func groupLength(_ g: Int) -> CGFloat { CGFloat(index.height(ofRow: g)) - spacing }

    /// The longest group measured so far (nil before any is): an orthogonal section of
    /// estimated height is as tall as this.
    var longestMeasuredGroup: CGFloat? {
        let perGroup = leafLengths.count
        guard perGroup > 0, !itemLengths.isEmpty else { return nil }
        return Set(itemLengths.keys.map { $0 / perGroup }).map(groupLength).max()
    }

    /// With ``mainLengths``: group `g`'s length along the layout's axis, the longest its
    /// measured items need with the room the group gives beyond their leaves (a horizontal
    /// group is as tall as its tallest item), or the estimate before any is measured.
    func mainGroupLength(_ g: Int) -> CGFloat {
        guard let mainLengths, !mainLeafLengths.isEmpty else { return mainEstimate }
        let perGroup = mainLeafLengths.count
        var group: CGFloat?
        for k in 0 ..< perGroup {
            guard let measured = mainLengths[g * perGroup + k] else { continue }
            group = max(group ?? 0, measured + mainEstimate - mainLeafLengths[k])
        }
        return max(0, group ?? mainEstimate)
    }

    /// With ``mainLengths``: the longest group along the layout's axis measured so far
    /// (nil before any is): the orthogonal section is as tall as this.
    var longestMeasuredMain: CGFloat? {
        guard let mainLengths, !mainLengths.isEmpty, !mainLeafLengths.isEmpty else { return nil }
        return Set(mainLengths.keys.map { $0 / mainLeafLengths.count }).map(mainGroupLength).max()
    }

    /// Sets group `g`'s length from its measured items: the longest, with the room the
    /// group gives beyond its leaf.
    mutating func updateGroup(_ g: Int) {
        guard g >= 0, g < index.count else { return }
        let perGroup = leafLengths.count
        var group: CGFloat = stacked ? estimate : 0
        for k in 0 ..< perGroup {
            guard let measured = itemLengths[g * perGroup + k] else { continue }
            group = stacked ? group + measured - leafLengths[k] : max(group, measured + estimate - leafLengths[k])
        }
        index.setHeight(Double(max(0, group) + spacing), forRow: g)
    }

    /// In a stacked group: how far item `item` moves along the axis (by the growth of the
    /// items above it) and how long it is.
    func stackedPlace(ofItem item: Int) -> (shift: CGFloat, length: CGFloat) {
        let perGroup = leafLengths.count, first = item - item % perGroup
        var shift: CGFloat = 0
        for j in first ..< item { shift += (itemLengths[j] ?? leafLengths[j - first]) - leafLengths[j - first] }
        return (shift, itemLengths[item] ?? leafLengths[item - first])
    }
}

/// Self-sizing (`.estimated` dimensions): a section whose group is estimated along the
/// layout's axis (a list's rows; full-width rows with estimated heights; in a horizontal
/// layout, estimated widths) is laid out at the estimate; each cell, once shown, is asked
/// for its ``UICollectionReusableView/preferredLayoutAttributesFitting(_:)`` with its other
/// length fixed, and its group takes the longest of its items. Estimated headers and
/// footers are measured the same way.
///
/// A measurement changes only lengths: the next preparation restacks the sections it has
/// (O(sections) arithmetic) without asking the section provider again. Through a batch
/// update measured items keep their lengths at their new places (reloaded ones are
/// measured again); a reload, a change of width or of the content's room (editing) drops
/// them, and the cells on screen are measured again.
///
/// An orthogonal section's groups repeat sideways, so there the estimated length that is
/// measured is the one they repeat along: a group of estimated width (tags, chips, cards
/// as wide as their titles) takes its items' measured widths, and the groups after it
/// move along; the section's scroll width follows.
///
/// An orthogonal section whose groups are of estimated height instead (cards of text
/// scrolling sideways) measures each group's height; the section is as tall as the
/// tallest group measured so far, and the sections below move with it.
///
/// An orthogonal section whose groups are estimated both ways (a person's avatar above
/// their name, as wide as the name and as tall as both) measures both: each cell is
/// asked with neither length fixed, its group takes the measured width (the groups after
/// it move along) and the tallest measured height of its items, and the section is as tall
/// as the tallest group measured so far. Through a batch update such a section's cells
/// are measured again rather than carried.
///
/// Layout-wide headers and footers of estimated length are measured as a section's are.
///
/// A group whose items are stacked along the axis (a vertical group of a title and a body
/// in a vertical layout) is as long as its measured items together, each starting where
/// the one before it ends.
///
/// Not measured: estimated widths of items side by side in a plain section's row, and
/// groups that mix items side by side with items stacked.
extension UICollectionViewCompositionalLayout {
    /// The sizing of a section, kept from before when it still fits; nil when the
    /// section does not size itself.
    func groupSizing(of description: NSCollectionLayoutSection, section: Int, leaves: [GroupLeaf], groupSize: CGSize,
                     spacing: CGFloat, items: Int, container: CGSize) -> GroupSizing? {
        let group = description.group.layoutSize
        let orthogonal = description.orthogonalScrollingBehavior != .none
        let crossDimension = isVertical ? group.widthDimension : group.heightDimension
        // Across when an orthogonal section's groups are of estimated width (they repeat that way).
        let alongCross = orthogonal && crossDimension.isEstimated
        let measured = alongCross != isVertical ? group.heightDimension : group.widthDimension
        let sideBySide = sideBySide(leaves, measuringCross: alongCross)
        // Both ways: the groups' length along the layout's axis is estimated too, and each
        // leaf is free to grow that way as well.
        let bothWays = sideBySide && alongCross && (isVertical ? group.heightDimension : group.widthDimension).isEstimated
            && self.sideBySide(leaves, measuringCross: false)
        let mainLeafLengths = bothWays ? leaves.map { mainLength($0.frame.size) } : []
        // Stacked along the axis: no two leaves share room along it (plain sections only).
        let starts = leaves.map { isVertical ? $0.frame.minY : $0.frame.minX }
        let stacked = !sideBySide && !orthogonal && self.sideBySide(leaves, measuringCross: !alongCross)
            && zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 }
        guard !leaves.isEmpty, measured.isEstimated, sideBySide || stacked else {
            sizings[section] = nil
            return nil
        }
        let length = { (size: CGSize) in alongCross ? self.crossLength(size) : self.mainLength(size) }
        let groups = (items + leaves.count - 1) / leaves.count
        let estimate = length(groupSize), cross = crossLength(container)
        let leafLengths = leaves.map { length($0.frame.size) }
        if let kept = sizings[section], kept.index.count == groups, kept.estimate == estimate, kept.spacing == spacing,
           kept.crossExtent == cross, kept.leafLengths == leafLengths, kept.alongCross == alongCross, kept.stacked == stacked,
           (kept.mainLengths != nil) == bothWays, kept.mainLeafLengths == mainLeafLengths, kept.mainEstimate == mainLength(groupSize) || !bothWays {
            return kept
        }
        var fresh = GroupSizing(index: RowHeightIndex(count: groups, estimatedHeight: Double(estimate + spacing)),
                                estimate: estimate, spacing: spacing, leafLengths: leafLengths, crossExtent: cross,
                                minimumLength: description.listConfiguration == nil || orthogonal ? 0 : 44)
        fresh.alongCross = alongCross
        fresh.stacked = stacked
        if bothWays {
            fresh.mainLengths = [:]
            fresh.mainEstimate = mainLength(groupSize)
            fresh.mainLeafLengths = mainLeafLengths
        }
        // Widths carried without heights would leave the heights at the estimate: a
        // section measured both ways measures its cells on screen again.
        if let carried = carriedLengths.removeValue(forKey: section), !bothWays {
            for (item, length) in carried where item < items { fresh.itemLengths[item] = length }
            for g in Set(fresh.itemLengths.keys.map { $0 / leaves.count }) { fresh.updateGroup(g) }
        }
        sizings[section] = fresh
        return fresh
    }

    /// Moves the measured lengths to where their items go in `plan`; reloaded and deleted
    /// items' are dropped.
    func carryMeasurements(through plan: UpdatePlan) {
        var carried: [Int: [Int: CGFloat]] = [:]
        for (section, sizing) in sizings where section < plan.oldRowCounts.count {
            for (item, length) in sizing.itemLengths where item < plan.oldRowCounts[section] {
                let fate = plan.fate(ofRow: IndexPath(item: item, section: section))
                guard let new = fate.newIndexPath else { continue }
                if case .reloaded = fate { continue }
                carried[new.section, default: [:]][new.item] = length
            }
        }
        carriedLengths = carried
    }

    /// Moves the measured headers and footers with their sections in `plan`.
    func carryBoundaries(through plan: UpdatePlan) -> [String: CGFloat] {
        var carried: [String: CGFloat] = [:]
        for (key, length) in measuredBoundaries {
            let parts = key.split(separator: "\u{1F}", maxSplits: 1)
            guard parts.count == 2, let section = Int(parts[0]), section < plan.oldRowCounts.count else { continue }
            // The layout's own headers and footers stay whatever the sections do.
            if section == Self.layoutWide { carried[key] = length; continue }
            guard section >= 0 else { continue }
            switch plan.fate(ofSection: section) {
            case .persists(let new), .moved(let new): carried[Self.boundaryKey(new, String(parts[1]))] = length
            case .reloaded, .deleted: continue
            }
        }
        return carried
    }

    /// Whether no two leaves share room across the measured axis (they stand side by side,
    /// each free to grow along it).
    private func sideBySide(_ leaves: [GroupLeaf], measuringCross: Bool) -> Bool {
        let spansX = isVertical != measuringCross
        let spans = leaves.map { spansX ? ($0.frame.minX, $0.frame.maxX) : ($0.frame.minY, $0.frame.maxY) }.sorted { $0.0 < $1.0 }
        return zip(spans, spans.dropFirst()).allSatisfy { $0.1 <= $1.0 + 1e-9 }
    }

    static func boundaryKey(_ section: Int, _ kind: String) -> String { "\(section)\u{1F}\(kind)" }

    /// The section the layout's own headers and footers are measured under.
    static var layoutWide: Int { -1 }

    /// The key of the header or footer `attributes` describe: a layout-wide one's kind is
    /// one of the configuration's boundary items.
    func boundaryKey(of attributes: UICollectionViewLayoutAttributes) -> String {
        let kind = attributes.representedElementKind ?? ""
        let global = attributes.indexPath.section == 0 && (globalHeaders + globalFooters).contains { $0.item.elementKind == kind }
        return Self.boundaryKey(global ? Self.layoutWide : attributes.indexPath.section, kind)
    }

    /// Gives the section's estimated headers and footers their measured lengths.
    func applyMeasuredBoundaries(to section: inout CompositionalSection, index: Int) {
        applyMeasuredBoundaries(to: &section.headers, section: index)
        applyMeasuredBoundaries(to: &section.footers, section: index)
    }

    /// Gives estimated `boundaries` of `section` (``layoutWide`` for the layout's own) their measured lengths.
    func applyMeasuredBoundaries(to boundaries: inout [PlacedBoundary], section: Int) {
        guard !measuredBoundaries.isEmpty else { return }
        for i in boundaries.indices {
            let item = boundaries[i].item
            guard (isVertical ? item.layoutSize.heightDimension : item.layoutSize.widthDimension).isEstimated,
                  let length = measuredBoundaries[Self.boundaryKey(section, item.elementKind)] else { continue }
            if isVertical { boundaries[i].size.height = length } else { boundaries[i].size.width = length }
        }
    }

    /// After measurements only: the sections take their new lengths and are stacked again.
    func restack(size: CGSize) {
        applyMeasuredBoundaries(to: &globalHeaders, section: Self.layoutWide)
        applyMeasuredBoundaries(to: &globalFooters, section: Self.layoutWide)
        restackHeaders(&globalHeaders, from: 0)
        var position = globalHeaders.reduce(CGFloat(0)) { $0 + mainLength($1.size) }
        for index in sections.indices {
            if sections[index].sizing != nil { sections[index].sizing = sizings[index] }
            applyMeasuredBoundaries(to: &sections[index], index: index)
            sections[index].finish()
            if index > 0 { position += preparedSpacing }
            sections[index].start = position
            position += sections[index].extent
        }
        for i in globalFooters.indices {
            globalFooters[i].main = position
            position += mainLength(globalFooters[i].size)
        }
        contentSize = isVertical ? CGSize(width: size.width, height: position) : CGSize(width: position, height: size.height)
    }

    /// Which length of the element `attributes` describe is measured, if any.
    func selfSizingAxis(ofItemIn section: CompositionalSection) -> UICollectionViewLayoutAttributes.SelfSizingAxis? {
        guard let sizing = section.sizing else { return nil }
        if sizing.mainLengths != nil { return .both }
        return isVertical != sizing.alongCross ? .vertical : .horizontal
    }

    func selfSizingAxis(of boundary: PlacedBoundary, inSection index: Int) -> UICollectionViewLayoutAttributes.SelfSizingAxis? {
        let size = boundary.item.layoutSize
        guard index >= Self.layoutWide, (isVertical ? size.heightDimension : size.widthDimension).isEstimated else { return nil }
        return isVertical ? .vertical : .horizontal
    }

    /// Whether the view shown with `attributes` is still to be measured.
    func compositionalNeedsMeasurement(of attributes: UICollectionViewLayoutAttributes) -> Bool {
        let path = attributes.indexPath
        guard path.count == 2, path.section >= 0, path.section < sections.count else { return false }
        switch attributes.representedElementCategory {
        case .cell:
            // A cell measured both ways says `.both`; one in a section that does not size itself has no sizing.
            guard let sizing = sizings[path.section] else { return false }
            return sizing.itemLengths[path.item] == nil
        case .supplementaryView:
            // `.both` is the attributes' default: a header or footer of fixed length.
            guard attributes.selfSizingAxis != .both else { return false }
            return measuredBoundaries[boundaryKey(of: attributes)] == nil
        case .decorationView:
            return false
        }
    }

    /// Records a measurement; true when it changes the layout.
    func recordMeasurement(_ preferredAttributes: UICollectionViewLayoutAttributes,
                           original originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        guard compositionalNeedsMeasurement(of: originalAttributes) else { return false }
        let path = originalAttributes.indexPath
        let isCell = originalAttributes.representedElementCategory == .cell
        let across = isCell && sizings[path.section]?.alongCross == true
        let was = across ? crossLength(originalAttributes.size) : mainLength(originalAttributes.size)
        let length = checkedMeasurement(across ? crossLength(preferredAttributes.size) : mainLength(preferredAttributes.size),
                                        was: was, at: path, across: across)
        if originalAttributes.representedElementCategory == .supplementaryView {
            measuredBoundaries[boundaryKey(of: originalAttributes)] = length
            return abs(length - was) > 0.5
        }
        guard var sizing = sizings[path.section], !sizing.leafLengths.isEmpty else { return false }
        sizing.itemLengths[path.item] = max(length, sizing.minimumLength)
        let g = path.item / sizing.leafLengths.count
        guard g < sizing.index.count else { return false }
        let before = sizing.groupLength(g)
        sizing.updateGroup(g)
        var mainChanged = false
        if sizing.mainLengths != nil {
            let groupBefore = sizing.mainGroupLength(g), sectionBefore = sizing.longestMeasuredMain ?? sizing.mainEstimate
            sizing.mainLengths?[path.item] = checkedMeasurement(mainLength(preferredAttributes.size),
                                                                was: mainLength(originalAttributes.size), at: path, across: false)
            mainChanged = abs(sizing.mainGroupLength(g) - groupBefore) > 0.5
                || abs((sizing.longestMeasuredMain ?? sizing.mainEstimate) - sectionBefore) > 0.5
        }
        sizings[path.section] = sizing
        return abs(sizing.groupLength(g) - before) > 0.5 || mainChanged
    }

    /// A measured `length` if it can be used; otherwise reported, and `was` (the length
    /// the view was shown at) is kept.
    private func checkedMeasurement(_ length: CGFloat, was: CGFloat, at path: IndexPath, across: Bool) -> CGFloat {
        guard !length.isFinite || length < 0 || length > Self.maximumItemDimension else { return length }
        report(["section \(path.section): a self-sizing view at \(path.tableDescription) measured \(length) points "
            + (across ? "across" : "along") + " the layout's axis; a length must be finite, ≥ 0 and at most "
            + "\(Self.maximumItemDimension). It keeps \(was)."])
        return was
    }
}
