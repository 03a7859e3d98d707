import Foundation

/// The app as a whole: its windows and scenes, one per screen that has shown a window.
///
/// Tabula has no `UIApplicationMain` and no app delegate: a test or a tool makes a window
/// and shows it on a host (``HeadlessScreen`` or the SDL window). `UIApplication.shared`
/// reports what those hosts show, so code that looks up "the key window" or "the scene"
/// finds it.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    /// The app's one instance.
    public static let shared = UIApplication()

    /// Whether the app is running in the foreground and receiving events.
    public enum State: Int, Sendable {
        /// In the foreground, receiving events.
        case active = 0
        /// In the foreground, not receiving events.
        case inactive = 1
        /// In the background.
        case background = 2
    }

    private override init() { super.init() }

    /// The app's delegate: the one its `main` made, or the one launched last on a screen
    /// (``HeadlessScreen/launch(_:options:)``). UIKit does not keep it (`unowned(unsafe)`);
    /// Tabula does, so that a delegate made by the launch lives as long as the app.
    open var delegate: (any UIApplicationDelegate)?

    /// The state of the app launched on the screen that showed a window last; for screens
    /// that launched no app, `.active` while any host shows a window, else `.background`.
    open var applicationState: State {
        if let state = HostRegistry.mostRecentScreen?.launchedApp?.state { return state }
        return connectedWindowScenes.isEmpty ? .background : .active
    }

    /// The screen an app is launching on, while its delegates run: where a window made
    /// key without a scene goes.
    weak var launchingScreen: HeadlessScreen?

    /// The sessions of the connected scenes.
    open var openSessions: Set<UISceneSession> { Set(connectedWindowScenes.map(\.session)) }

    /// False: a Tabula app has one scene per screen, each launched on its own.
    open var supportsMultipleScenes: Bool { false }

    /// The scenes of the screens that show windows: a ``UIWindowScene`` each.
    open var connectedScenes: Set<UIScene> { Set(connectedWindowScenes.map { $0 as UIScene }) }

    /// The windows shown on the app's screens, one per screen (UIKit has deprecated it in
    /// favour of `UIWindowScene.windows`, and code still uses it).
    open var windows: [UIWindow] { connectedWindowScenes.flatMap(\.windows) }

    /// The key window: the one most recently made key and still shown.
    open var keyWindow: UIWindow? {
        HostRegistry.mostRecentScreen?.window ?? windows.last { $0.isKeyWindow }
    }

    /// The text size the user prefers: that of the key window's screen
    /// (``HeadlessScreen/preferredContentSizeCategory``), `.large` when no window is shown.
    open var preferredContentSizeCategory: UIContentSizeCategory {
        keyWindow?.traitCollection.preferredContentSizeCategory ?? .large
    }

    /// Whether the screen may dim and lock while the app is in use; accepted and kept.
    open var isIdleTimerDisabled = false

    /// The key window's scene's status bar (UIKit deprecates these four in favour of
    /// `UIWindowScene.statusBarManager` and `interfaceOrientation`; code still reads them).
    private var keyStatusBar: UIStatusBarManager? { keyWindow?.windowScene?.statusBarManager }

    /// The status bar's frame on the key window's screen, zero when it is hidden or no
    /// window is shown.
    @available(iOS, deprecated: 13.0, message: "Use the statusBarManager property of the window scene instead.")
    open var statusBarFrame: CGRect { keyStatusBar?.statusBarFrame ?? .zero }

    /// Whether the key window's screen shows no status bar (true when no window is shown).
    @available(iOS, deprecated: 9.0, message: "Use -[UIViewController prefersStatusBarHidden]")
    open var isStatusBarHidden: Bool { keyStatusBar?.isStatusBarHidden ?? true }

    /// The style of the key window's status bar.
    @available(iOS, deprecated: 9.0, message: "Use -[UIViewController preferredStatusBarStyle]")
    open var statusBarStyle: UIStatusBarStyle { keyStatusBar?.statusBarStyle ?? .default }

    /// How the key window's screen is turned; `.portrait` when no window is shown.
    @available(iOS, deprecated: 13.0, message: "Use the interfaceOrientation property of the window scene instead.")
    open var statusBarOrientation: UIInterfaceOrientation {
        keyWindow?.windowScene?.interfaceOrientation ?? .portrait
    }

    /// The direction the app's language reads in: right to left when the preferred
    /// language is Arabic, Hebrew, Persian, Urdu or another right-to-left script, as iOS
    /// decides from the app's localization. Views take it unless their
    /// ``UIView/semanticContentAttribute`` (or an ancestor's) says otherwise.
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { Self.languageDirection }

    /// The preferred language's direction, read once (the locale lookup is slow, and an
    /// iOS app's language does not change while it runs).
    static let languageDirection: UIUserInterfaceLayoutDirection = {
        let language = (Locale.preferredLanguages.first ?? "en").prefix { $0.isLetter }.lowercased()
        let rightToLeft: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "ha", "he", "iw", "ks", "ku", "ps", "sd", "ug", "ur", "yi"]
        return rightToLeft.contains(language) ? .rightToLeft : .leftToRight
    }()

    /// Accepted for source compatibility; there is no network indicator to show.
    open var isNetworkActivityIndicatorVisible = false

    /// Keys for the options of ``open(_:options:completionHandler:)``.
    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        /// The key's name.
        public let rawValue: String
        /// Creates a key.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Open the URL only if an app claims it as a universal link (never, here: the open fails).
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// The schemes a headless screen can open: what every iPhone has an app for.
    static let openableSchemes: Set<String> = ["http", "https", "mailto", "tel", "sms", "facetime", "maps", "file"]

    /// Opens `url` outside the app. In the SDL window the desktop's opener opens it; on a
    /// headless screen nothing opens, the URL is kept in the key window's screen's
    /// ``HeadlessScreen/openedURLs``, and the open succeeds when ``canOpenURL(_:)`` says it
    /// can. `completion` gets the outcome before this returns (UIKit calls it a moment
    /// later, on the main queue). With no screen showing a window, nothing opens and the
    /// outcome is false.
    open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
                   completionHandler completion: ((Bool) -> Void)? = nil) {
        var success = false
        if let screen = HostRegistry.mostRecentScreen, options[.universalLinksOnly] as? Bool != true {
            screen.openedURLs.append(url)
            success = screen.urlOpener?(url) ?? canOpenURL(url)
        }
        completion?(success)
    }

    /// Whether a URL of this scheme can be opened: the web, mail, phone, messages, FaceTime,
    /// maps and file URLs (the apps every iPhone has); false for other schemes, whose apps
    /// are not installed here.
    open func canOpenURL(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return Self.openableSchemes.contains(scheme)
    }

    private var connectedWindowScenes: [UIWindowScene] {
        HostRegistry.liveScreens.filter { $0.window != nil }.map(\.windowScene)
    }
}

