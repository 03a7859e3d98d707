import Foundation

/// The less common UIView API: tint adjustment, content size limits, trait overrides,
/// layout regions, property updates, and the values Tabula keeps for code written for iOS
/// although nothing on Linux uses them (motion effects, the large content viewer, focus
/// groups, Smart Invert).
extension UIView {
    /// How a view shows its tint colour (``UIView/tintAdjustmentMode``).
    public enum TintAdjustmentMode: Int, Sendable {
        /// The mode of the nearest ancestor that sets one; `.normal` when none does.
        case automatic
        /// The tint colour as set.
        case normal
        /// A desaturated grey of the tint colour: the views behind an alert.
        case dimmed
    }

    // MARK: Traits

    /// Brings the traits of this view and its subviews up to date now (iOS 17), instead of
    /// at the next layout: each view whose traits changed hears `traitCollectionDidChange(_:)`.
    /// Outside a window traits are computed whenever they are read, and nothing is due.
    public func updateTraitsIfNeeded() {
        traitsMayHaveChanged()
    }

    /// A description of the Dynamic Type limits this view's traits go through (its own
    /// ``minimumContentSizeCategory`` and ``maximumContentSizeCategory`` and those of its
    /// ancestors), one line per view that sets any, nearest first; empty when none does.
    /// For debugging, as in UIKit.
    public var appliedContentSizeCategoryLimitsDescription: String {
        var lines: [String] = []
        var view: UIView? = self
        while let v = view {
            if v.minimumContentSizeCategory != nil || v.maximumContentSizeCategory != nil {
                let min = v.minimumContentSizeCategory.map { "minimum: \($0.rawValue)" }
                let max = v.maximumContentSizeCategory.map { "maximum: \($0.rawValue)" }
                lines.append("<\(type(of: v))>: " + [min, max].compactMap { $0 }.joined(separator: ", "))
            }
            view = v.superview
        }
        return lines.joined(separator: "\n")
    }

    /// `category` held between this view's minimum and maximum content size categories
    /// (an unspecified category is left alone).
    func limitedContentSizeCategory(_ category: UIContentSizeCategory) -> UIContentSizeCategory {
        guard category != .unspecified else { return category }
        var result = category
        if let minimum = minimumContentSizeCategory, minimum != .unspecified, result < minimum { result = minimum }
        if let maximum = maximumContentSizeCategory, maximum != .unspecified, result > maximum { result = maximum }
        return result
    }

    // MARK: Property updates

    /// Asks for ``updateProperties()`` before the next layout of the view (iOS 26).
    public func setNeedsUpdateProperties() {
        guard !extras.needsPropertiesUpdate else { return }
        extras.needsPropertiesUpdate = true
        setNeedsLayout()
    }

    /// Runs ``updateProperties()`` now if ``setNeedsUpdateProperties()`` asked for it, with
    /// the view's traits as the current traits.
    public func updatePropertiesIfNeeded() {
        guard extras.needsPropertiesUpdate else { return }
        extras.needsPropertiesUpdate = false
        traitCollection.performAsCurrent { updateProperties() }
    }

    /// Whether ``updateProperties()`` is due.
    var needsPropertiesUpdate: Bool { extras.needsPropertiesUpdate }

    // MARK: Layout regions

    /// A region of a view that content is laid out in (iOS 26): its safe area, its layout
    /// margins or its readable content area, as insets from the bounds
    /// (``UIView/edgeInsets(for:)``) or as a layout guide (``UIView/layoutGuide(for:)``).
    public struct LayoutRegion: Hashable, Sendable {
        /// The axis along which a region gives way to the rounded corners of a window.
        public enum AdaptivityAxis: Hashable, Sendable {
            /// The region's left and right edges move in.
            case horizontal
            /// The region's top and bottom edges move in.
            case vertical
        }

        enum Kind: Hashable, Sendable { case safeArea, margins, readableContent }
        let kind: Kind
        /// The axis asked for; Tabula's windows have square corners, so it changes nothing.
        let cornerAdaptation: AdaptivityAxis?

        /// The safe area (``UIView/safeAreaInsets``). Tabula's windows have square corners,
        /// so `cornerAdaptation` changes nothing.
        public static func safeArea(cornerAdaptation: AdaptivityAxis? = nil) -> LayoutRegion {
            LayoutRegion(kind: .safeArea, cornerAdaptation: cornerAdaptation)
        }

        /// The layout margins (``UIView/layoutMargins``, measured from the safe area when
        /// ``UIView/insetsLayoutMarginsFromSafeArea`` is set). `cornerAdaptation` changes nothing.
        public static func margins(cornerAdaptation: AdaptivityAxis? = nil) -> LayoutRegion {
            LayoutRegion(kind: .margins, cornerAdaptation: cornerAdaptation)
        }

