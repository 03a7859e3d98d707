import Foundation

/// The asset symbols Xcode 15 generates from an app's asset catalogs ("Generate Asset
/// Symbols"): `ImageResource.checkmark` for `checkmark.imageset`, `ColorResource.accent` for
/// `AccentColor.colorset`, and the `UIImage(resource:)`/`UIColor(resource:)` initializers and
/// `UIImage.checkmark`/`UIColor.accent` properties that take them.
///
/// Tabula has none of them: Xcode writes them into the build, not into the sources, so a
/// port that uses them does not build on Linux. ``file(declaredByProject:)`` is a Swift file
/// that declares them there, each resolving by name through `UIImage(named:in:compatibleWith:)`
/// and `UIColor(named:in:compatibleWith:)`, which read the same catalogs at run time.
///
/// Symbol names follow what Xcode's generated files show: the asset's name camel-cased
/// (separators such as space, `-`, `_` and `.` start a new word; letters after digits do
/// too), its first word lower-cased, `_` before a leading digit, and a colour's `Color`
/// suffix dropped (`AccentColor` → `accent`). A namespaced asset (`Icons/gear`) is looked up
/// by its full name and named from all of it (`iconsGear`), which is this tool's choice.
public struct AssetSymbols: Sendable, Equatable {
    /// One image or colour set.
    public struct Asset: Sendable, Equatable {
        /// The name `UIImage(named:)` or `UIColor(named:)` finds it by, with its namespace.
        public var name: String
        /// The static member Xcode's generated symbols give it.
        public var symbol: String
    }

    /// The generated file's name.
    public static let fileName = "TabulaAssetSymbols.swift"

    /// The image sets, by symbol.
    public private(set) var images: [Asset] = []
    /// The colour sets, by symbol.
    public private(set) var colors: [Asset] = []
    /// Assets that give no symbol, or the same symbol as another: `path: warning: message`.
    public private(set) var warnings: [String] = []
    /// Image sets Tabula cannot show (see ``noteUnreadableImages(in:name:)``), whether or
    /// not the project uses asset symbols.
    public private(set) var imageWarnings: [String] = []

    /// No assets.
    public init() {}

    /// Whether there is any image or colour set.
    public var isEmpty: Bool { images.isEmpty && colors.isEmpty }

    /// Adds an image set (`colour == false`) or colour set named `name` (with its namespace),
    /// found at `path` (for warnings only).
    public mutating func add(name: String, color: Bool, path: String) {
        guard let symbol = Self.symbol(for: name, color: color) else {
            warnings.append("\(path): warning: the asset \"\(name)\" gives no Swift name; no asset symbol was generated for it")
            return
        }
        let existing = color ? colors : images
        if let other = existing.first(where: { $0.symbol == symbol }) {
            warnings.append("\(path): warning: the asset \"\(name)\" gives the symbol \(symbol), as \"\(other.name)\" does; "
                + "only the first was generated (Xcode rejects this too: rename one)")
            return
        }
        if color { colors.append(Asset(name: name, symbol: symbol)) } else { images.append(Asset(name: name, symbol: symbol)) }
    }

    /// Every `*.imageset` and `*.colorset` in the `*.xcassets` folders under `folder`.
    public static func scanning(folder: URL) -> AssetSymbols {
        var symbols = AssetSymbols()
        for catalog in catalogs(under: folder) { symbols.scan(group: catalog, namespace: "") }
        return symbols
    }

