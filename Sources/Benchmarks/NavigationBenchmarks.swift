import Foundation
import Tabula

/// A table of 60 text rows, for the navigation benchmark.
final class BenchmarkListController: UITableViewController {
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 60 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? UITableViewCell(style: .subtitle, reuseIdentifier: "row")
        cell.textLabel?.text = "Row \(indexPath.row) — The quick brown fox"
        cell.detailTextLabel?.text = "Detail text for the row"
        cell.accessoryType = .disclosureIndicator
        return cell
    }
}

/// An iPhone 15-class screen at 3x showing a 60-row table, "Inbox", in a navigation
/// controller, its first frames run.
@MainActor
func navigationScreen(_ renderer: FrameRendererKind) -> (HeadlessScreen, UINavigationController, BenchmarkListController) {
    let screen = HeadlessScreen(device: .iPhone15)
    screen.rendererKind = renderer
    let window = UIWindow(frame: .zero)
    let root = BenchmarkListController(style: .plain)
    root.title = "Inbox"
    let nav = UINavigationController(rootViewController: root)
    window.rootViewController = nav
    screen.show(window)
    screen.advance(by: 0.2)
    screen.renderFrame()
    return (screen, nav, root)
}

/// A screen at 3x showing a 60-row table in a navigation controller, and the function that
/// runs one frame of it: a push or pop starts when the previous one has ended, so every
/// frame is a frame of a slide (the first one includes the call).
@MainActor
func pushingScreen(_ renderer: FrameRendererKind = .cairo) -> (screen: HeadlessScreen, frame: () -> Void) {
    let (screen, nav, root) = navigationScreen(renderer)
    let detail = BenchmarkListController(style: .insetGrouped)
    detail.title = "Detail"
    var framesLeft = 0
    return (screen, {
        if framesLeft == 0 {
            if nav.topViewController === root { nav.pushViewController(detail, animated: true) } else { nav.popViewController(animated: true) }
            framesLeft = 21
        }
        screen.advance(by: 1.0 / 60)
        screen.renderFrame()
        framesLeft -= 1
    })
}

/// One frame of a push (and of the pop back) on an iPhone 15-class screen at 3x:
/// layout, the slide's animation values, and compositing 1179×2556 pixels, with a table
/// on each side, the navigation bar and the status bar. Budget: a 120 Hz frame, 8.3 ms.
@MainActor
func runNavigationBenchmarks() {
    guard selected("navigation.pushFrame") else { return }
    let (screen, pushFrame) = pushingScreen()
    // The physical limit: writing the frame's bytes once (every pixel of a slide frame
    // is written at least once).
    let frameBytes = screen.withFramePixels { _, _, height, wordsPerRow in height * wordsPerRow * 4 }
    let source = UnsafeMutableRawPointer.allocate(byteCount: frameBytes, alignment: 64)
    let destination = UnsafeMutableRawPointer.allocate(byteCount: frameBytes, alignment: 64)
    defer { source.deallocate(); destination.deallocate() }
    memset(source, 0x5A, frameBytes)
    memset(destination, 0, frameBytes)
    benchmark("navigation.pushFrame.1179x2556", budget: 8.3, iterations: 600, notes: [
        "what": "one frame of an animated push or pop between two 60-row tables: layout, animation and compositing at 3x, status and navigation bars",
    ], pushFrame, against: "memcpy.frame.1179x2556",
       baselineNotes: ["what": "memcpy of the frame's \(frameBytes) bytes: the physical limit of writing every pixel once"]) {
        memcpy(destination, source, frameBytes)
    }
    printStatistics(of: screen, as: "navigation.pushFrame")
}

