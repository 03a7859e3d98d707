import Foundation
import Tabula
import TabulaTestSupport

/// Drives a table the way a hostile or careless app and a restless user would — batch
/// updates valid and invalid landing on running animations and under a resting finger,
/// reloads, flings, animated scrolls, drags, height changes — on a headless screen, seeded so that any failure
/// can be run again, and checks at rest that the table shows exactly the data.
///
/// Every `checkEvery` steps the clock runs until everything settles, then:
/// - every invalid batch was reported exactly once, and nothing else was reported;
/// - the table's counts equal the data's, every cell shows its row's text at its row's
///   place, opaque and in the table, and every row on screen has a cell;
/// - the content offset is inside the content;
/// - the data source was never asked for a row it does not have;
/// and after every step, settled or not, that the table's items balance (`TableItemStore`'s invariants).
@MainActor
public final class TableFuzzer {
    /// What a run did, and what went wrong.
    public struct Report: CustomStringConvertible {
        /// The seed of the run.
        public var seed: UInt64
        /// How the app gets its cells.
        public var cells: FuzzCellSupply
        /// Steps run.
        public var steps = 0
        /// Valid batch updates made.
        public var validBatches = 0
        /// Invalid batch updates made.
        public var invalidBatches = 0
        /// Reloads, scrolls and settle checks made.
        public var reloads = 0, scrolls = 0, checks = 0
        /// Each problem found, with the step and the last operations.
        public var problems: [String] = []

        /// One line of counts.
        public var description: String {
            "seed \(seed) (\(cells)): \(steps) steps, \(validBatches) valid and \(invalidBatches) invalid batches, "
                + "\(reloads) reloads, \(scrolls) scrolls, \(checks) checks, \(problems.count) problems"
        }
    }

    private var rng: SeededRandom
    private var maker = FuzzBatchMaker(nextID: 0)
    private let screen: HeadlessScreen
    private let window = UIWindow(frame: .zero)
    private let table: UITableView
    private let source: FuzzDataSource
    private var errors: [TableUpdateError] = []
    private var expectedInvalid = 0
    private var recent: [String] = []
    /// A finger resting on the table across steps, if one is.
    private var restingFinger: Int?
    private var report: Report

