import CSDL2
import Foundation
import Tabula

/// Why a window could not be opened.
public struct SDLHostError: Error, CustomStringConvertible {
    /// What failed, with SDL's own error message.
    public let description: String
}

/// Shows a ``UIWindow`` in an SDL2 window and lets a person use it.
///
/// The frame work is ``HeadlessScreen``'s — layout, display, animation and
/// compositing are identical with and without a display — and this host adds
/// the real clock, the input and the presentation:
///
/// - It advances the screen's clock to real time, composites and uploads a frame
///   only when something changed, and paces itself by the display's vertical sync;
///   when nothing moves it sleeps until an event arrives.
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
@MainActor
public final class SDLWindowHost {
    /// The screen the window shows; drive it from code as in a test.
    public let screen: HeadlessScreen
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
    private var presentTimes: [UInt64] = []
    private var running = true

    /// Opens a window of `size` points at `scale` pixels per point showing `uiWindow`.
    ///
    /// - Throws: ``SDLHostError`` when SDL cannot start video (no display and no
    ///   `SDL_VIDEODRIVER=offscreen`), naming SDL's reason.
    public init(showing uiWindow: UIWindow, size: CGSize, scale: CGFloat = 1, title: String = "Tabula") throws {
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
            throw SDLHostError(description: "SDL could not start video: \(String(cString: SDL_GetError()))")
        }
        let width = Int32((size.width * scale).rounded()), height = Int32((size.height * scale).rounded())
        // SDL_WINDOWPOS_CENTERED is a function-like macro in C; its value is 0x2FFF0000.
        let centered: Int32 = 0x2FFF_0000
        guard let window = SDL_CreateWindow(title, centered, centered, width, height, SDL_WINDOW_SHOWN.rawValue) else {
            throw SDLHostError(description: "SDL could not open a \(width)×\(height) window: \(String(cString: SDL_GetError()))")
        }
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)
                ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            SDL_DestroyWindow(window)
            throw SDLHostError(description: "SDL could not create a renderer: \(String(cString: SDL_GetError()))")
        }
        guard let texture = Self.makeTexture(renderer, width, height) else {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            throw SDLHostError(description: "SDL could not create a texture: \(String(cString: SDL_GetError()))")
        }
        self.window = window
        self.renderer = renderer
        self.texture = texture
        textureSize = (width, height)
        screen = HeadlessScreen(size: size, scale: scale)
        screen.show(uiWindow)
    }

    private static func makeTexture(_ renderer: OpaquePointer, _ width: Int32, _ height: Int32) -> OpaquePointer? {
        SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                          Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), width, height)
    }

    /// Runs until the window is closed (or Ctrl-Q, or SIGINT/SIGTERM) or `duration`
    /// seconds of real time have passed.
    public func run(duration: TimeInterval? = nil) {
        let start = DispatchTime.now().uptimeNanoseconds
        var event = SDL_Event()
        running = true
        while running {
            // Sleep until an event when nothing is moving; otherwise only drain them.
            let idle = !screen.needsComposite && screen.animatingLayerCount == 0 && !screen.hasScheduledFrameWork
            if idle, SDL_WaitEventTimeout(&event, 50) != 0 { handle(event) }
            while SDL_PollEvent(&event) != 0 { handle(event) }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            screen.advance(by: max(0, elapsed - screen.currentTime))
            onFrame?()
            if !presentIfNeeded() && !idle { SDL_Delay(2) }
            if let duration, elapsed >= duration { running = false }
        }
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
        measureFrameRate()
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

    /// Presented frames per second over the last second, for the statistics readout.
    private func measureFrameRate() {
        let now = DispatchTime.now().uptimeNanoseconds
        presentTimes.append(now)
        presentTimes.removeAll { now - $0 > 1_000_000_000 }
        screen.presentedFramesPerSecond = Double(presentTimes.count)
    }

    isolated deinit {
        SDL_DestroyTexture(texture)
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }
}
