import ArgumentParser
import Foundation
import Tabula
import TabulaSDL

@main
struct Showcase: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Tabula's demos: run them in a window, or render them to pictures.",
        subcommands: [List.self, Run.self, Render.self],
        defaultSubcommand: Run.self)
}

struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the scenes.")
    @MainActor func run() async throws {
        for scene in Scenes.all { print("\(scene.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(scene.summary)") }
    }
}

struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Render scenes headless to PNG files.")
    @Argument(help: "A scene name, or 'all'.") var scene = "all"
    @Option(help: "The folder to write into.") var out = "showcase-output"
    @Option(help: "Pixels per point.") var scale: Double = 2

    @MainActor func run() async throws {
        let scenes = scene == "all" ? Scenes.all : try [Scenes.named(scene) ?? { throw ValidationError(
            "unknown scene '\(scene)'; 'Showcase list' shows the scenes") }()]
        let folder = URL(fileURLWithPath: out)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for type in scenes {
            let screen = HeadlessScreen(size: type.size, scale: CGFloat(scale))
            let window = UIWindow(frame: .zero)
            window.rootViewController = type.init().makeRootViewController()
            screen.show(window)
            screen.advance(by: 0.5)
            let url = folder.appendingPathComponent("\(type.name).png")
            try screen.snapshot().pngData()!.write(to: url)
            print("wrote \(url.path)  (\(screen.lastFrameStatistics))")
        }
    }
}

struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a scene in a window when a display is present; otherwise render it headless.")
    @Argument(help: "A scene name.") var scene = "foundation"
    @Option(help: "Seconds to run before closing (default: until the window is closed).") var duration: Double?
    @Option(help: "Pixels per point.") var scale: Double = 1

    @MainActor func run() async throws {
        guard let type = Scenes.named(scene) else {
            throw ValidationError("unknown scene '\(scene)'; 'Showcase list' shows the scenes")
        }
        let env = ProcessInfo.processInfo.environment
        guard env["DISPLAY"] != nil || env["WAYLAND_DISPLAY"] != nil || env["SDL_VIDEODRIVER"] != nil else {
            print("No display found: rendering headless instead.")
            var render = Render()
            render.scene = scene
            render.out = "showcase-output"
            render.scale = 2
            try await render.run()
            return
        }
        let window = UIWindow(frame: .zero)
        window.rootViewController = type.init().makeRootViewController()
        let host = try SDLWindowHost(showing: window, size: type.size, scale: CGFloat(scale), title: "Tabula — \(type.name)")
        host.run(duration: duration)
    }
}
