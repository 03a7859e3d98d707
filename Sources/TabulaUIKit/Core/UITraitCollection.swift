import Foundation
import Synchronization

/// The traits of an environment that colours, images and views adapt to: UIKit's
/// `UITraitCollection`.
///
/// A trait left at its unspecified value (0 for the scale, `.unspecified` for the others)
/// says nothing, as in UIKit. Trait collections are immutable values that can be passed
/// between threads. A view's collection comes from its window's screen, with the
/// overrides of the view controllers and views above it applied (``UIView/traitCollection``).
public final class UITraitCollection: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Pixels per point (1, 2 or 3); 0 when unspecified.
    public let displayScale: CGFloat
    /// Light or dark appearance.
    public let userInterfaceStyle: UIUserInterfaceStyle
    /// The text size the user prefers.
    public let preferredContentSizeCategory: UIContentSizeCategory
    /// Whether the width is compact (a phone upright) or regular (a tablet).
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    /// Whether the height is compact (a phone on its side) or regular.
    public let verticalSizeClass: UIUserInterfaceSizeClass
    /// The direction in which text and leading-to-trailing layout run.
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    /// The kind of device: a window's is its screen's (`.phone` or `.pad`).
    public let userInterfaceIdiom: UIUserInterfaceIdiom

    init(displayScale: CGFloat, userInterfaceStyle: UIUserInterfaceStyle,
         preferredContentSizeCategory: UIContentSizeCategory,
         horizontalSizeClass: UIUserInterfaceSizeClass, verticalSizeClass: UIUserInterfaceSizeClass,
         layoutDirection: UITraitEnvironmentLayoutDirection, userInterfaceIdiom: UIUserInterfaceIdiom = .unspecified) {
        self.displayScale = displayScale.isFinite && displayScale > 0 ? displayScale : 0
        self.userInterfaceStyle = userInterfaceStyle
        self.preferredContentSizeCategory = preferredContentSizeCategory
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.layoutDirection = layoutDirection
        self.userInterfaceIdiom = userInterfaceIdiom
    }

    /// A trait collection with every trait unspecified.
    public convenience init() {
        self.init(displayScale: 0, userInterfaceStyle: .unspecified, preferredContentSizeCategory: .unspecified,
                  horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified, layoutDirection: .unspecified)
    }

    /// A trait collection specifying only the display scale (not finite or not
    /// positive: unspecified).
    public convenience init(displayScale: CGFloat) {
        self.init(displayScale: displayScale, userInterfaceStyle: .unspecified, preferredContentSizeCategory: .unspecified,
                  horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified, layoutDirection: .unspecified)
    }

    /// A trait collection specifying only the appearance.
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(displayScale: 0, userInterfaceStyle: userInterfaceStyle, preferredContentSizeCategory: .unspecified,
                  horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified, layoutDirection: .unspecified)
    }

    /// A trait collection specifying only the preferred text size.
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.init(displayScale: 0, userInterfaceStyle: .unspecified, preferredContentSizeCategory: preferredContentSizeCategory,
                  horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified, layoutDirection: .unspecified)
    }

    /// A trait collection specifying only the horizontal size class.
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
        self.init(displayScale: 0, userInterfaceStyle: .unspecified, preferredContentSizeCategory: .unspecified,
                  horizontalSizeClass: horizontalSizeClass, verticalSizeClass: .unspecified, layoutDirection: .unspecified)
    }

    /// A trait collection specifying only the vertical size class.
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
        self.init(displayScale: 0, userInterfaceStyle: .unspecified, preferredContentSizeCategory: .unspecified,
                  horizontalSizeClass: .unspecified, verticalSizeClass: verticalSizeClass, layoutDirection: .unspecified)
    }

    /// A trait collection specifying only the layout direction.
    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) {
        self.init(displayScale: 0, userInterfaceStyle: .unspecified, preferredContentSizeCategory: .unspecified,
                  horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified, layoutDirection: layoutDirection)
    }

    /// A trait collection specifying only the kind of device.
    public convenience init(userInterfaceIdiom: UIUserInterfaceIdiom) {
        self.init(displayScale: 0, userInterfaceStyle: .unspecified, preferredContentSizeCategory: .unspecified,
                  horizontalSizeClass: .unspecified, verticalSizeClass: .unspecified, layoutDirection: .unspecified,
                  userInterfaceIdiom: userInterfaceIdiom)
    }

    /// The traits of `traitCollections` merged: for each trait, the value of the last
    /// collection that specifies it.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        func last<T: Equatable>(_ trait: KeyPath<UITraitCollection, T>, unspecified: T) -> T {
            traitCollections.last { $0[keyPath: trait] != unspecified }?[keyPath: trait] ?? unspecified
        }
        self.init(displayScale: last(\.displayScale, unspecified: 0),
                  userInterfaceStyle: last(\.userInterfaceStyle, unspecified: .unspecified),
                  preferredContentSizeCategory: last(\.preferredContentSizeCategory, unspecified: .unspecified),
                  horizontalSizeClass: last(\.horizontalSizeClass, unspecified: .unspecified),
                  verticalSizeClass: last(\.verticalSizeClass, unspecified: .unspecified),
                  layoutDirection: last(\.layoutDirection, unspecified: .unspecified),
                  userInterfaceIdiom: last(\.userInterfaceIdiom, unspecified: .unspecified))
    }

    /// This collection with its appearance replaced.
    func replacing(style: UIUserInterfaceStyle) -> UITraitCollection {
        style == userInterfaceStyle ? self
            : UITraitCollection(displayScale: displayScale, userInterfaceStyle: style,
                                preferredContentSizeCategory: preferredContentSizeCategory,
                                horizontalSizeClass: horizontalSizeClass, verticalSizeClass: verticalSizeClass,
                                layoutDirection: layoutDirection, userInterfaceIdiom: userInterfaceIdiom)
    }

    /// This collection with its size classes replaced.
    func replacing(horizontalSizeClass: UIUserInterfaceSizeClass, verticalSizeClass: UIUserInterfaceSizeClass) -> UITraitCollection {
        horizontalSizeClass == self.horizontalSizeClass && verticalSizeClass == self.verticalSizeClass ? self
            : UITraitCollection(displayScale: displayScale, userInterfaceStyle: userInterfaceStyle,
                                preferredContentSizeCategory: preferredContentSizeCategory,
                                horizontalSizeClass: horizontalSizeClass, verticalSizeClass: verticalSizeClass,
                                layoutDirection: layoutDirection, userInterfaceIdiom: userInterfaceIdiom)
    }

    /// This collection with its preferred text size replaced.
    func replacing(category: UIContentSizeCategory) -> UITraitCollection {
        category == preferredContentSizeCategory ? self
            : UITraitCollection(displayScale: displayScale, userInterfaceStyle: userInterfaceStyle,
                                preferredContentSizeCategory: category,
                                horizontalSizeClass: horizontalSizeClass, verticalSizeClass: verticalSizeClass,
                                layoutDirection: layoutDirection, userInterfaceIdiom: userInterfaceIdiom)
    }

    /// Whether every trait `trait` specifies has the same value here.
    public func containsTraits(in trait: UITraitCollection?) -> Bool {
        guard let trait else { return true }
        return (trait.displayScale == 0 || trait.displayScale == displayScale)
            && (trait.userInterfaceStyle == .unspecified || trait.userInterfaceStyle == userInterfaceStyle)
            && (trait.preferredContentSizeCategory == .unspecified
                || trait.preferredContentSizeCategory == preferredContentSizeCategory)
            && (trait.horizontalSizeClass == .unspecified || trait.horizontalSizeClass == horizontalSizeClass)
            && (trait.verticalSizeClass == .unspecified || trait.verticalSizeClass == verticalSizeClass)
            && (trait.layoutDirection == .unspecified || trait.layoutDirection == layoutDirection)
            && (trait.userInterfaceIdiom == .unspecified || trait.userInterfaceIdiom == userInterfaceIdiom)
    }

    /// Whether a colour resolved with this collection could differ from one resolved
    /// with `traitCollection` (UIKit compares the appearance-related traits).
    public func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool {
        userInterfaceStyle != (traitCollection?.userInterfaceStyle ?? .unspecified)
    }

    /// Whether the two collections have the same traits.
    public static func == (a: UITraitCollection, b: UITraitCollection) -> Bool {
        a.displayScale == b.displayScale && a.userInterfaceStyle == b.userInterfaceStyle
            && a.preferredContentSizeCategory == b.preferredContentSizeCategory
            && a.horizontalSizeClass == b.horizontalSizeClass && a.verticalSizeClass == b.verticalSizeClass
            && a.layoutDirection == b.layoutDirection && a.userInterfaceIdiom == b.userInterfaceIdiom
    }

    /// Hashes the traits, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(displayScale)
        hasher.combine(userInterfaceStyle)
        hasher.combine(preferredContentSizeCategory)
        hasher.combine(horizontalSizeClass)
        hasher.combine(verticalSizeClass)
        hasher.combine(layoutDirection)
        hasher.combine(userInterfaceIdiom)
    }

    /// The specified traits, for debugging.
    public var description: String {
        var parts: [String] = []
        if displayScale > 0 { parts.append("displayScale = \(String(format: "%g", Double(displayScale)))") }
        if userInterfaceStyle != .unspecified { parts.append("userInterfaceStyle = \(userInterfaceStyle)") }
        if preferredContentSizeCategory != .unspecified {
            parts.append("preferredContentSizeCategory = \(preferredContentSizeCategory.rawValue)")
        }
        if horizontalSizeClass != .unspecified { parts.append("horizontalSizeClass = \(horizontalSizeClass)") }
        if verticalSizeClass != .unspecified { parts.append("verticalSizeClass = \(verticalSizeClass)") }
        if layoutDirection != .unspecified { parts.append("layoutDirection = \(layoutDirection)") }
        if userInterfaceIdiom != .unspecified { parts.append("userInterfaceIdiom = \(userInterfaceIdiom)") }
        return "<UITraitCollection: \(parts.isEmpty ? "unspecified" : parts.joined(separator: ", "))>"
    }

    // MARK: The current trait collection

    /// The traits that dynamic colours resolve with when asked for their `cgColor`.
    ///
    /// Tabula makes a view's ``UIView/traitCollection`` current while it lays out and
    /// draws, as UIKit does; elsewhere it is the light default unless set. Unlike
    /// UIKit's, which is per thread, it is one value for the process.
    public static var current: UITraitCollection {
        get { currentStorage.withLock { $0 } ?? defaultCurrent }
        set { currentStorage.withLock { $0 = newValue } }
    }

    /// Runs `actions` with this collection as ``current``, then restores the previous one.
    public func performAsCurrent(_ actions: () -> Void) {
        let previous = Self.currentStorage.withLock { stored in
            defer { stored = self }
            return stored
        }
        defer { Self.currentStorage.withLock { $0 = previous } }
        actions()
    }

    private static let currentStorage = Mutex<UITraitCollection?>(nil)
    private static let defaultCurrent = UITraitCollection(
        displayScale: 1, userInterfaceStyle: .light, preferredContentSizeCategory: .large,
        horizontalSizeClass: .compact, verticalSizeClass: .regular, layoutDirection: .leftToRight)
}
