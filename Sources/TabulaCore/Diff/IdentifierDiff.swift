/// The changes that turn one sequence of unique identifiers into another: the identifiers
/// that are gone, the ones that are new, and the fewest moves among the ones in both.
///
/// Identity decides what persists, as in a diffable data source: an identifier found in
/// both sequences persists wherever it went, and its contents are not compared (a changed
/// item with the same identifier is a reload, which the snapshot tracks, not the diff).
/// Of the persisting identifiers, a largest set that kept its relative order stays put —
/// a longest increasing subsequence of their old offsets, taken in new order — and every
/// other one is a move. So the number of moves is the number of persisting identifiers
/// minus the length of that subsequence: the fewest that can turn old into new, since
/// identifiers that stay put can never change their relative order.
///
/// The diff reads like a batch update of a table: deletions and move sources are offsets
/// in `old`, insertions and move destinations offsets in `new`. To rebuild `new` from
/// `old`, remove the deletions and the move sources (what remains is in `new`'s order),
/// then, in ascending order of new offset, insert each insertion and each move
/// destination at its offset.
///
/// The result depends only on the two sequences, never on hash values (which Swift seeds
/// per process): when several runs are equally long, the choice between them depends only
/// on the offsets, so the same sequences always give the same moves.
public struct IdentifierDiff: Sendable, Equatable {
    /// A persisting identifier that does not keep its place: from its offset in `old` to
    /// its offset in `new`.
    public struct Move: Sendable, Hashable, CustomStringConvertible {
        /// The identifier's offset in the old sequence.
        public var from: Int
        /// The identifier's offset in the new sequence.
        public var to: Int
        /// A move from offset `from` in the old sequence to offset `to` in the new one.
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
        /// The move as `from→to`.
        public var description: String { "\(from)→\(to)" }
    }

    /// A mapping from the offsets of one sequence to the offsets of the other, nil where an
    /// identifier has no counterpart.
    ///
    /// Stored as 32-bit offsets (-1 for nil): 4 bytes per element where an `[Int?]` takes
    /// 16, which for the two maps of a million-item diff is 8 MB instead of 32.
    public struct OffsetMap: RandomAccessCollection, Sendable, Equatable {
        let storage: [Int32]
        /// The first offset, 0.
        public var startIndex: Int { 0 }
        /// One past the last offset: the length of the sequence mapped from.
        public var endIndex: Int { storage.count }
        /// The counterpart of `offset` in the other sequence, or nil if it has none.
        public subscript(offset: Int) -> Int? {
            let mapped = storage[offset]
            return mapped < 0 ? nil : Int(mapped)
        }
    }

    /// The offsets in `old` of the identifiers that are not in `new`, ascending.
    public let deletions: [Int]
    /// The offsets in `new` of the identifiers that are not in `old`, ascending.
    public let insertions: [Int]
    /// The persisting identifiers outside the longest run kept in relative order, sorted by
    /// `to`.
    public let moves: [Move]
    /// For each offset in `old`, the identifier's offset in `new`, or nil if it was deleted.
    /// Moved and unmoved identifiers alike are mapped.
    public let newOffsets: OffsetMap
    /// For each offset in `new`, the identifier's offset in `old`, or nil if it was inserted.
    public let oldOffsets: OffsetMap

