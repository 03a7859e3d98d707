import Foundation

/// A rectangle that takes part in Auto Layout like a view but draws nothing and gets no
/// touches: the space between views, or a view's margins, safe area or readable width.
///
/// Add your own with ``UIView/addLayoutGuide(_:)`` and constrain it with its anchors; its
/// ``layoutFrame`` is in the owning view's coordinates after layout. Every view also has
/// ``UIView/layoutMarginsGuide``, ``UIView/safeAreaLayoutGuide`` and
/// ``UIView/readableContentGuide``, which follow the view's edges inset by its margins,
/// its safe area, or to a readable line length.
@preconcurrency @MainActor
open class UILayoutGuide {
    /// A name for the guide, shown in reports.
    open var identifier = ""
    /// The view the guide belongs to (set by ``UIView/addLayoutGuide(_:)``).
    open weak var owningView: UIView? {
        get { proxy.superview }
        set {
            if let newValue { newValue.addLayoutGuide(self) } else { owningView?.removeLayoutGuide(self) }
        }
    }
    /// The guide's rectangle in the owning view's coordinates, as the last layout left it.
    open var layoutFrame: CGRect { proxy.frame }

    /// The stand-in the solver places: a view that is never in its superview's subviews.
    let proxy = LayoutGuideProxy(frame: .zero)

    /// Called after the solver (or anything else) moved or resized the guide, for a guide
    /// whose owner follows it by hand (a list cell's separator guide).
    package var layoutFrameDidChange: (@MainActor () -> Void)?

    /// Creates a guide; add it to a view to use it.
    public init() {
        proxy.guide = self
    }

    /// The leading edge.
    open var leadingAnchor: NSLayoutXAxisAnchor { proxy.leadingAnchor }
    /// The trailing edge.
    open var trailingAnchor: NSLayoutXAxisAnchor { proxy.trailingAnchor }
    /// The left edge.
    open var leftAnchor: NSLayoutXAxisAnchor { proxy.leftAnchor }
    /// The right edge.
    open var rightAnchor: NSLayoutXAxisAnchor { proxy.rightAnchor }
    /// The top edge.
    open var topAnchor: NSLayoutYAxisAnchor { proxy.topAnchor }
    /// The bottom edge.
    open var bottomAnchor: NSLayoutYAxisAnchor { proxy.bottomAnchor }
    /// The width.
    open var widthAnchor: NSLayoutDimension { proxy.widthAnchor }
    /// The height.
    open var heightAnchor: NSLayoutDimension { proxy.heightAnchor }
    /// The horizontal centre.
    open var centerXAnchor: NSLayoutXAxisAnchor { proxy.centerXAnchor }
    /// The vertical centre.
    open var centerYAnchor: NSLayoutYAxisAnchor { proxy.centerYAnchor }
}

/// A layout guide's stand-in for the solver: it has a superview (the owning view) but is
/// not among its subviews, so it is never drawn, hit or counted.
@MainActor
final class LayoutGuideProxy: UIView {
    weak var guide: UILayoutGuide?

    override init(frame: CGRect) {
        super.init(frame: frame)
        translatesAutoresizingMaskIntoConstraints = false
        isHidden = true
        isUserInteractionEnabled = false
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    // The solver sets a view's bounds size, then its centre.
    override var center: CGPoint {
        didSet { if center != oldValue { guide?.layoutFrameDidChange?() } }
    }

    override var bounds: CGRect {
        didSet { if bounds != oldValue { guide?.layoutFrameDidChange?() } }
    }
}

/// A scroll view's ``UIScrollView/contentLayoutGuide`` or ``UIScrollView/frameLayoutGuide``:
/// the constraint system places it (see `ConstraintSystem.pinScrollArea`).
@MainActor
final class ScrollAreaGuide: UILayoutGuide {
    enum Area { case content, frame }
    let area: Area

    init(_ area: Area, of scroll: UIScrollView) {
        self.area = area
        super.init()
        identifier = area == .content ? "UIScrollView-contentLayoutGuide" : "UIScrollView-frameLayoutGuide"
        proxy.superview = scroll
    }
}

/// The system guides of a view: its margins, safe area and readable width, kept in
/// step with them by constraints whose constants follow the insets.
///
/// (Readable without isolation, so that the view's `deinit` can let go of the guides.)
@MainActor
final class SystemGuides {
    nonisolated(unsafe) var margins: (guide: UILayoutGuide, edges: [NSLayoutConstraint])?
    nonisolated(unsafe) var safeArea: (guide: UILayoutGuide, edges: [NSLayoutConstraint])?
    nonisolated(unsafe) var readable: (guide: UILayoutGuide, edges: [NSLayoutConstraint])?
    /// The keyboard guide and the constraint placing its top above the view's bottom.
    nonisolated(unsafe) var keyboard: (guide: UIKeyboardLayoutGuide, top: NSLayoutConstraint)?
    /// A scroll view's content and frame guides.
    nonisolated(unsafe) var scrollContent: UILayoutGuide?
    nonisolated(unsafe) var scrollFrame: UILayoutGuide?

    /// Every guide made, for letting go of them.
    nonisolated var all: [UILayoutGuide] {
        [margins?.guide, safeArea?.guide, readable?.guide, keyboard?.guide, scrollContent, scrollFrame].compactMap { $0 }
    }
}

extension UIView {
    /// The margins, safe area and readable guides, made on first use.
    var systemGuides: SystemGuides {
        if let existing = systemGuideStorage { return existing }
        let made = SystemGuides()
        systemGuideStorage = made
        return made
    }

