import Foundation
import TabulaCore

/// Radii for each corner of a rounded rectangle.
public struct CornerRadii: Hashable, Sendable {
    /// The radii of the top-left, top-right, bottom-left and bottom-right corners, in points.
    public var topLeft: CGFloat, topRight: CGFloat, bottomLeft: CGFloat, bottomRight: CGFloat

    /// Creates radii for each corner, in points.
    public init(topLeft: CGFloat, topRight: CGFloat, bottomLeft: CGFloat, bottomRight: CGFloat) {
        (self.topLeft, self.topRight, self.bottomLeft, self.bottomRight) = (topLeft, topRight, bottomLeft, bottomRight)
    }

    /// The same radius at every corner.
    public init(all r: CGFloat) { self.init(topLeft: r, topRight: r, bottomLeft: r, bottomRight: r) }

    /// Square corners.
    public static let zero = CornerRadii(all: 0)
}

/// A resolution-independent outline: lines, cubic curves and closed subpaths.
///
/// A value type; building one costs no Cairo calls until it is filled or stroked.
public struct Path: Hashable, Sendable {
    /// One drawing step of a path.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at a point.
        case move(to: CGPoint)
        /// A straight line from the current point.
        case line(to: CGPoint)
        /// A cubic Bézier curve from the current point, with two control points.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// A straight line back to the start of the subpath, closing it.
        case close
    }

    /// The path's steps, in order.
    public private(set) var elements: [Element] = []

    /// Creates an empty path.
    public init() {}

    /// Creates a closed rectangle.
    public init(rect: CGRect) {
        addRect(rect)
    }

    /// A rectangle whose corners are rounded with the given radii, each clamped
    /// to half the shorter side so that neighbouring corners never overlap.
    public init(roundedRect rect: CGRect, cornerRadii: CornerRadii) {
        addRoundedRect(rect, cornerRadii: cornerRadii)
    }

    /// A rectangle with every corner rounded to `cornerRadius`, clamped to half the shorter side.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        addRoundedRect(rect, cornerRadii: CornerRadii(all: cornerRadius))
    }

    /// Creates the ellipse that fits in `rect`, made of four cubic curves.
    public init(ellipseIn rect: CGRect) {
        addEllipse(in: rect)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: CGPoint) { elements.append(.move(to: p)) }
    /// Adds a straight line from the current point to `p`.
    public mutating func addLine(to p: CGPoint) { elements.append(.line(to: p)) }
    /// Adds a cubic Bézier curve from the current point to `p`, shaped by `control1` and `control2`.
    public mutating func addCurve(to p: CGPoint, control1: CGPoint, control2: CGPoint) {
        elements.append(.curve(to: p, control1: control1, control2: control2))
    }
    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() { elements.append(.close) }

    /// Adds `r` as a closed subpath, clockwise from its top-left corner (y grows downwards).
    public mutating func addRect(_ r: CGRect) {
        let r = r.standardized
        move(to: CGPoint(x: r.minX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        addLine(to: CGPoint(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// The cubic approximation of a quarter circle: control points at κ·r from the ends.
    private static let kappa: CGFloat = 0.552_284_749_831

    /// Adds a rounded rectangle as a closed subpath; each radius is clamped to half the
    /// shorter side, so neighbouring corners never overlap.
    public mutating func addRoundedRect(_ rect: CGRect, cornerRadii radii: CornerRadii) {
        let r = rect.standardized
        let limit = min(r.width, r.height) / 2
        func clamp(_ v: CGFloat) -> CGFloat { max(0, min(v, limit)) }
        let tl = clamp(radii.topLeft), tr = clamp(radii.topRight)
        let bl = clamp(radii.bottomLeft), br = clamp(radii.bottomRight)
        let k = Self.kappa
        move(to: CGPoint(x: r.minX + tl, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - tr, y: r.minY))
        if tr > 0 {
            addCurve(to: CGPoint(x: r.maxX, y: r.minY + tr),
                     control1: CGPoint(x: r.maxX - tr + tr * k, y: r.minY),
                     control2: CGPoint(x: r.maxX, y: r.minY + tr - tr * k))
        }
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - br))
        if br > 0 {
            addCurve(to: CGPoint(x: r.maxX - br, y: r.maxY),
                     control1: CGPoint(x: r.maxX, y: r.maxY - br + br * k),
                     control2: CGPoint(x: r.maxX - br + br * k, y: r.maxY))
        }
        addLine(to: CGPoint(x: r.minX + bl, y: r.maxY))
        if bl > 0 {
            addCurve(to: CGPoint(x: r.minX, y: r.maxY - bl),
                     control1: CGPoint(x: r.minX + bl - bl * k, y: r.maxY),
                     control2: CGPoint(x: r.minX, y: r.maxY - bl + bl * k))
        }
        addLine(to: CGPoint(x: r.minX, y: r.minY + tl))
        if tl > 0 {
            addCurve(to: CGPoint(x: r.minX + tl, y: r.minY),
                     control1: CGPoint(x: r.minX, y: r.minY + tl - tl * k),
                     control2: CGPoint(x: r.minX + tl - tl * k, y: r.minY))
        }
        closeSubpath()
    }

    /// Adds the ellipse that fits in `rect` as a closed subpath of four cubic curves.
    public mutating func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        let rx = r.width / 2, ry = r.height / 2, k = Self.kappa
        let c = CGPoint(x: r.midX, y: r.midY)
        move(to: CGPoint(x: c.x + rx, y: c.y))
        addCurve(to: CGPoint(x: c.x, y: c.y + ry), control1: CGPoint(x: c.x + rx, y: c.y + ry * k),
                 control2: CGPoint(x: c.x + rx * k, y: c.y + ry))
        addCurve(to: CGPoint(x: c.x - rx, y: c.y), control1: CGPoint(x: c.x - rx * k, y: c.y + ry),
                 control2: CGPoint(x: c.x - rx, y: c.y + ry * k))
        addCurve(to: CGPoint(x: c.x, y: c.y - ry), control1: CGPoint(x: c.x - rx, y: c.y - ry * k),
                 control2: CGPoint(x: c.x - rx * k, y: c.y - ry))
        addCurve(to: CGPoint(x: c.x + rx, y: c.y), control1: CGPoint(x: c.x + rx * k, y: c.y - ry),
                 control2: CGPoint(x: c.x + rx, y: c.y - ry * k))
        closeSubpath()
    }

    /// Appends every element of `other`.
    public mutating func addPath(_ other: Path) { elements += other.elements }

    /// The path with every point (control points too) transformed by `t`.
    package func applying(_ t: CGAffineTransform) -> Path {
        guard t != .identity else { return self }
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

    /// The smallest rectangle containing every point and control point.
    public var boundingBox: CGRect {
        var points: [CGPoint] = []
        for e in elements {
            switch e {
            case .move(let p), .line(let p): points.append(p)
            case .curve(let p, let c1, let c2): points += [p, c1, c2]
            case .close: break
            }
        }
        return CGRect(boundingPoints: points)
    }
}
