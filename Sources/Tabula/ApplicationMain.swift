import Foundation
import TabulaSDL
import TabulaUIKit

extension UIApplicationDelegate {
    /// Runs the app, as UIKit's does for the app delegate marked `@main`: makes the
    /// delegate, launches the app (``HeadlessScreen/launch(_:options:)``: launching, the
    /// scene and its delegate, the window) and runs it until its window closes, then ends
    /// it (``HeadlessScreen/terminateApp()``).
    ///
    /// With a display (`DISPLAY`, `WAYLAND_DISPLAY` or `SDL_VIDEODRIVER` set), the app runs
    /// in an SDL window shaped like an iPhone 15 at 1 pixel per point. Without one it runs
    /// headless on an iPhone 15 screen for `TABULA_HEADLESS_SECONDS` (default 1) seconds of
    /// its clock, writes what the screen shows to the PNG file `TABULA_SNAPSHOT` (default:
    /// the executable's name with `.png`, in the current directory) and says where.
    ///
    /// The delegate class must be a ``ConstructibleDelegate``: Swift on Linux cannot make
    /// an object from its class without one (there is no Objective-C runtime). When it is
    /// not, the app stops at once with exit status 70, saying what to add.
    @MainActor
    public static func main() {
        exit(ApplicationMain.run(delegateType: Self.self))
    }
}

/// UIKit's entry point by class names, for a `main.swift` that calls it: the app delegate
/// class is found by its name with its module (`"MyApp.AppDelegate"`, what
/// `NSStringFromClass(AppDelegate.self)` gives) and run as ``UIApplicationDelegate/main()``
/// runs it. `principalClassName` must be nil or `"UIApplication"`: there are no
/// application subclasses. Returns the exit status (0 when the window closed; 64 for a
/// class name that names no app delegate; 70 for a class that cannot be made).
@MainActor
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, _ delegateClassName: String?) -> Int32 {
    if let principal = principalClassName, principal != "UIApplication" {
        ApplicationMain.say("Tabula: UIApplicationMain: the principal class \(principal) is not used; "
                            + "the app runs with UIApplication")
    }
    guard let name = delegateClassName, let type = NSClassFromString(name) as? any UIApplicationDelegate.Type else {
        ApplicationMain.say("Tabula: UIApplicationMain: \(delegateClassName.map { "'\($0)'" } ?? "nil") names no app "
                            + "delegate class (give the module too, e.g. \"MyApp.AppDelegate\")")
        return 64
    }
    return ApplicationMain.run(delegateType: type)
}

/// What ``UIApplicationDelegate/main()`` and ``UIApplicationMain(_:_:_:_:)`` do.
@MainActor
enum ApplicationMain {
    static func run(delegateType: any UIApplicationDelegate.Type) -> Int32 {
        let name = String(describing: delegateType)
        guard let constructible = delegateType as? any ConstructibleDelegate.Type,
              let delegate = constructible.init() as? any UIApplicationDelegate else {
            say("Tabula: the app delegate class \(name) cannot be made without the Objective-C runtime: add "
                + "`extension \(name): ConstructibleDelegate {}` and make the class final (or its init() "
                + "required), as tabula-port does")
            return 70
        }
        let title = ProcessInfo.processInfo.processName
        let environment = ProcessInfo.processInfo.environment
        if environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil || environment["SDL_VIDEODRIVER"] != nil {
            var device = DeviceProfile.iPhone15
            device.scale = 1
            do {
                let host = try SDLWindowHost(device: device, title: title)
                host.screen.launch(delegate)
                host.run()
                host.screen.terminateApp()
                return 0
            } catch {
                say("Tabula: \(error); running \(title) headless instead")
            }
        }
        return runHeadless(delegate, title: title, environment: environment)
    }

    private static func runHeadless(_ delegate: any UIApplicationDelegate, title: String,
                                    environment: [String: String]) -> Int32 {
        let seconds = environment["TABULA_HEADLESS_SECONDS"].flatMap(Double.init) ?? 1
        guard seconds.isFinite, seconds >= 0, seconds <= 3600 else {
            say("Tabula: TABULA_HEADLESS_SECONDS must be a number of seconds from 0 to 3600, not "
                + "'\(environment["TABULA_HEADLESS_SECONDS"] ?? "")'")
            return 64
        }
        let path = environment["TABULA_SNAPSHOT"] ?? "\(title).png"
        var device = DeviceProfile.iPhone15
        device.scale = 2
        let screen = HeadlessScreen(device: device)
        screen.launch(delegate)
        screen.advance(by: seconds)
        let picture = screen.snapshot().pngData()
        screen.terminateApp()
        do {
            guard let picture else { throw CocoaError(.fileWriteUnknown) }
            try picture.write(to: URL(fileURLWithPath: path))
        } catch {
            say("Tabula: the screen of \(title) could not be written to \(path) (\(error.localizedDescription))")
            return 73
        }
        let shown = String(format: "%g", seconds)
        print("No display found: ran \(title) headless for \(shown) s on an iPhone 15 screen; what it showed is in \(path)")
        return 0
    }

    static func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
