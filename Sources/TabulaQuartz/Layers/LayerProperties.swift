/// The animatable values of a layer, as one value: the model (what the app set)
/// and the presentation (what is on screen while animations run) are both of
/// this type, so the compositor reads either the same way.
package struct LayerProperties: Equatable {
    var bounds: CGRect = .zero
    var position: CGPoint = .zero
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var transform: CATransform3D = .identity
    var zPosition: CGFloat = 0
    var opacity: Float = 1
    var backgroundColor: Color?
    var cornerRadius: CGFloat = 0
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var borderWidth: CGFloat = 0
    var borderColor: Color? = .black
    var shadowOpacity: Float = 0
    var shadowRadius: CGFloat = 3
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowColor: Color? = .black
    var sublayerTransform: CATransform3D = .identity
    /// The drawing of a shape or gradient layer (``CAShapeLayer``, ``CAGradientLayer``);
    /// plain values, so that other layers pay nothing for them but their size.
    var strokeStart: CGFloat = 0
    var strokeEnd: CGFloat = 1
    var lineWidth: CGFloat = 1
    var lineDashPhase: CGFloat = 0
    var fillColor: Color? = .black
    var strokeColor: Color?
    var startPoint = CGPoint(x: 0.5, y: 0)
    var endPoint = CGPoint(x: 0.5, y: 1)
    /// The values that are lists (a shape's path, a gradient's colours and locations), nil
    /// for every other layer.
    var lists: LayerLists?

    /// The map from the layer's coordinates to its superlayer's.
    var transformToSuperlayer: CATransform3D {
        let ax = bounds.minX + anchorPoint.x * bounds.width
        let ay = bounds.minY + anchorPoint.y * bounds.height
        if transform.isIdentity {
            return CATransform3D(translationX: position.x - ax, y: position.y - ay, z: 0)
        }
        return CATransform3D(translationX: -ax, y: -ay, z: 0)
            .concatenating(transform)
            .concatenating(CATransform3D(translationX: position.x, y: position.y, z: 0))
    }

    /// The bounding box of the transformed bounds in the superlayer.
    var frame: CGRect {
        if transform.isIdentity {
            // Exact whatever the bounds origin: mapping the bounds through the translation
            // would add and take away a scroll offset, and a scrolled view's frame (and so
            // its safe area and its content insets) would wobble in the last bits.
            return CGRect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                          width: bounds.width, height: bounds.height).standardized
        }
        let t = transformToSuperlayer
        if t.isAffine { return bounds.applying(t.affineTransform) }
        let map = ProjectiveTransform(t.flattened)
        let corners = [CGPoint(x: bounds.minX, y: bounds.minY), CGPoint(x: bounds.maxX, y: bounds.minY),
                       CGPoint(x: bounds.minX, y: bounds.maxY), CGPoint(x: bounds.maxX, y: bounds.maxY)]
        return CGRect(boundingPoints: corners.compactMap { map.apply($0) })
    }
}

