import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable
import TabulaTestSupport

/// An app whose scene configuration names the Notes storyboard, as an Info.plist's
/// `UISceneStoryboardFile` does; its scene delegate only keeps the window it is given.
private final class StoryboardAppDelegate: UIResponder, UIApplicationDelegate {
    var windowSeenAtConnect: UIWindow?
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = StoryboardSceneDelegate.self
        configuration.storyboard = UIStoryboard(name: "Notes", bundle: nil)
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
}
