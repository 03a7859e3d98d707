import Foundation
import Testing
@testable import TabulaQuartz

// Core Graphics' path API (`CGPath(ellipseIn:transform:)`, `CGMutablePath` and its
// `add…(transform:)` calls) on Tabula's value-type path, as UIKit code writes it for
// shape layers and drawing. Found missing in a port trial (`CGPath(ellipseIn:transform:)`).

@Suite("CGPath and CGMutablePath: Core Graphics' path API")
struct CoreGraphicsPathTests {
    func near(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-6) -> Bool {
        abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance
            && abs(a.width - b.width) < tolerance && abs(a.height - b.height) < tolerance
    }

    @Test("CGPath(rect:), (ellipseIn:) and (roundedRect:cornerWidth:cornerHeight:) with and without a transform")
    func shapes() {
        let rect = CGRect(x: 10, y: 20, width: 40, height: 30)
        #expect(near(CGPath(ellipseIn: rect, transform: nil).boundingBoxOfPath, rect))
        #expect(near(CGPath(rect: rect, transform: nil).boundingBox, rect))
        var scale = CGAffineTransform(scaleX: 2, y: 3)
        #expect(near(CGPath(ellipseIn: rect, transform: &scale).boundingBoxOfPath, CGRect(x: 20, y: 60, width: 80, height: 90)))
        let rounded = CGPath(roundedRect: rect, cornerWidth: 8, cornerHeight: 4, transform: nil)
        #expect(near(rounded.boundingBoxOfPath, rect))
        // The corner is cut: its own corner point is outside, a point just inside the curve is in.
        #expect(!rounded.contains(CGPoint(x: 10.5, y: 20.5)))
        #expect(rounded.contains(CGPoint(x: 14, y: 23)))
        #expect(rounded.contains(CGPoint(x: 30, y: 35)))
        // Radii larger than half the side are clamped (Core Graphics asserts): an ellipse's box, no NaN.
        let clamped = CGPath(roundedRect: rect, cornerWidth: 1000, cornerHeight: -5, transform: nil)
        #expect(near(clamped.boundingBoxOfPath, rect))
        #expect(clamped.isRect(nil), "a negative corner height makes square corners")
    }

    @Test("a CGMutablePath built with lines, curves and rectangles, each with its transform")
    func building() {
        var path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        #expect(path.currentPoint == CGPoint(x: 10, y: 10))
        path.closeSubpath()
        #expect(path.currentPoint == .zero, "after a close, the subpath's start")
        path.addRects([CGRect(x: 20, y: 0, width: 5, height: 5)], transform: CGAffineTransform(translationX: 0, y: 100))
        #expect(near(path.boundingBox, CGRect(x: 0, y: 0, width: 25, height: 105)))
        path.move(to: CGPoint(x: 1, y: 1), transform: CGAffineTransform(scaleX: 50, y: 1))
        path.addLine(to: CGPoint(x: 1, y: 2), transform: CGAffineTransform(scaleX: 50, y: 1))
        #expect(path.currentPoint == CGPoint(x: 50, y: 2))
        let copy = path.copy(using: nil)
        #expect(copy == path)
        var shift = CGAffineTransform(translationX: 5, y: 0)
        #expect(path.mutableCopy(using: &shift)?.boundingBox.minX == 5)
    }

    @Test("a quadratic curve's box without its control point is its real extent")
    func quadCurveBounds() {
        var path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        #expect(abs(path.boundingBoxOfPath.maxY - 5) < 1e-9, "the curve's peak is half way to its control point")
        #expect(abs(path.boundingBox.maxY - 20 / 3) < 1e-9, "with the cubic's control points")
    }

    @Test("an arc's clockwise is Core Graphics' (towards decreasing angles), UIBezierPath's the opposite")
    func arcDirection() {
        var quarter = CGMutablePath()
        quarter.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(near(quarter.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 10), 1e-3))
        var rest = CGMutablePath()
        rest.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(near(rest.boundingBoxOfPath, CGRect(x: -10, y: -10, width: 20, height: 20), 1e-3),
                "three quarters, the other way round")
        #expect(rest.currentPoint.y > 9.99)
        var relative = CGMutablePath()
        relative.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: .pi / 2)
        #expect(relative == quarter)
        // A line joins the current point to the arc's start.
        var joined = CGMutablePath()
        joined.move(to: CGPoint(x: -20, y: 0))
        joined.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi, clockwise: false)
        if case .line(let p) = joined.elements[1] { #expect(p == CGPoint(x: 10, y: 0)) } else { Issue.record("no line to the arc's start") }
        // Careless input adds nothing.
        var careless = CGMutablePath()
        careless.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
        careless.addArc(center: .zero, radius: 10, startAngle: .infinity, endAngle: 1, clockwise: false)
        careless.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: .nan)
        #expect(careless.isEmpty)
    }

    @Test("addArc(tangent1End:tangent2End:radius:) rounds the corner between two lines")
    func tangentArc() {
        var path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 4)
        if case .line(let p) = path.elements[1] {
            #expect(abs(p.x - 6) < 1e-9 && abs(p.y) < 1e-9, "a line to where the arc meets the first line: \(p)")
        } else {
            Issue.record("no line first")
        }
        #expect(abs(path.currentPoint.x - 10) < 1e-9 && abs(path.currentPoint.y - 4) < 1e-9, "ends on the second line: \(path.currentPoint)")
        #expect(path.boundingBoxOfPath.maxX <= 10 + 1e-9, "never past the corner's lines")
        // Points in one line, or no radius: a line to the corner.
        var straight = CGMutablePath()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 4)
        #expect(straight.elements.last == .line(to: CGPoint(x: 10, y: 0)))
    }

    @Test("contains by the winding and the even-odd rule, and isRect")
    func containsAndIsRect() {
        var rings = CGMutablePath()
        rings.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        rings.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        let middle = CGPoint(x: 50, y: 50)
        #expect(rings.contains(middle))
        #expect(!rings.contains(middle, using: .evenOdd))
        #expect(rings.contains(CGPoint(x: 10, y: 10), using: .evenOdd))
        #expect(!rings.contains(CGPoint(x: 150, y: 50)))
        #expect(rings.contains(CGPoint(x: 150, y: 50), transform: CGAffineTransform(translationX: -100, y: 0)))
        var rect = CGRect.zero
        #expect(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil).isRect(&rect))
        #expect(rect == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(!CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil).isRect(nil))
        #expect(!rings.isRect(nil))
    }
}
