// Runs the table fuzzer: `swift run -c release TableFuzz --steps 100000 --seeds 4`
// (odd seeds' apps dequeue their cells, even seeds' cache them by index path; `--cells` picks one for all).
// Exits 1 if any seed found a problem, printing each with the operations before it.
import Foundation
import TableFuzzing

var steps = 100_000, seeds = 4, firstSeed: UInt64 = 1
var trace: Range<Int>?
var cells: FuzzCellSupply?
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
    case "--help", "-h":
        print("""
            TableFuzz [--steps N] [--seeds K] [--seed S] [--cells dequeues|caches] [--trace FIRST-LAST]
              --steps   steps in all, shared by the seeds (default 100000)
              --seeds   how many seeds, from --seed on (default 4, from 1)
              --cells   how the app gets its cells (default: odd seeds dequeue, even seeds cache by index path)
              --trace   print the state after each step of FIRST...LAST
            """)
        exit(0)
    case "--cells":
        // --cells dequeues|caches: every seed's app gets its cells so (default: odd seeds dequeue, even seeds cache).
        let name = value(argument)
        guard let supply = FuzzCellSupply(rawValue: name) else {
            FileHandle.standardError.write(Data("TableFuzz: --cells takes dequeues or caches, not \(name)\n".utf8))
            exit(2)
        }
        cells = supply
    case "--trace":
        // --trace FIRST-LAST prints the state after each of those steps.
        let bounds = value(argument).split(separator: "-").compactMap { Int($0) }
        if bounds.count == 2 { trace = bounds[0] ..< bounds[1] + 1 }
    default:
        FileHandle.standardError.write(Data("TableFuzz: unknown argument \(argument); use --steps N --seeds K --seed S --cells dequeues|caches --trace FIRST-LAST\n".utf8))
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
        let report = TableFuzzer(seed: seed, cells: cells).run(steps: steps / seeds, trace: trace)
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
