import ArgumentParser
import Foundation
import Tabula

/// Android's UI/Application Exerciser Monkey for the Showcase: random, person-like events
/// against every scene on an iPhone 15-shaped `HeadlessScreen`, found through the
/// accessibility queries, with invariants that hold in any app checked after every step.
/// It stops at the first problem and prints how to reproduce it (seed, scene, step, the
/// events so far). `--trace` prints each event before it is sent, so that a trap — which
/// no check can catch — leaves its reproduction on the terminal.
///
/// Run as `swift run -c release AppMonkey --steps N --seed S [--scene NAME]` (the same
/// program as the Showcase, under a second name) or `Showcase monkey …`.
struct Monkey: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monkey",
        abstract: "Walk the scenes with random person-like events, checking invariants after every step.")

    @Option(help: "Events to send in all (shared among the scenes walked).") var steps = 1000
    @Option(help: "The seed of the random events; the same seed sends the same events.") var seed: UInt64 = 1
    @Option(help: "Walk only this scene (default: every scene, in turn).") var scene: String?
    @Option(help: "Steps between rests, after which the tables are checked at rest.") var restEvery = 10
    @Flag(help: "Print each event before it is sent.") var trace = false

    /// Problems the monkey has found that are not fixed yet, each with where it is
    /// tracked. Every entry is a defect to remove, not a rule.
    static let knownProblems: [(scene: String, problem: String, note: String)] = []

    func validate() throws {
        do throws(InputError) {
            guard steps > 0 else { throw InputError("--steps must be at least 1, got \(steps)") }
            guard restEvery > 0 else { throw InputError("--rest-every must be at least 1, got \(restEvery)") }
        } catch { throw error.report() }
    }

    @MainActor func run() async throws {
        var scenes = Scenes.all
        if let scene {
            do throws(InputError) { scenes = [try findScene(named: scene)] } catch { throw error.report() }
        }
        let share = max(1, steps / scenes.count)
        var total = 0, knownCount = 0
        for (index, type) in scenes.enumerated() {
            let count = index == scenes.count - 1 ? max(1, steps - total) : share
            // Each scene has its own stream of events, named by the seed and the scene,
            // so that `--scene NAME` replays a scene's walk from a run over all of them.
            var random = SplitMix64(seed: seed, scene: type.name)
            let walk = MonkeyWalk(scene: type, seed: seed, trace: trace, restEvery: restEvery)
            if let failure = walk.run(steps: count, random: &random) {
                if let known = Self.knownProblems.first(where: { $0.scene == type.name && failure.contains($0.problem) }) {
                    // Found before and not fixed yet: said loudly, the scene's walk ends
                    // there, the other scenes are still walked and checked.
                    say("\(type.name): KNOWN PROBLEM, not fixed yet (\(known.note)):\n\(failure)")
                    total += count
                    knownCount += 1
                    continue
                }
                FileHandle.standardError.write(Data(failure.utf8))
                throw ExitCode(1)
            }
            total += count
            say("\(type.name): \(count) steps, 0 problems")
        }
        say("monkey: \(total) steps over \(scenes.count) scenes with seed \(seed): 0 new problems"
            + (knownCount > 0 ? ", \(knownCount) known (walks ended early)" : ""))
    }
}

/// A small, fast, seedable generator (SplitMix64), so a seed names one walk on every machine.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    /// The stream of `scene` in a walk with `seed`: the seed mixed with the name's
    /// FNV-1a hash, the same on every machine and in every run.
    init(seed: UInt64, scene: String) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in scene.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        state = seed ^ hash
    }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One scene walked by the monkey: the screen, the events sent so far, the reports heard.
@MainActor
final class MonkeyWalk {
    let sceneType: any Scene.Type
    let seed: UInt64
    let trace: Bool
    let restEvery: Int
    let screen: HeadlessScreen
    let scene: any Scene
    private(set) var events: [String] = []
    private var reports: [String] = []
    private var textSizes: [UIContentSizeCategory] = [.large, .extraExtraExtraLarge, .accessibilityLarge, .small]

    init(scene type: any Scene.Type, seed: UInt64, trace: Bool, restEvery: Int) {
        sceneType = type
        self.seed = seed
        self.trace = trace
        self.restEvery = restEvery
        screen = HeadlessScreen(device: .iPhone15)
        scene = type.init()
    }

