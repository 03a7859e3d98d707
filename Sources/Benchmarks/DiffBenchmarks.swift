import Foundation
import TabulaCore

/// SplitMix64, so that every run diffs the same sequences.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The identifiers of a list before and after an edit, as a diffable data source sees them.
struct DiffWorkload {
    var old: [Int]
    var new: [Int]
    /// Persisting identifiers whose items changed: a snapshot reports them as reloads, and
    /// the diff cannot tell them from unchanged ones (same identifier).
    var updated: [Int]

    /// Distinct, scattered identifiers like database keys: n ↦ n × an odd constant is a
    /// bijection on 64 bits.
    static func identifier(_ n: Int) -> Int { n &* -0x61C8_8646_80B5_83EB }

    /// `count` items of which about 10% are deleted, 10% inserted at random places, 1% of
    /// the rest moved to random places and 5% updated.
    static func mixed(count: Int, seed: UInt64) -> DiffWorkload {
        var rng = SeededGenerator(state: seed)
        let old = (0 ..< count).map(identifier)
        var edited: [Int] = []
        edited.reserveCapacity(count + count / 5)
        var updated: [Int] = []
        var nextNew = count
        for id in old {
            if Int.random(in: 0 ..< 10, using: &rng) == 0 {
                edited.append(identifier(nextNew))
                nextNew += 1
            }
            if Int.random(in: 0 ..< 10, using: &rng) != 0 {
                edited.append(id)
                if Int.random(in: 0 ..< 20, using: &rng) == 0 { updated.append(id) }
            }
        }
        // Take 1% out, then put each back before a random element of the rest.
        var rest: [Int] = [], movers: [(position: Int, id: Int)] = []
        rest.reserveCapacity(edited.count)
        for id in edited {
            if Int.random(in: 0 ..< 100, using: &rng) == 0 { movers.append((0, id)) } else { rest.append(id) }
        }
        for k in movers.indices { movers[k].position = Int.random(in: 0 ... rest.count, using: &rng) }
        movers.sort { $0.position < $1.position }
        var new: [Int] = []
        new.reserveCapacity(edited.count)
        var m = 0
        for (k, id) in rest.enumerated() {
            while m < movers.count && movers[m].position == k { new.append(movers[m].id); m += 1 }
            new.append(id)
        }
        new += movers[m...].map(\.id)
        return DiffWorkload(old: old, new: new, updated: updated)
    }

    /// `count` items in a random order.
    static func shuffled(count: Int, seed: UInt64) -> DiffWorkload {
        var rng = SeededGenerator(state: seed)
        let old = (0 ..< count).map(identifier)
        return DiffWorkload(old: old, new: old.shuffled(using: &rng), updated: [])
    }

    /// The same edit with each identifier spelled as a String by `spell`.
    func spelled(_ spell: (Int) -> String) -> (old: [String], new: [String]) {
        (old.map(spell), new.map(spell))
    }
}

/// A short key (up to 13 base-36 digits, stored inline in the String).
func shortKey(_ id: Int) -> String { String(UInt64(bitPattern: Int64(id)), radix: 36) }

/// A UUID string (36 characters, stored on the heap) derived from the identifier.
func uuidKey(_ id: Int) -> String {
    var rng = SeededGenerator(state: UInt64(bitPattern: Int64(id)))
    let a = rng.next(), b = rng.next()
    func hex(_ v: UInt64, _ digits: Int) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: max(0, digits - s.count)) + s.suffix(digits)
    }
    return "\(hex(a >> 32, 8))-\(hex(a >> 16, 4))-\(hex(a, 4))-\(hex(b >> 48, 4))-\(hex(b, 12))".uppercased()
}

