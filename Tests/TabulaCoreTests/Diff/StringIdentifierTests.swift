import Foundation
import Testing
@testable import TabulaCore
import TabulaTestBasics

/// A String identifier the diff hashes with its own `Hashable` conformance (SipHash), never
/// with the ASCII fast path: the reference the fast path must agree with.
private struct Boxed: Hashable {
    var string: String
}

/// A hashing whose every hash is the same: the worst that identifiers chosen to collide
/// could do to a hash without the standard library's seed.
private struct ConstantHashing: IdentifierHashing {
    func hash(_ id: String) -> Int { 0x5EED }
    func equal(_ a: String, _ b: String) -> Bool { a == b }
    var gaveUp: Bool { false }
    static var limitsProbes: Bool { true }
    var readsStorageElsewhere: Bool { true }
}

/// The ASCII hash of a string without its last character: strings that differ only
/// there collide (a few a hash, as identifiers chosen to collide would), and the matching
/// must tell them apart by their bytes. Like the ASCII hashing, it reads the strings'
/// storage elsewhere, so the old ones are hashed a block ahead of the new ones.
private struct PairwiseCollidingHashing: IdentifierHashing {
    var ascii = ASCIIStringHashing(key: (1, 2))
    mutating func hash(_ id: String) -> Int { ascii.hash(String(id.utf8.dropLast())!) }
    func equal(_ a: String, _ b: String) -> Bool { ascii.equal(a, b) }
    var gaveUp: Bool { ascii.gaveUp }
    static var limitsProbes: Bool { true }
    var readsStorageElsewhere: Bool { true }
}

private func matching(_ old: [String], _ new: [String], _ hashing: some IdentifierHashing<String>) -> IdentifierMatching? {
    old.withUnsafeBufferPointer { old in new.withUnsafeBufferPointer { new in IdentifierMatching(old: old, new: new, hashing: hashing) } }
}

/// `string`'s characters in a String of its own, stored on the heap even when short (a
/// string with spare capacity is not stored inline): equal to `string`, with other bits.
private func heapStored(_ string: String) -> String {
    var copy = String()
    copy.reserveCapacity(string.utf8.count + 32)
    copy.append(string)
    return copy
}

/// Ways of making a String with given contents, each giving it storage of its own: the
/// diff must find equal identifiers equal however they were made.
private let spellings: [(name: String, spell: @Sendable (String) -> String)] = [
    ("interpolated", { "\($0)" }),
    ("heap-stored", heapStored),
    ("from a Substring", { String(("<<" + $0 + ">>").dropFirst(2).dropLast(2)) }),
    ("bridged through NSString", { NSString(string: $0) as String }),
    ("decoded from bytes", { String(decoding: Array($0.utf8), as: UTF8.self) }),
    ("from Characters", { String(Array($0)) }),
    ("written in place", { string in
        String(unsafeUninitializedCapacity: string.utf8.count) { buffer in
            _ = buffer.initialize(from: string.utf8)
            return string.utf8.count
        }
    }),
]

