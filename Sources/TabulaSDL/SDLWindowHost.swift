import CSDL2
import Foundation
import TabulaUIKit

/// Why a window could not be opened.
public struct SDLHostError: Error, CustomStringConvertible {
    /// What failed, with SDL's own error message.
    public let description: String
}

/// Shows a `UIWindow` in an SDL2 window and lets a person use it.
///
/// The frame work is `HeadlessScreen`'s — layout, display, animation and
/// compositing are identical with and without a display — and this host adds
/// the real clock, the input and the presentation:
///
/// - It advances the screen's clock to real time in frames of the display's refresh
///   rate (`SDL_GetCurrentDisplayMode`; 60 Hz when the display does not say),
///   composites and uploads a frame only when something changed, and paces itself by
///   the display's vertical sync, or by sleeping to the next refresh without it.
/// - Between frames it services the main run loop, as UIKit's does: blocks queued with
///   `DispatchQueue.main.async`, `Task { @MainActor in … }` and timers run while the
///   window is open (see `run(duration:)` for what runs where).
/// - When nothing moves it waits a refresh at a time for events and main-queue work.
/// - The mouse is a finger: press, drag and release become a touch's began, moved
///   and ended. With Alt (or Ctrl) held, a press puts two fingers down around the
///   pointer and dragging away from the press spreads them: a pinch. A touch screen's
///   fingers are touches too.
/// - The wheel (or a trackpad's scroll) scrolls the scroll view under the pointer.
/// - Keys go to the first responder. Host keys, with Ctrl: R turns the screen
///   between portrait and landscape (animated, as the 2009 session's rotation demo),
///   B colours blended layers, F shows the frame statistics, Q closes the window.
///
/// HiDPI: the window is `size × scale` pixels and the UI is drawn at `scale`.
@preconcurrency @MainActor
public final class SDLWindowHost {
    /// The screen the window shows; drive it from code as in a test.
    public let screen: HeadlessScreen
    /// Why the GPU renderer asked for (`TABULA_RENDERER=gpu`) is not drawing, or nil.
    package let rendererNote: String?
    let window: OpaquePointer
    let renderer: OpaquePointer
    private var texture: OpaquePointer
    private var textureSize: (width: Int32, height: Int32)
    /// Frames presented since the window opened.
    public private(set) var framesPresented = 0
    /// Called after each event has been handled and before the frame is presented:
    /// the place for an app's own per-frame work.
    public var onFrame: (() -> Void)?
    var input = MouseFingers()
    /// Files and text the desktop is dropping onto the window (between SDL's drop begin and complete).
    var pendingDrops: [NSItemProvider] = []
    private var running = true
    /// Whether presenting waits for the display's vertical sync.
    public let isVsynced: Bool
    /// Late frames while things move, for the statistics readout.
    private var hitches: HitchMeter
    private var loop = LoopState()

    /// Opens a window of `size` points at `scale` pixels per point showing `uiWindow`.
    ///
    /// - Throws: ``SDLHostError`` when SDL cannot start video (no display and no
    ///   `SDL_VIDEODRIVER=offscreen`), naming SDL's reason.
    public convenience init(showing uiWindow: UIWindow, size: CGSize, scale: CGFloat = 1, title: String = "Tabula") throws {
        try self.init(showing: uiWindow, device: .plain(size: size, scale: scale), title: title)
    }

    /// Opens a window shaped like `device` showing nothing yet: an app launched on its
    /// ``screen`` (with the screen's `launch(_:options:)`) shows its own window there.
    ///
    /// - Throws: ``SDLHostError`` when SDL cannot start video, naming SDL's reason.
    public convenience init(device: DeviceProfile, title: String = "Tabula") throws {
        try self.init(showing: nil, device: device, title: title)
    }

