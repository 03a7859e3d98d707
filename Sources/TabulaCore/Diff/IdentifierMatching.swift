import Foundation

/// Which offsets of two identifier sequences hold the same identifier, and whether an
/// identifier repeats on either side: the hashing half of ``IdentifierDiff``.
///
/// It is generic over the identifier type and `@inlinable`, so that it is specialized in
/// the caller's module, where hashing and `==` on a concrete type are direct calls instead
/// of calls through `Hashable`'s witness table. A caller that is itself generic, as
/// ``NSDiffableDataSourceSnapshot`` is, reaches the unspecialized code instead, which
/// copies and compares identifiers through witness tables; for the common identifier
/// types (`Int`, `String`, `UUID`) TabulaCore carries specializations, to which that code
/// dispatches at run time. What follows the matching is not generic and stays in
/// TabulaCore.
///
/// Every old identifier is hashed into an ``OffsetTable``; a repeat found there is a
/// duplicate in `old`. A new identifier is first compared with the old identifiers just
/// after the previous match (most of a list survives an edit in order), and only hashed and
/// looked up when that guess fails. Since old identifiers are unique (or the diff fails),
/// a guess that compares equal finds the same match the table would. A match that is
/// already taken is a duplicate in `new`; the new identifiers with no match are checked for
/// repeats among themselves in a second, smaller table.
///
/// Hashing is done a block at a time, then the lookups: a hash is a long run of
/// instructions, and with one between every two table lookups the processor has only one
/// cache miss in flight; a tight loop of lookups lets it overlap many (with a million
/// identifiers, this made the whole diff three times faster).
@usableFromInline
struct IdentifierMatching {
    /// For each old offset, the new offset of the same identifier, or -1.
    @usableFromInline let newOffsets: [Int32]
    /// For each new offset, the old offset of the same identifier, or -1.
    @usableFromInline let oldOffsets: [Int32]
    /// How many identifiers are in both.
    @usableFromInline let persisting: Int
    /// Every identifier that occurs twice in `old` or twice in `new`, or nil.
    @usableFromInline let duplicates: DuplicateIdentifierError?

    @inlinable
    static var blockLength: Int { 128 }

    /// How many old identifiers after the previous match a guess compares with: three
    /// finds the match across up to two consecutive deletions.
    @inlinable
    static var guessWindow: Int { 3 }

    @inlinable
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    @_specialize(where ID == UUID)
    init<ID: Hashable>(old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>) {
        precondition(old.count < Int32.max && new.count < Int32.max,
                     "IdentifierDiff takes at most \(Int32.max - 1) identifiers a side, got \(old.count) and \(new.count)")
        var newOffsets = [Int32](repeating: -1, count: old.count)
        var oldOffsets = [Int32](repeating: -1, count: new.count)
        let table = OffsetTable(capacity: old.count)
        defer { table.deallocate() }
        var foundDuplicates = Self.insert(old, into: table)
        var inserted: [(offset: Int, hash: Int)] = []
        persisting = Self.match(new, to: old, in: table, newOffsets: &newOffsets, oldOffsets: &oldOffsets,
                                inserted: &inserted, foundDuplicates: &foundDuplicates)
        if Self.repeatsAmong(inserted, in: new) { foundDuplicates = true }
        self.newOffsets = newOffsets
        self.oldOffsets = oldOffsets
        // The checks above only notice a repeat; the error lists them all, exactly.
        duplicates = foundDuplicates ? DuplicateIdentifierError(old: old, new: new) : nil
    }

    /// Hashes every old identifier into `table`; returns whether one repeats.
    @inlinable
    static func insert<ID: Hashable>(_ old: UnsafeBufferPointer<ID>, into table: OffsetTable) -> Bool {
        var foundRepeat = false
        withUnsafeTemporaryAllocation(of: Int.self, capacity: blockLength) { hashes in
            for block in stride(from: 0, to: old.count, by: blockLength) {
                let end = min(block &+ blockLength, old.count)
                for i in block ..< end { hashes[i &- block] = old[i].hashValue }
                for i in block ..< end {
                    if table.insert(i, hash: hashes[i &- block], unlessMatching: { old[$0] == old[i] }) >= 0 {
                        foundRepeat = true
                    }
                }
            }
        }
        return foundRepeat
    }