/// One instance of the app's interface. Tabula makes a ``UIWindowScene`` for each screen.
@preconcurrency @MainActor
open class UIScene: UIResponder {
    /// Where a scene is in its life.
    public enum ActivationState: Int, Sendable {
        /// Not running.
        case unattached = -1
        /// In the foreground, receiving events.
        case foregroundActive = 0
        /// In the foreground, not receiving events.
        case foregroundInactive = 1
        /// In the background.
        case background = 2
    }

    /// Where the scene is in its life: moved by the app's launch, ``HeadlessScreen/setAppState(_:)``
    /// and ``HeadlessScreen/terminateApp()``; `.foregroundActive` on a screen that shows a
    /// window without having launched an app.
    open var activationState: ActivationState { state }
    var state = ActivationState.foregroundActive

    /// The scene's delegate, kept by the scene (as in UIKit): the app's scene delegate on
    /// the screen an app launched on.
    open var delegate: (any UISceneDelegate)?

    /// The scene's session: the one its app's launch made, or else one of the app's
    /// window role with a default configuration.
    public internal(set) lazy var session = UISceneSession(
        role: .windowApplication, configuration: UISceneConfiguration(name: "Default Configuration", sessionRole: .windowApplication))

    /// A title for the scene, shown nowhere.
    open var title: String = ""
}