        /// The readable content area (``UIView/readableContentGuide``): inside the margins,
        /// at most 672 points wide. `cornerAdaptation` changes nothing.
        public static func readableContent(cornerAdaptation: AdaptivityAxis? = nil) -> LayoutRegion {
            LayoutRegion(kind: .readableContent, cornerAdaptation: cornerAdaptation)
        }
    }

    /// How far `layoutRegion` lies inside the view's bounds, edge by edge (iOS 26).
    public func edgeInsets(for layoutRegion: LayoutRegion) -> UIEdgeInsets {
        switch layoutRegion.kind {
        case .safeArea:
            return safeAreaInsets
        case .margins:
            let margins = layoutMargins
            guard insetsLayoutMarginsFromSafeArea else { return margins }
            let safe = safeAreaInsets
            return UIEdgeInsets(top: safe.top + margins.top, left: safe.left + margins.left,
                                bottom: safe.bottom + margins.bottom, right: safe.right + margins.right)
        case .readableContent:
            let margins = edgeInsets(for: .margins())
            let inner = bounds.width - margins.left - margins.right
            let extra = max(0, inner - UIView.readableWidth) / 2
            return UIEdgeInsets(top: margins.top, left: margins.left + extra,
                                bottom: margins.bottom, right: margins.right + extra)
        }
    }

    /// How far `layoutRegion` lies inside the view's bounds, as leading and trailing insets
    /// (Tabula lays out left to right, so leading is left).
    public func directionalEdgeInsets(for layoutRegion: LayoutRegion) -> NSDirectionalEdgeInsets {
        let insets = edgeInsets(for: layoutRegion)
        return NSDirectionalEdgeInsets(top: insets.top, leading: insets.left, bottom: insets.bottom,
                                       trailing: insets.right)
    }

    /// A layout guide that follows `layoutRegion`: the view's ``safeAreaLayoutGuide``,
    /// ``layoutMarginsGuide`` or ``readableContentGuide`` (the same guide each time).
    public func layoutGuide(for layoutRegion: LayoutRegion) -> UILayoutGuide {
        switch layoutRegion.kind {
        case .safeArea: safeAreaLayoutGuide
        case .margins: layoutMarginsGuide
        case .readableContent: readableContentGuide
        }
    }

    // MARK: Constraints

    /// The active constraints that take part in placing this view along `axis`: those of
    /// its layout root's system that name this view with an attribute of that axis (left,
    /// right, leading, trailing, width or centre X; top, bottom, height, centre Y or a
    /// baseline). For debugging, as in UIKit; empty for a view placed by its autoresizing mask.
    public func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        let root = (superview ?? self).constraintLayoutRoot
        var installed: [NSLayoutConstraint] = []
        root.collectInstalledConstraints(into: &installed)
        if root !== self, !translatesAutoresizingMaskIntoConstraints || superview == nil {
            var own: [NSLayoutConstraint] = []
            collectInstalledConstraints(into: &own)
            for c in own where !installed.contains(where: { $0 === c }) { installed.append(c) }
        }
        func onAxis(_ attribute: NSLayoutConstraint.Attribute) -> Bool {
            switch attribute.withoutMargins ?? attribute {
            case .left, .right, .leading, .trailing, .width, .centerX: axis == .horizontal
            case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline: axis == .vertical
            default: false
            }
        }
        return installed.filter { c in
            (c.firstView === self && onAxis(c.firstAttribute)) || (c.secondView === self && onAxis(c.secondAttribute))
        }
    }

    // MARK: Motion effects

    /// The motion effects attached to the view, in the order they were added. Tabula
    /// stores them: there is no device motion on Linux, so they never move the view.
    public var motionEffects: [UIMotionEffect] {
        get { extras.motionEffects }
        set { extras.motionEffects = newValue }
    }

    /// Attaches `effect` to the view (once; adding it again does nothing). It is stored
    /// only: with no device motion on Linux it never changes the view.
    public func addMotionEffect(_ effect: UIMotionEffect) {
        guard !extras.motionEffects.contains(where: { $0 === effect }) else { return }
        extras.motionEffects.append(effect)
    }

    /// Detaches `effect`; does nothing when it is not attached.
    public func removeMotionEffect(_ effect: UIMotionEffect) {
        extras.motionEffects.removeAll { $0 === effect }
    }

    // MARK: Accessibility

    /// Whether Smart Invert leaves the view's content as it is (for photos and video);
    /// false by default. Tabula stores it: it has no Smart Invert, and draws every view
    /// with its colours as they are.
    public var accessibilityIgnoresInvertColors: Bool {
        get { extras.ignoresInvertColors }
        set { extras.ignoresInvertColors = newValue }
    }

    /// Whether the large content viewer shows this view's title and image when it is
    /// long-pressed at the largest text sizes; false by default. Tabula stores it: it has
    /// no large content viewer (no `UILargeContentViewerInteraction`).
    public var showsLargeContentViewer: Bool {
        get { extras.showsLargeContentViewer }
        set { extras.showsLargeContentViewer = newValue }
    }

    /// The title the large content viewer would show; nil by default. Stored only (Tabula
    /// has no large content viewer).
    public var largeContentTitle: String? {
        get { extras.largeContentTitle }
        set { extras.largeContentTitle = newValue }
    }

    /// The image the large content viewer would show; nil by default. Stored only.
    public var largeContentImage: UIImage? {
        get { extras.largeContentImage }
        set { extras.largeContentImage = newValue }
    }

    /// Whether the large content viewer would scale ``largeContentImage`` up; false by
    /// default. Stored only.
    public var scalesLargeContentImage: Bool {
        get { extras.scalesLargeContentImage }
        set { extras.scalesLargeContentImage = newValue }
    }

    /// Insets the large content viewer would apply to ``largeContentImage``; zero by
    /// default. Stored only.
    public var largeContentImageInsets: UIEdgeInsets {
        get { extras.largeContentImageInsets }
        set { extras.largeContentImageInsets = newValue }
    }

    // MARK: Focus groups

    /// The identifier of the focus group the view starts (for keyboard focus on iPad);
    /// nil by default. Tabula stores it: it has no focus engine.
    public var focusGroupIdentifier: String? {
        get { extras.focusGroupIdentifier }
        set { extras.focusGroupIdentifier = newValue }
    }

    /// How strongly the focus engine prefers the view within its focus group; `.ignored`
    /// by default. Tabula stores it: it has no focus engine.
    public var focusGroupPriority: UIFocusGroupPriority {
        get { extras.focusGroupPriority }
        set { extras.focusGroupPriority = newValue }
    }
}

