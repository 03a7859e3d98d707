import Foundation
import Testing
import TabulaCore
@testable import TabulaGraphics
import TabulaTestBasics

/// `blendDirectly` writes a shadow straight into the frame's pixels, bypassing Cairo. It
/// must give Cairo's pixels to the bit wherever it agrees to draw, and draw nothing at all
/// where it declines (the caller then draws through Cairo).
@Suite("Blending a bitmap straight into the target: Cairo's pixels, or nothing")
struct DirectBlendTests {
    /// A bitmap of valid premultiplied pixels (no channel above its alpha), some of them
    /// transparent and some opaque, as a blurred shadow's are.
    static func noisy(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> Bitmap {
        var random = SeededRandom(seed: seed)
        let bitmap = Bitmap(width: width, height: height, opaque: opaque)
        bitmap.withUnsafeMutablePixels { p, stride in
            for y in 0 ..< height {
                for x in 0 ..< width {
                    let roll = UInt32.random(in: 0 ... 9, using: &random)
                    let a: UInt32 = opaque || roll == 9 ? 255 : roll == 0 ? 0 : UInt32.random(in: 1 ... 254, using: &random)
                    let r = UInt32.random(in: 0 ... a, using: &random), g = UInt32.random(in: 0 ... a, using: &random)
                    let b = UInt32.random(in: 0 ... a, using: &random)
                    p[y * stride + x] = a << 24 | r << 16 | g << 8 | b
                }
            }
        }
        return bitmap
    }

    /// The pixels' words (an opaque bitmap's alpha byte is not part of its pixels).
    static func words(_ bitmap: Bitmap) -> [UInt32] {
        bitmap.withUnsafePixels { p, stride in
            (0 ..< bitmap.height).flatMap { y in
                (0 ..< bitmap.width).map { x in bitmap.isOpaque ? p[y * stride + x] | 0xFF00_0000 : p[y * stride + x] }
            }
        }
    }

    /// Draws `shadow` at `origin` inside `rects` onto two copies of the same noisy target,
    /// one through Cairo and one directly, after `prepare` sets up each context alike.
    static func bothWays(origin: CGPoint, rects: [CGRect]?, opaqueTarget: Bool = false,
                         prepare: (GraphicsContext) -> Void = { _ in }) -> (cairo: [UInt32], direct: [UInt32], drewDirectly: Bool) {
        let shadow = noisy(width: 37, height: 23, seed: 7)
        let viaCairo = noisy(width: 64, height: 48, seed: 11, opaque: opaqueTarget)
        let direct = noisy(width: 64, height: 48, seed: 11, opaque: opaqueTarget)
        do {
            let ctx = GraphicsContext(bitmap: viaCairo)
            prepare(ctx)
            if let rects { ctx.clip(toUnionOf: rects) }
            ctx.composite(shadow, transform: CGAffineTransform(translationX: origin.x, y: origin.y))
        }
        var drew = false
        do {
            let ctx = GraphicsContext(bitmap: direct)
            prepare(ctx)
            drew = ctx.blendDirectly(shadow, at: origin, within: rects)
        }
        return (words(viaCairo), words(direct), drew)
    }

    @Test("the same pixels as Cairo's: whole, partly off every edge, inside pieces, inside a clip, translated, onto an opaque frame",
          arguments: [
            (CGPoint(x: 5, y: 7), nil as [CGRect]?, false),
            (CGPoint(x: -9, y: -4), nil, false),
            (CGPoint(x: 40, y: 33), nil, false),
            (CGPoint(x: 5, y: 7), [CGRect(x: 5, y: 7, width: 37, height: 5), CGRect(x: 5, y: 12, width: 8, height: 18)], false),
            (CGPoint(x: 5, y: 7), nil, true),
          ])
    func sameAsCairo(origin: CGPoint, rects: [CGRect]?, opaqueTarget: Bool) {
        let result = Self.bothWays(origin: origin, rects: rects, opaqueTarget: opaqueTarget)
        #expect(result.drewDirectly)
        #expect(result.cairo == result.direct)
        #expect(result.cairo != Self.words(Self.noisy(width: 64, height: 48, seed: 11, opaque: opaqueTarget)),
                "the shadow changed the target")
    }

