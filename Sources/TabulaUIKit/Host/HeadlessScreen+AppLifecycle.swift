import Foundation

/// An app launched on a screen: its delegate and where it is in its life.
package struct LaunchedApp {
    let delegate: any UIApplicationDelegate
    /// Whether a scene delegate connected (then the scene gets the foreground and
    /// activity callbacks, and the app delegate does not, as in UIKit).
    var hasSceneDelegate = false
    var state = UIApplication.State.inactive
}

extension HeadlessScreen {
    /// Launches an app on this screen as iOS does, with `appDelegate` as its delegate:
    ///
    /// 1. `application(_:willFinishLaunchingWithOptions:)`, then
    ///    `application(_:didFinishLaunchingWithOptions:)` (an app without scenes makes its
    ///    window there; a window made key then goes on this screen);
    /// 2. the scene connects: the delegate is asked for its configuration
    ///    (`application(_:configurationForConnecting:options:)`), whose `delegateClass`
    ///    names the scene delegate — or, when it names none, the `UISceneDelegateClassName`
    ///    that `Info.plist`'s scene manifest gives for the configuration's name, or else the
    ///    class `SceneDelegate` in the app delegate's module, as Xcode's template names it;
    ///    the scene delegate is made (a ``ConstructibleDelegate``) and its
    ///    `scene(_:willConnectTo:options:)` makes the window;
    /// 3. `sceneWillEnterForeground(_:)` and `sceneDidBecomeActive(_:)` (without a scene
    ///    delegate, `applicationDidBecomeActive(_:)`), with UIKit's notifications.
    ///
    /// A scene delegate class that cannot be made, or is not a ``UISceneDelegate``, is
    /// reported (``onReport``) and the app runs without scenes. Launching on a screen whose
    /// app is running is reported and does nothing.
    ///
    /// - Returns: what `application(_:didFinishLaunchingWithOptions:)` returned (false when
    ///   nothing was launched).
    @discardableResult
    public func launch(_ appDelegate: any UIApplicationDelegate,
                       options: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        guard launchedApp == nil else {
            reportLifecycle("launch(_:options:) on a screen whose app is running; the second launch was ignored "
                            + "(terminateApp() first)")
            return false
        }
        let application = UIApplication.shared
        application.delegate = appDelegate
        launchedApp = LaunchedApp(delegate: appDelegate)
        application.launchingScreen = self
        defer { application.launchingScreen = nil }
        InterfaceBuilder.noteModule(of: type(of: appDelegate))
        makeDocumentsDirectory()
        let info = Self.launchInfo(of: appDelegate)

        // An app without scenes whose Info.plist names a main storyboard gets its window,
        // with the storyboard's initial view controller, before it hears of the launch.
        let manifest = Self.sceneManifestEntry(in: info, configuration: nil)
        var mainStoryboardWindow: UIWindow?
        if manifest == nil, let name = info?["UIMainStoryboardFile"] as? String {
            mainStoryboardWindow = Self.storyboardWindow(name, scene: nil)
            appDelegate.window = mainStoryboardWindow
        }

        _ = appDelegate.application(application, willFinishLaunchingWithOptions: options)
        let finished = appDelegate.application(application, didFinishLaunchingWithOptions: options)
        if let mainStoryboardWindow, !mainStoryboardWindow.isKeyWindow { mainStoryboardWindow.makeKeyAndVisible() }
        NotificationCenter.default.post(name: UIApplication.didFinishLaunchingNotification, object: application)

        let scene = windowScene
        let connection = UIScene.ConnectionOptions()
        if let sceneDelegate = makeSceneDelegate(for: appDelegate, info: info, connection: connection) {
            launchedApp?.hasSceneDelegate = true
            scene.delegate = sceneDelegate
            scene.state = .unattached
            NotificationCenter.default.post(name: UIScene.willConnectNotification, object: scene)
            // A configuration with a storyboard gives the scene delegate its window first.
            var storyboardWindow: UIWindow?
            if let name = scene.session.configuration.storyboardName
                ?? Self.sceneManifestEntry(in: info, configuration: scene.session.configuration.name)?["UISceneStoryboardFile"] as? String,
               let windowDelegate = sceneDelegate as? any UIWindowSceneDelegate {
                storyboardWindow = Self.storyboardWindow(name, scene: scene)
                windowDelegate.window = storyboardWindow
            }
            sceneDelegate.scene(scene, willConnectTo: scene.session, options: connection)
            if let storyboardWindow, !storyboardWindow.isKeyWindow { storyboardWindow.makeKeyAndVisible() }
            scene.state = .foregroundInactive
            sceneDelegate.sceneWillEnterForeground(scene)
            NotificationCenter.default.post(name: UIScene.willEnterForegroundNotification, object: scene)
        }
        setAppState(.active)
        if window == nil {
            // UIKit would have made one from Info.plist's storyboard; a port's most common
            // black screen is that file left behind.
            reportLifecycle("launch: \(type(of: appDelegate)) launched and shows no window: neither its app delegate "
                + "nor its scene delegate made one key and visible. UIKit makes one from the storyboard Info.plist names "
                + "(UIMainStoryboardFile, or a scene configuration's UISceneStoryboardFile), and SwiftPM leaves Info.plist "
                + "out of the build: run tabula-port on the folder that holds Info.plist and the storyboards (it copies "
                + "those keys into TabulaInterfaceBuilderFiles), put Info.plist beside the executable, or make the "
                + "window in code (a UIWindow with a rootViewController, then makeKeyAndVisible())")
        }
        return finished
    }