/// The less common UIView values, kept together on the view.
struct ViewExtras {
    var needsPropertiesUpdate = false
    /// The direction of the next ``UIView/exerciseAmbiguityInLayout()`` (toggled first).
    var exercisesForwards = false
    var motionEffects: [UIMotionEffect] = []
    var ignoresInvertColors = false
    var showsLargeContentViewer = false
    var largeContentTitle: String?
    var largeContentImage: UIImage?
    var scalesLargeContentImage = false
    var largeContentImageInsets = UIEdgeInsets.zero
    var focusGroupIdentifier: String?
    var focusGroupPriority = UIFocusGroupPriority.ignored
    /// The storyboard segue selecting this cell triggers.
    var selectionSegue: InterfaceBuilder.SegueTemplate?
    /// The storyboard segue this cell's detail accessory button triggers.
    var accessorySegue: InterfaceBuilder.SegueTemplate?
}

/// How strongly the focus engine prefers an item within its focus group.
public struct UIFocusGroupPriority: RawRepresentable, Hashable, Sendable {
    /// The priority as a number (higher wins).
    public let rawValue: Int
    /// Creates a priority from a number.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The item is not preferred (the default).
    public static let ignored = UIFocusGroupPriority(rawValue: 0)
    /// The item was focused last time the group had focus.
    public static let previouslyFocused = UIFocusGroupPriority(rawValue: 1000)
    /// The item is preferred over previously focused ones.
    public static let prioritized = UIFocusGroupPriority(rawValue: 2000)
    /// The item that has focus now.
    public static let currentlyFocused = UIFocusGroupPriority(rawValue: Int.max)
}

/// A horizontal and vertical offset, such as how far a viewer has tilted the device.
public struct UIOffset: Hashable, Sendable {
    /// The horizontal offset.
    public var horizontal: CGFloat
    /// The vertical offset.
    public var vertical: CGFloat
    /// Creates an offset.
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    /// Creates a zero offset.
    public init() { self.init(horizontal: 0, vertical: 0) }
    /// No offset.
    public static let zero = UIOffset()
}

/// An effect that changes a view's properties as the device tilts (parallax). Attach it
/// with ``UIView/addMotionEffect(_:)``. Tabula has no device motion on Linux: effects are
/// kept on the view but never applied.
open class UIMotionEffect {
    /// Creates a motion effect.
    public init() {}

    /// The key paths of the view to change, and their values relative to the view's, for
    /// a viewer at `viewerOffset` (−1…1 on each axis, 0 when the device is held straight).
    /// The default returns nil (no change); subclasses override it.
    open func keyPathsAndRelativeValues(forViewerOffset viewerOffset: UIOffset) -> [String: Any]? { nil }
}
