import Testing
@testable import TabulaPortKit

@Suite("Old-style previews and #if blocks that import an Apple-only framework")
struct PreviewProviderTests {
    @Test("#if DEBUG with import SwiftUI and a PreviewProvider → #if DEBUG && canImport(SwiftUI), nothing left")
    func debugBlockImportingSwiftUI() throws {
        let result = try ported("""
            import UIKit
            class A: UIView {}
            #if DEBUG
            import SwiftUI
            struct A_Preview: PreviewProvider { static var previews: some View { Text("a") } }
            #endif
            """)
        #expect(lines(result.source) == [
            "#if canImport(UIKit)", "import UIKit", "#else", "import Tabula", "#endif",
            "class A: UIView {}",
            "#if DEBUG && canImport(SwiftUI)",
            "import SwiftUI",
            "struct A_Preview: PreviewProvider { static var previews: some View { Text(\"a\") } }",
            "#endif",
        ])
        #expect(result.manualItems.isEmpty)
        let note = try #require(result.conversions.first { $0.message.contains("canImport(SwiftUI)") })
        #expect(note.line == 4)
        #expect(!(try ported(result.source)).changed, "a guarded block is left alone")
    }

    @Test("Any Apple-only framework: the condition gets canImport of each, and an || condition is parenthesized")
    func otherFrameworksAndOr() throws {
        let result = try ported("""
            #if DEBUG || BETA // debug tools
            import MessageUI
            import CoreLocation
            import MessageUI
            final class Tools {}
            #endif
            """)
        #expect(lines(result.source).first == "#if (DEBUG || BETA) && canImport(MessageUI) && canImport(CoreLocation) // debug tools")
        #expect(result.manualItems.isEmpty)
        #expect(result.conversions.count == 1)
    }

    @Test("A block already false on Linux is left alone: canImport(SwiftUI), os(iOS), canImport(UIKit), && of them")
    func alreadyGuarded() throws {
        for condition in ["canImport(SwiftUI)", "DEBUG && canImport(SwiftUI)", "os(iOS)", "canImport(UIKit)",
                          "targetEnvironment(simulator)", "os(iOS) || os(tvOS)", "!os(Linux)", "(DEBUG && os(iOS))"] {
            let result = try ported("""
                #if \(condition)
                import SwiftUI
                struct A_Preview: PreviewProvider { static var previews: some View { Text("a") } }
                #endif
                """)
            #expect(!result.changed, "#if \(condition)")
            #expect(result.notes.isEmpty, "#if \(condition)")
        }
        let nested = try ported("#if os(iOS)\n#if DEBUG\nimport SwiftUI\n#endif\n#endif\n")
        #expect(!nested.changed, "an #if inside a clause Linux skips")
    }

    @Test("With #else, only the clause that imports gets guarded, inside it: Linux still takes that clause, not #else")
    func withElse() throws {
        let result = try ported("""
            #if DEBUG
            import SwiftUI
            struct A_Preview: PreviewProvider { static var previews: some View { Text("a") } }
            #else
            let releaseBuild = true
            #endif
            """)
        #expect(lines(result.source) == [
            "#if DEBUG",
            "#if canImport(SwiftUI)",
            "import SwiftUI",
            "struct A_Preview: PreviewProvider { static var previews: some View { Text(\"a\") } }",
            "#endif",
            "#else",
            "let releaseBuild = true",
            "#endif",
        ])
        #expect(result.manualItems.isEmpty)
        #expect(result.conversions.count == 1)
        #expect(result.conversions[0].line == 2)
        #expect(!(try ported(result.source)).changed)
    }

    @Test("An #elseif or #else clause that imports is guarded inside; a clause false on Linux is not")
    func elseifAndElse() throws {
        let result = try ported("""
            #if os(iOS)
            import SwiftUI
            #elseif DEBUG
            import Combine
            let a = 1
            #else
            import SwiftUI
            let b = 2
            #endif
            """)
        #expect(lines(result.source) == [
            "#if os(iOS)", "import SwiftUI",
            "#elseif DEBUG", "#if canImport(Combine)", "import Combine", "let a = 1", "#endif",
            "#else", "#if canImport(SwiftUI)", "import SwiftUI", "let b = 2", "#endif",
            "#endif",
        ])
        #expect(result.conversions.map(\.line) == [4, 7])
        #expect(!(try ported(result.source)).changed)
    }

    @Test("A top-level import SwiftUI used only by a PreviewProvider: both go under #if canImport(SwiftUI)")
    func topLevelPreviewProvider() throws {
        let result = try ported("""
            import UIKit
            import SwiftUI

            final class Badge: UIView {}

            struct Badge_Previews: PreviewProvider {
                static var previews: some View {
                    Text("badge")
                }
            }
            """)
        #expect(lines(result.source) == [
            "#if canImport(UIKit)", "import UIKit", "#else", "import Tabula", "#endif",
            "#if canImport(SwiftUI)", "import SwiftUI", "#endif",
            "final class Badge: UIView {}",
            "#if canImport(SwiftUI)",
            "struct Badge_Previews: PreviewProvider {", "static var previews: some View {", "Text(\"badge\")", "}", "}",
            "#endif",
        ])
        #expect(result.manualItems.isEmpty)
        #expect(result.conversions.map(\.line) == [1, 2, 6])
        let again = try ported(result.source)
        #expect(!again.changed)
        #expect(again.notes.isEmpty)
    }

    @Test("A PreviewProvider under #if DEBUG with the import at the top: the struct is fenced inside, the import too")
    func previewProviderInDebugBlock() throws {
        let result = try ported("""
            import SwiftUI
            final class Badge: UIView {}
            #if DEBUG
            struct Badge_Previews: PreviewProvider {
                static var previews: some View { Text("badge") }
            }
            #endif
            """)
        #expect(lines(result.source) == [
            "#if canImport(SwiftUI)", "import SwiftUI", "#endif",
            "final class Badge: UIView {}",
            "#if DEBUG", "#if canImport(SwiftUI)", "struct Badge_Previews: PreviewProvider {",
            "static var previews: some View { Text(\"badge\") }", "}", "#endif", "#endif",
        ])
        #expect(result.manualItems.isEmpty)
    }

    @Test("#Preview under #if DEBUG is fenced like a top-level one")
    func previewMacroInDebugBlock() throws {
        let result = try ported("""
            #if DEBUG
            #Preview {
                Squad()
            }
            #endif
            """)
        #expect(lines(result.source) == ["#if DEBUG", "#if canImport(UIKit)", "#Preview {", "Squad()", "}", "#endif", "#endif"])
        #expect(!(try ported(result.source)).changed)
    }

    @Test("A file that uses SwiftUI beyond its previews keeps import SwiftUI as an item for a person")
    func swiftUIBeyondPreviews() throws {
        let result = try ported("""
            import UIKit
            import SwiftUI
            final class Host: UIViewController {
                let child = UIHostingController(rootView: Text("hi"))
            }
            struct Host_Previews: PreviewProvider {
                static var previews: some View { Text("a") }
            }
            """)
        #expect(result.manualItems.count == 1)
        #expect(result.manualItems.first?.line == 2)
        #expect(result.source.contains("\nimport SwiftUI\nfinal class Host"))
        // The preview itself is still fenced.
        #expect(lines(result.source).suffix(5).first == "#if canImport(SwiftUI)")
    }

    @Test("A type of the file's own named like a SwiftUI one does not count as SwiftUI")
    func ownTypeNamedLikeSwiftUI() throws {
        let result = try ported("""
            import SwiftUI
            struct Section { var rows: [String] }
            struct Section_Previews: PreviewProvider {
                static var previews: some View { Text("a") }
            }
            """)
        #expect(result.manualItems.isEmpty)
        #expect(lines(result.source).prefix(3) == ["#if canImport(SwiftUI)", "import SwiftUI", "#endif"])
    }

    @Test("A UIViewRepresentable only the previews use goes under #if canImport(SwiftUI) with them; one the app uses stays")
    func previewOnlyRepresentable() throws {
        let source = """
            import UIKit
            import SwiftUI

            final class Badge: UIView {}

            struct BadgeRepresentable: UIViewRepresentable {
                func makeUIView(context: Context) -> Badge { Badge() }
                func updateUIView(_ view: Badge, context: Context) {}
            }

            struct Badge_Previews: PreviewProvider {
                static var previews: some View { BadgeRepresentable() }
            }
            """
        let result = try ported(source)
        #expect(result.manualItems.isEmpty)
        let code = lines(result.source)
        #expect(code.filter { $0 == "#if canImport(SwiftUI)" }.count == 3)
        let fenced = try #require(code.firstIndex(of: "struct BadgeRepresentable: UIViewRepresentable {"))
        #expect(code[fenced - 1] == "#if canImport(SwiftUI)")
        #expect(result.conversions.contains { $0.line == 6 && $0.message.contains("BadgeRepresentable") })
        #expect(!(try ported(result.source)).changed)

        let used = try ported(source + "\nfunc host() -> some View { BadgeRepresentable() }\n")
        #expect(used.manualItems.count == 1, "import SwiftUI is left for a person")
        #expect(lines(used.source).contains("struct BadgeRepresentable: UIViewRepresentable {"))
        #expect(!used.notes.contains { $0.message.contains("used only by previews") })
    }
}
