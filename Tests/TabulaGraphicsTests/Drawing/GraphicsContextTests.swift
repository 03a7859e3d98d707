import Foundation
import Testing
import TabulaCore
@testable import TabulaGraphics
import TabulaTestBasics

private let red = Color(red: 1, green: 0, blue: 0)
private let blue = Color(red: 0, green: 0, blue: 1)
private let green = Color(red: 0, green: 1, blue: 0)

private let redPixel = Pixel(red: 255, green: 0, blue: 0, alpha: 255)
private let bluePixel = Pixel(red: 0, green: 0, blue: 255, alpha: 255)
private let greenPixel = Pixel(red: 0, green: 255, blue: 0, alpha: 255)
private let whitePixel = Pixel(red: 255, green: 255, blue: 255, alpha: 255)
private let clearPixel = Pixel(red: 0, green: 0, blue: 0, alpha: 0)

/// A context over a transparent bitmap, one unit per pixel.
private func transparentContext(width: Int, height: Int) -> GraphicsContext {
    GraphicsContext(bitmap: Bitmap(width: width, height: height))
}

private func near(_ a: UInt8, _ b: Int, _ tolerance: Int = 2) -> Bool { abs(Int(a) - b) <= tolerance }

/// The number of consecutive pixels in column `x`, from the first one satisfying `matches`.
private func runHeight(_ bitmap: Bitmap, column x: Int, where matches: (Pixel) -> Bool) -> Int {
    var count = 0
    for y in 0 ..< bitmap.height where matches(bitmap.pixel(x: x, y: y)) { count += 1 }
    return count
}

/// An image for stretching, `2 × cap` pixels of border around a `centre`-pixel middle:
/// green corners, red edges, a blue centre.
private func nineSliceSource(cap: Int, centre: Int) -> Bitmap {
    let side = 2 * cap + centre
    let bitmap = Bitmap(width: side, height: side)
    let ctx = GraphicsContext(bitmap: bitmap)
    ctx.setFillColor(red)
    ctx.fill(CGRect(x: 0, y: 0, width: side, height: side))
    ctx.setFillColor(blue)
    ctx.fill(CGRect(x: cap, y: cap, width: centre, height: centre))
    ctx.setFillColor(green)
    for (x, y) in [(0, 0), (cap + centre, 0), (0, cap + centre), (cap + centre, cap + centre)] {
        ctx.fill(CGRect(x: x, y: y, width: cap, height: cap))
    }
    return bitmap
}

/// A playing-card-like bitmap at scale 2: a rounded card with a header band, stripes and a label.
private func cardBitmap(width: CGFloat, height: CGFloat) -> Bitmap {
    let bitmap = Bitmap(width: Int(width * 2), height: Int(height * 2))
    let ctx = GraphicsContext(bitmap: bitmap)
    ctx.scaleBy(x: 2, y: 2)
    let card = Path(roundedRect: CGRect(x: 0, y: 0, width: width, height: height), cornerRadius: 8)
    ctx.setFillColor(Color(rgb: 0xF2F2F7))
    ctx.fill(card)
    ctx.saveGState()
    ctx.clip(to: card)
    ctx.drawLinearGradient(Gradient(colors: [Color(rgb: 0x007AFF), Color(rgb: 0x5856D6)]),
                           start: .zero, end: CGPoint(x: width, y: 0))
    ctx.setFillColor(Color(rgb: 0xF2F2F7))
    ctx.fill(CGRect(x: 0, y: 18, width: width, height: height - 18))
    ctx.restoreGState()
    ctx.setFillColor(Color(rgb: 0xFF9500))
    for i in 0 ..< 3 {
        ctx.fill(Path(roundedRect: CGRect(x: 8, y: 26 + CGFloat(i) * 9, width: width - 16 - CGFloat(i) * 14,
                                          height: 4), cornerRadius: 2))
    }
    ctx.draw(TextLayout(text: "Tabula", font: .system(size: 11, weight: .semibold)), at: CGPoint(x: 8, y: 3),
             color: .white)
    ctx.setStrokeColor(Color(rgb: 0x1C1C1E))
    ctx.setLineWidth(1)
    ctx.stroke(Path(roundedRect: CGRect(x: 0.5, y: 0.5, width: width - 1, height: height - 1), cornerRadius: 7.5))
    return bitmap
}

