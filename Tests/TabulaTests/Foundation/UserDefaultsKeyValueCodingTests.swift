import Foundation
import Testing
import Tabula

/// `UserDefaults` as app code written for iOS stores settings through key-value coding:
/// `setValue(_:forKey:)` and `value(forKey:)` reach the same store as `set(_:forKey:)`.
@Suite("UserDefaults key-value coding")
struct UserDefaultsKeyValueCodingTests {
    /// A suite of its own, so that the test leaves the process's defaults alone.
    private func makeDefaults() -> UserDefaults {
        let name = "TabulaTests.UserDefaultsKVC.\(UUID().uuidString)"
        let defaults = UserDefaults(suiteName: name)!
        defaults.removePersistentDomain(forName: name)
        return defaults
    }

    @Test("setValue(_:forKey:) stores what object(forKey:) and data(forKey:) read")
    func setValueStores() throws {
        let defaults = makeDefaults()
        let favorites = try JSONEncoder().encode(["octocat", "alice"])
        defaults.setValue(favorites, forKey: "favorites")
        #expect(defaults.object(forKey: "favorites") as? Data == favorites)
        #expect(defaults.data(forKey: "favorites") == favorites)
        defaults.setValue(true, forKey: "onboarded")
        #expect(defaults.bool(forKey: "onboarded"))
    }

    @Test("value(forKey:) reads what set(_:forKey:) stored; setValue(nil, forKey:) removes it")
    func valueReadsAndNilRemoves() {
        let defaults = makeDefaults()
        defaults.set("dark", forKey: "theme")
        #expect(defaults.value(forKey: "theme") as? String == "dark")
        defaults.setValue(nil, forKey: "theme")
        #expect(defaults.value(forKey: "theme") == nil)
        #expect(defaults.string(forKey: "theme") == nil)
    }
}
