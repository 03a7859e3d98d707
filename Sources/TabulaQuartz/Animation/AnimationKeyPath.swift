import Foundation

/// A key path that an animation can drive: a layer property, optionally one
/// component of it (`position.x`, `bounds.size`, `transform.rotation.z`, …),
/// parsed once when the animation is added.
struct AnimationKeyPath: Hashable {
    enum Component: Hashable {
        case whole
        case x, y                       // of a point, or a rect's origin
        case origin, size, width, height
        case rotation(axis: Int)        // 0 x, 1 y, 2 z
        case scale, scaleX, scaleY, scaleZ
        case translation, translationX, translationY, translationZ
    }

    let key: LayerKey
    let component: Component

    /// The whole of property `key`.
    init(whole key: LayerKey) {
        self.key = key
        component = .whole
    }

    /// Parses `path`, or returns nil when no animatable property has that name.
    init?(_ path: String) {
        // The common case, a whole property ("position", "opacity"): no splitting.
        if !path.utf8.contains(UInt8(ascii: ".")) {
            guard let key = LayerKey(rawValue: path) else { return nil }
            self.key = key
            component = .whole
            return
        }
        let parts = path.split(separator: ".").map(String.init)
        guard let first = parts.first, let key = LayerKey(rawValue: first) else { return nil }
        let rest = parts.dropFirst().joined(separator: ".")
        let component: Component?
        switch (key, rest) {
        case (_, ""): component = .whole
        case (.position, "x"), (.anchorPoint, "x"): component = .x
        case (.position, "y"), (.anchorPoint, "y"): component = .y
        case (.bounds, "origin"), (.contentsCenter, "origin"), (.contentsRect, "origin"): component = .origin
        case (.bounds, "size"), (.contentsCenter, "size"), (.contentsRect, "size"): component = .size
        case (.bounds, "origin.x"): component = .x
        case (.bounds, "origin.y"): component = .y
        case (.bounds, "size.width"): component = .width
        case (.bounds, "size.height"): component = .height
        case (.transform, "rotation"), (.sublayerTransform, "rotation"), (.transform, "rotation.z"),
             (.sublayerTransform, "rotation.z"): component = .rotation(axis: 2)
        case (.transform, "rotation.x"), (.sublayerTransform, "rotation.x"): component = .rotation(axis: 0)
        case (.transform, "rotation.y"), (.sublayerTransform, "rotation.y"): component = .rotation(axis: 1)
        case (.transform, "scale"), (.sublayerTransform, "scale"): component = .scale
        case (.transform, "scale.x"), (.sublayerTransform, "scale.x"): component = .scaleX
        case (.transform, "scale.y"), (.sublayerTransform, "scale.y"): component = .scaleY
        case (.transform, "scale.z"), (.sublayerTransform, "scale.z"): component = .scaleZ
        case (.transform, "translation"), (.sublayerTransform, "translation"): component = .translation
        case (.transform, "translation.x"), (.sublayerTransform, "translation.x"): component = .translationX
        case (.transform, "translation.y"), (.sublayerTransform, "translation.y"): component = .translationY
        case (.transform, "translation.z"), (.sublayerTransform, "translation.z"): component = .translationZ
        default: component = nil
        }
        guard let component else { return nil }
        self.key = key
        self.component = component
    }

    init(_ key: LayerKey) {
        self.key = key
        self.component = .whole
    }

    /// The kind of value this path takes, for checking an animation's values.
    var sample: AnimatableValue {
        switch component {
        case .whole: key.value(in: LayerProperties())
        case .origin: .point(.zero)
        case .size, .translation: .size(.zero)
        default: .scalar(0)
        }
    }

