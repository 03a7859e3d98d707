import Testing
@testable import TabulaCore
import TabulaTestBasics

/// An identifier whose hash keeps only `value % buckets`: many identifiers share a hash,
/// so matching has to fall back on `==`.
private struct Colliding: Hashable, CustomStringConvertible {
    var value: Int
    var buckets: Int
    static func == (a: Colliding, b: Colliding) -> Bool { a.value == b.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value % buckets) }
    var description: String { "#\(value)" }
}

/// A String identifier whose hash is the same for every value: matching rests on `==`
/// alone, and a diff that trusted equal hashes would pair any two of them.
private struct ConstantHash: Hashable, CustomStringConvertible {
    var name: String
    static func == (a: ConstantHash, b: ConstantHash) -> Bool { a.name == b.name }
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
    var description: String { name }
}

/// The length of the longest strictly increasing subsequence, by the O(n²) recurrence.
private func longestIncreasingLength(_ values: [Int]) -> Int {
    var ending = [Int](repeating: 1, count: values.count)
    for k in values.indices {
        for earlier in 0 ..< k where values[earlier] < values[k] { ending[k] = max(ending[k], ending[earlier] + 1) }
    }
    return ending.max() ?? 0
}

/// Every arrangement (ordered, no repeats) of every subset of `alphabet`.
private func arrangements<T>(of alphabet: [T]) -> [[T]] {
    var result: [[T]] = [[]]
    func extend(_ prefix: [T], _ rest: [T]) {
        for k in rest.indices {
            var remaining = rest
            let next = remaining.remove(at: k)
            result.append(prefix + [next])
            extend(prefix + [next], remaining)
        }
    }
    extend([], alphabet)
    return result
}

/// Checks `diff` against what any correct diff of `old` → `new` must satisfy, computed
/// without hashing tricks: set membership, a brute-force longest increasing subsequence,
/// and rebuilding `new` by applying the diff to `old`.
func expectValid<ID: Hashable>(_ diff: IdentifierDiff, _ old: [ID], _ new: [ID], _ label: @autoclosure () -> String,
                                       sourceLocation: SourceLocation = #_sourceLocation) {
    let newIndex = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1, $0) })
    let oldIndex = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
    let expectedDeletions = old.indices.filter { newIndex[old[$0]] == nil }
    let expectedInsertions = new.indices.filter { oldIndex[new[$0]] == nil }
    #expect(diff.deletions == expectedDeletions, "\(label()): deletions", sourceLocation: sourceLocation)
    #expect(diff.insertions == expectedInsertions, "\(label()): insertions", sourceLocation: sourceLocation)
    #expect(Array(diff.newOffsets) == old.map { newIndex[$0] }, "\(label()): newOffsets", sourceLocation: sourceLocation)
    #expect(Array(diff.oldOffsets) == new.map { oldIndex[$0] }, "\(label()): oldOffsets", sourceLocation: sourceLocation)

    // Moves: persisting identifiers, sorted by destination, as few as the LIS allows.
    let persistingInNewOrder = new.compactMap { oldIndex[$0] }
    #expect(diff.moves.count == persistingInNewOrder.count - longestIncreasingLength(persistingInNewOrder),
            "\(label()): \(diff.moves.count) moves", sourceLocation: sourceLocation)
    #expect(zip(diff.moves, diff.moves.dropFirst()).allSatisfy { $0.to < $1.to }, "\(label()): moves sorted",
            sourceLocation: sourceLocation)
    for move in diff.moves {
        #expect(old.indices.contains(move.from) && new.indices.contains(move.to) && old[move.from] == new[move.to],
                "\(label()): move \(move) pairs one identifier", sourceLocation: sourceLocation)
    }

    // Apply: remove deletions and move sources, then insert at ascending new offsets.
    let removed = Set(diff.deletions).union(diff.moves.map(\.from))
    var rebuilt = old.indices.filter { !removed.contains($0) }.map { old[$0] }
    let arrivals = Set(diff.insertions).union(diff.moves.map(\.to))
    #expect(rebuilt == new.indices.filter { !arrivals.contains($0) }.map { new[$0] },
            "\(label()): what stays keeps its order", sourceLocation: sourceLocation)
    let arriving = (diff.insertions.map { ($0, new[$0]) } + diff.moves.map { ($0.to, old[$0.from]) }).sorted { $0.0 < $1.0 }
    // An offset past the end can only come from a wrong diff, which the comparison below reports.
    for (offset, identifier) in arriving where offset <= rebuilt.count { rebuilt.insert(identifier, at: offset) }
    #expect(rebuilt == new, "\(label()): applying the diff to old rebuilds new", sourceLocation: sourceLocation)
    #expect(diff.isEmpty == (old == new), "\(label()): isEmpty", sourceLocation: sourceLocation)
}

