import CTabulaMemory
import Dispatch
import Foundation

/// The matching of two long lists of long `String` identifiers on several cores.
///
/// Matching UUID strings is mostly waiting for memory: each identifier's bytes live in an
/// object of their own on the heap, and one core reading them one after another, however
/// far ahead it asks, keeps only so many reads in flight. Two cores reading halves of a
/// list read it in 0.5 to 0.65 of the time one takes (200,000 UUID strings, the 2-core
/// development machine). So the reading is split, and the bookkeeping that needs one
/// order is left to one thread:
///
/// 1. The old identifiers are hashed, a stretch per thread (``ASCIIStringHashing``: every
///    byte is checked to be ASCII on the way), a block at a time, and each block's offsets
///    put into one shared ``OffsetTable``. A slot is taken with an atomic compare-and-swap;
///    a thread that loses one to another looks again at what the winner put there, so two
///    equal old identifiers in different stretches still meet (a repeat in `old`). No
///    identifier is read unless two hashes' tags meet (then their bytes are compared).
/// 2. The new identifiers are matched, a stretch per thread: each is hashed, compared by
///    hash with the old identifier after the stretch's previous match (most of a list
///    survives an edit in order), else looked up in the table, which is only read now;
///    a candidate with the same hash is confirmed by comparing bytes. Each thread writes
///    only the old offsets of its own stretch of new identifiers.
/// 3. One thread turns those into the inverse map, finding a new identifier that repeats
///    (two new offsets on one old one), and checks the unmatched new identifiers for
///    repeats among themselves, as the sequential matching does.
///
/// Every pair it makes had equal bytes, and every identifier it leaves unmatched had no
/// old identifier with an equal hash and equal bytes, so the result is the sequential
/// matching's. It gives up (nil) in the same cases: a byte outside ASCII, a string whose
/// bytes are not contiguous, or hashes that pile up past the probe limit; the caller then
/// matches with `Hashable`.
extension IdentifierMatching {
    /// How many cores the matching of long string identifiers uses: the machine's, at
    /// most four (the reading it splits gains little beyond).
    @usableFromInline
    static let stringMatchingThreads = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4)

    /// Whether `old` and `new` are worth matching on several cores: at least 32,768
    /// identifiers in all, stored on the heap (judged by the first few old ones, as
    /// ``ASCIIStringHashing/readsStorageElsewhere`` is). Below that, waking a second
    /// thread (a few hundredths of a millisecond) costs about what it saves.
    @usableFromInline
    static func matchesInParallel(_ old: UnsafeBufferPointer<String>, _ new: UnsafeBufferPointer<String>) -> Bool {
        stringMatchingThreads > 1 && old.count &+ new.count >= 32_768 && old.prefix(16).contains { $0.utf8.count > 15 }
    }

    /// The matching of `old` and `new` on `threads` threads, or nil if the ASCII hashing
    /// gave up (see the extension's discussion).
    ///
    /// - Parameters:
    ///   - stretches: How many stretches each side is cut into (at least `threads`).
    ///   - hashMask: ANDed with every hash: tests narrow it to make hashes collide.
    @usableFromInline
    init?(parallelStrings old: UnsafeBufferPointer<String>, new: UnsafeBufferPointer<String>, threads: Int,
          stretches: Int? = nil, key: (UInt64, UInt64) = ASCIIStringHashing.processKey, hashMask: Int = -1) {
        precondition(old.count < Int32.max && new.count < Int32.max,
                     "IdentifierDiff takes at most \(Int32.max - 1) identifiers a side, got \(old.count) and \(new.count)")
        let stretchCount = max(stretches ?? threads, 1)
        let threads = max(threads, 1)
        self.init(old: old, new: new, matching: { newOffsets, oldOffsets in
            var matcher = ParallelStringMatcher(old: old, new: new, threads: threads, stretches: stretchCount,
                                                key: key, hashMask: hashMask, newOffsets: newOffsets, oldOffsets: oldOffsets)
            defer { matcher.deallocate() }
            return matcher.run() ? (matcher.persisting, matcher.foundDuplicates) : nil
        })
    }
}

