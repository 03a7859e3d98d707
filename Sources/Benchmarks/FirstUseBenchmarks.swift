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

/// Times every frame of a push onto a 60-row list: first in this process, then again
/// (a new controller of the same kind, best of three), and prints the sums of the frame
/// times and the longest frames, in milliseconds: `first warm firstLongest warmLongest`.
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
    func timedPush() -> (total: Double, longest: Double) {
        let detail = FirstUseDetailController(style: .insetGrouped)
        detail.title = "Settings"
        var frames = [milliseconds {
            nav.pushViewController(detail, animated: true)
            screen.advance(by: 1.0 / 60)
            screen.renderFrame()
        }]
        for _ in 0 ..< 24 {
            frames.append(milliseconds {
                screen.advance(by: 1.0 / 60)
                screen.renderFrame()
            })
        }
        nav.popViewController(animated: true)
        for _ in 0 ..< 30 {
            screen.advance(by: 1.0 / 60)
            screen.renderFrame()
        }
        return (frames.reduce(0, +), frames.max() ?? 0)
    }
    let first = timedPush()
    let warm = (0 ..< 3).map { _ in timedPush() }
    print(first.total, warm.map(\.total).min() ?? .nan, first.longest, warm.map(\.longest).min() ?? .nan)
}

/// The first push of a process against a warm one, each run in a fresh process (fonts,
/// glyph caches, symbol drawings and backing stores are process-wide). Goal: ≤ 1.5.
@MainActor
func runFirstUseBenchmarks() {
    guard selected("firstUse.push") else { return }
    var firsts: [Double] = [], warms: [Double] = [], firstLongest: [Double] = [], warmLongest: [Double] = []
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
        guard numbers.count == 4 else { print("firstUse.push: the child printed \(String(decoding: data, as: UTF8.self))"); return }
        firsts.append(numbers[0])
        warms.append(numbers[1])
        firstLongest.append(numbers[2])
        warmLongest.append(numbers[3])
    }
    Benchmark(name: "firstUse.push.25frames", notes: [
        "what": "the 25 frames of the first push of a process (grouped table, large titles, symbols, switches), each process fresh",
    ]).report(firsts, baseline: Baseline(name: "warmUse.push.25frames", medianMilliseconds: median(of: warms) ?? .nan))
    Benchmark(name: "firstUse.push.longestFrame", notes: [
        "what": "the longest frame of that first push: the hitch a person sees",
    ]).report(firstLongest, baseline: Baseline(name: "warmUse.push.longestFrame", medianMilliseconds: median(of: warmLongest) ?? .nan))
}