@MainActor
func runDiffBenchmarks() {
    var sink = 0
    func diff<ID: Hashable>(_ old: [ID], _ new: [ID]) {
        let diff = try! IdentifierDiff(old: old, new: new)
        sink &+= diff.moves.count &+ diff.insertions.count
    }
    func describe(_ w: DiffWorkload) -> String {
        let d = try! IdentifierDiff(old: w.old, new: w.new)
        return "old \(w.old.count), new \(w.new.count): \(d.deletions.count) deleted, \(d.insertions.count) inserted, "
            + "\(d.moves.count) moved, \(w.updated.count) updated"
    }

    // The standard library's diff (Myers: equal elements in order, no identities) takes
    // O(n · D) for D changes. At 10k it is quick enough to repeat in turn with ours; at
    // 100k, ours' budget size, one run takes seconds, so it runs once.
    let mixed = DiffWorkload.mixed(count: 100_000, seed: 1)
    do {
        let edit = DiffWorkload.mixed(count: 10_000, seed: 4)
        benchmark("identifierDiff.10k.mixed", iterations: 21, warmup: 2, notes: ["what": describe(edit)],
                  { diff(edit.old, edit.new) },
                  against: "standardLibraryDiff.10k.mixed",
                  baselineNotes: ["what": "new.difference(from: old) on the same edit"]) {
            sink &+= edit.new.difference(from: edit.old).count
        }
    }
    if selected("identifierDiff.100k.mixed", "standardLibraryDiff.100k.mixed") {
        let standard = Benchmark(name: "standardLibraryDiff.100k.mixed", iterations: 1, warmup: 0,
                                 notes: ["what": "new.difference(from: old) on the same edit, one run"])
        let theirs = [milliseconds { sink &+= mixed.new.difference(from: mixed.old).count }]
        let ours = Benchmark(name: "identifierDiff.100k.mixed", budgetMilliseconds: 5, iterations: 200,
                             notes: ["what": describe(mixed)])
        var samples: [Double] = []
        for _ in 0 ..< 10 { diff(mixed.old, mixed.new) }
        for _ in 0 ..< 200 { samples.append(milliseconds { diff(mixed.old, mixed.new) }) }
        ours.report(samples, against: standard, theirs)
    }
    // No baseline for these two: a Dictionary of the old identifiers is no floor (the
    // diff's own table of 32-bit offsets beats it at 1M), and the standard library's diff
    // would take minutes.
    if selected("identifierDiff.100k.shuffled") {
        let shuffled = DiffWorkload.shuffled(count: 100_000, seed: 2)
        benchmark("identifierDiff.100k.shuffled", budget: 10, iterations: 100, notes: ["what": describe(shuffled)]) {
            diff(shuffled.old, shuffled.new)
        }
    }
    if selected("identifierDiff.1M.mixed") {
        let million = DiffWorkload.mixed(count: 1_000_000, seed: 3)
        benchmark("identifierDiff.1M.mixed", budget: 100, iterations: 15, notes: ["what": describe(million)]) {
            diff(million.old, million.new)
        }
    }

    // String identifiers against the same edit with Int ones, in turn.
    let intNotes = ["what": "the 100k mixed edit with Int identifiers, timed in turn with the String one"]
    for (spelling, spell) in [("short", shortKey as (Int) -> String), ("uuid", uuidKey)] {
        let name = "identifierDiff.100k.mixed.string.\(spelling)"
        guard selected(name) else { continue }
        let strings = mixed.spelled(spell)
        benchmark(name, iterations: 200, notes: ["what": "the 100k mixed edit with String identifiers like \(strings.old[1])"],
                  ratioBudget: 1.5, { diff(strings.old, strings.new) },
                  against: "\(name).asInt", baselineNotes: intNotes) { diff(mixed.old, mixed.new) }
        // Snapshots built twice from the same model objects hold the same String storage on
        // both sides; the strings above were spelled separately, so every match reads both.
        let byIdentifier = Dictionary(uniqueKeysWithValues: zip(mixed.old, strings.old))
        let sharedNew = mixed.new.map { byIdentifier[$0] ?? spell($0) }
        benchmark("\(name).sharedStorage", iterations: 200,
                  notes: ["what": "the same, with each persisting identifier the same String value in old and new"],
                  { diff(strings.old, sharedNew) },
                  against: "\(name).sharedStorage.asInt", baselineNotes: intNotes) { diff(mixed.old, mixed.new) }
        // The floor under the String diff's extra cost: what reading every identifier's
        // bytes once, and nothing else, costs against the same Int diff. The diff cannot
        // read less, so its ratio minus this one is what it spends beyond the reading.
        benchmark("\(name).readEachOnce", iterations: 200,
                  notes: ["what": "reading the bytes of every String identifier of old and new once, in order, and nothing else"],
                  { sink &+= Int(truncatingIfNeeded: readEachOnce(strings.old) ^ readEachOnce(strings.new)) },
                  against: "\(name).readEachOnce.asInt", baselineNotes: intNotes) { diff(mixed.old, mixed.new) }
    }

    // The same edit as a diffable data source applies it: the snapshot's update(to:) is
    // generic, so its diff runs TabulaCore's own code, not a specialization in this module.
    // Against the diff of the same strings: what the snapshot adds (and the generic code costs).
    for (spelling, spell) in [("short", shortKey as (Int) -> String), ("uuid", uuidKey)] {
        let name = "snapshotUpdate.100k.mixed.string.\(spelling)"
        guard selected(name) else { continue }
        let strings = mixed.spelled(spell)
        var before = NSDiffableDataSourceSnapshot<Int, String>(), after = before
        before.appendSections([0])
        before.appendItems(strings.old)
        after.appendSections([0])
        after.appendItems(strings.new)
        benchmark(name, iterations: 50, warmup: 5,
                  notes: ["what": "NSDiffableDataSourceSnapshot.update(to:) for the 100k mixed edit in one section"],
                  { sink &+= try! before.update(to: after).operations.movedRows.count },
                  against: "identifierDiff.100k.mixed.string.\(spelling).inTurn",
                  baselineNotes: ["what": "IdentifierDiff of the same String identifiers, timed in turn"]) {
            diff(strings.old, strings.new)
        }
    }
    if sink == 42 { print(sink) }
}


/// The bytes of `strings`, each read once, in order, 8 at a time, folded into one word:
/// the least any diff of them must read. Each string's first and last bytes are asked for
/// 32 strings ahead, as the diff asks for them (with its own `prefetchUTF8(ofStringAt:)`).
func readEachOnce(_ strings: [String]) -> UInt64 {
    /// Not inlined: through a call, the string is borrowed, not retained (a retain writes
    /// to the string's storage, which more than doubles the time).
    @inline(never)
    func words(_ string: String) -> UInt64 {
        string.utf8.withContiguousStorageIfAvailable { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            guard bytes.count >= 8 else { return bytes.reduce(0) { $0 << 8 | UInt64($1) } }
            var word: UInt64 = 0, offset = 0
            while offset + 8 <= bytes.count {
                word ^= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            return word ^ bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
        } ?? 0
    }
    var folded: UInt64 = 0
    strings.withUnsafeBufferPointer { strings in
        guard let base = strings.baseAddress else { return }
        for i in strings.indices {
            if i + 32 < strings.count { prefetchUTF8(ofStringAt: base + i + 32) }
            folded = (folded ^ words(strings[i])) &* 0x9E37_79B9_7F4A_7C15
        }
    }
    return folded
}
