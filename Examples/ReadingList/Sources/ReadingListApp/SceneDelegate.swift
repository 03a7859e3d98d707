#if canImport(UIKit)
import UIKit
#else
import Tabula
#endif
import ReadingList

/// Makes the window: the books of a sample library in a navigation controller. On iOS the
/// app's Info.plist names this class; without one, Tabula takes the class called
/// `SceneDelegate` in the app delegate's module, as Xcode's template names it.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        do {
            window.rootViewController = UINavigationController(rootViewController: BooksViewController(library: try Library.sample()))
        } catch {
            let problem = UIViewController()
            problem.title = "The library could not be opened: \(error)"
            window.rootViewController = problem
        }
        self.window = window
        window.makeKeyAndVisible()
    }
}

#if !canImport(UIKit)
extension SceneDelegate: ConstructibleDelegate {}
#endif
