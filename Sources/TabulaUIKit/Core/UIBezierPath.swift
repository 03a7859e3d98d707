import Foundation

/// A path of lines, curves and arcs with the attributes to draw it: UIKit's API over
/// Tabula's `Path` (`CGPath`).
///
/// ```swift
/// override func draw(_ rect: CGRect) {
///     let ring = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40,
///                             startAngle: -.pi / 2, endAngle: .pi * 1.5, clockwise: true)
///     ring.lineWidth = 8
///     ring.lineCapStyle = .round
///     UIColor.systemBlue.setStroke()
///     ring.stroke()
/// }
/// ```
///
/// ``fill()``, ``stroke()`` and ``addClip()`` draw into the current context
/// (`UIGraphicsGetCurrentContext()`): inside `draw(_:)` or a `UIGraphicsImageRenderer`
/// block. With no current context they draw nothing, as UIKit does.
open class UIBezierPath: CustomStringConvertible {
    /// The path itself.
    public var cgPath: CGPath

    /// The width of stroked lines, in points; 1 by default. Negative or non-finite widths
    /// are taken as 0.
    public var lineWidth: CGFloat = 1 {
        didSet { if !lineWidth.isFinite || lineWidth < 0 { lineWidth = 0 } }
    }
    /// How the ends of open subpaths are stroked; `.butt` by default.
    public var lineCapStyle: CGLineCap = .butt
    /// How corners are stroked; `.miter` by default.
    public var lineJoinStyle: CGLineJoin = .miter
    /// The longest mitre, in line widths, before a corner is bevelled; 10 by default.
    public var miterLimit: CGFloat = 10
    /// The accuracy of curves when drawn; kept for compatibility (Cairo chooses its own).
    public var flatness: CGFloat = 0.6
    /// Whether ``fill()``, ``addClip()`` and ``contains(_:)`` use the even-odd rule
    /// rather than the nonzero winding rule (the default).
    public var usesEvenOddFillRule = false
    private var dashPattern: [CGFloat] = []
    private var dashPhase: CGFloat = 0
    /// Where the last subpath started, for ``close()``.
    private var subpathStart: CGPoint?

    /// An empty path.
    public init() { cgPath = Path() }

    /// A path with the elements of `path`.
    public init(cgPath path: CGPath) {
        cgPath = path
        subpathStart = path.lastSubpathStart
    }

    /// A closed rectangle.
    public convenience init(rect: CGRect) { self.init(cgPath: Path(rect: rect)) }

    /// The ellipse inscribed in `rect` (a circle when `rect` is square).
    public convenience init(ovalIn rect: CGRect) { self.init(cgPath: Path(ellipseIn: rect)) }