@Suite("Drawing: graphics context")
struct GraphicsContextTests {
    // MARK: Filling and state

    @Test("filling a rectangle colours its inside and nothing else")
    func fillRect() {
        let ctx = canvas(width: 20, height: 10)
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 5, y: 2, width: 10, height: 4))
        let b = ctx.bitmap
        // Scale 2: the rectangle covers pixels 10..<30 × 4..<12.
        for (x, y) in [(10, 4), (29, 11), (20, 8)] { #expect(b.pixel(x: x, y: y) == redPixel) }
        for (x, y) in [(9, 4), (30, 11), (20, 3), (20, 12), (0, 0), (39, 19)] {
            #expect(b.pixel(x: x, y: y) == whitePixel, "(\(x), \(y)) is outside")
        }
    }

    @Test("a fractional edge is antialiased")
    func antialiasedEdge() {
        let ctx = transparentContext(width: 10, height: 4)
        ctx.setFillColor(.black)
        ctx.fill(CGRect(x: 0, y: 0, width: 4.5, height: 4))
        #expect(ctx.bitmap.pixel(x: 3, y: 1).alpha == 255)
        #expect(near(ctx.bitmap.pixel(x: 4, y: 1).alpha, 128))
        #expect(ctx.bitmap.pixel(x: 5, y: 1).alpha == 0)
    }

    @Test("restoreGState brings back the fill colour and the clip")
    func saveRestore() {
        let ctx = canvas(width: 20, height: 20, scale: 1)
        ctx.setFillColor(red)
        ctx.saveGState()
        ctx.setFillColor(blue)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 5, height: 5))
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(ctx.bitmap.pixel(x: 2, y: 2) == bluePixel)
        #expect(ctx.bitmap.pixel(x: 10, y: 10) == whitePixel)
        ctx.restoreGState()
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(ctx.bitmap.pixel(x: 2, y: 2) == redPixel)
        #expect(ctx.bitmap.pixel(x: 15, y: 15) == redPixel)
    }

    @Test("restoreGState brings back the transform and alpha; an unbalanced restore is ignored")
    func saveRestoreTransform() {
        let ctx = canvas(width: 20, height: 20, scale: 1)
        ctx.withSavedGState {
            ctx.translateBy(x: 10, y: 10)
            ctx.setAlpha(0.25)
            #expect(ctx.ctm.tx == 10)
        }
        #expect(ctx.ctm == .identity)
        ctx.restoreGState()
        ctx.setFillColor(.black)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(ctx.bitmap.pixel(x: 1, y: 1) == Pixel(red: 0, green: 0, blue: 0, alpha: 255))
    }

    @Test("clip(to:) limits fills to the clip, for rectangles and paths")
    func clipping() {
        let ctx = canvas(width: 40, height: 20, scale: 1)
        ctx.clip(to: CGRect(x: 10, y: 0, width: 30, height: 20))
        ctx.clip(to: Path(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 20)))
        #expect(ctx.clipBoundingBox == CGRect(x: 10, y: 0, width: 30, height: 20))
        ctx.setFillColor(green)
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(ctx.bitmap.pixel(x: 20, y: 10) == greenPixel)
        #expect(ctx.bitmap.pixel(x: 5, y: 10) == whitePixel, "left of the rectangle clip")
        #expect(ctx.bitmap.pixel(x: 38, y: 1) == whitePixel, "outside the ellipse")
    }

    @Test("setAlpha scales the coverage of fills, strokes and images")
    func alpha() {
        let ctx = transparentContext(width: 30, height: 10)
        ctx.setAlpha(0.5)
        ctx.setFillColor(.black)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(near(ctx.bitmap.pixel(x: 5, y: 5).alpha, 128, 1))

        ctx.setFillColor(red.withAlpha(0.5))
        ctx.fill(CGRect(x: 10, y: 0, width: 10, height: 10))
        #expect(near(ctx.bitmap.pixel(x: 15, y: 5).alpha, 64, 1), "multiplied with the colour's own alpha")

        let image = Bitmap(width: 2, height: 2, opaque: true)
        image.clear(to: .white)
        ctx.draw(image, in: CGRect(x: 20, y: 0, width: 10, height: 10))
        #expect(near(ctx.bitmap.pixel(x: 25, y: 5).alpha, 128, 1))

        // On white, half-transparent black makes mid grey.
        let grey = canvas(width: 4, height: 4, scale: 1)
        grey.setAlpha(0.5)
        grey.setFillColor(.black)
        grey.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(near(grey.bitmap.pixel(x: 1, y: 1).red, 128, 1))
    }

    @Test("stroking draws the outline only, centred on the path")
    func stroke() {
        let ctx = canvas(width: 20, height: 20, scale: 1)
        ctx.setStrokeColor(blue)
        ctx.setLineWidth(2)
        ctx.stroke(CGRect(x: 4, y: 4, width: 12, height: 12))
        #expect(ctx.bitmap.pixel(x: 3, y: 10) == bluePixel)
        #expect(ctx.bitmap.pixel(x: 4, y: 10) == bluePixel)
        #expect(ctx.bitmap.pixel(x: 10, y: 10) == whitePixel)
        #expect(ctx.bitmap.pixel(x: 1, y: 10) == whitePixel)
    }

    @Test("operationCount counts fills, strokes, gradients, images and text, not state changes")
    func operationCount() {
        let ctx = canvas(width: 40, height: 40)
        #expect(ctx.operationCount == 0)
        ctx.saveGState()
        ctx.setFillColor(red)
        ctx.setStrokeColor(blue)
        ctx.setLineWidth(3)
        ctx.setAlpha(0.5)
        ctx.translateBy(x: 1, y: 1)
        ctx.scaleBy(x: 1, y: 1)
        ctx.rotate(by: 0.1)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 30, height: 30))
        ctx.clip(to: Path(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 30)))
        ctx.restoreGState()
        #expect(ctx.operationCount == 0)

        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        ctx.fill(Path(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 4)))
        ctx.stroke(CGRect(x: 0, y: 0, width: 4, height: 4))
        ctx.stroke(Path(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 4)))
        #expect(ctx.operationCount == 4)
        ctx.drawLinearGradient(Gradient(colors: [red, blue]), start: .zero, end: CGPoint(x: 10, y: 0))
        #expect(ctx.operationCount == 5)
        ctx.draw(Bitmap(width: 2, height: 2), in: CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(ctx.operationCount == 6)
        ctx.draw(TextLayout(text: "Hi", font: .system(size: 12)), at: .zero, color: .black)
        #expect(ctx.operationCount == 7)
    }

    @Test("clear(_:) makes pixels transparent regardless of fill colour and alpha")
    func clearRect() {
        let ctx = transparentContext(width: 10, height: 10)
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        ctx.setAlpha(0.3)
        ctx.setFillColor(blue)
        ctx.clear(CGRect(x: 2, y: 2, width: 4, height: 4))
        #expect(ctx.bitmap.pixel(x: 3, y: 3) == clearPixel)
        #expect(ctx.bitmap.pixel(x: 5, y: 5) == clearPixel)
        #expect(ctx.bitmap.pixel(x: 6, y: 6) == redPixel)
        #expect(ctx.bitmap.pixel(x: 1, y: 3) == redPixel)
        // Still drawing afterwards with the usual operator.
        ctx.setAlpha(1)
        ctx.fill(CGRect(x: 2, y: 2, width: 1, height: 1))
        #expect(ctx.bitmap.pixel(x: 2, y: 2) == bluePixel)
    }

    @Test("a linear gradient runs from its start colour to its end colour")
    func linearGradient() {
        let ctx = canvas(width: 101, height: 10, scale: 1)
        ctx.drawLinearGradient(Gradient(colors: [red, blue]), start: CGPoint(x: 0, y: 0), end: CGPoint(x: 101, y: 0))
        let left = ctx.bitmap.pixel(x: 0, y: 5), right = ctx.bitmap.pixel(x: 100, y: 5)
        let middle = ctx.bitmap.pixel(x: 50, y: 5)
        #expect(left.red >= 250 && left.blue <= 5)
        #expect(right.blue >= 250 && right.red <= 5)
        #expect(near(middle.red, 128, 3) && near(middle.blue, 128, 3) && middle.green == 0)
        // Monotonic along the way.
        var previous = 256
        for x in stride(from: 0, to: 101, by: 5) {
            let r = Int(ctx.bitmap.pixel(x: x, y: 5).red)
            #expect(r <= previous)
            previous = r
        }
    }

    @Test("a gradient fills only the clip and extends its end colours")
    func gradientClipAndExtend() {
        let ctx = canvas(width: 100, height: 10, scale: 1)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 80, height: 10))
        ctx.drawLinearGradient(Gradient(colors: [red, blue], locations: [0, 1]),
                               start: CGPoint(x: 20, y: 0), end: CGPoint(x: 60, y: 0))
        #expect(ctx.bitmap.pixel(x: 5, y: 5) == redPixel)
        #expect(ctx.bitmap.pixel(x: 70, y: 5) == bluePixel)
        #expect(ctx.bitmap.pixel(x: 90, y: 5) == whitePixel)
    }

    // MARK: Images

    @Test("draw(_:in:) stretches the whole bitmap or a part of it")
    func drawImage() {
        let source = nineSliceSource(cap: 2, centre: 4)
        let ctx = canvas(width: 40, height: 40, scale: 1)
        ctx.draw(source, in: CGRect(x: 0, y: 0, width: 16, height: 16), interpolation: .none)
        #expect(ctx.bitmap.pixel(x: 0, y: 0) == greenPixel)
        #expect(ctx.bitmap.pixel(x: 8, y: 8) == bluePixel)
        #expect(ctx.bitmap.pixel(x: 8, y: 0) == redPixel)
        #expect(ctx.bitmap.pixel(x: 16, y: 16) == whitePixel)
        // Only the blue centre, stretched: no red bleeds in at its edges.
        ctx.draw(source, in: CGRect(x: 20, y: 20, width: 20, height: 20),
                 source: CGRect(x: 2, y: 2, width: 4, height: 4))
        for (x, y) in [(20, 20), (39, 39), (20, 39), (30, 30)] {
            #expect(ctx.bitmap.pixel(x: x, y: y) == bluePixel, "(\(x), \(y))")
        }
    }

    @Test("nine-slice drawing keeps the corners' size and colour and stretches the middle",
          arguments: [2, 3] as [CGFloat])
    func nineSlice(contextScale: CGFloat) throws {
        // A 2x image: 2-pixel (1-point) caps around a 4-pixel centre.
        let source = nineSliceSource(cap: 2, centre: 4)
        let size = CGSize(width: 60, height: 40)
        let ctx = canvas(width: Int(size.width) + 10, height: Int(size.height) + 10, scale: contextScale)
        ctx.draw(source, in: CGRect(x: 5, y: 5, width: size.width, height: size.height),
                 capInsets: UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1), scale: 2)
        let b = ctx.bitmap
        let s = Int(contextScale)
        let border = 1 * s // one point of cap at the context's scale
        let minX = 5 * s, minY = 5 * s
        let maxX = minX + Int(size.width) * s - 1, maxY = minY + Int(size.height) * s - 1

        // Outside: untouched.
        #expect(b.pixel(x: minX - 1, y: minY) == whitePixel)
        #expect(b.pixel(x: maxX + 1, y: maxY) == whitePixel)
        // Corners: exactly `border` pixels of green on each side.
        for (cx, cy, dx, dy) in [(minX, minY, 1, 1), (maxX, minY, -1, 1), (minX, maxY, 1, -1), (maxX, maxY, -1, -1)] {
            for i in 0 ..< border {
                for j in 0 ..< border {
                    #expect(b.pixel(x: cx + dx * i, y: cy + dy * j) == greenPixel, "corner pixel near (\(cx), \(cy))")
                }
            }
            // Beside a corner comes an edge, diagonally inside it the centre.
            #expect(b.pixel(x: cx + dx * border, y: cy) == redPixel)
            #expect(b.pixel(x: cx, y: cy + dy * border) == redPixel)
            #expect(b.pixel(x: cx + dx * border, y: cy + dy * border) == bluePixel)
        }
        // Edges keep their thickness along their whole length.
        for x in stride(from: minX + border, through: maxX - border, by: 7) {
            for i in 0 ..< border {
                #expect(b.pixel(x: x, y: minY + i) == redPixel)
                #expect(b.pixel(x: x, y: maxY - i) == redPixel)
            }
            #expect(b.pixel(x: x, y: minY + border) == bluePixel)
            #expect(b.pixel(x: x, y: maxY - border) == bluePixel)
        }
        for y in stride(from: minY + border, through: maxY - border, by: 7) {
            for i in 0 ..< border {
                #expect(b.pixel(x: minX + i, y: y) == redPixel)
                #expect(b.pixel(x: maxX - i, y: y) == redPixel)
            }
        }
        // The centre is stretched blue all the way, with no border colour bleeding into it.
        var notBlue = 0
        for y in (minY + border) ... (maxY - border) {
            for x in (minX + border) ... (maxX - border) where b.pixel(x: x, y: y) != bluePixel { notBlue += 1 }
        }
        #expect(notBlue == 0)
    }

    @Test("nine-slice slices meet without seams where their boundaries fall inside pixels",
          arguments: [1.0, 0.5])
    func nineSliceNoSeams(opacity: Double) {
        let image = Bitmap(width: 12, height: 12, opaque: true)
        image.clear(to: Color(rgb: 0x336699))
        let ctx = GraphicsContext(bitmap: Bitmap(width: 120, height: 40))
        ctx.scaleBy(x: 2, y: 2)
        // Every slice boundary lands at a fractional device position.
        ctx.draw(image, in: CGRect(x: 5.3, y: 5.3, width: 40.3, height: 10.1),
                 capInsets: UIEdgeInsets(top: 2.1, left: 2.1, bottom: 2.1, right: 2.1), scale: 2, opacity: opacity)
        let expected = Int((255 * opacity).rounded())
        var seams: [String] = []
        // Device pixels fully inside the rectangle (10.6…91.2 × 10.6…30.8): x 11...90, y 11...29.
        for y in 11 ... 29 {
            for x in 11 ... 90 where abs(Int(ctx.bitmap.pixel(x: x, y: y).alpha) - expected) > 1 {
                seams.append("(\(x), \(y)): \(ctx.bitmap.pixel(x: x, y: y).alpha)")
            }
        }
        #expect(seams.isEmpty, "\(seams.count) pixels, first \(seams.prefix(4))")
        // The outline is still antialiased: the left edge at x = 10.6 covers 40 % of its pixel.
        let edge = Double(ctx.bitmap.pixel(x: 10, y: 20).alpha)
        #expect(abs(edge - 0.4 * Double(expected)) <= 3)
    }

    @Test("caps that fill the destination to within rounding draw, and leave the bitmap drawable")
    func nineSliceCapsFillDestination() {
        // A contentStretch cell during a rotation: the caps shrink to the destination,
        // so the middle slice is zero wide, or a rounding error below zero. Cairo, given
        // a scale that small, failed the drawing and put the bitmap's surface into an
        // error state, and every later frame drawn into that bitmap came out black.
        let source = Bitmap(width: 844, height: 76, opaque: true)
        let paint = GraphicsContext(bitmap: source)
        paint.setFillColor(red)
        paint.fill(CGRect(x: 0, y: 0, width: 844, height: 76))
        let ctx = canvas(width: 1200, height: 1200, scale: 2)
        // The cell's numbers: caps of 432.82 and 207.75 points of an 844-point drawing
        // squeezed into frames about 523 points wide, turning with the screen.
        ctx.translateBy(x: 500, y: 0)
        ctx.rotate(by: .pi / 2 * 0.97)
        let left = 200 / 390 * 844.0, right = 96 / 390 * 844.0
        var negative = 0
        for step in 0 ..< 300 {
            let width = 400 + CGFloat(step) * 0.8173
            let fit = width / (left + right)
            if (width - right * fit) - left * fit < 0 { negative += 1 }
            ctx.draw(source, in: CGRect(x: 0, y: 0, width: width, height: 76),
                     capInsets: UIEdgeInsets(top: 0, left: left, bottom: 0, right: right), scale: 1)
        }
        #expect(negative > 0, "the sweep meets a middle slice a rounding error below zero wide")
        #expect(ctx.drawingFailure == nil)
        #expect(ctx.bitmap.drawingFailure == nil)
        #expect(ctx.bitmap.pixel(x: 900, y: 100) == redPixel, "the image was drawn")
        let after = GraphicsContext(bitmap: ctx.bitmap)
        after.setFillColor(blue)
        after.fill(CGRect(x: 0, y: 1190, width: 10, height: 10))
        #expect(ctx.bitmap.pixel(x: 5, y: 1195) == bluePixel, "the bitmap still takes drawing")
    }

    @Test("a nine-slice destination smaller than the caps shrinks the caps proportionally")
    func nineSliceTooSmall() {
        let source = nineSliceSource(cap: 4, centre: 2)
        let ctx = canvas(width: 10, height: 10, scale: 1)
        // Caps of 4 points each side in a 4-point-wide rectangle: each cap gets 2 points.
        ctx.draw(source, in: CGRect(x: 0, y: 0, width: 4, height: 8),
                 capInsets: UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4), scale: 1)
        #expect(ctx.bitmap.pixel(x: 0, y: 0).green > 200)
        #expect(ctx.bitmap.pixel(x: 3, y: 7).green > 200)
        #expect(ctx.bitmap.pixel(x: 4, y: 0) == whitePixel, "nothing drawn outside the rectangle")
        #expect(ctx.bitmap.pixel(x: 0, y: 8) == whitePixel)
    }

    @Test("golden: a nine-slice image stretched to a button-sized rectangle")
    func nineSliceGolden() throws {
        // A 2x rounded "bubble" image, 24×24 points with 10-point caps.
        let image = Bitmap(width: 48, height: 48)
        let ictx = GraphicsContext(bitmap: image)
        ictx.scaleBy(x: 2, y: 2)
        ictx.setFillColor(Color(rgb: 0x34C759))
        ictx.fill(Path(roundedRect: CGRect(x: 0, y: 0, width: 24, height: 24), cornerRadius: 9))
        ictx.setFillColor(Color(rgb: 0xE5F8EA))
        ictx.fill(Path(roundedRect: CGRect(x: 3, y: 3, width: 18, height: 18), cornerRadius: 6))
        ictx.setFillColor(Color(rgb: 0x248A3D))
        ictx.fill(Path(ellipseIn: CGRect(x: 2, y: 2, width: 4, height: 4)))
        ictx.fill(Path(ellipseIn: CGRect(x: 18, y: 18, width: 4, height: 4)))

        let ctx = canvas(width: 140, height: 70)
        let caps = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        ctx.draw(image, in: CGRect(x: 6, y: 6, width: 128, height: 32), capInsets: caps, scale: 2)
        ctx.draw(image, in: CGRect(x: 6, y: 44, width: 24, height: 20), capInsets: caps, scale: 2)
        ctx.draw(image, in: CGRect(x: 40, y: 44, width: 94, height: 20), capInsets: caps, scale: 2, opacity: 0.5)
        try GoldenImage.verify(ctx.bitmap, named: "nine-slice", goldenDirectory: goldenDirectory)
    }

    // MARK: Compositing

    @Test("compositing with a whole-pixel translation copies the pixels exactly", arguments: [false, true])
    func compositeTranslation(opaque: Bool) {
        let source = Bitmap(width: 12, height: 9, opaque: opaque)
        let sctx = GraphicsContext(bitmap: source)
        sctx.setFillColor(Color(rgb: 0xFF9500, alpha: 0.7))
        sctx.fill(Path(ellipseIn: CGRect(x: 0.5, y: 0.5, width: 11, height: 8)))
        sctx.setFillColor(blue)
        sctx.fill(CGRect(x: 3, y: 3, width: 2, height: 2))

        let ctx = transparentContext(width: 30, height: 30)
        ctx.composite(source, transform: CGAffineTransform(translationX: 7, y: 11))
        let region = ctx.bitmap.cropped(to: CGRect(x: 7, y: 11, width: 12, height: 9))
        #expect(region.difference(from: source).differingPixels == 0)
        #expect(ctx.bitmap.pixel(x: 6, y: 11) == clearPixel)
        #expect(ctx.bitmap.pixel(x: 19, y: 20) == clearPixel)
    }

    @Test("compositing at half opacity halves the alpha")
    func compositeOpacity() {
        let source = Bitmap(width: 4, height: 4, opaque: true)
        source.clear(to: red)
        let ctx = transparentContext(width: 8, height: 8)
        ctx.composite(source, transform: CGAffineTransform(translationX: 2, y: 2), opacity: 0.5)
        #expect(near(ctx.bitmap.pixel(x: 3, y: 3).alpha, 128, 1))
        #expect(ctx.bitmap.pixel(x: 1, y: 1) == clearPixel)
        #expect(ctx.bitmap.pixel(x: 6, y: 6) == clearPixel)
    }

    @Test("an identity projective composite matches the affine composite",
          arguments: [CGAffineTransform.identity, CGAffineTransform(translationX: 3.5, y: 2.25),
                      CGAffineTransform(scaleX: 2, y: 2), CGAffineTransform(scaleX: 1.5, y: 2).translatedBy(x: 2, y: 1)])
    func projectiveIdentityMatchesAffine(ctm: CGAffineTransform) {
        let source = cardBitmap(width: 20, height: 16)
        let affine = canvas(width: 60, height: 50, scale: 1)
        affine.concatenate(ctm)
        affine.composite(source, transform: CGAffineTransform(translationX: 4, y: 3))
        let projective = canvas(width: 60, height: 50, scale: 1)
        projective.concatenate(ctm)
        projective.composite(source, projective: ProjectiveTransform(affine: CGAffineTransform(translationX: 4, y: 3)))
        let diff = projective.bitmap.difference(from: affine.bitmap, tolerance: 2)
        #expect(diff.differingPixels == 0, "\(diff)")
    }

    @Test("a projective composite respects the clip and opacity")
    func projectiveClipAndOpacity() {
        let source = Bitmap(width: 20, height: 20, opaque: true)
        source.clear(to: blue)
        let ctx = transparentContext(width: 40, height: 40)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 40))
        ctx.composite(source, projective: ProjectiveTransform(affine: CGAffineTransform(translationX: 5, y: 5)),
                      opacity: 0.5)
        #expect(near(ctx.bitmap.pixel(x: 7, y: 10).alpha, 128, 1))
        #expect(ctx.bitmap.pixel(x: 12, y: 10) == clearPixel, "outside the clip")
        #expect(ctx.bitmap.pixel(x: 4, y: 10) == clearPixel, "outside the image")
    }

    /// Card (80×56 points) turned 45° about its vertical axis, seen from 500 points away, centred.
    private func perspectiveCard() -> (GraphicsContext, ProjectiveTransform) {
        let cardWidth: CGFloat = 80, cardHeight: CGFloat = 56
        let card = cardBitmap(width: cardWidth, height: cardHeight)
        var perspective = CATransform3D.identity
        perspective.m34 = -1 / 500
        let t = CATransform3D(scaleX: 0.5, y: 0.5, z: 1) // bitmap pixels → card points
            .concatenating(CATransform3D(translationX: -cardWidth / 2, y: -cardHeight / 2, z: 0))
            .concatenating(CATransform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0))
            .concatenating(perspective)
            .concatenating(CATransform3D(translationX: 60, y: 45, z: 0))
        let map = ProjectiveTransform(t)
        let ctx = canvas(width: 120, height: 90)
        ctx.composite(card, projective: map)
        return (ctx, map)
    }

    @Test("a card turned about the y axis with perspective draws as a trapezoid")
    func perspectiveTrapezoid() throws {
        let (ctx, map) = perspectiveCard()
        let b = ctx.bitmap
        // Points of the card (in its bitmap's pixels) in device pixels (scale 2), from the map itself.
        func device(_ x: Double, _ y: Double) throws -> CGPoint {
            let p = try #require(map.apply(x, y))
            return CGPoint(x: p.x * 2, y: p.y * 2)
        }
        let topLeft = try device(0, 0), bottomLeft = try device(0, 112)
        let topRight = try device(160, 0), bottomRight = try device(160, 112)
        #expect(abs(topLeft.x - bottomLeft.x) < 1e-6, "vertical edges stay vertical")
        let leftHeight = bottomLeft.y - topLeft.y, rightHeight = bottomRight.y - topRight.y
        #expect(leftHeight > rightHeight + 8, "the left edge turns towards the viewer")
        #expect(topRight.x - topLeft.x < 160 * 0.75, "foreshortened")

        // Measure the card's coloured run in two columns 12 points inside its vertical
        // edges, clear of the rounded corners, and compare with the map.
        let isCard: (Pixel) -> Bool = { $0 != whitePixel }
        func measure(cardX: Double) throws -> (measured: Int, expected: Double) {
            let top = try device(cardX, 0), bottom = try device(cardX, 112)
            return (runHeight(b, column: Int(top.x), where: isCard), bottom.y - top.y)
        }
        let near = try measure(cardX: 24), far = try measure(cardX: 136)
        #expect(Double(near.measured) > Double(far.measured) + 8, "near \(near.measured) px, far \(far.measured) px")
        #expect(abs(Double(near.measured) - near.expected) <= 2, "\(near)")
        #expect(abs(Double(far.measured) - far.expected) <= 2, "\(far)")
        // The middle of the card is as tall as the map says too.
        let middle = try measure(cardX: 80)
        #expect(abs(Double(middle.measured) - middle.expected) <= 2, "\(middle)")
        #expect(middle.measured < near.measured && middle.measured > far.measured)

        // Outside the trapezoid: untouched.
        #expect(b.pixel(x: Int(topLeft.x) - 3, y: b.height / 2) == whitePixel)
        #expect(b.pixel(x: Int(topRight.x) + 3, y: b.height / 2) == whitePixel)
        #expect(b.pixel(x: Int(topRight.x) - 6, y: Int(topLeft.y) + 2) == whitePixel, "above the far edge")
        #expect(b.pixel(x: Int(topRight.x) - 6, y: Int(bottomLeft.y) - 2) == whitePixel, "below the far edge")
    }

    @Test("golden: a card turned in 3D with perspective")
    func perspectiveGolden() throws {
        let (ctx, _) = perspectiveCard()
        try GoldenImage.verify(ctx.bitmap, named: "perspective-card", goldenDirectory: goldenDirectory)
    }

    @Test("a plane turned edge-on or behind the viewer draws nothing and does not crash")
    func projectiveDegenerate() {
        let source = Bitmap(width: 10, height: 10, opaque: true)
        source.clear(to: red)
        let ctx = canvas(width: 20, height: 20, scale: 1)
        // Edge-on: the plane collapses to a line.
        let edgeOn = ProjectiveTransform(CATransform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0))
        ctx.composite(source, projective: edgeOn)
        // Entirely behind the viewer (w < 0 everywhere).
        ctx.composite(source, projective: ProjectiveTransform(1, 0, 0, 0, 1, 0, 0, 0, -1))
        var touched = 0
        for y in 0 ..< 20 { for x in 0 ..< 20 where ctx.bitmap.pixel(x: x, y: y) != whitePixel { touched += 1 } }
        #expect(touched <= 20, "at most a hairline for the edge-on plane")
    }
}
