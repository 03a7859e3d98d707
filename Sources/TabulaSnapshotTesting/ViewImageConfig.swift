import Tabula

/// The device a view controller is snapshotted on: its screen size in points, the safe
/// area its window gives, and its traits — swift-snapshot-testing's `ViewImageConfig`,
/// which that library declares for iOS and tvOS only, given here with the same names and
/// the same sizes and safe areas for Tabula.
///
/// ```swift
/// assertSnapshot(of: controller, as: .image(on: .iPhone13))
/// assertSnapshot(of: controller, as: .image(on: .iPhone13(.landscape)))
/// assertSnapshot(of: controller, as: .image(on: .iPadPro11(.portrait)))
/// ```
///
/// The snapshot is rendered by a `HeadlessScreen` of ``size`` whose window has
/// ``safeArea`` as its `safeAreaInsets` and draws no status bar (the library renders
/// the view's layer, without the status bar, too). Of the ``traits`` Tabula applies the
/// display scale and the appearance (`UITraitCollection.userInterfaceStyle`); size
/// classes follow the window's size, as Tabula's screens derive them.
public struct ViewImageConfig: Sendable {
    /// Upright or on its side.
    public enum Orientation: Sendable {
        /// Wider than tall.
        case landscape
        /// Taller than wide.
        case portrait
    }

    /// An iPad's orientation and how much of its screen a Split View gives the app.
    public enum TabletOrientation: Sendable {
        /// The app's share of an upright iPad in Split View.
        public enum PortraitSplits: Sendable {
            /// About a third of the width.
            case oneThird
            /// About two thirds of the width.
            case twoThirds
            /// The whole screen.
            case full
        }
        /// The app's share of an iPad on its side in Split View.
        public enum LandscapeSplits: Sendable {
            /// About a third of the width.
            case oneThird
            /// Half the width.
            case oneHalf
            /// About two thirds of the width.
            case twoThirds
            /// The whole screen.
            case full
        }
        /// On its side, with the app's share of the width.
        case landscape(splitView: LandscapeSplits)
        /// Upright, with the app's share of the width.
        case portrait(splitView: PortraitSplits)
    }

    /// The safe area insets the window gives its root view controller.
    public var safeArea: UIEdgeInsets
    /// The screen (window) size in points; nil to keep the view's own size.
    public var size: CGSize?
    /// The traits of the device.
    public var traits: UITraitCollection

    /// A configuration of a safe area, a size and traits.
    public init(safeArea: UIEdgeInsets = .zero, size: CGSize? = nil, traits: UITraitCollection = .init()) {
        self.safeArea = safeArea
        self.size = size
        self.traits = traits
    }

    /// A phone's configuration: `portrait` size and insets, swapped to `landscape` ones
    /// when on its side.
    private static func phone(
        _ orientation: Orientation, portrait: CGSize, portraitSafeArea: UIEdgeInsets,
        landscapeSafeArea: UIEdgeInsets, landscapeWidth: UIUserInterfaceSizeClass = .compact
    ) -> ViewImageConfig {
        switch orientation {
        case .portrait:
            return ViewImageConfig(safeArea: portraitSafeArea, size: portrait,
                                   traits: .phone(horizontal: .compact, vertical: .regular))
        case .landscape:
            return ViewImageConfig(safeArea: landscapeSafeArea,
                                   size: CGSize(width: portrait.height, height: portrait.width),
                                   traits: .phone(horizontal: landscapeWidth, vertical: .compact))
        }
    }

