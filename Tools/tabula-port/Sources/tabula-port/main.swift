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
            Interface Builder files: every .storyboard and .xib given, or found under the folders \
            given, is compiled into Swift next to it (Main.storyboard → Main.storyboard.swift, \
            regenerated on every run: do not edit it), since Linux cannot load them at run time; \
            the generated code builds each scene's views, constraints, outlets, actions (as \
            closures calling the @IBAction methods the project's Swift files declare) and segues \
            through Tabula's InterfaceBuilder API. Each folder given also gets \
            TabulaInterfaceBuilderFiles.swift, which registers them all (Tabula finds it by its \
            name) and carries the launch keys of the folder's Info.plist (UIMainStoryboardFile, \
            UIApplicationSceneManifest), which a SwiftPM executable does not have. Files of the same name in different folders get enums named after their \
            folders (Phone/Main.storyboard → Phone_Main_storyboard). What a file uses that \
            cannot be expressed is listed as file:line: warning: reason; a file whose XML cannot \
            be read is reported as file:line: error: reason and its generated file is left as it was.
            Asset catalogs: a folder given whose *.xcassets hold image or colour sets, and whose \
            Swift files use Xcode 15's generated asset symbols (ImageResource, ColorResource, \
            UIImage(resource:), UIColor(resource:)), gets TabulaAssetSymbols.swift declaring them \
            for Linux, regenerated on every run.
            CocoaPods: each import of a module that the Podfile or Podfile.lock in a folder given \
            (or up to three folders above it) provides is listed as a warning, since a SwiftPM \
            build has no pods.
            With --check, nothing is written and no Swift file is ported: the generated files are \
            compared with what tabula-port would generate now, and each one missing or different is \
            listed as path: missing or path: out of date.
            Exit status: 0 when every file was ported (manual items may remain), 1 when a file could \
            not be read, parsed or written, or, with --check, when a generated file is missing or \
            out of date; 64 for bad arguments.
            """)

    @Flag(name: .long, help: "Print a unified diff of what would change; write nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Do not write \(SupportFile.name) next to converted gesture recognizers and notification observers.")
    var noSupportFile = false

    @Flag(name: .long, help: """
        Check, writing nothing, that the Swift generated from the Interface Builder files is up \
        to date: regenerate it in memory and exit 1, listing each file, when a generated file \
        (beside a .storyboard or .xib, or a folder's \(InterfaceBuilderCompiler.registryFileName)) \
        is missing or differs. Swift sources are not ported. For CI.
        """)
    var check = false

    @Flag(name: .long, help: "List the conversions made, not only what is left to do.")
    var verbose = false

    @Argument(help: "Swift, .storyboard or .xib files, or folders, to port.")
    var paths: [String]

    func validate() throws {
        if check && dryRun { throw ValidationError("--check and --dry-run cannot be used together") }
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw ValidationError("no such file or folder: \(path)")
        }
    }

    func run() throws {
        if check { return try checkInterfaceBuilderFiles() }
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
            context.pods.merge(CocoaPods.scanning(near: folder)) { first, _ in first }
            if isFolder.boolValue {
                files += SourceWalker.files(under: url, extensions: ["swift"])
            } else if !["storyboard", "xib"].contains(url.pathExtension) {
                files.append(url)
            }
        }
        files = files.filter { $0.lastPathComponent != SupportFile.name && !Self.isGenerated($0) }
        // A removeObserver(self) may be in another file than the selector observer it removes.
        context.selfObservesBySelector = files.contains { file in
            (try? String(contentsOf: file, encoding: .utf8)).map(Porter.registersSelfObserver(source:)) ?? false
        }

        let interfaceBuilder = compileInterfaceBuilderFiles()
        var failed = interfaceBuilder.failed
        let assets = assetSymbolFiles()
        for warning in assets.warnings { print(warning) }
        for output in assets.outputs where !write(output.text, to: output.file) { failed += 1 }

        var changed = 0, conversions = 0, manual = 0
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
            // One written by an earlier tabula-port (gesture targets only, say) is brought up to
            // date; one that is not the tool's is left alone.
            let existing = try? String(contentsOf: support, encoding: .utf8)
            let isToolsOwn = existing?.hasPrefix("// Written by tabula-port.") ?? true
            if existing != SupportFile.contents, isToolsOwn {
                let what = "(closure targets for UIKit's gesture recognizers on iOS; removable notification blocks)"
                let verb = existing == nil ? "write" : "update"
                if dryRun {
                    print("would \(verb) \(support.relativePath) \(what)")
                } else {
                    try SupportFile.contents.write(to: support, atomically: true, encoding: .utf8)
                    print("\(existing == nil ? "wrote" : "updated") \(support.relativePath) \(what)")
                }
            } else if existing != SupportFile.contents {
                printError("\(support.relativePath): warning: not written by tabula-port, left as it is: ported code "
                    + "needs the declarations of \(SupportFile.name) as this version writes it")
            }
        }
        let verb = dryRun ? "would change" : "changed"
        printError("tabula-port: \(files.count) files, \(verb) \(changed), \(conversions) conversions, "
            + "\(manual) left for you, \(failed) not ported"
            + (interfaceBuilder.compiled > 0 ? ", \(interfaceBuilder.compiled) storyboards and nibs compiled" : ""))
        if failed > 0 { throw ExitCode(1) }
    }

    /// Whether `file` is one tabula-port generates (from Interface Builder files or asset catalogs).
    static func isGenerated(_ file: URL) -> Bool {
        InterfaceBuilderCompiler.isGenerated(file) || file.lastPathComponent == AssetSymbols.fileName
    }

    /// Each folder's `TabulaAssetSymbols.swift`, when its asset catalogs have image or colour
    /// sets and its Swift files use Xcode's generated asset symbols.
    func assetSymbolFiles() -> (outputs: [InterfaceBuilderProject.Output], warnings: [String]) {
        var outputs: [InterfaceBuilderProject.Output] = [], warnings: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            let result = AssetSymbols.output(forFolder: URL(fileURLWithPath: path))
            warnings += result.warnings
            if let output = result.output { outputs.append(output) }
        }
        return (outputs, warnings)
    }

    /// Compiles the storyboards and nibs given or found under the folders given, and writes
    /// what they generate (each folder's registration file too). Returns how many files failed.
    func compileInterfaceBuilderFiles() -> (compiled: Int, failed: Int) {
        let project = InterfaceBuilderProject(paths: paths)
        var failed = project.errors.count
        for error in project.errors { printError(error) }
        for warning in project.warnings { print(warning) }
        for output in project.outputs where !write(output.text, to: output.file) { failed += 1 }
        return (project.compiled, failed)
    }

    /// `--check`: generates in memory and lists the generated files that are missing or
    /// differ; exit status 1 if any (or if an Interface Builder file cannot be read).
    func checkInterfaceBuilderFiles() throws {
        let project = InterfaceBuilderProject(paths: paths)
        for error in project.errors { printError(error) }
        if verbose { for warning in project.warnings { print(warning) } }
        let assets = assetSymbolFiles()
        if verbose { for warning in assets.warnings { print(warning) } }
        let differences = project.differences() + assets.outputs.compactMap { output in
            guard let old = try? String(contentsOf: output.file, encoding: .utf8) else {
                return (output.file, InterfaceBuilderProject.Difference.missing)
            }
            return old == output.text ? nil : (output.file, .outOfDate)
        }
        for (file, difference) in differences {
            print("\(InterfaceBuilderProject.displayPath(file)): \(difference.rawValue): run tabula-port to regenerate it")
        }
        printError("tabula-port: \(project.compiled) storyboards and nibs, \(project.outputs.count + assets.outputs.count) generated files checked, "
            + "\(differences.count) missing or out of date, \(project.errors.count) not readable")
        if !differences.isEmpty || !project.errors.isEmpty { throw ExitCode(1) }
    }

    /// Writes a generated file (in a dry run, prints what would change). False when writing failed.
    private func write(_ text: String, to file: URL) -> Bool {
        let old = try? String(contentsOf: file, encoding: .utf8)
        if old == text {
            if verbose { print("\(file.relativePath): up to date") }
            return true
        }
        if dryRun {
            print(UnifiedDiff.make(old: old ?? "", new: text, path: file.relativePath), terminator: "")
            return true
        }
        do {
            try text.write(to: file, atomically: true, encoding: .utf8)
            if verbose { print("wrote \(file.relativePath)") }
            return true
        } catch {
            printError("\(file.relativePath): error: cannot write: \(error.localizedDescription)")
            return false
        }
    }

    private func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

TabulaPort.main()
