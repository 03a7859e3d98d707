import Foundation
import Testing
@testable import TabulaCollection
import Tabula
import TabulaUIKitTestSupport

/// A data source of numbered cells that calls back into the collection view from inside
/// its answers, as careless code does: `whileCounting` from `numberOfItemsInSection`,
/// `whileMakingCell` from `cellForItemAt` (each for the first `times` calls).
@MainActor
private final class MeddlingSource: NSObject, UICollectionViewDataSource {
    var count: Int
    var whileCounting: ((UICollectionView) -> Void)?
    var whileMakingCell: ((UICollectionView, IndexPath) -> Void)?
    var times: Int
    private var calls = 0

    init(count: Int, times: Int = 3) {
        self.count = count
        self.times = times
    }

    private func meddle(_ body: () -> Void) {
        guard calls < times else { return }
        calls += 1
        body()
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        if let whileCounting { meddle { whileCounting(collectionView) } }
        return count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        if let whileMakingCell { meddle { whileMakingCell(collectionView, indexPath) } }
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath) as! NumberCell
        cell.number = indexPath.item
        cell.label.text = "\(indexPath.item)"
        return cell
    }
}

@MainActor
@Suite("Collection view: calls back into it from inside its data source")
struct CollectionReentrancyTests {
    /// A collection view of `source`'s items in a flow layout, shown, with its reports collected.
    private func show(_ source: MeddlingSource) -> (UICollectionView, HeadlessScreen, () -> [TableUpdateError]) {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: flowLayout())
        view.contentInsetAdjustmentBehavior = .never
        view.register(NumberCell.self, forCellWithReuseIdentifier: "number")
        var reports: [TableUpdateError] = []
        view.onInvalidUpdate = { reports.append($0) }
        view.dataSource = source
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        for _ in 0 ..< 3 { screen.advance(by: 1.0 / 60) }
        return (view, screen, { reports })
    }

    @Test("reloadData, an update or a reconfigure from cellForItemAt or numberOfItemsInSection: reported, the cells shown are the data source's")
    func callsFromInsideTheDataSource() throws {
        let cases: [(String, MeddlingSource)] = [
            ("reloadData in cellForItemAt", { let s = MeddlingSource(count: 40); s.whileMakingCell = { v, _ in v.reloadData() }; return s }()),
            ("performBatchUpdates in cellForItemAt", {
                let s = MeddlingSource(count: 40)
                s.whileMakingCell = { v, _ in v.performBatchUpdates({ v.reloadItems(at: [IndexPath(item: 0, section: 0)]) }) }
                return s
            }()),
            ("insertItems in cellForItemAt", {
                let s = MeddlingSource(count: 40)
                s.whileMakingCell = { v, _ in s.count += 1; v.insertItems(at: [IndexPath(item: 0, section: 0)]) }
                return s
            }()),
            ("reloadData in numberOfItemsInSection", { let s = MeddlingSource(count: 40); s.whileCounting = { $0.reloadData() }; return s }()),
            ("reloadData in every cellForItemAt", {
                let s = MeddlingSource(count: 40, times: .max); s.whileMakingCell = { v, _ in v.reloadData() }; return s
            }()),
        ]
        for (name, source) in cases {
            let (view, screen, reports) = show(source)
            for _ in 0 ..< 3 { screen.advance(by: 1.0 / 60) }
            #expect(view.numberOfItems(inSection: 0) == source.count, "\(name): the count is the data source's")
            let shown = view.visibleCells.compactMap { ($0 as? NumberCell)?.number }.sorted()
            #expect(shown.first == 0 && !shown.isEmpty, "\(name): the first items show (\(shown))")
            #expect(Set(shown).count == shown.count, "\(name): no item shows twice")
            #expect(!reports().isEmpty, "\(name): reported")
            withExtendedLifetime(screen) {}
        }
    }

    @Test("reloadData, an update or a reconfigure from willDisplay, didEndDisplaying, prefetching or cellForItemAt's reconfigure: no trap, the cells shown are the data source's",
          arguments: ["reload in willDisplay", "batch in willDisplay", "insert in willDisplay", "reload in didEndDisplaying",
                      "batch in didEndDisplaying", "batch in prefetch", "reload in prefetch", "reconfigure in cellForItemAt"])
    func callsFromInsideTheDelegate(_ name: String) throws {
        let source = MeddlingSource(count: 60)
        let delegate = MeddlingDelegate()
        let zero = IndexPath(item: 0, section: 0)
        switch name {
        case "reload in willDisplay": delegate.whileShowing = { v in v.reloadData() }
        case "batch in willDisplay": delegate.whileShowing = { v in v.performBatchUpdates({ v.reloadItems(at: [zero]) }) }
        case "insert in willDisplay": delegate.whileShowing = { v in source.count += 1; v.insertItems(at: [zero]) }
        case "reload in didEndDisplaying": delegate.whileHiding = { v in v.reloadData() }
        case "batch in didEndDisplaying": delegate.whileHiding = { v in v.performBatchUpdates({ v.reloadItems(at: [zero]) }) }
        case "batch in prefetch": delegate.whilePrefetching = { v in v.performBatchUpdates({ v.reloadItems(at: [zero]) }) }
        case "reload in prefetch": delegate.whilePrefetching = { v in v.reloadData() }
        default: source.whileMakingCell = { v, path in v.reconfigureItems(at: [path]) }
        }
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: flowLayout())
        view.contentInsetAdjustmentBehavior = .never
        view.register(NumberCell.self, forCellWithReuseIdentifier: "number")
        view.onInvalidUpdate = { _ in }
        view.dataSource = source
        view.delegate = delegate
        view.prefetchDataSource = delegate
        let (screen, root) = makeScreen(width: 320, height: 480, scale: 1)
        root.addSubview(view)
        defer { withExtendedLifetime((screen, source, delegate)) {} }
        for step in 0 ..< 30 {
            view.contentOffset.y = CGFloat(step % 15) * 60
            screen.advance(by: 1.0 / 60)
        }
        view.contentOffset.y = 0
        for _ in 0 ..< 4 { screen.advance(by: 1.0 / 60) }
        #expect(view.numberOfItems(inSection: 0) == source.count, "\(name): the count is the data source's")
        let shown = view.visibleCells.compactMap { ($0 as? NumberCell)?.number }.sorted()
        #expect(shown.first == 0 && !shown.isEmpty, "\(name): the first items show (\(shown))")
        #expect(Set(shown).count == shown.count, "\(name): no item shows twice (\(shown))")
        let frames = view.visibleCells.map(\.frame)
        #expect(Set(frames.map { "\($0)" }).count == frames.count, "\(name): no two cells in one place")
    }
}

/// A delegate and prefetching source that call back into the collection view from
/// `willDisplay`, `didEndDisplaying` and `prefetchItemsAt` (each for its first three calls).
@MainActor
private final class MeddlingDelegate: NSObject, UICollectionViewDelegate, UICollectionViewDataSourcePrefetching {
    var whileShowing: ((UICollectionView) -> Void)?
    var whileHiding: ((UICollectionView) -> Void)?
    var whilePrefetching: ((UICollectionView) -> Void)?
    private var calls = 0

    private func meddle(_ body: (() -> Void)?) {
        guard let body, calls < 3 else { return }
        calls += 1
        body()
    }

    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        meddle(whileShowing.map { f in { f(collectionView) } })
    }
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        meddle(whileHiding.map { f in { f(collectionView) } })
    }
    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        meddle(whilePrefetching.map { f in { f(collectionView) } })
    }
}
