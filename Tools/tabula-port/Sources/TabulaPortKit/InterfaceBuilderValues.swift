import Foundation

/// Turning Interface Builder attribute values into Swift expressions.
enum IBValues {
    /// A Swift string literal.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A number literal (`20`, `16.5`), or nil when `text` is not a number.
    static func number(_ text: String?) -> String? {
        guard let text, let value = Double(text), value.isFinite else { return nil }
        return format(value)
    }

    /// `value` written as briefly as it reads back.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// A multiplier (`"1:2"` or `"0.5"`).
    static func multiplier(_ text: String?) -> String {
        guard let text else { return "1" }
        let parts = text.split(separator: ":")
        if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0 {
            return format(a / b)
        }
        return number(text) ?? "1"
    }

    /// `CGRect(x: …, y: …, width: …, height: …)` from a `<rect>`.
    static func rect(_ element: IBElement?) -> String {
        guard let element else { return "CGRect.zero" }
        let x = number(element["x"]) ?? "0", y = number(element["y"]) ?? "0"
        let width = number(element["width"]) ?? "0", height = number(element["height"]) ?? "0"
        return "CGRect(x: \(x), y: \(y), width: \(width), height: \(height))"
    }

    /// `CGSize(width:height:)` from a `<size>`.
    static func size(_ element: IBElement) -> String {
        "CGSize(width: \(number(element["width"]) ?? "0"), height: \(number(element["height"]) ?? "0"))"
    }

    /// `UIEdgeInsets(top:left:bottom:right:)` from an `<inset>` (`minX minY maxX maxY`).
    static func insets(_ element: IBElement) -> String {
        let top = number(element["minY"]) ?? "0", left = number(element["minX"]) ?? "0"
        let bottom = number(element["maxY"]) ?? "0", right = number(element["maxX"]) ?? "0"
        return "UIEdgeInsets(top: \(top), left: \(left), bottom: \(bottom), right: \(right))"
    }

    /// The `UIColor` class properties Tabula has.
    static let knownColors: Set<String> = [
        "black", "blue", "brown", "clear", "cyan", "darkGray", "darkText", "gray", "green",
        "groupTableViewBackground", "label", "lightGray", "lightText", "link", "magenta", "opaqueSeparator",
        "orange", "placeholderText", "purple", "quaternaryLabel", "quaternarySystemFill", "red",
        "secondaryLabel", "secondarySystemBackground", "secondarySystemFill", "secondarySystemGroupedBackground",
        "separator", "systemBackground", "systemBlue", "systemBrown", "systemCyan", "systemFill", "systemGray",
        "systemGray2", "systemGray3", "systemGray4", "systemGray5", "systemGray6",
        "systemGreen", "systemGroupedBackground", "systemIndigo", "systemMint", "systemOrange", "systemPink",
        "systemPurple", "systemRed", "systemTeal", "systemYellow", "tertiaryLabel", "tertiarySystemBackground",
        "tertiarySystemFill", "tertiarySystemGroupedBackground", "tintColor", "white", "yellow",
    ]

    /// The colour a `<color>` element describes; nil with a reason when Tabula has no such colour.
    ///
    /// A colour named after an asset catalog's colour set is looked up by name when the view is
    /// made; when the catalog has no such set, it is the value `namedColors` (the document's
    /// `<resources>`) records for the name, as a compiled storyboard keeps that value, and clear
    /// only when the document records none.
    static func color(_ element: IBElement,
                      namedColors: [String: IBElement] = [:]) -> (expression: String?, problem: String?) {
        if let system = element["systemColor"] ?? element["cocoaTouchSystemColor"] {
            var name = system
            if name != "tintColor", name.hasSuffix("Color") { name.removeLast("Color".count) }
            if name == "tableCellGroupedBackground" { name = "secondarySystemGroupedBackground" }
            guard knownColors.contains(name) else { return (nil, "colour \(system) is not in Tabula; left out") }
            return ("UIColor.\(name)", nil)
        }
        if let name = element["name"] {
            var fallback = "UIColor.clear"
            if let recorded = namedColors[name], recorded["name"] == nil, let value = color(recorded).expression {
                fallback = value
            }
            return ("UIColor(named: \(string(name))) ?? \(fallback)", nil)
        }
        let alpha = number(element["alpha"]) ?? "1"
        if let white = number(element["white"]) {
            return ("UIColor(white: \(white), alpha: \(alpha))", nil)
        }
        if let red = number(element["red"]), let green = number(element["green"]), let blue = number(element["blue"]) {
            return ("UIColor(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha))", nil)
        }
        return (nil, "a colour tabula-port cannot read; left out")
    }

