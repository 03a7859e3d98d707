import Foundation
import TabulaUIKit
import TabulaCore

/// Keeping the content offset inside the content when the content changes under it.
///
/// Heights measured on the way, a reload, a batch update: each can make the content
/// shorter than the offset, or move the row an animated scroll is going to. The rules:
/// - A reload keeps the first row on screen where it was on screen, if that row is still
///   there (so that a reload with estimated heights does not jump), then brings the
///   offset inside the content, unless a finger holds it or it is moving (a fling then
///   bounces back from the edge as it is now).
/// - An animated `scrollToRow` goes to the row where it is now, however the heights
///   between change; an animated `setContentOffset` keeps its offset, brought inside the
///   content if the content shrank below it.
extension UITableView {
    /// The first row on screen and its distance from the top of the screen, or nil when
    /// the table is scrolled to the top (it stays at the top) or shows no row.
    func reloadAnchor() -> (indexPath: IndexPath, screenY: Double)? {
        guard phase.pendingLoad < .data, contentOffset.y > minimumContentOffset.y,
              let first = store.visible.keys.min() else { return nil }
        return (first, geometry.rowSpan(row: first.row, section: first.section).y - Double(contentOffset.y))
    }

    /// After a reload: the anchor row back where it was on screen now; the offset is
    /// brought inside the content after the next tiling has measured the rows on screen
    /// (with estimated heights the content is only known then), by ``settleOffsetIfNeeded()``.
    func settleOffset(after anchor: (indexPath: IndexPath, screenY: Double)?) {
        updateContentSize()
        phase.requestOffsetSettling()
        setNeedsLayout()
        retargetScroll()
        guard !isTracking, motion == nil, let anchor, anchor.indexPath.section < geometry.numberOfSections,
              anchor.indexPath.row < geometry.numberOfRows(inSection: anchor.indexPath.section) else { return }
        apply(viewportSolver(anchor: .row(anchor.indexPath, screenY: anchor.screenY), clamp: .top, measuring: .none)
            .solve(geometry) { _ in nil })
    }

    /// Called by layout after tiling: a reload's offset, brought inside the content (and
    /// the rows placed again if that moved it: the tiling's `ViewportSolver` then keeps
    /// the offset inside the content as it measures). A finger or a fling in progress owns
    /// the offset: the fling bounces back from the edge as it is now.
    func settleOffsetIfNeeded() {
        guard phase.takeOffsetSettling() else { return }
        retargetScroll()
        guard !isTracking, motion == nil else { return }
        let target = clampedContentOffset(contentOffset)
        guard target != contentOffset else { return }
        applyContentOffset(target)
        tile(settling: true)
    }

    /// Points an animated scroll in progress where it should now end: at its row (as
    /// `map` names it now), or inside the content. Call after the geometry changed.
    func retargetScroll(mappingRow map: (IndexPath) -> IndexPath? = { $0 }) {
        guard let to = animatedScrollTarget else {
            rowScrollTarget = nil
            return
        }
        var target = clampedContentOffset(to)
        if let row = rowScrollTarget, row.offset == to {
            if let path = map(row.indexPath), path.section < geometry.numberOfSections,
               path.row < geometry.numberOfRows(inSection: path.section) {
                rowScrollTarget?.indexPath = path
                target = targetOffset(for: path, row.position)
            } else {
                rowScrollTarget = nil
            }
        } else {
            rowScrollTarget = nil
        }
        rowScrollTarget?.offset = target
        if target != to { retargetAnimatedScroll(to: target) }
    }
}
