import CSDL2
import Foundation
import TabulaUIKit

/// The mouse's fingers: one while a button is down, or two for a modifier-drag pinch.
struct MouseFingers {
    /// Half the distance between a pinch's fingers when it starts, in points.
    static let pinchHalfSpan: CGFloat = 50

    enum Gesture {
        case finger(id: Int)
        /// Two fingers mirrored about `anchor`; `press` is where the pointer went down.
        case pinch(first: Int, second: Int, anchor: CGPoint)
    }
    var gesture: Gesture?
    /// SDL's touch-screen fingers by SDL finger id → our touch id.
    var screenFingers: [Int64: Int] = [:]
    var nextID = 1_000_000

    mutating func newID() -> Int {
        nextID += 1
        return nextID
    }

    /// Where a pinch's two fingers are when the pointer is at `pointer`: the first
    /// follows the pointer's motion from the press, the second mirrors it about the anchor.
    static func pinchFingers(anchor: CGPoint, pointer: CGPoint) -> (CGPoint, CGPoint) {
        let dx = pointer.x - anchor.x + pinchHalfSpan, dy = pointer.y - anchor.y
        return (CGPoint(x: anchor.x + dx, y: anchor.y + dy), CGPoint(x: anchor.x - dx, y: anchor.y - dy))
    }
}

extension SDLWindowHost {
    /// Points per wheel notch.
    static let pointsPerWheelStep: CGFloat = 40

