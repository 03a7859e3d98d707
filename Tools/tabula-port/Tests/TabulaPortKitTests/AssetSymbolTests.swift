import Foundation
import Testing
@testable import TabulaPortKit

/// A folder holding `entries` (paths relative to it; a path ending in `/` is a folder,
/// anything else a file with the text given), removed by the caller.
private func folder(_ entries: [String: String]) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("asset-symbols-\(UUID().uuidString)")
    for (path, text) in entries {
        let url = root.appendingPathComponent(path)
        if path.hasSuffix("/") {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } else {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }
    return root
}

/// An app folder with one catalog: a colour set, two image sets (one in a namespace), an
/// app icon, and `source` as its only Swift file.
private func app(source: String) throws -> URL {
    try folder([
        "App/Assets.xcassets/Contents.json": "{}",
        "App/Assets.xcassets/AccentColor.colorset/": "",
        "App/Assets.xcassets/Brand Red Color.colorset/": "",
        "App/Assets.xcassets/checkmark.imageset/": "",
        "App/Assets.xcassets/top-banner.imageset/": "",
        "App/Assets.xcassets/AppIcon.appiconset/": "",
        "App/Assets.xcassets/Icons/Contents.json": "{\"properties\":{\"provides-namespace\":true}}",
        "App/Assets.xcassets/Icons/gear.imageset/": "",
        "App/Assets.xcassets/Plain/arrow.imageset/": "",
        "App/ViewController.swift": source,
    ])
}

@Suite("Xcode's generated asset symbols")
struct AssetSymbolTests {
    /// Names as Xcode's generated files show them (`AccentColor` → `accent`, a leading
    /// digit → `_`), and the rules this tool applies to the rest.
    @Test("An asset's name becomes its symbol", arguments: [
        ("AccentColor", true, "accent"),
        ("tabbarBackgroundColor", true, "tabbarBackground"),
        ("headerBackground", true, "headerBackground"),
        ("Color", true, "color"),
        ("BackgroundColor", false, "backgroundColor"),
        ("checkmark", false, "checkmark"),
        ("Chevron Left", false, "chevronLeft"),
        ("fiori.bus.public.transport", false, "fioriBusPublicTransport"),
        ("top-banner_2x", false, "topBanner2X"),
        ("1", false, "_1"),
        ("0b3b21ff", false, "_0B3B21Ff"),
        ("URLIcon", false, "urlIcon"),
        ("Icons/gear", false, "iconsGear"),
        ("default", false, "`default`"),
    ])
    func symbolNames(name: String, color: Bool, expected: String) {
        #expect(AssetSymbols.symbol(for: name, color: color) == expected)
    }

    @Test("A name without a letter or digit gives no symbol, and a warning")
    func noSymbol() {
        var symbols = AssetSymbols()
        symbols.add(name: "--", color: false, path: "A.xcassets/--.imageset")
        #expect(symbols.isEmpty)
        #expect(symbols.warnings == ["A.xcassets/--.imageset: warning: the asset \"--\" gives no Swift name; no asset symbol was generated for it"])
    }

    @Test("Two assets with the same symbol: the first is kept, the second warned about")
    func sameSymbol() {
        var symbols = AssetSymbols()
        symbols.add(name: "top-banner", color: false, path: "a")
        symbols.add(name: "top banner", color: false, path: "b")
        symbols.add(name: "top banner", color: true, path: "c")
        #expect(symbols.images.map(\.name) == ["top-banner"])
        #expect(symbols.colors.map(\.name) == ["top banner"])
        #expect(symbols.warnings.count == 1)
        #expect(symbols.warnings.first?.hasPrefix("b: warning: the asset \"top banner\" gives the symbol topBanner") == true)
    }

    @Test("A catalog's image and colour sets are found, with namespaces; app icons are not")
    func scanning() throws {
        let root = try app(source: "")
        defer { try? FileManager.default.removeItem(at: root) }
        let symbols = AssetSymbols.scanning(folder: root)
        #expect(symbols.colors.map(\.name) == ["AccentColor", "Brand Red Color"])
        #expect(symbols.colors.map(\.symbol) == ["accent", "brandRed"])
        // Folder by folder in name order; a group without a namespace adds none.
        #expect(symbols.images.map(\.name) == ["Icons/gear", "arrow", "checkmark", "top-banner"])
        #expect(symbols.images.map(\.symbol) == ["iconsGear", "arrow", "checkmark", "topBanner"])
    }

