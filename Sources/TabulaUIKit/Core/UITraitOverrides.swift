/// Trait values that replace inherited ones for a view and its subviews: UIKit's
/// `UITraitOverrides` (iOS 17), read and changed through ``UIView/traitOverrides``.
///
/// Each trait is either overridden (set here) or inherited. Reading a trait that is not
/// overridden gives its unspecified value. Tabula's traits are the six of
/// ``UITraitCollection``; UIKit's custom traits (`UITraitDefinition`) do not exist here.
public struct UITraitOverrides: Equatable, Sendable {
    private var style: UIUserInterfaceStyle?
    private var category: UIContentSizeCategory?
    private var horizontal: UIUserInterfaceSizeClass?
    private var vertical: UIUserInterfaceSizeClass?
    private var direction: UITraitEnvironmentLayoutDirection?
    private var scale: CGFloat?

    /// No overrides.
    public init() {}

    /// The appearance (light or dark) the subtree takes, whatever it inherits.
    public var userInterfaceStyle: UIUserInterfaceStyle {
        get { style ?? .unspecified }
        set { style = newValue }
    }

    /// The text size (Dynamic Type category) the subtree takes, whatever it inherits.
    public var preferredContentSizeCategory: UIContentSizeCategory {
        get { category ?? .unspecified }
        set { category = newValue }
    }

    /// The horizontal size class the subtree takes.
    public var horizontalSizeClass: UIUserInterfaceSizeClass {
        get { horizontal ?? .unspecified }
        set { horizontal = newValue }
    }

    /// The vertical size class the subtree takes.
    public var verticalSizeClass: UIUserInterfaceSizeClass {
        get { vertical ?? .unspecified }
        set { vertical = newValue }
    }

    /// The layout direction the subtree's traits report (Tabula lays out left to right
    /// whatever they say).
    public var layoutDirection: UITraitEnvironmentLayoutDirection {
        get { direction ?? .unspecified }
        set { direction = newValue }
    }

    /// The display scale the subtree's traits report (pixels per point). Values that are
    /// not positive and finite read as unspecified (0). Backing stores keep the window's
    /// scale.
    public var displayScale: CGFloat {
        get { scale ?? 0 }
        set { scale = newValue.isFinite && newValue > 0 ? newValue : 0 }
    }

    /// True when nothing is overridden.
    var isEmpty: Bool {
        style == nil && category == nil && horizontal == nil && vertical == nil && direction == nil && scale == nil
    }

    /// `traits` with the overridden values put in (an override left at its unspecified
    /// value keeps the inherited one).
    func applied(to traits: UITraitCollection) -> UITraitCollection {
        func pick<T: Equatable>(_ value: T?, _ inherited: T, unspecified: T) -> T {
            guard let value, value != unspecified else { return inherited }
            return value
        }
        return UITraitCollection(
            displayScale: pick(scale, traits.displayScale, unspecified: 0),
            userInterfaceStyle: pick(style, traits.userInterfaceStyle, unspecified: .unspecified),
            preferredContentSizeCategory: pick(category, traits.preferredContentSizeCategory, unspecified: .unspecified),
            horizontalSizeClass: pick(horizontal, traits.horizontalSizeClass, unspecified: .unspecified),
            verticalSizeClass: pick(vertical, traits.verticalSizeClass, unspecified: .unspecified),
            layoutDirection: pick(direction, traits.layoutDirection, unspecified: .unspecified))
    }
}
