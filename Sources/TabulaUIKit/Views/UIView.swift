/// A rectangle on screen that draws, lays out its subviews and receives touches.
///
/// Every view owns a `CALayer` that holds its geometry (`frame`, `bounds` and
/// `center` are the layer's), and its delegate is the view. Views never draw to
/// the screen: ``draw(_:)`` fills the layer's backing store when marked with
/// ``setNeedsDisplay()``, and the compositor assembles the layers into frames.
///
/// When layout runs ("Modifying Views at Runtime", in Apple's View Programming Guide for iOS): after the bounds
/// size changes (this view and its superview), after the transform changes,
/// after subviews are added, removed or reordered, after a scroll view's
/// content offset changes, and on request (``setNeedsLayout()``,
/// ``layoutIfNeeded()``, or the layer's `setNeedsLayout()`). Autoresizing is
/// applied first, as soon as the bounds size changes; ``layoutSubviews()``
/// runs once before the next frame.
@preconcurrency @MainActor
open class UIView: UIResponder, CALayerDelegate {
    /// The class of the layer each instance creates (`CALayer` by default), read once when
    /// the view is made: a subclass returns `CAShapeLayer.self` or `CAGradientLayer.self`
    /// to be backed by such a layer. A class that is not a `CALayer` subclass is reported
    /// through `CALayer.onInvalidValue` and a plain `CALayer` is used.
    open class var layerClass: AnyClass { CALayer.self }

    /// The view's layer, of the class ``layerClass`` names; its delegate is the view.
    public let layer: CALayer

    /// The view whose alpha channel masks this view's content, in this view's coordinates
    /// (its layer becomes the layer's `mask`); nil (the default) for none. The mask view
    /// must not be in a view hierarchy.
    open var mask: UIView? {
        didSet {
            guard mask !== oldValue else { return }
            layer.mask = mask?.layer
            // The layer refuses a mask that is in a tree (and reports it): so does the view.
            if let mask, layer.mask !== mask.layer { self.mask = oldValue }
        }
    }

    /// The views that hold this one as their superview — its subviews and the stand-ins of
    /// its layout guides — and its layer may outlive it (something else kept them): they
    /// lose it here, as they would if it had removed them.
    ///
    /// A plain `deinit`, not an isolated one: a subclass's own `deinit`, which UIKit code
    /// writes freely, would not compile under an isolated one. A view goes away on the
    /// main thread unless a closure on another thread held the last reference to it; then
    /// this must not race with the main thread reading its subviews' superview.
    deinit {
        for view in subviews { view.superviewStorage = nil }
        for guide in ownedGuides { guide.proxy.superviewStorage = nil }
        if let guides = systemGuideStorage {
            for guide in guides.all { guide.proxy.superviewStorage = nil }
        }
        layer.ownerWentAway()
    }

    /// Creates a view with the given frame, in its superview's coordinates. The view is
    /// opaque and marked for its first display.
    public init(frame: CGRect) {
        layer = Self.makeLayer()
        super.init()
        finishInit(frame: frame)
    }

    /// A new layer of ``layerClass`` (a plain `CALayer`, reported, when it names no layer class).
    private static func makeLayer() -> CALayer {
        let layerClass: AnyClass = Self.layerClass
        guard let layerType = layerClass as? CALayer.Type else {
            CALayer.onInvalidValue("UIView.layerClass: \(layerClass) (of \(Self.self)) is not a CALayer subclass; the view has a CALayer")
            return CALayer()
        }
        return layerType.init()
    }

    private func finishInit(frame: CGRect) {
        layer.own(by: self)
        layer.isOpaque = true
        self.frame = frame
        layer.markNeedsDisplay(layer.bounds)
        if Self.requiresConstraintBasedLayout { setNeedsUpdateConstraints() }
    }

    public convenience override init() { self.init(frame: .zero) }

    /// Creates a view from a storyboard or nib: the initializer the code `tabula-port`
    /// generates from them calls for a view of a custom class (see ``InterfaceBuilder``).
    ///
    /// As in UIKit, the properties the file gives the view are set inside this
    /// initializer, so a subclass's code after `super.init(coder: coder)` sees them; its
    /// subviews and outlets come after it returns, before `awakeFromNib()`. Given any other
    /// coder (Tabula reads no archives) it returns `nil` — in `UIView` and in the classes
    /// storyboards make custom subclasses of; the others always return `nil`.
    public required init?(coder: NSCoder) {
        guard let archive = coder as? InterfaceBuilderCoder else { return nil }
        layer = Self.makeLayer()
        super.init()
        finishInit(frame: archive.values["UIFrame"] as? CGRect ?? .zero)
        InterfaceBuilderCoder.decode(coder, into: self, at: UIView.self)
    }

