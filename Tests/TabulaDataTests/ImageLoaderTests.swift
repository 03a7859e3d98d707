import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
@testable import TabulaData
import TabulaGraphics
import TabulaTestSupport

/// Image loads that wait until the test opens their gate: the controllable delay that
/// forces a load to finish after its cell was reused.
final class LoadGates: @unchecked Sendable {
    private let lock = NSLock()
    private var opened: Set<Int64> = []
    private var _started: [Int64] = []
    private var _cancelled: [Int64] = []
    private var _finished: [Int64] = []
    /// When true a load carries on after it is cancelled, as a decoder that never checks would.
    let ignoresCancellation: Bool

    init(ignoresCancellation: Bool) { self.ignoresCancellation = ignoresCancellation }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
    func open(_ ids: some Sequence<Int64>) { locked { opened.formUnion(ids) } }
    var started: [Int64] { locked { _started } }
    var cancelled: [Int64] { locked { _cancelled } }
    var finished: [Int64] { locked { _finished } }

    /// The PNG of the image for `id`: `id + 1` pixels wide, so a cell's image names its row.
    func load(_ id: Int64) async throws -> Data? {
        locked { _started.append(id) }
        while !locked({ opened.contains(id) }) {
            if Task.isCancelled && !ignoresCancellation {
                locked { _cancelled.append(id) }
                throw CancellationError()
            }
            usleep(500)
            await Task.yield()
        }
        locked { _finished.append(id) }
        return Bitmap(width: Int(id) + 1, height: 2).pngData()
    }
}

/// Waits (without a time limit that could fail a test) until `condition` holds or many tries passed.
@MainActor
func eventually(_ condition: () -> Bool) async {
    for _ in 0 ..< 20_000 where !condition() {
        try? await Task.sleep(nanoseconds: 500_000)
    }
}

/// A 200-row table whose cells show a thumbnail from an ``ImageLoader``.
@MainActor
final class ThumbnailTable: UITableViewDataSource, UITableViewDelegate {
    let loader: ImageLoader<Int64>
    let table = UITableView(frame: .zero, style: .plain)
    var screen: HeadlessScreen!

    init(gates: LoadGates) {
        loader = ImageLoader { id in try await gates.load(id) }
        table.rowHeight = 44
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = self
        table.delegate = self
        screen = showTable(table)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 200 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        loader.setImage(on: cell, for: Int64(indexPath.row), at: indexPath)
        return cell
    }
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        loader.cancelLoad(for: cell)
    }

    var visibleRows: [Int] { (table.indexPathsForVisibleRows ?? []).map(\.row) }

    /// The row each visible cell's image was made for (nil: no image yet), by the row it shows.
    var imagesByRow: [Int: Int?] {
        var result: [Int: Int?] = [:]
        for cell in table.visibleCells {
            guard let row = table.indexPath(for: cell)?.row else { continue }
            result[row] = cell.imageView?.image?.cgImage.map { $0.width - 1 }
        }
        return result
    }
}

