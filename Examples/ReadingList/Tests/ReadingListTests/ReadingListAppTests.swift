import Foundation
import Tabula
import Testing
@testable import ReadingList
@testable import ReadingListApp

/// The example started as an app: its own `AppDelegate` and `SceneDelegate`, unchanged
/// from iOS but for the ConstructibleDelegate conformance.
@MainActor
@Suite("Reading list, started as an app", .serialized)
struct ReadingListAppTests {
    @Test("launched from its app delegate, the scene delegate found by its conventional name makes the window of books")
    func launchesFromItsDelegate() throws {
        let screen = HeadlessScreen(device: .iPhone15)
        var reports: [String] = []
        screen.onReport = { reports.append($0) }
        #expect(screen.launch(AppDelegate()))
        screen.advance(by: 0.5)
        #expect(reports.isEmpty)
        #expect(screen.windowScene.delegate is SceneDelegate)
        #expect(screen.windowScene.session.configuration.delegateClass == SceneDelegate.self)
        let navigation = try #require(screen.window?.rootViewController as? UINavigationController)
        #expect(navigation.topViewController is BooksViewController)
        #expect(screen.cells.allElements.compactMap(\.label).contains { $0.contains("Middlemarch") })
        screen.terminateApp()
        #expect(screen.windowScene.activationState == .unattached)
    }

    /// The app built beside the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ReadingListApp")
    }

    @Test("run with no display, the app says so and writes what its screen showed to a PNG file")
    func runsHeadless() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reading-list-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = Self.executable
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { environment[name] = nil }
        environment["TABULA_HEADLESS_SECONDS"] = "0.5"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(printed.contains("No display found: ran ReadingListApp headless for 0.5 s"))
        let picture = try #require(UIImage(contentsOfFile: folder.appendingPathComponent("ReadingListApp.png").path))
        #expect(picture.size == CGSize(width: 786, height: 1704), "an iPhone 15 screen at 2 pixels a point")
    }

    @Test("a bad TABULA_HEADLESS_SECONDS is one line on standard error and exit status 64")
    func badDuration() throws {
        let process = Process()
        process.executableURL = Self.executable
        var environment = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { environment[name] = nil }
        environment["TABULA_HEADLESS_SECONDS"] = "-3"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(said.contains("TABULA_HEADLESS_SECONDS must be a number of seconds from 0 to 3600, not '-3'"))
    }
}
