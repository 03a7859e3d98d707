import TabulaCore
import Foundation

/// A rectangle of content in the layer tree: the model that the compositor draws.
///
/// Geometry follows Core Animation: `position` is where the `anchorPoint`
/// (a unit point of `bounds`) sits in the superlayer's coordinates, and
/// `transform` applies about that point. A layer's content is its
/// `contents` bitmap — for a view that draws, the backing store filled by
/// ``display()`` — drawn according to `contentsGravity` and `contentsCenter`.
///
/// Invariants: `sublayers` and `superlayer` always agree; a layer is never its
/// own ancestor; `dirtyRect` is null exactly when no display is pending.
///
/// See also: `UIView` (in Tabula), `Compositor`, `ViewLayerDelegate`.
@preconcurrency @MainActor
open class CALayer {
    /// Creates a layer with Core Animation's defaults: zero bounds and position, anchor
    /// point (0.5, 0.5), opacity 1, no contents and no sublayers.
    public required init() {
        if type(of: self) != CALayer.self { applyClassDefaults() }
    }

    /// Creates a copy of `layer` for Core Animation's own use — a presentation or shadow
    /// copy: the new layer takes `layer`'s model values (geometry, appearance, contents,
    /// styling, composition and the other properties set on it), but not its place in a
    /// tree (no superlayer, sublayers or mask), its delegate or its animations. Anything
    /// but a `CALayer` gives a layer with the default values.
    ///
    /// Subclasses override it to copy their own stored properties, calling `super`. A
    /// difference from iOS: Swift cannot call a non-`required` initializer through a
    /// metatype, so Tabula's ``presentation()`` does not go through this initializer (it
    /// copies the layer's values itself); call it yourself for a copy.
    public init(layer: Any) {
        guard let other = layer as? CALayer else { return }
        modelValues = other.modelValues
        other.copyStyling(to: self)
        actions = other.actions
        needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange
        allowsEdgeAntialiasing = other.allowsEdgeAntialiasing
    }

    /// A layer that goes away while animations it was given never ran — it was on no
    /// screen, so no frame visited it — ends them with `finished == false` at the next
    /// frame, so that the UIView blocks, transactions and property animators waiting on
    /// them complete. (A layer on a screen is kept alive by its host while it animates.)
    ///
    /// The sublayers, which may outlive it, lose their superlayer.
    ///
    /// A plain deinit, not an isolated one: a subclass's own `deinit` (which Core Animation
    /// code writes freely) does not compile under an isolated one. So it touches only the
    /// layer's own storage, and hands the animations' ending to the main actor.
    deinit {
        for layer in _sublayers { layer.superlayerStorage = nil }
        if !animationList.isEmpty { Self.handOver(animationList, animationCores) }
    }

    /// Creates a layer from data in an unarchiver. Tabula decodes no layers (it loads no
    /// nibs or archives), so this initializer returns `nil`, in every Tabula layer class.
    /// It exists so that UIKit code compiles unchanged: it is required, as in Core
    /// Animation, so a subclass with an initializer of its own writes
    /// `required init?(coder: NSCoder)`.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Class-level behaviour

    /// Whether a change of the property named `key` redraws the layer: when true, setting a
    /// new value marks the layer with `setNeedsDisplay()`. False for every key by default;
    /// subclasses override it for the properties their ``draw(in:)`` reads.
    ///
    /// Tabula asks it for the layer's animatable properties (`"bounds"`, `"cornerRadius"`,
    /// `"backgroundColor"`, …) when their model value changes; it has no custom animatable
    /// properties, and an animation of such a key does not redraw the layer on each frame
    /// as Core Animation's does.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// The value the property named `key` has in a new layer of this class, or nil when
    /// the key names no property Tabula knows.
    ///
    /// Subclasses override it to give their layers other initial values: a new layer of
    /// the class takes the returned value for its animatable properties (`"opacity"`,
    /// `"cornerRadius"`, `"backgroundColor"` as a `CGColor`, `"bounds"`, …) and for
    /// `"hidden"`, `"masksToBounds"`, `"opaque"`, `"doubleSided"`, `"geometryFlipped"`,
    /// `"allowsGroupOpacity"` and `"needsDisplayOnBoundsChange"`. A value of the wrong
    /// type is reported through ``onInvalidValue`` and not used.
    open class func defaultValue(forKey key: String) -> Any? { Self.builtInDefault(forKey: key) }

    /// The size the layer would like in its superlayer's coordinates: its bounds size
    /// mapped by its transform (the size of its frame). Subclasses override it.
    open func preferredFrameSize() -> CGSize {
        var p = modelValues
        p.position = .zero
        return p.frame.size
    }

    /// Whether the value of the property named `key` would be archived with the layer:
    /// true for every key by default, as in Core Animation; subclasses override it.
    /// Tabula has no keyed archiving of layers, so nothing in it asks.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// Draws the layer and its sublayers into `ctx`, in the layer's own coordinate system
    /// (the context's current transform maps it), with their model values: animations in
    /// flight are ignored, as in Core Animation. Layers marked with `setNeedsDisplay()`
    /// are displayed first. Nothing is cleared: the layers are composited over what `ctx`
    /// holds. The layer's own `transform` and `position` are left out (a 3D transform is
    /// drawn as if it were the identity); its opacity, mask, shadow and border are drawn.
    open func render(in ctx: CGContext) {
        displayPendingSubtree()
        Compositor.renderModelTree(self, into: ctx)
    }

    /// Whether the layer's content is flipped vertically when drawn: true when an odd
    /// number of its superlayers have ``isGeometryFlipped`` set. The compositor flips the
    /// layer back in that case, so what ``draw(in:)`` draws comes out upright.
    open func contentsAreFlipped() -> Bool {
        var flipped = false
        var layer = superlayer
        while let l = layer {
            if l.options.isGeometryFlipped { flipped.toggle() }
            layer = l.superlayer
        }
        return flipped
    }

    // MARK: Model values
    //
    // The animatable properties live in `model`; `presented` holds their values on
    // screen while animations run (CALayer+Animation.swift). Every setter reports the
    // change with its old value, which is how UIView animation blocks and implicit
    // CATransaction actions learn what to animate.