/// What one thread of ``ParallelStringMatcher`` found besides what it wrote to the shared
/// buffers (each in its own slot, so that no two threads write one variable).
struct StretchOutcome {
    /// Every word the thread's hashing read, ORed (see ``ASCIIStringHashing/seen``).
    var seen: UInt64 = 0
    /// Whether a string's bytes were not contiguous.
    var unreadable = false
    /// Slots probed beyond the first of each lookup or insertion.
    var probes = 0
    /// Whether an old identifier of the stretch repeats one already in the table.
    var repeatInOld = false
    /// Padding to a cache line of its own: neighbouring threads' outcomes are written all
    /// the time.
    var padding: (Int, Int, Int, Int) = (0, 0, 0, 0)
}

/// The buffers of one parallel matching, shared by its threads: each thread reads what is
/// shared and writes only its own stretch (see ``IdentifierMatching/init(parallelStrings:new:threads:stretches:key:hashMask:)``).
struct ParallelStringMatcher: @unchecked Sendable {
    let old: UnsafeBufferPointer<String>
    let new: UnsafeBufferPointer<String>
    let threads: Int
    let stretches: Int
    let key: (UInt64, UInt64)
    let hashMask: Int
    let newOffsets: UnsafeMutableBufferPointer<Int32>
    let oldOffsets: UnsafeMutableBufferPointer<Int32>
    let oldHashes: UnsafeMutableBufferPointer<Int>
    let newHashes: UnsafeMutableBufferPointer<Int>
    let outcomes: UnsafeMutableBufferPointer<StretchOutcome>
    let table: OffsetTable
    var probes: IdentifierMatching.Probes
    var persisting = 0
    var foundDuplicates = false

    init(old: UnsafeBufferPointer<String>, new: UnsafeBufferPointer<String>, threads: Int, stretches: Int,
         key: (UInt64, UInt64), hashMask: Int,
         newOffsets: UnsafeMutableBufferPointer<Int32>, oldOffsets: UnsafeMutableBufferPointer<Int32>) {
        self.old = old
        self.new = new
        self.threads = threads
        self.stretches = stretches
        self.key = key
        self.hashMask = hashMask
        self.newOffsets = newOffsets
        self.oldOffsets = oldOffsets
        oldHashes = .allocate(capacity: old.count)
        newHashes = .allocate(capacity: new.count)
        outcomes = .allocate(capacity: stretches)
        outcomes.initialize(repeating: StretchOutcome())
        table = OffsetTable(capacity: old.count)
        probes = IdentifierMatching.Probes(identifiers: old.count &+ new.count, limited: true)
    }

    func deallocate() {
        oldHashes.deallocate()
        newHashes.deallocate()
        outcomes.deallocate()
        table.deallocate()
    }

    /// Matches everything; false if the hashing gave up.
    mutating func run() -> Bool {
        forEachStretch(of: old.count) { $0.insertOld($1, into: &$2) }
        probes.count = outcomes.reduce(0) { $0 &+ $1.probes }
        guard !gaveUp, !probes.exceeded else { return false }
        if outcomes.contains(where: \.repeatInOld) { foundDuplicates = true }
        forEachStretch(of: new.count) { $0.matchNew($1, into: &$2) }
        probes.count = outcomes.reduce(0) { $0 &+ $1.probes }
        guard !gaveUp, !probes.exceeded else { return false }
        pairMatches()
        guard let repeatInNew = repeatsAmongUnmatched() else { return false }
        if repeatInNew { foundDuplicates = true }
        return true
    }

    /// Whether a thread met a string the ASCII hashing cannot hash.
    var gaveUp: Bool {
        outcomes.contains { $0.unreadable || $0.seen & 0x8080_8080_8080_8080 != 0 }
    }

