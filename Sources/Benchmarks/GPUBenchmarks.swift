import Foundation
import Tabula

/// The GPU renderer (OpenGL ES 3 through EGL) against Cairo on the same frames, measured in
/// turn in one run: a frame of a push between two tables at 3x, and a frame of a table
/// scrolled by a finger. On a machine without a GPU, the GL is Mesa's llvmpipe: the
/// ratio then says what a software GL costs against Cairo, not what a GPU gives (see the
/// README). The GPU's time includes reading the frame back into memory.
@MainActor
func runGPUBenchmarks() {
    guard selected("gpu.pushFrame", "gpu.scrollFrame") else { return }
    guard case .success(let renderer) = GLFrameRenderer.headless() else {
        print("{\"name\":\"gpu\",\"skipped\":\"no OpenGL ES 3 context through EGL\"}")
        return
    }
    print("{\"name\":\"gpu.renderer\",\"gl\":\"\(renderer.rendererName)\"}")

    let gpuPush = pushingScreen(.gpu).frame, cairoPush = pushingScreen(.cairo).frame
    benchmark("gpu.pushFrame.1179x2556", iterations: 200, notes: [
        "what": "one frame of an animated push or pop between two 60-row tables at 3x, composited by the GPU renderer and read back",
        "gl": renderer.rendererName,
    ], gpuPush, against: "gpu.pushFrame.cairo", baselineNotes: ["what": "the same frame composited by Cairo"], cairoPush)

    /// A screen whose 60-row table is dragged up and down by a finger, one frame a call.
    func scrollingScreen(_ kind: FrameRendererKind) -> () -> Void {
        let screen = HeadlessScreen(device: .iPhone15)
        screen.rendererKind = kind
        let window = UIWindow(frame: .zero)
        let list = BenchmarkListController(style: .insetGrouped)
        window.rootViewController = UINavigationController(rootViewController: list)
        screen.show(window)
        screen.advance(by: 0.2)
        screen.renderFrame()
        var step = 0
        return {
            let offset = CGFloat(step % 120 < 60 ? step % 60 : 60 - step % 60) * 9
            list.tableView.contentOffset.y = offset - list.tableView.adjustedContentInset.top
            step += 1
            screen.advance(by: 1.0 / 60)
            screen.renderFrame()
        }
    }
    let gpuScroll = scrollingScreen(.gpu), cairoScroll = scrollingScreen(.cairo)
    benchmark("gpu.scrollFrame.1179x2556", iterations: 200, notes: [
        "what": "one frame of a grouped table scrolled 9 points a frame at 3x, composited by the GPU renderer and read back",
        "gl": renderer.rendererName,
    ], gpuScroll, against: "gpu.scrollFrame.cairo", baselineNotes: ["what": "the same frame composited by Cairo"], cairoScroll)
}
