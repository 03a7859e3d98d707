import Foundation

extension IBGenerator {
    /// Attributes every element has that need no code (Interface Builder bookkeeping).
    static let ignoredAttributes: Set<String> = ["id", "customClass", "customModule", "customModuleProvider", "key", "userLabel"]

    /// A text property: the attribute (`placeholder="Name"`), or the `<string key="placeholder">`
    /// child Interface Builder writes instead when the text has several lines or characters
    /// an attribute cannot hold.
    func stringValue(_ element: IBElement, _ key: String) -> String? {
        element[key] ?? element.child("string", key: key)?.text
    }

    /// The statements that set `element`'s properties on `target`.
    func viewProperties(_ element: IBElement, kind: String, target t: String) -> Lines {
        var lines: Lines = []
        func bool(_ attribute: String, _ property: String, when value: String = "YES") {
            if let found = element[attribute], found == value { lines.append("\(t).\(property) = \(value == "YES")") }
        }
        func number(_ attribute: String, _ property: String) {
            if let value = IBValues.number(element[attribute]) { lines.append("\(t).\(property) = \(value)") }
        }
        func color(_ key: String, _ property: String) {
            if let found = element.child("color", key: key), let expression = colorExpression(found) {
                lines.append("\(t).\(property) = \(expression)")
            }
        }
        func choice(_ attribute: String, _ property: String, _ map: [String: String], skip: Set<String> = []) {
            guard let value = element[attribute], !skip.contains(value) else { return }
            if let swift = map[value] { lines.append("\(t).\(property) = \(swift)") } else {
                warn(element, "\(attribute)=\"\(value)\" is not supported; left out")
            }
        }
        func same(_ values: [String]) -> [String: String] {
            Dictionary(uniqueKeysWithValues: values.map { ($0, ".\($0)") })
        }

        // Every view.
        if let mask = element.child("autoresizingMask", key: "autoresizingMask") {
            let names = [("widthSizable", "flexibleWidth"), ("heightSizable", "flexibleHeight"),
                         ("flexibleMinX", "flexibleLeftMargin"), ("flexibleMaxX", "flexibleRightMargin"),
                         ("flexibleMinY", "flexibleTopMargin"), ("flexibleMaxY", "flexibleBottomMargin")]
            let set = names.filter { mask[$0.0] == "YES" }.map { ".\($0.1)" }
            if !set.isEmpty { lines.append("\(t).autoresizingMask = [\(set.joined(separator: ", "))]") }
        }
        bool("translatesAutoresizingMaskIntoConstraints", "translatesAutoresizingMaskIntoConstraints", when: "NO")
        color("backgroundColor", "backgroundColor")
        color("tintColor", "tintColor")
        if let alpha = IBValues.number(element["alpha"]), alpha != "1" { lines.append("\(t).alpha = \(alpha)") }
        bool("hidden", "isHidden")
        if element["opaque"] == "NO", kind != "label", kind != "button", kind != "tableViewCell" {
            lines.append("\(t).isOpaque = false")
        }
        bool("clipsSubviews", "clipsToBounds")
        // Xcode sets it on every table and collection cell it makes; their margins are the cell's own.
        if !["tableViewCell", "collectionViewCell", "tableViewCellContentView"].contains(kind) {
            bool("preservesSuperviewLayoutMargins", "preservesSuperviewLayoutMargins")
        }
        if let mode = element["contentMode"] {
            let defaults: Set<String> = kind == "label" ? ["left"] : ["scaleToFill"]
            if !defaults.contains(mode), kind != "tableViewCell" {
                if IBValues.contentModes.contains(mode) { lines.append("\(t).contentMode = .\(mode)") } else {
                    warn(element, "content mode \(mode) is not supported; left out")
                }
            }
        }
        bool("userInteractionEnabled", "isUserInteractionEnabled", when: "NO")
        if let tag = element["tag"], Int(tag) != nil, tag != "0" { lines.append("\(t).tag = \(tag)") }
        if let margins = element.child("edgeInsets", key: "layoutMargins") {
            let value = ["top", "left", "bottom", "right"].map { "\($0): \(IBValues.number(margins[$0]) ?? "0")" }
            lines.append("\(t).layoutMargins = UIEdgeInsets(\(value.joined(separator: ", ")))")
        }
        for (attribute, method, axis) in [("horizontalHuggingPriority", "setContentHuggingPriority", "horizontal"),
                                          ("verticalHuggingPriority", "setContentHuggingPriority", "vertical"),
                                          ("horizontalCompressionResistancePriority", "setContentCompressionResistancePriority", "horizontal"),
                                          ("verticalCompressionResistancePriority", "setContentCompressionResistancePriority", "vertical")] {
            if let value = IBValues.number(element[attribute]) {
                lines.append("\(t).\(method)(UILayoutPriority(\(value)), for: .\(axis))")
            }
        }
        if let accessibility = element.child("accessibility", key: "accessibilityConfiguration") {
            if let identifier = accessibility["identifier"] { lines.append("\(t).accessibilityIdentifier = \(IBValues.string(identifier))") }
            if let label = accessibility["label"] { lines.append("\(t).accessibilityLabel = \(IBValues.string(label))") }
            if let hint = accessibility["hint"] { lines.append("\(t).accessibilityHint = \(IBValues.string(hint))") }
            if let isElement = accessibility.child("bool", key: "isElement")?["value"] {
                lines.append("\(t).isAccessibilityElement = \(isElement == "YES")")
            }
        }

        // Controls.
        if Self.controlElements.contains(kind) {
            bool("enabled", "isEnabled", when: "NO")
            bool("selected", "isSelected")
            bool("highlighted", "isHighlighted")
            choice("contentHorizontalAlignment", "contentHorizontalAlignment",
                   same(["left", "right", "fill", "leading", "trailing"]), skip: ["center"])
            choice("contentVerticalAlignment", "contentVerticalAlignment", same(["top", "bottom", "fill"]), skip: ["center"])
        }

        // Scroll views.
        if ["scrollView", "tableView", "collectionView", "textView"].contains(kind) {
            bool("scrollEnabled", "isScrollEnabled", when: "NO")
            bool("pagingEnabled", "isPagingEnabled")
            bool("bounces", "bounces", when: "NO")
            bool("alwaysBounceVertical", "alwaysBounceVertical")
            bool("alwaysBounceHorizontal", "alwaysBounceHorizontal")
            bool("showsHorizontalScrollIndicator", "showsHorizontalScrollIndicator", when: "NO")
            bool("showsVerticalScrollIndicator", "showsVerticalScrollIndicator", when: "NO")
            choice("contentInsetAdjustmentBehavior", "contentInsetAdjustmentBehavior",
                   same(["automatic", "scrollableAxes", "never", "always"]))
            choice("keyboardDismissMode", "keyboardDismissMode",
                   same(["onDrag", "interactive", "onDragWithAccessory", "interactiveWithAccessory"]), skip: ["none"])
        }

        switch kind {
        case "label":
            lines += labelProperties(element, target: t, cellPart: false)
        case "button":
            if let font = element.child("fontDescription", key: "fontDescription"), let expression = fontExpression(font) {
                lines.append("\(t).titleLabel?.font = \(expression)")
            }
            let states = ["normal": ".normal", "highlighted": ".highlighted", "selected": ".selected", "disabled": ".disabled"]
            for state in element.children("state") {
                guard let swiftState = states[state["key"] ?? ""] else {
                    warn(state, "button state \(state["key"] ?? "") is not supported; left out")
                    continue
                }
                if let title = stringValue(state, "title") { lines.append("\(t).setTitle(\(IBValues.string(title)), for: \(swiftState))") }
                if let image = imageExpression(state, "image") { lines.append("\(t).setImage(\(image), for: \(swiftState))") }
                if let color = state.child("color", key: "titleColor"), let expression = colorExpression(color) {
                    lines.append("\(t).setTitleColor(\(expression), for: \(swiftState))")
                }
                if state.child("attributedString") != nil { warn(state, "attributed button titles are not supported; left out") }
            }
            if let configuration = element.child("buttonConfiguration", key: "configuration") {
                let styles: Set<String> = ["plain", "tinted", "gray", "filled"]
                let style = configuration["style"] ?? "plain"
                if styles.contains(style) {
                    let variable = "configuration"
                    lines.append("var \(variable) = UIButton.Configuration.\(style)()")
                    if let title = configuration["title"] { lines.append("\(variable).title = \(IBValues.string(title))") }
                    if let subtitle = configuration["subtitle"] { lines.append("\(variable).subtitle = \(IBValues.string(subtitle))") }
                    if let image = imageExpression(configuration, "image") { lines.append("\(variable).image = \(image)") }
                    lines.append("\(t).configuration = \(variable)")
                    // Each configuration gets its own scope.
                    let start = lines.firstIndex { $0.hasPrefix("var \(variable) =") }!
                    let block = Array(lines[start...])
                    lines.removeSubrange(start...)
                    lines += ["do {"] + indented(block) + ["}"]
                } else {
                    warn(configuration, "button configuration style \(style) is not supported; left out")
                }
            }
        case "imageView":
            if let image = imageExpression(element, "image") { lines.append("\(t).image = \(image)") }
            if let image = imageExpression(element, "highlightedImage") { lines.append("\(t).highlightedImage = \(image)") }
        case "textField":
            if let text = stringValue(element, "text") { lines.append("\(t).text = \(IBValues.string(text))") }
            if let placeholder = stringValue(element, "placeholder") { lines.append("\(t).placeholder = \(IBValues.string(placeholder))") }
            choice("textAlignment", "textAlignment", IBValues.textAlignments, skip: ["natural"])
            choice("borderStyle", "borderStyle", same(["none", "line", "bezel", "roundedRect"]))
            choice("clearButtonMode", "clearButtonMode", same(["never", "whileEditing", "unlessEditing", "always"]), skip: ["never"])
            if let font = element.child("fontDescription", key: "fontDescription"), let expression = fontExpression(font) {
                lines.append("\(t).font = \(expression)")
            }
            color("textColor", "textColor")
            lines += inputTraits(element, target: t)
        case "textView":
            if let text = stringValue(element, "text") { lines.append("\(t).text = \(IBValues.string(text))") }
            bool("editable", "isEditable", when: "NO")
            bool("selectable", "isSelectable", when: "NO")
            choice("textAlignment", "textAlignment", IBValues.textAlignments, skip: ["natural"])
            if let font = element.child("fontDescription", key: "fontDescription"), let expression = fontExpression(font) {
                lines.append("\(t).font = \(expression)")
            }
            color("textColor", "textColor")
            lines += inputTraits(element, target: t)
        case "switch":
            bool("on", "isOn")
            color("onTintColor", "onTintColor")
        case "slider":
            number("minValue", "minimumValue")
            number("maxValue", "maximumValue")
            number("value", "value")
        case "stepper":
            // UIStepper refuses a minimum at or above its maximum (UIKit raises): a minimum
            // that reaches the default maximum, 100, goes in after the new maximum.
            if let minimum = element["minimumValue"].flatMap({ Double($0) }), minimum >= 100 {
                number("maximumValue", "maximumValue")
                number("minimumValue", "minimumValue")
            } else {
                number("minimumValue", "minimumValue")
                number("maximumValue", "maximumValue")
            }
            number("stepValue", "stepValue")
            number("value", "value")
        case "segmentedControl":
            if let index = element["selectedSegmentIndex"], Int(index) != nil { lines.append("\(t).selectedSegmentIndex = \(index)") }
        case "activityIndicatorView":
            choice("style", "style", same(["medium", "large"]))
            bool("hidesWhenStopped", "hidesWhenStopped", when: "NO")
            if element["animating"] == "YES" { lines.append("\(t).startAnimating()") }
        case "progressView":
            number("progress", "progress")
            choice("progressViewStyle", "progressViewStyle", same(["default", "bar"]))
        case "searchBar":
            if let text = stringValue(element, "text") { lines.append("\(t).text = \(IBValues.string(text))") }
            if let placeholder = stringValue(element, "placeholder") { lines.append("\(t).placeholder = \(IBValues.string(placeholder))") }
            if let prompt = stringValue(element, "prompt") { lines.append("\(t).prompt = \(IBValues.string(prompt))") }
            choice("searchBarStyle", "searchBarStyle", same(["default", "prominent", "minimal"]), skip: ["default"])
            bool("showsCancelButton", "showsCancelButton")
            let scopes = element.child("scopeButtonTitles")?.children("string").map { IBValues.string($0.text) } ?? []
            if !scopes.isEmpty { lines.append("\(t).scopeButtonTitles = [\(scopes.joined(separator: ", "))]") }
            bool("showsScopeBar", "showsScopeBar")
        case "datePicker":
            choice("datePickerMode", "datePickerMode", same(["time", "date", "dateAndTime", "countDownTimer"]))
        case "pageControl":
            number("numberOfPages", "numberOfPages")
            number("currentPage", "currentPage")
            color("pageIndicatorTintColor", "pageIndicatorTintColor")
            color("currentPageIndicatorTintColor", "currentPageIndicatorTintColor")
        case "stackView":
            choice("axis", "axis", same(["horizontal", "vertical"]), skip: ["horizontal"])
            choice("alignment", "alignment", ["fill": ".fill", "top": ".top", "leading": ".leading", "center": ".center",
                                              "bottom": ".bottom", "trailing": ".trailing", "firstBaseline": ".firstBaseline",
                                              "lastBaseline": ".lastBaseline"], skip: ["fill"])
            choice("distribution", "distribution", same(["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"]),
                   skip: ["fill"])
            if let spacing = IBValues.number(element["spacing"]), spacing != "0" { lines.append("\(t).spacing = \(spacing)") }
        case "tableView":
            choice("separatorStyle", "separatorStyle", ["default": ".singleLine", "singleLine": ".singleLine", "none": ".none",
                                                        "singleLineEtched": ".singleLine"], skip: ["default"])
            for (attribute, property) in [("rowHeight", "rowHeight"), ("estimatedRowHeight", "estimatedRowHeight"),
                                          ("sectionHeaderHeight", "sectionHeaderHeight"), ("sectionFooterHeight", "sectionFooterHeight"),
                                          ("estimatedSectionHeaderHeight", "estimatedSectionHeaderHeight"),
                                          ("estimatedSectionFooterHeight", "estimatedSectionFooterHeight")] {
                // Xcode writes its default section header and footer heights (28 for a plain
                // table, 18 for a grouped one) into every table, and iOS still sizes title
                // headers and footers to their text: a default height is left out.
                if attribute == "rowHeight", let height = prototypeRowHeight(of: element) {
                    lines.append("\(t).rowHeight = \(height)")
                    continue
                }
                if attribute == "sectionHeaderHeight" || attribute == "sectionFooterHeight",
                   let value = element[attribute], value == (element["style"] == nil || element["style"] == "plain" ? "28" : "18") {
                    continue
                }
                if let value = IBValues.number(element[attribute]) {
                    lines.append("\(t).\(property) = \(value == "-1" ? "UITableView.automaticDimension" : value)")
                }
            }
            bool("allowsSelection", "allowsSelection", when: "NO")
            bool("allowsMultipleSelection", "allowsMultipleSelection")
            color("separatorColor", "separatorColor")
        case "tableViewCell":
            choice("accessoryType", "accessoryType", same(["none", "disclosureIndicator", "detailDisclosureButton", "checkmark", "detailButton"]),
                   skip: ["none"])
            choice("selectionStyle", "selectionStyle", ["none": ".none", "default": ".default", "blue": ".blue", "gray": ".gray"],
                   skip: ["default"])
        default: break
        }
        for child in element.children where child.name == "attributedString" {
            warn(child, "attributed text is not supported; left out")
        }
        return lines
    }