/// A list edited like a table's contents: about `deleted`% removed, `inserted`% new
/// identifiers at random places, `moved`% of the rest moved to random places.
func edit(_ old: [Int], deleted: Int, inserted: Int, moved: Int, using rng: inout SeededRandom) -> [Int] {
    var next = (old.max() ?? 0) + 1
    var new: [Int] = []
    for id in old {
        if Int.random(in: 0 ..< 100, using: &rng) < inserted { new.append(next); next += 1 }
        if Int.random(in: 0 ..< 100, using: &rng) >= deleted { new.append(id) }
    }
    let movers = new.filter { _ in Int.random(in: 0 ..< 100, using: &rng) < moved }
    new.removeAll { movers.contains($0) }
    for id in movers { new.insert(id, at: Int.random(in: 0 ... new.count, using: &rng)) }
    return new
}

@Suite("IdentifierDiff")
struct IdentifierDiffTests {
    private func diff<ID: Hashable>(_ old: [ID], _ new: [ID]) -> IdentifierDiff {
        do { return try IdentifierDiff(old: old, new: new) } catch {
            Issue.record("unexpected \(error)")
            return try! IdentifierDiff(old: [Int](), new: [Int]())
        }
    }

    @Test("every pair of arrangements of up to six identifiers agrees with the oracle")
    func exhaustiveSmall() {
        // The diff sees only which offsets hold equal identifiers, so renaming identifiers
        // does not change it: fixing old as a prefix of the alphabet and trying every
        // arrangement of every subset as new covers every pair over six identifiers.
        let alphabet = Array("abcdef")
        let news = arrangements(of: alphabet)
        #expect(news.count == 1957)
        for length in 0 ... alphabet.count {
            let old = Array(alphabet.prefix(length))
            for new in news {
                expectValid(diff(old, new), old, new, "\(String(old)) → \(String(new))")
            }
        }
    }

    @Test("random edits of up to 3,000 identifiers (10% deleted, 10% inserted, 1% moved) agree with the oracle")
    func randomMixedEdits() {
        var rng = SeededRandom(seed: 7)
        for count in [40, 127, 128, 129, 500, 1_000, 3_000] {
            let old = (0 ..< count).map { $0 * 3 }
            let new = edit(old, deleted: 10, inserted: 10, moved: 1, using: &rng)
            expectValid(diff(old, new), old, new, "mixed \(count)")
        }
    }

    @Test("heavier and structured edits: shuffles, half shuffles, runs of deletions, many moves")
    func randomStructuredEdits() {
        var rng = SeededRandom(seed: 11)
        for count in [300, 2_000] {
            let old = Array(0 ..< count)
            let shuffled = old.shuffled(using: &rng)
            expectValid(diff(old, shuffled), old, shuffled, "shuffle \(count)")
            // Guessing stops in the shuffled half and has to pick up again in the ordered one.
            let halfShuffled = old.prefix(count / 2).shuffled(using: &rng) + old.suffix(count - count / 2)
            expectValid(diff(old, halfShuffled), old, halfShuffled, "half shuffle \(count)")
            let runsDeleted = old.filter { ($0 / 7) % 3 != 0 }  // runs of seven deleted
            expectValid(diff(old, runsDeleted), old, runsDeleted, "runs deleted \(count)")
            let churn = edit(old, deleted: 40, inserted: 40, moved: 20, using: &rng)
            expectValid(diff(old, churn), old, churn, "churn \(count)")
            let stretchMoved = Array(old[count / 2 ..< count / 2 + 50]) + old[..<(count / 2)] + old[(count / 2 + 50)...]
            expectValid(diff(old, stretchMoved), old, stretchMoved, "stretch moved \(count)")
        }
    }

