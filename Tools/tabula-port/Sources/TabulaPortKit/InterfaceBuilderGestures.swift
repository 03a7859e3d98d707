import Foundation

extension IBGenerator {
    /// The Tabula class of each gesture recognizer element (`pongPressGestureRecognizer` is
    /// how Xcode spells a long press) and the numeric properties it takes from attributes.
    static let recognizerKinds: [String: (type: String, properties: [String])] = [
        "tapGestureRecognizer": ("UITapGestureRecognizer", ["numberOfTapsRequired", "numberOfTouchesRequired"]),
        "pongPressGestureRecognizer": ("UILongPressGestureRecognizer",
                                       ["minimumPressDuration", "allowableMovement", "numberOfTouchesRequired"]),
        "longPressGestureRecognizer": ("UILongPressGestureRecognizer",
                                       ["minimumPressDuration", "allowableMovement", "numberOfTouchesRequired"]),
        "pinchGestureRecognizer": ("UIPinchGestureRecognizer", []),
        "swipeGestureRecognizer": ("UISwipeGestureRecognizer", ["numberOfTouchesRequired"]),
        "panGestureRecognizer": ("UIPanGestureRecognizer", ["minimumNumberOfTouches", "maximumNumberOfTouches"]),
        "screenEdgePanGestureRecognizer": ("UIScreenEdgePanGestureRecognizer",
                                           ["minimumNumberOfTouches", "maximumNumberOfTouches"]),
    ]

    /// Whether `element` is a gesture recognizer (one Tabula has or not).
    static func isRecognizer(_ element: IBElement) -> Bool { element.name.hasSuffix("GestureRecognizer") }

    /// Makes the recognizer `element` into `build`: its properties now, its connections
    /// (actions, outlets) with the others'. Views attach it through their
    /// `gestureRecognizers` outlet collection.
    func makeRecognizer(_ element: IBElement, build: IBBuild) {
        guard let kind = Self.recognizerKinds[element.name] else {
            warn(element, "\(element.tag) is not in Tabula; left out")
            return
        }
        let variable = name(String(kind.type.dropFirst(2).prefix(1).lowercased() + kind.type.dropFirst(3)))
        var lines: Lines = [comment(element), "let \(variable) = \(kind.type)()"]
        for property in kind.properties {
            if let value = IBValues.number(element[property]) { lines.append("\(variable).\(property) = \(value)") }
        }
        if element.name == "swipeGestureRecognizer", let direction = element["direction"] {
            let known = ["left", "right", "up", "down"]
            let parts = direction.split(separator: " ").map(String.init).filter { !$0.isEmpty }
            if !parts.isEmpty, parts.allSatisfy(known.contains) {
                let value = parts.count == 1 ? ".\(parts[0])" : "[\(parts.map { ".\($0)" }.joined(separator: ", "))]"
                lines.append("\(variable).direction = \(value)")
            } else {
                warn(element, "swipe direction \(direction) is not known; right is used")
            }
        }
        if element.name == "screenEdgePanGestureRecognizer", let edges = element["edges"] {
            let known = ["left", "right", "top", "bottom", "all"]
            let parts = edges.split(separator: " ").map(String.init)
            if parts.allSatisfy(known.contains) {
                lines.append("\(variable).edges = [\(parts.map { ".\($0)" }.joined(separator: ", "))]")
            }
        }
        if element["enabled"] == "NO" { lines.append("\(variable).isEnabled = false") }
        if element["cancelsTouchesInView"] == "NO" { lines.append("\(variable).cancelsTouchesInView = false") }
        if element["delaysTouchesBegan"] == "YES" { lines.append("\(variable).delaysTouchesBegan = true") }
        if element["delaysTouchesEnded"] == "NO" { lines.append("\(variable).delaysTouchesEnded = false") }
        build.lines += lines
        if let custom = element["customClass"] {
            warn(element, "custom recognizer class \(custom) is not supported; a \(kind.type) is made")
        }
        let ref = IBRef(expression: variable, unwrap: nil, type: kind.type, base: kind.type)
        if let id = element.id { refs[id] = ref }
        if element.child("connections") != nil { build.connections.append((element, ref)) }
    }
}
