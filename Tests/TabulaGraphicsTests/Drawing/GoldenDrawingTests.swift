import Foundation
import Testing
import TabulaCore
@testable import TabulaGraphics
import TabulaTestBasics

let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Golden")

/// A 2x context over a fresh white bitmap, as a view at scale 2 would get.
func canvas(width: Int, height: Int, scale: CGFloat = 2) -> GraphicsContext {
    let bitmap = Bitmap(width: Int(CGFloat(width) * scale), height: Int(CGFloat(height) * scale), opaque: true)
    bitmap.clear(to: .white)
    let context = GraphicsContext(bitmap: bitmap)
    context.scaleBy(x: scale, y: scale)
    return context
}

@Suite("Drawing: golden images")
struct GoldenDrawingTests {
    @Test("rounded rects with per-corner radii, strokes and a linear gradient")
    func shapesAndGradient() throws {
        let ctx = canvas(width: 120, height: 80)
        ctx.saveGState()
        ctx.clip(to: Path(roundedRect: CGRect(x: 8, y: 8, width: 104, height: 30),
                          cornerRadii: CornerRadii(topLeft: 15, topRight: 4, bottomLeft: 0, bottomRight: 10)))
        ctx.drawLinearGradient(Gradient(colors: [Color(rgb: 0x007AFF), Color(rgb: 0xFF2D55)]),
                               start: CGPoint(x: 8, y: 0), end: CGPoint(x: 112, y: 0))
        ctx.restoreGState()
        ctx.setFillColor(Color(rgb: 0x34C759))
        ctx.fill(Path(roundedRect: CGRect(x: 8, y: 46, width: 50, height: 26), cornerRadius: 8))
        ctx.setStrokeColor(Color(rgb: 0x1C1C1E))
        ctx.setLineWidth(2)
        ctx.stroke(Path(ellipseIn: CGRect(x: 70, y: 46, width: 40, height: 26)))
        try GoldenImage.verify(ctx.bitmap, named: "shapes-gradient", goldenDirectory: goldenDirectory)
    }
}