/// Where the last frame's time went, to read beside a ratio.
@MainActor
func printStatistics(of screen: HeadlessScreen, as name: String) {
    let stats = screen.lastFrameStatistics
    print("{\"name\":\"\(name).statistics\",\"layersComposited\":\(stats.layersComposited),"
        + "\"layersBlended\":\(stats.layersBlended),\"layersOccluded\":\(stats.layersOccluded),"
        + "\"rastersReused\":\(stats.rastersReused),\"rastersDrawn\":\(stats.rastersDrawn),"
        + String(format: "\"layout_ms\":%.3f,\"animation_ms\":%.3f,\"display_ms\":%.3f,\"composite_ms\":%.3f}",
                 stats.layoutTime * 1000, stats.animationTime * 1000, stats.displayTime * 1000, stats.compositeTime * 1000))
}

/// The navigation screen of ``pushingScreen(_:)`` with a view controller presented over it
/// and dismissed again, in turn, each after `frames` frames (its animation's length and one
/// more): every frame is a frame of the presentation's animation.
@MainActor
func presentingScreen(frames: (present: Int, dismiss: Int),
                      _ present: @escaping @MainActor () -> UIViewController) -> (screen: HeadlessScreen, frame: () -> Void) {
    let (screen, nav, _) = navigationScreen(.cairo)
    var framesLeft = 0
    return (screen, {
        if framesLeft == 0 {
            if nav.presentedViewController == nil {
                nav.present(present(), animated: true)
                framesLeft = frames.present
            } else {
                nav.dismiss(animated: true)
                framesLeft = frames.dismiss
            }
        }
        screen.advance(by: 1.0 / 60)
        screen.renderFrame()
        framesLeft -= 1
    })
}

/// One frame of an alert appearing or going (its card grows into place over a blurred,
/// dimmed backdrop), of a sheet sliding up or down, and of a full-screen presentation
/// sliding up or down, over the navigation screen.
@MainActor
func runPresentationBenchmarks() {
    let frameBytes = 1179 * 2556 * 4
    let source = UnsafeMutableRawPointer.allocate(byteCount: frameBytes, alignment: 64)
    let destination = UnsafeMutableRawPointer.allocate(byteCount: frameBytes, alignment: 64)
    defer { source.deallocate(); destination.deallocate() }
    memset(source, 0x5A, frameBytes)
    memset(destination, 0, frameBytes)
    /// Times one frame of `present`'s controller coming and going against the frame's memcpy.
    func run(_ name: String, frames: (present: Int, dismiss: Int), what: String,
             _ present: @escaping @MainActor () -> UIViewController) {
        guard selected("presentation.\(name)", "memcpy.frame") else { return }
        let (screen, frame) = presentingScreen(frames: frames, present)
        benchmark("presentation.\(name).1179x2556", budget: 8.3, iterations: 330, notes: ["what": what], frame,
                  against: "memcpy.frame.1179x2556", baselineNotes: ["what": "memcpy of the frame's \(frameBytes) bytes"]) {
            memcpy(destination, source, frameBytes)
        }
        printStatistics(of: screen, as: "presentation.\(name)")
    }
    /// A 60-row grouped table in its own navigation controller, titled `title`.
    func list(_ title: String) -> UINavigationController {
        let controller = BenchmarkListController(style: .insetGrouped)
        controller.title = title
        return UINavigationController(rootViewController: controller)
    }
    // 0.3 s in, 0.2 s out.
    run("alertFrame", frames: (19, 13), what: "one frame of an alert appearing or going over a 60-row table at 3x: "
        + "the card scales and fades over its blurred backdrop, the screen behind dims") {
        let alert = UIAlertController(title: "Reset All Settings?", message: "Every setting returns to its default. Your data stays.",
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Reset", style: .destructive))
        return alert
    }
    // 0.45 s each way.
    run("sheetFrame", frames: (28, 28),
        what: "one frame of a page sheet sliding up or down over a 60-row table at 3x, the screen behind pushed back") {
        list("Sheet")
    }
    // 0.4 s each way.
    run("fullScreenFrame", frames: (25, 25), what: "one frame of a full-screen presentation sliding up or down over a 60-row table at 3x") {
        let cover = list("Cover")
        cover.modalPresentationStyle = .fullScreen
        return cover
    }
}
