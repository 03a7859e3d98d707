import Foundation
import Testing
@testable import TabulaPortKit

@Suite("UIKit API Tabula lacks")
struct UnsupportedAPITests {
    private func missing(_ result: PortResult) -> [PortNote] {
        result.manualItems.filter { $0.message.contains("is not in Tabula") }
    }

    @Test("Each use of a listed type is a warning with its line, column and name; one per type and line")
    func usesAreListed() throws {
        let result = try ported("""
            import UIKit

            final class PhotoViewController: UIViewController, UIImagePickerControllerDelegate {
                var picker: UIImagePickerController?

                func pick() {
                    let picker = UIImagePickerController(); picker.sourceType = UIImagePickerController.SourceType.camera
                    present(picker, animated: true)
                }

                func pickFont() {
                    let fonts = UIFontPickerViewController()
                    present(fonts, animated: true)
                }
            }
            """)
        let notes = missing(result)
        #expect(notes.map(\.line) == [3, 4, 7, 12])
        #expect(notes[0].column == 52)
        #expect(notes[0].message.hasPrefix("UIImagePickerControllerDelegate is not in Tabula (the camera and photo library picker): "
            + "keep the code that uses it under #if canImport(UIKit)"))
        #expect(notes[1].message.hasPrefix("UIImagePickerController is not in Tabula"))
        #expect(notes[3].message.hasPrefix("UIFontPickerViewController is not in Tabula (a system font or colour picker)"))
        #expect(notes.allSatisfy { $0.kind == .manual && $0.message.contains("that list is not complete") })
        // The warning changes nothing.
        #expect(result.source.contains("let picker = UIImagePickerController();"))
    }

    @Test("Objective-C runtime calls (associated objects, swizzling) are listed with what to do instead, but not in iOS-only code (trial S)")
    func runtimeCalls() throws {
        let result = try ported("""
            import UIKit
            import ObjectiveC

            private var helperKey: UInt8 = 0

            final class FormViewController: UIViewController {
                func attach(_ helper: AnyObject, to field: UITextField) {
                    objc_setAssociatedObject(field, &helperKey, helper, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
                }
                func helper(of field: UITextField) -> AnyObject? {
                    objc_getAssociatedObject(field, &helperKey) as AnyObject?
                }
            }

            #if canImport(UIKit)
            func swizzle() {
                if let a = class_getInstanceMethod(UIView.self, #selector(UIView.layoutSubviews)) { _ = a }
            }
            #endif
            """)
        let notes = result.manualItems.filter { $0.message.contains("Objective-C runtime API") }
        #expect(notes.map(\.line) == [8, 11])
        #expect(notes.first?.message.hasPrefix("objc_setAssociatedObject is Objective-C runtime API, which Linux does not have: "
            + "keep the object in a stored property, or in a dictionary keyed by ObjectIdentifier of its owner") == true)
        #expect(notes.allSatisfy { $0.kind == .manual })
    }

    @Test("Code only iOS compiles is not listed; code for Linux is")
    func iOSOnlyCode() throws {
        let result = try ported("""
            #if canImport(UIKit)
            let tip = UIToolTipInteraction(defaultToolTip: "Hi")
            #elseif os(iOS)
            let input = UIInputView()
            #else
            let other = UIInputView()
            #endif
            #if !canImport(UIKit)
            let linux = UIInputView()
            #endif
            #if os(iOS)
            let animator = UIDynamicAnimator()
            #endif
            """)
        #expect(missing(result).map(\.line) == [6, 9])
    }

    @Test("A type the file declares itself is not listed; a Tabula type is not listed")
    func declaredHere() throws {
        let result = try ported("""
            final class UIInputView: UIView {}
            let view = UIInputView()
            let table = UITableView()
            let label: UILabel = UILabel()
            """)
        #expect(missing(result).isEmpty)
    }

    @Test("Frameworks with no Linux counterpart are listed at their import", arguments: ["ARKit", "SceneKit", "SpriteKit", "UserNotifications"])
    func frameworks(module: String) throws {
        let result = try ported("import UIKit\nimport \(module)\n")
        let first = String(module.split(separator: ".")[0])
        #expect(result.manualItems.contains { $0.line == 2 && $0.message.hasPrefix("\(first) has no Linux counterpart") })
    }

    /// The list must not claim something Tabula has: no listed type is declared in the
    /// library's sources (read from this repository, next to the tool).
    @Test("No listed type is declared in Tabula")
    func listIsHonest() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()   // TabulaPortKitTests
            .deletingLastPathComponent().deletingLastPathComponent()               // tabula-port
            .deletingLastPathComponent().deletingLastPathComponent()               // the repository
            .appendingPathComponent("Sources")
        let files = SourceWalker.files(under: sources, extensions: ["swift"])
        try #require(files.count > 100, "the library's sources are not beside the tool")
        // Every name that follows a declaring keyword, in every file.
        let keywords: Set<Substring> = ["class", "struct", "protocol", "enum", "typealias"]
        var declared: Set<String> = []
        for file in files {
            let words = try String(contentsOf: file, encoding: .utf8).split(whereSeparator: { $0.isWhitespace })
            for (keyword, name) in zip(words, words.dropFirst()) where keywords.contains(keyword) {
                declared.insert(String(name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
            }
        }
        #expect(declared.contains("UITableView"), "the scan finds Tabula's types")
        for name in UnsupportedAPI.types.keys.sorted() {
            #expect(!declared.contains(name), "Tabula declares \(name): remove it from UnsupportedAPI")
        }
    }
}
