import Foundation

/// Something in an Interface Builder file that the generated code cannot express, with
/// the line of the element it is about.
public struct IBWarning: Sendable, Equatable, CustomStringConvertible {
    /// The line in the file (1-based).
    public var line: Int
    /// What was left out and why.
    public var message: String

    /// `line: warning: message`.
    public var description: String { "\(line): warning: \(message)" }
}

/// What compiling one Interface Builder file gave.
public struct IBCompileResult: Sendable {
    /// The generated Swift file's text.
    public var source: String
    /// What the generated code leaves out.
    public var warnings: [IBWarning]
}

/// Compiles `.storyboard` and `.xib` files into Swift that builds their objects through
/// Tabula's `InterfaceBuilder` API, since Linux cannot load them at run time.
public enum InterfaceBuilderCompiler {
    /// The file that registers every generated file of a folder.
    public static let registryFileName = "TabulaInterfaceBuilderFiles.swift"

    /// Whether `file` is one tabula-port generates from Interface Builder files.
    public static func isGenerated(_ file: URL) -> Bool {
        let name = file.lastPathComponent
        return name == registryFileName || name.hasSuffix(".storyboard.swift") || name.hasSuffix(".xib.swift")
    }

    /// The generated file's name: `Main.storyboard` → `Main.storyboard.swift`.
    public static func generatedFileName(for fileName: String) -> String { fileName + ".swift" }

    /// The generated enum's name: `Main.storyboard` → `Main_storyboard`.
    public static func typeName(for fileName: String) -> String { IBValues.identifier(fileName) }

    /// The generated enums' names for files given by path (`Phone/Main.storyboard`), unique
    /// among them: a file's name alone (`Main_storyboard`) unless another file's gives the
    /// same name, in which case each of those files is named with as many of its parent
    /// folders as it takes to tell them apart (`Phone_Main_storyboard`, `Pad_Main_storyboard`).
    /// Depends only on the paths, not on their order; names that still clash (folders that
    /// differ only in characters an identifier cannot hold) get `_2`, `_3`… in path order.
    public static func typeNames(forPaths paths: [String]) -> [String: String] {
        let unique = Array(Set(paths)).sorted()
        let components = Dictionary(uniqueKeysWithValues: unique.map { path in
            (path, path.split(separator: "/").map(String.init).filter { $0 != "." && !$0.isEmpty })
        })
        func name(_ path: String, depth: Int) -> String {
            let parts = components[path] ?? [path]
            return IBValues.identifier(parts.suffix(depth).joined(separator: "_"))
        }
        var result: [String: String] = [:]
        for group in Dictionary(grouping: unique, by: { name($0, depth: 1) }).values {
            guard group.count > 1 else {
                result[group[0]] = name(group[0], depth: 1)
                continue
            }
            let deepest = group.map { components[$0]?.count ?? 1 }.max() ?? 1
            var depth = 2
            while depth < deepest, Set(group.map { name($0, depth: depth) }).count < group.count { depth += 1 }
            for path in group { result[path] = name(path, depth: depth) }
        }
        // Last resort: numbered suffixes, in path order.
        var taken: [String: Int] = [:]
        for path in unique {
            let base = result[path]!
            taken[base, default: 0] += 1
            if taken[base]! > 1 { result[path] = "\(base)_\(taken[base]!)" }
        }
        return result
    }

    /// Compiles one file given its text and its name (`Main.storyboard`). Throws
    /// ``IBParseError`` when the XML cannot be read. `typeName` is the generated enum's name
    /// (default: ``typeName(for:)`` of `fileName`; see ``typeNames(forPaths:)``).
    public static func compile(xml: String, fileName: String, typeName: String? = nil,
                               symbols: ProjectSymbols = ProjectSymbols()) throws -> IBCompileResult {
        let root = try IBXMLReader.parse(xml)
        let kind: IBDocument.Kind = fileName.hasSuffix(".xib") ? .nib : .storyboard
        let document = IBDocument(root: root, kind: kind)
        let generator = IBGenerator(document: document, fileName: fileName,
                                    typeName: typeName ?? Self.typeName(for: fileName), symbols: symbols)
        let source = generator.generate()
        let warnings = generator.warnings.sorted { $0.line < $1.line }
        return IBCompileResult(source: source, warnings: warnings)
    }

