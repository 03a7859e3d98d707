import Foundation

/// The symbols of the system bar button items (add, compose, share, trash …), drawn by
/// Tabula as simple vector paths of its own in the weight of iOS's bar symbols. They are
/// not Apple's artwork: each is a few strokes that read as the same idea.
@MainActor
enum BarGlyphs {
    /// How a glyph is painted: stroked with round caps, filled, or both.
    struct Glyph {
        var stroke = Path()
        var fill = Path()
    }

    /// The glyph named by `symbol` (the SF Symbols name the item stands for) in a square
    /// of `size` points centred on `center`, or nil when Tabula draws none for it.
    static func glyph(_ symbol: String, center c: CGPoint, size s: CGFloat = 22) -> Glyph? {
        var g = Glyph()
        let h = s / 2
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: c.x + x * h, y: c.y + y * h) }
        switch symbol {
        case "plus":
            g.stroke.move(to: p(-0.78, 0)); g.stroke.addLine(to: p(0.78, 0))
            g.stroke.move(to: p(0, -0.78)); g.stroke.addLine(to: p(0, 0.78))
        case "xmark":
            g.stroke.move(to: p(-0.6, -0.6)); g.stroke.addLine(to: p(0.6, 0.6))
            g.stroke.move(to: p(0.6, -0.6)); g.stroke.addLine(to: p(-0.6, 0.6))
        case "xmark.circle.fill":
            g.fill.addEllipse(in: CGRect(x: c.x - h * 0.9, y: c.y - h * 0.9, width: s * 0.9, height: s * 0.9))
            g.stroke.move(to: p(-0.3, -0.3)); g.stroke.addLine(to: p(0.3, 0.3))
            g.stroke.move(to: p(0.3, -0.3)); g.stroke.addLine(to: p(-0.3, 0.3))
        case "info.circle":
            g.stroke.addEllipse(in: CGRect(x: c.x - 0.85 * h, y: c.y - 0.85 * h, width: 1.7 * h, height: 1.7 * h))
            g.fill.addEllipse(in: CGRect(x: c.x - 0.11 * h, y: c.y - 0.52 * h, width: 0.22 * h, height: 0.22 * h))
            g.stroke.move(to: p(0, -0.12)); g.stroke.addLine(to: p(0, 0.48))
        case "plus.circle":
            g.stroke.addEllipse(in: CGRect(x: c.x - 0.85 * h, y: c.y - 0.85 * h, width: 1.7 * h, height: 1.7 * h))
            g.stroke.move(to: p(-0.42, 0)); g.stroke.addLine(to: p(0.42, 0))
            g.stroke.move(to: p(0, -0.42)); g.stroke.addLine(to: p(0, 0.42))
        case "trash":
            g.stroke.move(to: p(-0.8, -0.6)); g.stroke.addLine(to: p(0.8, -0.6))                  // lid
            g.stroke.move(to: p(-0.3, -0.6)); g.stroke.addLine(to: p(-0.25, -0.85))
            g.stroke.addLine(to: p(0.25, -0.85)); g.stroke.addLine(to: p(0.3, -0.6))              // handle
            g.stroke.move(to: p(-0.62, -0.6)); g.stroke.addLine(to: p(-0.52, 0.85))
            g.stroke.addLine(to: p(0.52, 0.85)); g.stroke.addLine(to: p(0.62, -0.6))              // can
            g.stroke.move(to: p(-0.18, -0.3)); g.stroke.addLine(to: p(-0.15, 0.55))
            g.stroke.move(to: p(0.18, -0.3)); g.stroke.addLine(to: p(0.15, 0.55))
        case "square.and.arrow.up":
            g.stroke.move(to: p(-0.3, -0.25)); g.stroke.addLine(to: p(-0.7, -0.25))
            g.stroke.addLine(to: p(-0.7, 0.9)); g.stroke.addLine(to: p(0.7, 0.9))
            g.stroke.addLine(to: p(0.7, -0.25)); g.stroke.addLine(to: p(0.3, -0.25))              // tray
            g.stroke.move(to: p(0, 0.35)); g.stroke.addLine(to: p(0, -0.95))                      // shaft
            g.stroke.move(to: p(-0.35, -0.6)); g.stroke.addLine(to: p(0, -0.95)); g.stroke.addLine(to: p(0.35, -0.6))
        case "square.and.pencil":
            g.stroke.move(to: p(0.1, -0.7)); g.stroke.addLine(to: p(-0.8, -0.7))
            g.stroke.addLine(to: p(-0.8, 0.85)); g.stroke.addLine(to: p(0.75, 0.85)); g.stroke.addLine(to: p(0.75, -0.05))
            g.stroke.move(to: p(-0.25, 0.3)); g.stroke.addLine(to: p(0.8, -0.75))                 // pencil
            g.stroke.move(to: p(0.55, -0.95)); g.stroke.addLine(to: p(0.95, -0.55))
        case "arrow.clockwise":
            g.stroke.move(to: p(0, -0.75))
            g.stroke.addArcApproximation(center: c, radius: 0.75 * h, from: 0, to: 1.65 * .pi)
            g.stroke.move(to: p(-0.3, -1.0)); g.stroke.addLine(to: p(0.05, -0.75)); g.stroke.addLine(to: p(-0.25, -0.45))
        case "magnifyingglass":
            g.stroke.addEllipse(in: CGRect(x: c.x - 0.8 * h, y: c.y - 0.8 * h, width: 1.2 * h, height: 1.2 * h))
            g.stroke.move(to: p(0.25, 0.25)); g.stroke.addLine(to: p(0.8, 0.8))
        case "book":
            g.stroke.move(to: p(0, -0.55)); g.stroke.addLine(to: p(0, 0.8))
            g.stroke.move(to: p(0, -0.55)); g.stroke.addCurve(to: p(-0.9, -0.7), control1: p(-0.3, -0.8), control2: p(-0.6, -0.8))
            g.stroke.addLine(to: p(-0.9, 0.65)); g.stroke.addCurve(to: p(0, 0.8), control1: p(-0.6, 0.55), control2: p(-0.3, 0.55))
            g.stroke.move(to: p(0, -0.55)); g.stroke.addCurve(to: p(0.9, -0.7), control1: p(0.3, -0.8), control2: p(0.6, -0.8))
            g.stroke.addLine(to: p(0.9, 0.65)); g.stroke.addCurve(to: p(0, 0.8), control1: p(0.6, 0.55), control2: p(0.3, 0.55))
        case "folder":
            g.stroke.move(to: p(-0.9, 0.75)); g.stroke.addLine(to: p(-0.9, -0.7)); g.stroke.addLine(to: p(-0.25, -0.7))
            g.stroke.addLine(to: p(-0.1, -0.5)); g.stroke.addLine(to: p(0.9, -0.5)); g.stroke.addLine(to: p(0.9, 0.75))
            g.stroke.closeSubpath()
            g.stroke.move(to: p(-0.9, -0.25)); g.stroke.addLine(to: p(0.9, -0.25))
        case "camera":
            g.stroke.addRoundedRect(CGRect(x: c.x - 0.95 * h, y: c.y - 0.5 * h, width: 1.9 * h, height: 1.35 * h),
                                    cornerRadii: CornerRadii(all: 0.2 * h))
            g.stroke.move(to: p(-0.35, -0.5)); g.stroke.addLine(to: p(-0.22, -0.8)); g.stroke.addLine(to: p(0.22, -0.8))
            g.stroke.addLine(to: p(0.35, -0.5))
            g.stroke.addEllipse(in: CGRect(x: c.x - 0.38 * h, y: c.y - 0.2 * h, width: 0.76 * h, height: 0.76 * h))
        case "arrowshape.turn.up.left":
            g.stroke.move(to: p(-0.4, -0.85)); g.stroke.addLine(to: p(-0.9, -0.3)); g.stroke.addLine(to: p(-0.4, 0.25))
            g.stroke.move(to: p(-0.9, -0.3)); g.stroke.addLine(to: p(0.1, -0.3))
            g.stroke.addCurve(to: p(0.9, 0.8), control1: p(0.6, -0.3), control2: p(0.9, 0.2))
        case "play.fill":
            g.fill.move(to: p(-0.55, -0.8)); g.fill.addLine(to: p(0.8, 0)); g.fill.addLine(to: p(-0.55, 0.8)); g.fill.closeSubpath()
        case "pause.fill":
            g.fill.addRect(CGRect(x: c.x - 0.6 * h, y: c.y - 0.8 * h, width: 0.42 * h, height: 1.6 * h))
            g.fill.addRect(CGRect(x: c.x + 0.18 * h, y: c.y - 0.8 * h, width: 0.42 * h, height: 1.6 * h))
        case "backward.fill", "forward.fill":
            let d: CGFloat = symbol == "forward.fill" ? 1 : -1
            for start in [CGFloat(-1), 0] {
                g.fill.move(to: p(d * start, -0.6)); g.fill.addLine(to: p(d * (start + 1), 0))
                g.fill.addLine(to: p(d * start, 0.6)); g.fill.closeSubpath()
            }
        default:
            return nil
        }
        return g
    }

    /// Draws `symbol` centred on `center` in `color` into `ctx`; false when there is no such glyph.
    @discardableResult
    static func draw(_ symbol: String, center: CGPoint, color: UIColor, in ctx: CGContext) -> Bool {
        guard let glyph = glyph(symbol, center: center) else { return false }
        if !glyph.fill.isEmpty {
            ctx.setFillColor(symbol == "xmark.circle.fill" ? color.withAlphaComponent(0.15).cgColor : color.cgColor)
            ctx.fill(glyph.fill)
        }
        if !glyph.stroke.isEmpty {
            ctx.setStrokeColor(color.cgColor)
            ctx.setLineWidth(symbol == "xmark.circle.fill" ? 2 : 1.8)
            ctx.setLineCap(.round)
            ctx.setLineJoin(.round)
            ctx.stroke(glyph.stroke)
        }
        return true
    }
}