    /// The layer's own values, as the app set them.
    @exclusivity(unchecked) package final var modelValues = LayerProperties()
    /// How many times the model `bounds` or `position` of any layer changed: code that
    /// set layers' geometry and finds the count as it left it knows that none moved since.
    package static var geometryChanges = 0
    /// The styling values that do not animate (shadow path, corner curve).
    final var styling = LayerStyling()
    /// The composition values that do not animate (mask, double-sidedness, rasterization).
    @exclusivity(unchecked) final var composition = LayerComposition()
    /// The less common values (filters, group opacity, flipped geometry, HDR), kept here
    /// rather than in the animatable `modelValues` (CALayer+Options.swift).
    final var options = LayerOptions()
    /// The layer this one is the ``mask`` of, if any.
    final weak var maskedLayer: CALayer?
    /// The on-screen values of the last frame while animations run, else nil.
    final var presented: LayerProperties? {
        get { hasPresentation ? presentedValues : nil }
        set {
            hasPresentation = newValue != nil
            presentationIsStale = false
            if let newValue { presentedValues = newValue }
        }
    }
    // The presentation and the four values after it are read, and the presentation
    // written, for every animating layer in every frame: no run-time exclusivity checks
    // (they cost as much as the rest of such a layer's frame). None is ever held inout
    // across a call that could reach the layer. The four share a cache line.
    /// Storage of `presented`, updated in place by the animation fast path.
    @exclusivity(unchecked) final var presentedValues = LayerProperties()
    @exclusivity(unchecked) final var hasPresentation = false
    /// Set when the model or the set of animations changed: the next frame starts the
    /// presentation values from a fresh copy of the model.
    @exclusivity(unchecked) final var presentationNeedsModel = true
    /// What changed since the last frame while animations run, when nothing else did
    /// (``ModelField``): fields of the model, which the next frame copies into the
    /// presentation instead of starting from a fresh copy of the model, and whether
    /// animations were added (an ``AnimationPlan`` must not run over them).
    @exclusivity(unchecked) final var modelMovedFields: UInt8 = 0
    /// Set when the layer's host changes while a driver visits it.
    @exclusivity(unchecked) final var leftHostSinceRegistration = false
    /// Set when animations were added or removed since `presented` was computed: it is
    /// computed again when the compositor reads it, unless a frame does so first (an
    /// update adds an animation to each row it moves, and rows carry a dozen; working out
    /// each one's presentation at every addition cost more than the addition).
    @exclusivity(unchecked) final var presentationIsStale = false
    /// The driver that evaluates this layer's animations each frame, while it has any.
    @exclusivity(unchecked) final var animationDriverID: ObjectIdentifier?
    /// The time of the last evaluation that left `presented` up to date (NaN before any):
    /// with `presentationNeedsModel` still clear and nothing in `modelMovedFields`, it
    /// holds the values at that time.
    @exclusivity(unchecked) final var evaluatedAt = Double.nan
    /// The attached animations, in the order they were added (later ones win).
    ///
    /// Invariant: whatever changes this list or `animationCores` outside a frame's own
    /// evaluation sets `presentationNeedsModel` (or clears the presentation), or, when it
    /// only adds, `ModelField.animationsAdded`: an `AnimationPlan` keeps running the old
    /// animations until a layer says so.
    ///
    /// Both lists skip run-time exclusivity checks: each frame and each animation added
    /// reads them, and neither is held inout across a call that could reach the layer.
    @exclusivity(unchecked) nonisolated(unsafe) final var animationList: [RunningAnimation] = []
    /// Their per-frame state, index for index.
    @exclusivity(unchecked) nonisolated(unsafe) final var animationCores: [AnimationCore] = []
    /// How many of the attached animations change what the layer draws, not only where
    /// and how opaque it is as a whole (``movesWholeLayer(_:)`` is false for their
    /// property): the compositor asks each frame of every row kept as a bitmap.
    @exclusivity(unchecked) nonisolated(unsafe) final var contentAnimationCount = 0
    /// The clock that the times of the attached animations are on (see `alignAnimationClock`).
    @exclusivity(unchecked) final var animationClock: MediaClock?
    /// The host's frame count when the layer joined it: a layer changed before its
    /// first frame on screen does not animate implicitly (nothing showed the old value).
    @exclusivity(unchecked) var joinedAtFrame = Int.max
    /// Frame work scheduled while the layer was on no host, waiting for the host its tree
    /// joins (see `FrameEngine.of(_:)`); nil when there is none.
    package final var waitingWork: FrameEngine?

    /// The layer's own coordinate space. Changing its size marks the layer (and its
    /// superlayer) as needing layout, and as needing display when
    /// `needsDisplayOnBoundsChange` is set. A superlayer that is laying out its
    /// sublayers (a view in its `layoutSubviews`, sizing its subviews) is not marked
    /// again: it is deciding those sizes, and another pass would decide the same.
    public var bounds: CGRect {
        get { modelValues.bounds }
        set {
            guard Self.isFinite(newValue) else { return reportNonFinite("bounds", newValue) }
            let old = modelValues.bounds
            guard setModel(\.bounds, newValue, .bounds) else { return }
            CALayer.geometryChanges &+= 1
            if newValue.size != old.size {
                setNeedsLayout()
                if let superlayer, !superlayer.isLayingOutSublayers { superlayer.setNeedsLayout() }
                if needsDisplayOnBoundsChange { markNeedsDisplay(newValue) }
            }
            delegateGeometryDidChange(oldBounds: old)
        }
    }