    /// A rectangle with all four corners rounded by `cornerRadius` (at most half the
    /// shorter side).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(cgPath: Path(roundedRect: rect, cornerRadius: cornerRadius.isFinite ? max(cornerRadius, 0) : 0))
    }

    /// A rectangle with the chosen corners rounded by `cornerRadii` (UIKit uses the width
    /// of the size for both directions; so does Tabula).
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        let r = cornerRadii.width.isFinite ? max(cornerRadii.width, 0) : 0
        self.init(cgPath: Path(roundedRect: rect, cornerRadii: CornerRadii(
            topLeft: corners.contains(.topLeft) ? r : 0, topRight: corners.contains(.topRight) ? r : 0,
            bottomLeft: corners.contains(.bottomLeft) ? r : 0, bottomRight: corners.contains(.bottomRight) ? r : 0)))
    }

    /// An open arc of the circle around `center`, from `startAngle` to `endAngle` (radians,
    /// 0 along the positive x axis; clockwise on screen, where y grows downwards).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    // MARK: Building

    /// The end of the last element, or `.zero` when the path is empty.
    public var currentPoint: CGPoint {
        switch cgPath.elements.last {
        case .move(let p), .line(let p): p
        case .curve(let p, _, _): p
        case .close: subpathStart ?? .zero
        case nil: .zero
        }
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { cgPath.isEmpty }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) {
        cgPath.move(to: point)
        subpathStart = point
    }

    /// Adds a straight line from the current point to `point`.
    public func addLine(to point: CGPoint) {
        ensureCurrentPoint()
        cgPath.addLine(to: point)
    }

    /// Adds a cubic Bézier curve from the current point to `endPoint`.
    public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        ensureCurrentPoint()
        cgPath.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// Adds a quadratic Bézier curve from the current point to `endPoint` (stored as the
    /// equivalent cubic).
    public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        ensureCurrentPoint()
        cgPath.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// Adds an arc of the circle around `center`; a line joins the current point to the
    /// arc's start, as in UIKit. A full turn or more draws the whole circle once.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool) {
        guard radius.isFinite, startAngle.isFinite, endAngle.isFinite, center.x.isFinite, center.y.isFinite else { return }
        if cgPath.isEmpty || cgPath.elements.last == .close {
            subpathStart = CGPoint(x: center.x + abs(radius) * cos(startAngle), y: center.y + abs(radius) * sin(startAngle))
        }
        // Core Graphics' clockwise runs towards decreasing angles, UIKit's (on a screen
        // whose y axis points down) towards increasing ones.
        cgPath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath with a straight line to its start.
    public func close() {
        guard !cgPath.isEmpty, cgPath.elements.last != .close else { return }
        cgPath.closeSubpath()
    }

    /// Removes every element.
    public func removeAllPoints() {
        cgPath = Path()
        subpathStart = nil
    }

    /// Appends the elements of `bezierPath`.
    public func append(_ bezierPath: UIBezierPath) {
        cgPath.addPath(bezierPath.cgPath)
        if let start = bezierPath.cgPath.lastSubpathStart { subpathStart = start }
    }

    /// Maps every point of the path through `transform`.
    public func apply(_ transform: CGAffineTransform) {
        cgPath = cgPath.applying(transform)
        subpathStart = subpathStart?.applying(transform)
    }

    /// Sets the dash pattern of strokes: painted and skipped lengths in turn, starting
    /// `phase` into the pattern; a nil pattern or a count of 0 strokes solid lines.
    public func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else { dashPattern = []; dashPhase = 0; return }
        dashPattern = Array(UnsafeBufferPointer(start: pattern, count: count))
        dashPhase = phase
    }

    /// Copies the dash pattern into `pattern` (when not nil, room for `count` values),
    /// and its length and phase into `count` and `phase`.
    public func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
                            phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern, let count {
            for (i, v) in dashPattern.prefix(count.pointee).enumerated() { pattern[i] = v }
        }
        count?.pointee = dashPattern.count
        phase?.pointee = dashPhase
    }

    // MARK: Geometry

    /// The rectangle that encloses every point of the path, control points included.
    public var bounds: CGRect { cgPath.isEmpty ? .null : cgPath.boundingBox }

    /// Whether `point` is inside the path by its fill rule (curves are flattened, and
    /// open subpaths count as closed).
    public func contains(_ point: CGPoint) -> Bool {
        cgPath.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    // MARK: Drawing

    /// Fills the inside of the path with the current fill colour (`UIColor.setFill()`).
    @preconcurrency @MainActor public func fill() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.fill(cgPath, evenOdd: usesEvenOddFillRule)
    }

    /// Fills with `blendMode` and `alpha` applied to this fill only.
    @preconcurrency @MainActor public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.withSavedGState {
            ctx.setBlendMode(blendMode)
            ctx.setAlpha(alpha * ctx.globalAlpha)
            ctx.fill(cgPath, evenOdd: usesEvenOddFillRule)
        }
    }

    /// Strokes the path with the current stroke colour (`UIColor.setStroke()`) and this
    /// path's line width, cap, join and dash.
    @preconcurrency @MainActor public func stroke() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.withSavedGState {
            applyStrokeAttributes(to: ctx)
            ctx.stroke(cgPath)
        }
    }

    /// Strokes with `blendMode` and `alpha` applied to this stroke only.
    @preconcurrency @MainActor public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.withSavedGState {
            applyStrokeAttributes(to: ctx)
            ctx.setBlendMode(blendMode)
            ctx.setAlpha(alpha * ctx.globalAlpha)
            ctx.stroke(cgPath)
        }
    }

    /// Intersects the current context's clip with the inside of the path.
    @preconcurrency @MainActor public func addClip() {
        UIGraphicsGetCurrentContext()?.clip(to: cgPath, evenOdd: usesEvenOddFillRule)
    }

    /// The elements, one a line.
    public var description: String { "UIBezierPath(\(cgPath.elements.count) elements, bounds \(bounds))" }

    @MainActor private func applyStrokeAttributes(to ctx: CGContext) {
        ctx.setLineWidth(lineWidth)
        ctx.setLineCap(lineCapStyle)
        ctx.setLineJoin(lineJoinStyle)
        ctx.setMiterLimit(miterLimit)
        ctx.setLineDash(phase: dashPhase, lengths: dashPattern)
    }

    /// A path must start with a move: a line or curve with no current point starts at (0, 0).
    private func ensureCurrentPoint() {
        if cgPath.isEmpty { move(to: .zero) } else if cgPath.elements.last == .close { move(to: currentPoint) }
    }
}

/// The corners of a rectangle, for ``UIBezierPath/init(roundedRect:byRoundingCorners:cornerRadii:)``.
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    /// The bit mask of corners.
    public let rawValue: UInt
    /// Creates a set of corners from a bit mask.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner.
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    /// The top-right corner.
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    /// The bottom-left corner.
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    /// The bottom-right corner.
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    /// All four corners.
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

extension UIBezierPath: CGPathConvertible {}
