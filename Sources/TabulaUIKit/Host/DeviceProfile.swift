import Foundation

/// The shape of a phone a ``HeadlessScreen`` stands in for: its size in points, pixel
/// density, the safe area its rounded corners, sensor housing and home indicator leave,
/// and whether it shows a status bar.
///
/// ```swift
/// let screen = HeadlessScreen(device: .iPhone15)      // 393 × 852 at 3x, 59 pt top, 34 pt bottom
/// let small = HeadlessScreen(device: .iPhoneSE)       // 375 × 667 at 2x, 20 pt status bar
/// let bare = HeadlessScreen(size: CGSize(width: 390, height: 844), scale: 3)  // no insets, no status bar
/// ```
public struct DeviceProfile: Sendable, Equatable {
    /// A name for reports, e.g. "iPhone 15".
    public var name: String
    /// The screen in points, upright (portrait).
    public var portraitSize: CGSize
    /// Pixels per point.
    public var scale: CGFloat
    /// The safe area insets in portrait.
    public var portraitSafeAreaInsets: UIEdgeInsets
    /// The safe area insets in landscape (the sensor housing's side is `left` in
    /// `.landscapeRight`; Tabula mirrors them for `.landscapeLeft`).
    public var landscapeSafeAreaInsets: UIEdgeInsets
    /// Whether the screen draws a status bar (time, signal, battery) in the top inset.
    public var showsStatusBar: Bool
    /// The status bar's height in portrait, in points: what `UIStatusBarManager.statusBarFrame`
    /// reports. It can be less than the top safe area inset (a phone with a sensor island
    /// has a 54-point status bar in a 59-point inset).
    public var statusBarHeight: CGFloat
    /// The radius of the display's rounded corners, in points (0 for square corners).
    public var displayCornerRadius: CGFloat
    /// Whether the device is a phone or a tablet: a tablet keeps its status bar in landscape.
    public var userInterfaceIdiom: UIUserInterfaceIdiom

    /// Describes a device; see the ready-made profiles.
    public init(name: String, portraitSize: CGSize, scale: CGFloat, portraitSafeAreaInsets: UIEdgeInsets,
                landscapeSafeAreaInsets: UIEdgeInsets, showsStatusBar: Bool, displayCornerRadius: CGFloat = 0,
                userInterfaceIdiom: UIUserInterfaceIdiom = .phone, statusBarHeight: CGFloat? = nil) {
        self.name = name
        self.portraitSize = portraitSize
        self.scale = scale
        self.portraitSafeAreaInsets = portraitSafeAreaInsets
        self.landscapeSafeAreaInsets = landscapeSafeAreaInsets
        self.showsStatusBar = showsStatusBar
        self.statusBarHeight = statusBarHeight ?? portraitSafeAreaInsets.top
        self.displayCornerRadius = displayCornerRadius
        self.userInterfaceIdiom = userInterfaceIdiom
    }

    /// A 6.1-inch phone with a sensor island (iPhone 15 class): 393 × 852 points at 3x,
    /// safe area 59 points at the top and 34 at the bottom (59 at the sides and 21 at the
    /// bottom in landscape), with a 54-point status bar.
    public static let iPhone15 = DeviceProfile(
        name: "iPhone 15", portraitSize: CGSize(width: 393, height: 852), scale: 3,
        portraitSafeAreaInsets: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0),
        landscapeSafeAreaInsets: UIEdgeInsets(top: 0, left: 59, bottom: 21, right: 59),
        showsStatusBar: true, displayCornerRadius: 55, statusBarHeight: 54)

    /// A 4.7-inch phone with a home button (iPhone SE class): 375 × 667 points at 2x,
    /// a 20-point status bar and no other insets (none at all in landscape, where the
    /// status bar hides).
    public static let iPhoneSE = DeviceProfile(
        name: "iPhone SE", portraitSize: CGSize(width: 375, height: 667), scale: 2,
        portraitSafeAreaInsets: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
        landscapeSafeAreaInsets: .zero, showsStatusBar: true)

    /// An 11-inch tablet (iPad Pro 11-inch class): 834 × 1194 points at 2x, a 24-point
    /// status bar and 20 points of home indicator, in portrait and in landscape
    /// (1194 × 834), where the status bar stays. Regular width both ways, so a split view
    /// controller shows its columns side by side.
    public static let iPadPro11 = DeviceProfile(
        name: "iPad Pro 11-inch", portraitSize: CGSize(width: 834, height: 1194), scale: 2,
        portraitSafeAreaInsets: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
        landscapeSafeAreaInsets: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
        showsStatusBar: true, displayCornerRadius: 18, userInterfaceIdiom: .pad)

    /// A bare screen of `size` at `scale`: no safe area insets and no status bar, what
    /// ``HeadlessScreen/init(size:scale:framesPerSecond:startDate:)`` makes.
    public static func plain(size: CGSize, scale: CGFloat = 1) -> DeviceProfile {
        DeviceProfile(name: "plain", portraitSize: size, scale: scale, portraitSafeAreaInsets: .zero,
                      landscapeSafeAreaInsets: .zero, showsStatusBar: false)
    }

    /// The safe area insets for `orientation`.
    public func safeAreaInsets(for orientation: UIInterfaceOrientation) -> UIEdgeInsets {
        switch orientation {
        case .portrait, .unknown:
            return portraitSafeAreaInsets
        case .portraitUpsideDown:
            let p = portraitSafeAreaInsets
            return UIEdgeInsets(top: p.bottom, left: p.right, bottom: p.top, right: p.left)
        case .landscapeRight:
            return landscapeSafeAreaInsets
        case .landscapeLeft:
            let l = landscapeSafeAreaInsets
            return UIEdgeInsets(top: l.top, left: l.right, bottom: l.bottom, right: l.left)
        }
    }

    /// Whether the status bar shows in `orientation`: phones hide it in landscape, tablets do not.
    public func showsStatusBar(in orientation: UIInterfaceOrientation) -> Bool {
        showsStatusBar && (!orientation.isLandscape || userInterfaceIdiom == .pad)
    }
}
