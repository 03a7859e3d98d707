import Foundation
import Tabula

// Benchmarks print one JSON line each. Run in release mode:
//   swift run -c release Benchmarks [filter]
// where filter is part of the names to run; a benchmark compared with a baseline runs
// when either name contains it. A filter ending in `$` names one benchmark (or its
// baseline) exactly: `update.everyFrameWhileScrolling.100000rows$` leaves out `.newWords`.
let filter = CommandLine.arguments.dropFirst().first

/// Whether the filter picks one of `names` (with no filter, everything runs).
func selected(_ names: String...) -> Bool {
    guard let filter else { return true }
    if filter.hasSuffix("$") { return names.contains { $0 == filter.dropLast() } }
    return names.contains { $0.contains(filter) }
}

@MainActor @discardableResult
func benchmark(_ name: String, budget: Double? = nil, iterations: Int = 200, warmup: Int = 10, notes: [String: String] = [:],
               _ body: () -> Void) -> Double {
    guard selected(name) else { return 0 }
    return Benchmark(name: name, budgetMilliseconds: budget, iterations: iterations, warmup: warmup, notes: notes).run(body)
}

/// Like `benchmark`, timing `body` in turn with `baselineBody` (see `Benchmark.run(_:against:_:)`).
@MainActor @discardableResult
func benchmark(_ name: String, budget: Double? = nil, iterations: Int = 200, warmup: Int = 10,
               notes: [String: String] = [:], ratioBudget: Double? = nil, _ body: () -> Void,
               against baseline: String, baselineNotes: [String: String], _ baselineBody: () -> Void) -> Double {
    guard selected(name, baseline) else { return 0 }
    return Benchmark(name: name, budgetMilliseconds: budget, iterations: iterations, warmup: warmup, notes: notes,
                     ratioBudget: ratioBudget)
        .run(body, against: Benchmark(name: baseline, notes: baselineNotes), baselineBody)
}

/// A row like a table cell: an opaque background and two lines of text, drawn once.
final class RowView: UIView {
    var title = ""
    override func draw(_ rect: CGRect) {
        let ctx = UIGraphicsGetCurrentContext()!
        ctx.setFillColor(.white)
        ctx.fill(bounds)
        let layout = TextLayout(text: title, font: .system(size: 17), width: bounds.width - 32)
        ctx.draw(layout, at: CGPoint(x: 16, y: 12), color: .black)
        let detail = TextLayout(text: "Detail text for the row", font: .system(size: 13), width: bounds.width - 32)
        ctx.draw(detail, at: CGPoint(x: 16, y: 38), color: Color(white: 0.45))
        ctx.setFillColor(Color(rgb: 0xC6C6C8))
        ctx.fill(CGRect(x: 16, y: bounds.height - 0.5, width: bounds.width - 16, height: 0.5))
    }
}

@MainActor
func scrollScene() -> (HeadlessScreen, UIView, [RowView]) {
    let screen = HeadlessScreen(size: CGSize(width: 390, height: 844), scale: 3)
    let window = UIWindow(frame: .zero)
    let controller = UIViewController()
    window.rootViewController = controller
    screen.show(window)
    let root = controller.view!
    root.backgroundColor = .systemGroupedBackground
    let content = UIView(frame: root.bounds)
    content.backgroundColor = .systemGroupedBackground
    root.addSubview(content)
    var rows: [RowView] = []
    for i in 0 ..< 12 {
        let row = RowView(frame: CGRect(x: 0, y: CGFloat(i) * 72, width: 390, height: 72))
        row.title = "Row \(i) — The quick brown fox"
        content.addSubview(row)
        rows.append(row)
    }
    screen.advance(by: 1.0 / 60)
    screen.renderFrame()
    return (screen, content, rows)
}

