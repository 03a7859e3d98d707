import Foundation

/// Lays out a row or a column of views — its arranged subviews — with constraints it
/// makes and keeps up to date itself, as UIKit's does.
///
/// Along the ``axis`` the views follow one another ``spacing`` apart (or their custom
/// spacing), the first at the stack's leading (top) edge and the last at its trailing
/// (bottom) edge; ``distribution`` says how they share the length, from their intrinsic
/// sizes (`.fill`, `.fillProportionally`) to equal sizes or equal gaps. Across the axis
/// ``alignment`` places each one. A hidden arranged subview collapses to nothing, with
/// no spacing around it — inside an animation block, with `layoutIfNeeded()`, the others
/// close up smoothly. The stack view draws nothing itself.
@preconcurrency @MainActor
open class UIStackView: UIView {
    /// How the arranged subviews share the stack's length.
    public enum Distribution: Int, Sendable {
        /// They keep their intrinsic sizes; the one that hugs least takes what is left over.
        case fill = 0
        /// Each is as long as the others.
        case fillEqually = 1
        /// Each is as long as its intrinsic size is a share of theirs together.
        case fillProportionally = 2
        /// They keep their intrinsic sizes and the gaps between them are equal (at least ``spacing``).
        case equalSpacing = 3
        /// Their centres are equally far apart (their gaps at least ``spacing``).
        case equalCentering = 4
    }

    /// Where each arranged subview sits across the axis.
    public enum Alignment: Int, Sendable {
        /// Stretched to the stack's width (height).
        case fill = 0
        /// At the leading edge of a vertical stack; the top of a horizontal one (`.top`).
        case leading = 1
        /// By first baselines (Tabula: as `.top`).
        case firstBaseline = 2
        /// Centred.
        case center = 3
        /// At the trailing edge of a vertical stack; the bottom of a horizontal one (`.bottom`).
        case trailing = 4
        /// By last baselines (Tabula: as `.bottom`).
        case lastBaseline = 5

        /// At the top of a horizontal stack.
        public static let top = Alignment.leading
        /// At the bottom of a horizontal stack.
        public static let bottom = Alignment.trailing
    }

    /// The views the stack lays out, in order.
    public private(set) var arrangedSubviews: [UIView] = []

