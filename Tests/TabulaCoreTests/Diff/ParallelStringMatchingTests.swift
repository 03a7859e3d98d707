import Foundation
import Testing
@testable import TabulaCore
import TabulaTestBasics

/// The matching of `old` and `new` on several threads, or nil if it gave up.
private func parallel(_ old: [String], _ new: [String], threads: Int, stretches: Int? = nil,
                      hashMask: Int = -1) -> IdentifierMatching? {
    old.withUnsafeBufferPointer { old in
        new.withUnsafeBufferPointer { new in
            IdentifierMatching(parallelStrings: old, new: new, threads: threads, stretches: stretches, key: (3, 4),
                               hashMask: hashMask)
        }
    }
}

/// The matching by the strings' own hashes and `==`: the reference.
private func reference(_ old: [String], _ new: [String]) -> IdentifierMatching {
    old.withUnsafeBufferPointer { old in
        new.withUnsafeBufferPointer { new in IdentifierMatching(old: old, new: new, hashing: StandardHashing<String>())! }
    }
}

/// Whether two matchings pair the same offsets and find the same repeats.
private func expectSame(_ matching: IdentifierMatching?, _ expected: IdentifierMatching, _ label: String,
                        sourceLocation: SourceLocation = #_sourceLocation) {
    guard let matching else {
        Issue.record("\(label): the parallel matching gave up", sourceLocation: sourceLocation)
        return
    }
    #expect(matching.persisting == expected.persisting, "\(label): persisting", sourceLocation: sourceLocation)
    #expect(matching.duplicates == expected.duplicates, "\(label): duplicates", sourceLocation: sourceLocation)
    // With a repeat the maps depend on which occurrence was paired first; the diff throws
    // and never reads them.
    guard expected.duplicates == nil else { return }
    for (name, found, wanted) in [("old to new", matching.newOffsets, expected.newOffsets),
                                  ("new to old", matching.oldOffsets, expected.oldOffsets)] {
        let wrong = found.indices.filter { $0 >= wanted.count || found[$0] != wanted[$0] }
        #expect(found.count == wanted.count && wrong.isEmpty,
                "\(label): \(name) differs at \(wrong.count) offsets, first \(wrong.first.map { "\($0): \(found[$0]), not \(wanted[$0])" } ?? "-")",
                sourceLocation: sourceLocation)
    }
}

/// `count` UUID-shaped keys (36 ASCII bytes, stored on the heap), from a seeded generator.
private func uuidKeys(_ count: Int, using rng: inout SeededRandom) -> [String] {
    (0 ..< count).map { _ in
        let a = rng.next(), b = rng.next()
        return String(format: "%08X-%04X-%04X-%04X-%012llX", UInt32(truncatingIfNeeded: a >> 32), UInt16(truncatingIfNeeded: a >> 16),
                      UInt16(truncatingIfNeeded: a), UInt16(truncatingIfNeeded: b >> 48), b & 0xFFFF_FFFF_FFFF)
    }
}

/// A list edited as a table's contents are: about `deleted` and `inserted` in a hundred
/// removed and added in place, and `moved` in a thousand taken elsewhere (each moved one
/// is inserted into the list, but they are few; the small diff tests' `edit` searches the
/// whole list for every mover, too slow for lists of tens of thousands).
private func edited(_ old: [String], fresh: inout [String], deleted: Int, inserted: Int, moved: Int,
                    using rng: inout SeededRandom) -> [String] {
    var new: [String] = [], movers: [String] = []
    for key in old {
        if Int.random(in: 0 ..< 100, using: &rng) < inserted, let added = fresh.popLast() { new.append(added) }
        if Int.random(in: 0 ..< 100, using: &rng) < deleted { continue }
        if Int.random(in: 0 ..< 1000, using: &rng) < moved { movers.append(key) } else { new.append(key) }
    }
    for key in movers { new.insert(key, at: Int.random(in: 0 ... new.count, using: &rng)) }
    return new
}

@Suite("IdentifierDiff: long String identifiers matched on several threads")
struct ParallelStringMatchingTests {
    @Test("edits, shuffles and empty sides match as with the strings' own hashes, on 1 to 3 threads in 1 to 7 stretches")
    func agreesWithReference() {
        var rng = SeededRandom(seed: 61)
        var keys = uuidKeys(6_000, using: &rng)
        var fresh = Array(keys.suffix(2_000))
        keys.removeLast(2_000)
        let edits: [(String, [String], [String])] = [
            ("edited", keys, edited(keys, fresh: &fresh, deleted: 10, inserted: 10, moved: 20, using: &rng)),
            ("shuffled", keys, keys.shuffled(using: &rng)),
            ("reversed", keys, keys.reversed()),
            ("all new", Array(keys.prefix(1_000)), Array(fresh.prefix(1_000))),
            ("old empty", [], Array(keys.prefix(10))),
            ("new empty", Array(keys.prefix(10)), []),
            ("both empty", [], []),
            ("one each, the same", [keys[0]], [keys[0]]),
            ("fewer identifiers than stretches", Array(keys.prefix(3)), [keys[2], keys[0]]),
        ]
        for (label, old, new) in edits {
            let expected = reference(old, new)
            for threads in 1 ... 3 {
                for stretches in [1, 2, 3, 7] where stretches >= threads {
                    expectSame(parallel(old, new, threads: threads, stretches: stretches), expected,
                               "\(label), \(threads) threads, \(stretches) stretches")
                }
            }
        }
    }

