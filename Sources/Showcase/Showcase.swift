import ArgumentParser
import Foundation
import Tabula
import TabulaSDL

@main
struct Showcase: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Tabula's demos: run them in a window, or render them to pictures.",
        subcommands: [List.self, Run.self, Render.self, Monkey.self],
        defaultSubcommand: Run.self)

    /// Runs the command; a bad argument is one line on standard error ("Error: …") and
    /// status 64, without the usage text under it (`--help` prints that).
    static func main() async {
        do {
            // Built a second time as AppMonkey (the same program): that name runs the monkey.
            let invokedAs = URL(fileURLWithPath: CommandLine.arguments.first ?? "").lastPathComponent
            var command: ParsableCommand = invokedAs == "AppMonkey"
                ? try Monkey.parse(Array(CommandLine.arguments.dropFirst())) : try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            let message = message(for: error)
            if code == .success || message.isEmpty { exit(withError: error) }
            let firstLine = message.split(separator: "\n").first.map(String.init) ?? message
            FileHandle.standardError.write(Data("Error: \(firstLine)\n".utf8))
            Foundation.exit(code.rawValue)
        }
    }
}

/// A bad input: `message` goes to standard error as one line, and the Showcase exits
/// with status 64 (EX_USAGE), without ArgumentParser's usage text under it.
struct InputError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }

    init(_ message: String) { self.message = message }

    /// Writes the line and returns the exit status to throw.
    func report() -> ExitCode {
        FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
        return .validationFailure
    }
}

/// Prints `line` and flushes it, so that what the Showcase says arrives as it says it,
/// even through a pipe (standard output is fully buffered there, and a render that
/// takes a minute would otherwise say nothing until it ended).
func say(_ line: String) {
    print(line)
    fflush(nil)
}

/// Finds a scene by name, or explains which names there are.
@MainActor
func findScene(named name: String) throws(InputError) -> any Scene.Type {
    guard let type = Scenes.named(name) else {
        throw InputError("unknown scene '\(name)'; the scenes are \(Scenes.all.map { $0.name }.joined(separator: ", "))")
    }
    return type
}

/// The checks of the options the commands share; each problem is one sentence.
enum Inputs {
    /// Pixels per point: more than 0 and at most 4 (a phone's screens are 1 to 3).
    static func checkScale(_ scale: Double) throws(InputError) {
        guard scale.isFinite, scale > 0, scale <= 4 else {
            throw InputError("--scale must be a number of pixels per point above 0 and at most 4 (e.g. 1, 2 or 3), got \(String(format: "%g", scale))")
        }
    }

    /// Seconds the window stays open: more than 0.
    static func checkDuration(_ duration: Double?) throws(InputError) {
        guard let duration else { return }
        guard duration.isFinite, duration > 0 else {
            throw InputError("--duration must be a number of seconds above 0, got \(String(format: "%g", duration))")
        }
    }

    /// A file to write later: its folder must exist now, so that the run does not end
    /// with nothing written.
    static func checkWritableFile(_ path: String, option: String) throws(InputError) {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw InputError("\(option) \(path) is a folder; give a file name")
        }
        let folder = url.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError("\(option) \(path): the folder \(folder.path) does not exist; create it or choose another path")
        }
    }

    /// A folder to write into: made if missing, but not a file.
    static func checkOutputFolder(_ path: String) throws(InputError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw InputError("--out \(path) is a file; give a folder to write the pictures into")
        }
    }
}

struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the scenes.")
    @MainActor func run() async throws {
        for scene in Scenes.all {
            say("\(scene.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(scene.summary)")
        }
    }
}

struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render scenes headless: a PNG, a filmstrip and an animated PNG each, and index.html.")
    @Argument(help: "A scene name, or 'all'.") var scene = "all"
    @Option(help: "The folder to write into.") var out = "showcase-output"
    @Option(parsing: .unconditional, help: "Pixels per point of the still picture (above 0, at most 4).")
    var scale: Double = 2
    @Option(parsing: .unconditional, help: "Frames per second of the filmed animation (1 to 60).") var fps = 20
    @Option(help: "Frames on each filmstrip, spread evenly over the animation.") var filmstripFrames = 8

    func validate() throws {
        do throws(InputError) {
            try Inputs.checkScale(scale)
            guard (1 ... 60).contains(fps) else { throw InputError("--fps must be between 1 and 60, got \(fps)") }
            guard filmstripFrames > 0 else {
                throw InputError("--filmstrip-frames must be at least 1, got \(filmstripFrames)")
            }
            try Inputs.checkOutputFolder(out)
        } catch { throw error.report() }
    }

    @MainActor func run() async throws {
        let scenes: [any Scene.Type]
        do throws(InputError) { scenes = scene == "all" ? Scenes.all : [try findScene(named: scene)] } catch { throw error.report() }
        let folder = URL(fileURLWithPath: out)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw InputError("--out \(out): the folder cannot be made (\(error.localizedDescription))").report()
        }
        var entries: [Gallery.Entry] = []
        for type in scenes {
            let entry = try Gallery.render(type, into: folder, scale: CGFloat(scale), fps: fps,
                                           filmstripFrames: filmstripFrames)
            say("\(type.name): \(entry.files.map { folder.appendingPathComponent($0).path }.joined(separator: ", "))")
            entries.append(entry)
        }
        let index = folder.appendingPathComponent("index.html")
        if scene == "all" || !FileManager.default.fileExists(atPath: index.path) {
            try Gallery.html(entries).write(to: index, atomically: true, encoding: .utf8)
            say("gallery: \(index.path)")
        }
    }
}

struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a scene in a window when a display is present; otherwise render it headless.")
    @Argument(help: "A scene name (default: the home menu, from which every scene opens).") var scene = "home"
    // `.unconditional`: "-1" is a (bad) value, to be named as such, not an unknown flag.
    @Option(parsing: .unconditional, help: "Seconds to run before closing (default: until the window is closed).")
    var duration: Double?
    @Option(parsing: .unconditional, help: "Pixels per point, above 0 and at most 4 (default: 1 in a window, 2 rendered headless).")
    var scale: Double?
    @Flag(help: "Show the frame statistics readout (Ctrl-F toggles it).") var stats = false
    @Flag(help: "Colour blended layers red, opaque ones green (Ctrl-B toggles it).") var blended = false
    @Flag(help: "Start in the dark appearance (Ctrl-D toggles it).") var dark = false
    @Option(help: "Who draws the frames: cairo, gpu (OpenGL ES 3; Mesa's llvmpipe without a GPU) or auto (the GPU when there is a hardware one; the default).")
    var renderer: FrameRendererKind?
    @Flag(help: "Show the software keyboard when a text input is edited (the machine's keyboard types either way).")
    var keyboard = false
    @Option(help: "When the window closes, write the scene's state (the first table's selection and offset) as JSON to this file.")
    var report: String?

    func validate() throws {
        do throws(InputError) {
            if let scale { try Inputs.checkScale(scale) }
            try Inputs.checkDuration(duration)
            if let report { try Inputs.checkWritableFile(report, option: "--report") }
        } catch { throw error.report() }
    }

    @MainActor func run() async throws {
        let type: any Scene.Type
        do throws(InputError) { type = try findScene(named: scene) } catch { throw error.report() }
        let env = ProcessInfo.processInfo.environment
        guard env["DISPLAY"] != nil || env["WAYLAND_DISPLAY"] != nil || env["SDL_VIDEODRIVER"] != nil else {
            var arguments = [type.name]
            if let scale { arguments += ["--scale", "\(scale)"] }
            let render = try Render.parse(arguments)
            say("No display found: rendering '\(type.name)' headless into \(render.out) instead"
                  + (report == nil ? "." : " (no --report without a window)."))
            try await render.run()
            return
        }
        let instance = type.init()
        let window = UIWindow(frame: .zero)
        window.rootViewController = Scenes.rootViewController(for: instance)
        // The window host reads the choice as it opens (before SDL makes a GL context).
        if let renderer { setenv("TABULA_RENDERER", renderer.rawValue, 1) }
        let host: SDLWindowHost
        do {
            host = try SDLWindowHost(showing: window, device: type.device(scale: CGFloat(scale ?? 1)),
                                     title: "Tabula — \(type.name)")
        } catch {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            throw ExitCode(69)   // EX_UNAVAILABLE: the display is not there
        }
        host.showsSoftwareKeyboard = keyboard
        if let note = host.rendererNote { say("Note: \(note).") }
        say("Frames are drawn by " + (host.screen.gpuRenderer.map { "the GPU (\($0.rendererName))" } ?? "Cairo") + ".")
        instance.attach(to: host.screen)
        host.screen.showsFrameStatistics = stats
        host.screen.colorsBlendedLayers = blended
        host.screen.userInterfaceStyle = dark ? .dark : .light
        say("""
            \(type.name): \(type.summary)
            Try: \(type.tryIt)
            Mouse: press and drag is a finger; Alt- or Ctrl-drag pinches; the wheel scrolls.
            Keys: Ctrl-R rotates, Ctrl-F frame statistics, Ctrl-B blended layers, Ctrl-D dark mode, Ctrl-T text size, Ctrl-Q quits.
            """)
        await host.run(duration: duration)
        if let report {
            let state = WindowReport(host: host, scene: type.name)
            do {
                try state.json().write(to: URL(fileURLWithPath: report))
            } catch {
                throw InputError("--report \(report) could not be written (\(error.localizedDescription))").report()
            }
        }
        withExtendedLifetime(instance) {}
    }
}

extension FrameRendererKind: ExpressibleByArgument {}
