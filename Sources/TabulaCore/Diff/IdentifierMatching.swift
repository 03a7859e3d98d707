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
/// `String` identifiers are hashed by ``ASCIIStringHashing``, several times faster than
/// SipHash (and long lists of long ones on several cores: see
/// ``init(parallelStrings:new:threads:stretches:key:hashMask:)``); if it gives up (an identifier outside ASCII, or hashes that pile up in the
/// table), the matching starts over with the identifiers' own `Hashable`. Either way the
/// result is the same: it never depends on hash values.
///
/// Hashing is done a block at a time, then the lookups: a hash is a long run of
/// instructions, and with one between every two table lookups the processor has only one
/// cache miss in flight; a tight loop of lookups lets it overlap many (with a million
/// identifiers, this made the whole diff three times faster).
///
/// Identifiers whose bytes live on the heap (`String`s) are read from memory once where
/// possible, and asked for ahead of use (``prefetchDistance``): the old ones are hashed
/// only a block ahead of the new ones that guesses compare them with, rather than all of
/// them first, so that a guess finds the old identifier's bytes still in the cache. A lookup made while part of `old` is not yet in
/// the table, and finding nothing, is made again at the end; the identifiers left over at
/// the end of a block are only hashed then, and looked up at the end. Invariant: the old
/// offsets below ``Matcher/inserted`` are in the table, and every guess compares with one
/// of them.
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

    /// How many identifiers are hashed before their lookups or insertions (and how many new
    /// identifiers a guessing decision covers). Longer blocks keep more reads of strings on
    /// the heap and of table slots in flight at once: 1,024 instead of 128 took the 100k
    /// UUID-string diff from about 1.6 to 1.4 times the Int diff in the run that chose it,
    /// and the million-item Int diff from 42 to 37 ms (the String ratio moves with where
    /// the strings lie on the heap: later runs read 2.0 to 2.2). The two blocks of hashes
    /// and offsets take 16 KB.
    @inlinable
    static var blockLength: Int { 1024 }

    /// How many old identifiers after the previous match a guess compares with: three
    /// finds the match across up to two consecutive deletions.
    @inlinable
    static var guessWindow: Int { 3 }

    /// How many identifiers ahead of the one being hashed or compared the matching asks
    /// for an identifier's bytes on the heap (``IdentifierHashing/prefetch(_:_:)``): far
    /// enough for the read to arrive first, near enough to find it still in the cache. In
    /// the 100k UUID-string benchmark, 16 gave 1.51 to 1.54 times the Int diff, 32 gave 1.42
    /// to 1.48, 64 gave 1.49 to 1.53 (three runs each, one machine).
    @inlinable
    static var prefetchDistance: Int { 32 }

    @inlinable
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    @_specialize(where ID == UUID)
    init<ID: Hashable>(old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>) {
        precondition(old.count < Int32.max && new.count < Int32.max,
                     "IdentifierDiff takes at most \(Int32.max - 1) identifiers a side, got \(old.count) and \(new.count)")
        if ID.self == String.self {
            // The same memory, seen as what it is (the branch folds away in each specialization).
            func strings(_ buffer: UnsafeBufferPointer<ID>) -> UnsafeBufferPointer<String> {
                UnsafeBufferPointer(start: UnsafeRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: String.self),
                                    count: buffer.count)
            }
            let (old, new) = (strings(old), strings(new))
            let matching = Self.matchesInParallel(old, new)
                ? Self(parallelStrings: old, new: new, threads: Self.stringMatchingThreads)
                : Self(old: old, new: new, hashing: ASCIIStringHashing(surveying: old))
            if let matching {
                self = matching
                return
            }
        }
        self = Self(old: old, new: new, hashing: StandardHashing<ID>())!
    }

    /// The matching of `old` and `new` by `hashing`, or nil if `hashing` gave up (see
    /// ``IdentifierHashing``).
    @inlinable
    init?<Hashing: IdentifierHashing>(old: UnsafeBufferPointer<Hashing.ID>, new: UnsafeBufferPointer<Hashing.ID>,
                                      hashing: Hashing) where Hashing.ID: Hashable {
        self.init(old: old, new: new, matching: { newOffsets, oldOffsets in
            var matcher = Matcher(old: old, new: new, hashing: hashing, newOffsets: newOffsets, oldOffsets: oldOffsets)
            defer { matcher.deallocate() }
            return matcher.run() ? (matcher.persisting, matcher.foundDuplicates) : nil
        })
    }

    /// The matching that `match` makes: it fills the two maps (given as -1 everywhere) and
    /// returns how many identifiers persist and whether it met a repeat, or nil if its
    /// hashing gave up.
    @inlinable
    init?<ID: Hashable>(old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>,
                        matching match: (_ newOffsets: UnsafeMutableBufferPointer<Int32>,
                                         _ oldOffsets: UnsafeMutableBufferPointer<Int32>) -> (Int, Bool)?) {
        var newOffsets = [Int32](repeating: -1, count: old.count)
        var oldOffsets = [Int32](repeating: -1, count: new.count)
        let outcome = newOffsets.withUnsafeMutableBufferPointer { newOffsets in
            oldOffsets.withUnsafeMutableBufferPointer { oldOffsets in match(newOffsets, oldOffsets) }
        }
        guard let (persisting, foundDuplicates) = outcome else { return nil }
        self.persisting = persisting
        self.newOffsets = newOffsets
        self.oldOffsets = oldOffsets
        // A matcher only notices a repeat; the error lists them all, exactly.
        duplicates = foundDuplicates ? DuplicateIdentifierError(old: old, new: new) : nil
    }

    /// The slots probed in the hash tables beyond the first of each search, and how many a
    /// hashing that limits probes may use: eight per identifier (evenly spread hashes need
    /// about one at the tables' load), and some to spare for short sequences.
    @usableFromInline
    struct Probes {
        @usableFromInline var count = 0
        @usableFromInline let limit: Int

        @inlinable
        init(identifiers: Int, limited: Bool) {
            limit = limited ? 8 &* identifiers &+ 1024 : .max
        }

        @inlinable
        var exceeded: Bool { count > limit }
    }

    /// The state of one matching: the table of old identifiers, the new ones waiting to be
    /// looked up, and the maps being filled.
    @usableFromInline
    struct Matcher<Hashing: IdentifierHashing> where Hashing.ID: Hashable {
        @usableFromInline typealias ID = Hashing.ID
        @usableFromInline let old: UnsafeBufferPointer<ID>
        @usableFromInline let new: UnsafeBufferPointer<ID>
        @usableFromInline var hashing: Hashing
        @usableFromInline let table: OffsetTable
        @usableFromInline var probes: Probes
        /// For each old offset, the new offset of the same identifier, or -1.
        @usableFromInline let newOffsets: UnsafeMutableBufferPointer<Int32>
        /// For each new offset, the old offset of the same identifier, or -1.
        @usableFromInline let oldOffsets: UnsafeMutableBufferPointer<Int32>
        /// Hashes of a block of old identifiers, or of the pending new ones.
        @usableFromInline let hashes: UnsafeMutableBufferPointer<Int>
        /// New offsets whose guesses failed, to be hashed and looked up.
        @usableFromInline let pending: UnsafeMutableBufferPointer<Int>
        @usableFromInline var pendingCount = 0
        /// New identifiers not found in the table, with their hashes.
        @usableFromInline var unmatched: [(offset: Int, hash: Int)] = []
        /// New identifiers not found while part of `old` was not yet in the table: they
        /// are looked up again once it all is.
        @usableFromInline var deferred: [(offset: Int, hash: Int)] = []
        /// How many old identifiers (a prefix of `old`) are in the table.
        @usableFromInline var inserted = 0
        @usableFromInline var persisting = 0
        @usableFromInline var foundDuplicates = false

        @inlinable
        init(old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>, hashing: Hashing,
             newOffsets: UnsafeMutableBufferPointer<Int32>, oldOffsets: UnsafeMutableBufferPointer<Int32>) {
            self.old = old
            self.new = new
            self.hashing = hashing
            self.newOffsets = newOffsets
            self.oldOffsets = oldOffsets
            table = OffsetTable(capacity: old.count)
            probes = Probes(identifiers: old.count &+ new.count, limited: Hashing.limitsProbes)
            hashes = .allocate(capacity: blockLength)
            pending = .allocate(capacity: blockLength)
        }

        @inlinable
        func deallocate() {
            table.deallocate()
            hashes.deallocate()
            pending.deallocate()
        }

        /// Matches everything; false if the hashing gave up.
        @inlinable
        mutating func run() -> Bool {
            guard matchNew(), insertOld(upTo: old.count), lookUpDeferred(),
                  let repeatInNew = repeatsAmongUnmatched() else { return false }
            if repeatInNew { foundDuplicates = true }
            return true
        }

        /// Hashes the old identifiers from ``inserted`` up to `limit` into the table, a
        /// block at a time; a repeat found there is a duplicate in `old`. False if the
        /// hashing gave up.
        @inlinable
        mutating func insertOld(upTo limit: Int) -> Bool {
            let (old, table, hashes) = (old, table, hashes)
            for block in stride(from: inserted, to: limit, by: blockLength) {
                let end = min(block &+ blockLength, limit)
                inserted = end
                if block == 0 { hashing.prefetch(old, 0 ..< min(prefetchDistance, end)) }
                for i in block ..< end {
                    let ahead = i &+ prefetchDistance
                    if ahead < old.count { hashing.prefetch(old, ahead ..< ahead &+ 1) }
                    hashes[i &- block] = hashing.hash(old[i])
                }
                let hashing = hashing
                // First the identifiers whose first slot is empty, in a tight loop that keeps
                // many reads of slots in flight (the table of a long list is larger than the
                // cache), then the others. The order of equal identifiers in the table may
                // differ from inserting one at a time, which changes nothing: any two equal
                // old identifiers make the diff fail.
                for i in block ..< end { table.insertIfFirstSlotEmpty(i, hash: hashes[i &- block]) }
                for i in block ..< end where !table.holdsInFirstSlot(i, hash: hashes[i &- block]) {
                    let earlier = table.insert(i, hash: hashes[i &- block], probes: &probes.count) {
                        hashing.equal(old[$0], old[i])
                    }
                    if earlier >= 0 { foundDuplicates = true }
                }
                if hashing.gaveUp || probes.exceeded { return false }
            }
            return true
        }

        /// The old offset of new[j] in the table, or -1.
        @inlinable
        mutating func lookUp(_ j: Int, hash: Int) -> Int {
            let (old, new, hashing) = (old, new, hashing)
            return table.offset(hash: hash, probes: &probes.count) { hashing.equal(old[$0], new[j]) }
        }

        /// Records that old[i] and new[j] are the same identifier.
        @inlinable
        mutating func pair(_ i: Int, _ j: Int) {
            if newOffsets[i] >= 0 {
                foundDuplicates = true  // new[j] repeats the new identifier already paired with old[i]
            } else {
                newOffsets[i] = Int32(truncatingIfNeeded: j)
                oldOffsets[j] = Int32(truncatingIfNeeded: i)
                persisting &+= 1
            }
        }

        /// Hashes and looks up the pending new identifiers; false if the hashing gave up.
        @inlinable
        mutating func lookUpPending() -> Bool {
            for k in 0 ..< pendingCount { hashes[k] = hashing.hash(new[pending[k]]) }
            if hashing.gaveUp { return false }
            for k in 0 ..< pendingCount {
                let j = pending[k]
                let i = lookUp(j, hash: hashes[k])
                if i >= 0 {
                    pair(i, j)
                } else if inserted < old.count {
                    deferred.append((j, hashes[k]))
                } else {
                    unmatched.append((j, hashes[k]))
                }
            }
            pendingCount = 0
            return !probes.exceeded
        }

        /// Hashes the pending new identifiers and leaves their lookups for when the table
        /// holds all of `old` (most are insertions, which a lookup now would miss twice);
        /// false if the hashing gave up.
        @inlinable
        mutating func deferPending() -> Bool {
            for k in 0 ..< pendingCount {
                let j = pending[k]
                deferred.append((j, hashing.hash(new[j])))
            }
            pendingCount = 0
            return !hashing.gaveUp
        }

        /// Looks up again, in the whole table, the new identifiers that were not found
        /// while part of `old` was not in it; false if the probes went past their limit.
        ///
        /// A block at a time, in three passes, so that each lookup's reads from memory do
        /// not wait for the previous one's: every identifier's candidate in the table (its
        /// slots are anywhere in a table larger than the cache), then the storage of each
        /// candidate and of the identifier read ahead (the old one is anywhere on the heap,
        /// the new one was read long ago), then the comparisons. A candidate that is not
        /// the identifier (two hashes' tags matched) is looked up again in full, its probes
        /// counted twice (the limit on probes can only come sooner). In the 100k UUID-string
        /// benchmark, where a tenth of the identifiers are deferred, this took the diff from
        /// about 2.2 to 2.1 times the Int diff.
        @inlinable
        mutating func lookUpDeferred() -> Bool {
            // The buffer of pending offsets is free once every new identifier is matched
            // or deferred.
            let candidates = pending
            for block in stride(from: 0, to: deferred.count, by: blockLength) {
                let end = min(block &+ blockLength, deferred.count)
                for k in block ..< end {
                    candidates[k &- block] = table.candidate(hash: deferred[k].hash, probes: &probes.count)
                }
                for k in block ..< end where candidates[k &- block] >= 0 {
                    let i = candidates[k &- block], j = deferred[k].offset
                    hashing.prefetch(old, i ..< i &+ 1)
                    hashing.prefetch(new, j ..< j &+ 1)
                }
                for k in block ..< end {
                    let (j, hash) = deferred[k]
                    var i = candidates[k &- block]
                    if i >= 0 && !hashing.equal(old[i], new[j]) { i = lookUp(j, hash: hash) }
                    if i < 0 { unmatched.append((j, hash)) } else { pair(i, j) }
                }
                if probes.exceeded { return false }
            }
            return true
        }

        /// Makes sure that the old identifiers the next guesses compare with are in the
        /// table, and a block beyond them: all of `old` unless the hashing reads storage
        /// elsewhere and guesses are being made. False if the hashing gave up.
        @inlinable
        mutating func insertOldAhead(of previous: Int, guessing: Bool) -> Bool {
            guard inserted < old.count else { return true }
            guard guessing && hashing.readsStorageElsewhere else { return insertOld(upTo: old.count) }
            guard previous &+ 1 &+ guessWindow > inserted else { return true }
            return insertOld(upTo: min(previous &+ 1 &+ guessWindow &+ blockLength, old.count))
        }

        /// Finds each new identifier's old match, by guess or in the table, and fills both
        /// maps. False if the hashing gave up.
        @inlinable
        mutating func matchNew() -> Bool {
            // The old offset of the latest match: the next guess starts after it.
            var previous = -1
            // Guessing pays while most of new follows old (one comparison saves a hash
            // and a lookup); after a block that mostly did not (a shuffle), the next
            // block is looked up without guesses, so that a failing guess costs nothing.
            var guessing = true
            for block in stride(from: 0, to: new.count, by: blockLength) {
                let end = min(block &+ blockLength, new.count)
                if block == 0 { hashing.prefetch(new, 0 ..< min(prefetchDistance, end)) }
                var misses = 0
                for j in block ..< end {
                    let ahead = j &+ prefetchDistance
                    if ahead < new.count { hashing.prefetch(new, ahead ..< ahead &+ 1) }
                    guard insertOldAhead(of: previous, guessing: guessing) else { return false }
                    if guessing {
                        let first = previous &+ 1
                        let last = min(first &+ guessWindow, old.count)
                        var guess = first
                        while guess < last && !hashing.equal(old[guess], new[j]) { guess &+= 1 }
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
                        guard lookUpPending() else { return false }
                        if oldOffsets[j] >= 0 { previous = Int(oldOffsets[j]) }
                        misses = 0
                    }
                }
                guard inserted < old.count ? deferPending() : lookUpPending() else { return false }
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
            return true
        }

        /// Whether two of the new identifiers with no match (none of which is in old) are
        /// equal, or nil if the table's probes went past their limit.
        @inlinable
        mutating func repeatsAmongUnmatched() -> Bool? {
            guard unmatched.count > 1 else { return false }
            let table = OffsetTable(capacity: unmatched.count)
            defer { table.deallocate() }
            let (new, hashing) = (new, hashing)
            for (j, hash) in unmatched {
                if table.insert(j, hash: hash, probes: &probes.count, unlessMatching: { hashing.equal(new[$0], new[j]) }) >= 0 {
                    return true
                }
                if probes.exceeded { return nil }
            }
            return false
        }
    }
}

/// Calls `body` with the elements of `collection` in contiguous memory, copying them only
/// when the collection does not already keep them that way (arrays and slices of arrays do).
@inlinable
func withContiguousElements<C: Collection, R>(of collection: C, _ body: (UnsafeBufferPointer<C.Element>) -> R) -> R {
    if let result = collection.withContiguousStorageIfAvailable(body) { return result }
    return ContiguousArray(collection).withUnsafeBufferPointer(body)
}
