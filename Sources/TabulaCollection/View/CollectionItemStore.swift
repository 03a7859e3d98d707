import Foundation
import TabulaUIKit
import TabulaCore

/// A supplementary view's place: its kind and index path. Keys order by index path, then
/// kind, so that views are added and pooled in the same order on every run.
struct SupplementKey: Hashable, Comparable {
    var kind: String
    var indexPath: IndexPath

    static func < (a: SupplementKey, b: SupplementKey) -> Bool {
        a.indexPath != b.indexPath ? a.indexPath < b.indexPath : a.kind < b.kind
    }
}

extension Dictionary where Key: Comparable {
    /// The entries by key. A dictionary's own order changes from run to run (its hashing
    /// is seeded per process); views added as subviews in that order would stack
    /// overlapping items differently each run, and pools would hand out different views.
    var inKeyOrder: [(key: Key, value: Value)] { sorted { $0.key < $1.key } }

    /// The keys that `other` lacks, in order: the views that go, or come, between two
    /// tilings.
    func keys<Other>(missingFrom other: [Key: Other]) -> [Key] { keys.filter { other[$0] == nil }.sorted() }
}

/// Every view a collection view shows for an element, from when it is handed out until
/// it is pooled: on screen for an item (`cells`) or a supplementary element
/// (`supplements`), with the attributes it was given; or waiting in its pool.
///
/// Invariants (checked under DEBUG by ``checkInvariants()``): a view is on screen for at
/// most one element; `paths` names exactly the cells on screen; a pooled view is on no
/// element and in no view. Views leaving in an update animation belong to the running
/// update, not to the store, until it pools them.
@MainActor
struct CollectionItemStore {
    private(set) var cells: [IndexPath: UICollectionViewCell] = [:]
    private(set) var paths: [ObjectIdentifier: IndexPath] = [:]
    private(set) var supplements: [SupplementKey: UICollectionReusableView] = [:]
    /// The attributes each element on screen was last given.
    private(set) var attributes: [IndexPath: UICollectionViewLayoutAttributes] = [:]
    private(set) var supplementAttributes: [SupplementKey: UICollectionViewLayoutAttributes] = [:]
    private var pools: [String: [UICollectionReusableView]] = [:]
    private var pooled: Set<ObjectIdentifier> = []
    /// The most views one pool keeps: enough for the most elements ever on screen at once.
    private var poolLimit = 32

    // MARK: Cells

    mutating func show(_ cell: UICollectionViewCell, at path: IndexPath, _ attributes: UICollectionViewLayoutAttributes) {
        cells[path] = cell
        paths[ObjectIdentifier(cell)] = path
        self.attributes[path] = attributes
        poolLimit = max(poolLimit, cells.count + supplements.count)
        checkInvariants()
    }

    mutating func setAttributes(_ attributes: UICollectionViewLayoutAttributes, at path: IndexPath) {
        self.attributes[path] = attributes
    }

    /// Takes the cell of `path` off the books (it stays in its superview).
    @discardableResult
    mutating func takeCell(at path: IndexPath) -> UICollectionViewCell? {
        guard let cell = cells.removeValue(forKey: path) else { return nil }
        paths[ObjectIdentifier(cell)] = nil
        attributes[path] = nil
        return cell
    }

    /// Takes every cell and supplementary view off the books.
    mutating func takeAll() -> (cells: [IndexPath: UICollectionViewCell], supplements: [SupplementKey: UICollectionReusableView]) {
        defer {
            cells = [:]; paths = [:]; supplements = [:]; attributes = [:]; supplementAttributes = [:]
        }
        return (cells, supplements)
    }

    func path(of cell: UICollectionViewCell) -> IndexPath? { paths[ObjectIdentifier(cell)] }

    // MARK: Supplementary views

    mutating func show(_ view: UICollectionReusableView, for key: SupplementKey, _ attributes: UICollectionViewLayoutAttributes) {
        supplements[key] = view
        supplementAttributes[key] = attributes
        poolLimit = max(poolLimit, cells.count + supplements.count)
    }

    @discardableResult
    mutating func takeSupplement(_ key: SupplementKey) -> UICollectionReusableView? {
        supplementAttributes[key] = nil
        return supplements.removeValue(forKey: key)
    }

    // MARK: Decoration views

    /// The decoration views on screen, by kind and index path.
    private(set) var decorations: [SupplementKey: UICollectionReusableView] = [:]

    mutating func showDecoration(_ view: UICollectionReusableView, for key: SupplementKey) {
        decorations[key] = view
    }

    @discardableResult
    mutating func takeDecoration(_ key: SupplementKey) -> UICollectionReusableView? {
        decorations.removeValue(forKey: key)
    }

    // MARK: Pools

    /// Puts `view` in the pool of `key` (its identifier, with the kind for supplementary
    /// views), or lets it go when the pool is full.
    mutating func pool(_ view: UICollectionReusableView, key: String) {
        view.removeFromSuperviewKeepingEditing()
        view.layer.removeAllAnimations()
        guard !pooled.contains(ObjectIdentifier(view)), (pools[key]?.count ?? 0) < poolLimit else { return }
        pools[key, default: []].append(view)
        pooled.insert(ObjectIdentifier(view))
    }

    /// A pooled view of `key`, made ready for reuse.
    mutating func dequeue(_ key: String) -> UICollectionReusableView? {
        guard let view = pools[key]?.popLast() else { return nil }
        pooled.remove(ObjectIdentifier(view))
        view.prepareForReuse()
        return view
    }

    /// How many views wait in the pool of `key`.
    func pooledCount(_ key: String) -> Int { pools[key]?.count ?? 0 }

    func checkInvariants() {
        #if DEBUG
        assert(paths.count == cells.count, "every cell on screen has one path")
        #endif
    }
}

/// The classes registered for cells and supplementary views.
struct Registrations {
    var cells: [String: UICollectionViewCell.Type] = [:]
    var supplements: [String: UICollectionReusableView.Type] = [:]
    /// Cells and supplementary views made by closures (nibs, storyboard prototypes), by
    /// identifier (supplementary views by ``supplementKey(_:_:)``); they win over classes.
    var cellFactories: [String: @MainActor () -> UICollectionViewCell] = [:]
    var supplementFactories: [String: @MainActor () -> UICollectionReusableView] = [:]
    /// How many cell registrations have been used; many more than cells are ever shown means
    /// registrations made anew for each cell (reported once).
    var cellRegistrationsUsed = 0
    var reportedRegistrationChurn = false

    static func supplementKey(_ kind: String, _ identifier: String) -> String { "\(kind)\u{1F}\(identifier)" }
}

/// The operations of the batch being collected, and the completions waiting for it.
struct PendingBatch {
    var depth = 0
    var operations = UpdateOperations()
    var completions: [(Bool) -> Void] = []
}

/// An update animation on screen: the views animating out (with the element they left:
/// an item's old index path, or a supplementary view's kind and new index path), and the
/// completions to call.
struct RunningUpdate {
    var generation: Int
    var leaving: [(view: UICollectionReusableView, key: String, path: IndexPath?, kind: String?)] = []
    var completions: [(Bool) -> Void] = []
}

/// The item under the finger that went down on the collection view.
struct TouchedItem {
    var indexPath: IndexPath
    let touch: UITouch
    var isHighlighted = false
}
