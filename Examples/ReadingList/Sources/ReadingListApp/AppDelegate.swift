#if canImport(UIKit)
import UIKit
#else
import Tabula
#endif

/// The reading list as an app: it starts as an iOS app does, from its delegate, whose
/// scene delegate makes the window. On iOS these two files are the app's own; on Linux the
/// same files run in a window (or headless, writing what it shows to a PNG file), and the
/// one addition Swift on Linux needs is the `ConstructibleDelegate` conformance below,
/// which `tabula-port` adds: without the Objective-C runtime, Tabula cannot make a class
/// from its name.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
}

#if !canImport(UIKit)
extension AppDelegate: ConstructibleDelegate {}
#endif