    /// The value at this path in `p`.
    package func value(in p: LayerProperties) -> AnimatableValue {
        let whole = key.value(in: p)
        switch (component, whole) {
        case (.whole, _): return whole
        case (.x, .point(let v)): return .scalar(Double(v.x))
        case (.y, .point(let v)): return .scalar(Double(v.y))
        case (.x, .rect(let r)): return .scalar(Double(r.minX))
        case (.y, .rect(let r)): return .scalar(Double(r.minY))
        case (.origin, .rect(let r)): return .point(r.origin)
        case (.size, .rect(let r)): return .size(r.size)
        case (.width, .rect(let r)): return .scalar(Double(r.width))
        case (.height, .rect(let r)): return .scalar(Double(r.height))
        case (_, .transform(let t)):
            guard let d = DecomposedTransform(t) else { return sample }
            switch component {
            case .rotation(let axis): return .scalar(Self.angle(of: d, axis: axis))
            case .scale: return .scalar(d.scale.x)
            case .scaleX: return .scalar(d.scale.x)
            case .scaleY: return .scalar(d.scale.y)
            case .scaleZ: return .scalar(d.scale.z)
            case .translation: return .size(CGSize(width: d.translation.x, height: d.translation.y))
            case .translationX: return .scalar(d.translation.x)
            case .translationY: return .scalar(d.translation.y)
            case .translationZ: return .scalar(d.translation.z)
            default: return sample
            }
        default: return sample
        }
    }

    /// Stores `value` at this path in `p`, keeping the property's other components.
    func set(_ value: AnimatableValue, in p: inout LayerProperties) {
        if component == .whole { key.set(value, in: &p); return }
        let whole = key.value(in: p)
        switch (component, whole, value) {
        case (.x, .point(var v), .scalar(let s)): v.x = CGFloat(s); key.set(.point(v), in: &p)
        case (.y, .point(var v), .scalar(let s)): v.y = CGFloat(s); key.set(.point(v), in: &p)
        case (.x, .rect(var r), .scalar(let s)): r.origin.x = CGFloat(s); key.set(.rect(r), in: &p)
        case (.y, .rect(var r), .scalar(let s)): r.origin.y = CGFloat(s); key.set(.rect(r), in: &p)
        case (.origin, .rect(var r), .point(let o)): r.origin = o; key.set(.rect(r), in: &p)
        case (.size, .rect(var r), .size(let s)): r.size = s; key.set(.rect(r), in: &p)
        case (.width, .rect(var r), .scalar(let s)): r.size.width = CGFloat(s); key.set(.rect(r), in: &p)
        case (.height, .rect(var r), .scalar(let s)): r.size.height = CGFloat(s); key.set(.rect(r), in: &p)
        case (_, .transform(let t), _):
            guard var d = DecomposedTransform(t) ?? DecomposedTransform(.identity) else { return }
            switch (component, value) {
            case (.rotation(let axis), .scalar(let angle)):
                let a = CGFloat(angle)
                let r = CATransform3D(rotationAngle: a, x: axis == 0 ? 1 : 0, y: axis == 1 ? 1 : 0, z: axis == 2 ? 1 : 0)
                if let q = DecomposedTransform(r)?.quaternion { d.quaternion = q }
            case (.scale, .scalar(let s)): d.scale = (s, s, s)
            case (.scaleX, .scalar(let s)): d.scale.x = s
            case (.scaleY, .scalar(let s)): d.scale.y = s
            case (.scaleZ, .scalar(let s)): d.scale.z = s
            case (.translation, .size(let s)): d.translation.x = Double(s.width); d.translation.y = Double(s.height)
            case (.translationX, .scalar(let s)): d.translation.x = s
            case (.translationY, .scalar(let s)): d.translation.y = s
            case (.translationZ, .scalar(let s)): d.translation.z = s
            default: return
            }
            key.set(.transform(d.transform), in: &p)
        default: break
        }
    }

    private static func angle(of d: DecomposedTransform, axis: Int) -> Double {
        let q = d.quaternion
        let component = axis == 0 ? q.x : axis == 1 ? q.y : q.z
        return 2 * atan2(component, q.w)
    }
}
