import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// An app whose scene configuration names the Notes storyboard, as an Info.plist's
/// `UISceneStoryboardFile` does; its scene delegate only keeps the window it is given.
private final class StoryboardAppDelegate: UIResponder, UIApplicationDelegate {
    var windowSeenAtConnect: UIWindow?
    var storyboardName = "Notes"
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = StoryboardSceneDelegate.self
        configuration.storyboard = UIStoryboard(name: storyboardName, bundle: nil)
        return configuration
    }
}

private final class StoryboardSceneDelegate: UIResponder, UIWindowSceneDelegate, ConstructibleDelegate {
    var window: UIWindow?
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        (UIApplication.shared.delegate as? StoryboardAppDelegate)?.windowSeenAtConnect = window
    }
}

@MainActor
@Suite("Launching an app whose scene comes from a storyboard")
struct StoryboardLaunchTests {
    @Test("the scene delegate is given a window whose root is the storyboard's initial controller before it connects; the window goes on screen")
    func sceneStoryboard() throws {
        NotesStoryboard.register()
        let screen = HeadlessScreen(device: .iPhone15)
        let app = StoryboardAppDelegate()
        screen.launch(app)
        defer { screen.terminateApp() }
        let window = try #require(app.windowSeenAtConnect)
        let navigation = try #require(window.rootViewController as? UINavigationController)
        #expect(navigation.topViewController is NotesListController)
        #expect(screen.window === window)
        screen.advance(by: 0.1)
        #expect(try screen.element(labelContaining: "Groceries").frame.height > 0)
    }

    @Test("a storyboard's Global Tint becomes the launch window's tint, which its bar buttons and views inherit")
    func globalTint() throws {
        let teal = UIColor(red: 0.02, green: 0.66, blue: 0.92, alpha: 1)
        InterfaceBuilder.registerStoryboard(
            "TintedNotes", initialScene: "nav", identifiers: [:],
            scenes: ["nav": NotesStoryboard.navigation, "list": NotesStoryboard.list, "note": NotesStoryboard.note,
                     "compose": NotesStoryboard.compose],
            tintColor: teal)
        let screen = HeadlessScreen(device: .iPhone15)
        let app = StoryboardAppDelegate()
        app.storyboardName = "TintedNotes"
        screen.launch(app)
        defer { screen.terminateApp() }
        let window = try #require(app.windowSeenAtConnect)
        #expect(window.tintColor == teal)
        let navigation = try #require(window.rootViewController as? UINavigationController)
        screen.advance(by: 0.1)
        #expect(navigation.topViewController?.view.tintColor == teal)
        #expect(navigation.navigationBar.tintColor == teal)
    }

    @Test("a storyboard without a Global Tint leaves the launch window's tint at the system's")
    func noGlobalTint() throws {
        NotesStoryboard.register()
        let screen = HeadlessScreen(device: .iPhone15)
        let app = StoryboardAppDelegate()
        screen.launch(app)
        defer { screen.terminateApp() }
        let window = try #require(app.windowSeenAtConnect)
        #expect(window.tintColor == UIView().tintColor)
    }
}
