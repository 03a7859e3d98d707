import ArgumentParser
import Foundation
import TabulaPortKit

/// `tabula-port`: rewrites UIKit sources so that they build for iOS and, with Tabula, on Linux.
struct TabulaPort: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tabula-port",
        abstract: "Rewrite UIKit Swift files so that they build for iOS and, with Tabula, on Linux.",
        discussion: """
            Rewrites in place the .swift files given, or every .swift file under the folders given: \
            imports go behind #if canImport(UIKit), selector-based target–action becomes UIKit's \
            closure forms, @objc is removed where only selectors needed it, cell initializers become \
            required, overrides move from extensions into their class. Everything it cannot convert \
            is listed as file:line:column: warning: reason. A file that does not parse is reported \
            with its first syntax error and left untouched.
            Exit status: 0 when every file was ported (manual items may remain), 1 when a file could \
            not be read, parsed or written, 64 for bad arguments.
            """)

    @Flag(name: .long, help: "Print a unified diff of what would change; write nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Do not write \(SupportFile.name) next to converted gesture recognizers.")
    var noSupportFile = false

    @Flag(name: .long, help: "List the conversions made, not only what is left to do.")
    var verbose = false

    @Argument(help: "Swift files or folders to port.")
    var paths: [String]

    func validate() throws {
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw ValidationError("no such file or folder: \(path)")
        }
    }

    func run() throws {
        var files: [URL] = []
        var context = ProjectContext()
        for path in paths {
            let url = URL(fileURLWithPath: path)
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            let folder = isFolder.boolValue ? url : url.deletingLastPathComponent()
            let index = InterfaceBuilderIndex.scanning(folder: folder)
            context.interfaceBuilder.actions.merge(index.actions) { Array(Set($0 + $1)).sorted() }
            context.interfaceBuilder.outlets.merge(index.outlets) { Array(Set($0 + $1)).sorted() }
            files += isFolder.boolValue ? SourceWalker.files(under: url, extensions: ["swift"]) : [url]
        }
        files = files.filter { $0.lastPathComponent != SupportFile.name }

        var changed = 0, conversions = 0, manual = 0, failed = 0
        var supportFolder: URL?
        for file in files {
            let path = file.relativePath
            let source: String
            do {
                source = try String(contentsOf: file, encoding: .utf8)
            } catch {
                printError("\(path): error: cannot read: \(error.localizedDescription)")
                failed += 1
                continue
            }
            let result: PortResult
            do {
                result = try Porter.port(source: source, context: context)
            } catch let error as PortError {
                printError("\(path):\(error)")
                failed += 1
                continue
            }
            for note in result.notes where note.kind == .manual || verbose {
                let level = note.kind == .manual ? "warning" : "note"
                print("\(path):\(note.line):\(note.column): \(level): \(note.message)")
            }
            conversions += result.conversions.count
            manual += result.manualItems.count
            if result.needsSupportFile, supportFolder == nil { supportFolder = file.deletingLastPathComponent() }
            guard result.changed else { continue }
            changed += 1
            if dryRun {
                print(UnifiedDiff.make(old: source, new: result.source, path: path), terminator: "")
                continue
            }
            do {
                try result.source.write(to: file, atomically: true, encoding: .utf8)
            } catch {
                printError("\(path): error: cannot write: \(error.localizedDescription)")
                failed += 1
            }
        }
        if let supportFolder, !noSupportFile {
            let support = supportFolder.appendingPathComponent(SupportFile.name)
            if !FileManager.default.fileExists(atPath: support.path) {
                if dryRun {
                    print("would write \(support.relativePath) (closure targets for UIKit's gesture recognizers on iOS)")
                } else {
                    try SupportFile.contents.write(to: support, atomically: true, encoding: .utf8)
                    print("wrote \(support.relativePath) (closure targets for UIKit's gesture recognizers on iOS)")
                }
            }
        }
        let verb = dryRun ? "would change" : "changed"
        printError("tabula-port: \(files.count) files, \(verb) \(changed), \(conversions) conversions, "
            + "\(manual) left for you, \(failed) not ported")
        if failed > 0 { throw ExitCode(1) }
    }

    private func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

TabulaPort.main()