    /// Calls `body` for each of ``stretches`` consecutive stretches of `0 ..< count`, on up
    /// to ``threads`` threads, with the stretch's own outcome.
    func forEachStretch(of count: Int, _ body: @escaping @Sendable (Self, Range<Int>, inout StretchOutcome) -> Void) {
        @Sendable func run(_ k: Int) {
            body(self, count * k / stretches ..< count * (k &+ 1) / stretches, &self.outcomes[k])
        }
        if threads == 1 {
            for k in 0 ..< stretches { run(k) }
        } else {
            DispatchQueue.concurrentPerform(iterations: stretches, execute: run)
        }
    }

    /// The ASCII hash of `string`, masked; records what the hashing saw in `outcome`.
    @inline(__always)
    func hash(_ string: String, into outcome: inout StretchOutcome) -> Int {
        let (key0, key1) = key
        let hash = string.utf8.withContiguousStorageIfAvailable { bytes in
            ASCIIStringHashing.hash(UnsafeRawBufferPointer(bytes), key0: key0, key1: key1, seen: &outcome.seen)
        }
        guard let hash else {
            outcome.unreadable = true
            return 0
        }
        return hash & hashMask
    }

    /// Whether `a` and `b` have the same bytes (the ASCII hashing's equality).
    @inline(__always)
    func equal(_ a: String, _ b: String) -> Bool {
        ASCIIStringHashing(key: key).equal(a, b)
    }

    /// Hashes the old identifiers of `stretch` and puts their offsets into the table, a
    /// block at a time (``IdentifierMatching/blockLength``): first the hashes, reading the
    /// strings ahead; then, in a tight loop that keeps many reads of the table in flight,
    /// the offsets whose first slot is free; then the others. Stops early when the
    /// stretch's probes pass the limit.
    func insertOld(_ stretch: Range<Int>, into outcome: inout StretchOutcome) {
        let distance = IdentifierMatching.prefetchDistance
        for i in stretch.prefix(distance) { prefetchUTF8(ofStringAt: old.baseAddress! + i) }
        for block in stride(from: stretch.lowerBound, to: stretch.upperBound, by: IdentifierMatching.blockLength) {
            let end = min(block &+ IdentifierMatching.blockLength, stretch.upperBound)
            for i in block ..< end {
                if i &+ distance < stretch.upperBound { prefetchUTF8(ofStringAt: old.baseAddress! + (i &+ distance)) }
                oldHashes[i] = hash(old[i], into: &outcome)
            }
            for i in block ..< end { table.takeFirstSlotIfEmpty(i, hash: oldHashes[i]) }
            for i in block ..< end where !table.holdsInFirstSlotConcurrently(i, hash: oldHashes[i]) {
                if table.insertConcurrently(i, hash: oldHashes[i], probes: &outcome.probes,
                                            unlessMatching: { equal(old[$0], old[i]) }) >= 0 {
                    outcome.repeatInOld = true
                }
            }
            if outcome.probes > probes.limit { return }
        }
    }

    /// Finds the old match of each new identifier of `stretch`: the old identifier after
    /// the previous match if its hash and bytes agree (within
    /// ``IdentifierMatching/guessWindow``), else the table's. Writes the old offsets of
    /// `stretch` and the new identifiers' hashes.
    func matchNew(_ stretch: Range<Int>, into outcome: inout StretchOutcome) {
        let distance = IdentifierMatching.prefetchDistance
        let window = IdentifierMatching.guessWindow
        var previous = -1
        for j in stretch.prefix(distance) { prefetchUTF8(ofStringAt: new.baseAddress! + j) }
        for j in stretch {
            if j &+ distance < stretch.upperBound { prefetchUTF8(ofStringAt: new.baseAddress! + (j &+ distance)) }
            if previous &+ distance < old.count { prefetchUTF8(ofStringAt: old.baseAddress! + (previous &+ distance)) }
            let hash = hash(new[j], into: &outcome)
            newHashes[j] = hash
            var match = -1
            var guess = previous &+ 1
            let last = min(guess &+ window, old.count)
            while guess < last {
                if oldHashes[guess] == hash && equal(old[guess], new[j]) {
                    match = guess
                    break
                }
                guess &+= 1
            }
            if match < 0 {
                match = table.offset(hash: hash, probes: &outcome.probes) { equal(old[$0], new[j]) }
            }
            if match >= 0 {
                previous = match
                // The old identifier the next guess compares with, read while this one's
                // bookkeeping is done.
                if match &+ 1 < old.count { prefetchUTF8(ofStringAt: old.baseAddress! + (match &+ 1)) }
            }
            oldOffsets[j] = Int32(truncatingIfNeeded: match)
        }
    }