@Suite("IdentifierDiff with String identifiers")
struct StringIdentifierTests {
    private func diff<ID: Hashable>(_ old: [ID], _ new: [ID], sourceLocation: SourceLocation = #_sourceLocation) -> IdentifierDiff? {
        do { return try IdentifierDiff(old: old, new: new) } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Checks the diff of two String sequences against the oracle and against the same
    /// diff of the strings hashed by SipHash.
    private func expectAgrees(_ old: [String], _ new: [String], _ label: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        guard let strings = diff(old, new, sourceLocation: sourceLocation),
              let boxed = diff(old.map(Boxed.init), new.map(Boxed.init), sourceLocation: sourceLocation) else { return }
        expectValid(strings, old, new, label, sourceLocation: sourceLocation)
        #expect(strings == boxed, "\(label): same diff as with the strings' own hashes", sourceLocation: sourceLocation)
    }

    /// `count` distinct ASCII strings of lengths from 0 to 40, in turn (a length that has
    /// run out of new strings, as 0 does at once, is skipped).
    private func identifiers(_ count: Int, using rng: inout SeededRandom) -> [String] {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var seen = Set<String>()
        var result: [String] = []
        var attempt = 0
        while result.count < count {
            let length = attempt % 41
            attempt += 1
            let candidate = String(decoding: (0 ..< length).map { _ in letters.randomElement(using: &rng)! }, as: UTF8.self)
            if seen.insert(candidate).inserted { result.append(candidate) }
        }
        return result
    }

    @Test("ASCII identifiers of every length from 0 to 40 agree with the oracle and with SipHash")
    func everyLength() {
        var rng = SeededRandom(seed: 11)
        for count in [1, 7, 60, 2_000] {
            let pool = identifiers(count * 2, using: &rng)
            let old = Array(pool[..<count])
            // Edit by offsets, then spell: inserted offsets ≥ count take the pool's second half.
            let new = edit(Array(0 ..< count), deleted: 10, inserted: 10, moved: 2, using: &rng).map { pool[$0] }
            expectAgrees(old, new, "\(count) identifiers")
            expectAgrees(old, old.shuffled(using: &rng), "\(count) identifiers shuffled")
        }
    }

    @Test("identifiers that differ in one byte anywhere, or only in length, are told apart")
    func nearIdentifiers() {
        var old: [String] = []
        for length in [1, 3, 4, 7, 8, 9, 12, 15, 16, 17, 31, 32, 33, 36] {
            let base = String(repeating: "a", count: length)
            old.append(base)
            for position in 0 ..< length {
                var bytes = Array(base.utf8)
                bytes[position] = UInt8(ascii: "b")
                old.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        old.append("")
        #expect(Set(old).count == old.count)
        // The hash reads every byte and the length: no two of these share a hash.
        var hashing = ASCIIStringHashing()
        #expect(Set(old.map { hashing.hash($0) }).count == old.count)
        expectAgrees(old, Array(old.reversed()), "near identifiers reversed")
        expectAgrees(old, old.enumerated().filter { $0.offset % 3 != 0 }.map(\.element), "near identifiers, a third deleted")
    }

    @Test("canonically equivalent strings are one identifier, as == says, though their bytes differ")
    func canonicalEquivalence() throws {
        // KELVIN SIGN is canonically "K"; a decomposed é is the precomposed one.
        let old = ["K", "caf\u{E9}", "x", "Zoë"]
        let new = ["x", "\u{212A}", "cafe\u{301}", "Zoe\u{308}"]
        let result = try #require(diff(old, new))
        #expect(result.deletions.isEmpty && result.insertions.isEmpty)
        #expect(result.moves == [IdentifierDiff.Move(from: 2, to: 0)])
        expectAgrees(old, new, "equivalent spellings")

        // One such identifier among thousands of ASCII ones, at the very end of new: the
        // fast hashing has hashed most of them before it meets the non-ASCII one.
        var rng = SeededRandom(seed: 12)
        let ascii = identifiers(3_000, using: &rng).filter { $0 != "K" }
        expectAgrees(ascii + ["K"], ascii.shuffled(using: &rng) + ["\u{212A}"], "one equivalent spelling among 3,000")
        expectAgrees(ascii + ["\u{212A}"], ["K"] + ascii, "equivalent spelling in old")
    }

    @Test("canonically equivalent spellings on one side are a repeated identifier")
    func equivalentRepeats() throws {
        do {
            _ = try IdentifierDiff(old: ["K", "a", "\u{212A}"], new: ["a"])
            Issue.record("no error for K and KELVIN SIGN in old")
        } catch {
            #expect(error.duplicates.map(\.side) == [.old])
            #expect(error.duplicates.first?.offsets == [0, 2])
        }
        do {
            _ = try IdentifierDiff(old: ["a"], new: ["caf\u{E9}", "cafe\u{301}"])
            Issue.record("no error for two spellings of café in new")
        } catch {
            #expect(error.duplicates.map(\.side) == [.new])
        }
    }

    @Test("common identifier shapes keep to the ASCII hashing: it never gives up on them")
    func fastPathTaken() {
        var rng = SeededRandom(seed: 13)
        let shapes: [(String, [String])] = [
            ("numbered", (0 ..< 20_000).map { "item-\($0)" }),
            ("UUIDs", (0 ..< 20_000).map { _ in UUID().uuidString }),
            ("long shared prefix", (0 ..< 20_000).map { "com.example.catalogue.section.row.\($0)" }),
            ("every length", identifiers(20_000, using: &rng)),
        ]
        for (name, old) in shapes {
            let new = edit(Array(old.indices), deleted: 10, inserted: 0, moved: 1, using: &rng).map { old[$0] }
            let completed = matching(old, new, ASCIIStringHashing()) != nil
            #expect(completed, "\(name): the ASCII hashing gave up")
        }
        let gaveUpOnKelvin = matching(["K"], ["\u{212A}"], ASCIIStringHashing()) == nil
        #expect(gaveUpOnKelvin, "non-ASCII: the ASCII hashing went on")
    }

    @Test("old identifiers hashed a block ahead of the new ones: items moved across blocks, long runs of deletions and far repeats are matched as with SipHash")
    func blocksAhead() throws {
        // Longer than 15 bytes: stored on the heap, so the old ones are hashed a block ahead.
        let keys = (0 ..< 5_000).map { "com.example.key-\($0)" }
        var rng = SeededRandom(seed: 14)
        let edits: [(String, [String])] = [
            // Found by lookups before the table holds their old offsets: looked up again at the end.
            ("last 100 moved to the front", Array(keys.suffix(100)) + keys.dropLast(100)),
            ("a run of 2,500 deleted", Array(keys.prefix(1_000)) + keys.suffix(1_500)),
            ("shuffled after the first block", Array(keys.prefix(1_100)) + keys.dropFirst(1_100).shuffled(using: &rng)),
            ("edited", edit(Array(keys.indices), deleted: 10, inserted: 0, moved: 2, using: &rng).map { keys[$0] }),
        ]
        for (label, new) in edits { expectAgrees(keys, new, label) }

        // A repeat in new whose first occurrence is looked up before its old offset is in the table.
        do {
            _ = try IdentifierDiff(old: keys, new: [keys[4_999]] + keys)
            Issue.record("no error for the last key twice in new")
        } catch {
            #expect(error.duplicates.map(\.side) == [.new])
            #expect(error.duplicates.first?.offsets == [0, 5_000])
        }
    }

    @Test("colliding hashes, a few identifiers each, still match by bytes across blocks")
    func collidingAcrossBlocks() throws {
        var rng = SeededRandom(seed: 15)
        // "k-12a", "k-12b", …: each group of strings shares a hash.
        let keys = (0 ..< 1_500).flatMap { n in ["a", "b", "c"].map { "k-\(n)\($0)" } }
        let pool = keys + (0 ..< 1_500).map { "k-\($0)z" }
        let new = edit(Array(keys.indices), deleted: 10, inserted: 10, moved: 2, using: &rng).map { pool[$0] }
        let colliding = try #require(matching(keys, new, PairwiseCollidingHashing()), "the colliding hashing gave up")
        let reference = try #require(matching(keys, new, StandardHashing<String>()))
        #expect(colliding.newOffsets == reference.newOffsets && colliding.oldOffsets == reference.oldOffsets)
        #expect(colliding.duplicates == nil && colliding.persisting == reference.persisting)
    }

    @Test("hashes that all collide make the fast hashing give up early, and the diff is still right")
    func collidingHashesGiveUp() {
        let old = (0 ..< 5_000).map { "key-\($0)" }
        let new = Array(old.reversed())
        // Every probe of every identifier would walk one cluster: 12.5 million slots. The
        // limit is eight a identifier, plus 1,024.
        let gaveUp = matching(old, new, ConstantHashing()) == nil
        #expect(gaveUp, "5,000 colliding hashes: the hashing went on")
        // The same hashing on a few identifiers stays under the limit and matches them.
        let few = matching(Array(old.prefix(20)), Array(new.suffix(20)), ConstantHashing())
        #expect(few?.persisting == 20)
        // The diff itself never gives up: it starts over with SipHash.
        expectAgrees(old, new, "reversed keys")
    }

    @Test("byte comparison: copies of every length from 0 to 72 are equal; one changed byte anywhere, or another length, is not")
    func byteComparisonEveryLength() {
        var rng = SeededRandom(seed: 16)
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        let hashing = ASCIIStringHashing()
        for length in 0 ... 72 {
            let bytes = (0 ..< length).map { _ in letters.randomElement(using: &rng)! }
            let string = String(decoding: bytes, as: UTF8.self)
            // Short strings are stored inline, their copies on the heap: the bits differ.
            for copy in [String(decoding: bytes, as: UTF8.self), heapStored(string)] {
                #expect(hashing.equal(string, copy) && hashing.equal(copy, string), "length \(length): a copy")
            }
            for position in 0 ..< length {
                var changed = bytes
                changed[position] = changed[position] == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a")
                let other = String(decoding: changed, as: UTF8.self)
                #expect(!hashing.equal(string, other) && !hashing.equal(heapStored(other), string),
                        "length \(length): byte \(position) changed")
            }
            #expect(!hashing.equal(string, string + "a") && !hashing.equal(string + "a", string), "length \(length) + 1")
            if length > 0 {
                #expect(!hashing.equal(String(string.dropLast()), heapStored(string)), "length \(length) - 1")
            }
        }
    }

    @Test("long identifiers that share all but their last byte are told apart across blocks")
    func sharedPrefixes() {
        var rng = SeededRandom(seed: 17)
        for prefixLength in [7, 15, 16, 23, 31, 32, 63, 99] {
            let prefix = String(repeating: "p", count: prefixLength)
            // Groups of ten strings differing only in the last byte, thousands of strings in all.
            let keys = (0 ..< 2_500).map { n in "\(prefix)\(n / 10)-\(n % 10)" }
            let pool = keys + (0 ..< 1_000).map { "\(prefix)\($0)-x" }
            let new = edit(Array(keys.indices), deleted: 10, inserted: 10, moved: 2, using: &rng).map { pool[$0] }
            expectAgrees(keys, new, "prefix of \(prefixLength)")
            expectAgrees(keys, keys.shuffled(using: &rng), "prefix of \(prefixLength), shuffled")
        }
    }

    @Test("non-ASCII identifiers, alone or among ASCII ones, and differing only in their last byte, agree with SipHash")
    func nonASCII() throws {
        var rng = SeededRandom(seed: 18)
        // U+0430 and U+0431 are D0 B0 and D0 B1 in UTF-8: the last byte tells them apart.
        let shapes: [(String, (Int) -> String)] = [
            ("Cyrillic, last byte", { "ключ-\($0 / 2)-" + ($0 % 2 == 0 ? "а" : "б") }),
            ("emoji", { "🙂\($0)" }),
            ("CJK", { "項目\($0)" }),
            ("non-ASCII after 30 ASCII bytes", { "com.example.catalogue.row.\($0)-ü" }),
            ("every tenth non-ASCII", { $0 % 10 == 0 ? "élan-\($0)" : "key-\($0)" }),
        ]
        for (name, spell) in shapes {
            let old = (0 ..< 3_000).map(spell)
            let pool = old + (3_000 ..< 4_000).map(spell)
            let new = edit(Array(old.indices), deleted: 10, inserted: 10, moved: 2, using: &rng).map { pool[$0] }
            expectAgrees(old, new, name)
        }
        // ASCII everywhere except one inserted identifier near the end of new: the fast
        // hashing has done most of its work before it gives up.
        let ascii = (0 ..< 3_000).map { "com.example.key-\($0)" }
        var new = ascii
        new.insert("com.example.kéy", at: 2_900)
        let result = try #require(diff(ascii, new))
        #expect(result.insertions == [2_900] && result.deletions.isEmpty && result.moves.isEmpty)
        expectAgrees(ascii, new, "one non-ASCII insertion near the end")
    }

    @Test("identifiers made in different ways on the two sides are the same identifiers")
    func storageKinds() {
        var rng = SeededRandom(seed: 19)
        // Short ones (inline, or on the heap when heap-stored) and long ones, 3,000 in all.
        func key(_ n: Int) -> String { n % 4 == 0 ? "k\(n)" : "com.example.\(n)-" + String(repeating: "x", count: n % 30) }
        let old = (0 ..< 3_000).map { n in spellings[n % spellings.count].spell(key(n)) }
        let offsets = edit(Array(old.indices), deleted: 10, inserted: 10, moved: 2, using: &rng)
        let new = offsets.map { n in spellings[(n + 1) % spellings.count].spell(key(n)) }
        guard let strings = diff(old, new) else { return }
        expectValid(strings, old, new, "mixed spellings")
        #expect(strings == diff(Array(old.indices), offsets), "mixed spellings: same diff as the offsets")
        for (name, spell) in spellings {
            let respelled = old.map(spell)
            #expect(diff(old, respelled)?.isEmpty == true, "\(name): nothing changed")
            expectAgrees(old, offsets.map { n in spell(key(n)) }, name)
        }
    }
}

/// The matching asks the processor for a string's bytes ahead of use with an address it
/// computes from the `String`'s bits, not through the `String` (which would wait for the
/// bytes). A wrong address cannot fault, but it would quietly slow every diff of long
/// string identifiers back down: these tests catch a standard library laid out otherwise.
@Suite("Where the diff reads a string's bytes ahead of use")
struct StringPrefetchAddressTests {
    /// The start and count `heapBytes(ofStringAt:)` finds for `string`.
    func found(_ string: String) -> (start: UnsafeRawPointer, count: Int)? {
        withUnsafePointer(to: string) { ASCIIStringHashing.heapBytes(ofStringAt: UnsafeRawPointer($0)) }
    }

    /// Where the standard library keeps `string`'s bytes, when it keeps them contiguously.
    func actual(_ string: String) -> UnsafeRawPointer? {
        string.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    @Test("a long identifier, however it was made, and a literal: the address of its bytes and their count")
    func longStrings() throws {
        #if arch(x86_64) || arch(arm64)
        let uuid = "6E789E6A-A1B9-65F4-06C4-5D188009454F"
        var strings = spellings.map { $0.spell(uuid) } + [UUID().uuidString, String(repeating: "row-", count: 300)]
        strings.append("a literal long enough to be stored out of line")
        for string in strings {
            let bytes = try #require(found(string), "\(string.prefix(12))… is stored out of line")
            #expect(bytes.start == actual(string), "\(string.prefix(12))…: the address of its first byte")
            #expect(bytes.count == string.utf8.count, "\(string.prefix(12))…: its length")
        }
        #endif
    }

    @Test("a short identifier, stored in the String itself, is not read ahead")
    func shortStrings() {
        for string in ["", "a", "row-17", "123456789012345"] {
            #expect(found(string) == nil, "\"\(string)\"")
        }
    }
}
