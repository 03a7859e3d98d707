import Foundation
import Testing
@testable import TabulaUIKit
import TabulaUIKitTestSupport

/// An app delegate that writes down what it is told, and whose configuration names
/// `sceneDelegateClass` (nil: none, and this module has no class named SceneDelegate, so
/// the app runs without scenes).
private final class RecordingAppDelegate: UIResponder, UIApplicationDelegate {
    var log: [String] = []
    var window: UIWindow?
    let sceneDelegateClass: AnyClass?
    /// Whether launching makes an old-style window (no scene) and makes it key.
    let makesWindow: Bool

    init(sceneDelegateClass: AnyClass? = nil, makesWindow: Bool = false) {
        self.sceneDelegateClass = sceneDelegateClass
        self.makesWindow = makesWindow
    }

    func application(_ application: UIApplication,
                     willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        log.append("willFinishLaunching")
        return true
    }

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        log.append("didFinishLaunching")
        if makesWindow {
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = LabelController(text: "Old style")
            self.window = window
            window.makeKeyAndVisible()
        }
        return true
    }

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        log.append("configurationForConnecting")
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = sceneDelegateClass
        return configuration
    }

    func applicationDidBecomeActive(_ application: UIApplication) { log.append("applicationDidBecomeActive") }
    func applicationWillResignActive(_ application: UIApplication) { log.append("applicationWillResignActive") }
    func applicationDidEnterBackground(_ application: UIApplication) { log.append("applicationDidEnterBackground") }
    func applicationWillEnterForeground(_ application: UIApplication) { log.append("applicationWillEnterForeground") }
    func applicationWillTerminate(_ application: UIApplication) { log.append("applicationWillTerminate") }
}

/// A scene delegate as Xcode's template writes it: it makes the window in
/// `scene(_:willConnectTo:options:)`; it logs into the app delegate's log.
private final class RecordingSceneDelegate: UIResponder, UIWindowSceneDelegate, ConstructibleDelegate {
    var window: UIWindow?
    private var log: [String] {
        get { (UIApplication.shared.delegate as? RecordingAppDelegate)?.log ?? [] }
        set { (UIApplication.shared.delegate as? RecordingAppDelegate)?.log = newValue }
    }

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        log.append("willConnect")
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = LabelController(text: "Scene window")
        self.window = window
        window.makeKeyAndVisible()
    }

    func sceneDidDisconnect(_ scene: UIScene) { log.append("didDisconnect") }
    func sceneDidBecomeActive(_ scene: UIScene) { log.append("didBecomeActive") }
    func sceneWillResignActive(_ scene: UIScene) { log.append("willResignActive") }
    func sceneWillEnterForeground(_ scene: UIScene) { log.append("willEnterForeground") }
    func sceneDidEnterBackground(_ scene: UIScene) { log.append("didEnterBackground") }
}

/// A scene delegate that shows its window first and gives it a root after, and moves it to
/// the screen's bounds (both seen in public apps' scene delegates).
private final class ShowFirstSceneDelegate: UIResponder, UIWindowSceneDelegate, ConstructibleDelegate {
    var window: UIWindow?
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        window = UIWindow(windowScene: windowScene)
        window?.makeKeyAndVisible()
        window?.frame = UIScreen.main.bounds
        window?.rootViewController = LabelController(text: "Root given after showing")
    }
}

/// A scene delegate class Tabula cannot make: not final, no ConstructibleDelegate.
private class UnmakeableSceneDelegate: UIResponder, UIWindowSceneDelegate {}

/// A controller showing one label, which counts its appearances.
private final class LabelController: UIViewController {
    let text: String
    var appearances = 0
    init(text: String) {
        self.text = text
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 20, y: 100, width: 300, height: 40))
        label.text = text
        label.accessibilityLabel = text
        view.addSubview(label)
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        appearances += 1
    }
}

@MainActor
@Suite("The app's life: launch, scenes, background, termination")
struct AppLifecycleTests {
    private func phone() -> HeadlessScreen { HeadlessScreen(device: .iPhone15) }

