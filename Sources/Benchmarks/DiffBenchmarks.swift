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

/// Like `benchmark`, with a warm-up count, so that a run too slow to repeat (the standard
/// library's diff at 100k) runs once. Callers check the filter themselves.
@MainActor @discardableResult
func diffBenchmark(_ name: String, budget: Double? = nil, iterations: Int, warmup: Int,
                   notes: [String: String], _ body: () -> Void) -> Double {
    Benchmark(name: name, budgetMilliseconds: budget, iterations: iterations, warmup: warmup, notes: notes).run(body)
}

@MainActor
func runDiffBenchmarks() {
    func selected(_ name: String) -> Bool { filter.map(name.contains) ?? true }
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

    let mixed = DiffWorkload.mixed(count: 100_000, seed: 1)
    var intMedian = 0.0
    if selected("identifierDiff.100k.mixed") {
        intMedian = diffBenchmark("identifierDiff.100k.mixed", budget: 5, iterations: 200, warmup: 10,
                                  notes: ["what": describe(mixed)]) { diff(mixed.old, mixed.new) }
    }
    if selected("identifierDiff.100k.shuffled") {
        let shuffled = DiffWorkload.shuffled(count: 100_000, seed: 2)
        diffBenchmark("identifierDiff.100k.shuffled", budget: 10, iterations: 100, warmup: 5,
                      notes: ["what": describe(shuffled)]) { diff(shuffled.old, shuffled.new) }
    }
    if selected("identifierDiff.1M.mixed") {
        let million = DiffWorkload.mixed(count: 1_000_000, seed: 3)
        diffBenchmark("identifierDiff.1M.mixed", budget: 100, iterations: 15, warmup: 2,
                      notes: ["what": describe(million)]) { diff(million.old, million.new) }
    }
    for (spelling, spell) in [("short", shortKey as (Int) -> String), ("uuid", uuidKey)] {
        let name = "identifierDiff.100k.mixed.string.\(spelling)"
        guard selected(name) else { continue }
        let strings = mixed.spelled(spell)
        let median = diffBenchmark(name, iterations: 200, warmup: 10,
                                   notes: ["what": "the 100k mixed edit with String identifiers like \(strings.old[1])"]) {
            diff(strings.old, strings.new)
        }
        if intMedian > 0 {
            print("{\"name\":\"\(name).ratioToInt\",\"value\":\((median / intMedian * 100).rounded() / 100),\"budget\":1.5}")
        }
        // Snapshots built twice from the same model objects hold the same String storage on
        // both sides; the strings above were spelled separately, so every match reads both.
        let byIdentifier = Dictionary(uniqueKeysWithValues: zip(mixed.old, strings.old))
        let sharedNew = mixed.new.map { byIdentifier[$0] ?? spell($0) }
        let shared = diffBenchmark("\(name).sharedStorage", iterations: 200, warmup: 10,
                                   notes: ["what": "the same, with each persisting identifier the same String value in old and new"]) {
            diff(strings.old, sharedNew)
        }
        if intMedian > 0 {
            print("{\"name\":\"\(name).sharedStorage.ratioToInt\",\"value\":\((shared / intMedian * 100).rounded() / 100)}")
        }
    }

    // The same edit as a diffable data source applies it: the snapshot's update(to:) is
    // generic, so its diff runs TabulaCore's own code, not a specialization in this module.
    for (spelling, spell) in [("short", shortKey as (Int) -> String), ("uuid", uuidKey)] {
        let name = "snapshotUpdate.100k.mixed.string.\(spelling)"
        guard selected(name) else { continue }
        let strings = mixed.spelled(spell)
        var before = NSDiffableDataSourceSnapshot<Int, String>(), after = before
        before.appendSections([0])
        before.appendItems(strings.old)
        after.appendSections([0])
        after.appendItems(strings.new)
        diffBenchmark(name, iterations: 50, warmup: 5,
                      notes: ["what": "NSDiffableDataSourceSnapshot.update(to:) for the 100k mixed edit in one section"]) {
            sink &+= try! before.update(to: after).operations.movedRows.count
        }
    }

    // The standard library's diff (Myers: equal elements in order, no identities) on the
    // same kind of edit. It takes O(n · D) for D changes: one run is enough.
    for count in [10_000, 100_000] {
        let name = "standardLibraryDiff.\(count / 1000)k.mixed"
        guard selected(name) else { continue }
        let edit = count == mixed.old.count ? mixed : DiffWorkload.mixed(count: count, seed: 4)
        let ours = diffBenchmark("identifierDiff.\(count / 1000)k.mixed.againstStandardLibrary", iterations: 20,
                                 warmup: 2, notes: ["what": describe(edit)]) { diff(edit.old, edit.new) }
        let theirs = diffBenchmark(name, iterations: 1, warmup: 0,
                                   notes: ["what": "new.difference(from: old) on the same edit"]) {
            sink &+= edit.new.difference(from: edit.old).count
        }
        print("{\"name\":\"\(name).ratioToIdentifierDiff\",\"value\":\((theirs / ours).rounded())}")
    }
    if sink == 42 { print(sink) }
}

