import Foundation
import TabulaCore
import TabulaGraphics

/// Core Graphics' mutable path. In Core Graphics it is a class, a subclass of `CGPath`;
/// here both are the value type `Path` (TabulaGraphics), so a path being built is a `var`:
/// `var path = CGMutablePath()` (`tabula-port` makes that change), and a path handed to a
/// layer is a copy, as `CAShapeLayer` copies it in Core Animation too.
public typealias CGMutablePath = Path

/// The rule that decides which points are inside a path.
public enum CGPathFillRule: Int, Sendable {
    /// Inside where the path winds around the point a nonzero number of times.
    case winding = 0
    /// Inside where a ray from the point crosses the path an odd number of times.
    case evenOdd = 1
}

// Core Graphics' path API, with its argument labels. Points are transformed by the
// `transform` each call gives before they are added. Non-finite radii or angles add
// nothing, as `UIBezierPath`'s arcs do.
extension Path {
    // MARK: Making paths

    /// A closed rectangle, transformed by `transform` (nil: none).
    public init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init()
        addRect(rect, transform: transform?.pointee ?? .identity)
    }

    /// The ellipse that fits in `rect`, transformed by `transform` (nil: none).
    public init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init()
        addEllipse(in: rect, transform: transform?.pointee ?? .identity)
    }

    /// A rectangle whose corners are quarter ellipses `cornerWidth` wide and
    /// `cornerHeight` high, transformed by `transform` (nil: none). Core Graphics requires
    /// each to be at most half the rectangle's side; here a larger or negative one is
    /// clamped into that range.
    public init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                transform: UnsafePointer<CGAffineTransform>?) {
        self.init()
        addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                       transform: transform?.pointee ?? .identity)
    }

    // MARK: Reading

    /// The end of the last element; the start of the last subpath after it was closed;
    /// `.zero` for an empty path.
    public var currentPoint: CGPoint {
        switch elements.last {
        case .move(let p), .line(let p), .curve(let p, _, _): p
        case .close: lastSubpathStart ?? .zero
        case nil: .zero
        }
    }

    /// The smallest rectangle containing every point of the path, curves' control points
    /// left out (`boundingBox` includes them); `.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        guard !isEmpty else { return .null }
        var points: [CGPoint] = []
        var current = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p), .line(let p):
                points.append(p)
                current = p
            case .curve(let p, let c1, let c2):
                points.append(p)
                for t in Self.cubicExtrema(current.x, c1.x, c2.x, p.x) + Self.cubicExtrema(current.y, c1.y, c2.y, p.y) {
                    points.append(Self.cubicPoint(current, c1, c2, p, t))
                }
                current = p
            case .close:
                break
            }
        }
        return CGRect(boundingPoints: points)
    }

    /// Whether the path is one closed, upright rectangle; if so, and `rect` is not nil,
    /// it receives the rectangle.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        var corners: [CGPoint] = []
        for (i, element) in elements.enumerated() {
            switch element {
            case .move(let p) where i == 0, .line(let p) where i > 0: corners.append(p)
            case .close where i == elements.count - 1: break
            default: return false
            }
        }
        if corners.count == 5, corners[4] == corners[0] { corners.removeLast() }
        guard corners.count == 4 else { return false }
        let horizontalFirst = corners[0].y == corners[1].y && corners[1].x == corners[2].x
            && corners[2].y == corners[3].y && corners[3].x == corners[0].x
        let verticalFirst = corners[0].x == corners[1].x && corners[1].y == corners[2].y
            && corners[2].x == corners[3].x && corners[3].y == corners[0].y
        guard horizontalFirst || verticalFirst else { return false }
        rect?.pointee = CGRect(boundingPoints: corners)
        return true
    }

    /// Whether `point`, transformed by `transform`, is inside the path by `rule`. Curves
    /// are flattened, and open subpaths count as closed, as when filling.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let point = point.applying(transform)
        var winding = 0, crossings = 0
        for polygon in polygons() where polygon.count > 2 {
            for i in polygon.indices {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                guard (a.y <= point.y) != (b.y <= point.y) else { continue }
                let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if x > point.x {
                    crossings += 1
                    winding += b.y > a.y ? 1 : -1
                }
            }
        }
        return rule == .evenOdd ? crossings % 2 == 1 : winding != 0
    }

    /// The path itself: a value needs no copy (Core Graphics returns nil only when out of memory).
    public func copy() -> CGPath? { self }
    /// The path, to be changed as a `var`.
    public func mutableCopy() -> CGMutablePath? { self }
    /// The path with every point transformed by `transform` (nil: none).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        transform.map { applying($0.pointee) } ?? self
    }
    /// The path with every point transformed by `transform` (nil: none), to be changed as a `var`.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        copy(using: transform)
    }

    // MARK: Building

    /// Starts a new subpath at `point` transformed by `transform`.
    public mutating func move(to point: CGPoint, transform: CGAffineTransform) {
        move(to: point.applying(transform))
    }

    /// Adds a line from the current point to `point` transformed by `transform`.
    public mutating func addLine(to point: CGPoint, transform: CGAffineTransform) {
        addLine(to: point.applying(transform))
    }

    /// Adds a subpath through `points`: a move to the first, lines to the others.
    public mutating func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        for (i, p) in points.enumerated() {
            if i == 0 { move(to: p.applying(transform)) } else { addLine(to: p.applying(transform)) }
        }
    }

    /// Adds a quadratic Bézier curve from the current point (kept as the cubic it equals).
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        let p0 = currentPoint, end = end.applying(transform), control = control.applying(transform)
        addCurve(to: end,
                 control1: CGPoint(x: p0.x + 2 / 3 * (control.x - p0.x), y: p0.y + 2 / 3 * (control.y - p0.y)),
                 control2: CGPoint(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y)))
    }

    /// Adds a cubic Bézier curve from the current point, its points transformed by `transform`.
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform) {
        addCurve(to: end.applying(transform), control1: control1.applying(transform),
                 control2: control2.applying(transform))
    }

    /// Adds `rect` as a closed subpath, transformed by `transform`.
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform) {
        addPath(Path(rect: rect), transform: transform)
    }

    /// Adds each rectangle as a closed subpath.
    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// Adds a rectangle with quarter-ellipse corners `cornerWidth` wide and `cornerHeight`
    /// high (each clamped to 0 through half the side) as a closed subpath.
    public mutating func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                                        transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        func clamp(_ v: CGFloat, _ side: CGFloat) -> CGFloat { v.isFinite ? max(0, min(v, side / 2)) : 0 }
        let rx = clamp(cornerWidth, r.width), ry = clamp(cornerHeight, r.height)
        guard rx > 0, ry > 0 else { return addRect(r, transform: transform) }
        var shape = Path()
        shape.move(to: CGPoint(x: r.minX + rx, y: r.minY))
        shape.addLine(to: CGPoint(x: r.maxX - rx, y: r.minY))
        shape.addQuarterEllipse(center: CGPoint(x: r.maxX - rx, y: r.minY + ry), rx: rx, ry: ry, from: -.pi / 2)
        shape.addLine(to: CGPoint(x: r.maxX, y: r.maxY - ry))
        shape.addQuarterEllipse(center: CGPoint(x: r.maxX - rx, y: r.maxY - ry), rx: rx, ry: ry, from: 0)
        shape.addLine(to: CGPoint(x: r.minX + rx, y: r.maxY))
        shape.addQuarterEllipse(center: CGPoint(x: r.minX + rx, y: r.maxY - ry), rx: rx, ry: ry, from: .pi / 2)
        shape.addLine(to: CGPoint(x: r.minX, y: r.minY + ry))
        shape.addQuarterEllipse(center: CGPoint(x: r.minX + rx, y: r.minY + ry), rx: rx, ry: ry, from: .pi)
        shape.closeSubpath()
        addPath(shape, transform: transform)
    }

    /// Adds the ellipse that fits in `rect` as a closed subpath, transformed by `transform`.
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform) {
        addPath(Path(ellipseIn: rect), transform: transform)
    }

    /// Adds an arc of the circle about `center` from `startAngle` to `endAngle` (radians
    /// from the x axis towards the y axis), after a line from the current point to its
    /// start (a move when the path has no current point). As in Core Graphics, `clockwise`
    /// means towards decreasing angles, which on a screen whose y axis points down (UIKit's)
    /// is anticlockwise; `UIBezierPath`'s `clockwise` is the opposite. A sweep of a full
    /// turn or more draws the whole circle once.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                                clockwise: Bool, transform: CGAffineTransform = .identity) {
        guard startAngle.isFinite, endAngle.isFinite else { return }
        let turn = 2 * CGFloat.pi
        var sweep = endAngle - startAngle
        if clockwise {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) - turn }
            sweep = max(sweep, -turn)
        } else {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) + turn }
            sweep = min(sweep, turn)
        }
        appendArc(center: center, radius: radius, start: startAngle, sweep: sweep, transform: transform)
    }

    /// Adds an arc of `radius` about `center` that starts at `startAngle` and turns by
    /// `delta` radians (positive towards increasing angles), after a line from the current
    /// point to its start.
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                                        transform: CGAffineTransform = .identity) {
        guard startAngle.isFinite, delta.isFinite else { return }
        appendArc(center: center, radius: radius, start: startAngle, sweep: delta, transform: transform)
    }

    /// Adds a line from the current point towards `tangent1End` and an arc of `radius`
    /// tangent to that line and to the line from `tangent1End` to `tangent2End`, as
    /// Core Graphics' `addArc(tangent1End:tangent2End:radius:)` does (a rounded corner).
    /// Where the three points are in one line, or the radius is 0, it adds a line to
    /// `tangent1End`.
    public mutating func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat,
                                transform: CGAffineTransform = .identity) {
        guard radius.isFinite else { return }
        let inverse = transform.inverted()
        // The current point in the arc's own space (where the transform has not been applied).
        let p0 = isEmpty ? p1 : currentPoint.applying(inverse)
        if isEmpty { move(to: p1.applying(transform)) }
        let a = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), b = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let la = (a.x * a.x + a.y * a.y).squareRoot(), lb = (b.x * b.x + b.y * b.y).squareRoot()
        let cross = a.x * b.y - a.y * b.x
        let r = abs(radius)
        guard r > 0, la > 0, lb > 0, abs(cross) > 1e-12 * la * lb else {
            return addLine(to: p1.applying(transform))
        }
        let u = CGPoint(x: a.x / la, y: a.y / la), v = CGPoint(x: b.x / lb, y: b.y / lb)
        let angle = acos(max(-1, min(1, u.x * v.x + u.y * v.y)))   // between the two lines
        let along = r / tan(angle / 2)
        let bisector = CGPoint(x: u.x + v.x, y: u.y + v.y)
        let lbis = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
        let distance = r / sin(angle / 2)
        let center = CGPoint(x: p1.x + bisector.x / lbis * distance, y: p1.y + bisector.y / lbis * distance)
        let t1 = CGPoint(x: p1.x + u.x * along, y: p1.y + u.y * along)
        let t2 = CGPoint(x: p1.x + v.x * along, y: p1.y + v.y * along)
        let start = atan2(t1.y - center.y, t1.x - center.x)
        var sweep = atan2(t2.y - center.y, t2.x - center.x) - start
        if sweep > .pi { sweep -= 2 * .pi } else if sweep < -.pi { sweep += 2 * .pi }
        appendArc(center: center, radius: r, start: start, sweep: sweep, transform: transform)
    }

    /// Appends every element of `other`, transformed by `transform`.
    public mutating func addPath(_ other: Path, transform: CGAffineTransform) {
        addPath(other.applying(transform))
    }

    // MARK: Shared

    /// The subpaths as polygons, each curve flattened into 16 segments.
    package func polygons() -> [[CGPoint]] {
        var result: [[CGPoint]] = [], current: [CGPoint] = []
        for element in elements {
            switch element {
            case .move(let p):
                if !current.isEmpty { result.append(current) }
                current = [p]
            case .line(let p): current.append(p)
            case .curve(let p, let c1, let c2):
                let p0 = current.last ?? .zero
                for i in 1 ... 16 { current.append(Self.cubicPoint(p0, c1, c2, p, CGFloat(i) / 16)) }
            case .close:
                if !current.isEmpty { result.append(current) }
                current = current.first.map { [$0] } ?? []
            }
        }
        if current.count > 1 { result.append(current) }
        return result
    }

    /// The start of the last subpath (its move), if any.
    package var lastSubpathStart: CGPoint? {
        for element in elements.reversed() { if case .move(let p) = element { return p } }
        return nil
    }

    /// An arc of `radius` about `center` from `start`, turning by `sweep` radians, in cubic
    /// pieces of at most a quarter turn; a line from the current point to its start first
    /// (a move when there is no current point, or the last subpath was closed).
    private mutating func appendArc(center: CGPoint, radius: CGFloat, start: CGFloat, sweep: CGFloat,
                                    transform t: CGAffineTransform) {
        guard radius.isFinite, center.x.isFinite, center.y.isFinite else { return }
        let r = abs(radius)
        func point(_ angle: CGFloat) -> CGPoint { CGPoint(x: center.x + r * cos(angle), y: center.y + r * sin(angle)) }
        let first = point(start).applying(t)
        if isEmpty || elements.last == .close { move(to: first) } else { addLine(to: first) }
        let pieces = max(1, Int((abs(sweep) / (CGFloat.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(pieces)
        // Control points at 4/3 · tan(θ/4) · r along the tangents, (−sin a, cos a).
        let k = 4 / 3 * tan(step / 4) * r
        var angle = start
        for _ in 0 ..< pieces {
            let next = angle + step
            let p0 = point(angle), p1 = point(next)
            addCurve(to: p1.applying(t), control1: CGPoint(x: p0.x - k * sin(angle), y: p0.y + k * cos(angle)).applying(t),
                     control2: CGPoint(x: p1.x + k * sin(next), y: p1.y - k * cos(next)).applying(t))
            angle = next
        }
    }

    /// A quarter of the ellipse about `center` from the angle `from`, a quarter turn
    /// towards increasing angles.
    private mutating func addQuarterEllipse(center c: CGPoint, rx: CGFloat, ry: CGFloat, from a: CGFloat) {
        let k: CGFloat = 0.552_284_749_831
        let b = a + .pi / 2
        let p0 = CGPoint(x: c.x + rx * cos(a), y: c.y + ry * sin(a))
        let p1 = CGPoint(x: c.x + rx * cos(b), y: c.y + ry * sin(b))
        addCurve(to: p1, control1: CGPoint(x: p0.x - k * rx * sin(a), y: p0.y + k * ry * cos(a)),
                 control2: CGPoint(x: p1.x + k * rx * sin(b), y: p1.y - k * ry * cos(b)))
    }

    private static func cubicPoint(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p.x, y: a * p0.y + b * c1.y + c * c2.y + d * p.y)
    }

    /// The parameters in (0, 1) where one coordinate of a cubic has a turning point.
    private static func cubicExtrema(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat) -> [CGFloat] {
        // The derivative / 3: a t² + b t + c.
        let a = -p0 + 3 * p1 - 3 * p2 + p3, b = 2 * (p0 - 2 * p1 + p2), c = p1 - p0
        var roots: [CGFloat] = []
        if abs(a) < 1e-12 {
            if abs(b) > 1e-12 { roots.append(-c / b) }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let s = disc.squareRoot()
                roots += [(-b + s) / (2 * a), (-b - s) / (2 * a)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
