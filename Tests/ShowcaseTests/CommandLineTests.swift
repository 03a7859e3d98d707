import Foundation
import Testing

/// The Showcase run as a person runs it: a separate process, its output through a pipe.
@Suite("Showcase command line", .serialized)
struct CommandLineTests {
    /// The Showcase built beside the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Showcase")
    }

    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs the Showcase with `arguments` in `folder`, with no display.
    static func run(_ arguments: [String], in folder: URL, display: String? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { environment[name] = nil }
        environment["DISPLAY"] = display
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                       errors: String(decoding: err, as: UTF8.self))
    }

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("showcase-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("each bad input gets one line on standard error and exit status 64", arguments: [
        (["run", "rss", "--scale", "0"], "--scale"),
        (["run", "rss", "--scale", "nan"], "--scale"),
        (["run", "rss", "--duration", "-1"], "--duration"),
        (["run", "rss", "--report", "no-such-folder/report.json"], "no-such-folder"),
        (["run", "nonesuch"], "unknown scene 'nonesuch'"),
        (["render", "rss", "--scale", "0"], "--scale"),
        (["render", "rss", "--fps", "0"], "--fps"),
        (["render", "rss", "--scale", "-2"], "--scale"),
        (["render", "nonesuch"], "unknown scene 'nonesuch'"),
        (["run", "rss", "--scale", "abc"], "'abc'"),
        (["render", "--fps", "many"], "'many'"),
        (["list", "extra"], "'extra'"),
        (["run", "--no-such-flag"], "--no-such-flag"),
    ])
    func badInput(_ arguments: [String], _ named: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try Self.run(arguments, in: folder)
        #expect(outcome.status == 64)
        let lines = outcome.errors.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(outcome.errors)")
        #expect(lines.first?.contains(named) == true, "\(outcome.errors)")
        #expect(!outcome.errors.contains("nternal error"))
        #expect(outcome.output.isEmpty)
    }

    @Test("without a display, run renders the scene headless, saying so before it starts")
    func runWithoutDisplay() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["run", "settings"]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { environment[name] = nil }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line arrives through the pipe before anything is rendered: the
        // gallery page, written last, is not there yet when it does.
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            first += chunk
        }
        let index = folder.appendingPathComponent("showcase-output/index.html")
        let arrivedEarly = !FileManager.default.fileExists(atPath: index.path)
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: first + rest, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.hasPrefix("No display found: rendering 'settings' headless"))
        #expect(arrivedEarly, "printed lines reach the pipe as they are printed")
        for file in ["settings.png", "settings-filmstrip.png", "settings-animated.png", "index.html"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("showcase-output/\(file)").path),
                    "\(file)")
        }
    }

    @Test("with DISPLAY naming no server, run fails at once in one line instead of running unseen")
    func runWithMissingDisplay() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try Self.run(["run", "home", "--duration", "30"], in: folder, display: ":77")
        #expect(outcome.status == 69, "\(outcome.errors)")
        let lines = outcome.errors.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(lines.count == 1 && lines[0].contains("DISPLAY=:77"), "\(outcome.errors)")
        #expect(outcome.output.isEmpty, "no intro for a window that never opened: \(outcome.output)")
    }
}
