import Foundation
import Testing
import TabulaCore
@testable import TabulaGraphics
import TabulaTestBasics
import CTabulaPixels

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

    /// A bitmap as a label's is: runs of clear pixels (eight and more, around the text),
    /// runs of opaque ones and runs of translucent ones (the glyphs' edges), of random
    /// lengths from 1 to 24, so that the vector loop meets whole groups of eight of each
    /// kind and groups that mix them.
    static func blocky(width: Int, height: Int, seed: UInt64) -> Bitmap {
        var random = SeededRandom(seed: seed)
        let bitmap = Bitmap(width: width, height: height, opaque: false)
        bitmap.withUnsafeMutablePixels { p, stride in
            for y in 0 ..< height {
                var x = 0
                while x < width {
                    let kind = UInt32.random(in: 0 ... 2, using: &random)
                    let run = Int.random(in: 1 ... 24, using: &random)
                    for i in x ..< min(x + run, width) {
                        let a: UInt32 = kind == 0 ? 0 : kind == 1 ? 255 : UInt32.random(in: 1 ... 254, using: &random)
                        let r = UInt32.random(in: 0 ... a, using: &random), g = UInt32.random(in: 0 ... a, using: &random)
                        let b = UInt32.random(in: 0 ... a, using: &random)
                        p[y * stride + i] = a << 24 | r << 16 | g << 8 | b
                    }
                    x += run
                }
            }
        }
        return bitmap
    }

    /// The pixels' words (an opaque bitmap's alpha byte is not part of its pixels).
    /// A `width` × `height` bitmap holding `words`, row after row.
    static func bitmap(_ words: [UInt32], width: Int, height: Int, opaque: Bool) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height, opaque: opaque)
        bitmap.withUnsafeMutablePixels { p, stride in
            for y in 0 ..< height { for x in 0 ..< width { p[y * stride + x] = words[y * width + x] } }
        }
        return bitmap
    }

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
            ctx.blendsDirectly = false
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
            ctx.blendsDirectly = false
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

/// A group painted at an opacity (a fading row) is blended straight into the target by
/// Tabula's loop rather than Cairo's; the pixels must be Cairo's to the bit.
@Suite("Painting a group at an opacity: Cairo's pixels")
struct DirectGroupPaintTests {
    /// The target after a group of a fill and a noisy bitmap is painted at `alpha`,
    /// directly or through Cairo, after `prepare`.
    static func paint(alpha: Double, directly: Bool, opaqueTarget: Bool = false, nested: Bool = false,
                      band: Range<Int>? = nil, prepare: (GraphicsContext) -> Void = { _ in }) -> [UInt32] {
        let target = DirectBlendTests.noisy(width: 64, height: 48, seed: 3, opaque: opaqueTarget)
        let content = DirectBlendTests.noisy(width: 30, height: 20, seed: 5)
        let ctx = GraphicsContext(bitmap: band.map { target.band(rows: $0) } ?? target)
        ctx.blendsDirectly = directly
        prepare(ctx)
        if nested { ctx.beginTransparencyLayer() }
        ctx.beginTransparencyLayer()
        ctx.setFillColor(Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.8))
        ctx.fill(CGRect(x: 4, y: 6, width: 40, height: 30))
        ctx.composite(content, transform: CGAffineTransform(translationX: 20, y: 15))
        ctx.endTransparencyLayer(alpha: alpha)
        if nested { ctx.endTransparencyLayer(alpha: 0.7) }
        if band != nil { target.endBands() }
        return DirectBlendTests.words(target)
    }

    @Test("at opacities 0.05, 0.5, 0.999 and 1, onto translucent and opaque targets", arguments: [0.05, 0.5, 0.999, 1], [false, true])
    func opacities(alpha: Double, opaqueTarget: Bool) {
        let cairo = Self.paint(alpha: alpha, directly: false, opaqueTarget: opaqueTarget)
        let direct = Self.paint(alpha: alpha, directly: true, opaqueTarget: opaqueTarget)
        #expect(cairo == direct)
        #expect(cairo != DirectBlendTests.words(DirectBlendTests.noisy(width: 64, height: 48, seed: 3, opaque: opaqueTarget)))
    }

    @Test("inside a clip of rectangles, a group inside a group, a band of a frame, and under a rounded clip (left to Cairo)")
    func clipsNestingBands() {
        let clips: [(GraphicsContext) -> Void] = [
            { $0.clip(toUnionOf: [CGRect(x: 0, y: 0, width: 25, height: 48), CGRect(x: 30, y: 20, width: 20, height: 8)]) },
            { $0.translateBy(x: 3, y: 2); $0.clip(to: CGRect(x: 5, y: 5, width: 30, height: 30)) },
            { $0.clip(to: Path(roundedRect: CGRect(x: 2, y: 2, width: 50, height: 40), cornerRadii: CornerRadii(all: 10))) },
        ]
        for (i, prepare) in clips.enumerated() {
            #expect(Self.paint(alpha: 0.4, directly: false, prepare: prepare) == Self.paint(alpha: 0.4, directly: true, prepare: prepare), "clip \(i)")
        }
        #expect(Self.paint(alpha: 0.3, directly: false, nested: true) == Self.paint(alpha: 0.3, directly: true, nested: true))
        #expect(Self.paint(alpha: 0.3, directly: false, band: 16 ..< 32) == Self.paint(alpha: 0.3, directly: true, band: 16 ..< 32))
    }
}

