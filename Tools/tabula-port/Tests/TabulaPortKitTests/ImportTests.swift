import Testing
@testable import TabulaPortKit

@Suite("Imports")
struct ImportTests {
    @Test("import UIKit goes behind #if canImport(UIKit), with Tabula in the #else, keeping the comment above it")
    func uikitImport() throws {
        let result = try ported("""
            // The list of plays.
            import UIKit

            final class Plays {}
            """)
        #expect(result.source == """
            // The list of plays.
            #if canImport(UIKit)
            import UIKit
            #else
            import Tabula
            #endif

            final class Plays {}
            """)
        #expect(result.conversions.count == 1)
        #expect(result.conversions[0].line == 2)
    }

    @Test("#Preview goes behind #if canImport(UIKit), once: Linux has no Preview macro")
    func previewMacro() throws {
        let result = try ported("""
            import UIKit

            final class Squad: UIViewController {}

            #Preview {
                Squad()
            }
            """)
        #expect(lines(result.source).suffix(5) == ["#if canImport(UIKit)", "#Preview {", "Squad()", "}", "#endif"])
        #expect(result.conversions.count == 2)
        let again = try ported(result.source)
        #expect(!again.changed, "a ported preview is left alone")
    }

    @Test("Porting a ported file changes nothing: imports already under #if are left alone")
    func idempotent() throws {
        let once = try ported("import UIKit\nimport Foundation\n").source
        let twice = try ported(once)
        #expect(!twice.changed)
        #expect(twice.notes.isEmpty)
    }

    @Test("CoreGraphics, QuartzCore, UniformTypeIdentifiers, os, WebKit and a UIKit submodule fall back to Tabula")
    func otherFrameworks() throws {
        let result = try ported("import CoreGraphics\nimport QuartzCore\nimport UIKit.UIBarButtonItem\n"
                                + "import UniformTypeIdentifiers\nimport os.log\nimport OSLog\nimport WebKit\n")
        #expect(lines(result.source) == [
            // Tabula: Foundation on Linux has CGRect and CGFloat but not CGPath, CGContext, CGColor,
            // CGImage or CGAffineTransform.
            "#if canImport(CoreGraphics)", "import CoreGraphics", "#else", "import Tabula", "#endif",
            "#if canImport(QuartzCore)", "import QuartzCore", "#else", "import Tabula", "#endif",
            // A file that imports only a submodule still gets Tabula.
            "#if canImport(UIKit)", "import UIKit.UIBarButtonItem", "#else", "import Tabula", "#endif",
            "#if canImport(UniformTypeIdentifiers)", "import UniformTypeIdentifiers", "#else", "import Tabula", "#endif",
            // Logging: Tabula's Logger, OSLog and os_log.
            "#if canImport(os)", "import os.log", "#else", "import Tabula", "#endif",
            "#if canImport(OSLog)", "import OSLog", "#else", "import Tabula", "#endif",
            // WebKit: Tabula's WKWebView (a placeholder without a web engine).
            "#if canImport(WebKit)", "import WebKit", "#else", "import Tabula", "#endif",
        ])
    }

    @Test("A navigation delegate's decision handler written for the iOS 18 SDK loses @MainActor @Sendable; the plain one is left")
    func webViewDecisionHandler() throws {
        let newer = try ported("""
            import WebKit
            final class Terms: NSObject, WKNavigationDelegate {
                func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                             decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void) {
                    decisionHandler(.allow)
                }
            }
            """)
        #expect(newer.source.contains("decisionHandler: @escaping (WKNavigationActionPolicy) -> Void)"))
        #expect(!newer.source.contains("@Sendable"))
        #expect(newer.notes.contains { $0.kind == .converted && $0.message.contains("decisionHandler") })
        let older = try ported("""
            final class Terms: NSObject, WKNavigationDelegate {
                func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
                             decisionHandler: @escaping (WKNavigationActionPolicy) -> Void) {
                    decisionHandler(.allow)
                }
            }
            """)
        #expect(!older.changed)
    }

    @Test("A framework with no Linux counterpart is listed for a person, with its line")
    func appleOnlyFramework() throws {
        let result = try ported("import UIKit\nimport SafariServices\n")
        #expect(result.manualItems.count == 1)
        #expect(result.manualItems.first?.line == 2)
        #expect(result.manualItems.first?.message.contains("SafariServices") == true)
        #expect(result.source.contains("\nimport SafariServices\n"))
    }
}