    @Test("String identifiers and identifiers with colliding hashes agree with the oracle")
    func otherIdentifierTypes() {
        var rng = SeededRandom(seed: 3)
        let old = (0 ..< 600).map { $0 }
        let new = edit(old, deleted: 10, inserted: 10, moved: 5, using: &rng)
        let oldStrings = old.map { "item-\($0)" }, newStrings = new.map { "item-\($0)" }
        expectValid(diff(oldStrings, newStrings), oldStrings, newStrings, "strings")
        for buckets in [1, 3, 64] {
            let oldColliding = old.map { Colliding(value: $0, buckets: buckets) }
            let newColliding = new.map { Colliding(value: $0, buckets: buckets) }
            let collidingDiff = diff(oldColliding, newColliding)
            expectValid(collidingDiff, oldColliding, newColliding, "\(buckets) hash buckets")
            // Hash values steer the table, never the result.
            #expect(collidingDiff == diff(old, new), "\(buckets) hash buckets: same diff as Int")
        }
    }

    @Test("any collection of identifiers works, contiguous or not")
    func collections() throws {
        let characters = try IdentifierDiff(old: "abcdef", new: "fbcaxe")
        #expect(characters == diff(Array("abcdef"), Array("fbcaxe")))
        let slice = [9, 1, 2, 3, 4, 9][1 ..< 5]
        #expect(try IdentifierDiff(old: slice, new: [4, 3, 2, 1]) == diff([1, 2, 3, 4], [4, 3, 2, 1]))
    }

    @Test("empty, one-sided, identical and reversed sequences")
    func edgeCases() {
        let empty = diff([Int](), [Int]())
        #expect(empty.isEmpty && empty.newOffsets.isEmpty && empty.oldOffsets.isEmpty)

        let allInserted = diff([Int](), [4, 5, 6])
        #expect(allInserted.insertions == [0, 1, 2] && allInserted.deletions.isEmpty && allInserted.moves.isEmpty)
        #expect(Array(allInserted.oldOffsets) == [nil, nil, nil])

        let allDeleted = diff([4, 5, 6], [Int]())
        #expect(allDeleted.deletions == [0, 1, 2] && allDeleted.insertions.isEmpty && allDeleted.moves.isEmpty)
        #expect(Array(allDeleted.newOffsets) == [nil, nil, nil])

        let ids = Array(0 ..< 1_000)
        let identical = diff(ids, ids)
        #expect(identical.isEmpty)
        #expect(Array(identical.newOffsets) == ids.map { $0 })

        for count in [1, 2, 5, 1_000] {
            let reversed = diff(Array(0 ..< count), Array((0 ..< count).reversed()))
            #expect(reversed.moves.count == count - 1, "reversed \(count)")
            expectValid(reversed, Array(0 ..< count), Array((0 ..< count).reversed()), "reversed \(count)")
        }
    }

    @Test("moving one identifier reports that identifier, from its old offset to its new one")
    func oneMove() {
        let old = Array("abcde")
        #expect(diff(old, Array("bcdea")).moves == [.init(from: 0, to: 4)])
        #expect(diff(old, Array("eabcd")).moves == [.init(from: 4, to: 0)])
        #expect(diff(old, Array("acdbe")).moves == [.init(from: 1, to: 3)])
        // With a deletion and an insertion around it, the offsets are still old → new.
        #expect(diff(old, Array("xbdce")).moves.count == 1)
    }

    // MARK: Duplicates

