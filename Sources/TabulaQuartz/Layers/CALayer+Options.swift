import Foundation

/// The less common layer properties: how contents are sampled and which part of them is
/// shown, group opacity, flipped geometry, and the values Tabula keeps for code written
/// for iOS although its renderer has no use for them (HDR, asynchronous drawing, filters).
///
/// None of these lives in the animatable ``LayerProperties`` (copied for every animating
/// layer each frame) except ``contentsRect``, which Core Animation animates.
extension CALayer {
    /// The part of ``contents`` the layer shows, in unit coordinates of the image
    /// ((0, 0, 1, 1), the whole image, by default): that part is placed in the bounds by
    /// ``contentsGravity`` as if it were the whole image — a sprite sheet shows one frame.
    /// Where the rectangle reaches outside the unit square, the image's edge pixels are
    /// extended outwards, as in Core Animation. Non-finite values are taken as the unit
    /// rectangle. Animatable.
    ///
    /// With ``contentsCenter`` (nine-part stretching) or a perspective transform Tabula
    /// draws the whole image and ignores this rectangle.
    public var contentsRect: CGRect {
        get { modelValues.contentsRect }
        set {
            let finite = newValue.origin.x.isFinite && newValue.origin.y.isFinite
                && newValue.width.isFinite && newValue.height.isFinite
            setModel(\.contentsRect, finite ? newValue : CGRect(x: 0, y: 0, width: 1, height: 1), .contentsRect)
        }
    }

    /// Whether a translucent layer is composited with its sublayers as one group (true,
    /// the default, as in iOS 7 and later): the layer and its sublayers are drawn
    /// offscreen, then faded once with ``opacity``, so overlapping translucent sublayers
    /// do not show through one another. When false the opacity is applied to each layer
    /// on its own (multiplied down the tree), and where sublayers overlap the one behind
    /// shows through — cheaper, but not what a fading view should look like.
    public var allowsGroupOpacity: Bool {
        get { options.allowsGroupOpacity }
        set {
            guard newValue != options.allowsGroupOpacity else { return }
            options.allowsGroupOpacity = newValue
            markTreeChanged()
        }
    }

    /// The filter used when ``contents`` are drawn smaller than their pixels: `.linear`
    /// (the default) blends neighbouring pixels, `.nearest` takes the nearest one (hard,
    /// blocky edges), `.trilinear` uses Cairo's higher-quality downscaling filter (Tabula
    /// keeps no mipmaps).
    public var minificationFilter: CALayerContentsFilter {
        get { options.minificationFilter }
        set {
            guard newValue != options.minificationFilter else { return }
            options.minificationFilter = newValue
            markTreeChanged()
        }
    }

    /// The filter used when ``contents`` are drawn larger than their pixels: `.linear`
    /// (the default) is smooth, `.nearest` shows each pixel as a sharp square — the
    /// filter for pixel art.
    public var magnificationFilter: CALayerContentsFilter {
        get { options.magnificationFilter }
        set {
            guard newValue != options.magnificationFilter else { return }
            options.magnificationFilter = newValue
            markTreeChanged()
        }
    }

    /// The bias of the mipmap level chosen by the `.trilinear` ``minificationFilter``;
    /// 0 by default. Tabula stores it: its Cairo renderer keeps no mipmaps, so the bias
    /// changes nothing that is drawn.
    public var minificationFilterBias: Float {
        get { options.minificationFilterBias }
        set { options.minificationFilterBias = newValue }
    }