    @Test("a scene app launches as iOS launches it: the scene delegate makes the window, and it is on screen, active")
    func sceneAppLaunches() throws {
        let screen = phone()
        let app = RecordingAppDelegate(sceneDelegateClass: RecordingSceneDelegate.self)
        #expect(screen.launch(app))
        #expect(app.log == ["willFinishLaunching", "didFinishLaunching", "configurationForConnecting",
                            "willConnect", "willEnterForeground", "didBecomeActive"])
        let scene = screen.windowScene
        let sceneDelegate = try #require(scene.delegate as? RecordingSceneDelegate)
        #expect(screen.window === sceneDelegate.window)
        #expect(sceneDelegate.window?.windowScene === scene)
        #expect(scene.activationState == .foregroundActive)
        #expect(scene.session.scene === scene)
        #expect(scene.session.configuration.delegateClass == RecordingSceneDelegate.self)
        #expect(UIApplication.shared.delegate === app)
        #expect(UIApplication.shared.applicationState == .active)
        let root = try #require(screen.window?.rootViewController as? LabelController)
        #expect(root.appearances == 1)
        #expect(try screen.element(labelled: "Scene window").frame.height == 40)
        #expect(screen.window?.frame.size == CGSize(width: 393, height: 852))
    }

    @Test("background and back, then termination, in UIKit's order; the scene's state follows")
    func backgroundAndTermination() {
        let screen = phone()
        let app = RecordingAppDelegate(sceneDelegateClass: RecordingSceneDelegate.self)
        screen.launch(app)
        app.log.removeAll()
        screen.setAppState(.background)
        #expect(app.log == ["willResignActive", "didEnterBackground"])
        #expect(screen.windowScene.activationState == .background)
        #expect(UIApplication.shared.applicationState == .background)
        app.log.removeAll()
        screen.setAppState(.active)
        #expect(app.log == ["willEnterForeground", "didBecomeActive"])
        app.log.removeAll()
        screen.setAppState(.inactive)
        #expect(app.log == ["willResignActive"])
        #expect(screen.windowScene.activationState == .foregroundInactive)
        app.log.removeAll()
        screen.terminateApp()
        #expect(app.log == ["didEnterBackground", "didDisconnect", "applicationWillTerminate"])
        #expect(screen.windowScene.activationState == .unattached)
        #expect(screen.windowScene.session.scene == nil)
    }

    @Test("an app without scenes makes its window in didFinishLaunching; made key, it goes on the app's screen")
    func appWithoutScenes() throws {
        let screen = phone()
        let app = RecordingAppDelegate(makesWindow: true)
        screen.launch(app)
        #expect(app.log == ["willFinishLaunching", "didFinishLaunching", "configurationForConnecting",
                            "applicationDidBecomeActive"])
        #expect(screen.window === app.window)
        #expect(screen.windowScene.delegate == nil)
        let root = try #require(app.window?.rootViewController as? LabelController)
        #expect(root.appearances == 1, "made key in didFinishLaunching and then shown: it appears once")
        #expect(try screen.element(labelled: "Old style").frame.width == 300)
        app.log.removeAll()
        screen.setAppState(.background)
        screen.setAppState(.active)
        #expect(app.log == ["applicationWillResignActive", "applicationDidEnterBackground",
                            "applicationWillEnterForeground", "applicationDidBecomeActive"])
    }

    @Test("a window made key before it has a root shows the root it gets after, filling the screen")
    func rootAfterShowing() throws {
        let screen = phone()
        screen.launch(RecordingAppDelegate(sceneDelegateClass: ShowFirstSceneDelegate.self))
        screen.advance(by: 0.1)
        let root = try #require(screen.window?.rootViewController as? LabelController)
        #expect(root.appearances == 1)
        #expect(root.view.frame == CGRect(x: 0, y: 0, width: 393, height: 852))
        #expect(try screen.element(labelled: "Root given after showing").frame.minY == 100)
    }

    @Test("UIKit's notifications are posted at each step")
    func notifications() {
        let screen = phone()
        var names: [Notification.Name] = []
        let watched: [Notification.Name] = [
            UIApplication.didFinishLaunchingNotification, UIApplication.didBecomeActiveNotification,
            UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification,
            UIApplication.willTerminateNotification, UIScene.willConnectNotification, UIScene.didActivateNotification,
            UIScene.didDisconnectNotification,
        ]
        let app = RecordingAppDelegate(sceneDelegateClass: RecordingSceneDelegate.self)
        let observers = watched.map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                let object = (note.object as AnyObject?).map(ObjectIdentifier.init), name = note.name
                MainActor.assumeIsolated {
                    // Only this test's scene and the app (tests beside it launch apps too).
                    guard object == ObjectIdentifier(UIApplication.shared) || object == ObjectIdentifier(screen.windowScene)
                    else { return }
                    names.append(name)
                }
            }
        }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        screen.launch(app)
        screen.terminateApp()
        #expect(names.filter { $0.rawValue.hasPrefix("UIScene") } == [
            UIScene.willConnectNotification, UIScene.didActivateNotification, UIScene.didDisconnectNotification,
        ])
        #expect(names.contains(UIApplication.didFinishLaunchingNotification))
        #expect(names.contains(UIApplication.didBecomeActiveNotification))
        #expect(names.contains(UIApplication.willResignActiveNotification))
        #expect(names.contains(UIApplication.didEnterBackgroundNotification))
        #expect(names.last == UIApplication.willTerminateNotification)
    }

    @Test("a scene delegate class that cannot be made is reported by name with the fix; the app runs without scenes")
    func unmakeableSceneDelegate() {
        let screen = phone()
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        let app = RecordingAppDelegate(sceneDelegateClass: UnmakeableSceneDelegate.self, makesWindow: true)
        screen.launch(app)
        #expect(reports.count == 1)
        #expect(reports.first?.contains("UnmakeableSceneDelegate") == true)
        #expect(reports.first?.contains("ConstructibleDelegate") == true)
        #expect(app.log.last == "applicationDidBecomeActive")
        #expect(screen.window === app.window)
    }

    @Test("a configuration whose delegate class is not a scene delegate is reported; the app goes on")
    func notASceneDelegate() {
        let screen = phone()
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        let app = RecordingAppDelegate(sceneDelegateClass: UIView.self, makesWindow: true)
        screen.launch(app)
        #expect(reports == ["the scene delegate class TabulaUIKit.UIView is not a UISceneDelegate; the app runs without scenes"])
        #expect(UIApplication.shared.applicationState == .active)
    }

    @Test("an app that launches and shows no window is told why, once, with where UIKit would have got one")
    func noWindow() {
        let screen = phone()
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        let app = RecordingAppDelegate()
        #expect(screen.launch(app))
        #expect(screen.window == nil)
        #expect(reports.count == 1)
        #expect(reports.first?.contains("RecordingAppDelegate launched and shows no window") == true)
        #expect(reports.first?.contains("Info.plist") == true && reports.first?.contains("makeKeyAndVisible()") == true)
        screen.terminateApp()
        #expect(screen.launch(RecordingAppDelegate(makesWindow: true)))
        #expect(reports.count == 1, "an app with a window is not told anything")
    }

    @Test("careless calls: a second launch, state changes and termination with no app are reported and change nothing")
    func carelessCalls() {
        let screen = phone()
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        screen.setAppState(.background)
        screen.terminateApp()
        #expect(reports.count == 2)
        let app = RecordingAppDelegate(sceneDelegateClass: RecordingSceneDelegate.self)
        screen.launch(app)
        let window = screen.window
        let second = RecordingAppDelegate(makesWindow: true)
        #expect(!screen.launch(second))
        #expect(second.log.isEmpty)
        #expect(screen.window === window)
        #expect(reports.count == 3)
        #expect(reports.last?.contains("second launch was ignored") == true)
        // After termination a new app may launch on the screen.
        screen.terminateApp()
        #expect(screen.launch(second))
        #expect(screen.window === second.window)
    }

    @Test("launching makes the documents directory when it is missing, so the app's first save works; one that cannot be made is reported")
    func documentsDirectory() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tabula-documents-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let documents = scratch.appendingPathComponent("home/Documents")
        let saved = HeadlessScreen.documentsDirectory
        defer { HeadlessScreen.documentsDirectory = saved }
        HeadlessScreen.documentsDirectory = { documents }
        let screen = phone()
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        #expect(screen.launch(RecordingAppDelegate(makesWindow: true)))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: documents.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        try Data("note".utf8).write(to: documents.appendingPathComponent("note.txt"))
        // Launching again keeps what is there.
        screen.terminateApp()
        #expect(screen.launch(RecordingAppDelegate(makesWindow: true)))
        #expect(FileManager.default.contents(atPath: documents.appendingPathComponent("note.txt").path) == Data("note".utf8))
        #expect(reports.isEmpty)
        // A file where the directory should be: reported, and the app still launches.
        let blocked = scratch.appendingPathComponent("blocked")
        try Data().write(to: blocked)
        HeadlessScreen.documentsDirectory = { blocked.appendingPathComponent("Documents") }
        screen.terminateApp()
        #expect(screen.launch(RecordingAppDelegate(makesWindow: true)))
        #expect(reports.count == 1 && reports.first?.contains("could not be made") == true, "\(reports)")
    }

    @Test("the scene manifest of an Info.plist names the delegate class, with the module put in")
    func manifestLookup() {
        // As Xcode's template writes it.
        let info: [String: Any] = ["UIApplicationSceneManifest": [
            "UIApplicationSupportsMultipleScenes": false,
            "UISceneConfigurations": ["UIWindowSceneSessionRoleApplication": [
                ["UISceneConfigurationName": "Other", "UISceneDelegateClassName": "$(PRODUCT_MODULE_NAME).OtherDelegate"],
                ["UISceneConfigurationName": "Default Configuration",
                 "UISceneDelegateClassName": "$(PRODUCT_MODULE_NAME).SceneDelegate"],
            ]],
        ]]
        #expect(HeadlessScreen.manifestDelegateClassName(in: info, configuration: "Default Configuration", module: "Books")
                == "Books.SceneDelegate")
        #expect(HeadlessScreen.manifestDelegateClassName(in: info, configuration: "Other", module: "Books") == "Books.OtherDelegate")
        #expect(HeadlessScreen.manifestDelegateClassName(in: info, configuration: "Missing", module: "Books") == "Books.OtherDelegate",
                "a name no configuration has takes the first, as a nil name does")
        #expect(HeadlessScreen.manifestDelegateClassName(in: [:], configuration: nil, module: "Books") == nil)
        #expect(HeadlessScreen.manifestDelegateClassName(in: nil, configuration: nil, module: "Books") == nil)
    }
}
