import Foundation
import Tabula
import TabulaGraphics

/// Loads images in the background and hands each to the cells still showing its object:
/// the thumbnails of WWDC 2010, Mastering Table Views, loading as the table scrolls, without the classic bug of
/// an image landing in a reused cell that now shows another row.
///
/// ```swift
/// let thumbnails = ImageLoader<Int64> { id in try await photoData(for: id) }   // PNG bytes
///
/// // cellForRowAt:
/// thumbnails.setImage(on: cell, for: contact.id, at: indexPath)
/// // didEndDisplaying:
/// thumbnails.cancelLoad(for: cell)
/// // prefetchRowsAt / cancelPrefetchingForRowsAt:
/// thumbnails.prefetch(ids)
/// thumbnails.cancelPrefetching(ids)
/// ```
///
/// **Off the main actor.** Each object's bytes are read by `source` and decoded from PNG
/// in a detached task; only the finished bitmap comes to the main actor. A result is left
/// in an inbox that a `CADisplayLink` empties at the start of the next frame, so images
/// arrive at a frame boundary even when a host's loop keeps the main actor busy, and tests
/// step them with the virtual clock.
///
/// **Right cell, or none.** A cell is bound to the object it was last asked to show
/// (`setImage(on:for:at:)`, which every reuse calls again from `cellForRowAt`). An image is
/// applied only to cells bound to its object at the moment it arrives; for a cell reused
/// for another row it is kept in the cache and never applied.
///
/// **Cancelled when no longer wanted.** A load runs while a cell waits for it or a
/// prefetch asked for it; when the last of those goes (``cancelLoad(for:)`` from
/// `didEndDisplaying`, ``cancelPrefetching(_:)``, or the cell bound to something else),
/// its task is cancelled. `source` should check `Task.isCancelled` (or use cancellable
/// calls) to stop early; a result that comes anyway is cached, never misapplied.
@preconcurrency @MainActor
public final class ImageLoader<ID: Hashable & Sendable> {
    /// Reads an object's image bytes (PNG), off the main actor; nil for no image.
    public typealias Source = @Sendable (ID) async throws -> Data?
    /// Shows an image (nil: the placeholder) in a cell.
    public typealias Apply = @MainActor (UITableViewCell, UIImage?) -> Void

    private let source: Source
    private let apply: Apply
    /// Pixels per point of the decoded images.
    public var scale: CGFloat
    /// The most decoded images kept (least recently used go first).
    public var cacheLimit = 200 { didSet { trimCache() } }

    /// The object and row each cell was last bound to.
    private var bindings: [ObjectIdentifier: Binding] = [:]
    /// The cells waiting for each object's image.
    private var waiting: [ID: Set<ObjectIdentifier>] = [:]
    /// Objects a prefetch asked for.
    private var prefetched: Set<ID> = []
    /// The running load of each object, numbered so that a late result of a cancelled
    /// load is told from the result of the load that replaced it.
    private var tasks: [ID: (serial: Int, task: Task<Void, Never>)] = [:]
    private var serial = 0
    /// Every load whose result has not been delivered yet, cancelled ones included, by serial.
    private var inFlight: [Int: Task<Void, Never>] = [:]
    private var cache: [ID: UIImage] = [:]
    private var cacheOrder: [ID] = []
    private let inbox = Inbox<ID>()
    private var displayLink: CADisplayLink?

    private struct Binding {
        let id: ID
        let indexPath: IndexPath
        weak var cell: UITableViewCell?
    }

    /// A loader reading bytes with `source`, showing images with `apply` (by default in
    /// the cell's `imageView`).
    public init(scale: CGFloat = 1, source: @escaping Source,
                apply: @escaping Apply = { cell, image in
                    cell.imageView?.image = image
                    cell.setNeedsLayout()
                }) {
        self.scale = scale
        self.source = source
        self.apply = apply
    }

    // MARK: Cells