    @Test("inside a clip of rectangles and under a whole-pixel translation: the same pixels as Cairo's")
    func clipsAndTranslation() {
        let clipped = Self.bothWays(origin: CGPoint(x: 3, y: 2), rects: nil) { ctx in
            ctx.clip(toUnionOf: [CGRect(x: 0, y: 0, width: 20, height: 48), CGRect(x: 30, y: 10, width: 10, height: 10)])
        }
        #expect(clipped.drewDirectly)
        #expect(clipped.cairo == clipped.direct)
        let moved = Self.bothWays(origin: CGPoint(x: 3, y: 2), rects: [CGRect(x: 3, y: 2, width: 10, height: 10)]) { ctx in
            ctx.translateBy(x: 11, y: 6)
            ctx.clip(to: CGRect(x: 0, y: 0, width: 9, height: 40))
        }
        #expect(moved.drewDirectly)
        #expect(moved.cairo == moved.direct)
    }

    @Test("into a band of a frame, in the frame's coordinates: the band's rows get what Cairo draws there, the rest is untouched")
    func band() {
        let shadow = Self.noisy(width: 37, height: 23, seed: 7)
        let whole = Self.noisy(width: 64, height: 48, seed: 11)
        let banded = Self.noisy(width: 64, height: 48, seed: 11)
        do {
            let ctx = GraphicsContext(bitmap: whole)
            ctx.clip(to: CGRect(x: 0, y: 16, width: 64, height: 16))
            ctx.composite(shadow, transform: CGAffineTransform(translationX: 10, y: 9))
        }
        let band = banded.band(rows: 16 ..< 32)
        do {
            let ctx = GraphicsContext(bitmap: band)
            #expect(ctx.blendDirectly(shadow, at: CGPoint(x: 10, y: 9), within: nil))
        }
        banded.endBands()
        #expect(Self.words(whole) == Self.words(banded))
    }

    @Test("declines, drawing nothing, where it cannot match Cairo: a rounded clip, a fraction of a pixel, a scale, an alpha, an open group, a blend mode, overlapping pieces, NaN")
    func declines() {
        let cases: [(String, CGPoint, [CGRect]?, (GraphicsContext) -> Void)] = [
            ("rounded clip", CGPoint(x: 5, y: 7), nil, { $0.clip(to: Path(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 40), cornerRadii: CornerRadii(all: 9))) }),
            ("half pixel", CGPoint(x: 5.5, y: 7), nil, { _ in }),
            ("half-pixel translation", CGPoint(x: 5, y: 7), nil, { $0.translateBy(x: 0.5, y: 0) }),
            ("scale", CGPoint(x: 5, y: 7), nil, { $0.scaleBy(x: 2, y: 2) }),
            ("alpha", CGPoint(x: 5, y: 7), nil, { $0.setAlpha(0.5) }),
            ("group", CGPoint(x: 5, y: 7), nil, { $0.beginTransparencyLayer() }),
            ("blend mode", CGPoint(x: 5, y: 7), nil, { $0.setBlendMode(.multiply) }),
            ("overlapping pieces", CGPoint(x: 5, y: 7),
             [CGRect(x: 5, y: 7, width: 20, height: 20), CGRect(x: 15, y: 17, width: 20, height: 20)], { _ in }),
            ("NaN", CGPoint(x: CGFloat.nan, y: 7), nil, { _ in }),
            ("infinity", CGPoint(x: 5, y: CGFloat.infinity), nil, { _ in }),
        ]
        for (name, origin, rects, prepare) in cases {
            let shadow = Self.noisy(width: 37, height: 23, seed: 7)
            let target = Self.noisy(width: 64, height: 48, seed: 11)
            let before = Self.words(target)
            let ctx = GraphicsContext(bitmap: target)
            prepare(ctx)
            #expect(!ctx.blendDirectly(shadow, at: origin, within: rects), "\(name)")
            #expect(Self.words(target) == before, "\(name): nothing drawn")
        }
    }
}