    /// Which edges of the layer are antialiased when ``allowsEdgeAntialiasing`` is set (all
    /// four by default). Tabula stores the mask; its Cairo compositor antialiases the
    /// edges of transformed layers whatever it holds.
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { options.edgeAntialiasingMask }
        set { options.edgeAntialiasingMask = newValue }
    }

    /// Whether the sublayers' geometry is flipped vertically (false by default): their
    /// positions are measured from the bottom edge of the bounds upwards, as on macOS.
    /// The layer's own content is not affected, and each sublayer keeps its content and
    /// its own sublayers upright (``contentsAreFlipped()`` tells it that it is in a
    /// flipped geometry). Drawing, hit testing and `convert(_:to:)` follow it.
    public var isGeometryFlipped: Bool {
        get { options.isGeometryFlipped }
        set {
            guard newValue != options.isGeometryFlipped else { return }
            options.isGeometryFlipped = newValue
            setNeedsLayout()
            markTreeChanged()
        }
    }

    /// Whether ``draw(in:)`` may be run on a background thread with its commands queued
    /// (false by default). Tabula stores it: it always draws on the main thread, at once.
    public var drawsAsynchronously: Bool {
        get { options.drawsAsynchronously }
        set { options.drawsAsynchronously = newValue }
    }

    /// The pixel format of the backing store ``display()`` creates; `.RGBA8Uint` by
    /// default. Tabula stores it: its backing stores are always 8 bits per channel,
    /// premultiplied (Cairo's ARGB32, or RGB24 for an opaque layer).
    public var contentsFormat: CALayerContentsFormat {
        get { options.contentsFormat }
        set { options.contentsFormat = newValue }
    }

    /// The z component of the anchor point, in points (0 by default): where along the z
    /// axis the layer's `transform` turns. The layer's plane lies `anchorPointZ` behind the
    /// point its `position` names, so a layer turned about the y axis swings around a point
    /// in front of or behind it (a cube's faces turn about its centre). Non-finite values
    /// are taken as 0. Drawing, hit testing and `convert(_:to:)` follow it. Not animatable
    /// in Tabula (Core Animation animates it).
    public var anchorPointZ: CGFloat {
        get { options.anchorPointZ }
        set {
            let value = newValue.isFinite ? newValue : 0
            guard value != options.anchorPointZ else { return }
            options.anchorPointZ = value
            setNeedsLayout()
            markTreeChanged()
        }
    }

    /// An optional dictionary of property values for keys the layer has no value for,
    /// looked up before ``defaultValue(forKey:)`` in Core Animation. Tabula stores it
    /// without looking values up in it.
    public var style: [AnyHashable: Any]? {
        get { options.style }
        set { options.style = newValue }
    }

    /// Core Image filters applied to the layer and its sublayers. Not supported on iOS
    /// (the property is documented as having no effect there), and stored without effect
    /// by Tabula too.
    public var filters: [Any]? {
        get { options.filters }
        set { options.filters = newValue }
    }

    /// A Core Image filter that composites the layer with what is behind it. Not supported
    /// on iOS, and stored without effect by Tabula too.
    public var compositingFilter: Any? {
        get { options.compositingFilter }
        set { options.compositingFilter = newValue }
    }

    /// Core Image filters applied to what is behind the layer. Not supported on iOS, and
    /// stored without effect by Tabula too.
    public var backgroundFilters: [Any]? {
        get { options.backgroundFilters }
        set { options.backgroundFilters = newValue }
    }

    /// Whether the layer's contents may hold colours brighter than the display's white
    /// (HDR); false by default. Tabula stores it: its frames are 8-bit standard-range
    /// bitmaps, so every colour is clipped to the standard range.
    public var wantsExtendedDynamicRangeContent: Bool {
        get { options.wantsExtendedDynamicRangeContent }
        set { options.wantsExtendedDynamicRangeContent = newValue }
    }

    /// The dynamic range the layer's contents would like to be shown with; `.automatic`
    /// by default. Tabula stores it: it has no HDR display and shows everything in the
    /// standard range.
    public var preferredDynamicRange: CALayer.DynamicRange {
        get { options.preferredDynamicRange }
        set { options.preferredDynamicRange = newValue }
    }

    /// How much brighter than the standard white the contents reach (their HDR headroom,
    /// as a ratio); 0 (unknown) by default. Negative or non-finite values are taken as 0.
    /// Tabula stores it without effect: it shows the standard range only.
    public var contentsHeadroom: CGFloat {
        get { options.contentsHeadroom }
        set { options.contentsHeadroom = newValue.isFinite ? max(newValue, 0) : 0 }
    }

    /// Whether HDR contents are tone-mapped to the display; `.automatic` by default.
    /// Tabula stores it without effect: it shows the standard range only.
    public var toneMapMode: CALayer.ToneMapMode {
        get { options.toneMapMode }
        set { options.toneMapMode = newValue }
    }

    /// Whether the layer's content may be redrawn at any scale from resolution-independent
    /// drawing commands (false by default). Tabula stores it: it redraws a layer's backing
    /// store at its ``contentsScale`` only.
    public var wantsDynamicContentScaling: Bool {
        get { options.wantsDynamicContentScaling }
        set { options.wantsDynamicContentScaling = newValue }
    }

    // MARK: Time

    /// Converts `t` from the time space of `l` (absolute media time when nil) to this
    /// layer's. Layers in Tabula have no timing of their own (they do not adopt
    /// `CAMediaTiming`: no `speed`, `timeOffset` or `beginTime`), so every layer's local
    /// time is the media time and `t` is returned unchanged.
    public func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval { t }

    /// Converts `t` from this layer's time space to that of `l` (absolute media time when
    /// nil). As layers in Tabula have no timing of their own, `t` is returned unchanged.
    public func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval { t }

    // MARK: Flipped geometry

    /// The flip of `bounds` upside down about its middle: y goes to minY + maxY − y.
    static func verticalFlip(of bounds: CGRect) -> CATransform3D {
        var t = CATransform3D.identity
        t.m22 = -1
        t.m42 = bounds.minY + bounds.maxY
        return t
    }

    /// This layer's coordinates to its superlayer's from `p` (model or presentation
    /// values), with the flips of a superlayer's ``isGeometryFlipped``: the layer is
    /// turned upright within its own bounds, placed by its geometry, and the result flipped
    /// within the superlayer's bounds.
    func geometryToSuperlayer(_ p: LayerProperties) -> CATransform3D {
        let t = ownTransformToSuperlayer(p)
        guard let parent = superlayer, parent.options.isGeometryFlipped else { return t }
        return Self.verticalFlip(of: p.bounds).concatenating(t).concatenating(Self.verticalFlip(of: parent.bounds))
    }

    /// This layer's coordinates to its superlayer's from `p`, with the layer's plane moved
    /// back by ``anchorPointZ`` (so that its transform turns about the anchor's depth).
    func ownTransformToSuperlayer(_ p: LayerProperties) -> CATransform3D {
        let z = options.anchorPointZ
        guard z != 0 else { return p.transformToSuperlayer }
        return CATransform3D(translationX: 0, y: 0, z: -z).concatenating(p.transformToSuperlayer)
    }

    // MARK: Defaults

    /// The defaults of `CALayer` itself, for ``defaultValue(forKey:)``.
    static func builtInDefault(forKey key: String) -> Any? {
        if let layerKey = LayerKey(rawValue: key) {
            let base = LayerProperties()
            switch layerKey {
            case .path, .colors, .locations: return nil
            case .backgroundColor: return base.backgroundColor
            case .borderColor: return base.borderColor
            case .shadowColor: return base.shadowColor
            case .fillColor: return base.fillColor
            case .strokeColor: return base.strokeColor
            default: return layerKey.value(in: base).publicValue
            }
        }
        switch key {
        case "hidden", "masksToBounds", "opaque", "geometryFlipped", "needsDisplayOnBoundsChange": return false
        case "doubleSided", "allowsGroupOpacity": return true
        case "contentsScale", "rasterizationScale": return CGFloat(1)
        case "contentsGravity": return CALayerContentsGravity.resize
        default: return nil
        }
    }

    /// The values a subclass's ``defaultValue(forKey:)`` gives that differ from
    /// `CALayer`'s, found once per class.
    private static var classDefaults: [ObjectIdentifier: [(key: String, value: Any)]] = [:]
    /// The keys whose change redraws layers of a class (``needsDisplay(forKey:)``), found once per class.
    private static var classRedrawKeys: [ObjectIdentifier: Set<LayerKey>] = [:]

    /// The keys of ``defaultValue(forKey:)`` that Tabula applies to a new layer.
    private static let keysWithDefaults: [String] = LayerKey.allCases.map(\.rawValue)
        + ["hidden", "masksToBounds", "opaque", "doubleSided", "geometryFlipped", "allowsGroupOpacity",
           "needsDisplayOnBoundsChange"]

    /// The keys whose change redraws layers of `type`.
    static func redrawKeys(of type: CALayer.Type) -> Set<LayerKey> {
        let id = ObjectIdentifier(type)
        if let keys = classRedrawKeys[id] { return keys }
        let keys = Set(LayerKey.allCases.filter { type.needsDisplay(forKey: $0.rawValue) })
        classRedrawKeys[id] = keys
        return keys
    }

    /// Gives a new layer of a subclass the initial values its class's
    /// ``defaultValue(forKey:)`` returns where they differ from `CALayer`'s.
    func applyClassDefaults() {
        let type = type(of: self)
        let id = ObjectIdentifier(type)
        let overrides: [(key: String, value: Any)]
        if let found = CALayer.classDefaults[id] {
            overrides = found
        } else {
            overrides = CALayer.keysWithDefaults.compactMap { key in
                guard let value = type.defaultValue(forKey: key) else { return nil }
                if let base = CALayer.builtInDefault(forKey: key), Self.sameValue(value, base) { return nil }
                return (key, value)
            }
            CALayer.classDefaults[id] = overrides
        }
        for (key, value) in overrides { applyDefault(value, forKey: key) }
    }

    private static func sameValue(_ a: Any, _ b: Any) -> Bool {
        if let x = a as? Bool, let y = b as? Bool { return x == y }
        if let x = AnimatableValue(a), let y = AnimatableValue(b) { return x == y }
        return false
    }

    /// Stores one default value without reporting a change (the layer is new).
    private func applyDefault(_ value: Any, forKey key: String) {
        if let layerKey = LayerKey(rawValue: key) {
            guard let converted = AnimatableValue(value), converted.isSameKind(as: layerKey.value(in: modelValues)) else {
                return report(value, key)
            }
            layerKey.set(converted, in: &modelValues)
            return
        }
        guard let flag = value as? Bool else { return report(value, key) }
        switch key {
        case "hidden": isHidden = flag
        case "masksToBounds": masksToBounds = flag
        case "opaque": isOpaque = flag
        case "doubleSided": composition.isDoubleSided = flag
        case "geometryFlipped": isGeometryFlipped = flag
        case "allowsGroupOpacity": options.allowsGroupOpacity = flag
        case "needsDisplayOnBoundsChange": needsDisplayOnBoundsChange = flag
        default: break
        }
    }

    private func report(_ value: Any, _ key: String) {
        reportInvalidValue("\(type(of: self)).defaultValue(forKey: \"\(key)\"): \(type(of: value)) is not a value for that property; the built-in default is used")
    }
}

