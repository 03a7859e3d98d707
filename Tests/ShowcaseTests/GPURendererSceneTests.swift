import Foundation
import Testing
@testable import Showcase
import Tabula
@testable import TabulaQuartz
@testable import TabulaSnapshotTesting
@testable import TabulaUIKit

/// The GPU renderer (OpenGL ES 3, under Mesa's llvmpipe on a machine without a GPU) draws
/// every Showcase scene as the Cairo renderer does, within the snapshot tolerance: at rest,
/// in the middle of the scene's animation, and at its end.
@MainActor
@Suite("The GPU renderer draws every scene as Cairo does")
struct GPURendererSceneTests {
    /// The snapshot tolerance: a pixel matches within ΔE 2 (the smallest difference a person
    /// sees), and 99.5 % of the pixels must match.
    static let perceptualPrecision: Float = 0.98, precision: Float = 0.995

    /// The frame as it stands, composited by `kind`.
    func frame(_ screen: HeadlessScreen, by kind: FrameRendererKind) -> Bitmap {
        screen.rendererKind = kind
        let statistics = screen.compositeAgain()
        #expect(statistics.drawingFailure == nil, "\(kind): \(statistics.drawingFailure ?? "")")
        return screen.withFramePixels { _, _, _, _ in screen.frame.copy() }
    }

    /// Compares the frame as drawn by each renderer; records an issue naming the moment
    /// when they differ beyond the tolerance.
    func compare(_ screen: HeadlessScreen, _ moment: String, _ name: String) {
        let cairo = frame(screen, by: .cairo), gpu = frame(screen, by: .gpu)
        #expect(screen.gpuRenderer != nil)
        let comparison = ImageComparison(reference: cairo, new: gpu, perceptualPrecision: Self.perceptualPrecision)
        if let failure = comparison.failure(precision: Self.precision, perceptualPrecision: Self.perceptualPrecision) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("GPURendererSceneTests")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let stem = folder.appendingPathComponent("\(name)-\(moment)").path
            try? cairo.pngData().write(to: URL(fileURLWithPath: stem + "-cairo.png"))
            try? gpu.pngData().write(to: URL(fileURLWithPath: stem + "-gpu.png"))
            try? comparison.differenceImage(reference: cairo).pngData().write(to: URL(fileURLWithPath: stem + "-difference.png"))
            Issue.record("\(name), \(moment): \(failure) (\(comparison.differentPixels) pixels differ at all; pictures at \(stem)-*.png)")
        }
        screen.rendererKind = .cairo
    }

    @Test("the GPU renderer is there: an OpenGL ES 3 context on EGL (a GPU or llvmpipe)")
    func available() throws {
        switch GLFrameRenderer.headless() {
        case .success(let renderer): #expect(!renderer.rendererName.isEmpty)
        case .failure(let failure):
            Issue.record("no GPU renderer: \(failure). Install libegl1, libgles2 and libgl1-mesa-dri (scripts/setup.sh does).")
        }
    }

    @Test("every scene, at rest, mid-animation and at the end", arguments: GalleryTests.sceneNames)
    func scene(_ name: String) throws {
        _ = try #require(try? GLFrameRenderer.headless().get(), "no GPU renderer")
        let type = try #require(Scenes.named(name))
        let scene = type.init()
        let screen = HeadlessScreen(device: type.device(scale: 2))
        Gallery.show(scene, on: screen)
        scene.settle(on: screen)
        compare(screen, "rest", name)
        // Three moments of the scene's own animation, as a person plays it.
        var frames = 0
        let previous = screen.frameObserver
        screen.frameObserver = { [unowned screen] in
            previous?()
            frames += 1
            if frames == 6 || frames == 20 || frames == 45 { compare(screen, "frame\(frames)", name) }
        }
        scene.play(on: screen)
        screen.frameObserver = previous
        compare(screen, "end", name)
        withExtendedLifetime(scene) {}
    }
}