    /// The `*.xcassets` folders under `folder` (and `folder` itself if it is one), sorted.
    static func catalogs(under folder: URL) -> [URL] {
        if folder.pathExtension == "xcassets" { return [folder] }
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey],
                                                              options: [.skipsHiddenFiles]) else { return [] }
        var found: [URL] = []
        for case let url as URL in enumerator {
            if url.lastPathComponent == ".build" || url.pathExtension == "xcodeproj" { enumerator.skipDescendants() }
            if url.pathExtension == "xcassets" {
                found.append(url)
                enumerator.skipDescendants()
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Adds the sets in one group folder of a catalog; a group whose `Contents.json` says
    /// `"provides-namespace": true` prefixes its name to those inside.
    private mutating func scan(group: URL, namespace: String) {
        let entries = (try? FileManager.default.contentsOfDirectory(at: group, includingPropertiesForKeys: [.isDirectoryKey]))?
            .sorted { $0.lastPathComponent < $1.lastPathComponent } ?? []
        for entry in entries where (try? entry.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
            let base = entry.deletingPathExtension().lastPathComponent
            switch entry.pathExtension {
            case "imageset":
                add(name: namespace + base, color: false, path: entry.relativePath)
                noteUnreadableImages(in: entry, name: namespace + base)
            case "colorset": add(name: namespace + base, color: true, path: entry.relativePath)
            case "": scan(group: entry, namespace: Self.providesNamespace(entry) ? namespace + base + "/" : namespace)
            default: continue  // app icons, symbol sets, data sets, launch images: no UIImage/UIColor symbol
            }
        }
    }

    /// Warns about an image set whose only images are of a kind Tabula cannot read (a
    /// HEIC, say): `UIImage(named:)` gives nil for it on Linux. A set with a PNG, JPEG, PDF
    /// or SVG beside them is fine (Tabula reads that one).
    private mutating func noteUnreadableImages(in set: URL, name: String) {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: set.path)) ?? []
        let kinds = Set(files.map { ($0 as NSString).pathExtension.lowercased() }).subtracting(["json", ""])
        guard !kinds.isEmpty, kinds.isDisjoint(with: Self.readableImageKinds) else { return }
        let listed = kinds.sorted().map { "." + $0 }.joined(separator: ", ")
        imageWarnings.append("\(set.relativePath): warning: the image set \"\(name)\" has only \(listed) images, which "
            + "Tabula does not read (PNG, JPEG, PDF and SVG only): UIImage(named: \"\(name)\") gives nil on Linux; "
            + "add a PNG rendering of it (@2x, @3x) to the set")
    }

    /// The image files Tabula reads (PDF and SVG drawn at the screen's scale).
    static let readableImageKinds: Set<String> = ["png", "jpg", "jpeg", "pdf", "svg"]

    private static func providesNamespace(_ group: URL) -> Bool {
        guard let data = try? Data(contentsOf: group.appendingPathComponent("Contents.json")),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let properties = object["properties"] as? [String: Any] else { return false }
        return properties["provides-namespace"] as? Bool ?? false
    }

    // MARK: Names

    /// The symbol Xcode gives the asset `name`; nil when it has no letter or digit.
    static func symbol(for name: String, color: Bool) -> String? {
        var words: [String] = []
        var current = ""
        var lastWasDigit = false
        for character in name {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            let isDigit = character.isNumber
            if !current.isEmpty, isDigit != lastWasDigit {
                words.append(current)
                current = ""
            }
            current.append(character)
            lastWasDigit = isDigit
        }
        if !current.isEmpty { words.append(current) }
        if color, let last = words.last, last.hasSuffix("Color"), last != "Color" || words.count > 1 {
            let trimmed = String(last.dropLast("Color".count))
            if trimmed.isEmpty { words.removeLast() } else { words[words.count - 1] = trimmed }
        }
        guard let first = words.first else { return nil }
        var symbol = lowercasedStart(first)
        for word in words.dropFirst() { symbol += word.prefix(1).uppercased() + word.dropFirst() }
        if symbol.first?.isNumber == true { symbol = "_" + symbol }
        return keywords.contains(symbol) ? "`\(symbol)`" : symbol
    }

    /// `word` with its leading capitals lower-cased, as Swift names an acronym that starts
    /// a name: `Accent` → `accent`, `URLIcon` → `urlIcon`, `URL` → `url`.
    private static func lowercasedStart(_ word: String) -> String {
        let characters = Array(word)
        let capitals = characters.prefix { $0.isUppercase }.count
        guard capitals > 0 else { return word }
        // In `URLIcon` the `I` starts the next word; in `URL` and `Accent` every capital goes.
        let lowered = capitals > 1 && capitals < characters.count ? capitals - 1 : capitals
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }

    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "catch", "false", "is", "nil",
        "super", "self", "Self", "throw", "throws", "true", "try",
    ]
}