/// The scene of one screen: the window it shows, the screen, and the orientation.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
    private weak var host: HeadlessScreen?
    /// The screen the scene is shown on.
    public let screen: UIScreen

    init(host: HeadlessScreen) {
        self.host = host
        screen = UIScreen(host: host)
    }

    /// The windows the scene shows (Tabula's screens show one).
    open var windows: [UIWindow] { host?.window.map { [$0] } ?? [] }
    /// The key window of the scene.
    open var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
    /// How the interface is turned.
    open var interfaceOrientation: UIInterfaceOrientation { host?.interfaceOrientation ?? .portrait }
    /// The status bar: its style and whether it shows.
    open var statusBarManager: UIStatusBarManager? { UIStatusBarManager(scene: self) }
}

/// What a scene's status bar looks like now.
@preconcurrency @MainActor
public final class UIStatusBarManager {
    private let scene: UIWindowScene
    init(scene: UIWindowScene) { self.scene = scene }
    /// The style the key window's root view controller asks for.
    public var statusBarStyle: UIStatusBarStyle { scene.keyWindow?.statusBarStyle ?? .default }
    /// Whether the status bar is hidden (or the device shows none, as a phone in landscape).
    public var isStatusBarHidden: Bool {
        guard let host = scene.screenHost else { return scene.keyWindow?.statusBarHidden ?? true }
        return scene.keyWindow?.statusBarHidden ?? true || !host.device.showsStatusBar(in: host.interfaceOrientation)
    }
    /// The status bar's frame in the scene's coordinates (zero when it is hidden): the
    /// device's status bar height, which on a phone with a sensor island is less than the
    /// top safe area inset (54 points in 59 on an iPhone 15, as iOS reports).
    public var statusBarFrame: CGRect {
        guard !isStatusBarHidden, let host = scene.screenHost else { return .zero }
        return CGRect(x: 0, y: 0, width: host.size.width, height: host.device.statusBarHeight)
    }
}

extension UIWindowScene {
    var screenHost: HeadlessScreen? { screen.host }
}

/// A screen: its size and pixel density. Each ``HeadlessScreen`` (and so each SDL
/// window) has one; ``main`` is the one that showed a window last.
@preconcurrency @MainActor
open class UIScreen {
    weak var host: HeadlessScreen?
    init(host: HeadlessScreen?) { self.host = host }

    /// The screen that showed a window most recently. Before any has, an iPhone 15-class
    /// screen (393 × 852 points at 3x). UIKit deprecates it in favour of the window
    /// scene's screen; code still uses it.
    public static var main: UIScreen {
        HostRegistry.mostRecentScreen?.windowScene.screen ?? UIScreen(host: nil)
    }

    /// The screen's rectangle in points, as the interface is turned.
    open var bounds: CGRect {
        CGRect(origin: .zero, size: host?.size ?? DeviceProfile.iPhone15.portraitSize)
    }
    /// Pixels per point.
    open var scale: CGFloat { host?.scale ?? DeviceProfile.iPhone15.scale }
    /// The pixel density of the physical screen: the same as ``scale``.
    open var nativeScale: CGFloat { scale }
    /// The screen in pixels, upright.
    open var nativeBounds: CGRect {
        let size = host?.device.portraitSize ?? DeviceProfile.iPhone15.portraitSize
        return CGRect(x: 0, y: 0, width: size.width * scale, height: size.height * scale)
    }
    /// The most frames a second the screen shows.
    open var maximumFramesPerSecond: Int { host?.framesPerSecond ?? 60 }
}

