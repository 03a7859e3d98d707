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

    @Test("Custom navigation bars and toolbars become final and ConstructibleView, for UINavigationController(navigationBarClass:toolbarClass:) (trial S); one without init(frame:) gets a note")
    func barsBecomeConstructible() throws {
        let result = try ported("""
            import UIKit

            class TintedBar: UINavigationBar {
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    tintColor = .systemPink
                }
                required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            }

            class PlainToolbar: UIToolbar {}

            class CoderOnlyBar: UINavigationBar {
                required init?(coder: NSCoder) { super.init(coder: coder) }
            }

            let navigation = UINavigationController(navigationBarClass: TintedBar.self, toolbarClass: PlainToolbar.self)
            """)
        #expect(result.source.contains("\nfinal class TintedBar: UINavigationBar {"))
        #expect(result.source.contains("\nfinal class PlainToolbar: UIToolbar {}"))
        #expect(result.source.contains("\nclass CoderOnlyBar: UINavigationBar {"))
        #expect(result.source.hasSuffix("""

            #if !canImport(UIKit)
            extension TintedBar: ConstructibleView {}
            extension PlainToolbar: ConstructibleView {}
            #endif

            """))
        let manual = result.manualItems.filter { $0.message.contains("CoderOnlyBar cannot be made from its class") }
        #expect(manual.count == 1)
        let again = try ported(result.source)
        #expect(again.source == result.source, "porting again changes nothing")
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
