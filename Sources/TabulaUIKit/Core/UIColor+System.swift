// The fixed and system colours. System colours are dynamic: light values first, then
// dark, from Apple's documented palette (iOS 15–17 values for mint, teal and cyan).

extension UIColor {
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
    /// The colour of text on a light background: black (a fixed colour, not adapting to dark mode).
    public static let darkText = UIColor(white: 0, alpha: 1)
    /// The colour of text on a dark background: white at 60 % opacity (fixed).
    public static let lightText = UIColor(white: 1, alpha: 0.6)
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

    // MARK: Adaptable system colours

    // The twelve colours below and the six grays are the iOS values of the Human Interface
    // Guidelines' colour tables ("iOS, iPadOS system colors" and "… system gray colors",
    // Default light and dark) at https://developer.apple.com/design/human-interface-guidelines/color
    // as published from 2023 until its 9 June 2025 update; that update gave the twelve colours
    // new iOS 26 values (blue 0, 136, 255 for one) and left the grays as they are. Tabula keeps
    // the iOS 17 values. The label, separator, background and fill colours further down are in
    // no Apple table and were not checked against one.

    /// The system red: #FF3B30 light, #FF453A dark.
    public static let systemRed = appearance(light: 0xFF3B30, dark: 0xFF453A)
    /// The system orange: #FF9500 light, #FF9F0A dark.
    public static let systemOrange = appearance(light: 0xFF9500, dark: 0xFF9F0A)
    /// The system yellow: #FFCC00 light, #FFD60A dark.
    public static let systemYellow = appearance(light: 0xFFCC00, dark: 0xFFD60A)
    /// The system green: #34C759 light, #30D158 dark.
    public static let systemGreen = appearance(light: 0x34C759, dark: 0x30D158)
    /// The system mint: #00C7BE light, #66D4CF dark.
    public static let systemMint = appearance(light: 0x00C7BE, dark: 0x66D4CF)
    /// The system teal: #30B0C7 light, #40C8E0 dark.
    public static let systemTeal = appearance(light: 0x30B0C7, dark: 0x40C8E0)
    /// The system cyan: #32ADE6 light, #64D2FF dark.
    public static let systemCyan = appearance(light: 0x32ADE6, dark: 0x64D2FF)
    /// The system blue, the default tint: #007AFF light, #0A84FF dark.
    public static let systemBlue = appearance(light: 0x007AFF, dark: 0x0A84FF)
    /// The system indigo: #5856D6 light, #5E5CE6 dark.
    public static let systemIndigo = appearance(light: 0x5856D6, dark: 0x5E5CE6)
    /// The system purple: #AF52DE light, #BF5AF2 dark.
    public static let systemPurple = appearance(light: 0xAF52DE, dark: 0xBF5AF2)
    /// The system pink: #FF2D55 light, #FF375F dark.
    public static let systemPink = appearance(light: 0xFF2D55, dark: 0xFF375F)
    /// The system brown: #A5845E light, #AC8E68 dark.
    public static let systemBrown = appearance(light: 0xA5845E, dark: 0xAC8E68)

    // MARK: Adaptable grays

    /// The system gray: #8E8E93 in both appearances.
    public static let systemGray = appearance(light: 0x8E8E93, dark: 0x8E8E93)
    /// The second system gray: #AEAEB2 light, #636366 dark.
    public static let systemGray2 = appearance(light: 0xAEAEB2, dark: 0x636366)
    /// The third system gray: #C7C7CC light, #48484A dark.
    public static let systemGray3 = appearance(light: 0xC7C7CC, dark: 0x48484A)
    /// The fourth system gray: #D1D1D6 light, #3A3A3C dark.
    public static let systemGray4 = appearance(light: 0xD1D1D6, dark: 0x3A3A3C)
    /// The fifth system gray: #E5E5EA light, #2C2C2E dark.
    public static let systemGray5 = appearance(light: 0xE5E5EA, dark: 0x2C2C2E)
    /// The sixth system gray, closest to the background: #F2F2F7 light, #1C1C1E dark.
    public static let systemGray6 = appearance(light: 0xF2F2F7, dark: 0x1C1C1E)

    // MARK: Text