    /// Binds `cell` to the object `id` shown at `indexPath`: its image now if cached,
    /// otherwise the placeholder (nil) and the image once loaded, if the cell still shows
    /// that object then. Call it from `cellForRowAt` for every cell, reused or new.
    public func setImage(on cell: UITableViewCell, for id: ID, at indexPath: IndexPath) {
        unbind(cell)
        let key = ObjectIdentifier(cell)
        bindings[key] = Binding(id: id, indexPath: indexPath, cell: cell)
        if let image = cachedImage(for: id) {
            apply(cell, image)
            return
        }
        apply(cell, nil)
        waiting[id, default: []].insert(key)
        startLoad(id)
    }

    /// The cell no longer shows its row (`didEndDisplaying`): it stops waiting, and its
    /// object's load is cancelled unless another cell or a prefetch still wants it.
    public func cancelLoad(for cell: UITableViewCell) {
        unbind(cell)
    }

    /// The object a cell is bound to, and the row it was bound at.
    public func binding(of cell: UITableViewCell) -> (id: ID, indexPath: IndexPath)? {
        bindings[ObjectIdentifier(cell)].map { ($0.id, $0.indexPath) }
    }

    private func unbind(_ cell: UITableViewCell) {
        let key = ObjectIdentifier(cell)
        guard let old = bindings.removeValue(forKey: key) else { return }
        waiting[old.id]?.remove(key)
        if waiting[old.id]?.isEmpty == true { waiting[old.id] = nil }
        cancelIfUnwanted(old.id)
    }

    // MARK: Prefetching

    /// Starts loading images for objects about to be shown (`prefetchRowsAt`).
    public func prefetch(_ ids: [ID]) {
        for id in ids where cachedImage(for: id) == nil {
            prefetched.insert(id)
            startLoad(id)
        }
    }

    /// Stops prefetching (`cancelPrefetchingForRowsAt`): loads no cell waits for are cancelled.
    public func cancelPrefetching(_ ids: [ID]) {
        for id in ids where prefetched.remove(id) != nil { cancelIfUnwanted(id) }
    }

    // MARK: State

    /// The cached image of `id`, if loaded.
    public func cachedImage(for id: ID) -> UIImage? {
        guard let image = cache[id] else { return nil }
        if cacheOrder.last != id, let i = cacheOrder.lastIndex(of: id) {
            cacheOrder.remove(at: i)
            cacheOrder.append(id)
        }
        return image
    }

    /// How many loads have finished and posted their result since the loader was made (for tests).
    var postedCount: Int { inbox.postedTotal }

    /// The objects whose loads are running.
    public var loadingIDs: Set<ID> { Set(tasks.keys) }

    /// Waits until every load started so far, cancelled ones included, has finished or
    /// stopped. Their images are delivered at the next frame, not by this call.
    public func waitForLoads() async {
        for task in Array(inFlight.values) { await task.value }
    }

