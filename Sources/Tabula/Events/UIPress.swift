import Foundation

/// A key on a hardware keyboard, by its USB HID usage (the values UIKit uses; SDL's
/// scancodes are the same numbers). The letters, digits, editing and arrow keys.
public enum UIKeyboardHIDUsage: Int, Sendable, CaseIterable {
    case keyboardA = 0x04
    case keyboardB = 0x05
    case keyboardC = 0x06
    case keyboardD = 0x07
    case keyboardE = 0x08
    case keyboardF = 0x09
    case keyboardG = 0x0A
    case keyboardH = 0x0B
    case keyboardI = 0x0C
    case keyboardJ = 0x0D
    case keyboardK = 0x0E
    case keyboardL = 0x0F
    case keyboardM = 0x10
    case keyboardN = 0x11
    case keyboardO = 0x12
    case keyboardP = 0x13
    case keyboardQ = 0x14
    case keyboardR = 0x15
    case keyboardS = 0x16
    case keyboardT = 0x17
    case keyboardU = 0x18
    case keyboardV = 0x19
    case keyboardW = 0x1A
    case keyboardX = 0x1B
    case keyboardY = 0x1C
    case keyboardZ = 0x1D
    case keyboard1 = 0x1E
    case keyboard2 = 0x1F
    case keyboard3 = 0x20
    case keyboard4 = 0x21
    case keyboard5 = 0x22
    case keyboard6 = 0x23
    case keyboard7 = 0x24
    case keyboard8 = 0x25
    case keyboard9 = 0x26
    case keyboard0 = 0x27
    case keyboardReturnOrEnter = 0x28
    case keyboardEscape = 0x29
    case keyboardDeleteOrBackspace = 0x2A
    case keyboardTab = 0x2B
    case keyboardSpacebar = 0x2C
    case keyboardHome = 0x4A
    case keyboardPageUp = 0x4B
    case keyboardDeleteForward = 0x4C
    case keyboardEnd = 0x4D
    case keyboardPageDown = 0x4E
    case keyboardRightArrow = 0x4F
    case keyboardLeftArrow = 0x50
    case keyboardDownArrow = 0x51
    case keyboardUpArrow = 0x52
}

/// A key as the keyboard reports it.
public struct UIKey: Sendable, Hashable {
    public let keyCode: UIKeyboardHIDUsage
    /// The text the key types ("" for arrows and other function keys).
    public let characters: String

    public init(keyCode: UIKeyboardHIDUsage, characters: String = "") {
        self.keyCode = keyCode
        self.characters = characters
    }
}

/// One key press, delivered to the first responder and up the responder chain
/// (``UIResponder/pressesBegan(_:with:)``).
@MainActor
public final class UIPress: Hashable {
    public enum Phase: Int, Sendable { case began, changed, stationary, ended, cancelled }
    public internal(set) var phase: Phase
    public let key: UIKey?
    public internal(set) var timestamp: TimeInterval

    init(key: UIKey, phase: Phase, timestamp: TimeInterval) {
        self.key = key
        self.phase = phase
        self.timestamp = timestamp
    }

    public nonisolated static func == (a: UIPress, b: UIPress) -> Bool { a === b }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The presses of one key event.
@MainActor
public final class UIPressesEvent: UIEvent {
    public let allPresses: Set<UIPress>

    init(presses: Set<UIPress>, timestamp: TimeInterval) {
        allPresses = presses
        super.init(type: .presses, timestamp: timestamp)
    }
}