/// A kept bitmap composited at an opacity (a row fading in or out from its bitmap) is
/// blended by Tabula's loop when it lands on whole pixels; the pixels must be Cairo's to
/// the bit, for bitmaps with and without an alpha channel.
@Suite("Compositing a bitmap at an opacity: Cairo's pixels")
struct DirectCompositeTests {
    /// The target after `bitmap` is composited at `opacity` through `transform`, directly
    /// where possible or always through Cairo, after `prepare`.
    static func composite(_ bitmap: Bitmap, opacity: Double, transform: CGAffineTransform, directly: Bool,
                          band: Range<Int>? = nil, prepare: (GraphicsContext) -> Void = { _ in }) -> [UInt32] {
        let target = DirectBlendTests.noisy(width: 64, height: 48, seed: 13)
        let ctx = GraphicsContext(bitmap: band.map { target.band(rows: $0) } ?? target)
        ctx.blendsDirectly = directly
        prepare(ctx)
        ctx.composite(bitmap, transform: transform, opacity: opacity)
        if band != nil { target.endBands() }
        return DirectBlendTests.words(target)
    }

    @Test("a label-like bitmap (runs of clear, opaque and translucent pixels) at opacities 0.5 and 1", arguments: [0.5, 1])
    func clearAndOpaqueRuns(opacity: Double) {
        let bitmap = DirectBlendTests.blocky(width: 53, height: 29, seed: 31)
        let moved = CGAffineTransform(translationX: 5, y: 7)
        let cairo = Self.composite(bitmap, opacity: opacity, transform: moved, directly: false)
        #expect(cairo == Self.composite(bitmap, opacity: opacity, transform: moved, directly: true))
        #expect(cairo != DirectBlendTests.words(DirectBlendTests.noisy(width: 64, height: 48, seed: 13)), "the bitmap changed the target")
    }

    @Test("a translucent and an opaque bitmap at opacities 0.02, 0.5, 0.999 and 1", arguments: [0.02, 0.5, 0.999, 1], [false, true])
    func opacities(opacity: Double, opaqueBitmap: Bool) {
        let bitmap = DirectBlendTests.noisy(width: 37, height: 23, seed: 17, opaque: opaqueBitmap)
        let moved = CGAffineTransform(translationX: 9, y: 4)
        let cairo = Self.composite(bitmap, opacity: opacity, transform: moved, directly: false)
        #expect(cairo == Self.composite(bitmap, opacity: opacity, transform: moved, directly: true))
        #expect(cairo != DirectBlendTests.words(DirectBlendTests.noisy(width: 64, height: 48, seed: 13)), "the bitmap changed the target")
    }

