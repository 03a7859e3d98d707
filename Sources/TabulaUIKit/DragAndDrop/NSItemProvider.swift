import Foundation

/// Who may see a representation an item provider offers (recorded; everything on Linux
/// is one process, so every representation is visible to every drop).
public enum NSItemProviderRepresentationVisibility: Int, Sendable {
    /// Any process.
    case all = 0
    /// Processes of the same team (iOS 11: `.team`; here the same as `.all`).
    case team = 1
    /// Processes of the same app group.
    case group = 2
    /// Only the process that made the provider.
    case ownProcess = 3
}

/// A type whose instances an item provider can offer as data, as Foundation's
/// `NSItemProviderWriting`. `NSString`, `NSURL` and ``UIImage`` conform.
public protocol NSItemProviderWriting: AnyObject {
    /// The type identifiers of the representations every instance offers, most faithful first.
    static var writableTypeIdentifiersForItemProvider: [String] { get }
    /// The type identifiers this instance offers (the class's by default).
    var writableTypeIdentifiersForItemProvider: [String] { get }
    /// Gives the instance's data for one of its type identifiers to `completionHandler`.
    func loadData(withTypeIdentifier typeIdentifier: String,
                  forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void)
        -> Progress?
}

extension NSItemProviderWriting {
    /// The class's type identifiers.
    public var writableTypeIdentifiersForItemProvider: [String] { Self.writableTypeIdentifiersForItemProvider }
}

/// A type an item provider can make from data, as Foundation's `NSItemProviderReading`.
/// `NSString`, `NSURL` and ``UIImage`` conform; Swift's `String` and `URL` load through them.
public protocol NSItemProviderReading: AnyObject {
    /// The type identifiers the type can be made from, most faithful first.
    static var readableTypeIdentifiersForItemProvider: [String] { get }
    /// Makes an instance from `data` of type `typeIdentifier`, or throws.
    static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self
}

/// Carries data between a drag and a drop (and, in UIKit, to share sheets and
/// extensions), as Foundation's `NSItemProvider`, which Foundation on Linux does not have.
///
/// A provider holds representations, each under a type identifier (`"public.utf8-plain-text"`,
/// `"public.url"`, `"public.png"` …), registered as objects or as load handlers that make
/// the data when a drop asks for it. Loading looks for the first representation that
/// conforms to what is asked (``NSItemProvider/hasItemConformingToTypeIdentifier(_:)``
/// knows the system's hierarchy: UTF-8 text is text, a PNG is an image, both are data).
///
/// Completion handlers run on the main queue, after the call returns (in a test, an
/// `await screen.advance(by: 0)` runs them); UIKit runs them on a background queue.
/// A load that finds no representation completes with an error that names the type
/// asked for and the types there are.
open class NSItemProvider: NSObject {
    /// One registered representation.
    struct Representation {
        let typeIdentifier: String
        let visibility: NSItemProviderRepresentationVisibility
        let load: @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?
        /// A file on disk that the data comes from (a dropped file), if any.
        let fileURL: URL?
    }

    private(set) var representations: [Representation] = []

    /// A name for the data, for a file made from it (a dropped file's name, or your own).
    open var suggestedName: String?

    /// An empty provider; register representations on it.
    public override init() { super.init() }

    /// A provider that offers `object`'s representations.
    public convenience init(object: NSItemProviderWriting) {
        self.init()
        registerObject(object, visibility: .all)
    }

    /// A provider that offers the contents of the file at `fileURL`, typed by its name's
    /// extension (`public.data` when the extension is unknown); nil when `fileURL` is
    /// not a file URL.
    public convenience init?(contentsOf fileURL: URL!) {
        guard let fileURL, fileURL.isFileURL else { return nil }
        self.init()
        suggestedName = fileURL.deletingPathExtension().lastPathComponent
        let type = TypeIdentifiers.identifier(forFileExtension: fileURL.pathExtension) ?? TypeIdentifiers.data
        representations.append(Representation(typeIdentifier: type, visibility: .all, load: { completion in
            do { completion(try Data(contentsOf: fileURL), nil) } catch { completion(nil, error) }
            return nil
        }, fileURL: fileURL))
        let urlData = Data(fileURL.absoluteString.utf8)
        representations.append(Representation(typeIdentifier: TypeIdentifiers.fileURL, visibility: .all, load: { completion in
            completion(urlData, nil)
            return nil
        }, fileURL: nil))
    }

