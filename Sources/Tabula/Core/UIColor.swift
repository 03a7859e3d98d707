/// An immutable colour with UIKit's names, backed by an sRGB `Color`.
///
/// The system colours are the light-appearance values of Apple's current palette.
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
    /// The colour as a value, for layers and drawing.
    public let cgColor: CGColor

    /// A colour wrapping `cgColor`.
    public init(cgColor: CGColor) { self.cgColor = cgColor }

    /// A colour from sRGB components and an alpha, each clamped to 0…1 (UIKit's extended range is not supported).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: Color(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha)))
    }

    /// A grey with red, green and blue all `white`, each clamped to 0…1.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: Color(white: Double(white), alpha: Double(alpha)))
    }

    /// A colour from a `0xRRGGBB` value (a convenience UIKit lacks).
    public convenience init(rgb: UInt32, alpha: CGFloat = 1) {
        self.init(cgColor: Color(rgb: rgb, alpha: Double(alpha)))
    }

    /// Reads the components; always succeeds, since every colour here is RGB.
    @discardableResult
    public func getRed(_ red: inout CGFloat, green: inout CGFloat, blue: inout CGFloat, alpha: inout CGFloat) -> Bool {
        (red, green, blue, alpha) = (CGFloat(cgColor.red), CGFloat(cgColor.green), CGFloat(cgColor.blue), CGFloat(cgColor.alpha))
        return true
    }

    /// Reads the brightness as a grey level (Rec. 709 luma) and alpha.
    @discardableResult
    public func getWhite(_ white: inout CGFloat, alpha: inout CGFloat) -> Bool {
        white = CGFloat(0.2126 * cgColor.red + 0.7152 * cgColor.green + 0.0722 * cgColor.blue)
        alpha = CGFloat(cgColor.alpha)
        return true
    }

    /// The same colour with its alpha replaced by `alpha` (clamped to 0…1).
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(cgColor: cgColor.withAlpha(Double(alpha)))
    }

    /// Whether the two colours have equal components.
    public static func == (a: UIColor, b: UIColor) -> Bool { a.cgColor == b.cgColor }
    /// Hashes the components, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(cgColor) }
    /// The colour's components, for debugging.
    public var description: String { "UIColor(\(cgColor))" }

    // MARK: Fixed colours

    /// Black: 0 white.
    public static let black = UIColor(white: 0, alpha: 1)
    /// A dark gray, 1/3 white.
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    /// A light gray, 2/3 white.
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    /// White: 1 white.
    public static let white = UIColor(white: 1, alpha: 1)
    /// A mid gray, 0.5 white.
    public static let gray = UIColor(white: 0.5, alpha: 1)
    /// Red: RGB (1, 0, 0).
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    /// Green: RGB (0, 1, 0).
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// Blue: RGB (0, 0, 1).
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// Cyan: RGB (0, 1, 1).
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    /// Yellow: RGB (1, 1, 0).
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    /// Magenta: RGB (1, 0, 1).
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    /// Orange: RGB (1, 0.5, 0).
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    /// Purple: RGB (0.5, 0, 0.5).
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    /// Brown: RGB (0.6, 0.4, 0.2).
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    /// Fully transparent: 0 white, alpha 0.
    public static let clear = UIColor(white: 0, alpha: 0)

    // MARK: System colours (light appearance)

    /// The system red, #FF3B30.
    public static let systemRed = UIColor(rgb: 0xFF3B30)
    /// The system orange, #FF9500.
    public static let systemOrange = UIColor(rgb: 0xFF9500)
    /// The system yellow, #FFCC00.
    public static let systemYellow = UIColor(rgb: 0xFFCC00)
    /// The system green, #34C759.
    public static let systemGreen = UIColor(rgb: 0x34C759)
    /// The system mint, #00C7BE.
    public static let systemMint = UIColor(rgb: 0x00C7BE)
    /// The system teal, #30B0C7.
    public static let systemTeal = UIColor(rgb: 0x30B0C7)
    /// The system cyan, #32ADE6.
    public static let systemCyan = UIColor(rgb: 0x32ADE6)
    /// The system blue, #007AFF: the default tint.
    public static let systemBlue = UIColor(rgb: 0x007AFF)
    /// The system indigo, #5856D6.
    public static let systemIndigo = UIColor(rgb: 0x5856D6)
    /// The system purple, #AF52DE.
    public static let systemPurple = UIColor(rgb: 0xAF52DE)
    /// The system pink, #FF2D55.
    public static let systemPink = UIColor(rgb: 0xFF2D55)
    /// The system brown, #A2845E.
    public static let systemBrown = UIColor(rgb: 0xA2845E)
    /// The system gray, #8E8E93.
    public static let systemGray = UIColor(rgb: 0x8E8E93)
    /// The second system gray, #AEAEB2.
    public static let systemGray2 = UIColor(rgb: 0xAEAEB2)
    /// The third system gray, #C7C7CC.
    public static let systemGray3 = UIColor(rgb: 0xC7C7CC)
    /// The fourth system gray, #D1D1D6.
    public static let systemGray4 = UIColor(rgb: 0xD1D1D6)
    /// The fifth system gray, #E5E5EA.
    public static let systemGray5 = UIColor(rgb: 0xE5E5EA)
    /// The sixth and lightest system gray, #F2F2F7.
    public static let systemGray6 = UIColor(rgb: 0xF2F2F7)

    /// The colour of primary text: black, #000000.
    public static let label = UIColor(rgb: 0x000000)
    /// The colour of secondary text (a cell's detail text): RGB (60, 60, 67)/255 at alpha 0.6.
    public static let secondaryLabel = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6)
    /// The colour of tertiary text: RGB (60, 60, 67)/255 at alpha 0.3.
    public static let tertiaryLabel = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.3)
    /// The colour of placeholder text: the same as ``tertiaryLabel``.
    public static let placeholderText = tertiaryLabel
    /// The colour of links: the same as ``systemBlue``.
    public static let link = systemBlue
    /// The colour of separator lines, letting the content show through: RGB (60, 60, 67)/255 at alpha 0.29.
    public static let separator = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.29)
    /// The colour of separator lines that hide the content below: #C6C6C8.
    public static let opaqueSeparator = UIColor(rgb: 0xC6C6C8)
    /// The background of a plain view or table: ``white``.
    public static let systemBackground = white
    /// The background of content layered on ``systemBackground``: ``systemGray6``, #F2F2F7.
    public static let secondarySystemBackground = systemGray6
    /// The background of a grouped table: ``systemGray6``, #F2F2F7.
    public static let systemGroupedBackground = systemGray6
    /// The background of the cells of a grouped table: ``white``.
    public static let secondarySystemGroupedBackground = white
    /// The fill of thin and small shapes: RGB (120, 120, 128)/255 at alpha 0.2.
    public static let systemFill = UIColor(red: 120.0 / 255, green: 120.0 / 255, blue: 128.0 / 255, alpha: 0.2)
    /// The default tint of controls and accessories: the same as ``systemBlue``.
    public static let tintColor = systemBlue
}

/// Lets animations take a `UIColor` wherever they take a colour (`fromValue`, `values`).
extension UIColor: CGColorConvertible {}
