import Foundation
import TabulaCore
import TabulaGraphics

/// Reads the path of a symbol part: commands, each followed by its numbers, in design
/// units (the origin is the symbol's centre, y grows downwards, angles are degrees
/// clockwise from pointing right).
///
/// | Command | Numbers | Draws |
/// | --- | --- | --- |
/// | `M` | x y, … | moves there (more pairs draw lines, as in SVG) |
/// | `L` | x y, … | lines |
/// | `H` / `V` | x / y, … | a horizontal / vertical line |
/// | `C` | x1 y1 x2 y2 x y, … | cubic Bézier curves |
/// | `Q` | x1 y1 x y, … | quadratic Bézier curves |
/// | `A` | cx cy r from to | an arc about (cx, cy), joined to the path by a line |
/// | `Z` | | closes the subpath |
/// | `circle` | cx cy r | a circle |
/// | `ellipse` | cx cy rx ry | an ellipse |
/// | `rect` | x y w h [r] | a rectangle, corners rounded by r |
/// | `ngon` | cx cy r n [turn] | a regular polygon, a corner at the top (turned by `turn` degrees) |
/// | `star` | cx cy outer inner n | a star of n points, one at the top |
/// | `cog` | cx cy inner outer teeth | a toothed wheel, a tooth at the right |
enum SymbolPathReader {
    struct Failure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// The path `text` describes; throws with what is wrong.
    static func path(_ text: String) throws(Failure) -> Path {
        let tokens = text.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
        guard !tokens.isEmpty else { throw Failure("the part has no path") }
        var path = Path()
        var cursor: CGPoint?
        var start: CGPoint?
        var index = 0
        while index < tokens.count {
            let command = tokens[index]
            guard Double(command) == nil else { throw Failure("the number \(command) follows no path command") }
            index += 1
            var numbers: [CGFloat] = []
            while index < tokens.count, let value = Double(tokens[index]) {
                guard value.isFinite else { throw Failure("\(tokens[index]) is not a finite number") }
                numbers.append(CGFloat(value))
                index += 1
            }
            try draw(command, numbers, into: &path, cursor: &cursor, start: &start)
        }
        return path
    }

