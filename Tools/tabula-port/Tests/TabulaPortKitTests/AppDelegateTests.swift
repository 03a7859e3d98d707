import Testing
@testable import TabulaPortKit

@Suite("The app's entry point and delegates")
struct AppDelegateTests {
    @Test("@UIApplicationMain becomes @main; the app and scene delegates become final and ConstructibleDelegate")
    func delegatesBecomeConstructible() throws {
        let result = try ported("""
            import UIKit

            @UIApplicationMain
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
            }

            // Makes the window.
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
            }

            class Model {}
            """)
        #expect(result.source.contains("@main\nfinal class AppDelegate: UIResponder, UIApplicationDelegate {"))
        #expect(result.source.contains("// Makes the window.\nfinal class SceneDelegate: UIResponder, UIWindowSceneDelegate {"))
        #expect(result.source.contains("\nclass Model {}"))
        #expect(result.source.hasSuffix("""

            #if !canImport(UIKit)
            extension AppDelegate: ConstructibleDelegate {}
            extension SceneDelegate: ConstructibleDelegate {}
            #endif

            """))
        #expect(result.manualItems.isEmpty)
        #expect(result.notes.contains { $0.message.hasPrefix("@UIApplicationMain → @main") && $0.line == 3 })
    }

    @Test("Porting the ported file again changes nothing; a final class or a required init() is kept as it is")
    func idempotent() throws {
        let first = try ported("""
            import UIKit
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {}
            private class Scenes: UIResponder, UISceneDelegate {
                required override init() { super.init() }
            }
            """)
        #expect(first.source.contains("@main\nfinal class AppDelegate"))
        #expect(first.source.contains("private class Scenes"), "a required init() already lets Tabula make it")
        #expect(first.source.contains("extension Scenes: ConstructibleDelegate {}"))
        let second = try ported(first.source)
        #expect(!second.changed)
    }

    @Test("A delegate class subclassed in the file is not made final: the note asks for a required init()")
    func subclassedDelegate() throws {
        let result = try ported("""
            class AppDelegate: UIResponder, UIApplicationDelegate {}
            class TestingAppDelegate: AppDelegate {}
            """)
        #expect(result.source.hasPrefix("class AppDelegate"))
        #expect(!result.source.contains("ConstructibleDelegate"))
        #expect(result.manualItems.count == 1)
        #expect(result.manualItems.first?.message.contains("required override init()") == true)
    }
}