    /// Blocks the main thread until every load started so far has finished or stopped,
    /// or `timeout` seconds of wall time have passed; returns whether they all did. Their
    /// images are delivered at the next frame, not by this call.
    ///
    /// For recording on a virtual clock (`HeadlessScreen`): the clock stands still
    /// while the loads take the real time they need, so a film shows the images arriving
    /// one frame after they are asked for instead of never. A window host must not call
    /// it: the window would freeze for as long as the loads take.
    @discardableResult
    public func waitForLoads(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(max(0, timeout))
        let serials = Set(inFlight.keys)
        // The loads post from other threads and never need the main actor, so polling
        // the inbox here cannot deadlock.
        while !serials.isSubset(of: inbox.postedSerials) {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return true
    }

    // MARK: Loading

    private func startLoad(_ id: ID) {
        guard tasks[id] == nil else { return }
        let source = self.source, inbox = self.inbox, scale = self.scale
        serial += 1
        let serial = self.serial
        let task = Task.detached(priority: .userInitiated) {
            let outcome: Inbox<ID>.Outcome
            do {
                try Task.checkCancellation()   // cancelled before it began: read nothing
                if let data = try await source(id) {
                    let bitmap = try Bitmap(pngData: data)
                    outcome = .image(DecodedBitmap(bitmap: bitmap, scale: scale))
                } else {
                    outcome = .none
                }
            } catch {
                outcome = Task.isCancelled ? .cancelled : .failed
            }
            inbox.post(id, serial, outcome)
        }
        tasks[id] = (serial, task)
        inFlight[serial] = task
        scheduleDelivery()
    }

    private func cancelIfUnwanted(_ id: ID) {
        guard waiting[id] == nil, !prefetched.contains(id), let load = tasks.removeValue(forKey: id) else { return }
        load.task.cancel()
    }

    private func scheduleDelivery() {
        guard displayLink == nil else { return }
        let link = CADisplayLink.heldByOwner { [weak self] _ in self?.deliver() }
        link.add(to: .main, forMode: .common)
        displayLink = link
    }

    /// Takes the finished loads out of the inbox: caches each image and applies it to the
    /// cells bound to its object now.
    private func deliver() {
        for (id, serial, outcome) in inbox.takeAll() {
            inFlight[serial] = nil
            let current = tasks[id]?.serial == serial
            if current { tasks[id] = nil }
            guard case .image(let decoded) = outcome else {
                // Nothing to show. A cancelled or stale load leaves the waiting cells to the
                // load that replaced it; the current one failing leaves the placeholder.
                if current { waiting[id] = nil; prefetched.remove(id) }
                continue
            }
            // A late result of a cancelled load is still the right object's image.
            let image = UIImage(cgImage: decoded.bitmap, scale: decoded.scale)
            store(image, for: id)
            prefetched.remove(id)
            for key in waiting.removeValue(forKey: id) ?? [] {
                guard let binding = bindings[key], binding.id == id, let cell = binding.cell else { continue }
                apply(cell, image)
            }
            cancelIfUnwanted(id)   // a newer load of the same object is not needed any more
        }
        if inFlight.isEmpty && inbox.isEmpty {
            displayLink?.invalidate()
            displayLink = nil
        }
    }

    private func store(_ image: UIImage, for id: ID) {
        if cache.updateValue(image, forKey: id) == nil { cacheOrder.append(id) }
        trimCache()
    }

    private func trimCache() {
        while cacheOrder.count > max(0, cacheLimit) { cache[cacheOrder.removeFirst()] = nil }
    }
}

/// A bitmap decoded on a background task, handed to the main actor.
///
/// `Bitmap` is not `Sendable` because a layer and its frames share one; this one is made
/// by the decoding task, never touched by it again once posted, and owned by the main
/// actor from then on — a transfer, not sharing.
struct DecodedBitmap: @unchecked Sendable {
    let bitmap: Bitmap
    let scale: CGFloat
}

/// Finished loads waiting for the main actor: posted from any thread, taken on the main
/// actor. (A lock, not an actor: taking must not wait.)
final class Inbox<ID: Hashable & Sendable>: @unchecked Sendable {
    enum Outcome: Sendable {
        case image(DecodedBitmap)
        case none, failed, cancelled
    }

    private let lock = NSLock()
    private var items: [(ID, Int, Outcome)] = []
    private var posted = 0

    func post(_ id: ID, _ serial: Int, _ outcome: Outcome) {
        lock.lock()
        items.append((id, serial, outcome))
        posted += 1
        lock.unlock()
    }

    /// The serials of the results posted and not yet taken.
    var postedSerials: Set<Int> {
        lock.lock()
        defer { lock.unlock() }
        return Set(items.map { $0.1 })
    }

    /// Every result ever posted.
    var postedTotal: Int {
        lock.lock()
        defer { lock.unlock() }
        return posted
    }

    func takeAll() -> [(ID, Int, Outcome)] {
        lock.lock()
        defer { lock.unlock() }
        let taken = items
        items = []
        return taken
    }

    var isEmpty: Bool {
        lock.lock()
        defer { lock.unlock() }
        return items.isEmpty
    }
}
