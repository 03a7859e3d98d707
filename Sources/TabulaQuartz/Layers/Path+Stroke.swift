import Foundation

/// What a shape layer needs of a path beyond drawing it: the part between two fractions of
/// its length (`strokeStart`, `strokeEnd`) and the blend of two paths (a `path` animation).
extension Path {
    /// The blend `f` of the way from this path to `other`, point by point, or nil when the
    /// two do not have the same elements in the same order (Core Animation's paths animate
    /// only then; otherwise the value jumps).
    func interpolated(to other: Path, fraction f: Double) -> Path? {
        guard elements.count == other.elements.count else { return nil }
        let t = CGFloat(f)
        func mix(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        var result = Path()
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move(let p), .move(let q)): result.move(to: mix(p, q))
            case (.line(let p), .line(let q)): result.addLine(to: mix(p, q))
            case (.curve(let p, let c1, let c2), .curve(let q, let d1, let d2)):
                result.addCurve(to: mix(p, q), control1: mix(c1, d1), control2: mix(c2, d2))
            case (.close, .close): result.closeSubpath()
            default: return nil
            }
        }
        return result
    }

    /// One drawn piece of a path: a line or a cubic from `start`, with its length.
    private struct Segment {
        var start: CGPoint
        var element: Element
        var length: CGFloat
        /// Starts a subpath (the first segment after a move).
        var opensSubpath: Bool
        /// The `.close` of the whole subpath, drawn as a line back to its start.
        var isClose: Bool
    }

    /// The path's lines and curves in drawing order, each with its length.
    private var segments: [Segment] {
        var result: [Segment] = []
        var current = CGPoint.zero, subpathStart = CGPoint.zero, opens = true
        for e in elements {
            switch e {
            case .move(let p):
                current = p; subpathStart = p; opens = true
            case .line(let p):
                result.append(Segment(start: current, element: e, length: hypot(p.x - current.x, p.y - current.y),
                                      opensSubpath: opens, isClose: false))
                current = p; opens = false
            case .curve(let p, let c1, let c2):
                result.append(Segment(start: current, element: e, length: Self.cubicLength(current, c1, c2, p),
                                      opensSubpath: opens, isClose: false))
                current = p; opens = false
            case .close:
                result.append(Segment(start: current, element: .line(to: subpathStart),
                                      length: hypot(subpathStart.x - current.x, subpathStart.y - current.y),
                                      opensSubpath: opens, isClose: true))
                current = subpathStart; opens = true
            }
        }
        return result
    }

    /// The length of the path: its lines and its curves (each measured along 16 chords).
    var length: CGFloat { segments.reduce(0) { $0 + $1.length } }

    /// The part of the path from `start` to `end`, fractions of its length (clamped to
    /// 0…1); empty when `start >= end`. The whole path (with its closed subpaths still
    /// closed) when the range is 0…1.
    func trimmed(from start: CGFloat, to end: CGFloat) -> Path {
        let s = start.isFinite ? min(max(start, 0), 1) : 0
        let e = end.isFinite ? min(max(end, 0), 1) : 1
        if s <= 0, e >= 1 { return self }
        guard s < e else { return Path() }
        let pieces = segments
        let total = pieces.reduce(0) { $0 + $1.length }
        guard total > 0 else { return Path() }
        let from = s * total, to = e * total
        var result = Path()
        var travelled: CGFloat = 0
        var penDown = false
        for piece in pieces {
            let a = travelled, b = travelled + piece.length
            travelled = b
            if piece.opensSubpath { penDown = false }
            guard b > from, a < to, piece.length > 0 else { continue }
            let t0 = a >= from ? 0 : Self.parameter(of: piece, at: from - a)
            let t1 = b <= to ? 1 : Self.parameter(of: piece, at: to - a)
            let part = Self.split(piece, from: t0, to: t1)
            if !penDown || t0 > 0 { result.move(to: part.start) }
            penDown = true
            switch part.element {
            case .curve(let p, let c1, let c2): result.addCurve(to: p, control1: c1, control2: c2)
            case .line(let p): result.addLine(to: p)
            default: break
            }
        }
        return result
    }

    /// The curve parameter (0…1) at distance `d` along `piece`.
    private static func parameter(of piece: Segment, at d: CGFloat) -> CGFloat {
        guard piece.length > 0 else { return 0 }
        guard case .curve(let p, let c1, let c2) = piece.element else { return min(max(d / piece.length, 0), 1) }
        // Walk the chords; inside one, interpolate linearly.
        let n = 16
        var previous = piece.start, walked: CGFloat = 0
        for i in 1 ... n {
            let t = CGFloat(i) / CGFloat(n)
            let q = cubicPoint(piece.start, c1, c2, p, t)
            let chord = hypot(q.x - previous.x, q.y - previous.y)
            if walked + chord >= d {
                let local = chord > 0 ? (d - walked) / chord : 0
                return (CGFloat(i - 1) + local) / CGFloat(n)
            }
            walked += chord
            previous = q
        }
        return 1
    }

    /// The part of `piece` between parameters `t0` and `t1`, as a line or a cubic.
    private static func split(_ piece: Segment, from t0: CGFloat, to t1: CGFloat) -> (start: CGPoint, element: Element) {
        switch piece.element {
        case .curve(let p, let c1, let c2):
            // De Casteljau: cut at t1, then cut the first part at t0 / t1.
            let (_, head) = cubicSplit(piece.start, c1, c2, p, at: t1)
            let u = t1 > 0 ? t0 / t1 : 0
            let (tail, _) = cubicSplit(head.0, head.1, head.2, head.3, at: u)
            return (tail.0, .curve(to: tail.3, control1: tail.1, control2: tail.2))
        case .line(let p):
            let a = piece.start
            func at(_ t: CGFloat) -> CGPoint { CGPoint(x: a.x + (p.x - a.x) * t, y: a.y + (p.y - a.y) * t) }
            return (at(t0), .line(to: at(t1)))
        default:
            return (piece.start, piece.element)
        }
    }

    /// Splits a cubic at `t`: returns (the part after `t`, the part before `t`).
    private static func cubicSplit(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, at t: CGFloat)
        -> ((CGPoint, CGPoint, CGPoint, CGPoint), (CGPoint, CGPoint, CGPoint, CGPoint)) {
        func lerp(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let a = lerp(p0, p1), b = lerp(p1, p2), c = lerp(p2, p3)
        let d = lerp(a, b), e = lerp(b, c)
        let m = lerp(d, e)
        return ((m, e, c, p3), (p0, a, d, m))
    }

    private static func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    private static func cubicLength(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) -> CGFloat {
        var length: CGFloat = 0, previous = p0
        for i in 1 ... 16 {
            let q = cubicPoint(p0, p1, p2, p3, CGFloat(i) / 16)
            length += hypot(q.x - previous.x, q.y - previous.y)
            previous = q
        }
        return length
    }
}
