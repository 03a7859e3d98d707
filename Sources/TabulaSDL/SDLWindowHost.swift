import CSDL2
import Foundation
import Tabula

/// Why a window could not be opened.
public struct SDLHostError: Error, CustomStringConvertible {
    public let description: String
}

/// Shows a ``UIWindow`` in an SDL2 window.
///
/// The frame work is ``HeadlessScreen``'s — layout, display, animation and
/// compositing are identical with and without a display — and this host adds
/// the real clock and the presentation: it composites and uploads a frame only
/// when something changed, and paces itself by the display's vertical sync.
/// HiDPI: the window is `size × scale` pixels and the UI is drawn at `scale`.
@MainActor
public final class SDLWindowHost {
    public let screen: HeadlessScreen
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private let texture: OpaquePointer
    /// Frames presented since the window opened.
    public private(set) var framesPresented = 0

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
        guard let texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                              Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), width, height) else {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            throw SDLHostError(description: "SDL could not create a texture: \(String(cString: SDL_GetError()))")
        }
        self.window = window
        self.renderer = renderer
        self.texture = texture
        screen = HeadlessScreen(size: size, scale: scale)
        screen.show(uiWindow)
    }

    /// Runs until the window is closed or `duration` (seconds of real time) has passed.
    public func run(duration: TimeInterval? = nil) {
        let start = DispatchTime.now().uptimeNanoseconds
        var event = SDL_Event()
        var running = true
        while running {
            while SDL_PollEvent(&event) != 0 {
                if event.type == SDL_QUIT.rawValue { running = false }
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            screen.advance(by: max(0, elapsed - screen.currentTime))
            presentIfNeeded()
            if let duration, elapsed >= duration { running = false }
            SDL_Delay(4)
        }
    }

    /// Uploads and presents the frame if anything changed since the last one.
    public func presentIfNeeded() {
        guard screen.needsComposite || framesPresented == 0 else { return }
        screen.withFramePixels { pixels, _, _, wordsPerRow in
            SDL_UpdateTexture(texture, nil, pixels, Int32(wordsPerRow * 4))
        }
        SDL_RenderClear(renderer)
        SDL_RenderCopy(renderer, texture, nil, nil)
        SDL_RenderPresent(renderer)
        framesPresented += 1
    }

    isolated deinit {
        SDL_DestroyTexture(texture)
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }
}