    /// `TabulaInterfaceBuilderFiles.swift` for the given Interface Builder files (names or
    /// paths, named as ``typeNames(forPaths:)`` names them).
    public static func registryFile(fileNames: [String], infoPlist: String? = nil) -> String {
        registryFile(typeNames: Array(typeNames(forPaths: fileNames).values), infoPlist: infoPlist)
    }

    /// `TabulaInterfaceBuilderFiles.swift` registering the generated enums named. The class
    /// conforms to `InterfaceBuilderFileList`, so that Tabula finds it by name in the app's
    /// module (`NSClassFromString("App.TabulaInterfaceBuilderFiles")`) when a storyboard or
    /// nib is first looked up: an app needs no call of its own.
    ///
    /// With `infoPlist` (the app's launch keys, ``LaunchKeys``), the class also returns
    /// them from `infoPlist`, where Tabula's launch finds the storyboard to start with.
    public static func registryFile(typeNames: [String], infoPlist: String? = nil) -> String {
        var text = "// Generated by tabula-port. Do not edit: run tabula-port again.\n"
        text += "#if !canImport(UIKit)\nimport Tabula\n\n"
        text += "@MainActor\nfinal class TabulaInterfaceBuilderFiles: InterfaceBuilderFileList {\n    static func register() {\n"
        for name in typeNames.sorted() { text += "        \(name).register()\n" }
        text += "    }\n"
        if let infoPlist {
            text += "\n    /// The launch keys of the app's Info.plist, which a SwiftPM executable does not have.\n"
            text += "    static var infoPlist: String? {\n        #\"\"\"\n"
            for line in infoPlist.split(separator: "\n", omittingEmptySubsequences: false).dropLast(infoPlist.hasSuffix("\n") ? 1 : 0) {
                // Tabs (Xcode's) as four spaces, as the rest of the file.
                let indent = line.prefix { $0 == "\t" }.count
                text += line.isEmpty ? "\n" : "        " + String(repeating: "    ", count: indent) + line.dropFirst(indent) + "\n"
            }
            text += "        \"\"\"#\n    }\n"
        }
        text += "}\n#endif\n"
        return text
    }
}

/// A made object as generated code refers to it.
struct IBRef {
    /// The expression (`label3`, `view0.safeAreaLayoutGuide`, `controller`).
    var expression: String
    /// The optional variable that must be unwrapped before `expression` is used, if any.
    var unwrap: String?
    /// The Swift type of the expression (the custom class when there is one).
    var type: String
    /// The Tabula class of the element.
    var base: String
    /// When set, `expression` names a constant that must first be bound to this optional
    /// expression (`if let cell2TextLabel = cell2.textLabel`), after `unwrap`.
    var bound: String? = nil

    /// Whether the expression can be used only inside an `if let`.
    var isOptional: Bool { unwrap != nil || bound != nil }
}

/// Statement lines with relative indentation.
typealias Lines = [String]

func indented(_ lines: Lines, by levels: Int = 1) -> Lines {
    let pad = String(repeating: "    ", count: levels)
    return lines.map { $0.isEmpty ? $0 : pad + $0 }
}

/// Whether `name` appears in `lines` as a whole word.
func uses(_ name: String, in lines: Lines) -> Bool {
    for line in lines {
        var rest = line[...]
        while let range = rest.range(of: name) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            let after = range.upperBound == line.endIndex ? nil : line[range.upperBound]
            let boundary: (Character?) -> Bool = { character in
                guard let character else { return true }
                return !(character.isLetter || character.isNumber || character == "_")
            }
            if boundary(before), boundary(after) { return true }
            rest = line[range.upperBound...]
        }
    }
    return false
}

/// What one view hierarchy (a scene's, a prototype cell's, a nib's) collects while its
/// objects are made, to emit after all of them exist.
final class IBBuild {
    var lines: Lines = []
    var constraints: [(constraint: IBElement, holder: IBRef)] = []
    var connections: [(element: IBElement, source: IBRef)] = []
    var awake: [IBRef] = []
    var tables: [(element: IBElement, ref: IBRef)] = []
    var collections: [(element: IBElement, ref: IBRef)] = []
    var embeds: [(segue: IBElement, container: IBRef)] = []
}
