import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One element of an Interface Builder file: its name, attributes, children, and the line
/// its start tag is on.
public final class IBElement: @unchecked Sendable {
    /// The tag name (`label`, `tableViewCell`, `constraint`…).
    public let name: String
    /// The attributes, by name.
    public let attributes: [String: String]
    /// The child elements, in file order.
    public internal(set) var children: [IBElement] = []
    /// The line of the start tag (1-based).
    public let line: Int
    /// The text directly inside the element (`<string key="text">Hello</string>`).
    public internal(set) var text: String = ""
    /// The element that holds this one (nil for the root).
    public internal(set) weak var parent: IBElement?

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// An attribute's value.
    public subscript(_ attribute: String) -> String? { attributes[attribute] }

    /// The element's `id`.
    public var id: String? { attributes["id"] }

    /// The first child named `name` (with `key` when given).
    public func child(_ name: String, key: String? = nil) -> IBElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    /// The first child whose `key` is `key`, whatever its name.
    public func child(key: String) -> IBElement? {
        children.first { $0["key"] == key }
    }

    /// The children named `name`.
    public func children(_ name: String) -> [IBElement] {
        children.filter { $0.name == name }
    }

    /// This element and everything under it, in file order.
    public var descendantsAndSelf: [IBElement] {
        var all: [IBElement] = [self]
        for child in children { all += child.descendantsAndSelf }
        return all
    }

    /// `<label id="abc">`, for comments and messages.
    public var tag: String {
        if let id { return "<\(name) id=\"\(id)\">" }
        return "<\(name)>"
    }
}

/// Why an Interface Builder file could not be read.
public struct IBParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the parser stopped (1-based).
    public var line: Int
    /// The parser's first complaint.
    public var message: String

    /// `line: error: message`.
    public var description: String { "\(line): error: \(message)" }
}

/// Reads an Interface Builder file's XML into an ``IBElement`` tree.
public enum IBXMLReader {
    /// The root element of `xml`; throws ``IBParseError`` with the first parser error.
    public static func parse(_ xml: String) throws -> IBElement {
        let delegate = TreeBuilder()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = delegate
        let ok = parser.parse()
        if let error = delegate.error { throw error }
        if !ok || delegate.root == nil {
            let message = parser.parserError.map(describe) ?? "not an XML document"
            throw IBParseError(line: max(parser.lineNumber, 1), message: message)
        }
        return delegate.root!
    }

    /// A parser error as one short phrase (Foundation's own text names only a code).
    static func describe(_ error: Error) -> String {
        let error = error as NSError
        let text = error.localizedDescription
        if text.hasPrefix("The operation could not be completed") || text.hasPrefix("The operation couldn’t be completed") {
            return "malformed XML (XMLParser error \(error.code))"
        }
        return "malformed XML: \(text)"
    }

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var root: IBElement?
        var stack: [IBElement] = []
        var error: IBParseError?

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let element = IBElement(name: elementName, attributes: attributeDict, line: parser.lineNumber)
            if let parent = stack.last {
                element.parent = parent
                parent.children.append(element)
            } else if root == nil {
                root = element
            }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            guard error == nil else { return }
            error = IBParseError(line: max(parser.lineNumber, 1), message: IBXMLReader.describe(parseError))
        }
    }
}