    /// The guides added to this view, in order (the system guides are not listed).
    public var layoutGuides: [UILayoutGuide] { ownedGuides }

    /// Makes `layoutGuide` belong to this view (moving it from another).
    public func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        if let old = layoutGuide.proxy.superview, old !== self { old.removeLayoutGuide(layoutGuide) }
        guard layoutGuide.proxy.superview !== self else { return }
        layoutGuide.proxy.superview = self
        ownedGuides.append(layoutGuide)
    }

    /// Removes `layoutGuide` from this view; the constraints that mention it are deactivated.
    public func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard layoutGuide.proxy.superview === self else { return }
        layoutGuide.proxy.deactivateConstraintsLeavingWithView()
        ownedGuides.removeAll { $0 === layoutGuide }
        layoutGuide.proxy.superview = nil
    }

    /// A guide inset from the view's edges by its ``layoutMargins`` — measured from the
    /// safe area when ``insetsLayoutMarginsFromSafeArea`` is true, as by default.
    public var layoutMarginsGuide: UILayoutGuide {
        if let existing = systemGuides.margins { return existing.guide }
        let guide = makeSystemGuide("UIViewLayoutMarginsGuide")
        systemGuides.margins = (guide, pinEdges(of: guide))
        updateSystemGuides()
        return guide
    }

    /// A guide inset from the view's edges by its ``safeAreaInsets``.
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let existing = systemGuides.safeArea { return existing.guide }
        let guide = makeSystemGuide("UIViewSafeAreaLayoutGuide")
        systemGuides.safeArea = (guide, pinEdges(of: guide))
        updateSystemGuides()
        return guide
    }

    /// A guide for text: inside the layout margins and at most 672 points wide, centred
    /// (lines longer than that are hard to read).
    public var readableContentGuide: UILayoutGuide {
        if let existing = systemGuides.readable { return existing.guide }
        let guide = makeSystemGuide("UIViewReadableContentGuide")
        let fill = guide.proxy.widthAnchor.constraint(equalTo: widthAnchor)
        fill.priority = UILayoutPriority(750)
        let edges = [
            guide.proxy.leftAnchor.constraint(greaterThanOrEqualTo: leftAnchor),
            guide.proxy.rightAnchor.constraint(lessThanOrEqualTo: rightAnchor),
            guide.proxy.topAnchor.constraint(equalTo: topAnchor),
            guide.proxy.bottomAnchor.constraint(equalTo: bottomAnchor),
            guide.proxy.centerXAnchor.constraint(equalTo: centerXAnchor),
            guide.proxy.widthAnchor.constraint(lessThanOrEqualToConstant: Self.readableWidth),
            fill,
        ]
        NSLayoutConstraint.activate(edges)
        systemGuides.readable = (guide, edges)
        updateSystemGuides()
        return guide
    }

    /// The widest readable line, in points (for the default body text size).
    package static let readableWidth: CGFloat = 672

    private func makeSystemGuide(_ identifier: String) -> UILayoutGuide {
        let guide = UILayoutGuide()
        guide.identifier = identifier
        guide.proxy.superview = self
        return guide
    }

    /// Left, top, right and bottom pinned to this view's edges; the constants follow insets.
    private func pinEdges(of guide: UILayoutGuide) -> [NSLayoutConstraint] {
        let edges = [
            guide.proxy.leftAnchor.constraint(equalTo: leftAnchor),
            guide.proxy.topAnchor.constraint(equalTo: topAnchor),
            guide.proxy.rightAnchor.constraint(equalTo: rightAnchor),
            guide.proxy.bottomAnchor.constraint(equalTo: bottomAnchor),
        ]
        NSLayoutConstraint.activate(edges)
        return edges
    }

    /// The insets of the margins guide: the margins, from the safe area's edges when asked.
    var effectiveMarginInsets: UIEdgeInsets {
        let m = layoutMargins
        guard insetsLayoutMarginsFromSafeArea else { return m }
        let s = safeAreaInsets
        return UIEdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
    }

    /// Sets the system guides' constants from the current margins and safe area.
    func updateSystemGuides() {
        guard let systemGuides = systemGuideStorage else { return }
        func apply(_ edges: [NSLayoutConstraint], _ insets: UIEdgeInsets) {
            guard edges.count == 4 else { return }
            let values = [insets.left, insets.top, -insets.right, -insets.bottom]
            for (constraint, value) in zip(edges, values) where constraint.constant != value { constraint.constant = value }
        }
        if let margins = systemGuides.margins { apply(margins.edges, effectiveMarginInsets) }
        if let safe = systemGuides.safeArea { apply(safe.edges, safeAreaInsets) }
        if let keyboard = systemGuides.keyboard {
            let height = keyboardGuideHeight(usesBottomSafeArea: keyboard.guide.usesBottomSafeArea)
            if keyboard.top.constant != -height { keyboard.top.constant = -height }
        }
        if let readable = systemGuides.readable {
            let m = effectiveMarginInsets
            if readable.edges[0].constant != m.left { readable.edges[0].constant = m.left }
            if readable.edges[1].constant != -m.right { readable.edges[1].constant = -m.right }
            let fill = readable.edges[6]
            if fill.constant != -(m.left + m.right) { fill.constant = -(m.left + m.right) }
        }
    }
}
