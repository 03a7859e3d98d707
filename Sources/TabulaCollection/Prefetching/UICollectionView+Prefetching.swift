import Foundation
import TabulaUIKit
import TabulaCore

/// Prefetching: after each layout pass, the items the layout places just beyond the
/// visible rect along the scrolling axis, in the direction of motion, are offered to the
/// ``UICollectionView/prefetchDataSource``.
///
/// The reach is the table's (`PrefetchMotion`, in TabulaCore): one screen at rest, more
/// the faster the scroll, at most four. The axis is the flow layout's scroll direction;
/// for other layouts, horizontal when the content is wider than the view and no taller.
///
/// Invariant: `prefetch.requested` holds the items asked for and neither cancelled nor
/// shown since. Items that come on screen leave it silently; items no longer ahead within
/// the farthest reach are cancelled; a batch update carries them to their new index paths
/// (deleted items are dropped); a reload cancels them all.
extension UICollectionView {
    /// Offers the items ahead to the prefetch data source and cancels those no longer ahead.
    func updatePrefetching() {
        guard let source = prefetchDataSource, isPrefetchingEnabled else { return }
        let vertical = scrollsVertically
        let screen = Double(vertical ? bounds.height : bounds.width)
        guard screen > 0 else { return }
        let offset = Double(vertical ? bounds.minY : bounds.minX)
        prefetch.motion.observe(offset: offset, at: layer.mediaClock.now)
        let forward = prefetch.motion.movingForward
        let ahead = strip(prefetch.motion.range(offset: offset, screen: screen), vertical: vertical)
        let kept = strip(prefetch.motion.keptRange(offset: offset, screen: screen), vertical: vertical)

        var cancelled: [IndexPath] = []
        for path in prefetch.requested where store.cells[path] == nil {
            if isValid(path), let frame = currentLayout.layoutAttributesForItem(at: path)?.frame, frame.intersects(kept) {
                continue
            }
            cancelled.append(path)
        }
        prefetch.requested = prefetch.requested.filter { store.cells[$0] == nil }
        prefetch.requested.subtract(cancelled)
        cancelled.sort()

        // Nearest to the screen first: along the axis, then across it.
        let found = (currentLayout.layoutAttributesForElements(in: ahead) ?? []).filter {
            $0.representedElementCategory == .cell && isValid($0.indexPath) && store.cells[$0.indexPath] == nil
                && !prefetch.requested.contains($0.indexPath) && $0.frame.intersects(ahead)
        }
        let key = { (frame: CGRect) -> (CGFloat, CGFloat) in
            vertical ? (forward ? frame.minY : -frame.maxY, frame.minX) : (forward ? frame.minX : -frame.maxX, frame.minY)
        }
        var seen = Set<IndexPath>()
        let fresh = found.sorted { key($0.frame) < key($1.frame) }.map(\.indexPath).filter { seen.insert($0).inserted }
        prefetch.requested.formUnion(fresh)
        if !cancelled.isEmpty { source.collectionView(self, cancelPrefetchingForItemsAt: cancelled) }
        if !fresh.isEmpty { source.collectionView(self, prefetchItemsAt: fresh) }
    }

    /// Cancels every outstanding prefetch (the items' index paths are about to mean other items).
    func cancelAllPrefetching() {
        guard !prefetch.requested.isEmpty else { return }
        let items = prefetch.requested.sorted()
        prefetch.requested = []
        prefetchDataSource?.collectionView(self, cancelPrefetchingForItemsAt: items)
    }

    /// Carries outstanding prefetches through a batch update.
    func remapPrefetching(_ plan: UpdatePlan) {
        guard !prefetch.requested.isEmpty else { return }
        prefetch.requested = Set(prefetch.requested.compactMap { plan.fate(ofRow: $0).newIndexPath })
    }

    /// Whether the content scrolls up and down (else sideways).
    private var scrollsVertically: Bool {
        if let flow = currentLayout as? UICollectionViewFlowLayout { return flow.scrollDirection == .vertical }
        return !(contentSize.width > bounds.width && contentSize.height <= bounds.height)
    }

    /// The band of the content across the whole view, spanning `range` along the axis.
    private func strip(_ range: ClosedRange<Double>, vertical: Bool) -> CGRect {
        let from = CGFloat(range.lowerBound), length = CGFloat(range.upperBound - range.lowerBound)
        return vertical ? CGRect(x: bounds.minX, y: from, width: bounds.width, height: length)
                        : CGRect(x: from, y: bounds.minY, width: length, height: bounds.height)
    }
}

/// The prefetching bookkeeping of a collection view.
struct CollectionPrefetchState {
    /// Items asked for, not cancelled and not on screen since.
    var requested: Set<IndexPath> = []
    /// The speed and direction of the offset, which set the reach ahead.
    var motion = PrefetchMotion()
}
