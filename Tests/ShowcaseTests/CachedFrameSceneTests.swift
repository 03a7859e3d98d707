import Foundation
import Testing
@testable import Showcase
import Tabula
@testable import TabulaQuartz
@testable import TabulaUIKit

/// The compositor keeps screens, cards and fading rows as bitmaps while they move, and
/// copies a kept screen with the dimming over it in one pass. None of that may show: every
/// frame of every Showcase scene, as a person plays it, looks as it does when every layer
/// is drawn again. (An action sheet's blurred card, kept as a bitmap while it slid, once
/// showed the rows behind it unblurred.)
@MainActor
@Suite("Every frame of every scene looks the same with the compositor's kept bitmaps and without")
struct CachedFrameSceneTests {
    /// The frame's pixels.
    static func pixels(_ screen: HeadlessScreen) -> [UInt32] {
        screen.withFramePixels { base, _, height, wordsPerRow in Array(UnsafeBufferPointer(start: base, count: height * wordsPerRow)) }
    }

    /// How many pixels differ by more than 8 levels of 255 (3 %) in a colour channel. A
    /// blurred bar inside a kept screen reads the whole screen behind it, drawn directly
    /// only the part on the frame: where a sliding tab bar leaves the frame, its blur
    /// differs by up to 5 levels. Anything that shows differs by far more.
    static func differing(_ a: [UInt32], _ b: [UInt32]) -> Int {
        let equal = a.count == b.count && a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
        if equal { return 0 }
        var count = 0
        for (p, q) in zip(a, b) where p != q {
            for shift: UInt32 in [0, 8, 16] where abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) > 8 {
                count += 1
                break
            }
        }
        return count
    }

    @Test("every frame of the scene's script", arguments: GalleryTests.sceneNames)
    func scene(_ name: String) throws {
        let type = try #require(Scenes.named(name))
        let scene = type.init()
        let screen = HeadlessScreen(device: type.device(scale: 2))
        // Bands, as on a machine with two cores or more: the one-pass copy of a kept
        // screen under its dimming happens there.
        screen.compositor.bandThreads = 2
        Gallery.show(scene, on: screen)
        scene.settle(on: screen)
        var frames = 0, kept = 0, worst = (count: 0, frame: 0)
        let previous = screen.frameObserver
        screen.frameObserver = { [unowned screen] in
            previous?()
            frames += 1
            let cached = Self.pixels(screen)
            // A frame that drew no kept bitmap is drawn layer by layer already.
            let used = screen.lastFrameStatistics
            guard used.rastersReused + used.rastersDrawn + used.dimmedRasterBands > 0 else { return }
            let cachedFrame = screen.frame.copy()
            Compositor.cachesMovingSubtrees = false
            Compositor.fusesDimmedRasters = false
            let direct = screen.compositeAgain()
            Compositor.cachesMovingSubtrees = true
            Compositor.fusesDimmedRasters = true
            #expect(direct.rastersReused + direct.rastersDrawn + direct.dimmedRasterBands == 0)
            let count = Self.differing(cached, Self.pixels(screen))
            if count > worst.count {
                worst = (count, frames)
                if count * 2000 > screen.frame.width * screen.frame.height {
                    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("CachedFrameSceneTests")
                    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    let stem = folder.appendingPathComponent("\(name)-\(frames)").path
                    try? cachedFrame.pngData().write(to: URL(fileURLWithPath: stem + "-kept.png"))
                    try? screen.frame.pngData().write(to: URL(fileURLWithPath: stem + "-direct.png"))
                    print("\(name): frame \(frames) pictures at \(stem)-kept.png and -direct.png")
                }
            }
            // Composite once more with the caches, so that the next frame starts from them.
            let again = screen.compositeAgain()
            kept += again.rastersReused + again.rastersDrawn
        }
        scene.play(on: screen)
        screen.frameObserver = previous
        let total = screen.withFramePixels { _, width, height, _ in width * height }
        // A sheet's rounded corners are blended once from its bitmap and once per layer
        // drawn directly (as Core Animation does for a rasterized layer): a few hundred
        // pixels of antialiased edge may differ, never an area.
        #expect(worst.count * 2000 <= total,
                "\(name): frame \(worst.frame) of \(frames) differs in \(worst.count) pixels of \(total) from drawing every layer")
        print("\(name): \(frames) frames, \(kept) kept bitmaps drawn or copied, at most \(worst.count) pixels differing")
        withExtendedLifetime(scene) {}
    }
}