    /// A fuzzer whose every choice follows from `seed`, including the table's style and
    /// whether it estimates heights. The app dequeues its cells, or (`cells: .caches`)
    /// keeps them by index path; by default odd seeds dequeue and even seeds cache.
    public init(seed: UInt64, cells: FuzzCellSupply? = nil) {
        rng = SeededRandom(seed: seed)
        report = Report(seed: seed, cells: cells ?? (seed % 2 == 0 ? .caches : .dequeues))
        let styles: [UITableView.Style] = [.plain, .grouped, .insetGrouped]
        table = UITableView(frame: .zero, style: styles.randomElement(using: &rng)!)
        var sections: [FuzzSection] = []
        for _ in 0 ..< Int.random(in: 1 ... 6, using: &rng) {
            sections.append(maker.newSection(&rng, rows: 0 ... 40))
        }
        source = FuzzDataSource(sections: sections)
        source.estimate = [0, 44, 100].randomElement(using: &rng)!
        source.supply = report.cells
        screen = HeadlessScreen(size: CGSize(width: 390, height: 844), scale: 1)
        let controller = UIViewController()
        window.rootViewController = controller
        screen.show(window)
        table.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "fuzz")
        table.onInvalidUpdate = { [unowned self] in self.errors.append($0) }
        table.dataSource = source
        table.delegate = source
        controller.view.addSubview(table)
        screen.advance(by: 1.0 / 60)
    }

    /// Runs `steps` steps, checking at rest every `checkEvery`; stops early after
    /// `maximumProblems` problems.
    public func run(steps: Int, checkEvery: Int = 40, maximumProblems: Int = 5, trace: Range<Int>? = nil) -> Report {
        for step in 0 ..< steps {
            report.steps += 1
            self.step()
            // The cells' books balance after every step, mid-animation too.
            let books = table.itemStoreProblems
            if !books.isEmpty {
                report.problems.append("step \(step): " + books.prefix(4).joined(separator: "; ")
                                       + "\n  after: " + recent.joined(separator: "\n         "))
                if report.problems.count >= maximumProblems { break }
            }
            if let trace, trace.contains(step) {
                print("\(step): \(recent.last ?? "") → offset \(table.contentOffset.y) of max \(table.maximumContentOffset.y)"
                      + " decelerating \(table.isDecelerating)")
            }
            if (step + 1) % checkEvery == 0 || step == steps - 1 {
                check(step: step)
                if report.problems.count >= maximumProblems { break }
            }
        }
        return report
    }

    private func note(_ what: String) {
        recent.append(what)
        if recent.count > 12 { recent.removeFirst() }
    }

    private func step() {
        let roll = Int.random(in: 0 ..< 100, using: &rng)
        switch roll {
        case 0 ..< 30: batch(valid: true)
        case 30 ..< 35: batch(valid: false)
        case 35 ..< 39: reload()
        case 39 ..< 59: scroll()
        case 59 ..< 63: changeHeights()
        case 63 ..< 66: restOrLiftFinger()
        default:
            let frames = Int.random(in: 0 ... 20, using: &rng)
            note("advance \(frames) frames")
            screen.advance(by: Double(frames) / 60)
        }
    }

    private func batch(valid: Bool) {
        let old = source.sections
        let size = Double.random(in: 0.3 ... 3, using: &rng)
        var batch = maker.validBatch(from: old, size: size, &rng)
        var what = "batch"
        if !valid {
            let broken = FuzzBatchMaker.broken(batch, old: old, &rng)
            batch = broken.0
            what = "invalid batch (\(broken.1))"
            expectedInvalid += 1
            report.invalidBatches += 1
        } else {
            report.validBatches += 1
        }
        note("\(what): \(batch.operations.map(\.description).joined(separator: ", "))")
        source.sections = batch.sections
        let animated = Int.random(in: 0 ..< 10, using: &rng) > 0
        let apply = { [table] in
            table.performBatchUpdates { for op in batch.operations { op.apply(to: table) } }
        }
        if animated { apply() } else { UIView.performWithoutAnimation(apply) }
    }

    private func reload() {
        report.reloads += 1
        if Bool.random(using: &rng) {
            source.sections = maker.validBatch(from: source.sections, size: 2, &rng).sections
        }
        note("reloadData")
        table.reloadData()
    }

    private func scroll() {
        report.scrolls += 1
        switch Int.random(in: 0 ..< 5, using: &rng) {
        case 0:
            // Inside the content: an offset set outside it on purpose stays there, as in UIKit.
            let y = CGFloat.random(in: 0 ... max(0, table.maximumContentOffset.y), using: &rng)
            let animated = Bool.random(using: &rng)
            note("setContentOffset \(y) animated \(animated)")
            table.setContentOffset(CGPoint(x: 0, y: y), animated: animated)
        case 1:
            let v = CGFloat.random(in: -6000 ... 6000, using: &rng)
            note("fling \(v)")
            table.fling(velocity: CGPoint(x: 0, y: v))
        case 2:
            guard let path = randomRow() else { return }
            let position: UITableView.ScrollPosition = [.top, .middle, .bottom, .none].randomElement(using: &rng)!
            let animated = Bool.random(using: &rng)
            note("scrollToRow \(path.tableDescription) \(position) animated \(animated)")
            table.scrollToRow(at: path, at: position, animated: animated)
        case 3:
            liftFinger()
            let dy = CGFloat.random(in: -600 ... 600, using: &rng)
            note("drag \(dy)")
            screen.drag(from: CGPoint(x: 200, y: 422 - dy / 2), to: CGPoint(x: 200, y: 422 + dy / 2),
                        duration: Double.random(in: 0.05 ... 0.3, using: &rng))
        default:
            note("scrollToTop")
            table.scrollToTop()
        }
    }

    /// Puts a finger down on the table to rest there while the next steps run (batches
    /// land under it, as when data arrives while the user touches a row), or lifts the
    /// one resting, after a small move half the time.
    private func restOrLiftFinger() {
        guard let finger = restingFinger else {
            let point = CGPoint(x: CGFloat.random(in: 40 ... 350, using: &rng), y: CGFloat.random(in: 40 ... 800, using: &rng))
            note("finger down at \(point.y)")
            restingFinger = screen.touchDown(at: point)
            return
        }
        if Bool.random(using: &rng) {
            note("finger moved a little")
            screen.moveTouch(finger, to: CGPoint(x: 200, y: CGFloat.random(in: 40 ... 800, using: &rng)))
            screen.advance(by: 1.0 / 60)
        }
        liftFinger()
    }

    private func liftFinger() {
        guard let finger = restingFinger else { return }
        restingFinger = nil
        note("finger lifted")
        screen.liftTouch(finger)
    }

    private func changeHeights() {
        for _ in 0 ..< Int.random(in: 1 ... 5, using: &rng) {
            guard let path = randomRow() else { return }
            source.sections[path.section].items[path.row].height = FuzzBatchMaker.heights.randomElement(using: &rng)!
        }
        note("heights changed, empty update block")
        table.beginUpdates()
        table.endUpdates()
    }

    private func randomRow() -> IndexPath? {
        let nonEmpty = source.sections.indices.filter { !source.sections[$0].items.isEmpty }
        guard let s = nonEmpty.randomElement(using: &rng) else { return nil }
        return IndexPath(row: Int.random(in: 0 ..< source.sections[s].items.count, using: &rng), section: s)
    }

    private func check(step: Int) {
        report.checks += 1
        liftFinger()
        screen.advance(by: 3)
        var problems = TableConsistency.problems(in: table, titles: source.titles)
        let invalid = errors.filter { $0.kind == .invalidUpdate }.count
        if invalid != expectedInvalid {
            problems.append("\(expectedInvalid) invalid batches, \(invalid) reported")
        }
        // A caching app is told when it hands back a cell the table is animating out.
        for error in errors where error.kind != .invalidUpdate
            && !(report.cells == .caches && error.kind == .cellReusedWhileVisible && error.message.contains("The cell stops leaving")) {
            problems.append("unexpected report: \(error.message)")
        }
        problems += source.outOfRangeRequests
        errors = []
        expectedInvalid = 0
        source.outOfRangeRequests = []
        if !problems.isEmpty {
            problems.append("(content \(table.contentSize.height), decelerating \(table.isDecelerating), "
                            + "tracking \(table.isTracking), \(table.visibleCells.count) cells)")
            report.problems.append("step \(step): " + problems.prefix(7).joined(separator: "; ")
                                   + "\n  after: " + recent.joined(separator: "\n         "))
        }
    }
}