    /// Where the layer's ``anchorPoint`` sits, in the superlayer's coordinate system.
    /// Animatable.
    public var position: CGPoint {
        get { modelValues.position }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return reportNonFinite("position", newValue) }
            if setModel(\.position, newValue, .position) { CALayer.geometryChanges &+= 1 }
        }
    }

    /// The point of `bounds`, in unit coordinates, that `position` names and that
    /// `transform` turns about. Default (0.5, 0.5).
    public var anchorPoint: CGPoint {
        get { modelValues.anchorPoint }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return reportNonFinite("anchorPoint", newValue) }
            setModel(\.anchorPoint, newValue, .anchorPoint)
        }
    }

    /// The 3D transform applied about the anchor point. Changing it marks the layer
    /// as needing layout (the View Programming Guide's rule for views).
    public var transform: CATransform3D {
        get { modelValues.transform }
        set {
            guard newValue.entries.allSatisfy(\.isFinite) else { return reportNonFinite("transform", newValue) }
            if setModel(\.transform, newValue, .transform) { setNeedsLayout() }
        }
    }

    /// Where the layer sits in the superlayer: the bounding box of its transformed bounds.
    /// Setting it keeps the transform and changes position and bounds size, as Core Animation does.
    public var frame: CGRect {
        get {
            // Untransformed (nearly every layer), from the fields themselves: the properties'
            // own `frame` would copy all of them first.
            guard modelValues.transform.isIdentity else { return modelValues.frame }
            let position = modelValues.position, size = modelValues.bounds.size, anchor = modelValues.anchorPoint
            return CGRect(x: position.x - anchor.x * size.width, y: position.y - anchor.y * size.height,
                          width: size.width, height: size.height).standardized
        }
        set {
            guard Self.isFinite(newValue) else { return reportNonFinite("frame", newValue) }
            // With a transform, CA treats the new frame as the transformed bounds' box:
            // keep it simple and exact for the affine scale-free case, like UIKit.
            let size = newValue.size
            bounds.size = transform.isIdentity ? size : bounds.size
            position = CGPoint(x: newValue.minX + anchorPoint.x * newValue.width,
                               y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    static func isFinite(_ r: CGRect) -> Bool {
        r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
    }

    /// Reports a geometry value with a NaN or infinite number, which the layer ignores
    /// (it would place the layer nowhere and stop the compositor's pixel arithmetic).
    func reportNonFinite(_ property: String, _ value: Any) {
        reportInvalidValue("CALayer.\(property) cannot be \(value): a NaN or infinite number; the \(property) was not changed")
    }

    /// Stores a model value; when it changed, reports the change (with the old value) so
    /// that an animation block or an implicit action can animate it.
    ///
    /// Inlined into each setter, where `field` is a literal: the optimizer then reads and
    /// writes the field directly instead of projecting a key path at run time (which
    /// cost more than the rest of a `position` or `bounds` change).
    @discardableResult @inline(__always)
    func setModel<Value: Equatable>(_ field: WritableKeyPath<LayerProperties, Value>, _ value: Value,
                                            _ key: LayerKey) -> Bool {
        guard modelValues[keyPath: field] != value else { return false }
        let old = key.value(in: modelValues)
        modelValues[keyPath: field] = value
        didChange(key, from: old)
        return true
    }

    /// This layer's coordinates to its superlayer's, from the model values (with the flip
    /// of a superlayer whose `isGeometryFlipped` is set).
    public var transformToSuperlayer: CATransform3D { geometryToSuperlayer(modelValues) }

    /// The layer's position on the z axis: the compositor draws sublayers in increasing
    /// `zPosition` order, and in array order among equals. Animatable.
    public var zPosition: CGFloat {
        get { modelValues.zPosition }
        set { setModel(\.zPosition, newValue, .zPosition) }
    }

    // MARK: Appearance

    /// The layer's opacity, from 0 (invisible) to 1 (opaque); animatable. A translucent
    /// layer with sublayers is composited as a group, as UIKit does by default.
    public var opacity: Float {
        get { modelValues.opacity }
        set { setModel(\.opacity, newValue, .opacity) }
    }

    /// The color that fills the bounds (inside the rounded corners) behind the contents;
    /// nil for none. Animatable.
    public var backgroundColor: CGColor? {
        get { modelValues.backgroundColor }
        set { setModel(\.backgroundColor, newValue, .backgroundColor) }
    }

    /// The radius, in points, of the corners ``maskedCorners`` selects. The background is
    /// always drawn rounded; the contents and sublayers only with ``masksToBounds``. Animatable.
    public var cornerRadius: CGFloat {
        get { modelValues.cornerRadius }
        set { setModel(\.cornerRadius, newValue, .cornerRadius) }
    }

    /// Which corners ``cornerRadius`` rounds (all four by default). A grouped table's
    /// first and last cells round only their top or bottom corners.
    public var maskedCorners: CACornerMask = .all {
        didSet { if maskedCorners != oldValue { host?.layerTreeNeedsUpdate() } }
    }

    /// The shape of the bounds with the rounded corners (``maskedCorners``, ``cornerCurve``).
    func shape(bounds: CGRect, cornerRadius r: CGFloat) -> Path {
        guard r > 0, r.isFinite else { return Path(rect: bounds) }
        let m = maskedCorners
        let radii = CornerRadii(
            topLeft: m.contains(.layerMinXMinYCorner) ? r : 0, topRight: m.contains(.layerMaxXMinYCorner) ? r : 0,
            bottomLeft: m.contains(.layerMinXMaxYCorner) ? r : 0, bottomRight: m.contains(.layerMaxXMaxYCorner) ? r : 0)
        if cornerCurve == .continuous { return Path(continuousRoundedRect: bounds, cornerRadii: radii) }
        if m == .all { return Path(roundedRect: bounds, cornerRadius: r) }
        return Path(roundedRect: bounds, cornerRadii: radii)
    }

    /// The stretchable part of `contents`, in unit coordinates: outside it the image
    /// keeps its size when the layer is resized (nine-part stretching). Default (0, 0, 1, 1).
    public var contentsCenter: CGRect {
        get { modelValues.contentsCenter }
        set { setModel(\.contentsCenter, newValue, .contentsCenter) }
    }

    /// Whether the layer and its sublayers are left out of the frame. Not animatable.
    @exclusivity(unchecked) public var isHidden = false { didSet { markTreeChanged() } }
    /// Whether the contents and sublayers are clipped to the bounds (rounded by ``cornerRadius``).
    public var masksToBounds = false { didSet { markTreeChanged() } }
    /// A promise that the layer's content covers its bounds with opaque pixels.
    public var isOpaque = false { didSet { markTreeChanged() } }

    /// The image the layer shows. For a layer that draws, ``display()`` sets it.
    public var contents: CGImage? {
        didSet {
            contentsVersion = CALayer.nextContentsVersion
            CALayer.nextContentsVersion &+= 1
            markTreeChanged()
        }
    }
    /// A number unique to each assignment of ``contents`` (a backing store redrawn in place
    /// is assigned again): a shadow cast by the contents is blurred again when it changes.
    package private(set) var contentsVersion = 0
    private static var nextContentsVersion = 1
    /// Pixels of `contents` per point.
    public var contentsScale: CGFloat = 1 { didSet { if contentsScale != oldValue { markNeedsDisplay(bounds) } } }
    /// How ``contents`` are placed in the bounds; `.resize` (stretch to fill) by default.
    /// Contents are always clipped to the bounds.
    public var contentsGravity: CALayerContentsGravity = .resize { didSet { markTreeChanged() } }
    /// When true, a change of bounds size redraws the content instead of stretching it.
    public var needsDisplayOnBoundsChange = false

    /// The object that draws the layer's content and lays out its sublayers; for a view's
    /// layer, the view. A layer whose delegate is a view animates only in UIView animation
    /// blocks, never implicitly.
    ///
    /// Not retained, and nil once the delegate goes away.
    public var delegate: (any CALayerDelegate)? {
        get { owningView ?? otherDelegate }
        set {
            owningView = nil
            otherDelegate = newValue
            isViewBacked = newValue is any ViewLayerDelegate
        }
    }

    /// True when a view owns the layer: its changes animate only inside UIView
    /// animation blocks, never implicitly. It stays true if the view goes away first.
    @exclusivity(unchecked) private(set) var isViewBacked = false
    /// The view that owns the layer (``own(by:)``): its delegate, told of model changes
    /// and bounds changes.
    ///
    /// Unowned, not weak, as ``superlayer`` is: the view clears it as it goes away
    /// (``ownerWentAway()``), and a layer that is the target of no weak reference keeps
    /// its reference counts inline, where retaining and releasing it is quick.
    private(set) var owningView: (any ViewLayerDelegate)? {
        get { owningViewStorage }
        set { owningViewStorage = newValue }
    }
    @exclusivity(unchecked) nonisolated(unsafe) private unowned var owningViewStorage: (any ViewLayerDelegate)?
    /// A delegate that is not the view owning the layer, held weakly: nothing tells the
    /// layer when it goes away.
    private weak var otherDelegate: (any CALayerDelegate)?

    /// Makes `view`, which keeps this layer for its life, the layer's delegate; it must
    /// call ``ownerWentAway()`` as it goes away.
    package func own(by view: any ViewLayerDelegate) {
        otherDelegate = nil
        owningView = view
        isViewBacked = true
    }

    /// Called by the view that owns the layer as it goes away: the layer may outlive it
    /// (something else kept it), and then has no delegate.
    package nonisolated func ownerWentAway() {
        owningViewStorage = nil
    }

    /// A name for debugging.
    public var name: String?

    // MARK: Tree

    /// The layer this one is a sublayer of, if any.
    ///
    /// Unowned rather than weak (Core Animation's is a plain pointer): a weak reference
    /// gives its target a side table, and every retain and release of the target then
    /// takes the runtime's slow path, for every layer of a screen in every walk. A layer
    /// keeps its sublayers, and clears this in each as it goes away (its `deinit`), so the
    /// reference never outlives its target.
    public private(set) var superlayer: CALayer? {
        get { superlayerStorage }
        set {
            superlayerStorage = newValue
            newValue?.takePendingWork(of: self)
        }
    }
    @exclusivity(unchecked) nonisolated(unsafe) private unowned var superlayerStorage: CALayer?
    // Read for every layer in every layout, display and compositing walk, and never held
    // inout across a call that could reach the layer: no run-time exclusivity checks.
    // Read by the deinit too, which has the layer to itself.
    @exclusivity(unchecked) nonisolated(unsafe) private var _sublayers: [CALayer] = []

    /// The sublayers, empty when there are none: what the compositor walks each frame,
    /// without the optional of ``sublayers``.
    package var sublayerList: [CALayer] { _sublayers }

    /// The sublayers in back-to-front order, nil when there are none (as in Core Animation).
    ///
    /// Setting it replaces the sublayers: the old ones that are not in the new array leave
    /// the tree, the new ones are removed from their old superlayers first. An array that
    /// names a layer twice keeps its first place; one that contains this layer or one of
    /// its ancestors is reported through ``onInvalidValue`` and ignored.
    public var sublayers: [CALayer]? {
        get { _sublayers.isEmpty ? nil : _sublayers }
        set {
            let new = newValue ?? []
            if let bad = new.first(where: { $0 === self || isDescendant(of: $0) }) {
                reportInvalidValue("CALayer.sublayers: \(bad === self ? "the layer itself" : "an ancestor of the layer") is in the new sublayers; they were not changed")
                return
            }
            var seen = Set<ObjectIdentifier>()
            let unique = new.filter { seen.insert(ObjectIdentifier($0)).inserted }
            for old in _sublayers where !seen.contains(ObjectIdentifier(old)) { old.removeFromSuperlayer() }
            for layer in unique where layer.superlayer !== self { layer.removeFromSuperlayer() }
            _sublayers = unique
            for layer in unique {
                layer.superlayer = self
                layer.host = host
            }
            sublayersDidChange()
        }
    }

    /// Appends `layer` to the sublayers, in front of the others, removing it from its old superlayer first.
    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(_sublayers.count))
    }

    /// Inserts `layer` at `index` (clamped to the end), removing it from its old superlayer first.
    ///
    /// Inserting the layer into itself or into one of its own sublayers would make a cycle;
    /// it is reported through ``onInvalidValue`` and nothing changes.
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        guard layer !== self && !isDescendant(of: layer) else {
            return reportInvalidValue("CALayer.insertSublayer/addSublayer: \(layer === self ? "a layer cannot be its own sublayer" : "a layer cannot be added to one of its own sublayers"); the tree was not changed")
        }
        if layer.superlayer !== self, wouldBeTooDeep(adding: layer) {
            return reportInvalidValue("CALayer.insertSublayer/addSublayer: the tree would be more than "
                                       + "\(Self.maximumTreeDepth) layers deep (compositing walks it on the stack); "
                                       + "the layer was not added")
        }
        if layer.superlayer === self, let old = _sublayers.firstIndex(where: { $0 === layer }) {
            _sublayers.remove(at: old)
        } else {
            layer.removeFromSuperlayer()
        }
        _sublayers.insert(layer, at: min(Int(index), _sublayers.count))
        layer.superlayer = self
        layer.host = host
        sublayersDidChange()
    }

    /// How deep a layer tree may be, from its root to its deepest layer. Compositing and
    /// display walk the tree recursively; a tree of ten thousand levels would overflow the
    /// stack. It is above views' limit (a view's layer may hold a few layers of its own),
    /// so that a view that may be added always has a layer that may be.
    package static let maximumTreeDepth = 1100

    /// Whether the deepest layer of `layer`'s tree would lie deeper than the limit if it
    /// were added here: the ancestors of this layer and the levels of `layer`'s tree
    /// (itself one) add up to more. Costs the depth here plus the size of `layer`'s tree,
    /// and allocates nothing.
    private func wouldBeTooDeep(adding layer: CALayer) -> Bool {
        var ancestors = 0
        var ancestor = superlayer
        while let a = ancestor {
            ancestors += 1
            ancestor = a.superlayer
        }
        return layer.hasMoreLevels(than: Self.maximumTreeDepth - ancestors)
    }

    /// Whether this layer's tree, itself the first level, has more than `levels` levels.
    /// The walk stops `levels` deep, so it never recurses past the limit.
    private func hasMoreLevels(than levels: Int) -> Bool {
        guard levels >= 1 else { return true }
        for sublayer in _sublayers where sublayer.hasMoreLevels(than: levels - 1) { return true }
        return false
    }

    /// Inserts `layer` just behind `sibling`; at the back when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let i = sibling.flatMap { s in _sublayers.firstIndex { $0 === s } } ?? 0
        insertSublayer(layer, at: UInt32(i))
    }

    /// Inserts `layer` just in front of `sibling`; at the front when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let i = sibling.flatMap { s in _sublayers.firstIndex { $0 === s } }.map { $0 + 1 } ?? _sublayers.count
        insertSublayer(layer, at: UInt32(i))
    }

    /// Puts `new` where `old` is in the sublayers and removes `old`; does nothing when
    /// `old` is not a sublayer.
    public func replaceSublayer(_ old: CALayer, with new: CALayer) {
        guard let i = _sublayers.firstIndex(where: { $0 === old }) else { return }
        old.removeFromSuperlayer()
        insertSublayer(new, at: UInt32(i))
    }

    /// Removes the layer from its superlayer; does nothing when it has none.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        // A layer appears once; stop at it (the oldest sublayers are found first).
        if let i = Self.index(of: self, in: parent._sublayers) { parent._sublayers.remove(at: i) }
        superlayer = nil
        host = nil
        parent.sublayersDidChange()
    }

    /// Reorders `layer` (already a sublayer) to `index`; used by views to keep layer
    /// order equal to subview order.
    package func moveSublayer(_ layer: CALayer, to index: Int) {
        guard let i = Self.index(of: layer, in: _sublayers) else { return }
        _sublayers.remove(at: i)
        let new = min(index, _sublayers.count)
        _sublayers.insert(layer, at: new)
        // Put back where it was: nothing changed, nothing to lay out or draw again.
        if new != i { sublayersDidChange() }
    }

    func exchangeSublayers(_ i: Int, _ j: Int) {
        _sublayers.swapAt(i, j)
        sublayersDidChange()
    }

    private func sublayersDidChange() {
        if sublayerChangesNeedLayout { setNeedsLayout() }
        markTreeChanged()
    }

    /// Whether sublayers added, removed or reordered ask for this layer's layout: false
    /// while ``changingSublayersWithoutRelayout(_:)`` runs.
    @exclusivity(unchecked) package private(set) var sublayerChangesNeedLayout = true

    /// Runs `body`, in which sublayers added, removed or reordered do not ask for this
    /// layer's layout (as they otherwise do, as in Core Animation): for a layout that adds
    /// and removes the sublayers it places — a table's tiling — which would otherwise run
    /// again in the same frame only to find its work done.
    package func changingSublayersWithoutRelayout<Result>(_ body: () throws -> Result) rethrows -> Result {
        let outer = sublayerChangesNeedLayout
        sublayerChangesNeedLayout = false
        defer { sublayerChangesNeedLayout = outer }
        return try body()
    }

    /// Whether `other` is this layer's superlayer or one of its ancestors (false for the layer itself).
    public func isDescendant(of other: CALayer) -> Bool {
        var layer = superlayer
        while let l = layer {
            if l === other { return true }
            layer = l.superlayer
        }
        return false
    }

    // MARK: Actions

    /// Actions to run for changes of the named properties of a standalone layer, in place
    /// of the implicit animation: a ``CAAnimation`` (a ``CABasicAnimation`` without values
    /// animates from the old value to the new), any other ``CAAction``, or `NSNull()` for
    /// no animation. Nil by default. View-backed layers never animate implicitly.
    public var actions: [String: any CAAction]?

    /// The action for `event` (a property name such as `"position"`): the entry in
    /// ``actions``, else the class's ``defaultAction(forKey:)``, else the implicit
    /// animation for animatable properties. An `NSNull` found on the way means nil.
    open func action(forKey event: String) -> (any CAAction)? {
        if let found = actions?[event] { return found is NSNull ? nil : found }
        if let found = Self.defaultAction(forKey: event) { return found is NSNull ? nil : found }
        return implicitAction(forKey: event)
    }

    /// The action a layer class runs for `event` when ``actions`` has none; nil (the
    /// implicit animation) by default. Subclasses override it; `NSNull()` disables.
    open class func defaultAction(forKey event: String) -> (any CAAction)? { nil }

    // MARK: Hit testing

    /// Whether `p`, in this layer's coordinate system, lies inside ``bounds``.
    /// Subclasses override it to give the layer another shape for ``hitTest(_:)``.
    open func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }

    /// The farthest descendant of this layer (or the layer itself) that contains `p`,
    /// given in the superlayer's coordinate system; nil when none does.
    ///
    /// Hidden layers are skipped with their sublayers; sublayers are tried front to back
    /// (higher ``zPosition`` first, then later in the array); when ``masksToBounds`` is
    /// set, points outside the layer reach none of its sublayers. Geometry is the model's.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        guard !isHidden else { return nil }
        let t = transformToSuperlayer
        let local: CGPoint
        if t.isAffine {
            local = p.applying(t.affineTransform.inverted())
        } else {
            guard let inverse = ProjectiveTransform(t.flattened).inverted(), let q = inverse.apply(p) else { return nil }
            local = q
        }
        let inside = contains(local)
        if masksToBounds && !inside { return nil }
        let front = _sublayers.enumerated().sorted {
            $0.element.zPosition != $1.element.zPosition ? $0.element.zPosition > $1.element.zPosition : $0.offset > $1.offset
        }
        for (_, sublayer) in front {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }

    /// Whether the compositor antialiases the layer's edges when its transform does not map
    /// them onto pixel boundaries. Tabula stores the value; its Cairo compositor antialiases
    /// transformed edges either way.
    public var allowsEdgeAntialiasing = false

    /// What the layer shows of what lies behind it, blurred, under its background: the
    /// material of a `UIVisualEffectView`; nil (the default) for none. Drawn on the plane
    /// only: under a perspective transform the background alone shows.
    package var backdropMaterial: BackdropMaterial? {
        didSet { if backdropMaterial != oldValue { markTreeChanged() } }
    }

    /// The object (a screen or window host) that composites this tree; set for
    /// every layer of a shown tree. Marking anything dirty wakes it up.
    ///
    /// This is the moment a layer joins its host's clock: when it becomes non-nil, the
    /// host's engine adopts the frame work that waited on the layer, and the times of the
    /// layer's animations move onto the host's clock.
    @exclusivity(unchecked) package weak var host: (any LayerTreeHost)? {
        didSet {
            guard host !== oldValue else { return }
            if animationDriverID != nil { leftHostSinceRegistration = true }
            if let host, let waiting = waitingWork {
                waitingWork = nil
                host.engine.adopt(waiting)
            }
            for sublayer in _sublayers { sublayer.host = host }
            composition.mask?.host = host
            if !animationList.isEmpty { alignAnimationClock() }
            joinedAtFrame = host?.framesRun ?? .max
            if let host, !animationList.isEmpty { host.animationDriver.register(self) }
            if host != nil, needsLayoutFlag || !dirtyRect.isNull { host?.layerTreeNeedsUpdate() }
        }
    }

    /// Wakes the host for the next frame. `key`, when given, is the animatable property
    /// that changed: one that only moves the layer as a whole leaves its own raster valid.
    func markTreeChanged(_ key: LayerKey? = nil) {
        // Not `key.map(Self.movesWholeLayer)`: a main-actor function handed to the standard
        // library checks its executor at each call, and every change of a layer comes here.
        var movingOnly = false
        if let key { movingOnly = Self.movesWholeLayer(key) }
        noteSubtreeChanged(movingOnly: movingOnly)
        host?.layerTreeNeedsUpdate()
    }

    /// Marks the layer for display when its class asks for a redraw on a change of `key`
    /// (``needsDisplay(forKey:)``). Plain `CALayer`s, which never ask, pay one comparison.
    func redrawIfClassAsks(_ key: LayerKey) {
        let type = type(of: self)
        guard type != CALayer.self, Self.redrawKeys(of: type).contains(key) else { return }
        setNeedsDisplay()
    }

    /// Whether a change of `key` moves or fades a rasterized layer's bitmap without
    /// redrawing it (position, transform, opacity, anchor point, z position).
    nonisolated static func movesWholeLayer(_ key: LayerKey) -> Bool {
        switch key {
        case .position, .transform, .opacity, .anchorPoint, .zPosition: true
        default: false
        }
    }

    /// What the layer draws itself besides its background and contents (a shape, a
    /// gradient), from its presentation values `p`; nil for a plain layer.
    func vectorContent(_ p: LayerProperties) -> VectorContent? { nil }

    /// Copies the values that are not animatable properties to a presentation copy.
    func copyStyling(to copy: CALayer) {
        copy.isHidden = isHidden
        copy.masksToBounds = masksToBounds
        copy.maskedCorners = maskedCorners
        copy.styling = styling
        copy.composition.isDoubleSided = composition.isDoubleSided
        copy.isOpaque = isOpaque
        copy.contents = contents
        copy.contentsScale = contentsScale
        copy.contentsGravity = contentsGravity
        copy.name = name
        copy.options = options
    }

    /// Lets a view react to a geometry change of its layer (autoresizing).
    func delegateGeometryDidChange(oldBounds: CGRect) {
        owningView?.layerBoundsDidChange(from: oldBounds)
    }

    // MARK: Layout

    @exclusivity(unchecked) private(set) var needsLayoutFlag = false

    /// Marks the layer so that ``layoutSublayers()`` runs before the next frame.
    public func setNeedsLayout() {
        guard !needsLayoutFlag else { return }
        needsLayoutFlag = true
        parentInTree?.markLayoutPendingHereAndAbove()
        host?.layerTreeNeedsUpdate()
    }

    // MARK: Work pending below

    /// Whether a layer below this one (a sublayer or a mask, at any depth) may wait for
    /// layout: the frame's layout walk (``layoutSubtree()``) goes down only where this is
    /// set, so that a frame in which a few layers changed visits those and their
    /// ancestors, not every layer of the screen.
    ///
    /// Invariant: a layer that waits for layout, or has this set, has it set in the layer
    /// it is part of (``parentInTree``), and so on up. Marking a layer sets it up the chain
    /// (stopping at the first layer that has it), and so does a layer joining a tree with
    /// work pending. The walk leaves it set while it goes down, then sets it again from
    /// the layers below, so that what they marked while it went down waits for the next
    /// pass. It can be set with nothing pending below (a layer removed while marked), which
    /// costs one look at the sublayers.
    @exclusivity(unchecked) private var layoutPendingBelow = false
    /// Whether ``layoutSublayers()`` is running for this layer, in a layout pass: sublayers
    /// it resizes then do not mark it for another (see ``bounds``).
    @exclusivity(unchecked) private var isLayingOutSublayers = false
    /// The same for display (``setNeedsDisplay()``, ``displayPendingSubtree()``).
    @exclusivity(unchecked) private var displayPendingBelow = false

    /// The layer this one is drawn as part of: its superlayer, or the layer it masks.
    private var parentInTree: CALayer? { superlayer ?? maskedLayer }

    /// Whether this layer, or one below it, may wait for layout.
    private var layoutPending: Bool { needsLayoutFlag || layoutPendingBelow }

    /// Whether this layer, or one below it, may wait for display.
    private var displayPending: Bool { !dirtyRect.isNull || displayPendingBelow }

    private func markLayoutPendingHereAndAbove() {
        var layer: CALayer? = self
        while let l = layer, !l.layoutPendingBelow {
            l.layoutPendingBelow = true
            layer = l.parentInTree
        }
    }

    private func markDisplayPendingHereAndAbove() {
        var layer: CALayer? = self
        while let l = layer, !l.displayPendingBelow {
            l.displayPendingBelow = true
            layer = l.parentInTree
        }
    }

    /// Notes the work pending in `part` (a sublayer or mask that just joined this layer) as
    /// pending below this layer.
    func takePendingWork(of part: CALayer) {
        if part.layoutPending { markLayoutPendingHereAndAbove() }
        if part.displayPending { markDisplayPendingHereAndAbove() }
    }

    /// Whether ``layoutSublayers()`` is due before the next frame.
    public func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out now if layout is pending here or in a superlayer (outermost first),
    /// then lays out the sublayers that need it.
    public func layoutIfNeeded() {
        var top: CALayer = self
        var ancestor = superlayer
        while let a = ancestor {
            if a.needsLayoutFlag { top = a }
            ancestor = a.superlayer
        }
        top.layoutSubtree()
    }

    /// Whether this layer or any layer under it (its mask too) waits for layout.
    package var subtreeNeedsLayout: Bool {
        if needsLayoutFlag { return true }
        guard layoutPendingBelow else { return false }
        for sublayer in _sublayers where sublayer.subtreeNeedsLayout { return true }
        return composition.mask?.subtreeNeedsLayout == true
    }

    /// Where `layer` is in `layers`, found by identity with a plain loop (a main-actor
    /// closure checks its executor at every call; this runs for every reordering).
    static func index(of layer: CALayer, in layers: [CALayer]) -> Int? {
        for i in layers.indices where layers[i] === layer { return i }
        return nil
    }

    /// Lays out this layer if needed, then each sublayer that is or has a layer waiting
    /// for layout, top-down (see ``layoutPendingBelow``).
    package func layoutSubtree() {
        // Bounded passes: a layoutSubviews that keeps invalidating itself must not hang the frame.
        // Called again from inside this layer's own layoutSublayers (a layoutSubviews that
        // marks itself and calls layoutIfNeeded()), it leaves the layer marked for the pass
        // running now to repeat, within the same bound, and only walks the sublayers:
        // running it again inside itself would recurse without end.
        var passes = 0
        while needsLayoutFlag, !isLayingOutSublayers, passes < Self.layoutPassLimit {
            needsLayoutFlag = false
            isLayingOutSublayers = true
            layoutSublayers()
            isLayingOutSublayers = false
            passes += 1
        }
        if passes == Self.layoutPassLimit, needsLayoutFlag, !reportedLayoutLoop { reportLayoutLoop() }
        guard layoutPendingBelow else { return }
        for sublayer in _sublayers where sublayer.layoutPending { sublayer.layoutSubtree() }
        if let mask = composition.mask, mask.layoutPending { mask.layoutSubtree() }
        // What is still pending below (marked again while the walk went down) waits for
        // the next pass. (Plain loops: a main-actor closure handed to the standard
        // library, `contains(where:)`'s, checks its executor at every call.)
        layoutPendingBelow = composition.mask?.layoutPending == true
        for sublayer in _sublayers where sublayer.layoutPending { layoutPendingBelow = true }
    }

    /// How many times ``layoutSubtree()`` lays out one layer in a pass before it leaves the
    /// rest to the next frame: a layout that marks itself again every time it runs (a
    /// `layoutSubviews` that calls `setNeedsLayout()` on its own view, or resizes it) must
    /// not hang the frame.
    static let layoutPassLimit = 8

    /// Whether this layer was reported for a layout that does not settle (once is enough:
    /// such a layout runs into the limit every frame).
    private var reportedLayoutLoop = false

    /// Reports, once, a layer still marked for layout after ``layoutPassLimit`` passes in one frame.
    private func reportLayoutLoop() {
        reportedLayoutLoop = true
        let name = delegate.map { "The layout of \(type(of: $0))" } ?? "The layout of a \(type(of: self))"
        reportInvalidValue("\(name) does not settle: each of the \(Self.layoutPassLimit) passes it had in one frame "
                           + "marked it for layout again (a layoutSubviews that calls setNeedsLayout() on its own "
                           + "view, or changes its size, every time it runs). The rest waits for the next frame, "
                           + "and so on in every frame; this is reported once.")
    }

    /// Lays out the sublayers; the default asks the delegate (a view runs `layoutSubviews`).
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    // MARK: Display

    /// The union of the regions marked dirty since the last display, in bounds coordinates.
    private(set) var dirtyRect: CGRect = .null

    /// The layer's own backing store, when it draws (distinct from `contents` set by hand).
    package var backingStore: Bitmap?

    /// Whether ``display()`` clears the dirty part of a reused backing store before drawing
    /// (`UIView.clearsContextBeforeDrawing`); true by default.
    package var clearsBeforeDrawing = true

    /// Marks the whole layer for redrawing before the next frame.
    public func setNeedsDisplay() {
        setNeedsDisplay(bounds)
    }

    /// Marks `rect` (bounds coordinates) for redrawing. Several marks in one frame
    /// are coalesced into one ``display()`` given their union.
    public func setNeedsDisplay(_ rect: CGRect) {
        displayRequestedByApp = true
        markNeedsDisplay(rect)
    }

    /// Marks without counting as the app's request (the first display, a scale or
    /// bounds change): such a mark skips classes known not to draw.
    package func markNeedsDisplay(_ rect: CGRect) {
        let r = rect.isNull || rect.isEmpty ? bounds : rect
        dirtyRect = dirtyRect.isNull ? r : dirtyRect.union(r)
        parentInTree?.markDisplayPendingHereAndAbove()
        host?.layerTreeNeedsUpdate()
    }

    /// Set by the app's own setNeedsDisplay: the delegate is asked to draw even if its
    /// class drew nothing before (a view that draws only once it has data).
    private var displayRequestedByApp = false

    /// Whether a ``display()`` is due before the next frame.
    public func needsDisplay() -> Bool { !dirtyRect.isNull }

    /// Displays now if marked.
    public func displayIfNeeded() {
        if needsDisplay() { display() }
    }

    /// Displays this layer, then its sublayers and its mask, where marked, front to back of
    /// the tree; goes down only where something may be marked (see ``layoutPendingBelow``).
    package func displayPendingSubtree() {
        displayIfNeeded()
        guard displayPendingBelow else { return }
        for sublayer in _sublayers where sublayer.displayPending { sublayer.displayPendingSubtree() }
        if let mask = composition.mask, mask.displayPending { mask.displayPendingSubtree() }
        displayPendingBelow = composition.mask?.displayPending == true
        for sublayer in _sublayers where sublayer.displayPending { displayPendingBelow = true }
    }

    /// Redraws the dirty part of the backing store, then clears the mark.
    ///
    /// The store is reused when its pixel size still matches the bounds, so only
    /// the dirty rect is cleared and drawn; otherwise a new store is drawn whole.
    open func display() {
        let dirty = dirtyRect
        dirtyRect = .null
        let requestedByApp = displayRequestedByApp
        displayRequestedByApp = false
        let scale = contentsScale
        // Sized in floating point first: a layer too big for a bitmap (or NaN) has no
        // backing store, and converting its size to Int would trap.
        let width = (bounds.width * scale).rounded(.up), height = (bounds.height * scale).rounded(.up)
        // A layer without a delegate draws through its own `draw(in:)` (a subclass's).
        let drawer: AnyObject = delegate.map { $0 as AnyObject } ?? self
        guard width > 0, height > 0, width <= 32767, height <= 32767,
              requestedByApp || delegateDraws(drawer) else {
            dropBackingStore()
            return
        }
        let pixelWidth = Int(width), pixelHeight = Int(height)
        var store = backingStore
        var region = dirty.intersection(bounds)
        if store == nil || store!.width != pixelWidth || store!.height != pixelHeight || store!.isOpaque != isOpaque {
            store = Bitmap(width: pixelWidth, height: pixelHeight, opaque: isOpaque)
            region = bounds
        }
        guard let store, !region.isNull else { return }
        let ctx = GraphicsContext(bitmap: store)
        ctx.scaleBy(x: scale, y: scale)
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        // Clip to whole device pixels so that no half-covered edge is left stale.
        let pixels = region.offsetBy(dx: -bounds.minX, dy: -bounds.minY)
            .applying(CGAffineTransform(scaleX: scale, y: scale)).integral
        let clip = pixels.applying(CGAffineTransform(scaleX: 1 / scale, y: 1 / scale))
            .offsetBy(dx: bounds.minX, dy: bounds.minY)
        ctx.clip(to: clip)
        if !clearsBeforeDrawing && store === backingStore {
            // The view asked to draw over what is there (`clearsContextBeforeDrawing` false).
        } else if isOpaque {
            ctx.setFillColor(backgroundColor?.withAlpha(1) ?? .black)
            ctx.fill(clip)
        } else {
            ctx.clear(clip)
        }
        let before = ctx.operationCount
        drawingDidReachDefault = false
        draw(in: ctx, dirtyRect: clip)
        if drawingDidReachDefault, ctx.operationCount == before {
            // The delegate does not draw: remember, and keep no store.
            markDelegateAsNonDrawing(drawer)
            dropBackingStore()
            return
        }
        host?.noteBackingStoreRedrawn()
        // It drew: forget any earlier verdict that its class does not.
        CALayer.nonDrawingDelegateTypes.remove(ObjectIdentifier(type(of: drawer)))
        backingStore = store
        contents = store
        markTreeChanged()
    }

    /// Forgets the backing store, and the contents only if they are that store: contents
    /// set from outside (an image view's image) stay.
    private func dropBackingStore() {
        guard let store = backingStore else { return }
        backingStore = nil
        if contents === store { contents = nil }
    }

    /// Set when drawing fell through to a default (non-overridden) implementation.
    package var drawingDidReachDefault = false

    /// Draws the layer's content into `ctx`; the default asks the delegate.
    open func draw(in ctx: CGContext) {
        if let delegate { delegate.draw(self, in: ctx) } else { drawingDidReachDefault = true }
    }

    func draw(in ctx: CGContext, dirtyRect: CGRect) {
        currentDirtyRect = dirtyRect
        draw(in: ctx)
    }

    /// The rect being redrawn during ``display()`` (a view's `draw(_:)` receives it).
    package private(set) var currentDirtyRect: CGRect = .null

    private func delegateDraws(_ drawer: AnyObject) -> Bool {
        !CALayer.nonDrawingDelegateTypes.contains(ObjectIdentifier(type(of: drawer)))
    }

    private func markDelegateAsNonDrawing(_ drawer: AnyObject) {
        CALayer.nonDrawingDelegateTypes.insert(ObjectIdentifier(type(of: drawer)))
    }

    /// Delegate classes (and, for layers without a delegate, layer classes) found not to
    /// override drawing: their layers never get a backing store.
    private static var nonDrawingDelegateTypes: Set<ObjectIdentifier> = []
}

/// The corners of a layer that ``CALayer/cornerRadius`` rounds (y grows downwards, so
/// "MinY" corners are the top ones).
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The bit mask of corners.
    public let rawValue: UInt
    /// Creates a set of corners from a bit mask.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner.
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    /// The top-right corner.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    /// The bottom-left corner.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    /// The bottom-right corner.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
    /// All four corners (a Tabula shorthand; UIKit spells the four out).
    public static let all: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner,
                                           .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}