    // MARK: Registering

    /// Offers `object`'s representations (its writable type identifiers), made when asked.
    open func registerObject(_ object: NSItemProviderWriting, visibility: NSItemProviderRepresentationVisibility) {
        // The object is asked on the main queue only; it is not shared between threads.
        let box = UncheckedBox(object)
        for type in object.writableTypeIdentifiersForItemProvider {
            representations.append(Representation(typeIdentifier: type, visibility: visibility, load: { completion in
                box.value.loadData(withTypeIdentifier: type, forItemProviderCompletionHandler: completion)
            }, fileURL: nil))
        }
    }

    /// Offers data of `typeIdentifier`, made by `loadHandler` when a drop asks for it;
    /// the handler calls the completion it is given with the data or an error.
    open func registerDataRepresentation(
        forTypeIdentifier typeIdentifier: String, visibility: NSItemProviderRepresentationVisibility,
        loadHandler: @escaping @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?
    ) {
        representations.append(Representation(typeIdentifier: typeIdentifier, visibility: visibility,
                                              load: loadHandler, fileURL: nil))
    }

    // MARK: Asking

    /// The type identifiers of the representations, in the order they were registered.
    open var registeredTypeIdentifiers: [String] {
        var seen = Set<String>()
        return representations.map(\.typeIdentifier).filter { seen.insert($0).inserted }
    }

