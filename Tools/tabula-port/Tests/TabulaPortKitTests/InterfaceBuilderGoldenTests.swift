import Foundation
import SwiftParser
import Testing
@testable import TabulaPortKit

/// The generated files in `Examples/StoryboardNotes` are what the generator writes for the
/// fixtures, exactly: that example compiles them against Tabula and runs them. When the
/// generator changes on purpose, regenerate the example (copy the fixtures there and run
/// `tabula-port` on it; `tabula-port --check` says whether it is up to date).
@Suite("Generated Interface Builder files match the expected ones")
struct InterfaceBuilderGoldenTests {
    @Test("Each fixture's generated Swift is the expected file, and parses", arguments: IBFixtures.documents)
    func golden(_ name: String) throws {
        let result = try IBFixtures.compile(name)
        let expected = try IBFixtures.example(InterfaceBuilderCompiler.generatedFileName(for: name))
        if result.source != expected {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent(InterfaceBuilderCompiler.generatedFileName(for: name))
            try? result.source.write(to: actual, atomically: true, encoding: .utf8)
            Issue.record("\(name): the generated Swift differs from Examples/StoryboardNotes; it was written to \(actual.path)")
        }
        #expect(Porter.firstError(in: Parser.parse(source: result.source)) == nil)
    }

    @Test("The registration file is the expected one, with the launch keys of the fixtures' Info.plist")
    func registry() throws {
        let expected = try IBFixtures.example(InterfaceBuilderCompiler.registryFileName)
        let launch = LaunchKeys.find(under: IBFixtures.folder)
        #expect(launch.warnings.isEmpty)
        #expect(InterfaceBuilderCompiler.registryFile(fileNames: IBFixtures.documents, infoPlist: launch.xml) == expected)
    }

    @Test("Porting the fixtures' Swift files gives the example's, with nothing left for a person")
    func portedClasses() throws {
        var context = ProjectContext()
        context.interfaceBuilder = InterfaceBuilderIndex.scanning(folder: IBFixtures.folder)
        let files = try FileManager.default.contentsOfDirectory(at: IBFixtures.folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        #expect(files.count >= 5)
        for file in files {
            let result = try Porter.port(source: String(contentsOf: file, encoding: .utf8), context: context)
            #expect(result.source == (try IBFixtures.example(file.lastPathComponent)), "\(file.lastPathComponent)")
            #expect(result.manualItems.isEmpty, "\(file.lastPathComponent): \(result.manualItems)")
        }
    }
}