    /// Whether the two sequences were identical.
    public var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && moves.isEmpty }

    /// Compares `old` and `new` by identity.
    ///
    /// - Parameters:
    ///   - old: The identifiers before the change, each at most once.
    ///   - new: The identifiers after the change, each at most once.
    /// - Throws: ``DuplicateIdentifierError`` naming the first few identifiers that occur
    ///   more than once on a side, and their offsets.
    /// - Complexity: Expected O(n + m) for n old and m new identifiers to match them: every
    ///   old identifier is hashed once, a new one at most once (not at all when it follows
    ///   the previous match, which most do after a typical edit), and `==` is called at most
    ///   a few times per identifier — unless a `Hashable` type's hashes collide, which
    ///   degrades matching towards O(n · m). Then O(c log L) to choose the moves, where c
    ///   identifiers persist and L of them stay put: O(c) when nothing moved, close to it
    ///   when few did. Besides the result, a table of 8 bytes per slot, 1.5 to 3 slots per
    ///   old identifier, lives during the call. Each sequence is limited to `Int32.max - 1`
    ///   identifiers. `String` identifiers made of ASCII characters are hashed by a keyed
    ///   hash of their bytes instead of SipHash, several times faster; at the first other
    ///   character, or if the hashes collide far more than chance allows, the matching
    ///   starts over with SipHash, so colliding inputs cost bounded extra work, not
    ///   quadratic time. Long lists of such identifiers stored on the heap (more than 15
    ///   bytes each, 32,768 identifiers or more in all) are hashed and matched on up to
    ///   four cores at once, the calling thread one of them; the result is the same.
    @inlinable
    public init<ID: Hashable>(old: some Collection<ID>, new: some Collection<ID>) throws(DuplicateIdentifierError) {
        let matching = withContiguousElements(of: old) { old in
            withContiguousElements(of: new) { new in IdentifierMatching(old: old, new: new) }
        }
        if let duplicates = matching.duplicates { throw duplicates }
        self.init(newOffsets: matching.newOffsets, oldOffsets: matching.oldOffsets, persisting: matching.persisting)
    }

    /// The diff described by a complete, consistent matching of offsets.
    ///
    /// `newOffsets` and `oldOffsets` are inverse partial maps (-1 for nil), `persisting` the
    /// number of offsets they pair.
    @usableFromInline
    init(newOffsets: [Int32], oldOffsets: [Int32], persisting: Int) {
        var deletions: [Int] = []
        deletions.reserveCapacity(newOffsets.count - persisting)
        var insertions: [Int] = []
        insertions.reserveCapacity(oldOffsets.count - persisting)
        // The persisting identifiers' old offsets in new order.
        var order = [Int32](repeating: 0, count: persisting)
        var inOrder = true
        newOffsets.withUnsafeBufferPointer { newOffsets in
            for i in newOffsets.indices where newOffsets[i] < 0 { deletions.append(i) }
        }
        oldOffsets.withUnsafeBufferPointer { oldOffsets in
            order.withUnsafeMutableBufferPointer { order in
                var k = 0, previous: Int32 = -1
                for j in oldOffsets.indices {
                    let i = oldOffsets[j]
                    if i < 0 {
                        insertions.append(j)
                    } else {
                        if i < previous { inOrder = false }
                        previous = i
                        order[k] = i
                        k += 1
                    }
                }
            }
        }
        self.deletions = deletions
        self.insertions = insertions
        self.moves = inOrder ? [] : Self.moves(outsideLongestRunOf: order, newOffsets: newOffsets)
        self.newOffsets = OffsetMap(storage: newOffsets)
        self.oldOffsets = OffsetMap(storage: oldOffsets)
    }

    /// The elements of `order` (distinct old offsets, in new order) that are not in its
    /// longest increasing subsequence, as moves.
    ///
    /// Patience sorting: `tails[l]` is the position in `order` of the smallest value that
    /// ends an increasing run of length l + 1 seen so far, and `tailValues[l]` that value,
    /// so `tailValues` is strictly increasing and a binary search places each element.
    /// `links[k]` is the position before `k` in the run that `k` ends. An element above
    /// every tail extends the longest run without a search, which keeps a sequence with
    /// few moves close to linear.
    private static func moves(outsideLongestRunOf order: [Int32], newOffsets: [Int32]) -> [Move] {
        let count = order.count
        let tails = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
        let tailValues = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
        let links = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
        let kept = UnsafeMutableBufferPointer<Bool>.allocate(capacity: count)
        defer {
            tails.deallocate()
            tailValues.deallocate()
            links.deallocate()
            kept.deallocate()
        }
        return order.withUnsafeBufferPointer { order in
            var length = 0
            for k in 0 ..< count {
                let value = order[k]
                var l = length
                if length > 0 && tailValues[length - 1] > value {
                    // The first tail above value (tailValues[length - 1] is one), by a
                    // search whose steps do not branch on the data: in a shuffle every
                    // comparison is a coin toss the branch predictor would lose. Offsets
                    // are ≥ 0, so the difference's sign bit says tail < value.
                    var base = 0, size = length
                    while size > 1 {
                        let half = size >> 1
                        let below = Int(UInt32(bitPattern: tailValues[base &+ half &- 1] &- value) >> 31)  // 1 or 0
                        base &+= half &* below
                        size &-= half
                    }
                    l = base
                } else {
                    length += 1
                }
                links[k] = l == 0 ? -1 : tails[l - 1]
                tails[l] = Int32(truncatingIfNeeded: k)
                tailValues[l] = value
            }
            kept.initialize(repeating: false)
            var k = Int(tails[length - 1])
            while k >= 0 {
                kept[k] = true
                k = Int(links[k])
            }
            var moves: [Move] = []
            moves.reserveCapacity(count - length)
            newOffsets.withUnsafeBufferPointer { newOffsets in
                for k in 0 ..< count where !kept[k] {
                    let from = Int(order[k])
                    moves.append(Move(from: from, to: Int(newOffsets[from])))
                }
            }
            return moves
        }
    }
}
