import Foundation

/// The system's uniform type identifiers that drag and drop uses, and how they conform
/// to one another (UTF-8 text is plain text is text is content is data is an item).
enum TypeIdentifiers {
    static let item = "public.item"
    static let content = "public.content"
    static let data = "public.data"
    static let text = "public.text"
    static let plainText = "public.plain-text"
    static let utf8PlainText = "public.utf8-plain-text"
    static let utf16PlainText = "public.utf16-plain-text"
    static let json = "public.json"
    static let url = "public.url"
    static let fileURL = "public.file-url"
    static let image = "public.image"
    static let png = "public.png"
    static let jpeg = "public.jpeg"
    static let pdf = "com.adobe.pdf"

    /// Each type's parent (the one it conforms to directly).
    private static let parents: [String: String] = [
        content: item, data: item, text: data, plainText: text, utf8PlainText: plainText,
        utf16PlainText: plainText, json: text, url: data, fileURL: url, image: data, png: image,
        jpeg: image, pdf: data,
    ]

    /// Whether `type` is `other` or conforms to it (an unknown type conforms to data and item).
    static func conforms(_ type: String, to other: String) -> Bool {
        if type == other || other == item { return true }
        var current = type
        var steps = 0
        while let parent = parents[current], steps < 16 {
            if parent == other { return true }
            current = parent
            steps += 1
        }
        return parents[type] == nil && other == data
    }

    /// The type of a file with extension `pathExtension`, when known.
    static func identifier(forFileExtension pathExtension: String) -> String? {
        switch pathExtension.lowercased() {
        case "txt", "text", "md": return plainText
        case "json": return json
        case "png": return png
        case "jpg", "jpeg": return jpeg
        case "pdf": return pdf
        default: return nil
        }
    }
}

/// A uniform type identifier, as the UniformTypeIdentifiers framework's `UTType`, for
/// the types drag and drop uses (Tabula has no framework of that name: `tabula-port`
/// removes `import UniformTypeIdentifiers` and `import MobileCoreServices`).
public struct UTType: Hashable, Sendable, CustomStringConvertible {
    /// The type's identifier, such as `"public.utf8-plain-text"`.
    public let identifier: String

    /// A type with the identifier `identifier`.
    public init?(_ identifier: String) {
        guard !identifier.isEmpty else { return nil }
        self.identifier = identifier
    }

    private init(known identifier: String) { self.identifier = identifier }

    /// Whether this type is `type` or conforms to it.
    public func conforms(to type: UTType) -> Bool { TypeIdentifiers.conforms(identifier, to: type.identifier) }

    /// The type of files with the extension `filenameExtension`, when Tabula knows it.
    public init?(filenameExtension: String) {
        guard let identifier = TypeIdentifiers.identifier(forFileExtension: filenameExtension) else { return nil }
        self.identifier = identifier
    }

    /// The identifier.
    public var description: String { identifier }

    /// Anything.
    public static let item = UTType(known: TypeIdentifiers.item)
    /// Content a person reads or sees.
    public static let content = UTType(known: TypeIdentifiers.content)
    /// Bytes.
    public static let data = UTType(known: TypeIdentifiers.data)
    /// Text of any encoding and markup.
    public static let text = UTType(known: TypeIdentifiers.text)
    /// Text without markup.
    public static let plainText = UTType(known: TypeIdentifiers.plainText)
    /// Text without markup, in UTF-8.
    public static let utf8PlainText = UTType(known: TypeIdentifiers.utf8PlainText)
    /// JSON.
    public static let json = UTType(known: TypeIdentifiers.json)
    /// A URL.
    public static let url = UTType(known: TypeIdentifiers.url)
    /// A URL of a file.
    public static let fileURL = UTType(known: TypeIdentifiers.fileURL)
    /// An image.
    public static let image = UTType(known: TypeIdentifiers.image)
    /// A PNG image.
    public static let png = UTType(known: TypeIdentifiers.png)
    /// A JPEG image.
    public static let jpeg = UTType(known: TypeIdentifiers.jpeg)
    /// A PDF document.
    public static let pdf = UTType(known: TypeIdentifiers.pdf)
}

/// Plain text, as MobileCoreServices' constant (a `String` here, so `kUTTypePlainText as String` reads as in UIKit).
public let kUTTypePlainText = TypeIdentifiers.plainText
/// UTF-8 text.
public let kUTTypeUTF8PlainText = TypeIdentifiers.utf8PlainText
/// Text.
public let kUTTypeText = TypeIdentifiers.text
/// A URL.
public let kUTTypeURL = TypeIdentifiers.url
/// A file URL.
public let kUTTypeFileURL = TypeIdentifiers.fileURL
/// An image.
public let kUTTypeImage = TypeIdentifiers.image
/// A PNG image.
public let kUTTypePNG = TypeIdentifiers.png
/// A JPEG image.
public let kUTTypeJPEG = TypeIdentifiers.jpeg
/// Bytes.
public let kUTTypeData = TypeIdentifiers.data