    /// The text styles of `UIFont.TextStyle` by the name Interface Builder writes.
    static let textStyles: [String: String] = [
        "UICTFontTextStyleTitle0": "largeTitle", "UICTFontTextStyleLargeTitle": "largeTitle",
        "UICTFontTextStyleTitle1": "title1", "UICTFontTextStyleTitle2": "title2",
        "UICTFontTextStyleTitle3": "title3", "UICTFontTextStyleHeadline": "headline",
        "UICTFontTextStyleSubhead": "subheadline", "UICTFontTextStyleBody": "body",
        "UICTFontTextStyleCallout": "callout", "UICTFontTextStyleFootnote": "footnote",
        "UICTFontTextStyleCaption1": "caption1", "UICTFontTextStyleCaption2": "caption2",
    ]

    static let weights: Set<String> = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]

    /// The font a `<fontDescription>` describes.
    static func font(_ element: IBElement) -> (expression: String?, problem: String?) {
        if let style = element["style"] {
            guard let swift = textStyles[style] else { return (nil, "font text style \(style) is not known; left out") }
            return ("UIFont.preferredFont(forTextStyle: .\(swift))", nil)
        }
        let size = number(element["pointSize"]) ?? "17"
        switch element["type"] {
        case "system":
            if let weight = element["weight"], weight != "regular" {
                guard weights.contains(weight) else { return ("UIFont.systemFont(ofSize: \(size))", "font weight \(weight) is not known; regular used") }
                return ("UIFont.systemFont(ofSize: \(size), weight: .\(weight))", nil)
            }
            return ("UIFont.systemFont(ofSize: \(size))", nil)
        case "boldSystem": return ("UIFont.boldSystemFont(ofSize: \(size))", nil)
        case "italicSystem": return ("UIFont.italicSystemFont(ofSize: \(size))", nil)
        default:
            if let name = element["name"] {
                return ("UIFont(name: \(string(name)), size: \(size)) ?? UIFont.systemFont(ofSize: \(size))", nil)
            }
            return ("UIFont.systemFont(ofSize: \(size))", nil)
        }
    }

    /// `textAlignment` values.
    static let textAlignments: [String: String] = [
        "natural": ".natural", "left": ".left", "center": ".center", "right": ".right", "justified": ".justified",
    ]

    /// `lineBreakMode` values.
    static let lineBreakModes: [String: String] = [
        "tailTruncation": ".byTruncatingTail", "headTruncation": ".byTruncatingHead",
        "middleTruncation": ".byTruncatingMiddle", "wordWrap": ".byWordWrapping",
        "characterWrap": ".byCharWrapping", "clip": ".byClipping",
    ]

    /// `contentMode` values.
    static let contentModes: Set<String> = [
        "scaleToFill", "scaleAspectFit", "scaleAspectFill", "redraw", "center", "top", "bottom",
        "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight",
    ]

    /// `UIControl.Event` names Interface Builder writes.
    static let controlEvents: Set<String> = [
        "touchDown", "touchDownRepeat", "touchDragInside", "touchDragOutside", "touchDragEnter", "touchDragExit",
        "touchUpInside", "touchUpOutside", "touchCancel", "valueChanged", "primaryActionTriggered",
        "editingDidBegin", "editingChanged", "editingDidEnd", "editingDidEndOnExit",
    ]

    /// Layout attributes; margin attributes name the plain one of the item's margins guide.
    static func layoutAttribute(_ name: String?) -> (attribute: String, margins: Bool)? {
        guard let name else { return ("notAnAttribute", false) }
        switch name {
        case "left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY",
             "lastBaseline", "firstBaseline":
            return (name, false)
        case "baseline": return ("lastBaseline", false)
        case "leftMargin", "rightMargin", "topMargin", "bottomMargin", "leadingMargin", "trailingMargin":
            return (String(name.dropLast("Margin".count)), true)
        case "centerXWithinMargins": return ("centerX", true)
        case "centerYWithinMargins": return ("centerY", true)
        default: return nil
        }
    }

    /// A table cell's style.
    static func cellStyle(_ name: String?) -> String {
        switch name {
        case "IBUITableViewCellStyleSubtitle": return ".subtitle"
        case "IBUITableViewCellStyleValue1": return ".value1"
        case "IBUITableViewCellStyleValue2": return ".value2"
        default: return ".default"
        }
    }

    /// An identifier made from a file name: anything not a letter, digit or `_` becomes `_`.
    static func identifier(_ name: String) -> String {
        var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if result.first?.isNumber ?? true { result = "_" + result }
        return result
    }
}
