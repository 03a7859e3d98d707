import Foundation
import Testing
import TabulaCore
@testable import TabulaGraphics
import TabulaTestBasics

/// Two loops the compositor writes pixels with, bypassing Cairo: the copy of a kept screen
/// with its dimming blended in (`compositeTinted`), which must give Cairo's pixels to the
/// bit or draw nothing; and the box reduction a backdrop blur starts from
/// (`Bitmap.reduced`), which must average each block exactly.
@Suite("A kept screen copied under its dimming, and a picture reduced for a backdrop blur")
struct TintedCopyAndReductionTests {
    /// Copies `screen` at `origin` and fills its area with `tint` on a noisy frame, through
    /// Cairo; and on a second copy of the frame, in one pass. `prepare` sets up both alike.
    static func bothWays(_ screen: Bitmap, tint: Color, origin: CGPoint, frameOpaque: Bool = true,
                         prepare: (GraphicsContext) -> Void = { _ in }) -> (cairo: [UInt32], tinted: [UInt32], drew: Bool) {
        let viaCairo = DirectBlendTests.noisy(width: 64, height: 48, seed: 3, opaque: frameOpaque)
        let oneStep = DirectBlendTests.noisy(width: 64, height: 48, seed: 3, opaque: frameOpaque)
        do {
            let ctx = GraphicsContext(bitmap: viaCairo)
            ctx.blendsDirectly = false
            prepare(ctx)
            ctx.composite(screen, transform: CGAffineTransform(translationX: origin.x, y: origin.y))
            ctx.setFillColor(tint)
            ctx.fill(CGRect(origin: origin, size: CGSize(width: screen.width, height: screen.height)))
        }
        var drew = false
        do {
            let ctx = GraphicsContext(bitmap: oneStep)
            prepare(ctx)
            ctx.translateBy(x: origin.x, y: origin.y)
            drew = ctx.compositeTinted(screen, tint: tint)
        }
        return (DirectBlendTests.words(viaCairo), DirectBlendTests.words(oneStep), drew)
    }