/// The device the app runs on, as UIKit describes it: a phone, upright unless its
/// screen was turned (``HeadlessScreen/rotate(to:duration:)``).
@preconcurrency @MainActor
open class UIDevice {
    /// The device.
    public static let current = UIDevice()
    private init() {}

    /// "iPhone", as the model of a phone.
    open var model: String { "iPhone" }
    /// The profile name of the screen shown last, e.g. "iPhone 15".
    open var name: String { HostRegistry.mostRecentScreen?.device.name ?? DeviceProfile.iPhone15.name }
    /// "iOS", the system UIKit code checks for.
    open var systemName: String { "iOS" }
    /// "17.0": the iOS release whose look and behaviour Tabula follows.
    open var systemVersion: String { "17.0" }
    /// `.phone`.
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    /// The orientation of the screen shown last, as a device orientation.
    open var orientation: UIDeviceOrientation {
        switch HostRegistry.mostRecentScreen?.interfaceOrientation ?? .portrait {
        case .portrait, .unknown: .portrait
        case .portraitUpsideDown: .portraitUpsideDown
        // The interface turns against the device: home button right is the device turned left.
        case .landscapeRight: .landscapeLeft
        case .landscapeLeft: .landscapeRight
        }
    }
    /// Accepted and kept; there are no orientation notifications to generate.
    open private(set) var isGeneratingDeviceOrientationNotifications = false
    /// Starts orientation notifications (nothing to start).
    open func beginGeneratingDeviceOrientationNotifications() { isGeneratingDeviceOrientationNotifications = true }
    /// Stops orientation notifications.
    open func endGeneratingDeviceOrientationNotifications() { isGeneratingDeviceOrientationNotifications = false }
}

/// The kind of device an interface is for.
public enum UIUserInterfaceIdiom: Int, Sendable {
    /// Not known.
    case unspecified = -1
    /// A phone.
    case phone = 0
    /// A tablet.
    case pad = 1
    /// A television.
    case tv = 2
    /// A car's screen.
    case carPlay = 3
    /// A Mac.
    case mac = 5
    /// A headset.
    case vision = 6
}

/// How the device is held (UIKit's values; landscape left is the home button on the right).
public enum UIDeviceOrientation: Int, Sendable {
    /// Not known.
    case unknown = 0
    /// Upright.
    case portrait = 1
    /// Upside down.
    case portraitUpsideDown = 2
    /// Turned left: the home button on the right.
    case landscapeLeft = 3
    /// Turned right: the home button on the left.
    case landscapeRight = 4
    /// Lying face up.
    case faceUp = 5
    /// Lying face down.
    case faceDown = 6

    /// Whether the device is upright or upside down.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// Whether the device is on its side.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    /// Whether the device is portrait or landscape (not flat, not unknown).
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}

extension UIWindow {
    /// The scene the window belongs to: the one it was made for (``init(windowScene:)``)
    /// or given, else the scene of the screen that shows it. Setting it to another
    /// screen's scene moves the window there when it is made key and visible.
    public var windowScene: UIWindowScene? {
        get { assignedScene ?? HostRegistry.liveScreens.first { $0.window === self }?.windowScene }
        set { assignedScene = newValue }
    }
}

/// The screens alive in the process, for ``UIApplication``, ``UIScreen/main`` and ``UIDevice``.
@MainActor
enum HostRegistry {
    private static var screens: [WeakScreen] = []
    /// The screen that showed a window last.
    static weak var mostRecentScreen: HeadlessScreen?

    struct WeakScreen { weak var screen: HeadlessScreen? }

    static var liveScreens: [HeadlessScreen] { screens.compactMap(\.screen) }

    static func screenDidShowWindow(_ screen: HeadlessScreen) {
        screens.removeAll { $0.screen == nil || $0.screen === screen }
        screens.append(WeakScreen(screen: screen))
        mostRecentScreen = screen
    }
}