    /// Handles one SDL event: input goes to the screen, host keys act on the host.
    func handle(_ event: SDL_Event) {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            stop()
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != touchMouseID:
            let modifiers = SDL_GetModState().rawValue
            let pinch = modifiers & (KMOD_ALT.rawValue | KMOD_CTRL.rawValue) != 0
            mouseDown(at: point(event.button.x, event.button.y), pinch: pinch)
        case SDL_MOUSEMOTION where event.motion.state & 1 != 0 && event.motion.which != touchMouseID:
            mouseMoved(to: point(event.motion.x, event.motion.y))
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != touchMouseID:
            mouseUp(at: point(event.button.x, event.button.y))
        case SDL_MOUSEWHEEL:
            var x: Int32 = 0, y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            let flip: CGFloat = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            let delta = CGVector(dx: CGFloat(event.wheel.preciseX) * flip * Self.pointsPerWheelStep,
                                 dy: -CGFloat(event.wheel.preciseY) * flip * Self.pointsPerWheelStep)
            screen.scrollWheel(at: point(x, y), by: delta)
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            screenFinger(event.tfinger, type: SDL_EventType(event.type))
        case SDL_KEYDOWN:
            key(event.key.keysym)
        case SDL_TEXTINPUT:
            // Typed text, after the keyboard layout and any input method: it goes to the
            // text input that is first responder (the key press itself carries none).
            let text = Self.string(fromEventText: event.text.text)
            if screen.firstResponderTextInput != nil, !text.isEmpty { screen.typeText(text) }
        case SDL_TEXTEDITING:
            // An input method's composition in progress; an empty one ends it.
            let text = Self.string(fromEventText: event.edit.text)
            guard screen.firstResponderTextInput is UITextInput else { break }
            let cursor = String(text.unicodeScalars.prefix(max(0, Int(event.edit.start)))).utf16.count
            screen.setMarkedText(text, selectedRange: NSRange(location: cursor, length: 0))
        case SDL_DROPBEGIN:
            pendingDrops = []
        case SDL_DROPFILE, SDL_DROPTEXT:
            guard let text = event.drop.file else { break }
            let string = String(cString: text)
            SDL_free(text)
            if SDL_EventType(event.type) == SDL_DROPFILE {
                if let provider = NSItemProvider(contentsOf: URL(fileURLWithPath: string)) { pendingDrops.append(provider) }
            } else {
                pendingDrops.append(NSItemProvider(object: string as NSString))
            }
        case SDL_DROPCOMPLETE:
            deliverDrops()
        default:
            break
        }
    }

    /// Drops what the desktop dropped at the pointer, as a drag from outside the app.
    private func deliverDrops() {
        let providers = pendingDrops
        pendingDrops = []
        guard !providers.isEmpty else { return }
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetMouseState(&x, &y)
        screen.drop(providers, at: point(x, y))
    }

    /// SDL's id for mouse events it makes from touch-screen fingers (handled as fingers).
    private var touchMouseID: UInt32 { UInt32.max }

    private func point(_ x: Int32, _ y: Int32) -> CGPoint {
        CGPoint(x: CGFloat(x) / screen.scale, y: CGFloat(y) / screen.scale)
    }

    func mouseDown(at p: CGPoint, pinch: Bool) {
        if input.gesture != nil { mouseUp(at: p) }
        if pinch {
            let a = input.newID(), b = input.newID()
            let (pa, pb) = MouseFingers.pinchFingers(anchor: p, pointer: p)
            input.gesture = .pinch(first: a, second: b, anchor: p)
            screen.sendTouches([TouchInput(id: a, phase: .began, location: pa), TouchInput(id: b, phase: .began, location: pb)])
        } else {
            let id = input.newID()
            input.gesture = .finger(id: id)
            screen.sendTouches([TouchInput(id: id, phase: .began, location: p)])
        }
    }

    func mouseMoved(to p: CGPoint) {
        sendMouse(p, phase: .moved)
    }

    func mouseUp(at p: CGPoint) {
        sendMouse(p, phase: .ended)
        input.gesture = nil
    }

    private func sendMouse(_ p: CGPoint, phase: UITouch.Phase) {
        switch input.gesture {
        case .finger(let id)?:
            screen.sendTouches([TouchInput(id: id, phase: phase, location: p)])
        case .pinch(let a, let b, let anchor)?:
            let (pa, pb) = MouseFingers.pinchFingers(anchor: anchor, pointer: p)
            screen.sendTouches([TouchInput(id: a, phase: phase, location: pa), TouchInput(id: b, phase: phase, location: pb)])
        case nil:
            break
        }
    }

    private func screenFinger(_ finger: SDL_TouchFingerEvent, type: SDL_EventType) {
        // Touch-screen coordinates are normalized to the window.
        let p = CGPoint(x: CGFloat(finger.x) * screen.size.width, y: CGFloat(finger.y) * screen.size.height)
        switch type {
        case SDL_FINGERDOWN:
            let id = input.newID()
            input.screenFingers[finger.fingerId] = id
            screen.sendTouches([TouchInput(id: id, phase: .began, location: p)])
        case SDL_FINGERMOTION:
            guard let id = input.screenFingers[finger.fingerId] else { return }
            screen.sendTouches([TouchInput(id: id, phase: .moved, location: p)])
        default:
            guard let id = input.screenFingers.removeValue(forKey: finger.fingerId) else { return }
            screen.sendTouches([TouchInput(id: id, phase: .ended, location: p)])
        }
    }

    private func key(_ keysym: SDL_Keysym) {
        let ctrl = UInt32(keysym.mod) & KMOD_CTRL.rawValue != 0
        let scancode = Int(keysym.scancode.rawValue)
        if ctrl, let command = HostCommand(scancode: scancode) {
            perform(command)
            return
        }
        // SDL's scancodes are USB HID usages, as UIKit's key codes are.
        guard let usage = UIKeyboardHIDUsage(rawValue: scancode) else { return }
        let code = Int(keysym.sym)
        let flags = Self.modifierFlags(UInt32(keysym.mod))
        var characters = (0x20 ..< 0x7F).contains(code) ? String(UnicodeScalar(UInt8(code))) : ""
        // While a text input is first responder its text comes from SDL_TEXTINPUT (which
        // knows the layout and the input method), so the press carries only shortcuts.
        if screen.firstResponderTextInput != nil, flags.isDisjoint(with: [.command, .control]) { characters = "" }
        screen.pressKey(usage, characters: characters, modifierFlags: flags)
    }

    static func modifierFlags(_ mod: UInt32) -> UIKeyModifierFlags {
        var flags: UIKeyModifierFlags = []
        if mod & KMOD_SHIFT.rawValue != 0 { flags.insert(.shift) }
        if mod & KMOD_CTRL.rawValue != 0 { flags.insert(.control) }
        if mod & KMOD_ALT.rawValue != 0 { flags.insert(.alternate) }
        if mod & KMOD_GUI.rawValue != 0 { flags.insert(.command) }
        if mod & KMOD_CAPS.rawValue != 0 { flags.insert(.alphaShift) }
        return flags
    }

    /// The UTF-8 text of an SDL text event's fixed-size buffer.
    static func string<T>(fromEventText buffer: T) -> String {
        withUnsafeBytes(of: buffer) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// What Ctrl with a key does to the host rather than the app.
    enum HostCommand {
        case rotate, colorBlendedLayers, frameStatistics, appearance, textSize, quit

        init?(scancode: Int) {
            switch UIKeyboardHIDUsage(rawValue: scancode) {
            case .keyboardR?: self = .rotate
            case .keyboardB?: self = .colorBlendedLayers
            case .keyboardF?: self = .frameStatistics
            case .keyboardD?: self = .appearance
            case .keyboardT?: self = .textSize
            case .keyboardQ?: self = .quit
            default: return nil
            }
        }
    }

    /// Carries out a host command (also callable from code).
    func perform(_ command: HostCommand) {
        switch command {
        case .rotate:
            screen.rotate(to: screen.interfaceOrientation.isLandscape ? .portrait : .landscapeLeft)
        case .colorBlendedLayers:
            screen.colorsBlendedLayers.toggle()
        case .frameStatistics:
            screen.showsFrameStatistics.toggle()
        case .appearance:
            screen.userInterfaceStyle = screen.userInterfaceStyle == .dark ? .light : .dark
        case .textSize:
            // Larger text in steps, then back to the smallest and the default.
            let steps: [UIContentSizeCategory] = [.large, .extraExtraExtraLarge, .accessibilityLarge,
                                                  .accessibilityExtraExtraExtraLarge, .extraSmall]
            let next = ((steps.firstIndex(of: screen.preferredContentSizeCategory) ?? -1) + 1) % steps.count
            screen.preferredContentSizeCategory = steps[next]
        case .quit:
            stop()
        }
    }
}