    /// Fills the map from old offsets to new ones, in new order: a second new identifier
    /// on one old one is a repeat in `new` (and is left unmatched, as the sequential
    /// matching leaves it).
    mutating func pairMatches() {
        for j in new.indices {
            let i = Int(oldOffsets[j])
            guard i >= 0 else { continue }
            if newOffsets[i] >= 0 {
                foundDuplicates = true
                oldOffsets[j] = -1
            } else {
                newOffsets[i] = Int32(truncatingIfNeeded: j)
                persisting &+= 1
            }
        }
    }

    /// Whether two of the new identifiers with no match are equal, or nil if the probes
    /// went past their limit.
    mutating func repeatsAmongUnmatched() -> Bool? {
        let unmatched = new.count &- persisting
        guard !foundDuplicates else { return true }
        guard unmatched > 1 else { return false }
        let table = OffsetTable(capacity: unmatched)
        defer { table.deallocate() }
        let new = new
        let hashing = ASCIIStringHashing(key: key)
        for j in new.indices where oldOffsets[j] < 0 {
            if table.insert(j, hash: newHashes[j], probes: &probes.count, unlessMatching: { hashing.equal(new[$0], new[j]) }) >= 0 {
                return true
            }
            if probes.exceeded { return nil }
        }
        return false
    }
}

/// Filling an ``OffsetTable`` from several threads at once: a slot is read atomically and
/// taken with a compare-and-swap, so that no two offsets land in one slot and no thread
/// reads a slot half written. Reading the table afterwards, once every thread is done,
/// needs none of this.
extension OffsetTable {
    /// The slot that stores `offset` under `hash`.
    @inline(__always)
    static func slot(_ offset: Int, hash: Int) -> UInt64 { tag(hash) | UInt64(truncatingIfNeeded: offset &+ 1) }

    /// Stores `offset` in the first slot of `hash`'s search if that slot is empty (see
    /// ``insertIfFirstSlotEmpty(_:hash:)``); another thread may take it first.
    @inline(__always)
    func takeFirstSlotIfEmpty(_ offset: Int, hash: Int) {
        let address = slots.baseAddress! + (hash & mask)
        if tabula_load_word(address) == 0 { _ = tabula_compare_exchange(address, 0, Self.slot(offset, hash: hash)) }
    }

    /// Whether `offset` is stored in the first slot of `hash`'s search.
    @inline(__always)
    func holdsInFirstSlotConcurrently(_ offset: Int, hash: Int) -> Bool {
        tabula_load_word(slots.baseAddress! + (hash & mask)) == Self.slot(offset, hash: hash)
    }

    /// ``insert(_:hash:probes:unlessMatching:)`` with other threads inserting at the same
    /// time: a slot found empty is taken with a compare-and-swap, and when another thread
    /// took it first, what it stored there is looked at before going on, so that of two
    /// equal identifiers inserted at once the second always meets the first.
    func insertConcurrently(_ offset: Int, hash: Int, probes: inout Int, unlessMatching matches: (Int) -> Bool) -> Int {
        let tag = Self.tag(hash), mine = Self.slot(offset, hash: hash)
        var bucket = hash & mask
        var step = 0
        defer { probes &+= step }
        while true {
            let address = slots.baseAddress! + bucket
            var slot = tabula_load_word(address)
            if slot == 0 {
                slot = tabula_compare_exchange(address, 0, mine)
                if slot == 0 { return -1 }
            }
            if slot & 0xFFFF_FFFF_0000_0000 == tag {
                let earlier = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) &- 1
                if matches(earlier) { return earlier }
            }
            bucket = (bucket &+ 1) & mask
            step &+= 1
        }
    }
}
