import Foundation

/// The appearance an interface shows: UIKit's `UIUserInterfaceStyle`.
public enum UIUserInterfaceStyle: Int, Sendable, CustomStringConvertible {
    /// Not specified; colours resolve as in ``light``.
    case unspecified = 0
    /// The light appearance: dark text on light backgrounds.
    case light = 1
    /// The dark appearance: light text on dark backgrounds.
    case dark = 2

    /// The case's name.
    public var description: String {
        switch self {
        case .unspecified: "unspecified"
        case .light: "light"
        case .dark: "dark"
        }
    }
}

/// How much room an interface has along one axis: UIKit's `UIUserInterfaceSizeClass`.
public enum UIUserInterfaceSizeClass: Int, Sendable, CustomStringConvertible {
    /// Not specified.
    case unspecified = 0
    /// Little room: a phone's width, or its height on its side.
    case compact = 1
    /// Ample room: a tablet's width, or a phone's height upright.
    case regular = 2

    /// The case's name.
    public var description: String {
        switch self {
        case .unspecified: "unspecified"
        case .compact: "compact"
        case .regular: "regular"
        }
    }
}

/// The direction of layout in a trait collection: UIKit's `UITraitEnvironmentLayoutDirection`.
public enum UITraitEnvironmentLayoutDirection: Int, Sendable, CustomStringConvertible {
    /// Not specified.
    case unspecified = -1
    /// Left to right, as in English.
    case leftToRight = 0
    /// Right to left, as in Arabic and Hebrew.
    case rightToLeft = 1

    /// The case's name.
    public var description: String {
        switch self {
        case .unspecified: "unspecified"
        case .leftToRight: "leftToRight"
        case .rightToLeft: "rightToLeft"
        }
    }
}

/// A text size the user can prefer: UIKit's `UIContentSizeCategory`, ordered from
/// smallest to largest.
///
/// ``UIFont/preferredFont(forTextStyle:)`` and ``UIFontMetrics`` scale with it, and views
/// with `adjustsFontForContentSizeCategory` follow it (``HeadlessScreen/preferredContentSizeCategory``
/// sets it for a screen).
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable, Comparable {
    /// UIKit's name for the category.
    public let rawValue: String
    /// A category with UIKit's name `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Not specified.
    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    /// The smallest text.
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    /// Small text.
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    /// Medium text.
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    /// The default text size.
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    /// Extra-large text.
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    /// Extra-extra-large text.
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    /// The largest text without the accessibility sizes.
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    /// The smallest accessibility size.
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    /// A large accessibility size.
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    /// An extra-large accessibility size.
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    /// An extra-extra-large accessibility size.
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    /// The largest accessibility size.
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(
        rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    private static let order: [UIContentSizeCategory] = [
        .unspecified, .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    /// Whether this is one of the accessibility sizes.
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// Whether `a` is a smaller size than `b`; unknown names sort before all known ones.
    public static func < (a: UIContentSizeCategory, b: UIContentSizeCategory) -> Bool {
        (order.firstIndex(of: a) ?? -1) < (order.firstIndex(of: b) ?? -1)
    }
}

/// Something with traits that tells when they change: UIKit's `UITraitEnvironment`,
/// adopted by ``UIView`` and ``UIViewController``.
@preconcurrency @MainActor
public protocol UITraitEnvironment: AnyObject {
    /// The traits in effect here.
    var traitCollection: UITraitCollection { get }
    /// Called after ``traitCollection`` changed, with the collection before the change.
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}