    /// Moves the launched app to `state` through the states between, as iOS does: active
    /// to background passes inactive (`sceneWillResignActive(_:)`, then
    /// `sceneDidEnterBackground(_:)`), and back (`sceneWillEnterForeground(_:)`, then
    /// `sceneDidBecomeActive(_:)`); an app without a scene delegate hears the
    /// `application…` callbacks instead. Each step posts UIKit's notification. With no app
    /// launched on this screen it is reported and does nothing.
    public func setAppState(_ state: UIApplication.State) {
        guard launchedApp != nil else {
            reportLifecycle("setAppState(_:) on a screen with no launched app; nothing changed (launch(_:options:) first)")
            return
        }
        while let current = launchedApp?.state, current != state {
            switch (current, state) {
            case (.active, _): resignActive()
            case (.inactive, .active): becomeActive()
            case (.inactive, _): enterBackground()
            case (.background, _): enterForeground()
            }
        }
    }

    /// Ends the launched app, as when its window closes: it goes to the background, its
    /// scene disconnects (`sceneDidDisconnect(_:)`), and `applicationWillTerminate(_:)` is
    /// called. The screen keeps what it shows; a new app may launch on it.
    public func terminateApp() {
        guard let app = launchedApp else {
            reportLifecycle("terminateApp() on a screen with no launched app; nothing to end")
            return
        }
        setAppState(.background)
        let scene = windowScene
        if app.hasSceneDelegate {
            scene.state = .unattached
            scene.delegate?.sceneDidDisconnect(scene)
            NotificationCenter.default.post(name: UIScene.didDisconnectNotification, object: scene)
            scene.session.scene = nil
        }
        app.delegate.applicationWillTerminate(UIApplication.shared)
        NotificationCenter.default.post(name: UIApplication.willTerminateNotification, object: UIApplication.shared)
        launchedApp = nil
    }

    // MARK: - Steps