    private static func draw(_ command: String, _ n: [CGFloat], into path: inout Path, cursor: inout CGPoint?,
                             start: inout CGPoint?) throws(Failure) {
        func groups(of size: Int) throws(Failure) -> Int {
            guard !n.isEmpty, n.count.isMultiple(of: size) else {
                throw Failure("\"\(command)\" needs numbers in groups of \(size), found \(n.count)")
            }
            return n.count / size
        }
        func exactly(_ counts: Int...) throws(Failure) {
            guard counts.contains(n.count) else {
                let wanted = counts.map(String.init).joined(separator: " or ")
                throw Failure("\"\(command)\" needs \(wanted) numbers, found \(n.count)")
            }
        }
        func current() throws(Failure) -> CGPoint {
            guard let cursor else { throw Failure("\"\(command)\" needs a point to start from (begin with M)") }
            return cursor
        }
        func closedShape(_ shape: Path) {
            path.addPath(shape)
            cursor = nil
            start = nil
        }
        switch command {
        case "M":
            for i in 0 ..< (try groups(of: 2)) {
                let p = CGPoint(x: n[2 * i], y: n[2 * i + 1])
                if i == 0 { path.move(to: p); start = p } else { path.addLine(to: p) }
                cursor = p
            }
        case "L":
            _ = try current()
            for i in 0 ..< (try groups(of: 2)) {
                cursor = CGPoint(x: n[2 * i], y: n[2 * i + 1])
                path.addLine(to: cursor!)
            }
        case "H", "V":
            var p = try current()
            _ = try groups(of: 1)
            for value in n {
                if command == "H" { p.x = value } else { p.y = value }
                path.addLine(to: p)
            }
            cursor = p
        case "C":
            _ = try current()
            for i in 0 ..< (try groups(of: 6)) {
                let k = 6 * i
                cursor = CGPoint(x: n[k + 4], y: n[k + 5])
                path.addCurve(to: cursor!, control1: CGPoint(x: n[k], y: n[k + 1]), control2: CGPoint(x: n[k + 2], y: n[k + 3]))
            }
        case "Q":
            var p0 = try current()
            for i in 0 ..< (try groups(of: 4)) {
                let c = CGPoint(x: n[4 * i], y: n[4 * i + 1]), p = CGPoint(x: n[4 * i + 2], y: n[4 * i + 3])
                path.addCurve(to: p, control1: CGPoint(x: p0.x + 2 / 3 * (c.x - p0.x), y: p0.y + 2 / 3 * (c.y - p0.y)),
                              control2: CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y)))
                p0 = p
            }
            cursor = p0
        case "A":
            try exactly(5)
            guard n[2] > 0 else { throw Failure("\"A\" needs a positive radius") }
            let wasEmpty = cursor == nil
            path.addArc(center: CGPoint(x: n[0], y: n[1]), radius: n[2], from: n[3], to: n[4], joined: !wasEmpty)
            if wasEmpty { start = polar(CGPoint(x: n[0], y: n[1]), n[2], n[3]) }
            cursor = polar(CGPoint(x: n[0], y: n[1]), n[2], n[4])
        case "Z":
            try exactly(0)
            _ = try current()
            path.closeSubpath()
            cursor = start
        case "circle":
            try exactly(3)
            closedShape(Path(ellipseIn: CGRect(x: n[0] - n[2], y: n[1] - n[2], width: 2 * n[2], height: 2 * n[2])))
        case "ellipse":
            try exactly(4)
            closedShape(Path(ellipseIn: CGRect(x: n[0] - n[2], y: n[1] - n[3], width: 2 * n[2], height: 2 * n[3])))
        case "rect":
            try exactly(4, 5)
            guard n[2] > 0, n[3] > 0 else { throw Failure("\"rect\" needs a positive width and height") }
            let rect = CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
            closedShape(n.count == 5 ? Path(roundedRect: rect, cornerRadius: n[4]) : Path(rect: rect))
        case "ngon":
            try exactly(4, 5)
            let center = CGPoint(x: n[0], y: n[1]), sides = Int(n[3])
            guard (3 ... 64).contains(sides) else { throw Failure("\"ngon\" needs 3 to 64 sides") }
            let turn = n.count == 5 ? n[4] : 0
            closedShape(polygon((0 ..< sides).map { polar(center, n[2], -90 + turn + CGFloat($0) * 360 / CGFloat(sides)) }))
        case "star":
            try exactly(5)
            let center = CGPoint(x: n[0], y: n[1]), points = Int(n[4])
            guard (3 ... 64).contains(points) else { throw Failure("\"star\" needs 3 to 64 points") }
            closedShape(polygon((0 ..< 2 * points).map {
                polar(center, $0.isMultiple(of: 2) ? n[2] : n[3], -90 + CGFloat($0) * 180 / CGFloat(points))
            }))
        case "cog":
            try exactly(5)
            let center = CGPoint(x: n[0], y: n[1]), teeth = Int(n[4])
            guard (3 ... 64).contains(teeth) else { throw Failure("\"cog\" needs 3 to 64 teeth") }
            // Each tooth: a flank up from the rim, a flat top, a flank down; the gaps are
            // as wide as the teeth at the rim.
            let pitch = 360 / CGFloat(teeth)
            closedShape(polygon((0 ..< teeth).flatMap { tooth -> [CGPoint] in
                let a = CGFloat(tooth) * pitch
                return [polar(center, n[2], a - pitch * 16 / 45), polar(center, n[3], a - pitch * 9 / 45),
                        polar(center, n[3], a + pitch * 9 / 45), polar(center, n[2], a + pitch * 16 / 45)]
            }))
        default:
            throw Failure("\"\(command)\" is not a path command (M L H V C Q A Z circle ellipse rect ngon star cog)")
        }
    }

    /// The point at `radius` from `center` at `degrees`, clockwise from pointing right.
    static func polar(_ center: CGPoint, _ radius: CGFloat, _ degrees: CGFloat) -> CGPoint {
        let a = degrees * .pi / 180
        return CGPoint(x: center.x + radius * cos(a), y: center.y + radius * sin(a))
    }

    private static func polygon(_ points: [CGPoint]) -> Path {
        var path = Path()
        path.move(to: points[0])
        for p in points.dropFirst() { path.addLine(to: p) }
        path.closeSubpath()
        return path
    }
}