    @Test("inside a clip of rectangles, off the edges, inside a group, in a band of a frame, and rotated or scaled (left to Cairo)")
    func clipsGroupsBandsAndMaps() {
        let bitmap = DirectBlendTests.noisy(width: 30, height: 20, seed: 19, opaque: true)
        let cases: [(String, CGAffineTransform, Range<Int>?, (GraphicsContext) -> Void)] = [
            ("clip", CGAffineTransform(translationX: 5, y: 6), nil,
             { $0.clip(toUnionOf: [CGRect(x: 0, y: 0, width: 20, height: 48), CGRect(x: 25, y: 10, width: 9, height: 9)]) }),
            ("off the edges", CGAffineTransform(translationX: -7, y: 35), nil, { _ in }),
            ("group", CGAffineTransform(translationX: 5, y: 6), nil, { $0.beginTransparencyLayer() }),
            ("band", CGAffineTransform(translationX: 5, y: 6), 10 ..< 20, { _ in }),
            ("rotated", CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 10, y: 0), nil, { _ in }),
            ("scaled", CGAffineTransform(scaleX: 1.5, y: 1.5), nil, { _ in }),
            ("half pixel", CGAffineTransform(translationX: 5.5, y: 6), nil, { _ in }),
        ]
        for (name, transform, band, prepare) in cases {
            let cairo = Self.composite(bitmap, opacity: 0.6, transform: transform, directly: false, band: band, prepare: prepare)
            let direct = Self.composite(bitmap, opacity: 0.6, transform: transform, directly: true, band: band, prepare: prepare)
            #expect(cairo == direct, "\(name)")
        }
    }

    @Test("the vector loop and the portable one give the same pixels at every width, both kinds of source and every opacity byte")
    func vectorAndPortableLoops() {
        loops(on: DirectBlendTests.noisy(width: 41, height: 3, seed: 23))
    }

    @Test("the vector loop's shortcuts (a group of eight clear pixels, of eight opaque ones) give the portable loop's pixels")
    func vectorShortcuts() {
        loops(on: DirectBlendTests.blocky(width: 41, height: 3, seed: 37))
    }

    /// A fading row over the table: its background (opaque white in light mode, black in
    /// dark, grey in a grouped table) lies over the same colour, with text-like runs of
    /// other colours, in runs of 1 to 24 so that groups of eight are all background,
    /// partly, or not at all. The vector loop leaves a group of eight alike opaque pixels
    /// as they are; a translucent background over the same pixels blends.
    @Test("a fading row's background over the same background: the vector loop's shortcut gives the portable loop's pixels, and Cairo's")
    func backgroundOverBackground() {
        for background in [UInt32(0xFFFF_FFFF), 0xFF00_0000, 0xFF80_8080, 0xC060_4020] {
            let opaque = background >> 24 == 0xFF
            var random = SeededRandom(seed: UInt64(background & 0xFF) + 41)
            let (width, height) = (41, 4)
            let source = Bitmap(width: width, height: height, opaque: false)
            let below = (0 ..< width * height).map { _ in UInt32.random(in: 0 ... 15, using: &random) == 0 ? 0xFF11_2233 : background }
            source.withUnsafeMutablePixels { p, stride in
                for y in 0 ..< height {
                    var x = 0
                    while x < width {
                        let run = Int.random(in: 1 ... 24, using: &random), text = Bool.random(using: &random)
                        for i in x ..< min(x + run, width) {
                            p[y * stride + i] = text ? 0xFF00_0000 | UInt32.random(in: 0 ... 0xFF_FFFF, using: &random) : background
                            if !opaque, text { p[y * stride + i] = 0x8000_0000 | UInt32.random(in: 0 ... 0x80, using: &random) }
                        }
                        x += run
                    }
                }
            }
            for alpha in stride(from: UInt32(0), through: 255, by: 5) {
                let vector = DirectBlendTests.bitmap(below, width: width, height: height, opaque: false)
                let portable = DirectBlendTests.bitmap(below, width: width, height: height, opaque: false)
                source.withUnsafePixels { s, sourceStride in
                    vector.withUnsafeMutablePixels { d, stride in
                        tabula_blend_over_alpha(d, stride, s, sourceStride, Int32(width), Int32(height), alpha, opaque)
                    }
                    portable.withUnsafeMutablePixels { d, stride in
                        tabula_blend_over_portable(d, stride, s, sourceStride, Int32(width), Int32(height), alpha, opaque)
                    }
                }
                let differing = zip(DirectBlendTests.words(vector), DirectBlendTests.words(portable)).filter { $0 != $1 }.count
                #expect(differing == 0, "background \(String(background, radix: 16)), alpha \(alpha): \(differing) pixels differ")
            }
            // And through the context, against Cairo, at the opacities of a fade.
            for opacity in [0.1, 0.5, 0.93] {
                func drawn(directly: Bool) -> [UInt32] {
                    let target = DirectBlendTests.bitmap(below, width: width, height: height, opaque: false)
                    let ctx = GraphicsContext(bitmap: target)
                    ctx.blendsDirectly = directly
                    ctx.composite(source, transform: .identity, opacity: opacity)
                    return DirectBlendTests.words(target)
                }
                let differing = zip(drawn(directly: true), drawn(directly: false)).filter { $0 != $1 }.count
                #expect(differing == 0, "background \(String(background, radix: 16)), opacity \(opacity): \(differing) pixels differ")
            }
        }
    }

    /// A fading row over an opaque frame (`tabula_fade_opaque`): thirty-two pixels tested
    /// at a time, colours compared without alpha bytes. Rows of every width from 1 to 80
    /// (whole groups of thirty-two, of eight, and the few left over), the row's background
    /// over the same background with text-like runs in both, alpha bytes in the frame left
    /// as an RGB24 surface may leave them (anything): the colours the portable loop gives,
    /// at every tenth opacity byte.
    @Test("an opaque row faded over an opaque frame, thirty-two pixels at a time: the portable loop's colours at every width")
    func fadeOverOpaqueFrame() {
        for background in [UInt32(0xFFFF_FFFF), 0xFF00_0000, 0xFFF2_F2F7] {
            var random = SeededRandom(seed: UInt64(background & 0xFFFF) + 7)
            func runs(_ width: Int, _ height: Int, text: UInt32) -> [UInt32] {
                var pixels: [UInt32] = []
                for _ in 0 ..< height {
                    var row: [UInt32] = []
                    while row.count < width {
                        let run = Int.random(in: 1 ... 40, using: &random), isText = Int.random(in: 0 ... 3, using: &random) == 0
                        for _ in 0 ..< min(run, width - row.count) {
                            row.append(isText ? text | UInt32.random(in: 0 ... 0xFF_FFFF, using: &random) : background)
                        }
                    }
                    pixels += row
                }
                return pixels
            }
            for width in 1 ... 80 {
                let height = 3
                // The source's alpha bytes are not read (an RGB24 bitmap's are anything).
                let source = DirectBlendTests.bitmap(runs(width, height, text: 0x3000_0000), width: width, height: height, opaque: true)
                // The frame's: the background with alpha bytes of any value, and other runs.
                let below = runs(width, height, text: 0xFF00_0000).map { $0 & 0x00FF_FFFF | UInt32.random(in: 0 ... 255, using: &random) << 24 }
                for alpha in stride(from: UInt32(0), through: 254, by: 23) {
                    let fast = DirectBlendTests.bitmap(below, width: width, height: height, opaque: true)
                    let portable = DirectBlendTests.bitmap(below, width: width, height: height, opaque: true)
                    source.withUnsafePixels { s, sourceStride in
                        fast.withUnsafeMutablePixels { d, stride in
                            tabula_fade_opaque(d, stride, s, sourceStride, Int32(width), Int32(height), alpha)
                        }
                        portable.withUnsafeMutablePixels { d, stride in
                            tabula_blend_over_portable(d, stride, s, sourceStride, Int32(width), Int32(height), alpha, true)
                        }
                    }
                    let colours = { (bitmap: Bitmap) in DirectBlendTests.words(bitmap).map { $0 & 0x00FF_FFFF } }
                    let differing = zip(colours(fast), colours(portable)).filter { $0 != $1 }.count
                    #expect(differing == 0, "background \(String(background, radix: 16)), width \(width), alpha \(alpha): \(differing) pixels differ")
                }
            }
        }
    }

    /// Through the context: an opaque bitmap composited at an opacity onto an opaque frame
    /// takes the loop above; the colours are Cairo's.
    @Test("an opaque bitmap at opacities 0.02, 0.5 and 0.999 onto an opaque frame: Cairo's colours", arguments: [0.02, 0.5, 0.999])
    func fadeOntoOpaqueFrame(opacity: Double) {
        let bitmap = DirectBlendTests.noisy(width: 77, height: 23, seed: 19, opaque: true)
        func drawn(directly: Bool) -> [UInt32] {
            let target = DirectBlendTests.noisy(width: 96, height: 48, seed: 23, opaque: true)
            let ctx = GraphicsContext(bitmap: target)
            ctx.blendsDirectly = directly
            ctx.composite(bitmap, transform: CGAffineTransform(translationX: 9, y: 4), opacity: opacity)
            return DirectBlendTests.words(target).map { $0 & 0x00FF_FFFF }
        }
        let cairo = drawn(directly: false)
        #expect(cairo == drawn(directly: true))
        #expect(cairo != DirectBlendTests.words(DirectBlendTests.noisy(width: 96, height: 48, seed: 23, opaque: true)).map { $0 & 0x00FF_FFFF })
    }

    private func loops(on source: Bitmap) {
        for opaqueSource in [false, true] {
            for width in 1 ... 41 {
                for alpha in stride(from: UInt32(0), through: 255, by: width % 2 == 0 ? 15 : 17) {
                    let vector = DirectBlendTests.noisy(width: 41, height: 3, seed: 29), portable = DirectBlendTests.noisy(width: 41, height: 3, seed: 29)
                    source.withUnsafePixels { s, sourceStride in
                        vector.withUnsafeMutablePixels { d, stride in
                            tabula_blend_over_alpha(d, stride, s, sourceStride, Int32(width), 3, alpha, opaqueSource)
                        }
                        portable.withUnsafeMutablePixels { d, stride in
                            tabula_blend_over_portable(d, stride, s, sourceStride, Int32(width), 3, alpha, opaqueSource)
                        }
                    }
                    #expect(DirectBlendTests.words(vector) == DirectBlendTests.words(portable),
                            "width \(width), alpha \(alpha), opaque source \(opaqueSource)")
                }
            }
        }
    }
}
