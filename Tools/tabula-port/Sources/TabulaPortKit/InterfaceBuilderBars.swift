import Foundation

/// The bar of a navigation or tab bar controller scene: its colours, title attributes and
/// appearances (`<navigationBar key="navigationBar">`, `<tabBar key="tabBar">`).
extension IBGenerator {
    /// Lines that give `controller`'s bar what the document sets on it.
    ///
    /// The older properties (`barTintColor`, `titleTextAttributes`) come first and become the
    /// bar's standard appearance, as in UIKit; each appearance the document configures then
    /// starts from that standard appearance and changes only what it specifies, so a title
    /// colour set the older way is kept under an appearance that sets only a background.
    func barLines(of element: IBElement) -> Lines {
        let bar: IBElement, target: String, appearanceClass: String, appearanceTag: String
        var colorKeys = ["backgroundColor", "barTintColor", "tintColor"]
        var appearanceKeys = ["standardAppearance", "scrollEdgeAppearance"]
        switch element.name {
        case "navigationController":
            guard let found = element.child("navigationBar", key: "navigationBar") else { return [] }
            (bar, target, appearanceClass, appearanceTag) = (found, "controller.navigationBar", "UINavigationBarAppearance", "navigationBarAppearance")
            appearanceKeys += ["compactAppearance", "compactScrollEdgeAppearance"]
        case "tabBarController":
            guard let found = element.child("tabBar", key: "tabBar") else { return [] }
            (bar, target, appearanceClass, appearanceTag) = (found, "controller.tabBar", "UITabBarAppearance", "tabBarAppearance")
            colorKeys.append("unselectedItemTintColor")
        default:
            return []
        }
        var lines: Lines = []
        if bar["translucent"] == "NO" { lines.append("\(target).isTranslucent = false") }
        for child in bar.children {
            guard let key = child["key"] else { continue }
            switch (child.name, key) {
            case ("rect", _), ("autoresizingMask", _):
                continue
            case ("color", _) where colorKeys.contains(key):
                if let color = colorExpression(child) { lines.append("\(target).\(key) = \(color)") }
            case ("textAttributes", "titleTextAttributes") where element.name == "navigationController":
                if let attributes = textAttributes(child) { lines.append("\(target).titleTextAttributes = \(attributes)") }
            case ("color", "selectedImageTintColor") where element.name == "tabBarController":
                // Interface Builder's "Image Tint": UIKit's deprecated `selectedImageTintColor`,
                // which colours the selected item as the tint colour would (nil: the tint).
                // Tabula has only the tint, so it becomes that unless the bar sets one too.
                if bar.child("color", key: "tintColor") == nil, let color = colorExpression(child) {
                    lines.append("\(target).tintColor = \(color)")
                } else {
                    warn(child, "selectedImageTintColor beside a tintColor is not supported; the tint is used")
                }
            case (appearanceTag, _) where appearanceKeys.contains(key):
                continue  // after the older properties, below
            default:
                warn(child, "\(child.name) \(key) of the bar is not supported; left out")
            }
        }
        for (index, appearance) in bar.children(appearanceTag).enumerated() {
            guard let key = appearance["key"], appearanceKeys.contains(key) else { continue }
            let name = "appearance\(index)"
            lines.append("let \(name) = \(appearanceClass)(barAppearance: \(target).standardAppearance)")
            for child in appearance.children {
                switch (child.name, child["key"]) {
                case ("color", "backgroundColor"), ("color", "shadowColor"):
                    if let color = colorExpression(child) { lines.append("\(name).\(child["key"]!) = \(color)") }
                case ("textAttributes", "titleTextAttributes") where element.name == "navigationController",
                     ("textAttributes", "largeTitleTextAttributes") where element.name == "navigationController":
                    // Merged, so that a colour set the older way stays under a font set here.
                    if let attributes = textAttributes(child) {
                        lines.append("\(name).\(child["key"]!).merge(\(attributes)) { _, new in new }")
                    }
                default:
                    warn(child, "\(child.name) \(child["key"] ?? "") of the bar's \(key) is not supported; left out")
                }
            }
            lines.append("\(target).\(key) = \(name)")
        }
        return lines
    }

    /// `[.foregroundColor: …, .font: …]` from a `<textAttributes>`; nil when it sets neither.
    func textAttributes(_ element: IBElement) -> String? {
        var pairs: [String] = []
        if let color = element.child("color", key: "textColor").flatMap(colorExpression) { pairs.append(".foregroundColor: \(color)") }
        if let font = element.child("fontDescription", key: "textFont").flatMap(fontExpression) { pairs.append(".font: \(font)") }
        for child in element.children where child["key"] != "textColor" && child["key"] != "textFont" {
            warn(child, "text attribute \(child["key"] ?? child.name) is not supported; left out")
        }
        return pairs.isEmpty ? nil : "[\(pairs.joined(separator: ", "))]"
    }
}
