import Foundation

/// A key on a hardware keyboard, by its USB HID usage (the values UIKit uses; SDL's
/// scancodes are the same numbers). The letters, digits, editing and arrow keys.
public enum UIKeyboardHIDUsage: Int, Sendable, CaseIterable {
    /// The A key.
    case keyboardA = 0x04
    /// The B key.
    case keyboardB = 0x05
    /// The C key.
    case keyboardC = 0x06
    /// The D key.
    case keyboardD = 0x07
    /// The E key.
    case keyboardE = 0x08
    /// The F key.
    case keyboardF = 0x09
    /// The G key.
    case keyboardG = 0x0A
    /// The H key.
    case keyboardH = 0x0B
    /// The I key.
    case keyboardI = 0x0C
    /// The J key.
    case keyboardJ = 0x0D
    /// The K key.
    case keyboardK = 0x0E
    /// The L key.
    case keyboardL = 0x0F
    /// The M key.
    case keyboardM = 0x10
    /// The N key.
    case keyboardN = 0x11
    /// The O key.
    case keyboardO = 0x12
    /// The P key.
    case keyboardP = 0x13
    /// The Q key.
    case keyboardQ = 0x14
    /// The R key.
    case keyboardR = 0x15
    /// The S key.
    case keyboardS = 0x16
    /// The T key.
    case keyboardT = 0x17
    /// The U key.
    case keyboardU = 0x18
    /// The V key.
    case keyboardV = 0x19
    /// The W key.
    case keyboardW = 0x1A
    /// The X key.
    case keyboardX = 0x1B
    /// The Y key.
    case keyboardY = 0x1C
    /// The Z key.
    case keyboardZ = 0x1D
    /// The 1 key.
    case keyboard1 = 0x1E
    /// The 2 key.
    case keyboard2 = 0x1F
    /// The 3 key.
    case keyboard3 = 0x20
    /// The 4 key.
    case keyboard4 = 0x21
    /// The 5 key.
    case keyboard5 = 0x22
    /// The 6 key.
    case keyboard6 = 0x23
    /// The 7 key.
    case keyboard7 = 0x24
    /// The 8 key.
    case keyboard8 = 0x25
    /// The 9 key.
    case keyboard9 = 0x26
    /// The 0 key.
    case keyboard0 = 0x27
    /// The Return (Enter) key.
    case keyboardReturnOrEnter = 0x28
    /// The Escape key.
    case keyboardEscape = 0x29
    /// The Delete (Backspace) key, which deletes backward.
    case keyboardDeleteOrBackspace = 0x2A
    /// The Tab key.
    case keyboardTab = 0x2B
    /// The space bar.
    case keyboardSpacebar = 0x2C
    /// The Home key.
    case keyboardHome = 0x4A
    /// The Page Up key.
    case keyboardPageUp = 0x4B
    /// The forward-delete key (Del).
    case keyboardDeleteForward = 0x4C
    /// The End key.
    case keyboardEnd = 0x4D
    /// The Page Down key.
    case keyboardPageDown = 0x4E
    /// The Right Arrow key.
    case keyboardRightArrow = 0x4F
    /// The Left Arrow key.
    case keyboardLeftArrow = 0x50
    /// The Down Arrow key.
    case keyboardDownArrow = 0x51
    /// The Up Arrow key.
    case keyboardUpArrow = 0x52
}

/// A key as the keyboard reports it.
public struct UIKey: Sendable, Hashable {
    /// The key's HID usage, which identifies the physical key whatever the keyboard layout.
    public let keyCode: UIKeyboardHIDUsage
    /// The text the key types ("" for arrows and other function keys).
    public let characters: String
    /// The text the key types without the modifiers (Tabula: the same as ``characters``).
    public var charactersIgnoringModifiers: String { characters }
    /// The modifier keys held while it was pressed (Shift, Control, Option, Command).
    public let modifierFlags: UIKeyModifierFlags

    /// Creates a key.
    /// - Parameters:
    ///   - keyCode: The physical key.
    ///   - characters: The text the key types; empty for keys that type none.
    ///   - modifierFlags: The modifier keys held.
    public init(keyCode: UIKeyboardHIDUsage, characters: String = "", modifierFlags: UIKeyModifierFlags = []) {
        self.keyCode = keyCode
        self.characters = characters
        self.modifierFlags = modifierFlags
    }
}

/// Modifier keys held with a key, as UIKit's flags (the same bit values).
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    /// The flags.
    public let rawValue: Int
    /// Flags from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Caps Lock is on.
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    /// Shift.
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    /// Control. On Linux, Control-C, -X, -V and -A also copy, cut, paste and select all.
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    /// Option (Alt).
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    /// Command (the Super key).
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    /// A key on the numeric keypad.
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}

/// One key press, delivered to the first responder and up the responder chain
/// (``UIResponder/pressesBegan(_:with:)``).
@preconcurrency @MainActor
public final class UIPress: Hashable {
    /// The stages of a key press.
    ///
    /// Tabula delivers a key's `began` and `ended` presses back to back, at the same
    /// time; `changed`, `stationary` and `cancelled` exist for UIKit compatibility only.
    public enum Phase: Int, Sendable { case began, changed, stationary, ended, cancelled }
    /// The press's current phase.
    public internal(set) var phase: Phase
    /// The key pressed.
    public let key: UIKey?
    /// When the press last changed, on the screen's (virtual) clock.
    public internal(set) var timestamp: TimeInterval

    init(key: UIKey, phase: Phase, timestamp: TimeInterval) {
        self.key = key
        self.phase = phase
        self.timestamp = timestamp
    }

    /// Whether `a` and `b` are the same press object (identity, as for UIKit's presses).
    public nonisolated static func == (a: UIPress, b: UIPress) -> Bool { a === b }
    /// Hashes the press's identity, so presses can be kept in sets.
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The presses of one key event.
@preconcurrency @MainActor
public final class UIPressesEvent: UIEvent {
    /// The presses this event carries; Tabula delivers one press per event.
    public let allPresses: Set<UIPress>

    init(presses: Set<UIPress>, timestamp: TimeInterval) {
        allPresses = presses
        super.init(type: .presses, timestamp: timestamp)
    }
}