    /// Finds each new identifier's old match, by guess or in `table`, and fills both maps;
    /// the new identifiers with no match go to `inserted` with their hashes. Returns how
    /// many matched.
    @inlinable
    static func match<ID: Hashable>(
        _ new: UnsafeBufferPointer<ID>, to old: UnsafeBufferPointer<ID>, in table: OffsetTable,
        newOffsets: inout [Int32], oldOffsets: inout [Int32],
        inserted: inout [(offset: Int, hash: Int)], foundDuplicates: inout Bool
    ) -> Int {
        var persisting = 0
        let hashes = UnsafeMutableBufferPointer<Int>.allocate(capacity: blockLength)
        let pending = UnsafeMutableBufferPointer<Int>.allocate(capacity: blockLength)
        defer {
            hashes.deallocate()
            pending.deallocate()
        }
        newOffsets.withUnsafeMutableBufferPointer { newOffsets in
            oldOffsets.withUnsafeMutableBufferPointer { oldOffsets in
                func pair(_ i: Int, _ j: Int) {
                    if newOffsets[i] >= 0 {
                        foundDuplicates = true  // new[j] repeats the new identifier already paired with old[i]
                    } else {
                        newOffsets[i] = Int32(truncatingIfNeeded: j)
                        oldOffsets[j] = Int32(truncatingIfNeeded: i)
                        persisting &+= 1
                    }
                }
                var pendingCount = 0
                func lookUpPending() {
                    for k in 0 ..< pendingCount { hashes[k] = new[pending[k]].hashValue }
                    for k in 0 ..< pendingCount {
                        let j = pending[k]
                        let i = table.offset(hash: hashes[k]) { old[$0] == new[j] }
                        if i < 0 { inserted.append((j, hashes[k])) } else { pair(i, j) }
                    }
                    pendingCount = 0
                }
                // The old offset of the latest match: the next guess starts after it.
                var previous = -1
                // Guessing pays while most of new follows old (one comparison saves a hash
                // and a lookup); after a block that mostly did not (a shuffle), the next
                // block is looked up without guesses, so that a failing guess costs nothing.
                var guessing = true
                for block in stride(from: 0, to: new.count, by: blockLength) {
                    let end = min(block &+ blockLength, new.count)
                    var misses = 0
                    for j in block ..< end {
                        if guessing {
                            let first = previous &+ 1
                            let last = min(first &+ guessWindow, old.count)
                            var guess = first
                            while guess < last && old[guess] != new[j] { guess &+= 1 }
                            if guess < last {
                                pair(guess, j)
                                previous = guess
                                misses = 0
                                continue
                            }
                            misses &+= 1
                        }
                        pending[pendingCount] = j
                        pendingCount &+= 1
                        // Two misses in a row: the run the guesses followed has ended (more
                        // deletions than the window, or a moved stretch). Look up what is
                        // pending now and guess on from there.
                        if misses >= 2 {
                            lookUpPending()
                            if oldOffsets[j] >= 0 { previous = Int(oldOffsets[j]) }
                            misses = 0
                        }
                    }
                    lookUpPending()
                    var followers = 0
                    for j in block &+ 1 ..< end where oldOffsets[j] >= 0 && oldOffsets[j] == oldOffsets[j &- 1] &+ 1 {
                        followers &+= 1
                    }
                    guessing = followers &* 2 >= end &- block
                    if guessing {
                        var j = end &- 1
                        while j >= block && oldOffsets[j] < 0 { j &-= 1 }
                        if j >= block { previous = Int(oldOffsets[j]) }
                    }
                }
            }
        }
        return persisting
    }

    /// Whether two of the new identifiers at `inserted` (none of which is in old) are equal.
    @inlinable
    static func repeatsAmong<ID: Hashable>(_ inserted: [(offset: Int, hash: Int)], in new: UnsafeBufferPointer<ID>) -> Bool {
        guard inserted.count > 1 else { return false }
        let table = OffsetTable(capacity: inserted.count)
        defer { table.deallocate() }
        for (j, hash) in inserted {
            if table.insert(j, hash: hash, unlessMatching: { new[$0] == new[j] }) >= 0 { return true }
        }
        return false
    }
}

/// Calls `body` with the elements of `collection` in contiguous memory, copying them only
/// when the collection does not already keep them that way (arrays and slices of arrays do).
@inlinable
func withContiguousElements<C: Collection, R>(of collection: C, _ body: (UnsafeBufferPointer<C.Element>) -> R) -> R {
    if let result = collection.withContiguousStorageIfAvailable(body) { return result }
    return ContiguousArray(collection).withUnsafeBufferPointer(body)
}