    private func duplicateError<ID: Hashable>(_ old: [ID], _ new: [ID],
                                              sourceLocation: SourceLocation = #_sourceLocation) -> DuplicateIdentifierError? {
        do {
            _ = try IdentifierDiff(old: old, new: new)
            Issue.record("no error for \(old) → \(new)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    @Test("a repeated identifier is named with its side and offsets")
    func duplicatesNamed() throws {
        let inOld = try #require(duplicateError(["a", "b", "a"], ["a"]))
        #expect(inOld.duplicates == [.init(side: .old, identifier: "a", offsets: [0, 2], occurrences: 2)])
        #expect(inOld.description == "Identifiers must be unique in the old and in the new sequence, "
            + "but \"a\" occurs 2 times in old, at offsets 0, 2.")

        // Repeats of an identifier that is in old, and of one that is not.
        let persisting = try #require(duplicateError([1, 2, 3], [3, 1, 3]))
        #expect(persisting.duplicates == [.init(side: .new, identifier: "3", offsets: [0, 2], occurrences: 2)])
        let inserted = try #require(duplicateError([1], [5, 1, 5, 5]))
        #expect(inserted.duplicates == [.init(side: .new, identifier: "5", offsets: [0, 2, 3], occurrences: 3)])

        let both = try #require(duplicateError(["x", "y", "x"], ["y", "z", "y"]))
        #expect(both.duplicates.map(\.side) == [.old, .new])
        #expect(both.description.contains("\"x\" occurs 2 times in old, at offsets 0, 2"))
        #expect(both.description.contains("\"y\" occurs 2 times in new, at offsets 0, 2"))
    }

    @Test("many repeats are summarized: the first identifiers and offsets, then counts")
    func duplicatesSummarized() throws {
        let many = try #require(duplicateError(Array(0 ..< 10) + Array(0 ..< 10), [0]))
        #expect(many.duplicates.count == DuplicateIdentifierError.identifierLimit)
        #expect(many.duplicates.map(\.identifier) == ["0", "1", "2", "3", "4"])
        #expect(many.duplicatedIdentifierCount == 10)
        #expect(many.description.hasSuffix("; 5 more identifiers occur more than once."))

        let often = try #require(duplicateError([1, 2], Array(repeating: 7, count: 20)))
        #expect(often.duplicates == [.init(side: .new, identifier: "7", offsets: Array(0 ..< 8), occurrences: 20)])
        #expect(often.description.contains("at offsets 0, 1, 2, 3, 4, 5, 6, 7 and 12 more"))
    }

    @Test("a repeat is found wherever it is: every small pair with one identifier doubled")
    func duplicatesEverywhere() {
        let alphabet = Array("abcde")
        for new in arrangements(of: alphabet) where !new.isEmpty && new.count <= 4 {
            for old in [Array(alphabet.prefix(3)), Array("edcba")] {
                for (k, repeated) in new.enumerated() {
                    for position in 0 ... new.count where position != k + 1 {  // k and k + 1 give the same sequence
                        var doubled = new
                        doubled.insert(repeated, at: position)
                        let error = duplicateError(old, doubled)
                        #expect(error?.duplicates.map(\.identifier) == [String(repeated)], "\(old) → \(doubled)")
                        #expect(error?.duplicates.first?.side == .new)
                        let inOld = duplicateError(doubled, old)
                        #expect(inOld?.duplicates.map(\.identifier) == [String(repeated)], "\(doubled) → \(old)")
                        #expect(inOld?.duplicates.first?.side == .old)
                    }
                }
            }
        }
    }

    @Test("repeats far apart and next to each other in long sequences are found")
    func duplicatesInLongSequences() throws {
        let ids = Array(0 ..< 2_000)
        for (first, second) in [(10, 11), (10, 12), (5, 1_900), (1_999, 1_999)] {
            var doubled = ids
            doubled.insert(ids[first], at: second + 1)
            let inNew = try #require(duplicateError(ids, doubled))
            #expect(inNew.duplicates == [.init(side: .new, identifier: "\(first)", offsets: [first, second + 1],
                                              occurrences: 2)])
            let inOld = try #require(duplicateError(doubled, ids))
            #expect(inOld.duplicates.first?.side == .old && inOld.duplicates.first?.offsets == [first, second + 1])
        }
    }

    @Test("identifiers whose hashes are all equal diff like the offsets they spell, across blocks, and repeats are found")
    func constantHashes() throws {
        var rng = SeededRandom(seed: 21)
        // Names that differ only in their last character, and names that are prefixes of others.
        func spell(_ n: Int) -> ConstantHash { ConstantHash(name: "item-\(n / 10)." + (n % 10 == 0 ? "" : "\(n % 10)")) }
        for count in [0, 1, 2, 10, 300, 1_500] {
            let old = Array(0 ..< count)
            for new in [edit(old, deleted: 10, inserted: 10, moved: 3, using: &rng), old.shuffled(using: &rng)] {
                let spelled = diff(old.map(spell), new.map(spell))
                expectValid(spelled, old.map(spell), new.map(spell), "\(count) constant hashes")
                #expect(spelled == diff(old, new), "\(count) constant hashes: same diff as the offsets")
            }
        }
        let names = (0 ..< 1_500).map(spell)
        let inNew = try #require(duplicateError(names, Array(names[..<1_200]) + [names[3]] + names[1_200...]))
        #expect(inNew.duplicates == [.init(side: .new, identifier: "item-0.3", offsets: [3, 1_200], occurrences: 2)])
        let inOld = try #require(duplicateError(names + [names[1_499]], Array(names.reversed())))
        #expect(inOld.duplicates == [.init(side: .old, identifier: names[1_499].name, offsets: [1_499, 1_500], occurrences: 2)])
    }
}