    /// Whether a representation is of `typeIdentifier` or a type that conforms to it.
    open func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
        representation(conformingTo: typeIdentifier) != nil
    }

    /// Whether an object of `aClass` can be made from one of the representations.
    open func canLoadObject(ofClass aClass: NSItemProviderReading.Type) -> Bool {
        aClass.readableTypeIdentifiersForItemProvider.contains { hasItemConformingToTypeIdentifier($0) }
    }

    /// Whether a `String`, `URL` (or another type bridged to a readable class) can be made
    /// from one of the representations.
    public func canLoadObject<T: _ObjectiveCBridgeable>(ofClass: T.Type) -> Bool
        where T._ObjectiveCType: NSItemProviderReading {
        canLoadObject(ofClass: T._ObjectiveCType.self)
    }

    /// Loads the data of the first representation conforming to `typeIdentifier`.
    @discardableResult
    open func loadDataRepresentation(forTypeIdentifier typeIdentifier: String,
                                     completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress {
        let progress = Progress(totalUnitCount: 1)
        guard let representation = representation(conformingTo: typeIdentifier) else {
            let error = missing(typeIdentifier)
            DispatchQueue.main.async { completionHandler(nil, error) }
            return progress
        }
        _ = representation.load { data, error in
            DispatchQueue.main.async {
                progress.completedUnitCount = 1
                completionHandler(data, error)
            }
        }
        return progress
    }

    /// Gives the URL of a file holding the data of the first representation conforming to
    /// `typeIdentifier`: the dropped file itself, or a temporary file written for the call
    /// (removed after `completionHandler` returns, as in UIKit).
    @discardableResult
    open func loadFileRepresentation(forTypeIdentifier typeIdentifier: String,
                                     completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void) -> Progress {
        if let file = representation(conformingTo: typeIdentifier)?.fileURL {
            DispatchQueue.main.async { completionHandler(file, nil) }
            return Progress(totalUnitCount: 1)
        }
        let name = (suggestedName ?? "item") + "-" + UUID().uuidString
        return loadDataRepresentation(forTypeIdentifier: typeIdentifier) { data, error in
            guard let data else { return completionHandler(nil, error) }
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
            do {
                try data.write(to: url)
                completionHandler(url, nil)
                try? FileManager.default.removeItem(at: url)
            } catch {
                completionHandler(nil, error)
            }
        }
    }

    /// Makes an object of `aClass` from the first representation it can read.
    @discardableResult
    open func loadObject(ofClass aClass: NSItemProviderReading.Type,
                         completionHandler: @escaping @Sendable (NSItemProviderReading?, (any Error)?) -> Void) -> Progress {
        let wanted = aClass.readableTypeIdentifiersForItemProvider
        guard let type = wanted.first(where: { hasItemConformingToTypeIdentifier($0) }) else {
            let error = missing(wanted.joined(separator: " or "), reading: "\(aClass)")
            DispatchQueue.main.async { completionHandler(nil, error) }
            return Progress(totalUnitCount: 1)
        }
        let found = representation(conformingTo: type)?.typeIdentifier ?? type
        let reader = UncheckedBox(aClass)
        return loadDataRepresentation(forTypeIdentifier: type) { data, error in
            guard let data else { return completionHandler(nil, error) }
            do {
                completionHandler(try reader.value.object(withItemProviderData: data, typeIdentifier: found), nil)
            } catch {
                completionHandler(nil, error)
            }
        }
    }

    /// Makes a `String`, `URL` (or another type bridged to a readable class) from the
    /// first representation it can read.
    @discardableResult
    public func loadObject<T: _ObjectiveCBridgeable & SendableMetatype>(
        ofClass: T.Type, completionHandler: @escaping @Sendable (T?, (any Error)?) -> Void
    ) -> Progress where T._ObjectiveCType: NSItemProviderReading & SendableMetatype {
        loadObject(ofClass: T._ObjectiveCType.self, completionHandler: Self.bridging(T.self, completionHandler))
    }

    /// A completion for the readable class that bridges its object to `T` and calls `completion`.
    private static func bridging<T: _ObjectiveCBridgeable & SendableMetatype>(
        _ type: T.Type, _ completion: @escaping @Sendable (T?, (any Error)?) -> Void
    ) -> @Sendable (NSItemProviderReading?, (any Error)?) -> Void
        where T._ObjectiveCType: NSItemProviderReading & SendableMetatype {
        let convert = UncheckedBox { (object: NSItemProviderReading?) -> T? in
            (object as? T._ObjectiveCType).flatMap(NSItemProvider.bridge)
        }
        return { object, error in completion(convert.value(object), error) }
    }

    private static func bridge<T: _ObjectiveCBridgeable>(_ object: T._ObjectiveCType) -> T? {
        var result: T?
        _ = T._conditionallyBridgeFromObjectiveC(object, result: &result)
        return result
    }

    // MARK: Finding

    /// The first representation of `typeIdentifier` exactly, else the first that conforms to it.
    func representation(conformingTo typeIdentifier: String) -> Representation? {
        representations.first { $0.typeIdentifier == typeIdentifier }
            ?? representations.first { TypeIdentifiers.conforms($0.typeIdentifier, to: typeIdentifier) }
    }

    private func missing(_ wanted: String, reading: String? = nil) -> NSError {
        let what = reading.map { "a \($0) (\(wanted))" } ?? wanted
        let have = registeredTypeIdentifiers.isEmpty ? "nothing" : registeredTypeIdentifiers.joined(separator: ", ")
        return NSError(domain: NSItemProvider.errorDomain, code: NSItemProvider.ErrorCode.itemUnavailableError.rawValue,
                       userInfo: [NSLocalizedDescriptionKey: "This item provider cannot load \(what): it has \(have)."])
    }

    /// The domain of the errors loads complete with.
    public static let errorDomain = "NSItemProviderErrorDomain"

    /// The codes of the errors loads complete with.
    public enum ErrorCode: Int, Sendable {
        /// Something else went wrong.
        case unknownError = -1
        /// No representation of the type asked for.
        case itemUnavailableError = -1000
        /// The item could not be made the type asked for.
        case unexpectedValueClassError = -1100
        /// The request is not supported.
        case unavailableCoercionError = -1200
    }

    open override var description: String {
        "<NSItemProvider: \(registeredTypeIdentifiers.joined(separator: ", "))>"
    }
}

