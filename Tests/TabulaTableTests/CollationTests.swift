import Foundation
import Testing
@testable import TabulaUIKit
@testable import TabulaTable

@Suite("UILocalizedIndexedCollation")
@MainActor
struct CollationTests {
    struct Person { let name: String }

    @Test("English: A–Z then #; Daniel Higgins sorts under H by his last name; accents fold")
    func english() {
        let c = UILocalizedIndexedCollation(locale: Locale(identifier: "en_US"))
        #expect(c.sectionTitles.count == 27 && c.sectionTitles.first == "A" && c.sectionTitles.last == "#")
        #expect(c.sectionIndexTitles == c.sectionTitles)
        #expect(c.section(for: Person(name: "Higgins"), collationStringSelector: \.name) == 7)
        #expect(c.section(for: "Émile") == 4)
        #expect(c.section(for: "Öberg") == 14)
        #expect(c.section(for: "42nd Street") == 26)
        #expect(c.section(for: "") == 26)
        let sorted = c.sortedArray(from: ["zorn", "Öberg", "adams", "Émile", "Åberg"].map(Person.init),
                                   collationStringSelector: \.name).map(\.name)
        #expect(sorted == ["Åberg", "adams", "Émile", "Öberg", "zorn"])
    }

    @Test("Swedish: Å, Ä and Ö are letters of their own after Z, in the section order and the sort")
    func swedish() {
        let c = UILocalizedIndexedCollation(locale: Locale(identifier: "sv_SE"))
        #expect(Array(c.sectionTitles.suffix(4)) == ["Å", "Ä", "Ö", "#"])
        #expect(c.section(for: "Öberg") == 28)
        #expect(c.section(for: "ångström") == 26)
        #expect(c.section(for: "Émile") == 4, "other accents still fold")
        let sorted = c.sortedArray(from: ["Öberg", "Zorn", "Åberg", "Adams", "Ärlig"]) { $0 }
        #expect(sorted == ["Adams", "Zorn", "Åberg", "Ärlig", "Öberg"])
    }
}
