import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A prefetch data source that keeps the items it was asked for and not cancelled since.
@MainActor
final class ItemPrefetchLog: UICollectionViewDataSourcePrefetching {
    var outstanding: Set<IndexPath> = []
    var prefetched: [IndexPath] = []
    var cancelled: [IndexPath] = []

    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        prefetched += indexPaths
        outstanding.formUnion(indexPaths)
    }
    func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        cancelled += indexPaths
        outstanding.subtract(indexPaths)
    }

    /// Items on screen are no longer waited for (the collection view does not cancel them);
    /// called after each frame, as every row passes the screen at the speeds used here.
    func sawScreen(of view: UICollectionView) { outstanding.subtract(view.indexPathsForVisibleItems) }

    /// The items asked for that are not on screen.
    func ahead(of view: UICollectionView) -> Set<IndexPath> { outstanding.subtracting(view.indexPathsForVisibleItems) }
}

@MainActor
@Suite("UICollectionViewDataSourcePrefetching")
struct CollectionPrefetchingTests {
    /// 600 items in rows of three, 100 points apart, on a 320 × 480 screen.
    private func make(layout: UICollectionViewFlowLayout = flowLayout()) -> (UICollectionView, ItemPrefetchLog, HeadlessScreen) {
        let (view, _, screen) = showCollection([numbers(600)], layout: layout)
        let log = ItemPrefetchLog()
        view.prefetchDataSource = log
        screen.advance(by: 1.0 / 60)
        keptLogs.append(log)
        return (view, log, screen)
    }

    @Test("at rest, the items of the screen below are prefetched, nearest row first, none of them on screen")
    func atRest() {
        let (view, log, _) = make()
        let lastVisible = view.indexPathsForVisibleItems.map(\.item).max()!
        #expect(log.prefetched.first?.item == lastVisible + 1, "\(log.prefetched.prefix(3))")
        let ahead = log.ahead(of: view).map(\.item).sorted()
        #expect(ahead == Array(lastVisible + 1 ... ahead.last!), "a contiguous run just below the screen")
        // One screen (480 pt) of 100-pt rows of three.
        #expect(ahead.count >= 12 && ahead.count <= 18, "\(ahead.count)")
        #expect(log.prefetched.allSatisfy { !view.indexPathsForVisibleItems.contains($0) })
    }

    @Test("scrolling down asks for the items just below the new viewport; turning back cancels them and asks above")
    func scrolling() {
        let (view, log, screen) = make()
        for step in 1 ... 20 {
            view.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 100)
            screen.advance(by: 1.0 / 60)
            log.sawScreen(of: view)
        }
        var visible = view.indexPathsForVisibleItems.map(\.item)
        #expect(!log.ahead(of: view).isEmpty)
        #expect(log.ahead(of: view).allSatisfy { $0.item > visible.max()! }, "everything asked for is below")
        #expect(log.ahead(of: view).contains(IndexPath(item: visible.max()! + 1, section: 0)), "including the next row")
        log.cancelled = []
        for step in 1 ... 5 {
            view.contentOffset = CGPoint(x: 0, y: 2000 - CGFloat(step) * 100)
            screen.advance(by: 1.0 / 60)
            log.sawScreen(of: view)
        }
        visible = view.indexPathsForVisibleItems.map(\.item)
        #expect(!log.cancelled.isEmpty, "turning back cancels what is below")
        #expect(log.cancelled.allSatisfy { $0.item > visible.max()! })
        #expect(log.ahead(of: view).allSatisfy { $0.item < visible.min()! }, "now the items above are asked for")
        #expect(log.ahead(of: view).contains(IndexPath(item: visible.min()! - 1, section: 0)))
    }

    @Test("a horizontal flow prefetches the columns to the right")
    func horizontal() {
        let layout = flowLayout()
        layout.scrollDirection = .horizontal
        let (view, log, _) = make(layout: layout)
        let visible = view.indexPathsForVisibleItems
        let right = visible.map { view.cellForItem(at: $0)!.frame.maxX }.max()!
        #expect(!log.ahead(of: view).isEmpty)
        for path in log.ahead(of: view) {
            let frame = view.collectionViewLayout.layoutAttributesForItem(at: path)!.frame
            #expect(frame.minX >= right, "\(path) at \(frame) is to the right of the screen")
        }
    }

    @Test("a reload cancels everything asked for; a batch update carries it along; disabled, nothing is asked")
    func reloadAndDisable() {
        let (view, log, screen) = make()
        let source = view.dataSource as! NumbersSource
        let asked = log.outstanding
        source.sections[0].insert(-1, at: 0)
        view.insertItems(at: [IndexPath(item: 0, section: 0)])
        screen.advance(by: 0.5)
        #expect(log.cancelled.isEmpty)
        #expect(view.prefetch.requested.isSuperset(of: asked.filter { $0.item < 599 }.map { IndexPath(item: $0.item + 1, section: 0) }
            .filter { view.cellForItem(at: $0) == nil }))
        let requested = view.prefetch.requested
        view.reloadData()
        #expect(Set(log.cancelled) == requested)
        view.isPrefetchingEnabled = false
        log.prefetched = []
        view.contentOffset = CGPoint(x: 0, y: 1000)
        screen.advance(by: 1.0 / 60)
        #expect(log.prefetched.isEmpty)
    }
}

/// The prefetch logs of these tests, kept for the process (the view holds them weakly).
@MainActor var keptLogs: [ItemPrefetchLog] = []
