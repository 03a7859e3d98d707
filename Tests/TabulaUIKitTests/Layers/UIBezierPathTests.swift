import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// A view whose `draw(_:)` runs a closure.
private final class SketchView: UIView {
    var sketch: (CGRect) -> Void = { _ in }
    override func draw(_ rect: CGRect) { sketch(bounds) }
}

@MainActor
private func render(_ sketch: @escaping (CGRect) -> Void, name: String) throws -> Bitmap {
    let screen = HeadlessScreen(size: CGSize(width: 200, height: 200), scale: 1)
    let window = UIWindow(frame: .zero)
    window.backgroundColor = .white
    screen.show(window)
    let view = SketchView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    view.backgroundColor = .white
    view.sketch = sketch
    window.addSubview(view)
    screen.advance(by: 1.0 / 60)
    let image = screen.snapshot()
    writeForLooking(image, name)
    return try #require(image.cgImage)
}

private func isRed(_ c: Color) -> Bool { c.red > 0.9 && c.green < 0.15 && c.blue < 0.15 }
private func isBlue(_ c: Color) -> Bool { c.blue > 0.9 && c.red < 0.15 && c.green < 0.15 }
private func isWhite(_ c: Color) -> Bool { c.red > 0.95 && c.green > 0.95 && c.blue > 0.95 }

@MainActor
@Suite("UIBezierPath: building, geometry and drawing into the current context")
struct UIBezierPathTests {
    @Test("fill and stroke a rounded rectangle: fill inside, stroke on the edge, nothing outside")
    func fillAndStroke() throws {
        let bitmap = try render({ _ in
            let path = UIBezierPath(roundedRect: CGRect(x: 40, y: 40, width: 120, height: 80), cornerRadius: 16)
            UIColor(red: 0, green: 0, blue: 1, alpha: 1).setFill()
            path.fill()
            path.lineWidth = 6
            UIColor(red: 1, green: 0, blue: 0, alpha: 1).setStroke()
            path.stroke()
        }, name: "bezier-rounded")
        #expect(isBlue(bitmap.color(x: 100, y: 80)), "filled inside")
        #expect(isRed(bitmap.color(x: 100, y: 40)), "stroked on the top edge")
        #expect(isWhite(bitmap.color(x: 100, y: 30)), "nothing above it")
        #expect(isWhite(bitmap.color(x: 41, y: 41)), "the rounded corner leaves its tip out")
    }

    @Test("dashes leave gaps; round caps reach past the ends; setLineDash reads back")
    func dashesAndCaps() throws {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 20, y: 100))
        path.addLine(to: CGPoint(x: 180, y: 100))
        path.lineWidth = 10
        path.lineCapStyle = .butt
        path.setLineDash([20, 20], count: 2, phase: 0)
        var pattern = [CGFloat](repeating: 0, count: 2), count = 2, phase: CGFloat = -1
        path.getLineDash(&pattern, count: &count, phase: &phase)
        #expect(pattern == [20, 20] && count == 2 && phase == 0)
        let bitmap = try render({ _ in
            UIColor(red: 1, green: 0, blue: 0, alpha: 1).setStroke()
            path.stroke()
        }, name: "bezier-dashes")
        #expect(isRed(bitmap.color(x: 30, y: 100)), "the first dash")
        #expect(isWhite(bitmap.color(x: 50, y: 100)), "the first gap")
        #expect(isRed(bitmap.color(x: 70, y: 100)), "the second dash")
        #expect(isWhite(bitmap.color(x: 15, y: 100)), "a butt cap ends at the end")
    }

    @Test("an arc from the top, clockwise half way round, covers the right side only")
    func arc() throws {
        let bitmap = try render({ _ in
            let arc = UIBezierPath(arcCenter: CGPoint(x: 100, y: 100), radius: 60, startAngle: -.pi / 2,
                                   endAngle: .pi / 2, clockwise: true)
            arc.lineWidth = 8
            UIColor(red: 1, green: 0, blue: 0, alpha: 1).setStroke()
            arc.stroke()
        }, name: "bezier-arc")
        #expect(isRed(bitmap.color(x: 160, y: 100)), "the right of the circle")
        #expect(isRed(bitmap.color(x: Int(100 + 60 * cos(0.5)), y: Int(100 + 60 * sin(0.5)))), "on the circle")
        #expect(isWhite(bitmap.color(x: 40, y: 100)), "not the left")
    }

    @Test("contains, bounds, apply and append")
    func geometry() {
        let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(oval.contains(CGPoint(x: 50, y: 25)))
        #expect(!oval.contains(CGPoint(x: 3, y: 3)), "outside the ellipse, inside its box")
        #expect(oval.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        oval.apply(CGAffineTransform(translationX: 10, y: 20))
        #expect(oval.bounds == CGRect(x: 10, y: 20, width: 100, height: 50))
        let ring = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.append(UIBezierPath(ovalIn: CGRect(x: 25, y: 25, width: 50, height: 50)))
        ring.usesEvenOddFillRule = true
        #expect(!ring.contains(CGPoint(x: 50, y: 50)), "even-odd: the hole")
        #expect(ring.contains(CGPoint(x: 10, y: 50)))
        let corners = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 100),
                                   byRoundingCorners: [.topLeft], cornerRadii: CGSize(width: 40, height: 40))
        #expect(!corners.contains(CGPoint(x: 2, y: 2)) && corners.contains(CGPoint(x: 98, y: 2)))
        let quad = UIBezierPath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 100, y: 0), controlPoint: CGPoint(x: 50, y: 100))
        quad.close()
        #expect(quad.contains(CGPoint(x: 50, y: 40)) && !quad.contains(CGPoint(x: 50, y: 60)),
                "a quadratic reaches half way to its control point")
        #expect(UIBezierPath().isEmpty && UIBezierPath().bounds.isNull)
    }

    @Test("addClip limits what follows; with no current context nothing is drawn and nothing fails")
    func clip() throws {
        let bitmap = try render({ bounds in
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 200)).addClip()
            UIColor(red: 1, green: 0, blue: 0, alpha: 1).setFill()
            UIBezierPath(rect: bounds).fill()
        }, name: "bezier-clip")
        #expect(isRed(bitmap.color(x: 50, y: 100)) && isWhite(bitmap.color(x: 150, y: 100)))
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).fill()
    }
}