    func labelProperties(_ element: IBElement, target t: String, cellPart: Bool) -> Lines {
        var lines: Lines = []
        if cellPart {
            if let image = imageExpression(element, "image") { lines.append("\(t).image = \(image)") }
            return lines
        }
        if let text = stringValue(element, "text") {
            lines.append("\(t).text = \(IBValues.string(text))")
        }
        if let alignment = element["textAlignment"], alignment != "natural" {
            if let swift = IBValues.textAlignments[alignment] { lines.append("\(t).textAlignment = \(swift)") }
        }
        if let count = element["numberOfLines"], Int(count) != nil, count != "1" { lines.append("\(t).numberOfLines = \(count)") }
        if let mode = element["lineBreakMode"], mode != "tailTruncation", let swift = IBValues.lineBreakModes[mode] {
            lines.append("\(t).lineBreakMode = \(swift)")
        }
        if let font = element.child("fontDescription", key: "fontDescription"), let expression = fontExpression(font) {
            lines.append("\(t).font = \(expression)")
        }
        if let color = element.child("color", key: "textColor"), let expression = colorExpression(color) {
            lines.append("\(t).textColor = \(expression)")
        }
        if let color = element.child("color", key: "highlightedColor"), let expression = colorExpression(color) {
            lines.append("\(t).highlightedTextColor = \(expression)")
        }
        if element["adjustsFontForContentSizeCategory"] == "YES" { lines.append("\(t).adjustsFontForContentSizeCategory = true") }
        if element["adjustsFontSizeToFit"] == "YES" { lines.append("\(t).adjustsFontSizeToFitWidth = true") }
        if let scale = IBValues.number(element["minimumScaleFactor"]) { lines.append("\(t).minimumScaleFactor = \(scale)") }
        if element["enabled"] == "NO" { lines.append("\(t).isEnabled = false") }
        if element.child("attributedString") != nil { warn(element, "attributed text is not supported; left out") }
        return lines
    }