/// The less common values of a layer, kept on the layer object (not in the animatable
/// ``LayerProperties``) and copied whole to presentation copies.
struct LayerOptions {
    var allowsGroupOpacity = true
    var isGeometryFlipped = false
    var minificationFilter = CALayerContentsFilter.linear
    var magnificationFilter = CALayerContentsFilter.linear
    var minificationFilterBias: Float = 0
    var edgeAntialiasingMask: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
    var drawsAsynchronously = false
    var contentsFormat = CALayerContentsFormat.RGBA8Uint
    var anchorPointZ: CGFloat = 0
    var style: [AnyHashable: Any]?
    var filters: [Any]?
    var compositingFilter: Any?
    var backgroundFilters: [Any]?
    var wantsExtendedDynamicRangeContent = false
    var preferredDynamicRange = CALayer.DynamicRange.automatic
    var contentsHeadroom: CGFloat = 0
    var toneMapMode = CALayer.ToneMapMode.automatic
    var wantsDynamicContentScaling = false
}

/// A filter that resamples a layer's contents when they are drawn at another size.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    /// The filter's name.
    public let rawValue: String
    /// Creates a filter from its name (an unknown name samples as `.linear`).
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Bilinear interpolation of the nearest pixels: smooth.
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// The nearest pixel: hard edges, each pixel a square when enlarged.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Trilinear filtering with mipmaps on iOS; Tabula uses Cairo's higher-quality
    /// filter (it keeps no mipmaps).
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// The pixel format of a layer's backing store.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    /// The format's name.
    public let rawValue: String
    /// Creates a format from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Four 8-bit channels (red, green, blue, alpha): the default.
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// Four 16-bit floating-point channels, for wide colour and HDR.
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// One 8-bit grey channel.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}

