// Runs the table fuzzer: `swift run -c release TableFuzz --steps 100000 --seeds 4`.
// Exits 1 if any seed found a problem, printing each with the operations before it.
import Foundation
import TableFuzzing

var steps = 100_000, seeds = 4, firstSeed: UInt64 = 1
var trace: Range<Int>?
var arguments = CommandLine.arguments.dropFirst()
@MainActor func value(_ name: String) -> String {
    guard let v = arguments.popFirst() else {
        FileHandle.standardError.write(Data("TableFuzz: \(name) needs a value\n".utf8))
        exit(2)
    }
    return v
}
while let argument = arguments.popFirst() {
    switch argument {
    case "--steps": steps = Int(value(argument)) ?? -1
    case "--seeds": seeds = Int(value(argument)) ?? -1
    case "--seed": firstSeed = UInt64(value(argument)) ?? 0
    case "--trace":
        // --trace FIRST-LAST prints the state after each of those steps.
        let bounds = value(argument).split(separator: "-").compactMap { Int($0) }
        if bounds.count == 2 { trace = bounds[0] ..< bounds[1] + 1 }
    default:
        FileHandle.standardError.write(Data("TableFuzz: unknown argument \(argument); use --steps N --seeds K --seed S\n".utf8))
        exit(2)
    }
}
guard steps > 0, seeds > 0 else {
    FileHandle.standardError.write(Data("TableFuzz: --steps and --seeds take whole numbers above 0\n".utf8))
    exit(2)
}

let failed = MainActor.assumeIsolated { () -> Bool in
    var failed = false
    var total = 0
    let start = Date()
    for seed in firstSeed ..< firstSeed + UInt64(seeds) {
        let report = TableFuzzer(seed: seed).run(steps: steps / seeds, trace: trace)
        total += report.steps
        print(report)
        for problem in report.problems { print("  " + problem) }
        failed = failed || !report.problems.isEmpty
    }
    print("\(total) steps in \(String(format: "%.1f", Date().timeIntervalSince(start))) s: "
          + (failed ? "PROBLEMS FOUND" : "no crash, no divergence, offsets inside the content"))
    return failed
}
exit(failed ? 1 : 0)