    func inputTraits(_ element: IBElement, target t: String) -> Lines {
        guard let traits = element.child("textInputTraits", key: "textInputTraits") else { return [] }
        var lines: Lines = []
        let keyboards: Set<String> = ["default", "asciiCapable", "numbersAndPunctuation", "URL", "numberPad", "phonePad",
                                      "namePhonePad", "emailAddress", "decimalPad", "twitter", "webSearch", "asciiCapableNumberPad"]
        if let keyboard = traits["keyboardType"], keyboard != "default" {
            if keyboards.contains(keyboard) { lines.append("\(t).keyboardType = .\(keyboard)") } else {
                warn(traits, "keyboard type \(keyboard) is not supported; left out")
            }
        }
        let returns: Set<String> = ["default", "go", "google", "join", "next", "route", "search", "send", "yahoo", "done",
                                    "emergencyCall", "continue"]
        if let key = traits["returnKeyType"], key != "default" {
            if returns.contains(key) { lines.append("\(t).returnKeyType = .\(key)") } else {
                warn(traits, "return key type \(key) is not supported; left out")
            }
        }
        if traits["secureTextEntry"] == "YES" { lines.append("\(t).isSecureTextEntry = true") }
        if let value = traits["autocapitalizationType"], ["none", "words", "sentences", "allCharacters"].contains(value) {
            lines.append("\(t).autocapitalizationType = .\(value)")
        }
        if let value = traits["autocorrectionType"], ["default", "no", "yes"].contains(value), value != "default" {
            lines.append("\(t).autocorrectionType = .\(value)")
        }
        return lines
    }