/// The animatable properties of a layer, named as Core Animation names their key paths.
package enum LayerKey: String, CaseIterable, Sendable {
    case bounds, position, anchorPoint, transform, zPosition, opacity, backgroundColor, cornerRadius, contentsCenter
    case contentsRect
    case borderWidth, borderColor, shadowOpacity, shadowRadius, shadowOffset, shadowColor, sublayerTransform
    case strokeStart, strokeEnd, lineWidth, lineDashPhase, fillColor, strokeColor, path
    case colors, locations, startPoint, endPoint

    package func value(in p: LayerProperties) -> AnimatableValue {
        switch self {
        case .bounds: .rect(p.bounds)
        case .position: .point(p.position)
        case .anchorPoint: .point(p.anchorPoint)
        case .transform: .transform(p.transform)
        case .zPosition: .scalar(Double(p.zPosition))
        case .opacity: .scalar(Double(p.opacity))
        case .backgroundColor: .color(p.backgroundColor ?? .clear)
        case .cornerRadius: .scalar(Double(p.cornerRadius))
        case .contentsCenter: .rect(p.contentsCenter)
        case .contentsRect: .rect(p.contentsRect)
        case .borderWidth: .scalar(Double(p.borderWidth))
        case .borderColor: .color(p.borderColor ?? .clear)
        case .shadowOpacity: .scalar(Double(p.shadowOpacity))
        case .shadowRadius: .scalar(Double(p.shadowRadius))
        case .shadowOffset: .size(p.shadowOffset)
        case .shadowColor: .color(p.shadowColor ?? .clear)
        case .sublayerTransform: .transform(p.sublayerTransform)
        case .strokeStart: .scalar(Double(p.strokeStart))
        case .strokeEnd: .scalar(Double(p.strokeEnd))
        case .lineWidth: .scalar(Double(p.lineWidth))
        case .lineDashPhase: .scalar(Double(p.lineDashPhase))
        case .fillColor: .color(p.fillColor ?? .clear)
        case .strokeColor: .color(p.strokeColor ?? .clear)
        case .path: .path(p.lists?.path ?? Path())
        case .colors: .colors(p.lists?.colors ?? [])
        case .locations: .numbers(p.lists?.locations ?? [])
        case .startPoint: .point(p.startPoint)
        case .endPoint: .point(p.endPoint)
        }
    }

    /// Stores `value` (already checked to be of this key's kind).
    func set(_ value: AnimatableValue, in p: inout LayerProperties) {
        switch (self, value) {
        case (.bounds, .rect(let r)): p.bounds = r
        case (.position, .point(let v)): p.position = v
        case (.anchorPoint, .point(let v)): p.anchorPoint = v
        case (.transform, .transform(let t)): p.transform = t
        case (.zPosition, .scalar(let v)): p.zPosition = CGFloat(v)
        case (.opacity, .scalar(let v)): p.opacity = Float(v)
        case (.backgroundColor, .color(let c)): p.backgroundColor = c
        case (.cornerRadius, .scalar(let v)): p.cornerRadius = CGFloat(v)
        case (.contentsCenter, .rect(let r)): p.contentsCenter = r
        case (.contentsRect, .rect(let r)): p.contentsRect = r
        case (.borderWidth, .scalar(let v)): p.borderWidth = CGFloat(v)
        case (.borderColor, .color(let c)): p.borderColor = c
        case (.shadowOpacity, .scalar(let v)): p.shadowOpacity = Float(v)
        case (.shadowRadius, .scalar(let v)): p.shadowRadius = CGFloat(v)
        case (.shadowOffset, .size(let v)): p.shadowOffset = v
        case (.shadowColor, .color(let c)): p.shadowColor = c
        case (.sublayerTransform, .transform(let t)): p.sublayerTransform = t
        case (.strokeStart, .scalar(let v)): p.strokeStart = CGFloat(v)
        case (.strokeEnd, .scalar(let v)): p.strokeEnd = CGFloat(v)
        case (.lineWidth, .scalar(let v)): p.lineWidth = CGFloat(v)
        case (.lineDashPhase, .scalar(let v)): p.lineDashPhase = CGFloat(v)
        case (.fillColor, .color(let c)): p.fillColor = c
        case (.strokeColor, .color(let c)): p.strokeColor = c
        case (.path, .path(let v)): p.lists = (p.lists ?? LayerLists()).with(path: v)
        case (.colors, .colors(let v)): p.lists = (p.lists ?? LayerLists()).with(colors: v)
        case (.locations, .numbers(let v)): p.lists = (p.lists ?? LayerLists()).with(locations: v)
        case (.startPoint, .point(let v)): p.startPoint = v
        case (.endPoint, .point(let v)): p.endPoint = v
        default: break
        }
    }
}

/// The list-valued drawing properties of a shape or gradient layer, kept in one immutable
/// object so that a plain layer's properties hold a single nil reference for all of them.
final class LayerLists: Equatable, Sendable {
    let path: Path?
    let colors: [Color]?
    let locations: [Double]?

    init(path: Path? = nil, colors: [Color]? = nil, locations: [Double]? = nil) {
        (self.path, self.colors, self.locations) = (path, colors, locations)
    }

    static func == (a: LayerLists, b: LayerLists) -> Bool {
        a === b || (a.path == b.path && a.colors == b.colors && a.locations == b.locations)
    }

    /// A copy with `path` replaced (an empty path is stored as none).
    func with(path: Path?) -> LayerLists {
        LayerLists(path: path?.isEmpty == true ? nil : path, colors: colors, locations: locations)
    }
    /// A copy with `colors` replaced.
    func with(colors: [Color]?) -> LayerLists { LayerLists(path: path, colors: colors, locations: locations) }
    /// A copy with `locations` replaced.
    func with(locations: [Double]?) -> LayerLists { LayerLists(path: path, colors: colors, locations: locations) }
}