    /// Sends `steps` events; returns the reproduction of the first problem, or nil.
    func run(steps: Int, random: inout SplitMix64) -> String? {
        let savedUse = UIViewController.onInvalidUse, savedLayout = NSLayoutConstraint.reportHandler
        let savedLayer = CALayer.onInvalidValue
        defer {
            UIViewController.onInvalidUse = savedUse
            NSLayoutConstraint.reportHandler = savedLayout
            CALayer.onInvalidValue = savedLayer
        }
        UIViewController.onInvalidUse = { [weak self] in self?.reports.append("UIViewController: \($0)") }
        NSLayoutConstraint.reportHandler = { [weak self] in self?.reports.append("Auto Layout: \($0)") }
        CALayer.onInvalidValue = { [weak self] in self?.reports.append("CALayer: \($0)") }
        screen.onReport = { [weak self] in self?.reports.append($0) }
        screen.showsSoftwareKeyboard = true
        Gallery.show(scene, on: screen)
        scene.settle(on: screen)
        for step in 1 ... steps {
            let event = nextEvent(&random)
            events.append(event.name)
            if trace { say("\(sceneType.name) step \(step): \(event.name)") }
            event.send()
            if let problem = check(atRest: false) ?? (step % restEvery == 0 ? rest() : nil) {
                return reproduction(step: step, problem: problem)
            }
        }
        return rest().map { reproduction(step: steps, problem: $0) }
    }

    private func reproduction(step: Int, problem: String) -> String {
        """
        monkey: a problem in scene '\(sceneType.name)' at step \(step) (seed \(seed)):
          \(problem)
        Reproduce: AppMonkey --seed \(seed) --scene \(sceneType.name) --steps \(step) --trace
        Events (last 40 of \(events.count)):
        \(events.suffix(40).enumerated().map { "  \(events.count - min(40, events.count) + $0.offset + 1). \($0.element)" }.joined(separator: "\n"))

        """
    }

    // MARK: Events

    struct Event {
        var name: String
        var send: () -> Void
    }

    private func point(_ random: inout SplitMix64, inset: CGFloat = 20) -> CGPoint {
        let size = screen.size
        return CGPoint(x: CGFloat.random(in: inset ... size.width - inset, using: &random).rounded(),
                       y: CGFloat.random(in: 120 ... size.height - 60, using: &random).rounded())
    }