@MainActor
@Suite("ImageLoader")
struct ImageLoaderTests {
    @Test("a load that finishes after its cell was reused for another row never shows in that cell")
    func reusedCellRace() async throws {
        let gates = LoadGates(ignoresCancellation: true)
        let shown = ThumbnailTable(gates: gates)
        let firstRows = shown.visibleRows
        #expect(firstRows.count >= 19)
        await eventually { Set(gates.started).isSuperset(of: firstRows.map(Int64.init)) }
        // Scroll far: the same cells are reused for rows 100…
        shown.table.setContentOffset(CGPoint(x: 0, y: 4400), animated: false)
        await shown.screen.advance(by: 1.0 / 60)
        let rows = shown.visibleRows
        #expect(rows.first == 100)
        // The first rows' loads now finish (ignoring their cancellation), while the new rows' wait.
        gates.open(firstRows.map(Int64.init))
        // Every finished load posts its result once. (Tests running meanwhile may run frames
        // that deliver it early: the frame below delivers whatever is left.)
        await eventually {
            Set(gates.finished).isSuperset(of: firstRows.map(Int64.init)) && shown.loader.postedCount >= gates.finished.count
        }
        await shown.screen.advance(by: 1.0 / 60)
        for (row, imageRow) in shown.imagesByRow {
            #expect(imageRow == nil, "row \(row) shows the image of row \(imageRow!)")
        }
        #expect(shown.loader.cachedImage(for: Int64(firstRows[0])) != nil, "the late image is kept for later")
        // Now the visible rows' own loads finish: each cell shows its own row's image.
        gates.open(rows.map(Int64.init))
        await shown.loader.waitForLoads()
        await shown.screen.advance(by: 1.0 / 60)
        for (row, imageRow) in shown.imagesByRow { #expect(imageRow == row) }
        // Scrolling back shows the cached first images at once.
        shown.table.setContentOffset(.zero, animated: false)
        await shown.screen.advance(by: 1.0 / 60)
        for (row, imageRow) in shown.imagesByRow { #expect(imageRow == row) }
    }

    @Test("loads of rows that scroll away are cancelled; the rows on screen keep theirs")
    func scrolledAwayCancelled() async throws {
        let gates = LoadGates(ignoresCancellation: false)
        let shown = ThumbnailTable(gates: gates)
        let firstRows = shown.visibleRows
        await eventually { Set(gates.started).isSuperset(of: firstRows.map(Int64.init)) }
        shown.table.setContentOffset(CGPoint(x: 0, y: 4400), animated: false)
        await shown.screen.advance(by: 1.0 / 60)
        let rows = shown.visibleRows
        #expect(shown.loader.loadingIDs == Set(rows.map(Int64.init)))
        await eventually { Set(gates.cancelled) == Set(firstRows.map(Int64.init)) }
        #expect(Set(gates.cancelled) == Set(firstRows.map(Int64.init)))
        gates.open(0 ..< 200)
        await shown.loader.waitForLoads()
        await shown.screen.advance(by: 1.0 / 60)
        #expect(Set(gates.finished) == Set(rows.map(Int64.init)), "no cancelled load was decoded")
        for (row, imageRow) in shown.imagesByRow { #expect(imageRow == row) }
    }

    @Test("a cell reused while its load runs binds to the new row; a prefetch fills the cache; cancelling it stops it")
    func rebindAndPrefetch() async throws {
        let gates = LoadGates(ignoresCancellation: false)
        let loader = ImageLoader<Int64> { id in try await gates.load(id) }
        let screen = HeadlessScreen(size: CGSize(width: 100, height: 100))
        screen.show(UIWindow(frame: .zero))
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        loader.setImage(on: cell, for: 1, at: IndexPath(row: 1, section: 0))
        loader.setImage(on: cell, for: 2, at: IndexPath(row: 2, section: 0))   // reused before 1 arrived
        #expect(loader.binding(of: cell)?.id == 2)
        #expect(loader.loadingIDs == [2], "nobody wants row 1's image any more: its load was cancelled")
        loader.prefetch([7, 8])
        loader.cancelPrefetching([8])
        #expect(loader.loadingIDs == [2, 7])
        // The loader's display link joins the next screen to run a frame: make that this
        // one, before a suspension lets another test's screen run a frame first (it did,
        // under load, and the images were delivered there).
        let frame: (TimeInterval) -> Void = screen.advance(by:)
        frame(1.0 / 60)
        gates.open([1, 2, 7])   // 8 never opens: only its cancellation ends it
        await loader.waitForLoads()
        await screen.advance(by: 1.0 / 60)
        #expect(cell.imageView?.image?.cgImage?.width == 3)
        #expect(loader.cachedImage(for: 7) != nil)
        #expect(loader.cachedImage(for: 8) == nil)
        #expect(!gates.finished.contains(8))
        // A cell bound to a prefetched object gets its image at once.
        let other = UITableViewCell(style: .default, reuseIdentifier: nil)
        loader.setImage(on: other, for: 7, at: IndexPath(row: 7, section: 0))
        #expect(other.imageView?.image?.cgImage?.width == 8)
    }

    @Test("waitForLoads(timeout:) lets a recording on the virtual clock show the images: they arrive at the next frame")
    func blockingWaitForRecording() {
        let gates = LoadGates(ignoresCancellation: false)
        let shown = ThumbnailTable(gates: gates)
        let rows = shown.visibleRows
        #expect(shown.imagesByRow.values.allSatisfy { $0 == nil }, "placeholders first")
        #expect(!shown.loader.waitForLoads(timeout: 0.01), "the loads wait for their gates: not all finished")
        gates.open(rows.map(Int64.init))
        #expect(shown.loader.waitForLoads(timeout: 60))
        shown.screen.advance(by: 1.0 / 60)
        for (row, imageRow) in shown.imagesByRow { #expect(imageRow == row) }
    }
}
