import Foundation
import TabulaCore
import TabulaGraphics

/// Every symbol Tabula draws, read from its data: `Symbols.txt`, a resource of this
/// module, parsed once at first use.
///
/// The file is text, one symbol per block: a `symbol` line with the name and the box,
/// then a line per stroke or fill in a 100-unit design grid (the format is described at
/// the top of the file, and by ``SymbolCatalog/Parser``). A block that cannot be read
/// is reported once, with its line, and left out: `UIImage(systemName:)` gives nil for
/// its names, as for any name Tabula does not draw, and every other symbol still works.
package struct SymbolCatalog: Sendable {
    /// A block of the data that could not be read.
    package struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// The 1-based line of the data where reading stopped.
        package var line: Int
        /// The symbol being read, if any.
        package var name: String?
        /// What was wrong, in a sentence.
        package var message: String

        package var description: String {
            if let name { return "symbol data, line \(line): \(message); \"\(name)\" is left out" }
            return "symbol data, line \(line): \(message)"
        }
    }

    /// The artwork of each symbol by name (aliases not included).
    package private(set) var glyphs: [String: SymbolGlyph] = [:]
    /// Names that draw another symbol exactly (`chevron.forward` is `chevron.right`),
    /// each with the name it stands for.
    package private(set) var aliases: [String: String] = [:]
    /// What could not be read, in the order met.
    package private(set) var problems: [Problem] = []
    /// Every name that draws something, aliases included, sorted.
    package private(set) var names: [String] = []
    /// `NAME.circle` and `NAME.circle.fill` for the symbols drawn without a circled form,
    /// made from the symbol and the ring (not in ``names``, which lists what is drawn by hand).
    package private(set) var derived: [String: SymbolGlyph] = [:]

    /// The catalog of `text`, a document in the symbol data format.
    package init(parsing text: String) {
        var parser = Parser()
        parser.read(text)
        glyphs = parser.glyphs
        derived = parser.derived
        aliases = parser.aliases
        problems = parser.problems
        names = (Array(glyphs.keys) + aliases.keys).sorted()
    }

    /// The artwork for `name` or the symbol it is an alias of; nil when there is none.
    package func glyph(named name: String) -> SymbolGlyph? {
        glyphs[name] ?? aliases[name].flatMap { glyphs[$0] } ?? derived[name] ?? circled(alias: name)
    }

    /// The circled form of an alias's symbol (`chevron.forward.circle` for `chevron.right.circle`).
    private func circled(alias name: String) -> SymbolGlyph? {
        for suffix in [".circle", ".circle.fill"] where name.hasSuffix(suffix) {
            guard let original = aliases[String(name.dropLast(suffix.count))] else { continue }
            return glyph(named: original + suffix)
        }
        return nil
    }
}

extension SymbolCatalog {
    /// The name of the data file among the module's resources.
    package static let resourceName = "Symbols"

    /// The data that ships, read from the module's resources; nil when it cannot be found
    /// or read. (`SymbolCatalog.shared`, in Tabula's UI module, reads it once and reports
    /// its problems there.)
    package static func shippedText() -> String? {
        resourceURL().flatMap { try? String(contentsOf: $0, encoding: .utf8) }
    }

    /// The catalog of `text` (nil: the data could not be found or read), with each
    /// problem sent to `report` once, as a sentence that names the line and the symbol.
    package static func loaded(from text: String?, report: (String) -> Void) -> SymbolCatalog {
        guard let text else {
            report("the symbol data (\(resourceName).txt) is not among TabulaSymbols' resources; UIImage(systemName:) gives nil for every name")
            return SymbolCatalog(parsing: "")
        }
        let catalog = SymbolCatalog(parsing: text)
        for problem in catalog.problems { report(problem.description) }
        return catalog
    }

    /// Where the data file is: in the resource bundle SwiftPM puts beside the executable
    /// (`Tabula_TabulaSymbols.resources` on Linux, `.bundle` on Apple's platforms), or nil.
    ///
    /// The bundle is looked for here rather than through `Bundle.module`, whose accessor
    /// stops the process when the bundle is missing; a missing bundle is reported instead.
    package static func resourceURL() -> URL? {
        var folders = [Bundle.main.bundleURL]
        if let resources = Bundle.main.resourceURL { folders.append(resources) }
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        for folder in folders {
            for bundleName in ["Tabula_TabulaSymbols.resources", "Tabula_TabulaSymbols.bundle"] {
                let path = folder.appendingPathComponent(bundleName).path
                guard FileManager.default.fileExists(atPath: path), let bundle = Bundle(path: path) else { continue }
                if let url = bundle.url(forResource: resourceName, withExtension: "txt") { return url }
                let flat = URL(fileURLWithPath: path).appendingPathComponent(resourceName + ".txt")
                if FileManager.default.fileExists(atPath: flat.path) { return flat }
            }
        }
        return nil
    }
}
