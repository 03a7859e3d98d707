import Foundation
import TabulaUIKit

/// The scroll view that moves an orthogonal section sideways, as UIKit's embedded
/// scroll views do: it lies over the section's groups (transparent, above the cells) and
/// its pan drags, flings, bounces and pages; its offset is the layout's offset for the
/// section, which shifts the section's item frames. A drag along the layout's axis is not
/// its to take, so the collection view scrolls. Touches it does not take reach the
/// collection view (its next responder), which selects the item under them.
@MainActor
final class OrthogonalScroller: UIScrollView, UIScrollViewDelegate {
    weak var layout: UICollectionViewCompositionalLayout?
    var section: Int
    var behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior
    /// Whether the layout scrolls vertically (then this scrolls horizontally).
    let layoutIsVertical: Bool
    private var dragStart: CGFloat = 0
    /// Where a snapping section said the content comes to rest; it is put exactly there
    /// when the deceleration ends (a fling lands within a point or two of its target).
    private var restingTarget: CGFloat?

    init(layout: UICollectionViewCompositionalLayout, section: Int, behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior) {
        self.layout = layout
        self.section = section
        self.behavior = behavior
        layoutIsVertical = layout.isVertical
        super.init(frame: .zero)
        backgroundColor = nil
        showsHorizontalScrollIndicator = false
        showsVerticalScrollIndicator = false
        alwaysBounceHorizontal = layoutIsVertical
        alwaysBounceVertical = !layoutIsVertical
        contentInsetAdjustmentBehavior = .never
        isPagingEnabled = behavior == .paging
        if behavior == .groupPaging || behavior == .groupPagingCentered { decelerationRate = .fast }
        delegate = self
    }

    required init?(coder: NSCoder) { return nil }

    /// The offset along the scroller's axis.
    var offset: CGFloat {
        get { layoutIsVertical ? contentOffset.x : contentOffset.y }
        set { contentOffset = layoutIsVertical ? CGPoint(x: newValue, y: 0) : CGPoint(x: 0, y: newValue) }
    }

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === panGestureRecognizer {
            let t = panGestureRecognizer.translation(in: nil)
            let along = layoutIsVertical ? abs(t.x) : abs(t.y), across = layoutIsVertical ? abs(t.y) : abs(t.x)
            if across > along { return false }
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard let layout, layout.orthogonalOffsets[section] != offset else { return }
        layout.orthogonalOffsets[section] = offset
        layout.collectionView?.setNeedsLayout()
    }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        dragStart = offset
        restingTarget = nil
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { settleOnTarget() }
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { settleOnTarget() }

    private func settleOnTarget() {
        guard let target = restingTarget else { return }
        restingTarget = nil
        if offset != target { offset = target }
    }

    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        guard let layout, section < layout.sections.count else { return }
        let proposed = layoutIsVertical ? targetContentOffset.pointee.x : targetContentOffset.pointee.y
        let v = layoutIsVertical ? velocity.x : velocity.y
        let geometry = layout.sections[section]
        let width = layoutIsVertical ? bounds.width : bounds.height
        let range = geometry.orthogonalOffsetRange(width: width)
        var stops: [CGFloat]
        switch behavior {
        case .groupPaging, .continuousGroupLeadingBoundary:
            stops = geometry.groupLeadingEdges().map { $0 - geometry.crossLead }
        case .groupPagingCentered:
            stops = geometry.groupLeadingEdges().enumerated().map { $0.element + geometry.groupCrossLength($0.offset) / 2 - width / 2 }
        case .none, .continuous, .paging:
            return
        }
        // Stops clamped to the same end are one stop: a swipe from there goes to the next.
        stops = stops.map { min(max(range.lowerBound, $0), range.upperBound) }.reduce(into: []) { kept, stop in
            if kept.last.map({ abs($0 - stop) < 0.5 }) != true { kept.append(stop) }
        }
        guard !stops.isEmpty else { return }
        let target: CGFloat
        if behavior == .continuousGroupLeadingBoundary {
            target = stops.min { abs($0 - proposed) < abs($1 - proposed) }!
        } else {
            // One group per swipe: the next stop in the direction of the fling, or the
            // nearest to where the finger left the content.
            let startIndex = stops.indices.min { abs(stops[$0] - dragStart) < abs(stops[$1] - dragStart) }!
            var index = stops.indices.min { abs(stops[$0] - offset) < abs(stops[$1] - offset) }!
            if abs(v) > 0.2 { index = v > 0 ? startIndex + 1 : startIndex - 1 }
            index = min(max(index, max(0, startIndex - 1)), min(stops.count - 1, startIndex + 1))
            target = stops[index]
        }
        targetContentOffset.pointee = layoutIsVertical ? CGPoint(x: target, y: 0) : CGPoint(x: 0, y: target)
        restingTarget = target
    }
}

