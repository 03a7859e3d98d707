import Foundation

/// Tabula's symbol artwork (see `SymbolGlyph`), with the small constructors it is drawn
/// with. The symbols are defined in extensions of this type, so they call these
/// unqualified. All coordinates are design units.
enum SymbolLibrary {
    /// A point in design units.
    static func pt(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

    /// An open polyline through `points`.
    static func polyline(_ points: CGPoint...) -> Path { polyline(points) }

    /// An open polyline through `points`.
    static func polyline(_ points: [CGPoint]) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        for p in points.dropFirst() { path.addLine(to: p) }
        return path
    }

    /// A closed polygon through `points`.
    static func polygon(_ points: CGPoint...) -> Path { polygon(points) }

    /// A closed polygon through `points`.
    static func polygon(_ points: [CGPoint]) -> Path {
        var path = polyline(points)
        path.closeSubpath()
        return path
    }

    /// A circle of radius `r` about `center`.
    static func circle(_ center: CGPoint, _ r: CGFloat) -> Path {
        Path(ellipseIn: CGRect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r))
    }

    /// A rectangle with corners of radius `r`.
    static func roundedRect(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat, _ r: CGFloat) -> Path {
        Path(roundedRect: CGRect(x: x, y: y, width: width, height: height), cornerRadius: r)
    }

    /// An arc about `center` from `start` to `end` degrees (see ``Path/addArc(center:radius:from:to:)``).
    static func arc(_ center: CGPoint, _ radius: CGFloat, from start: CGFloat, to end: CGFloat) -> Path {
        var path = Path()
        path.addArc(center: center, radius: radius, from: start, to: end)
        return path
    }

    /// The point at `radius` from `center` at `degrees`, clockwise from pointing right
    /// (y grows downwards, so 90 points down).
    static func polar(_ center: CGPoint, _ radius: CGFloat, _ degrees: CGFloat) -> CGPoint {
        let a = degrees * .pi / 180
        return CGPoint(x: center.x + radius * cos(a), y: center.y + radius * sin(a))
    }
}

extension Path {
    /// Continues the path with an arc about `center` from `start` to `end` degrees
    /// (clockwise from pointing right; `end < start` runs anticlockwise), in cubic
    /// pieces of at most a quarter turn. Draws a line to the arc's start first, or
    /// moves there when the path is empty.
    mutating func addArc(center: CGPoint, radius: CGFloat, from start: CGFloat, to end: CGFloat) {
        let startPoint = SymbolLibrary.polar(center, radius, start)
        if isEmpty { move(to: startPoint) } else { addLine(to: startPoint) }
        let pieces = max(1, Int((abs(end - start) / 90).rounded(.up)))
        let step = (end - start) / CGFloat(pieces) * .pi / 180
        var a0 = start * .pi / 180
        for _ in 0 ..< pieces {
            let a1 = a0 + step
            let k = 4.0 / 3.0 * tan((a1 - a0) / 4) * radius
            let p0 = CGPoint(x: center.x + radius * cos(a0), y: center.y + radius * sin(a0))
            let p1 = CGPoint(x: center.x + radius * cos(a1), y: center.y + radius * sin(a1))
            // The tangent of (cos a, sin a) is (−sin a, cos a).
            addCurve(to: p1, control1: CGPoint(x: p0.x - k * sin(a0), y: p0.y + k * cos(a0)),
                     control2: CGPoint(x: p1.x + k * sin(a1), y: p1.y - k * cos(a1)))
            a0 = a1
        }
    }

    /// The path with every point transformed by `t`.
    func transformed(by t: CGAffineTransform) -> Path {
        var result = Path()
        for element in elements {
            switch element {
            case .move(let p): result.move(to: p.applying(t))
            case .line(let p): result.addLine(to: p.applying(t))
            case .curve(let p, let c1, let c2):
                result.addCurve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            case .close: result.closeSubpath()
            }
        }
        return result
    }

    /// The path mirrored left to right about the vertical axis through the origin.
    var mirroredHorizontally: Path { transformed(by: CGAffineTransform(scaleX: -1, y: 1)) }
    /// The path mirrored top to bottom about the horizontal axis through the origin.
    var mirroredVertically: Path { transformed(by: CGAffineTransform(scaleX: 1, y: -1)) }
    /// The path turned a quarter clockwise about the origin (right becomes down).
    var turnedClockwise: Path { transformed(by: CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)) }
}
