import Foundation

/// A layer that draws a path: filled, stroked or both, composited between the layer's
/// contents and its first sublayer, as Core Animation does.
///
/// The shape is drawn by the compositor in device space each frame (never through a
/// backing store), so it stays sharp under any scale. `strokeStart` and `strokeEnd` trim
/// the stroke to a part of the path's length (the fill is never trimmed); a progress ring
/// animates `strokeEnd` from 0 to 1.
///
/// Animatable: `strokeStart`, `strokeEnd`, `lineWidth`, `lineDashPhase`, `fillColor`,
/// `strokeColor` (implicitly too) and `path` (explicitly only, as in Core Animation; two
/// paths blend point by point when they have the same elements in the same order,
/// otherwise the value jumps at the midpoint).
///
/// Bad values: a negative or non-finite `lineWidth` is taken as 0 (no stroke), a
/// non-finite `miterLimit` as 10; `strokeStart`/`strokeEnd` are clamped to 0…1 when
/// drawn. A `lineDashPattern` with a negative or non-finite length, or with no positive
/// length, is reported once through ``CALayer/onInvalidValue`` and strokes solid lines.
///
/// See also: ``CAGradientLayer``, `UIBezierPath.cgPath` (in Tabula).
@preconcurrency @MainActor
open class CAShapeLayer: CALayer {
    /// Creates a shape layer with no path, an opaque black fill, no stroke and a line width of 1.
    public required init() { super.init() }

    /// Creates a copy of `layer` for Core Animation's use (see `CALayer.init(layer:)`),
    /// with its shape values when it is a CAShapeLayer.
    public override init(layer: Any) { super.init(layer: layer) }

    /// Returns `nil`: Tabula decodes no layers (see ``CALayer/init(coder:)``).
    public required init?(coder: NSCoder) { return nil }

    /// The path to draw, in the layer's coordinates; nil (the default) for none. Animatable
    /// explicitly (`CABasicAnimation(keyPath: "path")`); setting it never animates implicitly.
    public var path: CGPath? {
        get { modelValues.lists?.path }
        set {
            let stored = newValue?.isEmpty == true ? nil : newValue
            guard stored != modelValues.lists?.path else { return }
            modelValues.lists = (modelValues.lists ?? LayerLists()).with(path: stored)
            modelDidChangeWithoutAction()
        }
    }

    /// The colour that fills the path; opaque black by default, nil for no fill. Animatable.
    public var fillColor: CGColor? {
        get { modelValues.fillColor }
        set { setModel(\.fillColor, newValue, .fillColor) }
    }

    /// How the inside of the path is decided: `.nonZero` (the default) or `.evenOdd`
    /// (overlapping subpaths leave holes).
    public var fillRule: CAShapeLayerFillRule = .nonZero {
        didSet { if fillRule != oldValue { markTreeChanged() } }
    }

    /// The colour of the stroke; nil (the default) for none. Animatable.
    public var strokeColor: CGColor? {
        get { modelValues.strokeColor }
        set { setModel(\.strokeColor, newValue, .strokeColor) }
    }

    /// Where the stroke starts, as a fraction (0…1) of the path's length; 0 by default. Animatable.
    public var strokeStart: CGFloat {
        get { modelValues.strokeStart }
        set { setModel(\.strokeStart, newValue, .strokeStart) }
    }

    /// Where the stroke ends, as a fraction (0…1) of the path's length; 1 by default. Nothing
    /// is stroked when it is not greater than ``strokeStart``. Animatable.
    public var strokeEnd: CGFloat {
        get { modelValues.strokeEnd }
        set { setModel(\.strokeEnd, newValue, .strokeEnd) }
    }

    /// The width of the stroke, in points; 1 by default. Negative or non-finite values are
    /// taken as 0. Animatable.
    public var lineWidth: CGFloat {
        get { modelValues.lineWidth }
        set { setModel(\.lineWidth, Self.clampedLength(newValue), .lineWidth) }
    }

    /// The longest a mitred join may reach, in line widths, before it is bevelled; 10 by default.
    public var miterLimit: CGFloat = 10 {
        didSet {
            if !miterLimit.isFinite { miterLimit = 10 }
            if miterLimit != oldValue { markTreeChanged() }
        }
    }

    /// How the ends of open subpaths are drawn: `.butt` (the default), `.round` or `.square`.
    public var lineCap: CAShapeLayerLineCap = .butt {
        didSet { if lineCap != oldValue { markTreeChanged() } }
    }

