import Foundation

#if !canImport(ObjectiveC)
// On Apple's platforms `UserDefaults` is an `NSObject` with key-value coding, and apps
// store and read settings through it (`defaults.setValue(data, forKey: "favorites")`).
// Foundation on Linux has no key-value coding, so those calls would not compile; these
// give `UserDefaults` the two KVC methods with what `NSUserDefaults` does for them.
extension UserDefaults {
    /// Stores `value` for `key`, as `set(_:forKey:)` does: on Apple's platforms
    /// `NSUserDefaults` answers key-value coding's `setValue(_:forKey:)` this way. A nil
    /// value removes the key.
    public func setValue(_ value: Any?, forKey key: String) {
        set(value, forKey: key)
    }

    /// The value stored for `key`, as `object(forKey:)` gives it: on Apple's platforms
    /// `NSUserDefaults` answers key-value coding's `value(forKey:)` this way.
    public func value(forKey key: String) -> Any? {
        object(forKey: key)
    }
}
#endif
