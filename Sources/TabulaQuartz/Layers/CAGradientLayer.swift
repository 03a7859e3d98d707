import Foundation

/// A layer that fills its shape (its bounds with the rounded corners) with a colour
/// gradient, drawn over its background colour and under its sublayers.
///
/// `startPoint` and `endPoint` are in unit coordinates of the bounds ((0, 0) the top-left
/// corner, (1, 1) the bottom-right). `.axial` varies along the line from start to end;
/// `.radial` is drawn on ellipses centred on the start point whose radii are the end
/// point's distance from it along each axis; `.conic` turns clockwise around the start
/// point, beginning at the ray towards the end point. Past the ends the end colours
/// continue. Locations outside 0…1 (a moving highlight) are honoured: the visible part of
/// the gradient is cut out of the whole.
///
/// Animatable, implicitly too: `colors` and `locations` (blended one by one when both ends
/// have as many entries, else the value jumps), `startPoint`, `endPoint`.
///
/// Bad values: `colors` entries that are not colours make the assignment be reported
/// through ``CALayer/onInvalidValue`` and ignored; `locations` whose count differs from
/// the colours' is reported once and drawn as evenly spaced locations.
@preconcurrency @MainActor
open class CAGradientLayer: CALayer {
    /// Creates a gradient layer with no colours, an axial type, from (0.5, 0) to (0.5, 1).
    public required init() { super.init() }

    /// Creates a copy of `layer` for Core Animation's use (see `CALayer.init(layer:)`),
    /// with its gradient values when it is a CAGradientLayer.
    public override init(layer: Any) { super.init(layer: layer) }

    /// Returns `nil`: Tabula decodes no layers (see ``CALayer/init(coder:)``).
    public required init?(coder: NSCoder) { return nil }

    /// The colours of the gradient stops (`CGColor` values, or colours that convert to one,
    /// such as `UIColor`); nil (the default) for none. Animatable.
    public var colors: [Any]? {
        get { modelValues.lists?.colors }
        set {
            var converted: [Color]?
            if let newValue {
                guard case .colors(let list)? = AnimatableValue(newValue) else {
                    let bad = newValue.firstIndex { !($0 is Color || $0 is any CGColorConvertible) } ?? 0
                    reportInvalidValue("CAGradientLayer.colors: entry \(bad) (\(Swift.type(of: newValue[bad]))) is not a CGColor; the colours were not changed")
                    return
                }
                converted = list
            }
            setList(.colors, stored: (modelValues.lists ?? LayerLists()).with(colors: converted))
        }
    }

    /// Where each colour lies, from 0 (the start point) to 1 (the end point), increasing;
    /// nil (the default) spreads the colours evenly. Animatable.
    public var locations: [NSNumber]? {
        get { modelValues.lists?.locations?.map { NSNumber(value: $0) } }
        set {
            let values = newValue?.map(\.doubleValue)
            setList(.locations, stored: (modelValues.lists ?? LayerLists()).with(locations: values))
        }
    }

    /// Where the gradient starts, in unit coordinates of the bounds; (0.5, 0) by default. Animatable.
    public var startPoint: CGPoint {
        get { modelValues.startPoint }
        set { setModel(\.startPoint, newValue, .startPoint) }
    }

    /// Where the gradient ends, in unit coordinates of the bounds; (0.5, 1) by default. Animatable.
    public var endPoint: CGPoint {
        get { modelValues.endPoint }
        set { setModel(\.endPoint, newValue, .endPoint) }
    }

    /// The kind of gradient: `.axial` (the default), `.radial` or `.conic`.
    public var type: CAGradientLayerType = .axial {
        didSet { if type != oldValue { markTreeChanged() } }
    }

    /// Stores a list value and reports the change (so that it animates like any other).
    private func setList(_ key: LayerKey, stored: LayerLists) {
        guard stored != modelValues.lists ?? LayerLists() else { return }
        let old = key.value(in: modelValues)
        modelValues.lists = stored
        didChange(key, from: old)
    }

    /// The colour counts and location counts last reported as mismatched.
    private var reportedMismatch: (colors: Int, locations: Int)?

    override func copyStyling(to copy: CALayer) {
        super.copyStyling(to: copy)
        (copy as? CAGradientLayer)?.type = type
    }

    override func vectorContent(_ p: LayerProperties) -> VectorContent? {
        guard let colors = p.lists?.colors, !colors.isEmpty else { return nil }
        var locations = p.lists?.locations
        if let given = locations, given.count != colors.count {
            if reportedMismatch.map({ $0 != (colors.count, given.count) }) ?? true {
                reportedMismatch = (colors.count, given.count)
                reportInvalidValue("CAGradientLayer.locations: \(given.count) locations for \(colors.count) colours; the colours are spaced evenly")
            }
            locations = nil
        } else {
            reportedMismatch = nil
        }
        let b = p.bounds
        func point(_ u: CGPoint) -> CGPoint { CGPoint(x: b.minX + u.x * b.width, y: b.minY + u.y * b.height) }
        let kind: VectorContent.GradientKind = type == .radial ? .radial : type == .conic ? .conic : .axial
        return .gradient(kind: kind, gradient: Self.visibleGradient(colors: colors, locations: locations),
                         start: point(p.startPoint), end: point(p.endPoint), clip: shape(bounds: b, cornerRadius: p.cornerRadius))
    }

    /// The gradient between locations 0 and 1, from colours at any locations (sorted;
    /// stops outside 0…1 are replaced by the colours where the range begins and ends).
    static func visibleGradient(colors: [Color], locations: [Double]?) -> Gradient {
        let n = colors.count
        let spots = locations ?? colors.indices.map { n > 1 ? Double($0) / Double(n - 1) : 0 }
        let stops = zip(colors, spots).map { Gradient.Stop(color: $0, location: $1.isFinite ? $1 : 0) }
            .enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        guard stops.contains(where: { $0.location < 0 || $0.location > 1 }) else { return Gradient(stops: stops) }
        var visible = stops.filter { $0.location >= 0 && $0.location <= 1 }
        if visible.first?.location != 0 {
            visible.insert(Gradient.Stop(color: GraphicsContext.color(in: stops, at: 0), location: 0), at: 0)
        }
        if visible.last?.location != 1 {
            visible.append(Gradient.Stop(color: GraphicsContext.color(in: stops, at: 1), location: 1))
        }
        return Gradient(stops: visible)
    }
}

/// The kind of gradient a ``CAGradientLayer`` draws.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// The kind's name.
    public let rawValue: String
    /// Creates a gradient type from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Colours vary along the line from the start point to the end point.
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Colours vary on ellipses around the start point, out to the end point.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Colours vary around the start point, beginning towards the end point.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}