    private func nextEvent(_ random: inout SplitMix64) -> Event {
        let screen = self.screen
        let size = screen.size
        let wait = Double(Int.random(in: 1 ... 40, using: &random)) / 60
        let roll = Int.random(in: 0 ..< 100, using: &random)
        switch roll {
        case 0 ..< 30:
            // A tap on something on screen: a button, a cell, a field; else anywhere.
            let elements = screen.accessibilityElements.filter { $0.frame.width > 0 && $0.frame.height > 0 }
            if let element = elements.randomElement(using: &random) {
                let p = element.activationPoint
                return Event(name: "tap \"\(element.label ?? "?")\" at \(Int(p.x)),\(Int(p.y)); wait \(wait)") {
                    screen.tap(at: p)
                    screen.advance(by: wait)
                }
            }
            let p = point(&random)
            return Event(name: "tap at \(Int(p.x)),\(Int(p.y)); wait \(wait)") { screen.tap(at: p); screen.advance(by: wait) }
        case 30 ..< 45:
            let from = point(&random), dy = CGFloat.random(in: -400 ... 400, using: &random).rounded()
            let to = CGPoint(x: from.x, y: min(max(from.y + dy, 60), size.height - 10))
            let duration = Double.random(in: 0.08 ... 0.6, using: &random)
            let kind = duration < 0.15 ? "fling" : "scroll"
            return Event(name: "\(kind) \(Int(from.x)),\(Int(from.y)) → \(Int(to.y)) in \(String(format: "%.2f", duration)) s") {
                screen.drag(from: from, to: to, duration: duration)
                screen.advance(by: wait)
            }
        case 45 ..< 52:
            let y = CGFloat.random(in: 200 ... size.height - 100, using: &random).rounded()
            let reach = CGFloat.random(in: 60 ... size.width - 20, using: &random).rounded()
            return Event(name: "edge swipe from 3,\(Int(y)) to \(Int(reach))") {
                let finger = screen.touchDown(at: CGPoint(x: 3, y: y))
                for step in 1 ... 10 {
                    screen.advance(by: 1.0 / 60)
                    screen.moveTouch(finger, to: CGPoint(x: 3 + (reach - 3) * CGFloat(step) / 10, y: y))
                }
                screen.liftTouch(finger)
                screen.advance(by: 0.6)
            }
        case 52 ..< 58:
            let p = point(&random)
            return Event(name: "long press at \(Int(p.x)),\(Int(p.y)), then tap at the top left") {
                screen.longPress(at: p, duration: 0.8)
                screen.advance(by: 0.5)
                screen.tap(at: CGPoint(x: 30, y: 130))
                screen.advance(by: 0.5)
            }
        case 58 ..< 66:
            let cells = screen.cells.allElements
            guard let cell = cells.randomElement(using: &random) else { return idle(wait) }
            let left = Bool.random(using: &random)
            let frame = cell.frame
            let from = CGPoint(x: left ? frame.maxX - 30 : frame.minX + 40, y: frame.midY)
            let to = CGPoint(x: left ? frame.maxX - 260 : frame.minX + 280, y: frame.midY)
            return Event(name: "swipe row \"\(cell.label ?? "?")\" \(left ? "left" : "right")") {
                screen.drag(from: from, to: to, duration: 0.3)
                screen.advance(by: wait)
            }
        case 66 ..< 70:
            return Event(name: "pull down from the top") {
                screen.drag(from: CGPoint(x: size.width / 2, y: 180), to: CGPoint(x: size.width / 2, y: 560), duration: 0.6)
                screen.advance(by: 2)
            }
        case 70 ..< 78:
            guard screen.firstResponderTextInput != nil else { return idle(wait) }
            let words = ["Emma", "héllo", "👍🏽", "Tabula", "1234", "日本", "a b c", "e\u{301}"]
            let text = words.randomElement(using: &random)!
            let pressReturn = Bool.random(using: &random)
            return Event(name: "type \"\(text)\"\(pressReturn ? " and Return" : "")") {
                screen.typeText(text)
                if pressReturn { screen.pressKey(.keyboardReturnOrEnter, characters: "\n") }
                screen.advance(by: wait)
            }
        case 78 ..< 82:
            return Event(name: "toggle dark mode") {
                screen.userInterfaceStyle = screen.userInterfaceStyle == .dark ? .light : .dark
                screen.advance(by: wait)
            }
        case 82 ..< 85:
            textSizes.append(textSizes.removeFirst())
            let size = textSizes[0]
            return Event(name: "text size \(size.rawValue)") {
                screen.preferredContentSizeCategory = size
                screen.advance(by: wait)
            }
        case 85 ..< 88:
            let landscape = screen.interfaceOrientation.isPortrait
            return Event(name: "rotate to \(landscape ? "landscape" : "portrait")") {
                screen.rotate(to: landscape ? .landscapeRight : .portrait)
                screen.advance(by: 0.6)
            }
        default:
            return idle(wait)
        }
    }

    private func idle(_ wait: Double) -> Event {
        Event(name: "wait \(wait)") { self.screen.advance(by: wait) }
    }

    // MARK: Invariants

    /// Lets everything settle (no touches for 3 seconds), then checks the invariants at
    /// rest. A deceleration may take longer than that, and the indicators fade after it, so
    /// animations get up to 10 seconds more to end: one still running then never will.
    private func rest() -> String? {
        screen.advance(by: 3)
        if let problem = check(atRest: true) ?? appearanceProblem() { return problem }
        var waited = 0.0
        while let problem = animationProblem() {
            if waited >= 10 { return problem }
            screen.advance(by: 0.5)
            waited += 0.5
        }
        return nil
    }

    /// Every view controller the walk has seen on screen, held weakly: those that left
    /// (popped, dismissed, replaced) must have been told they disappeared.
    private var controllersSeen: [ObjectIdentifier: WeakController] = [:]
    private struct WeakController { weak var controller: UIViewController? }