    private static let statusBar = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    private static let notchPortrait = UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
    private static let notchLandscape = UIEdgeInsets(top: 0, left: 44, bottom: 24, right: 44)
    private static let islandPortrait = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    private static let islandLandscape = UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47)

    /// iPhone SE (first generation), upright: 320 × 568 points, a 20-point status bar.
    public static let iPhoneSe = ViewImageConfig.iPhoneSe(.portrait)
    /// iPhone SE (first generation): 320 × 568 points; 20 points at the top upright, none on its side.
    public static func iPhoneSe(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 320, height: 568), portraitSafeArea: statusBar, landscapeSafeArea: .zero)
    }

    /// iPhone 8, upright: 375 × 667 points, a 20-point status bar.
    public static let iPhone8 = ViewImageConfig.iPhone8(.portrait)
    /// iPhone 8: 375 × 667 points; 20 points at the top upright, none on its side.
    public static func iPhone8(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 375, height: 667), portraitSafeArea: statusBar, landscapeSafeArea: .zero)
    }

    /// iPhone 8 Plus, upright: 414 × 736 points, a 20-point status bar.
    public static let iPhone8Plus = ViewImageConfig.iPhone8Plus(.portrait)
    /// iPhone 8 Plus: 414 × 736 points; 20 points at the top upright, none on its side
    /// (regular width on its side).
    public static func iPhone8Plus(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 414, height: 736), portraitSafeArea: statusBar,
              landscapeSafeArea: .zero, landscapeWidth: .regular)
    }

    /// iPhone X, upright: 375 × 812 points, safe area 44 at the top and 34 at the bottom.
    public static let iPhoneX = ViewImageConfig.iPhoneX(.portrait)
    /// iPhone X: 375 × 812 points; 44 top and 34 bottom upright, 44 at the sides and 24
    /// at the bottom on its side.
    public static func iPhoneX(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 375, height: 812), portraitSafeArea: notchPortrait,
              landscapeSafeArea: notchLandscape)
    }

    /// iPhone XS Max, upright: 414 × 896 points, safe area 44 at the top and 34 at the bottom.
    public static let iPhoneXsMax = ViewImageConfig.iPhoneXsMax(.portrait)
    /// iPhone XS Max: 414 × 896 points; the iPhone X's safe areas (regular width on its side).
    public static func iPhoneXsMax(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 414, height: 896), portraitSafeArea: notchPortrait,
              landscapeSafeArea: notchLandscape, landscapeWidth: .regular)
    }

    /// iPhone XR, upright: 414 × 896 points, safe area 44 at the top and 34 at the bottom.
    public static let iPhoneXr = ViewImageConfig.iPhoneXr(.portrait)
    /// iPhone XR: 414 × 896 points; the iPhone X's safe areas (regular width on its side).
    public static func iPhoneXr(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 414, height: 896), portraitSafeArea: notchPortrait,
              landscapeSafeArea: notchLandscape, landscapeWidth: .regular)
    }

    /// iPhone 12, upright: 390 × 844 points, safe area 47 at the top and 34 at the bottom.
    public static let iPhone12 = ViewImageConfig.iPhone12(.portrait)
    /// iPhone 12: the same screen as the iPhone 13 (``iPhone13(_:)``).
    public static func iPhone12(_ orientation: Orientation) -> ViewImageConfig { .iPhone13(orientation) }

    /// iPhone 12 Pro, upright: the same as ``iPhone12``.
    public static let iPhone12Pro = ViewImageConfig.iPhone12Pro(.portrait)
    /// iPhone 12 Pro: the same as ``iPhone12(_:)``.
    public static func iPhone12Pro(_ orientation: Orientation) -> ViewImageConfig { .iPhone12(orientation) }

    /// iPhone 12 Pro Max, upright: 428 × 926 points, safe area 47 at the top and 34 at the bottom.
    public static let iPhone12ProMax = ViewImageConfig.iPhone12ProMax(.portrait)
    /// iPhone 12 Pro Max: 428 × 926 points; the iPhone 12's safe areas (regular width on its side).
    public static func iPhone12ProMax(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 428, height: 926), portraitSafeArea: islandPortrait,
              landscapeSafeArea: islandLandscape, landscapeWidth: .regular)
    }

    /// iPhone 13, upright: 390 × 844 points, safe area 47 at the top and 34 at the bottom.
    public static let iPhone13 = ViewImageConfig.iPhone13(.portrait)
    /// iPhone 13: 390 × 844 points; 47 top and 34 bottom upright, 47 at the sides and 21
    /// at the bottom on its side.
    public static func iPhone13(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 390, height: 844), portraitSafeArea: islandPortrait,
              landscapeSafeArea: islandLandscape)
    }

    /// iPhone 13 mini, upright: 375 × 812 points, safe area 50 at the top and 34 at the bottom.
    public static let iPhone13Mini = ViewImageConfig.iPhone13Mini(.portrait)
    /// iPhone 13 mini: 375 × 812 points; 50 top and 34 bottom upright, 50 at the sides and
    /// 21 at the bottom on its side.
    public static func iPhone13Mini(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 375, height: 812),
              portraitSafeArea: UIEdgeInsets(top: 50, left: 0, bottom: 34, right: 0),
              landscapeSafeArea: UIEdgeInsets(top: 0, left: 50, bottom: 21, right: 50))
    }

    /// iPhone 13 Pro, upright: the same as ``iPhone13``.
    public static let iPhone13Pro = ViewImageConfig.iPhone13Pro(.portrait)
    /// iPhone 13 Pro: the same as ``iPhone13(_:)``.
    public static func iPhone13Pro(_ orientation: Orientation) -> ViewImageConfig { .iPhone13(orientation) }

    /// iPhone 13 Pro Max, upright: 428 × 926 points, safe area 47 at the top and 34 at the bottom.
    public static let iPhone13ProMax = ViewImageConfig.iPhone13ProMax(.portrait)
    /// iPhone 13 Pro Max: 428 × 926 points; the iPhone 13's safe areas (regular width on its side).
    public static func iPhone13ProMax(_ orientation: Orientation) -> ViewImageConfig {
        phone(orientation, portrait: CGSize(width: 428, height: 926), portraitSafeArea: islandPortrait,
              landscapeSafeArea: islandLandscape, landscapeWidth: .regular)
    }

    // MARK: iPads

    /// The widths an iPad gives an app: on its side (a third, half, two thirds, all) and
    /// upright (a third, two thirds, all), the height of each orientation, the narrowest
    /// width that still has a regular size class, and the safe area.
    private struct Tablet {
        var landscape: (oneThird: CGFloat, oneHalf: CGFloat, twoThirds: CGFloat, full: CGFloat)
        var portrait: (oneThird: CGFloat, twoThirds: CGFloat, full: CGFloat)
        var regularFrom: CGFloat
        var safeArea = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)

        func config(_ orientation: TabletOrientation) -> ViewImageConfig {
            let size: CGSize
            switch orientation {
            case .landscape(let split):
                let width: CGFloat
                switch split {
                case .oneThird: width = landscape.oneThird
                case .oneHalf: width = landscape.oneHalf
                case .twoThirds: width = landscape.twoThirds
                case .full: width = landscape.full
                }
                size = CGSize(width: width, height: portrait.full)
            case .portrait(let split):
                let width: CGFloat
                switch split {
                case .oneThird: width = portrait.oneThird
                case .twoThirds: width = portrait.twoThirds
                case .full: width = portrait.full
                }
                size = CGSize(width: width, height: landscape.full)
            }
            return ViewImageConfig(safeArea: safeArea, size: size,
                                   traits: .tablet(horizontal: size.width >= regularFrom ? .regular : .compact))
        }

        func config(_ orientation: Orientation) -> ViewImageConfig {
            config(orientation == .landscape ? .landscape(splitView: .full) : .portrait(splitView: .full))
        }
    }

    private static let mini = Tablet(landscape: (320, 507, 694, 1024), portrait: (320, 438, 768), regularFrom: 694)
    private static let tenTwo = Tablet(landscape: (320, 535, 750, 1080), portrait: (320, 480, 810), regularFrom: 750)
    private static let tenFive = Tablet(landscape: (320, 551, 782, 1112), portrait: (320, 504, 834), regularFrom: 782)
    private static let eleven = Tablet(landscape: (375, 592, 809, 1194), portrait: (320, 504, 834), regularFrom: 809,
                                       safeArea: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
    private static let twelveNine = Tablet(landscape: (375, 678, 981, 1366), portrait: (375, 639, 1024), regularFrom: 678)

    /// iPad mini, on its side, full screen: 1024 × 768 points, a 20-point status bar.
    public static let iPadMini = ViewImageConfig.iPadMini(.landscape)
    /// iPad mini full screen: 1024 × 768 points on its side, 768 × 1024 upright.
    public static func iPadMini(_ orientation: Orientation) -> ViewImageConfig { mini.config(orientation) }
    /// iPad mini with the app's share of the screen in Split View.
    public static func iPadMini(_ orientation: TabletOrientation) -> ViewImageConfig { mini.config(orientation) }

    /// 9.7-inch iPad: the same as ``iPadMini``.
    public static let iPad9_7 = iPadMini
    /// 9.7-inch iPad: the same as `iPadMini(_:)`.
    public static func iPad9_7(_ orientation: Orientation) -> ViewImageConfig { mini.config(orientation) }
    /// 9.7-inch iPad in Split View: the same as `iPadMini(_:)`.
    public static func iPad9_7(_ orientation: TabletOrientation) -> ViewImageConfig { mini.config(orientation) }

    /// 10.2-inch iPad, on its side, full screen: 1080 × 810 points, a 20-point status bar.
    public static let iPad10_2 = ViewImageConfig.iPad10_2(.landscape)
    /// 10.2-inch iPad full screen: 1080 × 810 points on its side, 810 × 1080 upright.
    public static func iPad10_2(_ orientation: Orientation) -> ViewImageConfig { tenTwo.config(orientation) }
    /// 10.2-inch iPad with the app's share of the screen in Split View.
    public static func iPad10_2(_ orientation: TabletOrientation) -> ViewImageConfig { tenTwo.config(orientation) }

    /// 10.5-inch iPad Pro, on its side, full screen: 1112 × 834 points, a 20-point status bar.
    public static let iPadPro10_5 = ViewImageConfig.iPadPro10_5(.landscape)
    /// 10.5-inch iPad Pro full screen: 1112 × 834 points on its side, 834 × 1112 upright.
    public static func iPadPro10_5(_ orientation: Orientation) -> ViewImageConfig { tenFive.config(orientation) }
    /// 10.5-inch iPad Pro with the app's share of the screen in Split View.
    public static func iPadPro10_5(_ orientation: TabletOrientation) -> ViewImageConfig { tenFive.config(orientation) }

    /// 11-inch iPad Pro, on its side, full screen: 1194 × 834 points, safe area 24 at the
    /// top and 20 at the bottom.
    public static let iPadPro11 = ViewImageConfig.iPadPro11(.landscape)
    /// 11-inch iPad Pro full screen: 1194 × 834 points on its side, 834 × 1194 upright.
    public static func iPadPro11(_ orientation: Orientation) -> ViewImageConfig { eleven.config(orientation) }
    /// 11-inch iPad Pro with the app's share of the screen in Split View.
    public static func iPadPro11(_ orientation: TabletOrientation) -> ViewImageConfig { eleven.config(orientation) }

    /// 12.9-inch iPad Pro, on its side, full screen: 1366 × 1024 points, a 20-point status bar.
    public static let iPadPro12_9 = ViewImageConfig.iPadPro12_9(.landscape)
    /// 12.9-inch iPad Pro full screen: 1366 × 1024 points on its side, 1024 × 1366 upright.
    public static func iPadPro12_9(_ orientation: Orientation) -> ViewImageConfig { twelveNine.config(orientation) }
    /// 12.9-inch iPad Pro with the app's share of the screen in Split View.
    public static func iPadPro12_9(_ orientation: TabletOrientation) -> ViewImageConfig { twelveNine.config(orientation) }
}

extension UITraitCollection {
    /// A phone's traits: the size classes, left-to-right layout and the medium text size
    /// (swift-snapshot-testing's device traits; Tabula has no idiom or force-touch trait).
    fileprivate static func phone(horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass)
        -> UITraitCollection {
        UITraitCollection(traitsFrom: [
            UITraitCollection(layoutDirection: .leftToRight),
            UITraitCollection(preferredContentSizeCategory: .medium),
            UITraitCollection(horizontalSizeClass: horizontal),
            UITraitCollection(verticalSizeClass: vertical),
        ])
    }

    /// An iPad's traits: regular height, and regular width unless a narrow Split View.
    fileprivate static func tablet(horizontal: UIUserInterfaceSizeClass) -> UITraitCollection {
        UITraitCollection(traitsFrom: [
            UITraitCollection(horizontalSizeClass: horizontal),
            UITraitCollection(verticalSizeClass: .regular),
        ])
    }
}
