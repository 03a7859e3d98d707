import Foundation

/// The objects of one `.xib` file, made anew on each ``instantiate(withOwner:options:)``.
///
/// On Linux a nib is the Swift that `tabula-port` generated from the file (see
/// ``InterfaceBuilder``), found by the file's name. An unknown name is reported to
/// ``UIViewController/onInvalidUse`` and instantiates no objects (UIKit raises).
@preconcurrency @MainActor
open class UINib: NSObject {
    /// Keys of the options ``instantiate(withOwner:options:)`` takes.
    public struct OptionsKey: Hashable, RawRepresentable, Sendable {
        /// The key as a string.
        public var rawValue: String
        /// Makes a key.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A dictionary of objects, by the identifiers the nib gives its external placeholders.
        public static let externalObjects = OptionsKey(rawValue: "UINibExternalObjects")
    }

    /// The file's name without `.xib`.
    let name: String

    /// The nib named `name`; `bundleOrNil` is not searched: generated nibs are registered by name.
    public init(nibName name: String, bundle bundleOrNil: Bundle?) {
        self.name = name
        super.init()
        InterfaceBuilder.registerModuleFilesIfNeeded()
        if InterfaceBuilder.nibs[name] == nil {
            UIViewController.onInvalidUse("UINib(nibName: \"\(name)\"): \(InterfaceBuilder.missing(nib: name))")
        }
    }

    /// Makes the nib's top-level objects, in the file's order, connecting what the file
    /// connects to the File's Owner to `ownerOrNil`. Its result may be ignored, as the
    /// result of an Objective-C method may in Swift, when the owner is all that matters.
    @discardableResult
    open func instantiate(withOwner ownerOrNil: Any?, options optionsOrNil: [UINib.OptionsKey: Any]? = nil) -> [Any] {
        InterfaceBuilder.registerModuleFilesIfNeeded()
        guard let make = InterfaceBuilder.nibs[name] else { return [] }
        let external = optionsOrNil?[.externalObjects] as? [String: Any] ?? [:]
        return make(ownerOrNil as AnyObject?, external)
    }
}

extension Bundle {
    /// Makes the top-level objects of the nib named `name` (see ``UINib``): nil, reported,
    /// for a nib that is not registered.
    @MainActor @discardableResult
    public func loadNibNamed(_ name: String, owner: Any?, options: [UINib.OptionsKey: Any]? = nil) -> [Any]? {
        InterfaceBuilder.registerModuleFilesIfNeeded()
        guard InterfaceBuilder.nibs[name] != nil else {
            UIViewController.onInvalidUse("loadNibNamed(\"\(name)\"): \(InterfaceBuilder.missing(nib: name))")
            return nil
        }
        return UINib(nibName: name, bundle: self).instantiate(withOwner: owner, options: options)
    }
}

extension InterfaceBuilder {
    /// What to say when a nib is not registered.
    static func missing(nib name: String) -> String {
        let known = nibs.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        return "no nib of that name is registered (registered: \(known.isEmpty ? "none" : known)); run tabula-port on the folder holding \(name).xib and call TabulaInterfaceBuilderFiles.register() before using it"
    }
}