    /// At rest, appearance callbacks balance: no view controller is left between a
    /// `viewWillAppear` and its `viewDidAppear` (or the disappearing pair), and a view
    /// controller has appeared exactly when its view is in the window.
    func appearanceProblem() -> String? {
        var stack = [screen.window?.rootViewController].compactMap { $0 }
        while let controller = stack.popLast() {
            controllersSeen[ObjectIdentifier(controller)] = WeakController(controller: controller)
            stack.append(contentsOf: controller.children)
            if let presented = controller.presentedViewController, presented.presentingViewController === controller {
                stack.append(presented)
            }
        }
        for entry in controllersSeen.values {
            guard let controller = entry.controller else { continue }
            let name = "\(type(of: controller))\(controller.title.map { " \"\($0)\"" } ?? "")"
            let inWindow = controller.viewIfLoaded?.window != nil
            switch controller.appearance {
            case .appearing:
                return "at rest, \(name) was sent viewWillAppear but not viewDidAppear"
            case .disappearing:
                return "at rest, \(name) was sent viewWillDisappear but not viewDidDisappear"
            case .appeared where !inWindow:
                return "at rest, \(name) has appeared but its view is in no window (viewWillDisappear never came)"
            case .disappeared where inWindow && controller.parent.map({ $0.appearance == .appeared }) ?? true:
                return "at rest, \(name)'s view is in the window but it was never sent viewDidAppear"
            default:
                continue
            }
        }
        controllersSeen = controllersSeen.filter { $0.value.controller != nil }
        return nil
    }

    /// At rest nothing is left animating but what repeats for ever (a spinner).
    func animationProblem() -> String? {
        guard screen.animatingLayerCount > 0, let root = screen.window?.layer else { return nil }
        var forever = 0
        var stack = [root]
        while let layer = stack.popLast() {
            let keys = layer.animationKeys() ?? []
            if !keys.isEmpty { forever += 1 }
            for key in keys {
                guard let animation = layer.animation(forKey: key) else { continue }
                if animation.repeatCount.isInfinite || animation.repeatDuration.isInfinite { continue }
                let owner = layer.delegate.map { "\(type(of: $0))" } ?? "\(type(of: layer))"
                return "at rest (13 s without touches), the layer of a \(owner) still animates '\(key)' (\(animation.duration) s from \(String(format: "%.2f", animation.beginTime)), now \(String(format: "%.2f", screen.currentTime)))"
            }
            stack.append(contentsOf: layer.sublayers ?? [])
        }
        guard screen.animatingLayerCount > forever else { return nil }
        return "at rest, \(screen.animatingLayerCount) layers animate, \(forever) of them for ever in the window: the rest are out of the tree"
    }

    /// The first invariant that does not hold, in words; nil when all hold.
    func check(atRest: Bool) -> String? {
        if let report = reports.first { return "reported (no step of the monkey is bad input): \(report)" }
        guard let window = screen.window else { return "the screen shows no window" }
        var stack: [UIView] = [window]
        let windowStyle = window.traitCollection.userInterfaceStyle
        let windowSize = window.traitCollection.preferredContentSizeCategory
        while let view = stack.popLast() {
            let f = view.frame
            if !(f.minX.isFinite && f.minY.isFinite && f.width.isFinite && f.height.isFinite) {
                return "\(type(of: view)) has a frame that is not finite: \(f)"
            }
            if view.traitCollection.preferredContentSizeCategory != windowSize {
                return "\(type(of: view)) has text size \(view.traitCollection.preferredContentSizeCategory.rawValue), its window \(windowSize.rawValue)"
            }
            if !overridesStyle(view), view.traitCollection.userInterfaceStyle != windowStyle {
                return "\(type(of: view)) is \(view.traitCollection.userInterfaceStyle) in a \(windowStyle) window"
            }
            if atRest, let table = view as? UITableView, let problem = tableProblem(table) { return problem }
            stack.append(contentsOf: view.subviews)
        }
        return nil
    }

    /// Whether the view or one of its ancestors (or their controllers) chooses its own appearance.
    private func overridesStyle(_ view: UIView) -> Bool {
        var current: UIView? = view
        while let v = current {
            if v.overrideUserInterfaceStyle != .unspecified { return true }
            if let controller = v.next as? UIViewController, controller.overrideUserInterfaceStyle != .unspecified { return true }
            current = v.superview
        }
        return false
    }

    /// At rest, a table's visible cells sit exactly at their rows' rectangles and do not overlap.
    private func tableProblem(_ table: UITableView) -> String? {
        guard !table.isDragging, !table.isDecelerating else { return nil }
        let paths = (table.indexPathsForVisibleRows ?? []).sorted()
        var previous: (IndexPath, CGRect)?
        for path in paths {
            guard let cell = table.cellForRow(at: path) else { continue }
            let expected = table.rectForRow(at: path)
            let shown = cell.frame
            if abs(shown.minY - expected.minY) > 0.5 || abs(shown.height - expected.height) > 0.5 {
                return "at rest, the cell of row \(path.section).\(path.row) is at \(shown), its row at \(expected)"
            }
            if let (other, frame) = previous, frame.maxY > shown.minY + 0.5 {
                return "at rest, the cells of rows \(other.section).\(other.row) and \(path.section).\(path.row) overlap"
            }
            previous = (path, shown)
        }
        return nil
    }
}
