/// Borders, shadows and the corner curve: the styling Core Animation draws around a
/// layer's own content, without the app drawing anything.
///
/// The border is drawn inside the bounds, over the contents and the sublayers, following
/// ``CALayer/cornerRadius``, ``CALayer/maskedCorners`` and ``CALayer/cornerCurve``. The
/// shadow is a Gaussian blur of the layer's shape — ``CALayer/shadowPath`` when set, else
/// the rounded bounds when the layer has a background, else the alpha of its contents —
/// drawn behind the layer; a layer that masks to its bounds clips its shadow away, as in
/// UIKit. Negative or non-finite widths and radii are taken as 0.
extension CALayer {
    /// The width, in points, of the border drawn inside the bounds (0, the default, for
    /// none). Negative or non-finite values are taken as 0. Animatable.
    public var borderWidth: CGFloat {
        get { modelValues.borderWidth }
        set { setModel(\.borderWidth, Self.clampedLength(newValue), .borderWidth) }
    }

    /// The colour of the border; opaque black by default. Animatable.
    public var borderColor: CGColor? {
        get { modelValues.borderColor }
        set { setModel(\.borderColor, newValue, .borderColor) }
    }

    /// The opacity of the shadow, 0 (none, the default) to 1; values outside are clamped.
    /// Animatable.
    public var shadowOpacity: Float {
        get { modelValues.shadowOpacity }
        set { setModel(\.shadowOpacity, newValue.isFinite ? min(max(newValue, 0), 1) : 0, .shadowOpacity) }
    }

    /// The blur radius of the shadow, in points (3 by default): the standard deviation of
    /// the Gaussian blur. Negative or non-finite values are taken as 0. Animatable.
    public var shadowRadius: CGFloat {
        get { modelValues.shadowRadius }
        set { setModel(\.shadowRadius, Self.clampedLength(newValue), .shadowRadius) }
    }

    /// How far the shadow is moved from the layer, in points; (0, -3) by default, as in
    /// Core Animation. Animatable.
    public var shadowOffset: CGSize {
        get { modelValues.shadowOffset }
        set {
            let finite = CGSize(width: newValue.width.isFinite ? newValue.width : 0,
                                height: newValue.height.isFinite ? newValue.height : 0)
            setModel(\.shadowOffset, finite, .shadowOffset)
        }
    }

    /// The colour of the shadow; opaque black by default. Animatable.
    public var shadowColor: CGColor? {
        get { modelValues.shadowColor }
        set { setModel(\.shadowColor, newValue, .shadowColor) }
    }

    /// The shape of the shadow in the layer's coordinates; nil (the default) for the
    /// layer's own shape. Setting it spares the compositor from deriving the shape from
    /// the contents.
    public var shadowPath: CGPath? {
        get { styling.shadowPath }
        set {
            guard styling.shadowPath != newValue else { return }
            styling.shadowPath = newValue
            markTreeChanged()
        }
    }

    /// The curve of the rounded corners: `.circular` (quarter circles, the default) or
    /// `.continuous` (a smoother, squircle-like curve that starts further along the edges).
    public var cornerCurve: CALayerCornerCurve {
        get { styling.cornerCurve }
        set {
            guard styling.cornerCurve != newValue else { return }
            styling.cornerCurve = newValue
            markTreeChanged()
        }
    }

    /// How much further along each edge a corner of `curve` starts than a circular
    /// corner of the same radius: 1 for `.circular`, 1.528 for `.continuous`.
    public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? Path.continuousExtent : 1
    }

    /// 0 for negative and non-finite lengths.
    static func clampedLength(_ value: CGFloat) -> CGFloat { value.isFinite ? max(value, 0) : 0 }
}

/// The styling values of a layer that do not animate.
struct LayerStyling {
    var shadowPath: Path?
    var cornerCurve: CALayerCornerCurve = .circular
}

/// The curve that rounds a layer's corners.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    /// The curve's name.
    public let rawValue: String
    /// Creates a corner curve from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Quarter circles of the corner radius.
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// A continuous curve: the corner eases in from further along each edge, with no
    /// jump in curvature where the edge ends (Tabula draws its own squircle-like curve).
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")

}

extension Path {
    /// How far along each edge a continuous corner of radius 1 starts.
    static let continuousExtent: CGFloat = 1.528
    /// Where the control points of a continuous corner of radius 1 sit, from the corner.
    /// With the extent, this puts the curve's midpoint about 0.3 r in from the corner on
    /// the diagonal, as a circle's is, while the curvature at the ends stays near 0.13 / r
    /// instead of jumping to 1 / r.
    static let continuousControl: CGFloat = 0.29

    /// A rounded rectangle whose corners are continuous curves: one cubic per corner,
    /// from `1.528 r` along one edge to `1.528 r` along the other; a corner too large
    /// for the rectangle shrinks to fit half its shorter side.
    init(continuousRoundedRect rect: CGRect, cornerRadii radii: CornerRadii) {
        self.init()
        let r = rect.standardized
        let limit = min(r.width, r.height) / 2
        func corner(_ radius: CGFloat) -> (extent: CGFloat, control: CGFloat) {
            guard radius > 0, radius.isFinite else { return (0, 0) }
            let e = radius * Self.continuousExtent, c = radius * Self.continuousControl
            return e <= limit ? (e, c) : (limit, c * limit / e)
        }
        let tl = corner(radii.topLeft), tr = corner(radii.topRight)
        let bl = corner(radii.bottomLeft), br = corner(radii.bottomRight)
        move(to: CGPoint(x: r.minX + tl.extent, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - tr.extent, y: r.minY))
        if tr.extent > 0 {
            addCurve(to: CGPoint(x: r.maxX, y: r.minY + tr.extent),
                     control1: CGPoint(x: r.maxX - tr.control, y: r.minY),
                     control2: CGPoint(x: r.maxX, y: r.minY + tr.control))
        }
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - br.extent))
        if br.extent > 0 {
            addCurve(to: CGPoint(x: r.maxX - br.extent, y: r.maxY),
                     control1: CGPoint(x: r.maxX, y: r.maxY - br.control),
                     control2: CGPoint(x: r.maxX - br.control, y: r.maxY))
        }
        addLine(to: CGPoint(x: r.minX + bl.extent, y: r.maxY))
        if bl.extent > 0 {
            addCurve(to: CGPoint(x: r.minX, y: r.maxY - bl.extent),
                     control1: CGPoint(x: r.minX + bl.control, y: r.maxY),
                     control2: CGPoint(x: r.minX, y: r.maxY - bl.control))
        }
        addLine(to: CGPoint(x: r.minX, y: r.minY + tl.extent))
        if tl.extent > 0 {
            addCurve(to: CGPoint(x: r.minX + tl.extent, y: r.minY),
                     control1: CGPoint(x: r.minX, y: r.minY + tl.control),
                     control2: CGPoint(x: r.minX + tl.control, y: r.minY))
        }
        closeSubpath()
    }
}
