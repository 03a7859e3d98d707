#if canImport(UIKit)
import UIKit
#else
import Tabula
#endif

/// The app's delegate, as Xcode's storyboard template writes it: the window comes from
/// the storyboard that Info.plist's scene configuration names.
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        return true
    }

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
}

#if !canImport(UIKit)
extension AppDelegate: ConstructibleDelegate {}
#endif