    /// How the corners of the stroke are drawn: `.miter` (the default), `.round` or `.bevel`.
    public var lineJoin: CAShapeLayerLineJoin = .miter {
        didSet { if lineJoin != oldValue { markTreeChanged() } }
    }

    /// The dash pattern: lengths of painted and unpainted segments, alternating, in points;
    /// nil (the default) for a solid line. A pattern with a negative or non-finite length,
    /// or with no positive length, is reported once and strokes a solid line.
    public var lineDashPattern: [NSNumber]? {
        get { dashPattern }
        set {
            guard newValue != dashPattern else { return }
            dashPattern = newValue
            dashLengths = validatedDashes(newValue)
            markTreeChanged()
        }
    }
    private var dashPattern: [NSNumber]?

    /// How far into the dash pattern the stroke starts, in points; 0 by default. Animatable.
    public var lineDashPhase: CGFloat {
        get { modelValues.lineDashPhase }
        set { setModel(\.lineDashPhase, newValue.isFinite ? newValue : 0, .lineDashPhase) }
    }

    /// The dash lengths the compositor uses: empty for a solid line.
    private(set) var dashLengths: [CGFloat] = []

    /// The pattern's lengths, or none (a solid line) after reporting what is wrong with it.
    func validatedDashes(_ pattern: [NSNumber]?) -> [CGFloat] {
        guard let pattern, !pattern.isEmpty else { return [] }
        let lengths = pattern.map { CGFloat($0.doubleValue) }
        if let bad = lengths.firstIndex(where: { !$0.isFinite || $0 < 0 }) {
            reportInvalidValue("CAShapeLayer.lineDashPattern: length \(lengths[bad]) at index \(bad) is negative or not finite; the stroke is drawn solid")
            return []
        }
        guard lengths.contains(where: { $0 > 0 }) else {
            reportInvalidValue("CAShapeLayer.lineDashPattern: \(lengths) has no positive length; the stroke is drawn solid")
            return []
        }
        return lengths
    }

    override func copyStyling(to copy: CALayer) {
        super.copyStyling(to: copy)
        guard let copy = copy as? CAShapeLayer else { return }
        copy.fillRule = fillRule
        copy.miterLimit = miterLimit
        copy.lineCap = lineCap
        copy.lineJoin = lineJoin
        copy.dashPattern = dashPattern
        copy.dashLengths = dashLengths
    }

    override func vectorContent(_ p: LayerProperties) -> VectorContent? {
        guard let path = p.lists?.path else { return nil }
        let fill = p.fillColor.flatMap { $0.alpha > 0 ? $0 : nil }
        let width = Self.clampedLength(p.lineWidth)
        var stroke: VectorContent.Stroke?
        if let color = p.strokeColor, color.alpha > 0, width > 0, p.strokeEnd > p.strokeStart {
            let trimmed = path.trimmed(from: p.strokeStart, to: p.strokeEnd)
            if !trimmed.isEmpty {
                stroke = VectorContent.Stroke(path: trimmed, color: color, width: width, cap: lineCap.cgLineCap,
                                              join: lineJoin.cgLineJoin, miterLimit: miterLimit,
                                              dashes: dashLengths, dashPhase: p.lineDashPhase)
            }
        }
        guard fill != nil || stroke != nil else { return nil }
        return .shape(path: path, fill: fill, evenOdd: fillRule == .evenOdd, stroke: stroke)
    }
}

/// The rule that decides which points are inside a shape layer's path.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// The rule's name.
    public let rawValue: String
    /// Creates a fill rule from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A point is inside when the path winds around it a nonzero number of times.
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// A point is inside when a ray from it crosses the path an odd number of times.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// How a shape layer draws the ends of open subpaths.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// The cap's name.
    public let rawValue: String
    /// Creates a line cap from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The line ends square at the end point.
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// The line ends in a half circle around the end point.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// The line ends square, half a line width past the end point.
    public static let square = CAShapeLayerLineCap(rawValue: "square")

    var cgLineCap: CGLineCap { self == .round ? .round : self == .square ? .square : .butt }
}

/// How a shape layer draws the corners of its stroke.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// The join's name.
    public let rawValue: String
    /// Creates a line join from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A sharp corner (bevelled past ``CAShapeLayer/miterLimit``).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// A rounded corner.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// A corner cut flat.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")

    var cgLineJoin: CGLineJoin { self == .round ? .round : self == .bevel ? .bevel : .miter }
}