    /// Properties runtime attributes may name, with the kind of value each takes.
    static let runtimeKeyPaths: [String: String] = [
        "layer.cornerRadius": "number", "layer.borderWidth": "number", "layer.masksToBounds": "boolean",
        "clipsToBounds": "boolean", "alpha": "number", "tag": "number", "isHidden": "boolean", "hidden": "boolean",
        "accessibilityIdentifier": "string", "accessibilityLabel": "string", "backgroundColor": "color", "tintColor": "color",
    ]

    /// User-defined runtime attributes, set after the object is made (before `awakeFromNib`).
    func runtimeAttributes(_ element: IBElement, target ref: IBRef) -> Lines {
        guard let list = element.child("userDefinedRuntimeAttributes") else { return [] }
        var lines: Lines = []
        for attribute in list.children("userDefinedRuntimeAttribute") {
            guard let keyPath = attribute["keyPath"], let type = attribute["type"] else { continue }
            var value: String?
            switch type {
            case "number":
                value = IBValues.number(attribute.children.first { $0["key"] == "value" }?["value"] ?? attribute["value"])
            case "boolean": value = attribute["value"] == "YES" ? "true" : "false"
            case "string": value = attribute["value"].map(IBValues.string)
            case "color": value = attribute.child("color", key: "value").flatMap { colorExpression($0) }
            default: value = nil
            }
            guard let value else {
                warn(attribute, "runtime attribute \(keyPath) of type \(type) is not supported; left out")
                continue
            }
            var property = keyPath == "hidden" ? "isHidden" : keyPath
            let known = Self.runtimeKeyPaths[keyPath] == type
            let declared = !keyPath.contains(".") && symbols.propertyType(keyPath, in: ref.type) != nil
            guard known || declared else {
                warn(attribute, "runtime attribute for private/unknown key \(keyPath); left out")
                continue
            }
            if keyPath == "layer.borderColor" { property = "layer.borderColor" }
            lines.append("\(ref.expression).\(property) = \(value)")
        }
        return lines
    }
}