    /// The class, address and frame, as UIKit prints a view: `<UILabel: 0x…; frame = (0 0; 120 20)>`
    /// (without the frame when read off the main thread, where it cannot be read safely).
    open override var description: String {
        let address = UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())
        let frame = Thread.isMainThread ? MainActor.assumeIsolated { self.frame } : nil
        return Self.describe(type(of: self), address: address, frame: frame)
    }

    /// `<Type: 0xaddress; frame = (x y; width height)>`, numbers without needless decimals.
    nonisolated static func describe(_ type: AnyClass, address: UInt, frame: CGRect?) -> String {
        func number(_ value: CGFloat) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(Double(value))
        }
        let head = "<\(type): 0x\(String(address, radix: 16))"
        guard let frame else { return head + ">" }
        return head + "; frame = (\(number(frame.minX)) \(number(frame.minY)); "
            + "\(number(frame.width)) \(number(frame.height)))>"
    }

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates.
    ///
    /// With a non-identity transform the frame is the transformed bounds' bounding
    /// box; setting it then moves the center only (UIKit leaves it undefined).
    ///
    /// A rectangle with a NaN or infinite number is reported and ignored: the view keeps
    /// its frame (as for ``UIView/bounds``, ``UIView/center``, ``UIView/transform`` and ``UIView/alpha``).
    open var frame: CGRect {
        get { layer.frame }
        set {
            guard checkFinite(newValue, "frame") else { return }
            if transform.isIdentity {
                // The size changes before the centre: in between, the view is neither where
                // it was nor where it goes (a view growing downwards reaches up by half its
                // growth), so its safe area is worked out once, when both have changed;
                // else a scroll view resting at its top would move its offset there and back.
                let wasSettingFrame = isSettingFrame, oldFrame = layer.frame
                isSettingFrame = true
                var b = bounds
                b.size = CGSize(width: newValue.width, height: newValue.height)
                bounds = b
                // The position is where the anchor point lies (the centre unless the layer's
                // anchorPoint was moved).
                let anchor = layer.anchorPoint
                center = CGPoint(x: newValue.minX + anchor.x * newValue.width, y: newValue.minY + anchor.y * newValue.height)
                isSettingFrame = wasSettingFrame
                if !wasSettingFrame, layer.frame != oldFrame { geometryDidChangeForSafeArea() }
            } else {
                center = CGPoint(x: newValue.midX, y: newValue.midY)
            }
        }
    }

    /// The view's own coordinate space; its origin is the top-left corner of what is drawn
    /// (a scroll view's content offset).
    ///
    /// A rectangle with a NaN or infinite number is reported and ignored.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            guard checkFinite(newValue, "bounds") else { return }
            layer.bounds = newValue
        }
    }

    /// The center of the frame, in the superview's coordinates: the layer's `position`. Animatable.
    /// A point with a NaN or infinite coordinate is reported and ignored.
    open var center: CGPoint {
        get { layer.position }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else {
                return reportNonFinite("center", "\(newValue)")
            }
            layer.position = newValue
        }
    }

    /// A 2D transform about the center; stored as the layer's 3D transform.
    /// A transform with a NaN or infinite entry is reported and ignored.
    open var transform: CGAffineTransform {
        get { layer.transform.affineTransform }
        set {
            guard [newValue.a, newValue.b, newValue.c, newValue.d, newValue.tx, newValue.ty].allSatisfy(\.isFinite) else {
                return reportNonFinite("transform", "\(newValue)")
            }
            layer.transform = CATransform3D(newValue)
        }
    }

    /// The point of the bounds, in unit coordinates, that ``center`` names and that
    /// ``transform`` turns about: the layer's `anchorPoint`. Default (0.5, 0.5).
    /// Changing it keeps ``center`` and so moves the view's frame, as in UIKit.
    open var anchorPoint: CGPoint {
        get { layer.anchorPoint }
        set { layer.anchorPoint = newValue }
    }

    /// The view's full 3D transform (the layer's `transform`); ``transform`` is its affine part.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { layer.transform = newValue }
    }

    /// The ratio of the view's backing-store pixels to points: the layer's `contentsScale`.
    /// A view takes its window's scale when it moves to one (an image view its image's);
    /// a value set afterwards holds until the next such move.
    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set { if newValue.isFinite && newValue > 0 { layer.contentsScale = newValue } }
    }

    // MARK: Alignment rectangles

    /// How far the view's alignment rectangle (the content Auto Layout aligns) lies inside
    /// its frame. Zero by default; subclasses override it. ``alignmentRect(forFrame:)`` and
    /// ``frame(forAlignmentRect:)`` apply it.
    open var alignmentRectInsets: UIEdgeInsets { .zero }

    /// The alignment rectangle for `frame`: the frame inset by ``alignmentRectInsets``.
    open func alignmentRect(forFrame frame: CGRect) -> CGRect {
        let i = alignmentRectInsets
        return CGRect(x: frame.minX + i.left, y: frame.minY + i.top,
                      width: frame.width - i.left - i.right, height: frame.height - i.top - i.bottom)
    }

    /// The frame whose alignment rectangle is `alignmentRect`: the rectangle outset by
    /// ``alignmentRectInsets``.
    open func frame(forAlignmentRect alignmentRect: CGRect) -> CGRect {
        let i = alignmentRectInsets
        return CGRect(x: alignmentRect.minX - i.left, y: alignmentRect.minY - i.top,
                      width: alignmentRect.width + i.left + i.right, height: alignmentRect.height + i.top + i.bottom)
    }

    // MARK: Appearance

    /// The view's opacity, from 0 to 1 (values outside are clamped): the layer's `opacity`.
    /// Views with alpha below 0.01 receive no touches. Animatable.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set {
            guard !newValue.isNaN else { return reportNonFinite("alpha", "\(newValue)") }
            layer.opacity = Float(max(0, min(1, newValue)))
        }
    }

    /// Whether every number of `rect` is finite; reports `property` when not.
    private func checkFinite(_ rect: CGRect, _ property: String) -> Bool {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else {
            reportNonFinite(property, "\(rect)")
            return false
        }
        return true
    }

    private func reportNonFinite(_ property: String, _ value: String) {
        reportProblem("\(type(of: self)).\(property) cannot be \(value): a NaN or infinite number would leave the "
                      + "view nowhere; the \(property) was not changed")
    }

    /// Hidden views stay in the hierarchy and keep laying out, but are not drawn
    /// and receive no touches; nor are their subviews.
    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            guard newValue != layer.isHidden else { return }
            layer.isHidden = newValue
            // A stack view collapses a hidden arranged subview and opens a shown one.
            (superview as? UIStackView)?.arrangedSubviewVisibilityDidChange(self)
        }
    }

    /// A promise that the view fills its bounds with opaque content (default true,
    /// as in UIKit). An opaque view that draws gets an opaque backing store.
    open var isOpaque: Bool {
        get { layer.isOpaque }
        set { layer.isOpaque = newValue }
    }

    // Properties marked @exclusivity(unchecked) in this class are read for every view in
    // every layout, trait and tiling pass, and never held inout across a call that could
    // reach the view: no run-time exclusivity checks (each costs a call into the runtime
    // and a thread-local lookup; together they were 7% of a table's update and frame).

    /// The color that fills the bounds behind the view's drawing; nil for none. Animatable.
    /// A dynamic colour is resolved with the view's ``traitCollection``, and again
    /// whenever the view's appearance changes.
    @exclusivity(unchecked) open var backgroundColor: UIColor? {
        didSet { layer.backgroundColor = backgroundColor?.resolvedColor(with: traitCollection).cgColor }
    }

    /// The appearance this view and its subviews take, whatever they inherit;
    /// `.unspecified` (the default) inherits it (UIView+Traits.swift).
    @exclusivity(unchecked) open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet { if overrideUserInterfaceStyle != oldValue { traitsMayHaveChanged() } }
    }

    /// The traits the view last had, for ``traitCollectionDidChange(_:)``; nil until it first reads them.
    @exclusivity(unchecked) var lastTraitCollection: UITraitCollection?
    /// The handlers ``registerForTraitChanges(_:handler:)`` added.
    var traitChangeRegistrations = TraitChangeRegistrations()

    /// The view whose traits this view takes while it has no superview: the table that
    /// holds a cell, header or footer out of its view tree (pooled, prepared, or a static
    /// row's cell), so that it has the table's appearance and text size before it is
    /// configured and shown (UIView+Traits.swift). Set by the table's item store.
    package weak var traitParent: UIView? {
        didSet { if traitParent !== oldValue { UIView.traitEpoch &+= 1 } }
    }
    /// The traits ``traitCollection`` last worked out for this view in a tree, good while
    /// ``traitEpoch`` is ``cachedTraitsEpoch`` (UIView+Traits.swift).
    @exclusivity(unchecked) var cachedTraits: UITraitCollection?
    /// The ``traitEpoch`` at which ``cachedTraits`` were worked out.
    @exclusivity(unchecked) var cachedTraitsEpoch = -1

    /// Called after the view's ``traitCollection`` changed (the screen's appearance, an
    /// override above or on it, a move to a window with other traits), once per change,
    /// with the traits before it; the default does nothing.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The preferred text size in the view's traits changed (or was read for the first
    /// time in a window): views that follow it re-scale their fonts (labels and text
    /// inputs with `adjustsFontForContentSizeCategory`) or measure again (tables). The
    /// view's own traits already have the new category. `previous` is nil on a first reading.
    func contentSizeCategoryDidChange(from previous: UIContentSizeCategory?, to category: UIContentSizeCategory) {
        (self as? any ContentSizeCategoryFollowing)?.followContentSizeCategory(from: previous, to: category)
    }

    /// Brings the fonts of this subtree to `category` before it is measured outside the
    /// window (a reused cell that was in the reuse pool when the text size changed).
    package func adoptContentSizeCategory(_ category: UIContentSizeCategory) {
        contentSizeCategoryDidChange(from: nil, to: category)
        for subview in subviews { subview.adoptContentSizeCategory(category) }
    }

    /// Whether subviews are clipped to the bounds: the layer's `masksToBounds`.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// An integer that identifies the view, for ``viewWithTag(_:)``.
    open var tag = 0
    /// Whether the view and its subviews can be hit by touches; when false, hit testing skips them.
    open var isUserInteractionEnabled = true
    /// Accepted for source compatibility; Tabula delivers every touch to its view whatever the value.
    open var isMultipleTouchEnabled = false

    /// Whether the view takes touches only alone: while a touch that began in this view is
    /// down, touches beginning elsewhere in the window are ignored, and a touch beginning in
    /// this view while another view is touched is ignored. Default false.
    open var isExclusiveTouch = false

    /// The identifier under which UIKit's state restoration would save the view. Tabula has
    /// no state restoration; it stores the value for code that reads it back.
    open var restorationIdentifier: String?
    /// The color for the view's accents: its own when set, else the superview's, else system blue.
    /// Setting nil makes it inherit again.
    ///
    /// While the view's ``tintAdjustmentMode`` is `.dimmed` (behind an alert or action
    /// sheet, or set so), it returns a desaturated grey of that colour, as iOS does.
    open var tintColor: UIColor! {
        get {
            let base = undimmedTintColor
            return tintAdjustmentMode == .dimmed ? Self.dimmed(base) : base
        }
        set {
            _tintColor = newValue
            tintDidChangeInTree()
        }
    }
    private var _tintColor: UIColor?

    /// The tint before any dimming: this view's own, an ancestor's (through its
    /// `tintColor`, which a subclass may override, unless that ancestor is dimmed), or
    /// system blue.
    var undimmedTintColor: UIColor {
        if let own = _tintColor { return own }
        guard let superview else { return .systemBlue }
        return superview.tintAdjustmentMode == .dimmed ? superview.undimmedTintColor : superview.tintColor
    }

    /// How the tint colour is shown: `.normal`, or `.dimmed` (a desaturated grey, for
    /// the views behind an alert). The getter never returns `.automatic`: a view set to
    /// `.automatic` (the default) has the mode of the nearest ancestor that is not, or
    /// `.normal` when there is none. Setting it tells this view and the subviews that
    /// inherit it with ``tintColorDidChange()``, so that they redraw their tinted parts.
    ///
    /// Presenting a `UIAlertController` sets `.dimmed` on the view behind it, and
    /// dismissing it puts the old value back, as iOS does.
    open var tintAdjustmentMode: TintAdjustmentMode {
        get {
            if ownTintAdjustmentMode != .automatic { return ownTintAdjustmentMode }
            return superview?.tintAdjustmentMode ?? .normal
        }
        set {
            guard newValue != ownTintAdjustmentMode else { return }
            let before = tintAdjustmentMode
            ownTintAdjustmentMode = newValue
            if tintAdjustmentMode != before { tintAdjustmentDidChangeInTree() }
        }
    }
    /// The mode set on this view itself (`.automatic` when it inherits).
    var ownTintAdjustmentMode: TintAdjustmentMode = .automatic

    /// A desaturated grey of `color` (its luminance, pulled a little towards mid grey),
    /// with its alpha: the tint of a dimmed view, resolved for each appearance.
    static func dimmed(_ color: UIColor) -> UIColor {
        UIColor { traits in
            let c = color.resolvedColor(with: traits).cgColor
            let luminance = 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue
            return UIColor(white: CGFloat(luminance * 0.7 + 0.5 * 0.3), alpha: CGFloat(c.alpha))
        }
    }

    /// Tells this view and the subviews whose mode follows it that the tint adjustment
    /// mode (and so the tint colour shown) changed.
    func tintAdjustmentDidChangeInTree() {
        tintColorDidChange()
        for subview in subviews where subview.ownTintAdjustmentMode == .automatic {
            subview.tintAdjustmentDidChangeInTree()
        }
    }

    /// Whether the layer's backing store is cleared to transparent black (an opaque view's:
    /// filled with its background colour) before ``draw(_:)`` redraws a part of it; true by
    /// default. When false, what was drawn before stays under the new drawing, so a view
    /// that fills everything it draws can skip the clearing — and one that does not keeps
    /// stale pixels, as on iOS.
    open var clearsContextBeforeDrawing: Bool {
        get { layer.clearsBeforeDrawing }
        set { layer.clearsBeforeDrawing = newValue }
    }

    /// The view whose first baseline the view's `firstBaselineAnchor` stands for; the view
    /// itself by default. Subclasses override it to name a subview.
    ///
    /// Tabula's constraint solver takes baselines from labels only: a constraint on the
    /// `firstBaselineAnchor` of another view uses that view's bottom edge whatever this returns.
    open var forFirstBaselineLayout: UIView { self }

    /// The view whose last baseline the view's `lastBaselineAnchor` stands for; the view
    /// itself by default. Subclasses override it to name a subview (see
    /// ``forFirstBaselineLayout`` for what Tabula's solver reads).
    open var forLastBaselineLayout: UIView { self }

    /// Whether the view can take focus from a keyboard, remote or game controller: false.
    /// Tabula runs as a touch screen without a focus engine; subclasses may override it,
    /// but nothing asks.
    open var canBecomeFocused: Bool { false }

    /// Whether the view has focus: always false, as on a touch screen without a focus engine.
    open var isFocused: Bool { false }

    /// Values of the less common UIView properties (motion effects, large content,
    /// focus groups), kept together (UIView+Extras.swift).
    var extras = ViewExtras()

    /// The smallest text size (Dynamic Type category) this view and its subviews see in
    /// their traits; nil (the default) for no limit. A category below it in the inherited
    /// traits is raised to it, so fonts that follow the content size category stop shrinking there.
    @exclusivity(unchecked) open var minimumContentSizeCategory: UIContentSizeCategory? {
        didSet { if minimumContentSizeCategory != oldValue { traitsMayHaveChanged() } }
    }

    /// The largest text size (Dynamic Type category) this view and its subviews see in
    /// their traits; nil (the default) for no limit. A category above it in the inherited
    /// traits is lowered to it: a label with `adjustsFontForContentSizeCategory` stops
    /// growing there. When the minimum is above the maximum, the maximum wins.
    @exclusivity(unchecked) open var maximumContentSizeCategory: UIContentSizeCategory? {
        didSet { if maximumContentSizeCategory != oldValue { traitsMayHaveChanged() } }
    }

    /// Trait values that replace, for this view and its subviews, those it inherits
    /// (iOS 17): set `traitOverrides.userInterfaceStyle = .dark` to show a subtree in the
    /// dark appearance, or `preferredContentSizeCategory` to give it another text size.
    /// Changing it updates the traits of the subtree at once (in a window).
    @exclusivity(unchecked) open var traitOverrides = UITraitOverrides() {
        didSet { if traitOverrides != oldValue { traitsMayHaveChanged() } }
    }

    /// Called when the view's properties are to be brought up to date, before layout
    /// (iOS 26): after ``setNeedsUpdateProperties()``, at the next layout pass of the view,
    /// or at once from ``updatePropertiesIfNeeded()``. Override it to set properties from
    /// the view's state in one place; the default does nothing. (Tabula does not track
    /// the observable objects read here; call ``setNeedsUpdateProperties()`` when they change.)
    open func updateProperties() {}

    /// Saves the view's state for UIKit's state restoration. Tabula has no state
    /// restoration and never calls it; the default does nothing, as on iOS.
    open func encodeRestorableState(with coder: NSCoder) {}

    /// Restores the view's state saved by ``encodeRestorableState(with:)``. Tabula has no
    /// state restoration and never calls it; the default does nothing, as on iOS.
    open func decodeRestorableState(with coder: NSCoder) {}

    /// Called when the ``UIView/tintColor`` this view shows changes — set here or on an ancestor
    /// it inherits from, or by a move to another superview; the default does nothing.
    open func tintColorDidChange() {}

    /// Tells this view and the subviews that inherit its tint that it changed.
    func tintDidChangeInTree() {
        tintColorDidChange()
        for subview in subviews where subview._tintColor == nil { subview.tintDidChangeInTree() }
    }

    // MARK: Content mode

    /// What a change of bounds does to the drawn content.
    public enum ContentMode: Int, Sendable {
        /// Stretches the content to fill the bounds (the default).
        case scaleToFill
        /// Scales the content to fit inside the bounds, keeping its aspect ratio.
        case scaleAspectFit
        /// Scales the content to fill the bounds, keeping its aspect ratio and cropping.
        case scaleAspectFill
        /// Redraws the content (``draw(_:)``) when the bounds size changes.
        case redraw
        /// Centres the content, at its natural size.
        case center
        /// Centres the content along the top edge.
        case top
        /// Centres the content along the bottom edge.
        case bottom
        /// Centres the content along the left edge.
        case left
        /// Centres the content along the right edge.
        case right
        /// Pins the content to the top-left corner.
        case topLeft
        /// Pins the content to the top-right corner.
        case topRight
        /// Pins the content to the bottom-left corner.
        case bottomLeft
        /// Pins the content to the bottom-right corner.
        case bottomRight
    }

    /// How the cached content follows geometry changes: stretched, fitted, pinned,
    /// or (`.redraw`) drawn again. Default `.scaleToFill`.
    open var contentMode: ContentMode = .scaleToFill {
        didSet {
            layer.needsDisplayOnBoundsChange = contentMode == .redraw
            layer.contentsGravity = contentMode.gravity
        }
    }

    /// The stretchable part of the content, in unit coordinates (deprecated in UIKit in
    /// favour of resizable images, kept because WWDC 2009, Perfecting Your iPhone Table Views relies on it): when the
    /// view grows, only this part stretches. Default (0, 0, 1, 1).
    open var contentStretch: CGRect {
        get { layer.contentsCenter }
        set { layer.contentsCenter = newValue }
    }

    // MARK: Hierarchy (storage; see UIView+Hierarchy.swift)

    /// The view this one is a subview of, if any.
    public internal(set) var superview: UIView? {
        get { superviewStorage }
        set {
            superviewStorage = newValue
            // Kept constraint systems follow their constraints' changes only while no view moves.
            UIView.constraintScopeChanges &+= 1
            // Nor do kept traits.
            UIView.traitEpoch &+= 1
        }
    }
    /// The superview, unowned rather than weak (UIKit's is a plain pointer too): a weak
    /// reference gives its target a side table, and every retain and release of the
    /// target then takes the runtime's slow path — for every view of a screen, in every
    /// layout and hit test. Whatever sets it keeps this view (as a subview, or a layout
    /// guide's stand-in) and clears it as it goes away (`deinit`), so it never outlives
    /// its target.
    @exclusivity(unchecked) nonisolated(unsafe) private unowned var superviewStorage: UIView?
    /// The subviews, back to front. (No run-time exclusivity checks: every layout and hit
    /// test walks them, and no access is held inout across a call that could reach them.)
    @exclusivity(unchecked) public internal(set) var subviews: [UIView] = []

    /// The responder after a view is its view controller (when it is one's root view),
    /// otherwise its superview.
    open override var next: UIResponder? { viewController ?? superview }
    override var responderWindow: UIWindow? { window }
    package weak var viewController: UIViewController? {
        // A root view takes its controller's minimum margins before `viewDidLoad`.
        didSet {
            if viewController !== oldValue {
                UIView.traitEpoch &+= 1
                resolveLayoutMargins(notifyingController: false)
            }
        }
    }
    /// The recognizers attached to this view (see UIView+Gestures.swift).
    var attachedGestureRecognizers: [UIGestureRecognizer] = []

    /// Whether a recognizer attached to this view may begin (asked after its delegate).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether the recognizers of this view's ancestors see the touches that begin in it.
    /// A control that tracks a drag itself (the table's index bar) says no, so that the
    /// scroll view it lies on does not take its drag away.
    var lendsTouchesToAncestorRecognizers: Bool { !(self is any KeepsTouchesFromAncestorRecognizers) }

    // MARK: Safe area (storage; see Window/UIView+SafeArea.swift)

    /// The insets of this view that the device's rounded corners, sensor housing and
    /// home indicator, the status bar, and the bars of containing view controllers
    /// (a navigation bar, a toolbar) cover or leave unsafe, in the view's own edges.
    ///
    /// A window's come from its screen (``HeadlessScreen/init(device:framesPerSecond:startDate:)``).
    /// Another view's are the part of its superview's unsafe edges that it overlaps, plus
    /// what its view controller adds (bars, ``UIViewController/additionalSafeAreaInsets``)
    /// when it is one's root view. A scroll view's subviews take only its left and right
    /// insets: content scrolls under the bars by design, and the scroll view's
    /// ``UIScrollView/adjustedContentInset`` keeps it clear at rest instead.
    open var safeAreaInsets: UIEdgeInsets { storedSafeAreaInsets }
    /// The last safe area insets worked out for this view (see ``refreshSafeAreaInsets()``).
    var storedSafeAreaInsets = UIEdgeInsets.zero
    /// True while ``frame``'s setter changes the bounds and then the centre: the safe area
    /// waits for both.
    var isSettingFrame = false
    /// Where the safe area is measured instead of the frame while a container slides the view
    /// aside for a moment (a swiped table row slides its content with it; measured where the
    /// row moved to, the part off the table's edge would count as unsafe and the content
    /// would stay put). Nil: measured at the frame.
    package var safeAreaMeasuringFrame: CGRect? {
        didSet { if oldValue != safeAreaMeasuringFrame { refreshSafeAreaInsets() } }
    }

    /// Called when ``safeAreaInsets`` changes (after the new value is set, before the
    /// layout it causes); the default does nothing.
    open func safeAreaInsetsDidChange() {}

    // MARK: Layout (storage; see UIView+Layout.swift)

    /// How the view resizes when its superview's bounds change.
    public struct AutoresizingMask: OptionSet, Sendable {
        /// The mask's bits, with UIKit's values.
        public let rawValue: UInt
        /// Creates a mask from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The distance to the superview's left edge may change.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The view's width may change.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The distance to the superview's right edge may change.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The distance to the superview's top edge may change.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The view's height may change.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The distance to the superview's bottom edge may change.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Which parts of the frame follow a change of the superview's size; the change is shared
    /// among the flexible parts in proportion to their lengths. Empty (fixed) by default.
    open var autoresizingMask: AutoresizingMask = []
    /// Whether a change of this view's bounds size resizes its subviews by their ``autoresizingMask``.
    open var autoresizesSubviews = true

    // MARK: Constraints (storage; see Layout/UIView+Constraints.swift)

    /// Whether the view's frame is fixed for the constraint solver (true, the default, as
    /// in UIKit) or decided by constraints (false): set false on views you place with
    /// anchors. When true, the solver holds the frame as the ``autoresizingMask`` says
    /// (UIKit's autoresizing-mask constraints).
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if translatesAutoresizingMaskIntoConstraints != oldValue { translatesAutoresizingMaskDidChange() } }
    }
    /// The active constraints installed on this view (``constraints``) in the order they
    /// were installed, with nil where one was removed since: each knows its slot
    /// (`NSLayoutConstraint.installedSlot`), so removing one costs O(1); the holes are
    /// closed when they are half the slots.
    var installedSlots: [NSLayoutConstraint?] = []
    /// How many of ``installedSlots`` are nil.
    var installedHoles = 0
    /// The active constraints that name this view as their first or second item, wherever
    /// they are installed (a view leaving its superview deactivates those installed above).
    var namingConstraints: [ObjectIdentifier: NSLayoutConstraint] = [:]
    /// The space the view keeps between its edges and its content (8 points on each side
    /// by default); a stack view with ``UIStackView/isLayoutMarginsRelativeArrangement``
    /// lays its arranged subviews out inside them.
    ///
    /// A view controller's root view has the controller's
    /// ``UIViewController/systemMinimumLayoutMargins`` until margins are assigned (16
    /// points leading and trailing on an iPhone, none above and below: the safe area
    /// already keeps content from the bars); then, while the controller's
    /// ``UIViewController/viewRespectsSystemMinimumLayoutMargins`` is true, each edge is
    /// the larger of the assigned margin and the minimum, as in UIKit. Reading the property
    /// gives those actual margins; the safe area is not in them (see ``layoutMarginsGuide``).
    open var layoutMargins: UIEdgeInsets {
        get { resolvedLayoutMargins }
        set {
            assignedLayoutMargins = newValue
            layoutMarginsWereAssigned = true
            marginsWereAssignedDirectionally = false
            resolveLayoutMargins()
        }
    }
    /// The margins last assigned to ``layoutMargins`` (8 points each side until then); when
    /// ``directionalLayoutMargins`` was assigned last, `left` holds leading and `right` trailing.
    private var assignedLayoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// Whether the margins were last assigned as leading and trailing: they then follow the
    /// layout direction, as in UIKit.
    private var marginsWereAssignedDirectionally = false
    /// Whether ``layoutMargins`` (or ``directionalLayoutMargins``) was ever assigned.
    private var layoutMarginsWereAssigned = false
    /// The margins in effect: the assigned ones, or for a view controller's root view what
    /// its system minimum makes of them (``resolveLayoutMargins(notifyingController:)``).
    private var resolvedLayoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

    /// Works the margins in effect out again (the view became or stopped being a root
    /// view, its controller's minimum or its respect for it changed, the size class
    /// changed, or margins were assigned); when they change, the view is told
    /// (``layoutMarginsDidChange()``), and so is its view controller
    /// (``UIViewController/viewLayoutMarginsDidChange()``) unless `notifyingController` is false.
    func resolveLayoutMargins(notifyingController: Bool = true) {
        var margins = assignedLayoutMargins
        let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
        if marginsWereAssignedDirectionally && rightToLeft { swap(&margins.left, &margins.right) }
        if let viewController {
            let minimum = viewController.systemMinimumLayoutMargins
            let least = UIEdgeInsets(top: minimum.top, left: rightToLeft ? minimum.trailing : minimum.leading,
                                     bottom: minimum.bottom, right: rightToLeft ? minimum.leading : minimum.trailing)
            if !layoutMarginsWereAssigned {
                margins = least
            } else if viewController.viewRespectsSystemMinimumLayoutMargins {
                margins = UIEdgeInsets(top: Swift.max(margins.top, least.top), left: Swift.max(margins.left, least.left),
                                       bottom: Swift.max(margins.bottom, least.bottom),
                                       right: Swift.max(margins.right, least.right))
            }
        }
        guard margins != resolvedLayoutMargins else { return }
        resolvedLayoutMargins = margins
        layoutMarginsDidChange()
        if notifyingController { viewController?.viewLayoutMarginsDidChange() }
    }

    /// The layout margins with leading and trailing instead of left and right: leading is
    /// the right margin where the view lays out right to left.
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
            return NSDirectionalEdgeInsets(top: layoutMargins.top, leading: rightToLeft ? layoutMargins.right : layoutMargins.left,
                                           bottom: layoutMargins.bottom,
                                           trailing: rightToLeft ? layoutMargins.left : layoutMargins.right)
        }
        set {
            assignedLayoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom,
                                                 right: newValue.trailing)
            layoutMarginsWereAssigned = true
            marginsWereAssignedDirectionally = true
            resolveLayoutMargins()
        }
    }

    /// What the view's content is, to decide whether it flips right to left: `.unspecified`
    /// (the default) follows the superview, or the app's language at the top; playback
    /// and spatial controls never flip; the two `force` values fix the direction.
    /// Setting it lays out again (leading and trailing constraints, stack views).
    @exclusivity(unchecked) open var semanticContentAttribute: UISemanticContentAttribute = .unspecified {
        didSet { if semanticContentAttribute != oldValue { layoutDirectionDidChange() } }
    }

    /// The direction to arrange this view's content in: from ``semanticContentAttribute``,
    /// relative to the superview's direction (the app's at the top of the tree).
    ///
    /// Tabula lets an unspecified view inherit its superview's direction, so forcing a
    /// window or a container right to left flips everything inside it; UIKit does not
    /// promise that the value propagates.
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        var view: UIView? = self
        while let v = view {
            switch v.semanticContentAttribute {
            case .unspecified: view = v.superview
            case .playback, .spatial, .forceLeftToRight: return .leftToRight
            case .forceRightToLeft: return .rightToLeft
            }
        }
        return UIApplication.shared.userInterfaceLayoutDirection
    }

    /// Called when ``layoutMargins`` change; the default lays the view out again (and
    /// moves the ``layoutMarginsGuide``).
    open func layoutMarginsDidChange() {
        updateSystemGuides()
        setNeedsLayout()
    }

    /// Whether the layout margins are measured from the safe area's edges (default true).
    open var insetsLayoutMarginsFromSafeArea = true { didSet { updateSystemGuides() } }
    /// Whether the view keeps at least its superview's margins where they overlap; accepted
    /// (Tabula uses the view's own margins).
    open var preservesSuperviewLayoutMargins = false
    /// The layout guides added to this view (``layoutGuides``).
    var ownedGuides: [UILayoutGuide] = []
    /// The margins, safe area and readable guides, once one is asked for.
    var systemGuideStorage: SystemGuides?
    /// The transition (`UIView.transition(with:…)`) running on this view, if any.
    var runningTransition: ViewTransition?

    /// How strongly the view resists growing past its intrinsic size (horizontal, vertical).
    var huggingPriorities = (horizontal: UILayoutPriority.defaultLow, vertical: UILayoutPriority.defaultLow)
    /// How strongly the view resists shrinking below its intrinsic size (horizontal, vertical).
    var compressionPriorities = (horizontal: UILayoutPriority.defaultHigh, vertical: UILayoutPriority.defaultHigh)

    /// Whether ``updateConstraints()`` is due before the next layout.
    var needsConstraintUpdate = false

    /// Updates the view's constraints before layout; UIKit's pass order is constraints
    /// (leaves first), then layout, then display. Override it to change constraints in
    /// one place after ``setNeedsUpdateConstraints()``, and call `super` at the end. The
    /// default does nothing.
    open func updateConstraints() {}

    /// Asks for ``updateConstraints()`` before the next layout.
    open func setNeedsUpdateConstraints() {
        guard !needsConstraintUpdate else { return }
        needsConstraintUpdate = true
        UIView.viewsNeedingConstraintUpdate.append(WeakView(view: self))
        (superview ?? self).constraintLayoutRoot.setNeedsLayout()
        setNeedsLayout()
    }

    /// Whether ``updateConstraints()`` is due.
    open func needsUpdateConstraints() -> Bool { needsConstraintUpdate }

    /// Runs the pending ``updateConstraints()`` of this view and the views inside it now.
    open func updateConstraintsIfNeeded() { runPendingConstraintUpdates(within: self) }

    /// Whether the view lays out with constraints only (UIKit calls its ``updateConstraints()``
    /// at the first layout); false by default.
    open class var requiresConstraintBasedLayout: Bool { false }

    /// Tells the layout that ``intrinsicContentSize`` changed: the constraints are solved
    /// again before the next frame (a cell that sizes itself is measured again).
    open func invalidateIntrinsicContentSize() {
        tellEnclosingCellSizeMayHaveChanged()
        guard NSLayoutConstraint.activeCount > 0 else { return }
        (superview ?? self).constraintLayoutRoot.setNeedsLayout()
    }

    /// The priority with which the view resists growing past its intrinsic size along `axis` (default 250).
    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? huggingPriorities.horizontal : huggingPriorities.vertical
    }

    /// Sets how strongly the view resists growing past its intrinsic size along `axis`.
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { huggingPriorities.horizontal = priority } else { huggingPriorities.vertical = priority }
        invalidateIntrinsicContentSize()
    }

    /// The priority with which the view resists shrinking below its intrinsic size along `axis` (default 750).
    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? compressionPriorities.horizontal : compressionPriorities.vertical
    }

    /// Sets how strongly the view resists shrinking below its intrinsic size along `axis`.
    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { compressionPriorities.horizontal = priority } else { compressionPriorities.vertical = priority }
        invalidateIntrinsicContentSize()
    }

    /// The smallest size the constraints allow when you ask for `targetSize` with no
    /// preference (fitting-size priority in both directions); see
    /// ``systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)``.
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the view's constraints (and its subviews' intrinsic sizes) give it when
    /// its width and height are asked to be `targetSize`'s at the given priorities: at
    /// `.required` that dimension is fixed; at `.fittingSizeLevel` it becomes as small
    /// (or, for ``UIView/layoutFittingExpandedSize``, as large) as the constraints allow.
    /// Without constraints in the view, its current size (``sizeThatFits(_:)`` is not asked).
    open func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                      verticalFittingPriority: UILayoutPriority) -> CGSize {
        measureWithConstraints(targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority)
    }
    /// How many active constraints are installed on this view and its descendants: the
    /// layout pass solves only where it is positive and descends only into such subviews.
    package var constraintsInSubtree = 0
    /// The constraint system this view's layout passes solve, kept for the next pass
    /// while it is a layout root (see ``ConstraintSystem``).
    var layoutSystem: ConstraintSystem?
    /// The system ``systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)``
    /// measures this view with, kept for the next measurement.
    var measuringSystem: ConstraintSystem?
    /// Drops the system kept for measuring, and with it the widths its wrapping labels were
    /// last given: a measurement that leaves the width free (a cell measured both ways,
    /// reused for other text) must not wrap the new text at the old text's width, which
    /// the solver would keep as a fixed point ("Mo" on two lines where "Li" was).
    package func forgetMeasuringSystem() { measuringSystem = nil }
    /// For a nested layout root: the layout root above whose system also solves the
    /// constraints installed in this one's subtree, because one of its own constraints
    /// names a view in here (see `collectInstalledConstraints`); changes to them are
    /// passed on to it. Nil when none does (the mark may outlive the reason: a note
    /// passed on for nothing only lays that root out again).
    weak var constraintRootAbove: UIView?

    // MARK: Overridable hooks
    //
    // Swift cannot override members declared in extensions, so every hook that
    // UIKit lets subclasses override is declared here; the work is done in the
    // extension files named beside each.

    /// Called after `subview` was added (UIView+Hierarchy.swift).
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` is removed; the default does nothing.
    open func willRemoveSubview(_ subview: UIView) {}
    /// Called before the view moves to `newSuperview` (nil when it is being removed); the default does nothing.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to a new superview, or was removed; the default does nothing.
    open func didMoveToSuperview() {}
    /// Called before the view enters `newWindow`, or leaves its window (nil); the default does nothing.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view entered or left a window; the default does nothing.
    open func didMoveToWindow() {}

    /// Lays out the subviews; the default does nothing (autoresizing has already run).
    /// Runs at most once per frame per request (UIView+Layout.swift).
    open func layoutSubviews() {}

    /// The size that best fits `size`; the default returns the current bounds size, as UIKit does.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// The natural size of the content, or ``UIView/noIntrinsicMetric`` in a dimension without one.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Draws the view's content into the current context (``UIGraphicsGetCurrentContext()``),
    /// limited to `rect`, the union of the regions marked since the last draw.
    /// The default draws nothing, and a view that does not override it keeps no backing store.
    open func draw(_ rect: CGRect) {
        layer.drawingDidReachDefault = true
    }

    /// True when `point` (in the view's coordinates) is inside the bounds (UIView+HitTesting.swift).
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    /// The deepest visible, interactive descendant containing `point`, front to back.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        defaultHitTest(point, with: event)
    }

    /// Draws at the window's pixel density from now on (an image view keeps its image's).
    func adoptScale(_ scale: CGFloat) {
        if layer.contentsScale != scale { layer.contentsScale = scale }
    }

    // MARK: CALayerDelegate

    /// Lays out the view as its layer asks: the view controller's `viewWillLayoutSubviews()`,
    /// then the frames its constraints decide, then ``layoutSubviews()``, then the
    /// controller's content-unavailable view, then `viewDidLayoutSubviews()`.
    public func layoutSublayers(of layer: CALayer) {
        if let controller = viewController, controller.appearance == .appearing, window != nil {
            controller.viewIsInHierarchy()
        }
        if needsPropertiesUpdate { updatePropertiesIfNeeded() }
        traitCollection.performAsCurrent {
            if !UIView.viewsNeedingConstraintUpdate.isEmpty { runPendingConstraintUpdates(within: self) }
            viewController?.viewWillLayoutSubviews()
            applyConstraintLayout()
            layoutSubviews()
            viewController?.layOutContentUnavailableView()
            viewController?.viewDidLayoutSubviews()
        }
    }

    /// Draws the layer's content by calling ``draw(_:)`` with `ctx` as the current context
    /// and the view's ``traitCollection`` as the current traits (dynamic colours resolve with it).
    public func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        traitCollection.performAsCurrent { draw(layer.currentDirtyRect) }
    }

    // MARK: Accessibility (UIAccessibility, declared here so subclasses can override)

    /// What was set through the accessibility properties; unset ones fall back to the
    /// defaults UIKit gives each kind of view (see `UIView+Accessibility.swift`).
    var accessibilityStore = AccessibilityStore()

    /// Whether assistive technologies see this view as one element (its subviews are then
    /// not visited). Labels, buttons and other controls are elements by default; plain
    /// views and image views are not.
    open var isAccessibilityElement: Bool {
        get { accessibilityStore.isElement ?? builtInAccessibility.isElement }
        set { accessibilityStore.isElement = newValue }
    }

    /// A short word or phrase that names the element ("Play", "Hamlet"), not its type.
    /// Defaults to a label's text, a button's title, a cell's labels.
    open var accessibilityLabel: String? {
        get { accessibilityStore.label ?? builtInAccessibility.label }
        set { accessibilityStore.label = newValue }
    }

    /// The element's current value, when it has one that changes: a slider's percentage,
    /// a switch's "1" or "0", a text field's text.
    open var accessibilityValue: String? {
        get { accessibilityStore.value ?? builtInAccessibility.value }
        set { accessibilityStore.value = newValue }
    }

    /// What activating the element does ("Plays the song"), when the label does not say.
    open var accessibilityHint: String? {
        get { accessibilityStore.hint }
        set { accessibilityStore.hint = newValue }
    }

    /// What the element is and what state it is in: button, header, selected, not enabled…
    open var accessibilityTraits: UIAccessibilityTraits {
        get { accessibilityStore.traits ?? builtInAccessibility.traits }
        set { accessibilityStore.traits = newValue }
    }

    /// A string that identifies the element for tests and automation; never spoken.
    open var accessibilityIdentifier: String? {
        get { accessibilityStore.identifier }
        set { accessibilityStore.identifier = newValue }
    }

    /// The element's frame in screen (window) coordinates. Defaults to the view's bounds
    /// converted to its window; setting it fixes the rectangle until set to `.zero`.
    open var accessibilityFrame: CGRect {
        get {
            if let frame = accessibilityStore.frame { return frame }
            return convert(bounds, to: nil)
        }
        set { accessibilityStore.frame = newValue == .zero ? nil : newValue }
    }

    /// Where a tap or VoiceOver's double-tap lands, in screen (window) coordinates: the
    /// middle of ``accessibilityFrame`` unless set (or, for a table row read as the switch
    /// it holds, the switch).
    open var accessibilityActivationPoint: CGPoint {
        get {
            if let point = accessibilityStore.activationPoint ?? builtInAccessibility.activationPoint { return point }
            let frame = accessibilityFrame
            return CGPoint(x: frame.midX, y: frame.midY)
        }
        set { accessibilityStore.activationPoint = newValue }
    }

    /// The elements inside this container, in the order they are read: views or
    /// ``UIAccessibilityElement``s. When nil the subviews are visited instead.
    open var accessibilityElements: [Any]? {
        get { accessibilityStore.elements ?? builtInAccessibilityElements }
        set { accessibilityStore.elements = newValue }
    }

    /// Whether the elements in this view (and the view itself) are hidden from assistive
    /// technologies, though still drawn.
    open var accessibilityElementsHidden: Bool {
        get { accessibilityStore.elementsHidden }
        set { accessibilityStore.elementsHidden = newValue }
    }

    /// Whether assistive technologies ignore the elements of this view's siblings, as for
    /// an alert over the screen. Alerts and action sheets are modal.
    open var accessibilityViewIsModal: Bool {
        get { accessibilityStore.viewIsModal ?? builtInAccessibility.viewIsModal }
        set { accessibilityStore.viewIsModal = newValue }
    }

    /// Whether the elements inside this view are read together, before those beside it,
    /// whatever their positions on screen.
    open var shouldGroupAccessibilityChildren: Bool {
        get { accessibilityStore.groupsChildren }
        set { accessibilityStore.groupsChildren = newValue }
    }

    /// Actions offered besides activation (VoiceOver's Actions rotor).
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]? {
        get { accessibilityStore.customActions }
        set { accessibilityStore.customActions = newValue }
    }

    /// Performs the element's default action without a touch; returns whether it did.
    /// The default returns false, and the assistive technology taps the activation point.
    open func accessibilityActivate() -> Bool { false }

    /// Raises an adjustable element's value (a slider moves up by a tenth of its range, a
    /// stepper by its step).
    open func accessibilityIncrement() { adjustBuiltInValue(by: 1) }

    /// Lowers an adjustable element's value.
    open func accessibilityDecrement() { adjustBuiltInValue(by: -1) }
}

extension UIView.ContentMode {
    var gravity: CALayerContentsGravity {
        switch self {
        case .scaleToFill, .redraw: .resize
        case .scaleAspectFit: .resizeAspect
        case .scaleAspectFill: .resizeAspectFill
        case .center: .center
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .topLeft: .topLeft
        case .topRight: .topRight
        case .bottomLeft: .bottomLeft
        case .bottomRight: .bottomRight
        }
    }
}

extension UIView {
    /// The tint set on this view itself (nil: it inherits one), for appearance proxies.
    var ownTintColor: UIColor? { _tintColor }
}