    /// The direction views follow one another (default `.horizontal`).
    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { setNeedsArrangement() } }
    /// How the views share the length (default `.fill`).
    open var distribution: Distribution = .fill { didSet { setNeedsArrangement() } }
    /// Where the views sit across the axis (default `.fill`).
    open var alignment: Alignment = .fill { didSet { setNeedsArrangement() } }
    /// The space between neighbouring views (default 0). A NaN or infinite spacing is
    /// reported and the spacing stays as it was.
    open var spacing: CGFloat = 0 {
        didSet {
            guard spacing.isFinite else {
                reportSpacing(spacing, "spacing")
                spacing = oldValue
                return
            }
            setNeedsArrangement()
        }
    }
    /// Whether the views are laid out inside the stack's ``UIView/layoutMargins`` (default false).
    open var isLayoutMarginsRelativeArrangement = false { didSet { setNeedsArrangement() } }
    /// Whether vertical spacing is measured between baselines; accepted (Tabula measures between edges).
    open var isBaselineRelativeArrangement = false

    /// The value of ``customSpacing(after:)`` for a view without a custom spacing.
    public static let spacingUseDefault: CGFloat = .greatestFiniteMagnitude
    /// A spacing value that asks for the system's standard spacing (Tabula: 8 points).
    public static let spacingUseSystem: CGFloat = -.greatestFiniteMagnitude

    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    /// The constraints the stack made for its arrangement.
    private var arrangement: [NSLayoutConstraint] = []
    /// Invisible views between arranged subviews for the equal-spacing distributions.
    private var spacers: [UIView] = []

    /// Creates an empty horizontal stack.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = nil
        isOpaque = false
    }

    /// Creates a horizontal stack of `views`.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// Creates a stack from a storyboard or nib, with the file's properties set before it
    /// returns (see ``UIView/init(coder:)``); given another coder, an empty horizontal
    /// stack. Unlike other views this initializer cannot fail, as UIKit declares it, so
    /// subclasses' `required init(coder:)` can call it.
    public required init(coder: NSCoder) {
        super.init(frame: (coder as? InterfaceBuilderCoder)?.values["UIFrame"] as? CGRect ?? .zero)
        backgroundColor = nil
        isOpaque = false
        InterfaceBuilderCoder.decode(coder, into: self, at: UIStackView.self)
    }

    /// Appends `view` to the arranged subviews (and adds it as a subview).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` into the arranged subviews at `stackIndex` (clamped), adding it as a subview.
    /// The stack itself, one of its ancestors, or a view past the depth limit is refused
    /// by `addSubview(_:)` (and reported there): it is not arranged either.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        if view.superview !== self {
            addSubview(view)
            guard view.superview === self else { return }
        }
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: max(0, min(stackIndex, arrangedSubviews.count)))
        view.translatesAutoresizingMaskIntoConstraints = false
        setNeedsArrangement()
    }

    /// Stops arranging `view`; it stays a subview (remove it with `removeFromSuperview()`,
    /// which also stops arranging it).
    open func removeArrangedSubview(_ view: UIView) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        setNeedsArrangement()
    }

    /// Uses `spacing` after `arrangedSubview` instead of the stack's ``spacing``. A NaN or
    /// infinite spacing is reported and the view keeps the spacing it had.
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        guard spacing.isFinite else { return reportSpacing(spacing, "setCustomSpacing(_:after:)") }
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing
        setNeedsArrangement()
    }

    /// The custom spacing after `arrangedSubview`, or ``spacingUseDefault``.
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    /// An arranged subview left the stack's subviews: it is no longer arranged.
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        if arrangedSubviews.contains(where: { $0 === subview }) {
            arrangedSubviews.removeAll { $0 === subview }
            setNeedsArrangement()
        }
    }

    /// New margins move the arranged subviews when they are laid out relative to them.
    open override func layoutMarginsDidChange() {
        super.layoutMarginsDidChange()
        if isLayoutMarginsRelativeArrangement { setNeedsArrangement() }
    }

    func arrangedSubviewVisibilityDidChange(_ view: UIView) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        rearrange()
    }

    private var needsArrangement = false

    private func setNeedsArrangement() {
        needsArrangement = true
        rearrange()
    }

    // MARK: The constraints

    /// Replaces the stack's constraints with ones for the current arrangement.
    private func rearrange() {
        needsArrangement = false
        NSLayoutConstraint.deactivate(arrangement)
        arrangement = []
        for spacer in spacers { spacer.removeFromSuperview() }
        spacers = []
        guard !arrangedSubviews.isEmpty else { return }

        let horizontal = axis == .horizontal
        let leading: NSLayoutConstraint.Attribute = horizontal ? .leading : .top
        let trailing: NSLayoutConstraint.Attribute = horizontal ? .trailing : .bottom
        let length: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        let center: NSLayoutConstraint.Attribute = horizontal ? .centerX : .centerY
        let crossLeading: NSLayoutConstraint.Attribute = horizontal ? .top : .leading
        let crossTrailing: NSLayoutConstraint.Attribute = horizontal ? .bottom : .trailing
        let crossCenter: NSLayoutConstraint.Attribute = horizontal ? .centerY : .centerX
        let crossLength: NSLayoutConstraint.Attribute = horizontal ? .height : .width
        // Leading and trailing margins: the directional ones, as the constraints flip right to left.
        let m = isLayoutMarginsRelativeArrangement ? directionalLayoutMargins : NSDirectionalEdgeInsets()
        let inset = (leading: horizontal ? m.leading : m.top, trailing: horizontal ? m.trailing : m.bottom,
                     crossLeading: horizontal ? m.top : m.leading, crossTrailing: horizontal ? m.bottom : m.trailing)
        // Each constraint carries UIKit's identifier for its part, which conflict reports show.
        func make(_ identifier: String, _ a: UIView, _ attrA: NSLayoutConstraint.Attribute, _ relation: NSLayoutConstraint.Relation,
                  _ b: UIView?, _ attrB: NSLayoutConstraint.Attribute, multiplier: CGFloat = 1, _ constant: CGFloat = 0,
                  priority: UILayoutPriority = .required) {
            let c = NSLayoutConstraint(item: a, attribute: attrA, relatedBy: relation, toItem: b, attribute: attrB,
                                       multiplier: multiplier, constant: constant)
            c.priority = priority
            c.identifier = identifier
            arrangement.append(c)
        }
        let visible = arrangedSubviews.filter { !$0.isHidden }

        // Along the axis: a chain from edge to edge. Hidden views collapse to zero length
        // where they are, with no spacing.
        var previous: UIView?
        var lastVisible: UIView?
        for view in arrangedSubviews {
            if view.isHidden { make("UISV-hiding", view, length, .equal, nil, .notAnAttribute, 0) }
            if let previous {
                // One spacing between visible neighbours, whatever is hidden between them.
                let gap = view.isHidden || lastVisible == nil ? 0 : spacing(after: lastVisible!)
                switch distribution {
                case .equalSpacing, .equalCentering:
                    make("UISV-spacing", view, leading, .greaterThanOrEqual, previous, trailing, gap)
                default:
                    make("UISV-spacing", view, leading, .equal, previous, trailing, gap)
                }
            } else {
                make("UISV-canvas-connection", view, leading, .equal, self, leading, inset.leading)
            }
            previous = view
            if !view.isHidden { lastVisible = view }
        }
        if let last = arrangedSubviews.last {
            make("UISV-canvas-connection", last, trailing, .equal, self, trailing, -inset.trailing)
        }

        switch distribution {
        case .fill:
            break
        case .fillEqually:
            for view in visible.dropFirst() { make("UISV-fill-equally", view, length, .equal, visible[0], length) }
        case .fillProportionally:
            let sizes = visible.map { horizontal ? $0.intrinsicContentSize.width : $0.intrinsicContentSize.height }
            if let firstIndex = sizes.firstIndex(where: { $0 > 0 }) {
                for (i, view) in visible.enumerated() where i != firstIndex && sizes[i] > 0 {
                    make("UISV-fill-proportionally", view, length, .equal, visible[firstIndex], length,
                         multiplier: sizes[i] / sizes[firstIndex])
                }
            }
        case .equalSpacing, .equalCentering:
            // Invisible spacers between neighbours (edges, or centres), all of one length.
            let byCenters = distribution == .equalCentering
            for (a, b) in zip(visible, visible.dropFirst()) {
                let spacer = UIView(frame: .zero)
                spacer.isHidden = true
                spacer.isUserInteractionEnabled = false
                spacer.translatesAutoresizingMaskIntoConstraints = false
                addSubview(spacer)
                spacers.append(spacer)
                make("UISV-distributing-edge", spacer, leading, .equal, a, byCenters ? center : trailing)
                make("UISV-distributing-edge", spacer, trailing, .equal, b, byCenters ? center : leading)
                make("UISV-ambiguity-suppression", spacer, crossLength, .equal, nil, .notAnAttribute, 0)
                make("UISV-ambiguity-suppression", spacer, crossLeading, .equal, self, crossLeading)
            }
            for spacer in spacers.dropFirst() { make("UISV-distributing", spacer, length, .equal, spacers[0], length) }
        }

        // Across the axis.
        for view in arrangedSubviews {
            switch alignment {
            case .fill:
                make("UISV-canvas-connection", view, crossLeading, .equal, self, crossLeading, inset.crossLeading)
                make("UISV-canvas-connection", view, crossTrailing, .equal, self, crossTrailing, -inset.crossTrailing)
            case .leading, .firstBaseline:
                make("UISV-canvas-connection", view, crossLeading, .equal, self, crossLeading, inset.crossLeading)
                make("UISV-spanning-boundary", view, crossTrailing, .lessThanOrEqual, self, crossTrailing, -inset.crossTrailing)
            case .trailing, .lastBaseline:
                make("UISV-canvas-connection", view, crossTrailing, .equal, self, crossTrailing, -inset.crossTrailing)
                make("UISV-spanning-boundary", view, crossLeading, .greaterThanOrEqual, self, crossLeading, inset.crossLeading)
            case .center:
                make("UISV-canvas-connection", view, crossCenter, .equal, self, crossCenter,
                     (inset.crossLeading - inset.crossTrailing) / 2)
                make("UISV-spanning-boundary", view, crossLeading, .greaterThanOrEqual, self, crossLeading, inset.crossLeading)
            }
        }
        if alignment != .fill {
            // Nothing else holds the stack's breadth: it hugs its tallest (widest) view.
            make("UISV-spanning-fit", self, crossLength, .equal, nil, .notAnAttribute, 0, priority: UILayoutPriority(49))
        }
        NSLayoutConstraint.activate(arrangement)
        setNeedsLayout()
    }

    private func spacing(after view: UIView) -> CGFloat {
        let custom = customSpacings[ObjectIdentifier(view)] ?? spacing
        if custom == Self.spacingUseDefault { return spacing }
        if custom == Self.spacingUseSystem { return 8 }
        return custom
    }

    private func reportSpacing(_ value: CGFloat, _ call: String) {
        reportProblem("\(type(of: self)).\(call): a spacing of \(value) is not a finite length; the spacing was not "
                      + "changed")
    }

    /// The stack view draws nothing.
    open override func draw(_ rect: CGRect) {}
}