/// Holds a value that is only used on the main queue, across a `@Sendable` boundary.
private final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// The failure of making a readable object from data.
struct ItemProviderDataError: Error, CustomStringConvertible {
    let description: String
}

extension NSString: NSItemProviderReading, NSItemProviderWriting {
    /// UTF-8 text and plain text.
    public static var readableTypeIdentifiersForItemProvider: [String] {
        [TypeIdentifiers.utf8PlainText, TypeIdentifiers.plainText, TypeIdentifiers.text]
    }
    /// UTF-8 text.
    public static var writableTypeIdentifiersForItemProvider: [String] { [TypeIdentifiers.utf8PlainText] }

    /// A string of the UTF-8 `data`.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
        guard let string = String(data: data, encoding: .utf8) else {
            throw ItemProviderDataError(description: "The \(typeIdentifier) data (\(data.count) bytes) is not UTF-8 text.")
        }
        guard let object = NSString(string: string) as? Self else {
            throw ItemProviderDataError(description: "A \(self) cannot be made from text.")
        }
        return object
    }

    /// The string as UTF-8.
    public func loadData(withTypeIdentifier typeIdentifier: String,
                         forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void)
        -> Progress? {
        completionHandler(Data((self as String).utf8), nil)
        return nil
    }
}

extension NSURL: NSItemProviderReading, NSItemProviderWriting {
    /// URLs (and file URLs, which are URLs).
    public static var readableTypeIdentifiersForItemProvider: [String] { [TypeIdentifiers.url] }
    /// A URL, or a file URL.
    public static var writableTypeIdentifiersForItemProvider: [String] { [TypeIdentifiers.url] }
    /// A file URL is offered as one.
    public var writableTypeIdentifiersForItemProvider: [String] {
        isFileURL ? [TypeIdentifiers.fileURL, TypeIdentifiers.url] : [TypeIdentifiers.url]
    }

    /// The URL written in `data`.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
        guard let string = String(data: data, encoding: .utf8),
              let object = NSURL(string: string.trimmingCharacters(in: .whitespacesAndNewlines)) as? Self else {
            throw ItemProviderDataError(description: "The \(typeIdentifier) data (\(data.count) bytes) is not a URL.")
        }
        return object
    }

    /// The URL's text, as UTF-8.
    public func loadData(withTypeIdentifier typeIdentifier: String,
                         forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void)
        -> Progress? {
        completionHandler(Data(absoluteString.utf8), nil)
        return nil
    }
}

extension UIImage: NSItemProviderReading, NSItemProviderWriting {
    /// Images (PNG and JPEG are decoded).
    public static var readableTypeIdentifiersForItemProvider: [String] {
        [TypeIdentifiers.png, TypeIdentifiers.jpeg, TypeIdentifiers.image]
    }
    /// PNG.
    public static var writableTypeIdentifiersForItemProvider: [String] { [TypeIdentifiers.png] }

    /// The image decoded from `data`.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
        guard let image = UIImage(data: data) else {
            throw ItemProviderDataError(description: "The \(typeIdentifier) data (\(data.count) bytes) is not an image Tabula can decode.")
        }
        return image as! Self  // UIImage is final: Self is UIImage.
    }

    /// The image as PNG.
    public func loadData(withTypeIdentifier typeIdentifier: String,
                         forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void)
        -> Progress? {
        guard let data = pngData() else {
            completionHandler(nil, ItemProviderDataError(description: "The image has no pixels to write as PNG."))
            return nil
        }
        completionHandler(data, nil)
        return nil
    }
}