    private func becomeActive() {
        guard let app = launchedApp else { return }
        launchedApp?.state = .active
        if app.hasSceneDelegate {
            windowScene.state = .foregroundActive
            windowScene.delegate?.sceneDidBecomeActive(windowScene)
            NotificationCenter.default.post(name: UIScene.didActivateNotification, object: windowScene)
        } else {
            app.delegate.applicationDidBecomeActive(UIApplication.shared)
        }
        NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: UIApplication.shared)
    }

    private func resignActive() {
        guard let app = launchedApp else { return }
        launchedApp?.state = .inactive
        if app.hasSceneDelegate {
            windowScene.state = .foregroundInactive
            windowScene.delegate?.sceneWillResignActive(windowScene)
            NotificationCenter.default.post(name: UIScene.willDeactivateNotification, object: windowScene)
        } else {
            app.delegate.applicationWillResignActive(UIApplication.shared)
        }
        NotificationCenter.default.post(name: UIApplication.willResignActiveNotification, object: UIApplication.shared)
    }

    private func enterBackground() {
        guard let app = launchedApp else { return }
        launchedApp?.state = .background
        if app.hasSceneDelegate {
            windowScene.state = .background
            windowScene.delegate?.sceneDidEnterBackground(windowScene)
            NotificationCenter.default.post(name: UIScene.didEnterBackgroundNotification, object: windowScene)
        } else {
            app.delegate.applicationDidEnterBackground(UIApplication.shared)
        }
        NotificationCenter.default.post(name: UIApplication.didEnterBackgroundNotification, object: UIApplication.shared)
    }

    private func enterForeground() {
        guard let app = launchedApp else { return }
        launchedApp?.state = .inactive
        if app.hasSceneDelegate {
            windowScene.state = .foregroundInactive
            windowScene.delegate?.sceneWillEnterForeground(windowScene)
            NotificationCenter.default.post(name: UIScene.willEnterForegroundNotification, object: windowScene)
        } else {
            app.delegate.applicationWillEnterForeground(UIApplication.shared)
        }
        NotificationCenter.default.post(name: UIApplication.willEnterForegroundNotification, object: UIApplication.shared)
    }

    /// Where an app's documents go (tests point it elsewhere).
    package static var documentsDirectory: () -> URL? = {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
    }

    /// Makes the user's documents directory if it is missing: an iOS app always has one in
    /// its container, and apps save there without creating it, but on Linux
    /// (`FileManager`'s `.documentDirectory`, `~/Documents`) it may not exist, and every
    /// save would fail. A directory that cannot be made is reported.
    private func makeDocumentsDirectory() {
        guard let documents = Self.documentsDirectory() else { return }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: documents.path, isDirectory: &isDirectory), isDirectory.boolValue { return }
        do {
            try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        } catch {
            reportLifecycle("the documents directory \(documents.path) does not exist and could not be made "
                            + "(\(error.localizedDescription)); the app's saves there will fail")
        }
    }

    // MARK: - The scene delegate

    /// The scene delegate of `appDelegate`'s app for this screen's scene, made from the
    /// class its configuration names (see ``launch(_:options:)``); nil for an app without
    /// scenes, or when the class cannot be made (reported).
    private func makeSceneDelegate(for appDelegate: any UIApplicationDelegate, info: [String: Any]?,
                                   connection: UIScene.ConnectionOptions) -> (any UISceneDelegate)? {
        let scene = windowScene
        let session = UISceneSession(role: .windowApplication,
                                     configuration: UISceneConfiguration(name: "Default Configuration", sessionRole: .windowApplication))
        let configuration = appDelegate.application(UIApplication.shared, configurationForConnecting: session, options: connection)
        session.configuration = configuration
        session.scene = scene
        scene.session = session

        let module = String(reflecting: type(of: appDelegate)).split(separator: ".").first.map(String.init) ?? ""
        let delegateClass: AnyClass
        if let named = configuration.delegateClass {
            delegateClass = named
        } else if let name = Self.manifestDelegateClassName(in: info, configuration: configuration.name, module: module) {
            guard let found = NSClassFromString(name) else {
                reportLifecycle("Info.plist names the scene delegate class '\(name)', which this app does not have; "
                                + "the app runs without scenes")
                return nil
            }
            delegateClass = found
        } else if let conventional = NSClassFromString("\(module).SceneDelegate") {
            delegateClass = conventional
        } else {
            return nil   // an app without scenes: its delegate's window is the app's
        }
        let name = String(reflecting: delegateClass)
        guard delegateClass is any UISceneDelegate.Type else {
            reportLifecycle("the scene delegate class \(name) is not a UISceneDelegate; the app runs without scenes")
            return nil
        }
        guard let constructible = delegateClass as? any ConstructibleDelegate.Type,
              let sceneDelegate = constructible.init() as? any UISceneDelegate else {
            reportLifecycle("the scene delegate class \(name) cannot be made without the Objective-C runtime: add "
                            + "`extension \(name.split(separator: ".").last ?? ""): ConstructibleDelegate {}` and make the "
                            + "class final (or its init() required), as tabula-port does; the app runs without scenes")
            return nil
        }
        configuration.delegateClass = delegateClass
        return sceneDelegate
    }

    /// The `Info.plist` keys the launch of `appDelegate`'s app reads: the executable's own
    /// `Info.plist` when it names a storyboard or scenes (on Linux, one put beside the
    /// executable), else those `tabula-port` copied into the app's module
    /// (``InterfaceBuilderFileList/infoPlist``), else the executable's.
    static func launchInfo(of appDelegate: any UIApplicationDelegate) -> [String: Any]? {
        let own = Bundle.main.infoDictionary
        if own?["UIMainStoryboardFile"] != nil || own?["UIApplicationSceneManifest"] != nil { return own }
        let module = String(reflecting: type(of: appDelegate)).split(separator: ".").first.map(String.init) ?? ""
        return InterfaceBuilder.generatedInfo(ofModule: module) ?? own
    }

    /// The `UISceneDelegateClassName` of the application-role configuration named
    /// `configuration` (or the first, when none has that name) in the scene manifest of
    /// `info` (an `Info.plist`'s dictionary), with `$(PRODUCT_MODULE_NAME)` replaced by
    /// `module`; nil without one.
    static func manifestDelegateClassName(in info: [String: Any]?, configuration: String?, module: String) -> String? {
        let entry = sceneManifestEntry(in: info, configuration: configuration)
        return (entry?["UISceneDelegateClassName"] as? String)?.replacingOccurrences(of: "$(PRODUCT_MODULE_NAME)", with: module)
    }

    /// The application-role configuration named `configuration` (or the first) of the
    /// scene manifest in `info`; nil for an app without a scene manifest.
    static func sceneManifestEntry(in info: [String: Any]?, configuration: String?) -> [String: Any]? {
        guard let manifest = info?["UIApplicationSceneManifest"] as? [String: Any],
              let roles = manifest["UISceneConfigurations"] as? [String: Any],
              let entries = roles[UISceneSession.Role.windowApplication.rawValue] as? [[String: Any]] else { return nil }
        return entries.first { $0["UISceneConfigurationName"] as? String == configuration } ?? entries.first
    }

    /// A window (for `scene`, if given) whose root is the initial view controller of the
    /// storyboard `name`; a storyboard without one is reported and the window left empty.
    static func storyboardWindow(_ name: String, scene: UIWindowScene?) -> UIWindow {
        let window = scene.map { UIWindow(windowScene: $0) } ?? UIWindow(frame: UIScreen.main.bounds)
        if let tint = InterfaceBuilder.globalTint(ofStoryboard: name) { window.tintColor = tint }
        let storyboard = UIStoryboard(name: name, bundle: nil)
        if let initial = storyboard.instantiateInitialViewController() {
            window.rootViewController = initial
        } else if InterfaceBuilder.isRegistered(storyboard: name) {
            UIViewController.onInvalidUse("the storyboard \"\(name)\" that Info.plist names has no initial view controller; the window is empty")
        }
        return window
    }

    private func reportLifecycle(_ message: String) {
        ProblemReports.report(message, on: self, otherwise: { ProblemReports.reportUnattributed($0) })
    }
}
