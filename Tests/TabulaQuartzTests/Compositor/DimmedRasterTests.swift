import Foundation
import Testing
@testable import TabulaQuartz

/// A kept screen under the dimming of an alert is drawn in one pass: the screen's pixels
/// copied with the dimming blended in, and the dimming's fill drawn as usual where it
/// reaches beyond the screen. The pixels must be those of drawing the two in turn.
@MainActor
@Suite("Compositor: a kept screen and the dimming over it, in one pass")
struct DimmedRasterTests {
    /// An opaque bitmap of varied pixels.
    static func screen(width: Int, height: Int) -> Bitmap {
        let bitmap = Bitmap(width: width, height: height, opaque: true)
        bitmap.withUnsafeMutablePixels { p, stride in
            for y in 0 ..< height {
                for x in 0 ..< width {
                    let v = UInt32(truncatingIfNeeded: x &* 2654435761 ^ y &* 40503)
                    p[y * stride + x] = 0xFF00_0000 | v & 0x00FF_FFFF
                }
            }
        }
        return bitmap
    }

    /// A layer that is only a fill of `color` over `bounds`, at `opacity`.
    static func dimming(_ bounds: CGRect, _ color: Color, opacity: Double) -> LayerPaint {
        LayerPaint(map: ProjectiveTransform(affine: .identity), bounds: bounds, shape: Path(rect: bounds), background: color,
                   contentRect: bounds, contentsScale: 1, masksToBounds: false, isRounded: false, opacity: opacity)
    }

    /// The frame's words (opaque: the alpha byte read as 255).
    static func words(_ bitmap: Bitmap) -> [UInt32] {
        bitmap.withUnsafePixels { p, stride in
            (0 ..< bitmap.height).flatMap { y in (0 ..< bitmap.width).map { x in p[y * stride + x] | 0xFF00_0000 } }
        }
    }

    @Test("the dimming as large as the screen, larger on every side, and reaching past a half pixel: the pixels of drawing them in turn",
          arguments: [CGRect(x: 8, y: 6, width: 40, height: 30), CGRect(x: 0, y: 0, width: 64, height: 48),
                      CGRect(x: 2.5, y: 1.25, width: 50, height: 40)])
    func sameAsInTurn(dimmed: CGRect) {
        compareWithInTurn(screenWidth: 40, dimmed: dimmed)
    }

    @Test("a screen whose rows end between two groups of eight pixels (the vector loop's last group, which overlaps the one before)",
          arguments: [41, 45, 47])
    func rowsEndingBetweenEights(width: Int) {
        compareWithInTurn(screenWidth: width, dimmed: CGRect(x: 0, y: 0, width: 64, height: 48))
    }

    /// Draws a `screenWidth` × 30 screen at (8, 6) under a dimming over `dimmed`, in turn
    /// and in one pass, and expects the same pixels.
    private func compareWithInTurn(screenWidth: Int, dimmed: CGRect) {
        let screen = Self.screen(width: screenWidth, height: 30)
        let place = CGRect(x: 8, y: 6, width: CGFloat(screenWidth), height: 30)
        let dimming = Self.dimming(dimmed, Color(white: 0, alpha: 0.2), opacity: 0.7)
        let inTurn = Bitmap(width: 64, height: 48, opaque: true), onePass = Bitmap(width: 64, height: 48, opaque: true)
        for frame in [inTurn, onePass] {
            let ctx = GraphicsContext(bitmap: frame)
            ctx.setFillColor(Color(red: 0.2, green: 0.6, blue: 0.9))
            ctx.fill(CGRect(x: 0, y: 0, width: 64, height: 48))
        }
        do {
            let canvas = CairoCanvas(bitmap: inTurn)
            canvas.drawRaster(screen, in: place, map: ProjectiveTransform(affine: .identity), opacity: 1)
            canvas.drawLayer(dimming, shadow: nil)
        }
        do {
            let canvas = CairoCanvas(bitmap: onePass)
            #expect(canvas.drawRaster(screen, in: place, map: ProjectiveTransform(affine: .identity), under: dimming))
        }
        let a = Self.words(inTurn), b = Self.words(onePass)
        let differing = a.indices.filter { a[$0] != b[$0] }.map { ($0 % 64, $0 / 64, String(a[$0], radix: 16), String(b[$0], radix: 16)) }
        #expect(differing.isEmpty, "pixels (x, y, drawn in turn, in one pass) that differ: \(differing.prefix(8))")
    }

    @Test("declines, drawing nothing, when the dimming does not cover the screen, has contents, rounded corners, or the screen is placed between pixels")
    func declines() {
        let screen = Self.screen(width: 40, height: 30)
        let place = CGRect(x: 8, y: 6, width: 40, height: 30)
        let full = CGRect(x: 0, y: 0, width: 64, height: 48), dim = Color(white: 0, alpha: 0.2)
        let plain = Self.dimming(full, dim, opacity: 1)
        var rounded = plain
        rounded.isRounded = true
        var withContents = plain
        withContents.contents = Self.screen(width: 4, height: 4)
        let cases: [(String, LayerPaint, CGRect)] = [
            ("short of the screen", Self.dimming(CGRect(x: 10, y: 6, width: 40, height: 30), dim, opacity: 1), place),
            ("rounded", rounded, place), ("contents", withContents, place),
            ("between pixels", plain, place.offsetBy(dx: 0.5, dy: 0)),
        ]
        for (name, paint, at) in cases {
            let frame = Bitmap(width: 64, height: 48, opaque: true)
            let before = Self.words(frame)
            #expect(!CairoCanvas(bitmap: frame).drawRaster(screen, in: at, map: ProjectiveTransform(affine: .identity), under: paint),
                    "\(name)")
            #expect(Self.words(frame) == before, "\(name): nothing drawn")
        }
    }
}