    @Test("a repeat in old, in new across two stretches, or among the inserted identifiers is found and named")
    func repeats() throws {
        var rng = SeededRandom(seed: 62)
        let keys = uuidKeys(3_000, using: &rng)
        let inserted = uuidKeys(2, using: &rng)
        let cases: [(String, [String], [String])] = [
            ("old", keys + [keys[17]], keys),
            // The first and the last stretch each match keys[5] on their own.
            ("new, across stretches", keys, [keys[5]] + keys),
            ("inserted twice", keys, keys + [inserted[0], inserted[1], inserted[0]]),
        ]
        for (label, old, new) in cases {
            let expected = reference(old, new)
            #expect(expected.duplicates != nil, "\(label): the reference finds the repeat")
            for threads in 1 ... 3 {
                expectSame(parallel(old, new, threads: threads, stretches: 4), expected, "repeat in \(label), \(threads) threads")
            }
        }
        // Every old identifier twice, a stretch apart: two threads put equal identifiers
        // into the table at about the same moment, again and again. Whichever is second
        // must meet the first (a lost race would drop the repeat, or pair one new
        // identifier with two old offsets).
        let twice = Array(keys.prefix(1_500)), doubled = twice + twice
        let expected = reference(doubled, twice)
        for round in 0 ..< 20 {
            expectSame(parallel(doubled, twice, threads: 2, stretches: 2), expected, "each old identifier twice, round \(round)")
        }
    }

    @Test("hashes that share their tag, or collide outright, are told apart by bytes; a pile-up gives up")
    func collisions() {
        var rng = SeededRandom(seed: 63)
        var keys = uuidKeys(5_000, using: &rng)
        var fresh = Array(keys.suffix(1_000))
        keys.removeLast(1_000)
        let new = edited(keys, fresh: &fresh, deleted: 10, inserted: 10, moved: 20, using: &rng)
        let expected = reference(keys, new)
        // No tag bits: every slot whose bucket is reached is compared by bytes.
        expectSame(parallel(keys, new, threads: 2, hashMask: 0xFFFF_FFFF), expected, "tags all zero")
        // 65,536 hashes for about 8,000 identifiers: some pairs collide outright.
        var hashing = ASCIIStringHashing(key: (3, 4))
        let distinct = Set(keys + new)
        #expect(Set(distinct.map { hashing.hash($0) & 0xFFFF }).count < distinct.count, "no two hashes collided")
        expectSame(parallel(keys, new, threads: 2, hashMask: 0xFFFF), expected, "65,536 hashes")
        // Where a guess meets a collision: an inserted identifier whose hash is that of the
        // old identifier after it (the one the guess compares with).
        let position = Dictionary(keys.enumerated().map { (hashing.hash($1) & 0xFFFF, $0) }) { first, _ in first }
        var candidates = uuidKeys(2_000, using: &rng).makeIterator()
        var collider: (key: String, before: Int)?
        while collider == nil, let candidate = candidates.next() {
            if let p = position[hashing.hash(candidate) & 0xFFFF], p > 0 { collider = (candidate, p) }
        }
        if let (key, p) = collider {
            let inserted = Array(keys[..<p]) + [key] + keys[p...]
            expectSame(parallel(keys, inserted, threads: 2, hashMask: 0xFFFF), reference(keys, inserted),
                       "an insertion whose hash is the next old identifier's")
        } else {
            Issue.record("no UUID among 2,000 shares a hash with one of 4,000 others in 65,536")
        }
        // One hash: the table's probes pass their limit and the fast matching gives up.
        #expect(parallel(keys, new, threads: 2, hashMask: 0) == nil, "one hash for all: the matching went on")
    }

    @Test("a non-ASCII identifier anywhere, old or new, makes the parallel matching give up; the diff is still right")
    func nonASCII() throws {
        var rng = SeededRandom(seed: 64)
        var keys = uuidKeys(40_000, using: &rng)
        // The same identifier, spelled with a precomposed and with a combining accent.
        keys[39_000] = "caf\u{E9}-0000-0000-0000-000000000000"
        var new = keys
        new[39_000] = "cafe\u{301}-0000-0000-0000-000000000000"
        #expect(parallel(keys, new, threads: 2) == nil, "a non-ASCII identifier in the last stretch")
        #expect(parallel(Array(keys.prefix(39_000)), new, threads: 2) == nil, "only in new")
        // The public diff takes the parallel path for 80,000 long identifiers, then starts
        // over with their own Hashable: the two spellings are one identifier.
        let diff = try IdentifierDiff(old: keys, new: new)
        #expect(diff.isEmpty, "canonically equivalent identifiers are the same identifier")
    }

    @Test("the public diff of 40,000 UUID strings a side is matched in parallel, and is the diff of the same edit with Int identifiers")
    func publicDiff() throws {
        var rng = SeededRandom(seed: 65)
        let keys = uuidKeys(50_000, using: &rng)
        let old = Array(keys.prefix(40_000))
        var fresh = Array(keys.suffix(10_000))
        let new = edited(old, fresh: &fresh, deleted: 8, inserted: 8, moved: 5, using: &rng)
        let number = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        let short = (0 ..< 40_000).map { "k\($0)" }
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let cores = IdentifierMatching.stringMatchingThreads
                #expect(IdentifierMatching.matchesInParallel(old, new) == (cores > 1), "\(cores) cores")
                #expect(!IdentifierMatching.matchesInParallel(UnsafeBufferPointer(rebasing: old.prefix(100)), UnsafeBufferPointer(rebasing: new.prefix(100))))
            }
        }
        short.withUnsafeBufferPointer { short in
            #expect(!IdentifierMatching.matchesInParallel(short, short), "short identifiers, stored in the String itself")
        }
        let strings = try IdentifierDiff(old: old, new: new)
        let ints = try IdentifierDiff(old: old.map { number[$0]! }, new: new.map { number[$0]! })
        #expect(strings == ints)
        #expect(strings.moves.count > 50 && strings.insertions.count > 2_000 && strings.deletions.count > 2_000)
    }
}
