import Foundation
import TabulaUIKit

/// Groups objects into alphabetical sections and sorts them, by the rules of a locale,
/// as WWDC 2009, Perfecting Your iPhone Table Views describes: ask for the section titles, put each object in
/// `section(for:collationStringSelector:)`, then sort each section with
/// `sortedArray(from:collationStringSelector:)`.
///
/// Objective-C's selector becomes a key path or a closure giving the string to collate.
/// English gives A–Z then "#"; Swedish adds Å, Ä and Ö after Z; German sorts Ä with A.
/// Sorting uses the locale's collation (ICU), case- and width-insensitive.
@preconcurrency @MainActor
public final class UILocalizedIndexedCollation {
    /// The locale whose rules apply.
    public let locale: Locale
    /// The section titles, in order (the last is "#" for everything else).
    public let sectionTitles: [String]
    /// The titles for the table's index bar (the same as ``sectionTitles``).
    public var sectionIndexTitles: [String] { sectionTitles }
    /// Letters with their own section after Z, per language.
    private let extraLetters: [String]

    /// The collation for the current locale (`LANG`/`LC_ALL`, falling back to English).
    public static func current() -> UILocalizedIndexedCollation {
        UILocalizedIndexedCollation(locale: .current)
    }

    /// The collation for `locale` (Tabula's addition: UIKit has only the current one).
    public init(locale: Locale) {
        self.locale = locale
        let letters = (65 ... 90).map { String(UnicodeScalar($0)!) }
        switch locale.language.languageCode?.identifier {
        case "sv", "fi": extraLetters = ["Å", "Ä", "Ö"]
        case "da", "nb", "nn", "no": extraLetters = ["Æ", "Ø", "Å"]
        default: extraLetters = []
        }
        sectionTitles = letters + extraLetters + ["#"]
    }

    /// The section index the data source returns for an index title (the same position).
    public func section(forSectionIndexTitle indexTitleIndex: Int) -> Int { indexTitleIndex }

    /// The section `string` belongs in: its first letter's, or "#".
    public func section(for string: String) -> Int {
        guard let first = string.trimmingCharacters(in: .whitespaces).first else { return sectionTitles.count - 1 }
        let letter = String(first).uppercased(with: locale)
        if let i = extraLetters.firstIndex(of: letter) { return 26 + i }
        let folded = letter.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive],
                                    locale: locale).uppercased()
        if let scalar = folded.unicodeScalars.first, folded.unicodeScalars.count == 1,
           (65 ... 90).contains(scalar.value) {
            return Int(scalar.value) - 65
        }
        return sectionTitles.count - 1
    }

    /// The section of `object`, collated by the string at `keyPath`.
    public func section<T>(for object: T, collationStringSelector keyPath: KeyPath<T, String>) -> Int {
        section(for: object[keyPath: keyPath])
    }

    /// The section of `object`, collated by the string `key` gives.
    public func section<T>(for object: T, collationStringSelector key: (T) -> String) -> Int {
        section(for: key(object))
    }

    /// `array` sorted by the locale's rules on the string at `keyPath`.
    public func sortedArray<T>(from array: [T], collationStringSelector keyPath: KeyPath<T, String>) -> [T] {
        sortedArray(from: array) { $0[keyPath: keyPath] }
    }

    /// `array` sorted by the locale's rules on the string `key` gives (stable).
    public func sortedArray<T>(from array: [T], collationStringSelector key: (T) -> String) -> [T] {
        let locale = locale
        return array.enumerated().map { (key($0.element), $0.offset, $0.element) }.sorted { a, b in
            switch a.0.compare(b.0, options: [.caseInsensitive, .widthInsensitive], range: nil, locale: locale) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: a.1 < b.1
            }
        }.map(\.2)
    }
}
