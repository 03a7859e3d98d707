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

/// Finds a scene by name, or explains which names there are.
@MainActor
func findScene(named name: String) throws -> any Scene.Type {
    guard let type = Scenes.named(name) else {
        throw ValidationError("unknown scene '\(name)'. The scenes: \(Scenes.all.map { $0.name }.joined(separator: ", "))")
    }
    return type
}

struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the scenes.")
    @MainActor func run() async throws {
        for scene in Scenes.all {
            print("\(scene.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(scene.summary)")
        }
    }
}

struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render scenes headless: a PNG, a filmstrip and an animated PNG each, and index.html.")
    @Argument(help: "A scene name, or 'all'.") var scene = "all"
    @Option(help: "The folder to write into.") var out = "showcase-output"
    @Option(help: "Pixels per point of the still picture.") var scale: Double = 2
    @Option(help: "Frames per second of the filmed animation (1 to 60).") var fps = 20
    @Option(help: "Frames on each filmstrip, spread evenly over the animation.") var filmstripFrames = 8

    @MainActor func run() async throws {
        let scenes = scene == "all" ? Scenes.all : [try findScene(named: scene)]
        guard (1 ... 60).contains(fps) else { throw ValidationError("--fps must be between 1 and 60, got \(fps)") }
        guard filmstripFrames > 0 else { throw ValidationError("--filmstrip-frames must be positive") }
        let folder = URL(fileURLWithPath: out)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var entries: [Gallery.Entry] = []
        for type in scenes {
            let entry = try Gallery.render(type, into: folder, scale: CGFloat(scale), fps: fps,
                                           filmstripFrames: filmstripFrames)
            print("\(type.name): \(entry.files.map { folder.appendingPathComponent($0).path }.joined(separator: ", "))")
            entries.append(entry)
        }
        let index = folder.appendingPathComponent("index.html")
        if scene == "all" || !FileManager.default.fileExists(atPath: index.path) {
            try Gallery.html(entries).write(to: index, atomically: true, encoding: .utf8)
            print("gallery: \(index.path)")
        }
    }
}

struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a scene in a window when a display is present; otherwise render it headless.")
    @Argument(help: "A scene name.") var scene = "rss"
    @Option(help: "Seconds to run before closing (default: until the window is closed).") var duration: Double?
    @Option(help: "Pixels per point.") var scale: Double = 1
    @Flag(help: "Show the frame statistics readout (Ctrl-F toggles it).") var stats = false
    @Flag(help: "Colour blended layers red, opaque ones green (Ctrl-B toggles it).") var blended = false
    @Option(help: "When the window closes, write the scene's state (the first table's selection and offset) as JSON to this file.")
    var report: String?

    @MainActor func run() async throws {
        let type = try findScene(named: scene)
        let env = ProcessInfo.processInfo.environment
        guard env["DISPLAY"] != nil || env["WAYLAND_DISPLAY"] != nil || env["SDL_VIDEODRIVER"] != nil else {
            print("No display found: rendering '\(type.name)' headless instead.")
            var render = Render()
            render.scene = scene
            try await render.run()
            return
        }
        let instance = type.init()
        let window = UIWindow(frame: .zero)
        window.rootViewController = instance.makeRootViewController()
        let host = try SDLWindowHost(showing: window, size: type.size, scale: CGFloat(scale), title: "Tabula — \(type.name)")
        instance.attach(to: host.screen)
        host.screen.showsFrameStatistics = stats
        host.screen.colorsBlendedLayers = blended
        print("""
            \(type.name): \(type.summary)
            Try: \(type.tryIt)
            Mouse: press and drag is a finger; Alt- or Ctrl-drag pinches; the wheel scrolls.
            Keys: Ctrl-R rotates, Ctrl-F frame statistics, Ctrl-B blended layers, Ctrl-Q quits.
            """)
        await host.run(duration: duration)
        if let report {
            let state = WindowReport(host: host, scene: type.name)
            try state.json().write(to: URL(fileURLWithPath: report))
        }
        withExtendedLifetime(instance) {}
    }
}
