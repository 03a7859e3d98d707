import CPangoCairo
import Foundation

extension TextLayout {
    /// The most characters a word may have for text to wrap at words; text with a longer
    /// word wraps at characters everywhere (as ``LineBreakMode/byCharWrapping``).
    ///
    /// Pango wraps a word too wide for its line by laying the rest of the word out again
    /// for each line it fills, in time growing with the square of the word's length: a
    /// label showing a 16,000-character token (base64, a hash, a minified file) took 1.6 s
    /// to lay out, 32,000 characters over 6 s, on the main thread. Wrapped at characters,
    /// the same lines take 0.04 s. A word of 1,000 characters costs about 7 ms wrapped at
    /// words. No word of a language is this long; such a word is broken at characters
    /// anyway, and only the line ends of the other words in the same text may differ from
    /// UIKit's.
    static let longestWordWrappedAtWords = 1000

    /// Whether `text` has more than `limit` characters in a row with no place to break a
    /// line between them (Unicode's line-breaking rules, as Pango applies them: a
    /// Chinese or Japanese sentence may break between any two ideographs).
    static func hasWord(longerThan limit: Int, in text: String) -> Bool {
        // Fewer bytes than the limit: fewer characters too.
        let bytes = text.utf8.count
        guard bytes > limit, bytes < Int(Int32.max) else { return false }
        // Ordinary text has a space or a line break well within every `limit` bytes, and a
        // word has no more characters than bytes: that much is told without Pango, in one
        // pass over the bytes (a long paragraph being typed into is laid out again at
        // every key).
        var sinceSpace = 0, longStretch = false
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                sinceSpace = 0
            } else {
                sinceSpace += 1
                if sinceSpace > limit { longStretch = true; break }
            }
        }
        guard longStretch else { return false }
        var characters = 0
        for _ in text.unicodeScalars { characters += 1 }
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: characters + 1)
        pango_get_log_attrs(text, Int32(bytes), -1, pango_language_get_default(), &attributes, Int32(attributes.count))
        var stretch = 0
        for attribute in attributes.dropLast() {
            if attribute.is_line_break != 0 || attribute.is_white != 0 {
                stretch = 0
            } else {
                stretch += 1
                if stretch > limit { return true }
            }
        }
        return false
    }
}
