import Foundation
import Testing
import TabulaUIKit
import CSDL2
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

    /// A 120 × 80 window (offscreen video driver) showing a blue 40-point square.
    static func hostWithSquare() throws -> (SDLWindowHost, UIView) {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        let window = UIWindow(frame: .zero)
        let controller = UIViewController()
        window.rootViewController = controller
        let host = try SDLWindowHost(showing: window, size: CGSize(width: 120, height: 80), scale: 1)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        view.backgroundColor = .systemBlue
        controller.view.addSubview(view)
        return (host, view)
    }

    @Test("frames that follow changes made after a rest (a drag's moves, each its own frame), or after refreshes that showed nothing, are no hitches; late frames of an animation are")
    func hitchesCountOnlyLateFramesOfMotion() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        /// Runs a window for `seconds` in which `onFrame` does what `turn` says, and returns
        /// its hitch time ratio.
        func run(animating: Bool, _ turn: @escaping (Int, UIView, TimeInterval) -> Void) throws -> Double? {
            let (host, view) = try Self.hostWithSquare()
            if animating { UIView.animate(withDuration: 5) { view.alpha = 0.1 } }
            var turns = 0
            let interval = host.screen.frameDuration
            host.onFrame = {
                turns += 1
                turn(turns, view, interval)
            }
            host.run(duration: 0.6)
            return host.screen.hitchTimeRatio
        }
        // Nothing animates: each turn moves the view, as a drag's events do, and takes longer
        // than a refresh to do it, so frames come two refreshes apart, after rests.
        let dragged = try run(animating: false) { turn, view, interval in
            view.frame.origin.x = CGFloat(turn % 40)
            Thread.sleep(forTimeInterval: interval * 1.2)
        }
        #expect(dragged == nil || dragged == 0, "no frame was due when it came: \(String(describing: dragged))")
        // The same, with a display link that keeps the screen's frames running and changes
        // nothing (as a transition the finger drives waits for the finger): the frames that
        // change nothing were due and presented nothing; the moves are no hitches.
        var links: [CADisplayLink] = []
        let waiting = try run(animating: false) { turn, view, interval in
            if links.isEmpty {
                let link = CADisplayLink { _ in }
                link.add(to: .main, forMode: .common)
                links.append(link)
            }
            if turn % 2 == 0 { view.frame.origin.x = CGFloat(turn % 40) }
            Thread.sleep(forTimeInterval: interval * 0.3)
        }
        links.forEach { $0.invalidate() }
        #expect(waiting == nil || waiting == 0, "frames after refreshes with nothing to show are no hitches: \(String(describing: waiting))")
        // An animation runs, and every fifth frame takes two and a half refreshes.
        let janky = try run(animating: true) { turn, _, interval in
            if turn % 5 == 0 { Thread.sleep(forTimeInterval: interval * 2.5) }
        }
        #expect((janky ?? 0) > 20, "late frames of an animation are hitches: \(String(describing: janky)) ms/s")
    }

    @Test("while the window's loop runs, main-queue blocks and main-actor tasks run between frames")
    func mainQueueRunsDuringTheLoop() async throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        let (host, view) = try Self.hostWithSquare()
        UIView.animate(withDuration: 5) { view.alpha = 0 }    // keeps frames coming
        var log: [String] = []
        var framesWhenQueued = 0
        host.onFrame = {
            guard framesWhenQueued == 0, host.framesPresented >= 3 else { return }
            framesWhenQueued = host.framesPresented
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    log.append("block")
                    Task { @MainActor in
                        log.append("task")
                        host.stop()
                    }
                }
            }
        }
        let start = Date()
        await host.run(duration: 20)
        #expect(log == ["block", "task"])
        #expect(framesWhenQueued >= 3, "the work was queued from inside the running loop")
        #expect(Date().timeIntervalSince(start) < 20, "the task stopped the loop; it did not run out its time")
        #expect(host.screen.hitchTimeRatio != nil, "the readout has a hitch time ratio once frames were presented")
        #expect(host.screen.framesPerSecond >= 24)
    }

    @Test("a display link added outside the loop's frames (before it starts, or from a main-queue block) fires")
    func displayLinkAddedOutsideFrames() async throws {
        // A fetched results controller adds one as its view loads, before the window runs:
        // on Linux the main actor moves between threads, and work waiting in one thread's
        // run loop never reached the window (the reading list's new books never showed).
        // Work that names no host goes to the next host to turn the run loop: in an app
        // the window; here, where other tests' screens run between the loop's turns, maybe
        // one of those. Either way it fires at once; before, it never fired at all.
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        let (host, view) = try Self.hostWithSquare()
        UIView.animate(withDuration: 5) { view.alpha = 0 }    // keeps frames coming
        var early = 0, late = 0
        let before = CADisplayLink { _ in early += 1 }
        before.add(to: .main, forMode: .common)
        var queued = false
        host.onFrame = {
            if early >= 1, late >= 1 { host.stop() }
            guard !queued, host.framesPresented >= 3 else { return }
            queued = true
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    let during = CADisplayLink { _ in late += 1 }
                    during.add(to: .main, forMode: .common)
                }
            }
        }
        await host.run(duration: 10)
        #expect(early >= 1, "the link added before the loop fired \(early) times")
        #expect(late >= 1, "the link added from a main-queue block fired \(late) times")
        before.invalidate()
    }

    /// An SDL text event carrying `text` (UTF-8, at most 31 bytes).
    private func textEvent(_ type: SDL_EventType, _ text: String, start: Int32 = 0) -> SDL_Event {
        var event = SDL_Event()
        event.type = type.rawValue
        let bytes = Array(text.utf8.prefix(31)) + [0]
        if type == SDL_TEXTINPUT {
            withUnsafeMutableBytes(of: &event.text.text) { raw in
                for (i, b) in bytes.enumerated() { raw[i] = b }
            }
        } else {
            withUnsafeMutableBytes(of: &event.edit.text) { raw in
                for (i, b) in bytes.enumerated() { raw[i] = b }
            }
            event.edit.start = start
        }
        return event
    }

    @Test("typed text and an input method's composition reach the text field; no software keyboard by default")
    func textInput() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        let window = UIWindow(frame: .zero)
        let field = UITextField(frame: CGRect(x: 10, y: 10, width: 200, height: 34))
        window.addSubview(field)
        let host = try SDLWindowHost(showing: window, size: CGSize(width: 240, height: 400), scale: 1)
        field.becomeFirstResponder()
        #expect(host.screen.keyboardFrame == nil, "the machine's keyboard types: none slides up")
        host.handle(textEvent(SDL_TEXTINPUT, "Hé"))
        host.handle(textEvent(SDL_TEXTEDITING, "nihao", start: 5))
        #expect(field.text == "Hénihao")
        #expect(field.markedTextRange != nil)
        host.handle(textEvent(SDL_TEXTINPUT, "你好"))
        #expect(field.text == "Hé你好")
        #expect(field.markedTextRange == nil)
        var backspace = SDL_Event()
        backspace.type = SDL_KEYDOWN.rawValue
        backspace.key.keysym.scancode = SDL_SCANCODE_BACKSPACE
        backspace.key.keysym.sym = Int32(SDLK_BACKSPACE.rawValue)
        host.handle(backspace)
        #expect(field.text == "Hé你")
        host.showsSoftwareKeyboard = true
        field.resignFirstResponder()
        field.becomeFirstResponder()
        #expect(host.screen.keyboardFrame != nil)
    }
}
