import Foundation
import Testing
@testable import TabulaQuartz
@testable import TabulaSnapshotTesting
@testable import TabulaUIKit
@testable import TabulaTable

/// The GPU renderer (OpenGL ES 3 on EGL; Mesa's llvmpipe where there is no GPU) puts on
/// screen what the Cairo renderer does: every kind of drawing, backing stores redrawn
/// between frames, contents inside rounded clips, and careless sizes.
@MainActor
@Suite("The GPU renderer draws what Cairo draws")
struct GPURendererTests {
    /// The snapshot tolerance (ΔE 2 a pixel, 99.5 % of the pixels).
    static let perceptualPrecision: Float = 0.98

    /// The frame as drawn by Cairo and by the GPU.
    func bothFrames(_ screen: HeadlessScreen) -> (cairo: Bitmap, gpu: Bitmap) {
        screen.rendererKind = .cairo
        _ = screen.compositeAgain()
        let cairo = screen.frame.copy()
        screen.rendererKind = .gpu
        let stats = screen.compositeAgain()
        let gpu = screen.frame.copy()
        #expect(stats.bandsDrawn == 0, "the GPU drew the frame")
        #expect(stats.drawingFailure == nil, "\(stats.drawingFailure ?? "")")
        screen.rendererKind = .cairo
        return (cairo, gpu)
    }

    /// How the two differ: the share of pixels within ΔE 2, and of pixels identical.
    func agreement(_ screen: HeadlessScreen) -> (matching: Float, identical: Float, comparison: ImageComparison) {
        let (cairo, gpu) = bothFrames(screen)
        let comparison = ImageComparison(reference: cairo, new: gpu, perceptualPrecision: Self.perceptualPrecision)
        let total = Float(cairo.width * cairo.height)
        return (comparison.actualPrecision, 1 - Float(comparison.differentPixels) / total, comparison)
    }

    func requireGPU() throws {
        _ = try #require(try? GLFrameRenderer.headless().get(), "no GPU renderer (EGL with OpenGL ES 3 is needed)")
    }

    @Test("a screen of every kind of drawing: a table under a bar, shadows, borders, a gradient, a rotation, a faded group, a mask, perspective")
    func everyKindOfDrawing() throws {
        try requireGPU()
        let screen = BandedCompositingTests().busyScreen()
        // And a card that clips its contents to its rounded corners.
        let card = UIView(frame: CGRect(x: 30, y: 790, width: 330, height: 60))
        card.backgroundColor = .systemYellow
        card.layer.cornerRadius = 18
        card.clipsToBounds = true
        let label = UILabel(frame: CGRect(x: -10, y: 8, width: 320, height: 44))
        label.text = "Clipped to the rounded corners"
        label.backgroundColor = .systemMint
        card.addSubview(label)
        screen.window!.addSubview(card)
        screen.advance(by: 1.0 / 60)
        let (matching, identical, comparison) = agreement(screen)
        #expect(matching >= 0.999, "\(matching * 100) % of pixels within ΔE 2 (worst ΔE \(comparison.maximumDeltaE))")
        #expect(identical >= 0.95, "\(identical * 100) % of pixels identical")
        // The label inside the rounded clip is there: its mint shows, not the clip's coverage.
        let (_, gpu) = bothFrames(screen)
        let mint = gpu.color(x: Int(200 * 3), y: Int(800 * 3))
        #expect(mint.green > mint.red + 0.2, "the clipped label's background shows (got \(mint))")
    }

    @Test("a backing store redrawn between frames shows its new pixels (the texture is copied again)")
    func redrawnBackingStore() throws {
        try requireGPU()
        let screen = HeadlessScreen(size: CGSize(width: 200, height: 100), scale: 2)
        let window = UIWindow(frame: .zero)
        let label = UILabel(frame: CGRect(x: 10, y: 10, width: 180, height: 40))
        label.text = "First"
        window.addSubview(label)
        screen.show(window)
        screen.rendererKind = .gpu
        screen.advance(by: 1.0 / 60)
        let first = screen.frame.copy()
        label.text = "Second, longer"
        screen.advance(by: 1.0 / 60)
        let (cairo, gpu) = bothFrames(screen)
        #expect(gpu.largestDifference(from: first) > 100, "the new text reached the GPU's frame")
        #expect(gpu.largestDifference(from: cairo) <= 2, "and it is Cairo's")
    }

    @Test("a view wider than any texture, NaN and zero sizes: drawn as Cairo draws them, with no failure")
    func carelessSizes() throws {
        try requireGPU()
        let screen = HeadlessScreen(size: CGSize(width: 300, height: 200), scale: 2)
        let window = UIWindow(frame: .zero)
        let wide = UIView(frame: CGRect(x: -9000, y: 20, width: 18000, height: 40))
        wide.backgroundColor = .systemTeal
        let drawn = UIImageView(frame: CGRect(x: -4000, y: 70, width: 9000, height: 30))
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 9000, height: 30))
        drawn.image = renderer.image { ctx in
            UIColor.systemRed.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 4500, height: 30))
            UIColor.systemBlue.setFill()
            ctx.fill(CGRect(x: 4500, y: 0, width: 4500, height: 30))
        }
        let empty = UIView(frame: CGRect(x: 10, y: 120, width: 0, height: 0))
        empty.backgroundColor = .red
        let nan = UIView(frame: CGRect(x: 10, y: 130, width: 50, height: 50))
        nan.backgroundColor = .green
        nan.layer.cornerRadius = .nan
        for view in [wide, drawn, empty, nan] { window.addSubview(view) }
        screen.show(window)
        screen.advance(by: 1.0 / 60)
        let (matching, _, comparison) = agreement(screen)
        #expect(matching >= 0.995, "\(matching * 100) % within ΔE 2 (worst \(comparison.maximumDeltaE))")
    }

    @Test("textures of bitmaps that are gone are let go")
    func texturesLetGo() throws {
        let renderer = try #require(try? GLFrameRenderer.headless().get(), "no GPU renderer")
        let screen = HeadlessScreen(size: CGSize(width: 300, height: 300), scale: 1)
        let window = UIWindow(frame: .zero)
        screen.show(window)
        screen.rendererKind = .gpu
        var views: [UIView] = []
        for i in 0 ..< 40 {
            let label = UILabel(frame: CGRect(x: 0, y: CGFloat(i) * 7, width: 300, height: 7))
            label.text = "Label \(i)"
            window.addSubview(label)
            views.append(label)
        }
        screen.advance(by: 1.0 / 60)
        screen.renderFrame()
        let kept = renderer.device.cachedTextureCount
        #expect(kept >= 40, "one texture a label")
        for view in views { view.removeFromSuperview() }
        views.removeAll()
        screen.advance(by: 1.0 / 60)
        screen.renderFrame()
        #expect(renderer.device.cachedTextureCount <= kept - 40, "the labels' textures went with them")
    }
}

extension Bitmap {
    /// The largest difference of one channel of one pixel from `other` (same size), 0…255.
    func largestDifference(from other: Bitmap) -> Int {
        withUnsafePixels { a, aRow in
            other.withUnsafePixels { b, bRow in
                var worst = 0
                for y in 0 ..< height {
                    for x in 0 ..< width where a[y * aRow + x] != b[y * bRow + x] {
                        let p = a[y * aRow + x], q = b[y * bRow + x]
                        for shift: UInt32 in [0, 8, 16, 24] {
                            worst = max(worst, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
                        }
                    }
                }
                return worst
            }
        }
    }
}
