import Foundation

/// The actions and outlets that storyboards and nibs connect, by name, with the files that
/// connect them. A port can keep `@IBAction` only where a storyboard needs it, and tell
/// which file an `@IBOutlet` comes from.
public struct InterfaceBuilderIndex: Sendable, Equatable {
    /// Action method names (without the colon) to the files that connect them.
    public var actions: [String: [String]] = [:]
    /// Outlet property names to the files that connect them.
    public var outlets: [String: [String]] = [:]

    /// An empty index.
    public init() {}

    /// Adds the connections of one storyboard or nib, given its text and its name.
    public mutating func add(xml: String, file: String) {
        // Actions sent by controls, and unwind actions exit segues name (`unwindToList:`):
        // iOS finds both by name.
        for name in Self.values(of: "selector", in: xml, element: "action")
            + Self.values(of: "unwindAction", in: xml, element: "segue") {
            let method = name.split(separator: ":").first.map(String.init) ?? name
            actions[method, default: []].append(file)
            // `unwindToListFrom:` is `unwindToList(from:)`, `tappedWithSender:` is
            // `tapped(sender:)`: the Swift base name ends before the first label.
            for base in Self.baseNames(ofSelector: name) where base != method {
                actions[base, default: []].append(file)
            }
        }
        for name in Self.values(of: "property", in: xml, element: "outlet")
            + Self.values(of: "property", in: xml, element: "outletCollection") {
            outlets[name, default: []].append(file)
        }
        for (key, value) in actions { actions[key] = Array(Set(value)).sorted() }
        for (key, value) in outlets { outlets[key] = Array(Set(value)).sorted() }
    }

    /// The Swift base names a method with Objective-C selector `selector` may have beyond
    /// the selector's first piece: before `With` + an uppercase letter (`tappedWithSender:`
    /// → `tapped`) and before each later uppercase letter of the first piece, when it takes
    /// an argument (`unwindToListFrom:` → `unwindToList`, `unwindTo`).
    static func baseNames(ofSelector selector: String) -> [String] {
        guard selector.contains(":"), let first = selector.split(separator: ":").first else { return [] }
        let piece = String(first)
        var names: [String] = []
        var index = piece.index(after: piece.startIndex)
        while index < piece.endIndex {
            if piece[index].isUppercase {
                var base = String(piece[..<index])
                if base.hasSuffix("With"), base.count > 4 { base = String(base.dropLast(4)) }
                if !names.contains(base) { names.append(base) }
            }
            index = piece.index(after: index)
        }
        return names
    }

    /// Reads every `.storyboard` and `.xib` under `folder` (skipping build folders).
    public static func scanning(folder: URL) -> InterfaceBuilderIndex {
        var index = InterfaceBuilderIndex()
        for file in SourceWalker.files(under: folder, extensions: ["storyboard", "xib"]) {
            guard let xml = try? String(contentsOf: file, encoding: .utf8) else { continue }
            index.add(xml: xml, file: file.lastPathComponent)
        }
        return index
    }

    /// The values of `attribute` on every `<element …>` tag in `xml`.
    static func values(of attribute: String, in xml: String, element: String) -> [String] {
        var found: [String] = []
        var rest = xml[...]
        while let open = rest.range(of: "<\(element) ") {
            let tagEnd = rest[open.upperBound...].firstIndex(of: ">") ?? rest.endIndex
            let tag = rest[open.upperBound..<tagEnd]
            if let key = tag.range(of: "\(attribute)=\"") {
                let valueStart = key.upperBound
                if let quote = tag[valueStart...].firstIndex(of: "\"") {
                    found.append(String(tag[valueStart..<quote]))
                }
            }
            rest = rest[tagEnd...]
        }
        return found
    }
}

/// Finds source and Interface Builder files in a folder, skipping build products and
/// dependency checkouts.
public enum SourceWalker {
    /// Folders never entered: build products, dependency managers' checkouts, hidden ones.
    static let skipped: Set<String> = [".build", "Pods", "Carthage", "DerivedData", "build", "node_modules"]

    /// The files under `folder` whose extension is one of `extensions`, sorted by path.
    public static func files(under folder: URL, extensions: Set<String>) -> [URL] {
        guard let walker = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            if isFolder {
                if skipped.contains(url.lastPathComponent) || url.lastPathComponent.hasPrefix(".build") {
                    walker.skipDescendants()
                }
                continue
            }
            if extensions.contains(url.pathExtension) { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }
}