    /// Opens a window shaped like `device` — its size in points at its scale, with its
    /// safe area and status bar — showing `uiWindow` (nil: nothing yet).
    ///
    /// - Throws: ``SDLHostError`` when SDL cannot start video, naming SDL's reason.
    public init(showing uiWindow: UIWindow?, device: DeviceProfile, title: String = "Tabula") throws {
        let size = device.portraitSize, scale = device.scale
        // With an X display named and no Wayland one, ask for X11 directly: SDL would
        // otherwise try Wayland first and print its complaint about XDG_RUNTIME_DIR.
        let environment = ProcessInfo.processInfo.environment
        if environment["SDL_VIDEODRIVER"] == nil, environment["DISPLAY"] != nil, environment["WAYLAND_DISPLAY"] == nil {
            SDL_SetHint("SDL_VIDEODRIVER", "x11")
        }
        let display = environment["DISPLAY"].map { "DISPLAY=\($0)" } ?? "no DISPLAY"
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
            throw SDLHostError(description: "no display could be opened (\(display)): SDL could not start video: "
                               + String(cString: SDL_GetError()))
        }
        // With no display server to reach, SDL falls back to a driver that shows nothing
        // ("offscreen", "dummy"): a window there would run unseen for ever. Unless that
        // driver was asked for by name, it is an error.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
        let asked = environment["SDL_VIDEODRIVER"]
        if ["offscreen", "dummy", "evdev", "none"].contains(driver), asked != driver {
            SDL_Quit()
            throw SDLHostError(description: "no display could be opened (\(display)); SDL fell back to its '\(driver)' "
                               + "driver, which shows nothing")
        }
        let width = Int32((size.width * scale).rounded()), height = Int32((size.height * scale).rounded())
        // SDL_WINDOWPOS_CENTERED is a function-like macro in C; its value is 0x2FFF0000.
        let centered: Int32 = 0x2FFF_0000
        // Made hidden and shown once its renderer exists: SDL makes an accelerated renderer
        // by destroying the window and making another (of a visual OpenGL can draw on), so a
        // window shown at once flashed on screen and vanished, and whatever held the first
        // one (a test driving it with xdotool) lost it.
        guard let window = SDL_CreateWindow(title, centered, centered, width, height, SDL_WINDOW_HIDDEN.rawValue) else {
            throw SDLHostError(description: "SDL could not open a \(width)×\(height) window: \(String(cString: SDL_GetError()))")
        }
        // Which renderer composites: chosen before SDL makes a GL context of its own, as a
        // thread has one current context. With the GPU compositing (on its EGL context),
        // SDL only shows the finished frame, on the CPU.
        let rendererKind = FrameRendererKind.fromEnvironment ?? .automatic
        let (gpu, gpuNote) = rendererKind.resolve()
        // (SDL would otherwise back the window's own surface with a GL renderer, whose GLX
        // context the display refuses beside ours.)
        if gpu != nil { SDL_SetHint("SDL_FRAMEBUFFER_ACCELERATION", "0") }
        let presenter = gpu == nil ? SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue) : nil
        guard let renderer = presenter ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            SDL_DestroyWindow(window)
            throw SDLHostError(description: "SDL could not create a renderer: \(String(cString: SDL_GetError()))")
        }
        guard let texture = Self.makeTexture(renderer, width, height) else {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            throw SDLHostError(description: "SDL could not create a texture: \(String(cString: SDL_GetError()))")
        }
        SDL_ShowWindow(window)
        self.window = window
        self.renderer = renderer
        self.texture = texture
        textureSize = (width, height)
        var info = SDL_RendererInfo()
        isVsynced = SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        let rate = Self.refreshRate(of: window)
        hitches = HitchMeter(framesPerSecond: Double(rate))
        screen = HeadlessScreen(device: device, framesPerSecond: rate)
        // A window draws on the GPU when there is a hardware one (Cairo is faster than a
        // software GL); `TABULA_RENDERER` (the Showcase's `--renderer`) says otherwise.
        screen.rendererKind = rendererKind
        rendererNote = gpuNote
        // The window has the machine's keyboard: no software keyboard unless asked for.
        screen.showsSoftwareKeyboard = false
        if let uiWindow { screen.show(uiWindow) }
        screen.urlOpener = Self.openWithDesktop
        UIPasteboard.general.systemClipboard = SDLClipboard()
    }

    /// Whether text inputs bring up the software keyboard in the window too (false by
    /// default: typing on the machine's keyboard needs none).
    public var showsSoftwareKeyboard: Bool {
        get { screen.showsSoftwareKeyboard }
        set { screen.showsSoftwareKeyboard = newValue }
    }

    private static func makeTexture(_ renderer: OpaquePointer, _ width: Int32, _ height: Int32) -> OpaquePointer? {
        SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                          Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), width, height)
    }

    /// The refresh rate of the display showing `window`, in whole frames per second:
    /// what SDL reports when it is 24 to 240, else 60.
    static func refreshRate(of window: OpaquePointer) -> Int {
        var mode = SDL_DisplayMode()
        let display = max(SDL_GetWindowDisplayIndex(window), 0)
        guard SDL_GetCurrentDisplayMode(display, &mode) == 0, (24 ... 240).contains(mode.refresh_rate) else { return 60 }
        return Int(mode.refresh_rate)
    }

    /// Runs until the window is closed (or Ctrl-Q, or SIGINT/SIGTERM) or `duration`
    /// seconds of real time have passed. Call it on the main thread, as an app calls
    /// `UIApplicationMain` from a synchronous `main`: between frames it runs the main
    /// run loop, so blocks queued with `DispatchQueue.main.async` or
    /// `RunLoop.main.perform`, main-actor tasks, timers and `asyncAfter` run as in an app.
    ///
    /// From a main-actor task that is not on the main thread — an `async` main, Swift
    /// Testing on Linux — the main queue cannot run under a synchronous call: use
    /// `await host.run()`, which suspends between frames. Called there, this method
    /// says so on standard error once and runs without servicing the main queue.
    public func run(duration: TimeInterval? = nil) {
        let onMainThread = Thread.isMainThread
        if !onMainThread { warnOffMainThread() }
        start(duration: duration)
        while running {
            let wait = turn()
            if onMainThread {
                // Sleeps until the deadline or until main-queue work arrives, running it.
                let deadline = Date(timeIntervalSinceNow: wait)
                if !RunLoop.main.run(mode: .default, before: deadline), wait > 0 { Thread.sleep(until: deadline) }
            } else {
                pollCurrentRunLoop()
                if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            }
        }
    }

    /// Runs the window as `run(duration:)` does, suspending between frames
    /// so that the main actor's queue runs: `DispatchQueue.main.async` blocks and
    /// `Task { @MainActor in … }` run while the window is open, from any caller on the
    /// main actor (an `async` main, a test). Timers scheduled on the thread the loop
    /// happens to run on fire too; `RunLoop.main.perform` blocks need the main thread's
    /// run loop, which only the synchronous `run(duration:)` on the main
    /// thread runs.
    public func run(duration: TimeInterval? = nil) async {
        start(duration: duration)
        while running {
            let wait = turn()
            pollCurrentRunLoop()
            if wait > 0 {
                try? await Task.sleep(nanoseconds: UInt64(wait * 1e9))
            } else {
                await Task.yield()
            }
        }
    }

    /// The loop's bookkeeping between turns.
    private struct LoopState {
        var start: UInt64 = 0
        var duration: TimeInterval?
        /// Seconds of real time the screen's clock has been asked to reach.
        var advanced: TimeInterval = 0
        /// Whether the last turn ended with something moving: the screen wanted its next
        /// frame one refresh later. A frame that follows input after a rest (a finger
        /// dragging the content, each move its own frame) was not due at any refresh, so
        /// the gap before it is no hitch.
        var wantedNextFrame = false
    }

    private func start(duration: TimeInterval?) {
        running = true
        let clockOffset = screen.currentTime
        loop = LoopState(start: DispatchTime.now().uptimeNanoseconds - UInt64(clockOffset * 1e9), duration: duration,
                         advanced: clockOffset)
    }

    private var elapsed: TimeInterval { Double(DispatchTime.now().uptimeNanoseconds - loop.start) / 1e9 }

    /// One turn of the loop: events, the frames due by now, the presentation. Returns how
    /// long to wait before the next turn: until the next refresh while something moves,
    /// a refresh when nothing does (to look for input).
    private func turn() -> TimeInterval {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { handle(event) }
        let framesBefore = screen.frameIndex
        let now = elapsed
        if now > loop.advanced {
            screen.advance(by: now - loop.advanced)
            loop.advanced = now
        }
        onFrame?()
        let presented = presentIfNeeded()
        if presented {
            hitches.recordFrame(at: elapsed, continuesMotion: loop.wantedNextFrame)
            screen.hitchTimeRatio = hitches.hitchTimeRatio
        }
        if let duration = loop.duration, now >= duration { running = false }
        let moving = screen.needsComposite || screen.animatingLayerCount > 0 || screen.hasScheduledFrameWork
        // A frame that ran and changed nothing on screen (a transition the finger drives,
        // waiting for the finger's next move; a display link with nothing to do) was no
        // frame due: the next frame shown starts motion again, and is no hitch.
        let ranIdleFrame = screen.frameIndex != framesBefore && !presented
        loop.wantedNextFrame = moving && !ranIdleFrame
        guard moving else { return screen.frameDuration }
        let nextFrame = Double(screen.frameIndex + 1) * screen.frameDuration
        return max(0, nextFrame - elapsed)
    }

    /// Runs the due timers and `perform` blocks of this thread's run loop, without waiting.
    private func pollCurrentRunLoop() {
        _ = RunLoop.current.run(mode: .default, before: .distantPast)
    }

    /// Whether this window has warned that its loop runs off the main thread (once is enough).
    private var warnedOffMainThread = false
    private func warnOffMainThread() {
        guard !warnedOffMainThread else { return }
        warnedOffMainThread = true
        FileHandle.standardError.write(Data("""
            TabulaSDL: run() was called off the main thread, where a synchronous loop cannot let \
            the main queue run; DispatchQueue.main.async blocks and main-actor tasks wait until \
            the window closes. Use `await host.run()` instead.\n
            """.utf8))
    }

    /// Closes the run loop after the current turn.
    public func stop() { running = false }

    /// Uploads and presents the frame if anything changed since the last one; returns
    /// whether it did. Follows the screen's size when a rotation turns it.
    @discardableResult
    public func presentIfNeeded() -> Bool {
        guard screen.needsComposite || framesPresented == 0 else { return false }
        matchScreenSize()
        screen.withFramePixels { pixels, _, _, wordsPerRow in
            _ = SDL_UpdateTexture(texture, nil, pixels, Int32(wordsPerRow * 4))
        }
        SDL_RenderClear(renderer)
        SDL_RenderCopy(renderer, texture, nil, nil)
        SDL_RenderPresent(renderer)
        framesPresented += 1
        return true
    }

    private func matchScreenSize() {
        let width = Int32((screen.size.width * screen.scale).rounded())
        let height = Int32((screen.size.height * screen.scale).rounded())
        guard (width, height) != textureSize, let newTexture = Self.makeTexture(renderer, width, height) else { return }
        SDL_DestroyTexture(texture)
        texture = newTexture
        textureSize = (width, height)
        SDL_SetWindowSize(window, width, height)
    }

    isolated deinit {
        SDL_DestroyTexture(texture)
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }
}

/// The machine's clipboard, through SDL: Copy in a Tabula window pastes elsewhere, and back.
@MainActor
final class SDLClipboard: UIPasteboard.SystemClipboard {
    var text: String? {
        get {
            guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
            defer { SDL_free(raw) }
            return String(cString: raw)
        }
        set { SDL_SetClipboardText(newValue ?? "") }
    }
}

extension SDLWindowHost {
    /// Opens `url` with the desktop's handler for its scheme (SDL asks `xdg-open`); true
    /// when the handler was started.
    static func openWithDesktop(_ url: URL) -> Bool {
        SDL_OpenURL(url.absoluteString) == 0
    }
}
