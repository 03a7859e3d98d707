/// What an accessibility element is and what state it is in, as VoiceOver announces it.
///
/// Combine traits that apply together: a selected segment is `[.button, .selected]`, a
/// disabled button `[.button, .notEnabled]`.
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt64

    /// Creates a set from its bits.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// No traits.
    public static let none: UIAccessibilityTraits = []
    /// The element acts as a button.
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    /// The element opens a link.
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    /// The element is a header that starts a section of content.
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    /// The element is a search field.
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    /// The element is an image.
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    /// The element is selected (a selected row, the chosen segment).
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    /// The element plays its own sound when activated.
    public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
    /// The element is a key of a keyboard.
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
    /// The element is text that does not change.
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    /// The element summarizes the app's state when it starts.
    public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
    /// The element is disabled and does not respond.
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    /// The element's label or value changes often.
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    /// Activating the element starts a media session; VoiceOver stays quiet.
    public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
    /// The element's value moves up and down (``UIView/accessibilityIncrement()``).
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    /// The element takes touches directly (a drawing canvas, a piano).
    public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
    /// The element turns the page when VoiceOver finishes reading it.
    public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
    /// The element is a tab bar.
    public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 15)
}

extension UIAccessibilityTraits: CustomStringConvertible {
    static let names: [(UIAccessibilityTraits, String)] = [
        (.button, "button"), (.link, "link"), (.header, "header"), (.searchField, "searchField"),
        (.image, "image"), (.selected, "selected"), (.playsSound, "playsSound"), (.keyboardKey, "keyboardKey"),
        (.staticText, "staticText"), (.summaryElement, "summaryElement"), (.notEnabled, "notEnabled"),
        (.updatesFrequently, "updatesFrequently"), (.startsMediaSession, "startsMediaSession"),
        (.adjustable, "adjustable"), (.allowsDirectInteraction, "allowsDirectInteraction"),
        (.causesPageTurn, "causesPageTurn"), (.tabBar, "tabBar"),
    ]

    /// The traits' names, as in `[button, selected]`.
    public var description: String {
        "[" + Self.names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}