    @Test("the same pixels as a copy and then a fill, for black, grey and coloured tints at several alphas, partly off the frame, inside a clip",
          arguments: [Color(white: 0, alpha: 0.2), Color(white: 0, alpha: 0.013), Color(white: 0.5, alpha: 0.5),
                      Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.77), Color(white: 1, alpha: 0.999)])
    func sameAsCairo(tint: Color) {
        let screen = DirectBlendTests.noisy(width: 45, height: 31, seed: 5, opaque: true)
        for origin in [CGPoint(x: 0, y: 0), CGPoint(x: 7, y: 9), CGPoint(x: -5, y: 30), CGPoint(x: 40, y: -3)] {
            let plain = Self.bothWays(screen, tint: tint, origin: origin)
            #expect(plain.drew, "at \(origin)")
            #expect(plain.cairo == plain.tinted, "tint \(tint) at \(origin)")
        }
        let clipped = Self.bothWays(screen, tint: tint, origin: CGPoint(x: 3, y: 2)) { ctx in
            ctx.clip(toUnionOf: [CGRect(x: 0, y: 0, width: 20, height: 48), CGRect(x: 30, y: 10, width: 10, height: 10)])
        }
        #expect(clipped.drew)
        #expect(clipped.cairo == clipped.tinted, "inside a clip of rectangles")
        let translucentFrame = Self.bothWays(screen, tint: tint, origin: CGPoint(x: 4, y: 4), frameOpaque: false)
        #expect(translucentFrame.cairo == translucentFrame.tinted, "onto a frame with translucent pixels")
    }

    @Test("into a band of a frame: the band's rows get what Cairo draws there, the rest is untouched")
    func band() {
        let screen = DirectBlendTests.noisy(width: 64, height: 48, seed: 5, opaque: true)
        let tint = Color(white: 0, alpha: 0.2)
        let whole = DirectBlendTests.noisy(width: 64, height: 48, seed: 11, opaque: true)
        let banded = DirectBlendTests.noisy(width: 64, height: 48, seed: 11, opaque: true)
        do {
            let ctx = GraphicsContext(bitmap: whole)
            ctx.blendsDirectly = false
            ctx.clip(to: CGRect(x: 0, y: 16, width: 64, height: 16))
            ctx.composite(screen, transform: .identity)
            ctx.setFillColor(tint)
            ctx.fill(CGRect(x: 0, y: 0, width: 64, height: 48))
        }
        do {
            let ctx = GraphicsContext(bitmap: banded.band(rows: 16 ..< 32))
            #expect(ctx.compositeTinted(screen, tint: tint))
        }
        banded.endBands()
        #expect(DirectBlendTests.words(whole) == DirectBlendTests.words(banded))
    }

    @Test("declines, drawing nothing, where one pass cannot match Cairo: a translucent screen, half a pixel, a scale, a rounded clip, an alpha, a blend mode")
    func declines() {
        let opaque = DirectBlendTests.noisy(width: 20, height: 20, seed: 5, opaque: true)
        let translucent = DirectBlendTests.noisy(width: 20, height: 20, seed: 5)
        let cases: [(String, Bitmap, (GraphicsContext) -> Void)] = [
            ("translucent screen", translucent, { _ in }),
            ("half pixel", opaque, { $0.translateBy(x: 0.5, y: 0) }),
            ("scale", opaque, { $0.scaleBy(x: 2, y: 2) }),
            ("rounded clip", opaque, { $0.clip(to: Path(roundedRect: CGRect(x: 0, y: 0, width: 30, height: 30), cornerRadii: CornerRadii(all: 9))) }),
            ("alpha", opaque, { $0.setAlpha(0.5) }),
            ("blend mode", opaque, { $0.setBlendMode(.multiply) }),
        ]
        for (name, bitmap, prepare) in cases {
            let frame = DirectBlendTests.noisy(width: 64, height: 48, seed: 3, opaque: true)
            let before = DirectBlendTests.words(frame)
            let ctx = GraphicsContext(bitmap: frame)
            prepare(ctx)
            #expect(!ctx.compositeTinted(bitmap, tint: Color(white: 0, alpha: 0.2)), "\(name)")
            #expect(DirectBlendTests.words(frame) == before, "\(name): nothing drawn")
        }
    }

    /// The average of each block of `factor` × `factor` pixels of `area` in `bitmap`
    /// (fewer at the right and bottom edges), rounded to the nearest, computed plainly.
    static func expectedReduction(of bitmap: Bitmap, area: CGRect, factor: Int) -> [UInt32] {
        let pixels = DirectBlendTests.words(bitmap)
        let x0 = Int(area.minX), y0 = Int(area.minY), x1 = Int(area.maxX), y1 = Int(area.maxY)
        var result: [UInt32] = []
        for by in stride(from: y0, to: y1, by: factor) {
            for bx in stride(from: x0, to: x1, by: factor) {
                var sums = [UInt32](repeating: 0, count: 4), n: UInt32 = 0
                for y in by ..< min(by + factor, y1) {
                    for x in bx ..< min(bx + factor, x1) {
                        let p = pixels[y * bitmap.width + x]
                        for c in 0 ..< 4 { sums[c] += p >> (8 * UInt32(c)) & 0xFF }
                        n += 1
                    }
                }
                result.append((0 ..< 4).reduce(0) { $0 | ((sums[$1] + n / 2) / n) << (8 * UInt32($1)) })
            }
        }
        return result
    }

    @Test("each reduced pixel is its block's average; blocks cut by the area's edge average what they hold",
          arguments: [1, 2, 7, 26, 32])
    func reduction(factor: Int) throws {
        for opaque in [false, true] {
            let picture = DirectBlendTests.noisy(width: 300, height: 220, seed: UInt64(factor), opaque: opaque)
            for area in [CGRect(x: 0, y: 0, width: 300, height: 220), CGRect(x: 13, y: 5, width: 251, height: 199)] {
                let reduced = try #require(picture.reduced(x: Int(area.minX), y: Int(area.minY), width: Int(area.width),
                                                           height: Int(area.height), by: factor))
                #expect(reduced.width == (Int(area.width) + factor - 1) / factor)
                #expect(reduced.height == (Int(area.height) + factor - 1) / factor)
                #expect(DirectBlendTests.words(reduced) == Self.expectedReduction(of: picture, area: area, factor: factor),
                        "factor \(factor), opaque \(opaque), area \(area)")
            }
        }
    }

    @Test("a large area, shared between threads by rows of blocks, reduces as a small one does")
    func sharedReduction() throws {
        let picture = DirectBlendTests.noisy(width: 700, height: 530, seed: 9)
        let area = CGRect(x: 3, y: 1, width: 690, height: 527)
        let reduced = try #require(picture.reduced(x: 3, y: 1, width: 690, height: 527, by: 25))
        #expect(DirectBlendTests.words(reduced) == Self.expectedReduction(of: picture, area: area, factor: 25))
    }

    @Test("an area off the bitmap, an empty one, or a factor out of 1…32 gives nil; an area reaching out is cut to the bitmap")
    func outOfRange() throws {
        let picture = DirectBlendTests.noisy(width: 40, height: 30, seed: 1)
        #expect(picture.reduced(x: 50, y: 0, width: 10, height: 10, by: 2) == nil)
        #expect(picture.reduced(x: 0, y: 0, width: 0, height: 10, by: 2) == nil)
        #expect(picture.reduced(x: 0, y: 0, width: -5, height: 10, by: 2) == nil)
        #expect(picture.reduced(x: 0, y: 0, width: 10, height: 10, by: 0) == nil)
        #expect(picture.reduced(x: 0, y: 0, width: 10, height: 10, by: 33) == nil)
        #expect(picture.reduced(x: Int.max, y: 0, width: Int.max, height: 10, by: 2) == nil)
        let cut = try #require(picture.reduced(x: -10, y: 20, width: 100, height: Int.max, by: 4))
        #expect(cut.width == 10 && cut.height == 3)
        #expect(DirectBlendTests.words(cut) == Self.expectedReduction(of: picture, area: CGRect(x: 0, y: 20, width: 40, height: 10), factor: 4))
    }
}