/// Keeping a scroller over each orthogonal section in view, after every layout pass.
extension UICollectionViewCompositionalLayout {
    func syncOrthogonalScrollers() {
        guard let view = collectionView else { return }
        // Found before a new scroller goes on top of them.
        let inFront = view.viewsInFrontOfItems()
        let bounds = view.bounds
        let lo = isVertical ? bounds.minY : bounds.minX, hi = isVertical ? bounds.maxY : bounds.maxX
        var wanted: Set<Int> = []
        var index = firstSection(endingAfter: lo)
        while index < sections.count, sections[index].start <= hi {
            if sections[index].orthogonal != .none, sections[index].groupCount > 0 { wanted.insert(index) }
            index += 1
        }
        for (section, scroller) in orthogonalScrollers where !wanted.contains(section) || scroller.behavior != sections[section].orthogonal {
            scroller.delegate = nil
            scroller.removeFromSuperview()
            orthogonalScrollers[section] = nil
        }
        for section in wanted.sorted() {
            let geometry = sections[section]
            let scroller = orthogonalScrollers[section] ?? OrthogonalScroller(layout: self, section: section, behavior: geometry.orthogonal)
            orthogonalScrollers[section] = scroller
            let mainStart = geometry.start + geometry.headersMain
            let mainLength = geometry.mainLead + geometry.groupsMain + geometry.mainTrail
            let crossLength = self.crossLength(bounds.size)
            let frame = isVertical ? CGRect(x: 0, y: mainStart, width: crossLength, height: mainLength)
                : CGRect(x: mainStart, y: 0, width: mainLength, height: crossLength)
            if scroller.frame != frame { scroller.frame = frame }
            let content = isVertical ? CGSize(width: geometry.orthogonalContentLength, height: mainLength)
                : CGSize(width: mainLength, height: geometry.orthogonalContentLength)
            if scroller.contentSize != content { scroller.contentSize = content }
            // A centred section scrolls to before its content's start and past its end
            // (``CompositionalSection/orthogonalOffsetRange(width:)``).
            let range = geometry.orthogonalOffsetRange(width: crossLength)
            let before = -range.lowerBound, after = range.upperBound - max(0, geometry.orthogonalContentLength - crossLength)
            let insets = isVertical ? UIEdgeInsets(top: 0, left: before, bottom: 0, right: max(0, after))
                : UIEdgeInsets(top: before, left: 0, bottom: max(0, after), right: 0)
            if scroller.contentInset != insets { scroller.contentInset = insets }
            if scroller.superview !== view {
                view.addSubview(scroller)
                scroller.offset = orthogonalOffset(section)
            }
            scroller.layer.zPosition = 5
        }
        // All in front of the items, in section order, beneath the indicators and the
        // views the app keeps in front; nothing moves when they already are (brought
        // forward one at a time, two scrollers traded places in every layout pass, each
        // marking the collection view for layout again; brought over a view the app keeps
        // in front, they traded places with it).
        view.bringSubviewsToFront(wanted.sorted().compactMap { orthogonalScrollers[$0] } + inFront)
    }
}