    /// The colour of primary text: black light, white dark.
    public static let label = appearance(light: 0x000000, dark: 0xFFFFFF)
    /// The colour of secondary text (a cell's detail text): RGB (60, 60, 67) at alpha 0.6
    /// light, RGB (235, 235, 245) at alpha 0.6 dark.
    public static let secondaryLabel = appearance(light: rgb255(60, 60, 67, 0.6), dark: rgb255(235, 235, 245, 0.6))
    /// The colour of tertiary text: RGB (60, 60, 67) at alpha 0.3 light, RGB (235, 235, 245) at alpha 0.3 dark.
    public static let tertiaryLabel = appearance(light: rgb255(60, 60, 67, 0.3), dark: rgb255(235, 235, 245, 0.3))
    /// The colour of quaternary text: RGB (60, 60, 67) at alpha 0.18 light, RGB (235, 235, 245) at alpha 0.16 dark.
    public static let quaternaryLabel = appearance(light: rgb255(60, 60, 67, 0.18), dark: rgb255(235, 235, 245, 0.16))
    /// The colour of placeholder text: RGB (60, 60, 67) at alpha 0.3 light, RGB (235, 235, 245) at alpha 0.3 dark.
    public static let placeholderText = appearance(light: rgb255(60, 60, 67, 0.3), dark: rgb255(235, 235, 245, 0.3))
    /// The colour of links: #007AFF light, #0984FF dark.
    public static let link = appearance(light: 0x007AFF, dark: 0x0984FF)

    // MARK: Separators

    /// The colour of separator lines, letting the content show through: RGB (60, 60, 67)
    /// at alpha 0.29 light, RGB (84, 84, 88) at alpha 0.6 dark.
    public static let separator = appearance(light: rgb255(60, 60, 67, 0.29), dark: rgb255(84, 84, 88, 0.6))
    /// The colour of separator lines that hide the content below: #C6C6C8 light, #38383A dark.
    public static let opaqueSeparator = appearance(light: 0xC6C6C8, dark: 0x38383A)

    // MARK: Backgrounds

    /// The background of a plain view or table: white light, black dark.
    public static let systemBackground = appearance(light: 0xFFFFFF, dark: 0x000000)
    /// The background of content layered on ``systemBackground``: #F2F2F7 light, #1C1C1E dark.
    public static let secondarySystemBackground = appearance(light: 0xF2F2F7, dark: 0x1C1C1E)
    /// The background of content layered on ``secondarySystemBackground``: white light, #2C2C2E dark.
    public static let tertiarySystemBackground = appearance(light: 0xFFFFFF, dark: 0x2C2C2E)
    /// The background of a grouped table: #F2F2F7 light, black dark.
    public static let systemGroupedBackground = appearance(light: 0xF2F2F7, dark: 0x000000)
    /// The grouped table background before iOS 13; use ``systemGroupedBackground``.
    @available(iOS, deprecated: 13.0, renamed: "systemGroupedBackground")
    public static var groupTableViewBackground: UIColor { systemGroupedBackground }
    /// The background of the cells of a grouped table: white light, #1C1C1E dark.
    public static let secondarySystemGroupedBackground = appearance(light: 0xFFFFFF, dark: 0x1C1C1E)
    /// The background of content inside grouped cells: #F2F2F7 light, #2C2C2E dark.
    public static let tertiarySystemGroupedBackground = appearance(light: 0xF2F2F7, dark: 0x2C2C2E)

    // MARK: Fills

    /// The fill of thin and small shapes (a slider's track): RGB (120, 120, 128) at
    /// alpha 0.2 light, 0.36 dark.
    public static let systemFill = appearance(light: rgb255(120, 120, 128, 0.2), dark: rgb255(120, 120, 128, 0.36))
    /// The fill of medium shapes (a switch's track): RGB (120, 120, 128) at alpha 0.16 light, 0.32 dark.
    public static let secondarySystemFill = appearance(light: rgb255(120, 120, 128, 0.16),
                                                       dark: rgb255(120, 120, 128, 0.32))
    /// The fill of large shapes (a text field): RGB (118, 118, 128) at alpha 0.12 light, 0.24 dark.
    public static let tertiarySystemFill = appearance(light: rgb255(118, 118, 128, 0.12),
                                                      dark: rgb255(118, 118, 128, 0.24))
    /// The fill of large areas holding complex content: RGB (116, 116, 128) at alpha 0.08
    /// light, RGB (118, 118, 128) at alpha 0.18 dark.
    public static let quaternarySystemFill = appearance(light: rgb255(116, 116, 128, 0.08),
                                                        dark: rgb255(118, 118, 128, 0.18))

    /// The default tint of controls and accessories: the same as ``systemBlue``
    /// (UIKit resolves it to the tint of the view drawing; Tabula to system blue).
    public static let tintColor = systemBlue
}