@MainActor
func runAll() {
    let (screen, content, rows) = scrollScene()

    // One scroll frame: the content moves by whole pixels; every row is cached. Its
    // physical limit is copying the frame's bytes once: every pixel comes from one opaque
    // row or the background.
    let frameBytes = screen.withFramePixels { _, _, height, wordsPerRow in height * wordsPerRow * 4 }
    let source = UnsafeMutableRawPointer.allocate(byteCount: frameBytes, alignment: 64)
    let destination = UnsafeMutableRawPointer.allocate(byteCount: frameBytes, alignment: 64)
    defer { source.deallocate(); destination.deallocate() }
    // Written once so that the pages exist before the first timed copy, as the frame's and
    // the backing stores' do.
    memset(source, 0x5A, frameBytes)
    memset(destination, 0, frameBytes)
    let copyName = "memcpy.frame.1170x2532"
    let copyNotes = ["what": "memcpy of the frame's \(frameBytes) bytes between two buffers kept across iterations: the physical limit of compositing opaque cached rows"]
    func copyFrame() { memcpy(destination, source, frameBytes) }
    var offset: CGFloat = 0
    func scroll() {
        offset = offset >= 60 ? 0 : offset + 1.0 / 3
        content.bounds.origin.y = offset
        screen.renderFrame()
    }
    benchmark("composite.scrollFrame.12rows.1170x2532", budget: 1.5,
              notes: ["what": "12 cached opaque row layers over a background, content moved 1 px a frame"],
              scroll, against: copyName, baselineNotes: copyNotes, copyFrame)
    if selected("composite.scrollFrame") {
        let stats = screen.lastFrameStatistics
        print("{\"name\":\"composite.scrollFrame.statistics\",\"layersComposited\":\(stats.layersComposited),"
            + "\"layersBlended\":\(stats.layersBlended),\"layersOccluded\":\(stats.layersOccluded)}")
    }

    // The same frame with one rotated translucent layer on top.
    let badge = UIView(frame: CGRect(x: 95, y: 300, width: 200, height: 200))
    badge.backgroundColor = UIColor.systemRed.withAlphaComponent(0.7)
    badge.transform = CGAffineTransform(rotationAngle: .pi / 7)
    content.superview!.addSubview(badge)
    screen.advance(by: 1.0 / 60)
    benchmark("composite.scrollFrame.withRotatedTranslucentLayer",
              notes: ["what": "the scroll frame plus a 200x200 pt layer rotated 25.7° at alpha 0.7"],
              scroll, against: copyName, baselineNotes: copyNotes, copyFrame)
    badge.removeFromSuperview()

    // The scroll frame with 10 rounded, shadowed cards moving with the content. Equal
    // cards share one blurred shadow, and a whole-pixel move reuses it: a frame pays for
    // compositing the shadows, not for blurring them.
    let cards = (0 ..< 10).map { i -> UIView in
        let card = UIView(frame: CGRect(x: 24, y: 40 + CGFloat(i) * 80, width: 342, height: 64))
        card.backgroundColor = .white
        card.layer.cornerRadius = 12
        card.layer.shadowOpacity = 0.18
        card.layer.shadowRadius = 8
        card.layer.shadowOffset = CGSize(width: 0, height: 4)
        content.addSubview(card)
        return card
    }
    screen.advance(by: 1.0 / 60)
    benchmark("composite.scrollFrame.10shadowedCards",
              notes: ["what": "the scroll frame plus 10 rounded 342x64 pt cards with 8 pt shadows, moved 1 px a frame"],
              scroll, against: copyName, baselineNotes: copyNotes, copyFrame)
    if selected("composite.scrollFrame.10shadowedCards") {
        print("{\"name\":\"composite.scrollFrame.10shadowedCards.statistics\","
            + "\"shadowsBlurredInLastFrame\":\(screen.lastFrameStatistics.shadowsBlurred)}")
    }
    for card in cards { card.removeFromSuperview() }

    // Redraw one row's backing store (text and separator), as after a cell's content changes.
    let row = rows[3]
    benchmark("display.redrawOneRow.390x72@3x", notes: ["what": "setNeedsDisplay + display of one row"]) {
        row.setNeedsDisplay()
        row.layer.displayIfNeeded()
    }

    // Shape and measure one row's title.
    var n = 0
    benchmark("text.layoutOneRowTitle", iterations: 2000, notes: ["what": "TextLayout of a 17 pt title at 358 pt, size"]) {
        n += 1
        let layout = TextLayout(text: "Row \(n) — The quick brown fox jumps", font: .system(size: 17), width: 358)
        _ = layout.size
    }
}

/// 10,000 small views in a window, each with a running UIView animation made by `animate`:
/// all in one block, or with `stagger`, one block per view, each starting `stagger` seconds
/// after the previous one (then no two animations share their timing).
@MainActor
func animationScene(stagger: Double = 0, _ animations: @escaping (UIView, Int) -> Void) -> HeadlessScreen {
    let screen = HeadlessScreen(size: CGSize(width: 390, height: 844), scale: 1)
    let window = UIWindow(frame: .zero)
    window.rootViewController = UIViewController()
    screen.show(window)
    let root = window.rootViewController!.view!
    var views: [UIView] = []
    for i in 0 ..< 10_000 {
        let view = UIView(frame: CGRect(x: CGFloat(i % 100) * 3.9, y: CGFloat(i / 100) * 8.4, width: 3, height: 8))
        view.backgroundColor = .systemBlue
        root.addSubview(view)
        views.append(view)
    }
    screen.advance(by: 1.0 / 60)
    if stagger > 0 {
        for (i, view) in views.enumerated() {
            UIView.animate(withDuration: 10, delay: Double(i) * stagger, options: [.repeat, .autoreverse],
                           animations: { animations(view, i) })
        }
    } else {
        UIView.animate(withDuration: 10, delay: 0, options: [.repeat, .autoreverse], animations: {
            for (i, view) in views.enumerated() { animations(view, i) }
        })
    }
    screen.advance(by: 1.0 / 60)
    return screen
}

