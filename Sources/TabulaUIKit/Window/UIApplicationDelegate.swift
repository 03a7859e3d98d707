import Foundation

/// The app's delegate: told when the app has launched, when it becomes active and
/// inactive, goes to the background and comes back, and when it ends; asked which
/// configuration a new scene gets.
///
/// As in UIKit, every member is optional: the extension below gives each one UIKit's
/// default, so a delegate implements only what it needs. An app starts with `@main` on
/// its delegate (see the `Tabula` module's `main()`), or a test launches it on a screen
/// with ``HeadlessScreen/launch(_:options:)``.
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// The window of an app without scenes; an app with a scene delegate keeps its window there.
    var window: UIWindow? { get set }
    /// Launching has begun; the app's state is not restored yet. Returning false changes
    /// nothing here (UIKit then declines to open a URL the app was launched with).
    func application(_ application: UIApplication,
                     willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// Launching is done: the place to make the window of an app without scenes.
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// The configuration of a scene about to connect: its delegate's class among others.
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration
    /// Scenes the person closed for good.
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)
    /// An app without scenes became active.
    func applicationDidBecomeActive(_ application: UIApplication)
    /// An app without scenes is about to stop being active.
    func applicationWillResignActive(_ application: UIApplication)
    /// An app without scenes went to the background.
    func applicationDidEnterBackground(_ application: UIApplication)
    /// An app without scenes is about to come back to the foreground.
    func applicationWillEnterForeground(_ application: UIApplication)
    /// The app is about to end: its window closed.
    func applicationWillTerminate(_ application: UIApplication)
    /// The system is short of memory.
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)
    /// Asked to open `url`; returns whether the app did.
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool
}

extension UIApplicationDelegate {
    /// None: a delegate that declares no window keeps none.
    public var window: UIWindow? {
        get { nil }
        set {}   // a delegate that declares no window keeps none
    }
    /// Does nothing and returns true.
    public func application(_ application: UIApplication,
                            willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    /// Does nothing and returns true.
    public func application(_ application: UIApplication,
                            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    /// UIKit's default: the configuration named "Default Configuration" for the session's role,
    /// naming no delegate class (the `Info.plist` or the conventional `SceneDelegate` then does).
    public func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                            options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
    /// Does nothing.
    public func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}
    /// Does nothing.
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationWillResignActive(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationWillTerminate(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
    /// Opens nothing: returns false.
    public func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool { false }
}

/// A scene's delegate: told when the scene connects (the place to make its window),
/// becomes active and inactive, goes to the background and comes back, and disconnects.
/// Every member is optional, as in UIKit.
@preconcurrency @MainActor
public protocol UISceneDelegate: AnyObject {
    /// The scene is connecting: make its window here (``UIWindow/init(windowScene:)``,
    /// then ``UIWindow/makeKeyAndVisible()``).
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    /// The scene was let go: its window closed.
    func sceneDidDisconnect(_ scene: UIScene)
    /// The scene became active: it gets events.
    func sceneDidBecomeActive(_ scene: UIScene)
    /// The scene is about to stop being active.
    func sceneWillResignActive(_ scene: UIScene)
    /// The scene is about to come to the foreground.
    func sceneWillEnterForeground(_ scene: UIScene)
    /// The scene went to the background.
    func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
    /// Does nothing: the scene shows no window.
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    /// Does nothing.
    public func sceneDidDisconnect(_ scene: UIScene) {}
    /// Does nothing.
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    /// Does nothing.
    public func sceneWillResignActive(_ scene: UIScene) {}
    /// Does nothing.
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    /// Does nothing.
    public func sceneDidEnterBackground(_ scene: UIScene) {}
}

/// The delegate of a scene that shows windows: it keeps the scene's window.
@preconcurrency @MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// The scene's main window.
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    /// None: a delegate that declares no window keeps none.
    public var window: UIWindow? {
        get { nil }
        set {}   // a delegate that declares no window keeps none
    }
}

/// A delegate class Tabula can make from its type, as UIKit makes the app delegate that
/// `@main` names and the scene delegate that a configuration or `Info.plist` names.
///
/// UIKit makes them through the Objective-C runtime, which Swift on Linux does not have:
/// Swift makes an object from a class only through an initializer the class must keep
/// (`required`) or that cannot be overridden (a `final` class). So the app's delegate
/// classes say so: `extension AppDelegate: ConstructibleDelegate {}`, with the class
/// `final` (or its `init()` `required`). `tabula-port` adds both. A delegate class that
/// does not is reported when the app launches, naming the class and this fix.
@preconcurrency @MainActor
public protocol ConstructibleDelegate: AnyObject {
    /// Makes the delegate.
    init()
}

/// A view class Tabula can make from its type, as UIKit makes the custom bars given to
/// `UINavigationController(navigationBarClass:toolbarClass:)`: for the same reason as
/// ``ConstructibleDelegate``, the class says so (`extension FancyBar: ConstructibleView {}`,
/// the class `final` or its `init(frame:)` `required`).
@preconcurrency @MainActor
public protocol ConstructibleView: UIView {
    /// Makes the view.
    init(frame: CGRect)
}

extension UIApplication {
    /// Keys of the options an app is launched with (none are given here: an app is
    /// launched by its `main`, never to open a URL or a notification).
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        /// The key's name.
        public let rawValue: String
        /// Creates a key.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A URL the app was launched to open.
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
        /// The bundle identifier of the app that asked for the launch.
        public static let sourceApplication = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
    }

    /// Keys of the options of ``UIApplicationDelegate/application(_:open:options:)``.
    public struct OpenURLOptionsKey: Hashable, RawRepresentable, Sendable {
        /// The key's name.
        public let rawValue: String
        /// Creates a key.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The bundle identifier of the app that asked to open the URL.
        public static let sourceApplication = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
    }

    /// Posted when launching is done.
    public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    /// Posted when the app (or its scene) became active.
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    /// Posted when the app (or its scene) is about to stop being active.
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    /// Posted when the app went to the background.
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    /// Posted when the app is about to come back to the foreground.
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    /// Posted when the app is about to end.
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
}

extension UIScene {
    /// Posted when a scene is about to connect; the object is the scene.
    public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
    /// Posted when a scene disconnected.
    public static let didDisconnectNotification = Notification.Name("UISceneDidDisconnectNotification")
    /// Posted when a scene became active.
    public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    /// Posted when a scene is about to stop being active.
    public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    /// Posted when a scene is about to come to the foreground.
    public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
    /// Posted when a scene went to the background.
    public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")
}
