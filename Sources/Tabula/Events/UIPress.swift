import Foundation

/// A key on a hardware keyboard, by its USB HID usage (the values UIKit uses).
public enum UIKeyboardHIDUsage: Int, Sendable {
    case keyboardReturnOrEnter = 0x28
    case keyboardEscape = 0x29
    case keyboardDeleteOrBackspace = 0x2A
    case keyboardTab = 0x2B
    case keyboardSpacebar = 0x2C
    case keyboardRightArrow = 0x4F
    case keyboardLeftArrow = 0x50
    case keyboardDownArrow = 0x51
    case keyboardUpArrow = 0x52
    case keyboardR = 0x15
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