    @Test("The generated file declares the resources, initializers and properties the app uses")
    func generatedFile() throws {
        let root = try app(source: """
            final class ViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.backgroundColor = UIColor(resource: .accent)
                    imageView.image = UIImage(resource: .iconsGear)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = AssetSymbols.output(forFolder: root.appendingPathComponent("App"))
        let output = try #require(result.output)
        #expect(output.file.lastPathComponent == "TabulaAssetSymbols.swift")
        let code = lines(output.text)
        #expect(code.contains("#if !canImport(UIKit)"))
        #expect(code.contains("import Tabula"))
        #expect(code.last == "#endif")
        #expect(code.contains("struct ImageResource: Hashable, Sendable {"))
        #expect(code.contains("struct ColorResource: Hashable, Sendable {"))
        #expect(code.contains("convenience init(resource: ImageResource) {"))
        #expect(code.contains("self.init(named: resource.name, in: resource.bundle, compatibleWith: nil)!"))
        #expect(code.contains("static let accent = ColorResource(name: \"AccentColor\")"))
        #expect(code.contains("static let brandRed = ColorResource(name: \"Brand Red Color\")"))
        #expect(code.contains("static let iconsGear = ImageResource(name: \"Icons/gear\")"))
        #expect(code.contains("static let arrow = ImageResource(name: \"arrow\")"))
        #expect(code.contains("static let checkmark = ImageResource(name: \"checkmark\")"))
        #expect(code.contains("static var accent: UIColor { UIColor(resource: .accent) }"))
        #expect(code.contains("static var topBanner: UIImage { UIImage(resource: .topBanner) }"))
        // UIKit's own UIImage.checkmark stays the only one: a second would make uses ambiguous.
        #expect(!code.contains("static var checkmark: UIImage { UIImage(resource: .checkmark) }"))
        #expect(!output.text.contains("AppIcon"))
    }

    @Test("An image set with only HEIC (or other unread) images is a warning; PDF and SVG sets are read and are not")
    func unreadableImageSets() throws {
        let root = try folder([
            "App/Assets.xcassets/delorean.imageset/delorean.heic": "",
            "App/Assets.xcassets/delorean.imageset/Contents.json": "{}",
            "App/Assets.xcassets/vector.imageset/vector.pdf": "%PDF-1.4",
            "App/Assets.xcassets/drawing.imageset/drawing.svg": "<svg/>",
            "App/Assets.xcassets/both.imageset/both.heic": "",
            "App/Assets.xcassets/both.imageset/both@2x.png": "",
            "App/Assets.xcassets/photo.imageset/photo.JPG": "",
            "App/Assets.xcassets/empty.imageset/Contents.json": "{}",
            "App/V.swift": "let image = UIImage(named: \"delorean\")",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = AssetSymbols.output(forFolder: root)
        #expect(result.output == nil)
        #expect(result.warnings.count == 1, "\(result.warnings)")
        #expect(result.warnings.first?.contains(
            "/App/Assets.xcassets/delorean.imageset: warning: the image set \"delorean\" has only .heic images") == true)
    }

    @Test("No file when no Swift source uses an asset symbol, or when there are no sets")
    func notGenerated() throws {
        let unused = try app(source: "let image = UIImage(named: \"checkmark\")")
        defer { try? FileManager.default.removeItem(at: unused) }
        #expect(AssetSymbols.output(forFolder: unused).output == nil)

        let empty = try folder(["App/Assets.xcassets/AppIcon.appiconset/": "", "App/V.swift": "let r: ImageResource? = nil"])
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(AssetSymbols.output(forFolder: empty).output == nil)
    }

    @Test("A symbol named as a member, or the resource types, counts as a use", arguments: [
        "view.tintColor = .accent",
        "let color = UIColor.brandRed",
        "let resource: ColorResource = .accent",
        "let image = UIImage(resource: ImageResource.arrow)",
    ])
    func uses(source: String) throws {
        let root = try app(source: "")
        defer { try? FileManager.default.removeItem(at: root) }
        let symbols = AssetSymbols.scanning(folder: root)
        var use = AssetSymbols.ProjectUse()
        symbols.scan(source: source, into: &use)
        #expect(use.usesSymbols)
        var none = AssetSymbols.ProjectUse()
        symbols.scan(source: "view.tintColor = .systemBlue; let x = UIColor.red", into: &none)
        #expect(!none.usesSymbols)
    }

    @Test("What the project declares itself is not declared again; its own ImageResource type leaves images alone")
    func projectDeclarations() throws {
        let root = try app(source: """
            extension UIColor {
                static let accent = UIColor(named: "AccentColor")!
            }
            struct ImageResource: Hashable { let name: String }
            extension ImageResource { static let arrow = ImageResource(name: "arrow") }
            let image = UIImage(resource: .arrow)
            """)
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try #require(AssetSymbols.output(forFolder: root).output)
        let code = lines(output.text)
        #expect(!code.contains("static var accent: UIColor { UIColor(resource: .accent) }"))
        #expect(code.contains("static let accent = ColorResource(name: \"AccentColor\")"))
        #expect(!code.contains("struct ImageResource: Hashable, Sendable {"))
        #expect(!code.contains("static let arrow = ImageResource(name: \"arrow\")"))
        #expect(!code.contains("static var arrow: UIImage { UIImage(resource: .arrow) }"))
        #expect(code.contains("struct ColorResource: Hashable, Sendable {"))
    }
}