/// The edges of a layer that are antialiased (see ``CALayer/edgeAntialiasingMask``).
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    /// The bit mask of edges.
    public let rawValue: UInt32
    /// Creates a set of edges from a bit mask.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The left edge (minimum x).
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    /// The right edge (maximum x).
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    /// The bottom edge (on iOS, the edge of minimum y in the layer's own coordinates).
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    /// The top edge.
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
}

extension CALayer {
    /// The dynamic range a layer's contents would like to be shown with.
    public struct DynamicRange: RawRepresentable, Hashable, Sendable {
        /// The range's name.
        public let rawValue: String
        /// Creates a dynamic range from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The system chooses (the default).
        public static let automatic = DynamicRange(rawValue: "automatic")
        /// Standard dynamic range only.
        public static let standard = DynamicRange(rawValue: "standard")
        /// High dynamic range, kept moderate so that it sits well beside other content.
        public static let constrainedHigh = DynamicRange(rawValue: "constrainedHigh")
        /// The full high dynamic range the display offers.
        public static let high = DynamicRange(rawValue: "high")
    }

    /// Whether a layer's HDR contents are tone-mapped to the display.
    public struct ToneMapMode: RawRepresentable, Hashable, Sendable {
        /// The mode's name.
        public let rawValue: String
        /// Creates a tone-map mode from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The system decides (the default).
        public static let automatic = ToneMapMode(rawValue: "automatic")
        /// Never tone-mapped.
        public static let never = ToneMapMode(rawValue: "never")
        /// Tone-mapped where the display supports it.
        public static let ifSupported = ToneMapMode(rawValue: "ifSupported")
    }
}
