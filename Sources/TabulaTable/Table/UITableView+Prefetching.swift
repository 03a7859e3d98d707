import Foundation
import TabulaUIKit
import TabulaCore

/// Prefetching: after each layout, the rows just beyond the screen in the direction of
/// motion are offered to the ``UITableView/prefetchDataSource``.
///
/// The range ahead is ``UITableView/prefetchLookaheadTime`` seconds of scrolling at the
/// current speed, never less than one screen and never more than
/// ``UITableView/maximumPrefetchScreens`` screens: at rest the next screen below (or in
/// the last direction of motion) is prefetched; a fast fling reaches further. The speed is
/// the content offset's change between layouts over the host's clock (a jump such as
/// `scrollToRow` counts as a fast move).
///
/// Invariant: `prefetch.requested` holds the rows asked for and neither cancelled nor
/// shown since. Rows that come on screen leave it silently; rows that are no longer ahead
/// within the farthest reach (``UITableView/maximumPrefetchScreens``) in the direction of
/// motion — the scroll turned back — are cancelled; a batch update carries them to their new index paths (deleted
/// rows are dropped); a reload cancels them all.
extension UITableView {
    /// Seconds of scrolling at the current speed that are prefetched ahead.
    public static let prefetchLookaheadTime: Double = PrefetchMotion.lookaheadTime
    /// The most screens ahead that are prefetched, however fast the scroll.
    public static let maximumPrefetchScreens: Double = PrefetchMotion.maximumScreens

    /// Offers the rows ahead to the prefetch data source and cancels those no longer ahead.
    func updatePrefetching() {
        guard let source = prefetchDataSource, isPrefetchingEnabled, bounds.height > 0 else { return }
        let y = Double(contentOffset.y), screen = Double(bounds.height)
        prefetch.motion.observe(offset: y, at: layer.mediaClock.now)
        let movingDown = prefetch.motion.movingForward
        let range = prefetch.motion.range(offset: y, screen: screen)
        let keep = prefetch.motion.keptRange(offset: y, screen: screen)
        var ahead = geometry.items(from: max(0, range.lowerBound), to: max(0, range.upperBound)).rows
            .map { IndexPath(row: $0.row, section: $0.section) }
            .filter { store.visible[$0] == nil }
        if !movingDown { ahead.reverse() }   // nearest to the screen first
        // Rows asked for earlier stay while they are still ahead within the farthest reach.
        var cancelled: [IndexPath] = []
        for indexPath in prefetch.requested where store.visible[indexPath] == nil {
            let span = indexPath.section < geometry.numberOfSections
                && indexPath.row < geometry.numberOfRows(inSection: indexPath.section)
                ? geometry.rowSpan(row: indexPath.row, section: indexPath.section) : nil
            if let span, span.maxY > keep.lowerBound, span.y < keep.upperBound { continue }
            cancelled.append(indexPath)
        }
        prefetch.requested = prefetch.requested.filter { store.visible[$0] == nil }
        prefetch.requested.subtract(cancelled)
        cancelled.sort()
        let fresh = ahead.filter { !prefetch.requested.contains($0) }
        prefetch.requested.formUnion(fresh)
        if !cancelled.isEmpty { source.tableView(self, cancelPrefetchingForRowsAt: cancelled) }
        if !fresh.isEmpty { source.tableView(self, prefetchRowsAt: fresh) }
    }

    /// Cancels every outstanding prefetch (the rows' index paths are about to mean other rows).
    func cancelAllPrefetching() {
        guard !prefetch.requested.isEmpty else { return }
        let rows = prefetch.requested.sorted()
        prefetch.requested = []
        prefetchDataSource?.tableView(self, cancelPrefetchingForRowsAt: rows)
    }

    /// Carries outstanding prefetches through a batch update.
    func remapPrefetching(_ plan: UpdatePlan) {
        guard !prefetch.requested.isEmpty else { return }
        prefetch.requested = Set(prefetch.requested.compactMap { plan.fate(ofRow: $0).newIndexPath })
    }
}

/// The prefetching bookkeeping of a table.
struct PrefetchState {
    /// Rows asked for, not cancelled and not on screen since.
    var requested: Set<IndexPath> = []
    /// The speed and direction of the offset, which set the reach ahead.
    var motion = PrefetchMotion()
}
