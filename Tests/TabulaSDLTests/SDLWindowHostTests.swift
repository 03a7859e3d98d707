import Foundation
import Testing
import Tabula
@testable import TabulaSDL

@MainActor
@Suite("SDL window host", .serialized)
struct SDLWindowHostTests {
    @Test("presents a frame only when something changed (offscreen video driver)")
    func presentsOnlyOnChange() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        let window = UIWindow(frame: .zero)
        let controller = UIViewController()
        window.rootViewController = controller
        let host = try SDLWindowHost(showing: window, size: CGSize(width: 120, height: 80), scale: 2)
        host.presentIfNeeded()
        #expect(host.framesPresented == 1)
        host.presentIfNeeded()
        #expect(host.framesPresented == 1, "nothing changed, so nothing is presented")
        controller.view.backgroundColor = .systemRed
        host.screen.advance(by: 1.0 / 60)
        host.presentIfNeeded()
        #expect(host.framesPresented == 2)
        let pixel = host.screen.snapshot().cgImage!.color(x: 10, y: 10)
        #expect(pixel.red > 0.9 && pixel.green < 0.4)
    }
}