/// What an animation frame cannot do without: for each of 10,000 objects, read the two
/// end values of each animated property and write the interpolated one. Objects, not one
/// flat array, because a layer's values live in a heap object of their own; four lanes a
/// value, as the animation engine keeps numbers, points and colours; behind a pointer so
/// that the loop pays no exclusivity or bounds checks, which the engine avoids too.
final class PlainAnimatedObject {
    /// `count` end values, then `count` start values, then `count` current values.
    let storage: UnsafeMutablePointer<SIMD4<Double>>
    let count: Int
    init(values count: Int, seed: Double) {
        self.count = count
        storage = .allocate(capacity: 3 * count)
        storage.initialize(repeating: SIMD4(repeating: seed), count: 3 * count)
        for k in 0 ..< count { storage[count + k] += 1 }
    }
    deinit { storage.deallocate() }

    @inline(__always)
    func interpolate(_ progress: Double) {
        for k in 0 ..< count {
            let from = storage[k], to = storage[count + k]
            storage[2 * count + k] = from + (to - from) * progress
        }
    }
}

/// Runs `frames` frames of `screen` and reports the time spent evaluating animations in
/// each, against a plain loop interpolating as many values (`valuesPerLayer` four-lane
/// vectors for each animating layer) right after each frame.
@MainActor
func animationBenchmark(_ name: String, _ screen: HeadlessScreen, valuesPerLayer: Int, budget: Double? = nil,
                        notes: [String: String]) {
    let baselineName = "plainLoop.interpolate.10000objects.\(valuesPerLayer)values"
    guard selected(name, baselineName) else { return }
    for _ in 0 ..< 10 { screen.advance(by: 1.0 / 60) }
    let objects = (0 ..< screen.animatingLayerCount).map { PlainAnimatedObject(values: valuesPerLayer, seed: Double($0)) }
    var samples: [Double] = [], baselineSamples: [Double] = []
    for frame in 0 ..< 300 {
        screen.advance(by: 1.0 / 60)
        samples.append(screen.lastAnimationTime * 1000)
        let progress = Double(frame % 60) / 60
        baselineSamples.append(milliseconds {
            for object in objects { object.interpolate(progress) }
        })
    }
    var notes = notes
    notes["animatingLayers"] = "\(screen.animatingLayerCount)"
    let baseline = Benchmark(name: baselineName, notes: [
        "what": "a loop over 10,000 heap objects writing \(valuesPerLayer) interpolated SIMD4<Double> each: the floor of touching the animated values",
    ])
    Benchmark(name: name, budgetMilliseconds: budget, iterations: samples.count, notes: notes)
        .report(samples, against: baseline, baselineSamples)
}

@MainActor
func runAnimationBenchmarks() {
    // The time to evaluate every animation for one frame (presentation values, starts and
    // stops), as HeadlessScreen measures it; layout, display and compositing excluded.
    animationBenchmark("animation.evaluate.10000layers.opacity", animationScene { view, _ in view.alpha = 0.5 },
                       valuesPerLayer: 1, budget: 1.0, notes: ["what": "10,000 views each animating alpha"])
    animationBenchmark("animation.evaluate.10000layers.opacity.staggered",
                       animationScene(stagger: 1e-5) { view, _ in view.alpha = 0.5 }, valuesPerLayer: 1,
                       notes: ["what": "10,000 views each animating alpha in a block of its own, begin times 10 µs apart (no shared timing)"])
    animationBenchmark("animation.evaluate.10000layers.positionAndOpacity",
                       animationScene { view, _ in view.center.x += 20; view.alpha = 0.5 }, valuesPerLayer: 2,
                       notes: ["what": "10,000 views each animating center and alpha (20,000 animations)"])
    // A 4×4 transform is four vectors; blending it by parts (decomposing both ends) is
    // the work above that floor.
    animationBenchmark("animation.evaluate.10000layers.rotation",
                       animationScene { view, _ in view.transform = CGAffineTransform(rotationAngle: .pi / 3) },
                       valuesPerLayer: 4,
                       notes: ["what": "10,000 views each animating a rotation (decomposed transform interpolation)"])
    // A whole frame of the virtual clock with the same load, for scale.
    let frame = animationScene { view, _ in view.alpha = 0.5 }
    benchmark("animation.advanceFrame.10000layers.opacity", iterations: 300,
              notes: ["what": "advance(by: 1/60) with 10,000 views animating alpha: layout and display walks plus evaluation"]) {
        frame.advance(by: 1.0 / 60)
    }
}

MainActor.assumeIsolated {
    if ProcessInfo.processInfo.environment[firstUseChildVariable] != nil {
        measureFirstUseChild()
        exit(0)
    }
    runFirstUseBenchmarks()
    runAll()
    runAnimationBenchmarks()
    runTableBenchmarks()
    runCollectionBenchmarks()
    runCompositionalBenchmarks()
    runUpdateBenchmarks()
    runDiffBenchmarks()
    runDataBenchmarks()
    runNavigationBenchmarks()
    runPresentationBenchmarks()
    runGPUBenchmarks()
    runTextBenchmarks()
    runLayoutBenchmarks()
    runLayerBenchmarks()
}
