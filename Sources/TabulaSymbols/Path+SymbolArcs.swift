import Foundation
import TabulaCore
import TabulaGraphics

extension Path {
    /// Continues the path with an arc about `center` from `start` to `end` degrees
    /// (clockwise from pointing right; `end < start` runs anticlockwise), in cubic
    /// pieces of at most a quarter turn: a line to the arc's start first when `joined`,
    /// else a move there.
    mutating func addArc(center: CGPoint, radius: CGFloat, from start: CGFloat, to end: CGFloat, joined: Bool) {
        let startPoint = SymbolPathReader.polar(center, radius, start)
        if joined { addLine(to: startPoint) } else { move(to: startPoint) }
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
}
