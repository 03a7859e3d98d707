import Foundation

/// Everything `tabula-port` generates from the Interface Builder files of one run, computed
/// in memory: each `.storyboard`/`.xib` given, or found under the folders given, compiled
/// into the Swift file beside it, and each folder's `TabulaInterfaceBuilderFiles.swift`.
/// The command writes the files (or, with `--check`, compares them with what is on disk).
public struct InterfaceBuilderProject: Sendable {
    /// One file to generate.
    public struct Output: Sendable, Equatable {
        /// Where it goes.
        public var file: URL
        /// Its text.
        public var text: String
    }

    /// How a generated file on disk compares with what the run generates.
    public enum Difference: String, Sendable, Equatable {
        case missing = "missing"
        case outOfDate = "out of date"
    }

    /// The files to write, in the order the run made them.
    public private(set) var outputs: [Output] = []
    /// Warnings, each `path:line: warning: message`.
    public private(set) var warnings: [String] = []
    /// Errors (a file that cannot be read or parsed), each `path[:line]: error: message`;
    /// nothing is generated for such a file.
    public private(set) var errors: [String] = []
    /// How many Interface Builder files were compiled.
    public private(set) var compiled = 0

    /// Compiles the Interface Builder files that `paths` (files or folders) name. The Swift
    /// files under each folder (or beside each file) tell the generator the project's classes.
    public init(paths: [String]) {
        var documents: [(url: URL, folder: URL?)] = []
        for path in paths {
            let url = URL(fileURLWithPath: path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                documents += SourceWalker.files(under: url, extensions: ["storyboard", "xib"]).map { ($0, url) }
            } else if ["storyboard", "xib"].contains(url.pathExtension) {
                documents.append((url, nil))
            }
        }
        // Enum names unique in the run: the files may all end up in one module.
        let key: (URL) -> String = { $0.standardizedFileURL.path }
        let typeNames = InterfaceBuilderCompiler.typeNames(forPaths: documents.map { key($0.url) })
        var symbolsByFolder: [String: ProjectSymbols] = [:]
        var registered: [String: [String]] = [:]
        var compiledByFolder: [(folder: URL, names: [String])] = []
        var done: Set<String> = []
        for (document, folder) in documents {
            guard done.insert(key(document) + "|" + (folder.map(key) ?? "")).inserted else { continue }
            let symbolFolder = folder ?? document.deletingLastPathComponent()
            let symbols = symbolsByFolder[key(symbolFolder)] ?? ProjectSymbols.scanning(folder: symbolFolder)
            symbolsByFolder[key(symbolFolder)] = symbols
            let path = Self.displayPath(document)
            guard let xml = try? String(contentsOf: document, encoding: .utf8) else {
                errors.append("\(path): error: cannot read it; nothing was generated for it")
                continue
            }
            let typeName = typeNames[key(document)] ?? InterfaceBuilderCompiler.typeName(for: document.lastPathComponent)
            let result: IBCompileResult
            do {
                result = try InterfaceBuilderCompiler.compile(xml: xml, fileName: document.lastPathComponent,
                                                              typeName: typeName, symbols: symbols)
            } catch let error as IBParseError {
                errors.append("\(path):\(error.line): error: \(error.message); nothing was generated for it")
                continue
            } catch {
                errors.append("\(path): error: \(error)")
                continue
            }
            compiled += 1
            warnings += result.warnings.map { "\(path):\($0.line): warning: \($0.message)" }
            let output = document.deletingLastPathComponent()
                .appendingPathComponent(InterfaceBuilderCompiler.generatedFileName(for: document.lastPathComponent))
            if !outputs.contains(where: { $0.file.standardizedFileURL == output.standardizedFileURL }) {
                outputs.append(Output(file: output, text: result.source))
            }
            let registeredName = (document.pathExtension == "xib" ? "nib" : "storyboard") + "\u{0}"
                + (document.lastPathComponent as NSString).deletingPathExtension
            if !(registered[registeredName]?.contains(path) ?? false) { registered[registeredName, default: []].append(path) }
            if let folder {
                if let index = compiledByFolder.firstIndex(where: { key($0.folder) == key(folder) }) {
                    compiledByFolder[index].names.append(typeName)
                } else {
                    compiledByFolder.append((folder, [typeName]))
                }
            }
        }
        for (folder, names) in compiledByFolder {
            let launch = LaunchKeys.find(under: folder)
            warnings += launch.warnings
            outputs.append(Output(file: folder.appendingPathComponent(InterfaceBuilderCompiler.registryFileName),
                                  text: InterfaceBuilderCompiler.registryFile(typeNames: names, infoPlist: launch.xml)))
        }
        for (name, paths) in registered.sorted(by: { $0.key < $1.key }) where paths.count > 1 {
            let parts = name.split(separator: "\u{0}", maxSplits: 1).map(String.init)
            warnings.append("\(paths[0]):1: warning: \(paths.count) files register the \(parts[0]) \"\(parts[1])\" "
                + "(\(paths.joined(separator: ", "))): in one module, a later registration replaces an earlier one; "
                + "rename them if one module holds them")
        }
    }

    /// `file`'s path relative to the current folder when it is inside it, else its path as given.
    public static func displayPath(_ file: URL) -> String {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let path = file.standardizedFileURL.path
        if path.hasPrefix(current + "/") { return String(path.dropFirst(current.count + 1)) }
        return file.relativePath
    }

    /// The outputs whose file is missing or holds other text, with how it differs.
    public func differences() -> [(file: URL, difference: Difference)] {
        outputs.compactMap { output in
            guard let old = try? String(contentsOf: output.file, encoding: .utf8) else { return (output.file, .missing) }
            return old == output.text ? nil : (output.file, .outOfDate)
        }
    }
}
