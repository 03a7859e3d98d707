import Foundation

/// The kind of keyboard a text input asks for. Tabula's software keyboard shows letters
/// for every type but the number and phone pads, which show digits; the others are
/// accepted for compatibility.
public enum UIKeyboardType: Int, Sendable {
    /// The default keyboard for the current input method.
    case `default` = 0
    /// Letters and punctuation, ASCII only.
    case asciiCapable = 1
    /// Numbers and punctuation.
    case numbersAndPunctuation = 2
    /// A keyboard for URLs.
    case URL = 3
    /// The digits 0–9 only.
    case numberPad = 4
    /// A telephone keypad.
    case phonePad = 5
    /// A keypad for a person's name or phone number.
    case namePhonePad = 6
    /// A keyboard for email addresses.
    case emailAddress = 7
    /// Digits and a decimal point.
    case decimalPad = 8
    /// A keyboard for Twitter text entry.
    case twitter = 9
    /// A keyboard for web search terms.
    case webSearch = 10
    /// Digits, ASCII only.
    case asciiCapableNumberPad = 11
}

/// The title of the keyboard's return key.
public enum UIReturnKeyType: Int, Sendable {
    /// "return".
    case `default` = 0
    /// "Go".
    case go = 1
    /// "Google".
    case google = 2
    /// "Join".
    case join = 3
    /// "Next".
    case next = 4
    /// "Route".
    case route = 5
    /// "Search".
    case search = 6
    /// "Send".
    case send = 7
    /// "Yahoo".
    case yahoo = 8
    /// "Done".
    case done = 9
    /// "Emergency Call".
    case emergencyCall = 10
    /// "Continue".
    case `continue` = 11

    /// The key's label on the software keyboard.
    var title: String {
        switch self {
        case .default: "return"
        case .go: "go"
        case .google, .yahoo, .search: "search"
        case .join: "join"
        case .next: "next"
        case .route: "route"
        case .send: "send"
        case .done: "done"
        case .emergencyCall: "Emergency"
        case .continue: "continue"
        }
    }
}

/// When the keyboard's shift turns on by itself.
public enum UITextAutocapitalizationType: Int, Sendable {
    /// Never.
    case none = 0
    /// At the start of each word.
    case words = 1
    /// At the start of each sentence.
    case sentences = 2
    /// Always.
    case allCharacters = 3
}

/// Whether autocorrection is on (accepted; Tabula corrects nothing).
public enum UITextAutocorrectionType: Int, Sendable {
    /// The system's choice.
    case `default` = 0
    /// Off.
    case no = 1
    /// On.
    case yes = 2
}

/// Whether spell checking is on (accepted; Tabula checks nothing).
public enum UITextSpellCheckingType: Int, Sendable {
    /// The system's choice.
    case `default` = 0
    /// Off.
    case no = 1
    /// On.
    case yes = 2
}

/// The keyboard's appearance (accepted; Tabula's keyboard is light).
public enum UIKeyboardAppearance: Int, Sendable {
    /// The system's choice.
    case `default` = 0
    /// Dark.
    case dark = 1
    /// Light.
    case light = 2
}

/// What kind of content a text input expects (for AutoFill on iOS; accepted here).
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    /// The identifier.
    public let rawValue: String
    /// A content type named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A person's full name.
    public static let name = UITextContentType(rawValue: "name")
    /// An email address.
    public static let emailAddress = UITextContentType(rawValue: "email")
    /// A phone number.
    public static let telephoneNumber = UITextContentType(rawValue: "tel")
    /// A user name.
    public static let username = UITextContentType(rawValue: "username")
    /// A password.
    public static let password = UITextContentType(rawValue: "password")
    /// A new password.
    public static let newPassword = UITextContentType(rawValue: "new-password")
    /// A one-time code.
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
    /// A URL.
    public static let URL = UITextContentType(rawValue: "url")
    /// A full street address.
    public static let fullStreetAddress = UITextContentType(rawValue: "street-address")
}

/// How a text input wants the keyboard to behave. Every member has a default, as
/// UIKit's optional protocol members do.
@preconcurrency @MainActor
public protocol UITextInputTraits: AnyObject {
    /// The keyboard to show.
    var keyboardType: UIKeyboardType { get set }
    /// The return key's title.
    var returnKeyType: UIReturnKeyType { get set }
    /// When the shift turns on by itself.
    var autocapitalizationType: UITextAutocapitalizationType { get set }
    /// Whether to autocorrect.
    var autocorrectionType: UITextAutocorrectionType { get set }
    /// Whether to check spelling.
    var spellCheckingType: UITextSpellCheckingType { get set }
    /// The keyboard's appearance.
    var keyboardAppearance: UIKeyboardAppearance { get set }
    /// Whether the return key is disabled while there is no text.
    var enablesReturnKeyAutomatically: Bool { get set }
    /// Whether the text is hidden as it is typed (passwords).
    var isSecureTextEntry: Bool { get set }
    /// The kind of content expected.
    var textContentType: UITextContentType! { get set }
}

/// A responder that takes typed text: the software keyboard and a hardware keyboard
/// insert and delete through it.
@preconcurrency @MainActor
public protocol UIKeyInput: UITextInputTraits {
    /// Whether there is any text.
    var hasText: Bool { get }
    /// Inserts `text` at the caret, replacing the selection.
    func insertText(_ text: String)
    /// Deletes the selection, or the character before the caret.
    func deleteBackward()
}

/// The defaults of the traits a text input leaves out (UIKit's members are optional):
/// reading gives the default, setting is ignored.
extension UITextInputTraits {
    /// `.default`.
    public var keyboardType: UIKeyboardType { get { .default } set {} }
    /// `.default`.
    public var returnKeyType: UIReturnKeyType { get { .default } set {} }
    /// `.sentences`.
    public var autocapitalizationType: UITextAutocapitalizationType { get { .sentences } set {} }
    /// `.default`.
    public var autocorrectionType: UITextAutocorrectionType { get { .default } set {} }
    /// `.default`.
    public var spellCheckingType: UITextSpellCheckingType { get { .default } set {} }
    /// `.default`.
    public var keyboardAppearance: UIKeyboardAppearance { get { .default } set {} }
    /// `false`.
    public var enablesReturnKeyAutomatically: Bool { get { false } set {} }
    /// `false`.
    public var isSecureTextEntry: Bool { get { false } set {} }
    /// nil.
    public var textContentType: UITextContentType! { get { nil } set {} }
}
