import Foundation
import Tabula

/// The environment variable that makes the program measure one first use and exit: the
/// first push of a process must be timed in a process that has drawn nothing else.
let firstUseChildVariable = "TABULA_BENCHMARK_FIRST_USE"

/// A pushed screen as a person first meets one: a grouped table with large titles,
/// subtitle cells with symbols and accessories, a section header and a switch.
final class FirstUseDetailController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add)
    }
    override func numberOfSections(in tableView: UITableView) -> Int { 3 }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 8 }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Section \(section)" }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "detail") ?? UITableViewCell(style: .subtitle, reuseIdentifier: "detail")
        cell.textLabel?.text = "Setting \(indexPath.row) — «Ünïcödé» ✓"
        cell.detailTextLabel?.text = "Explains the setting in smaller grey text"
        cell.imageView?.image = UIImage(systemName: ["star.fill", "bell", "gear", "heart"][indexPath.row % 4])
        if indexPath.row % 3 == 0 {
            let toggle = UISwitch()
            toggle.isOn = indexPath.row % 2 == 0
            cell.accessoryView = toggle
        } else {
            cell.accessoryView = nil
            cell.accessoryType = .disclosureIndicator
        }
        return cell
    }
}

/// The time `body` takes, on the wall clock and in this thread's CPU time, in milliseconds.
/// The CPU time leaves out what other processes take of a loaded machine.
func wallAndCPUMilliseconds(_ body: () -> Void) -> (wall: Double, cpu: Double) {
    func cpuNow() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
    }
    let cpu = cpuNow()
    let wall = milliseconds(body)
    return (wall, cpuNow() - cpu)
}

/// Times every frame of a push onto a 60-row list: first in this process, then again
/// (a new controller of the same kind, best of three), and prints the sums of the frame
/// times and the longest frames, in milliseconds, on the wall clock and then in CPU time:
/// `first warm firstLongest warmLongest firstCPU warmCPU firstLongestCPU warmLongestCPU`.
@MainActor
func measureFirstUseChild() {
    let screen = HeadlessScreen(device: .iPhone15)
    let window = UIWindow(frame: .zero)
    let root = BenchmarkListController(style: .plain)
    root.title = "Inbox"
    let nav = UINavigationController(rootViewController: root)
    nav.navigationBar.prefersLargeTitles = true
    window.rootViewController = nav
    screen.show(window)
    screen.advance(by: 0.2)
    screen.renderFrame()
    typealias Push = (total: Double, longest: Double, totalCPU: Double, longestCPU: Double)
    func timedPush() -> Push {
        let detail = FirstUseDetailController(style: .insetGrouped)
        detail.title = "Settings"
        var frames = [wallAndCPUMilliseconds {
            nav.pushViewController(detail, animated: true)
            screen.advance(by: 1.0 / 60)
            screen.renderFrame()
        }]
        for _ in 0 ..< 24 {
            frames.append(wallAndCPUMilliseconds {
                screen.advance(by: 1.0 / 60)
                screen.renderFrame()
            })
        }
        nav.popViewController(animated: true)
        for _ in 0 ..< 30 {
            screen.advance(by: 1.0 / 60)
            screen.renderFrame()
        }
        return (frames.map(\.wall).reduce(0, +), frames.map(\.wall).max() ?? 0,
                frames.map(\.cpu).reduce(0, +), frames.map(\.cpu).max() ?? 0)
    }
    let first = timedPush()
    let warm = (0 ..< 3).map { _ in timedPush() }
    func best(_ value: (Push) -> Double) -> Double { warm.map(value).min() ?? .nan }
    print(first.total, best(\.total), first.longest, best(\.longest),
          first.totalCPU, best(\.totalCPU), first.longestCPU, best(\.longestCPU))
}

/// The first push of a process against a warm one, each run in a fresh process (fonts,
/// glyph caches, symbol drawings and backing stores are process-wide). Goal: ≤ 1.5.
@MainActor
func runFirstUseBenchmarks() {
    guard selected("firstUse.push") else { return }
    var columns = Array(repeating: [Double](), count: 8)
    for _ in 0 ..< 5 {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.environment = ProcessInfo.processInfo.environment.merging([firstUseChildVariable: "1"]) { $1 }
        let output = Pipe()
        child.standardOutput = output
        do { try child.run() } catch { print("firstUse.push: could not start a child: \(error)"); return }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        let numbers = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard numbers.count == 8 else { print("firstUse.push: the child printed \(String(decoding: data, as: UTF8.self))"); return }
        for (i, number) in numbers.enumerated() { columns[i].append(number) }
    }
    let entries = [
        ("firstUse.push.25frames", "the 25 frames of the first push of a process (grouped table, large titles, symbols, switches), each process fresh"),
        ("firstUse.push.longestFrame", "the longest frame of that first push: the hitch a person sees"),
        ("firstUse.push.25frames.cpu", "the 25 frames of the first push in the thread's CPU time (steadier than the wall clock on a loaded machine)"),
        ("firstUse.push.longestFrame.cpu", "the longest frame of the first push in the thread's CPU time"),
    ]
    for (i, (name, what)) in entries.enumerated() {
        let first = columns[2 * i], warm = columns[2 * i + 1]
        Benchmark(name: name, notes: ["what": what]).report(
            first, baseline: Baseline(name: name.replacingOccurrences(of: "firstUse", with: "warmUse"),
                                      medianMilliseconds: median(of: warm) ?? .nan))
    }
}
