import Foundation

/// How a made view joins its parent.
enum IBParentMode {
    case none
    case subview
    case arranged
    /// Assigned to a property of the parent (`tableHeaderView`).
    case property(String)
}

extension IBGenerator {
    /// The Tabula class and variable prefix of each view element.
    static let viewKinds: [String: (base: String, prefix: String)] = [
        "view": ("UIView", "view"), "containerView": ("UIView", "containerView"), "label": ("UILabel", "label"),
        "button": ("UIButton", "button"), "imageView": ("UIImageView", "imageView"),
        "stackView": ("UIStackView", "stackView"), "scrollView": ("UIScrollView", "scrollView"),
        "tableView": ("UITableView", "tableView"), "tableViewCell": ("UITableViewCell", "cell"),
        "collectionView": ("UICollectionView", "collectionView"),
        "collectionViewCell": ("UICollectionViewCell", "cell"),
        "collectionReusableView": ("UICollectionReusableView", "reusableView"),
        "switch": ("UISwitch", "switch"), "slider": ("UISlider", "slider"), "textField": ("UITextField", "textField"),
        "textView": ("UITextView", "textView"), "segmentedControl": ("UISegmentedControl", "segmentedControl"),
        "activityIndicatorView": ("UIActivityIndicatorView", "activityIndicator"),
        "progressView": ("UIProgressView", "progressView"), "datePicker": ("UIDatePicker", "datePicker"),
        "pageControl": ("UIPageControl", "pageControl"), "stepper": ("UIStepper", "stepper"),
        "visualEffectView": ("UIVisualEffectView", "visualEffectView"), "pickerView": ("UIPickerView", "pickerView"),
        "searchBar": ("UISearchBar", "searchBar"), "navigationBar": ("UINavigationBar", "navigationBar"),
        "toolbar": ("UIToolbar", "toolbar"), "tabBar": ("UITabBar", "tabBar"),
        "wkWebView": ("WKWebView", "webView"),
    ]

    /// The UIKit classes each Tabula view class inherits from, nearest first.
    static let ancestry: [String: [String]] = {
        let view = ["UIView", "UIResponder", "NSObject"]
        let control = ["UIControl"] + view
        let scroll = ["UIScrollView"] + view
        var table: [String: [String]] = [:]
        for name in ["UIView", "UILabel", "UIImageView", "UIStackView", "UITableViewCell", "UICollectionReusableView",
                     "UIActivityIndicatorView", "UIProgressView", "UIVisualEffectView", "UIPickerView", "UISearchBar",
                     "UINavigationBar", "UIToolbar", "UITabBar", "WKWebView"] {
            table[name] = (name == "UIView" ? [] : [name]) + view
        }
        table["UICollectionViewCell"] = ["UICollectionViewCell", "UICollectionReusableView"] + view
        for name in ["UIButton", "UISwitch", "UISlider", "UITextField", "UISegmentedControl", "UIDatePicker",
                     "UIPageControl", "UIStepper"] {
            table[name] = [name] + control
        }
        for name in ["UIScrollView", "UITableView", "UICollectionView", "UITextView"] {
            table[name] = (name == "UIScrollView" ? [] : [name]) + scroll
        }
        table["UIBarButtonItem"] = ["UIBarButtonItem", "UIBarItem", "NSObject"]
        table["NSLayoutConstraint"] = ["NSLayoutConstraint", "NSObject"]
        table["UIGestureRecognizer"] = ["UIGestureRecognizer", "NSObject"]
        for name in ["UITapGestureRecognizer", "UILongPressGestureRecognizer", "UIPinchGestureRecognizer",
                     "UISwipeGestureRecognizer", "UIPanGestureRecognizer"] {
            table[name] = [name, "UIGestureRecognizer", "NSObject"]
        }
        table["UIScreenEdgePanGestureRecognizer"] = ["UIScreenEdgePanGestureRecognizer", "UIPanGestureRecognizer",
                                                     "UIGestureRecognizer", "NSObject"]
        for name in IBDocument.controllerClasses.values {
            table[name] = [name, "UIViewController", "UIResponder", "NSObject"]
        }
        return table
    }()

    /// Every type a value of `ref` can be passed as without a cast.
    func supertypes(of ref: IBRef) -> Set<String> {
        var result: Set<String> = ["Any", "AnyObject"]
        for type in symbols.lineage(of: ref.type) {
            result.insert(type)
            for ancestor in Self.ancestry[type] ?? [] { result.insert(ancestor) }
        }
        for ancestor in Self.ancestry[ref.base] ?? [ref.base] { result.insert(ancestor) }
        return result
    }

    // MARK: Making views

    /// Makes `element` (and everything under it) into `build`; nil when it is left out.
    @discardableResult
    func makeView(_ element: IBElement, parent: IBRef?, mode: IBParentMode, build: IBBuild,
                  prototypeReturn: Bool = false) -> IBRef? {
        if let id = element.id, notInstalled.contains(id) { return nil }
        var elementName = element.name
        if Self.viewKinds[elementName] == nil {
            warn(element, "\(element.tag) is not an element tabula-port knows; it is made as a plain UIView")
            elementName = "view"
        }
        let kind = Self.viewKinds[elementName]!
        let variable = name(kind.prefix)
        let custom = element["customClass"]
        let frame = IBValues.rect(element.child("rect", key: "frame"))
        var lines: Lines = [comment(element)]
        var values: [String] = []
        if element["customClass"] != nil, element.child("rect", key: "frame") != nil { values.append("\"UIFrame\": \(frame)") }

        // Standard cell labels applied to textLabel/detailTextLabel/imageView.
        var cellLabels: [String: String] = [:]
        if elementName == "tableViewCell" {
            for key in ["textLabel", "detailTextLabel", "imageView"] { if let id = element[key] { cellLabels[id] = key } }
        }

        var creation: String
        var setup: Lines = []
        // What `creation` carries that a custom class's `init(coder:)` cannot receive: set on
        // `view` in the decode closure instead, before the other properties (a segmented
        // control's segments before its selected index).
        var decodeSetup: Lines = []
        switch elementName {
        case "button":
            let types: [String: String] = ["roundedRect": ".system", "system": ".system", "custom": ".custom",
                                           "contactAdd": ".contactAdd", "infoLight": ".infoLight", "infoDark": ".infoDark",
                                           "detailDisclosure": ".detailDisclosure", "close": ".close"]
            // Interface Builder leaves out attributes that hold their default, and a button's is
            // custom (UIButtonTypeCustom is 0): an image button written without `buttonType` is a
            // custom one, which draws its images as they are, not tinted as a system button's.
            let buttonType = types[element["buttonType"] ?? "custom"] ?? ".system"
            creation = "UIButton(type: \(buttonType))"
            values.append("\"UIButtonType\": UIButton.ButtonType\(buttonType)")
            setup.append("\(variable).frame = \(frame)")
        case "tableView":
            let style = element["style"] ?? "plain"
            let swiftStyle = ["plain": ".plain", "grouped": ".grouped", "insetGrouped": ".insetGrouped"][style] ?? ".plain"
            creation = "UITableView(frame: \(frame), style: \(swiftStyle))"
            values.append("\"UITableViewStyle\": UITableView.Style\(swiftStyle)")
        case "tableViewCell":
            let style = IBValues.cellStyle(element["style"])
            let reuse = element["reuseIdentifier"].map(IBValues.string) ?? "nil"
            creation = "UITableViewCell(style: \(style), reuseIdentifier: \(reuse))"
            if let reuseIdentifier = element["reuseIdentifier"] {
                values.append("\"UIReuseIdentifier\": \(IBValues.string(reuseIdentifier))")
            }
            values.append("\"UITableViewCellStyle\": UITableViewCell.CellStyle\(style)")
        case "collectionViewCell", "collectionReusableView":
            if let reuseIdentifier = element["reuseIdentifier"] {
                creation = "\(kind.base)(registeredWithReuseIdentifier: \(IBValues.string(reuseIdentifier)))"
                values.append("\"UIReuseIdentifier\": \(IBValues.string(reuseIdentifier))")
            } else {
                creation = "\(kind.base)(frame: \(frame))"
            }
        case "collectionView":
            let layout = name("layout")
            lines.append("let \(layout) = UICollectionViewFlowLayout()")
            if let flow = element.child("collectionViewFlowLayout", key: "collectionViewLayout") {
                lines += flowLayout(flow, target: layout)
            } else if let other = element.child(key: "collectionViewLayout") {
                warn(other, "collection view layout \(other.tag) is not supported; a flow layout is used")
            }
            creation = "UICollectionView(frame: \(frame), collectionViewLayout: \(layout))"
            values.append("\"UICollectionViewLayout\": \(layout)")
        case "segmentedControl":
            let segments = element.child("segments")?.children("segment") ?? []
            let titles = segments.map { IBValues.string($0["title"] ?? "") }
            creation = "UISegmentedControl(items: [\(titles.joined(separator: ", "))])"
            setup.append("\(variable).frame = \(frame)")
            for (index, title) in titles.enumerated() {
                decodeSetup.append("view.insertSegment(withTitle: \(title), at: \(index), animated: false)")
            }
            // A segment's image (shown instead of its title), a disabled segment, a fixed width.
            for (index, segment) in segments.enumerated() {
                if let image = imageExpression(segment, "image") {
                    setup.append("\(variable).setImage(\(image), forSegmentAt: \(index))")
                }
                if segment["enabled"] == "NO" { setup.append("\(variable).setEnabled(false, forSegmentAt: \(index))") }
                if let width = IBValues.number(segment["width"]), width != "0" {
                    setup.append("\(variable).setWidth(\(width), forSegmentAt: \(index))")
                }
            }
        case "visualEffectView":
            if let blur = element.child("blurEffect") {
                let styles: Set<String> = ["regular", "prominent", "light", "extraLight", "dark", "systemMaterial",
                                           "systemThinMaterial", "systemUltraThinMaterial", "systemThickMaterial", "systemChromeMaterial"]
                let style = blur["style"] ?? "regular"
                let effect = "UIBlurEffect(style: .\(styles.contains(style) ? style : "regular"))"
                creation = "UIVisualEffectView(effect: \(effect))"
                decodeSetup.append("view.effect = \(effect)")
            } else {
                if element.child("vibrancyEffect") != nil { warn(element, "vibrancy effects are not supported; left out") }
                creation = "UIVisualEffectView(effect: nil)"
            }
            setup.append("\(variable).frame = \(frame)")
        default:
            creation = "\(kind.base)(frame: \(frame))"
        }

        let target = custom == nil ? variable : "view"
        var properties = (custom == nil ? [] : decodeSetup)
            + setup.map { custom == nil ? $0 : $0.replacingOccurrences(of: "\(variable).", with: "view.") }
        properties += viewProperties(element, kind: elementName, target: target)
        for key in ["textLabel", "detailTextLabel", "imageView"] {
            guard let id = element[key], let label = document.elements[id] else { continue }
            properties += labelProperties(label, target: "\(target).\(key)?", cellPart: key == "imageView")
        }
        if custom == nil, ["tableViewCell", "collectionViewCell", "collectionReusableView"].contains(elementName) {
            properties.removeAll { $0.hasPrefix("\(variable).frame =") }
        }

        let ref: IBRef
        if let custom {
            let valueList = values.isEmpty ? "" : ", values: [\(values.joined(separator: ", "))]"
            let codingBase = codingClass(of: custom, element: elementName) ?? kind.base
            let coder = "InterfaceBuilder.coder(for: \(codingBase).self\(valueList))"
            let where_ = IBValues.string("\(fileName):\(element.line) \(element.tag)")
            let made = prototypeReturn ? "let made = " : "let \(variable) = "
            let reuse = element["reuseIdentifier"].map(IBValues.string) ?? "nil"
            let fallback = switch elementName {
            case "collectionViewCell", "collectionReusableView": "\(kind.base)(registeredWithReuseIdentifier: \(reuse))"
            default: "UITableViewCell(style: .default, reuseIdentifier: \(reuse))"
            }
            let end = prototypeReturn ? "guard let \(variable) = made else { return \(fallback) }" : nil
            let decodeProperties = properties.filter { !$0.hasPrefix("view.frame =") }
            if decodeProperties.isEmpty {
                lines.append("\(made)InterfaceBuilder.make(\(custom).self, coder: \(coder) { _ in },")
            } else {
                lines.append("\(made)InterfaceBuilder.make(\(custom).self, coder: \(coder) { object in")
                lines.append("    let view = object as! \(codingBase)")
                lines += indented(decodeProperties)
                lines.append("},")
            }
            lines.append("    element: \(where_)) { \(custom)(coder: $0) }")
            if let end { lines.append(end) }
            ref = IBRef(expression: variable, unwrap: prototypeReturn ? nil : variable, type: custom, base: kind.base)
        } else {
            lines.append("let \(variable) = \(creation)")
            lines += properties
            ref = IBRef(expression: variable, unwrap: nil, type: kind.base, base: kind.base)
        }
        build.lines += lines
        if let id = element.id { refs[id] = ref }
        // A styled cell's own label and image view: outlets to them reach the cell's
        // (optional) `textLabel`, `detailTextLabel`, `imageView`.
        for (id, key) in cellLabels.sorted(by: { $0.value < $1.value }) {
            let type = key == "imageView" ? "UIImageView" : "UILabel"
            let part = key.prefix(1).uppercased() + key.dropFirst()
            refs[id] = IBRef(expression: "\(ref.expression)\(part)", unwrap: ref.unwrap, type: type, base: type,
                             bound: "\(ref.expression).\(key)")
        }
        build.lines += wrap([ref], runtimeAttributes(element, target: ref))

        if let parent {
            switch mode {
            case .none: break
            case .subview: build.lines += wrap([parent, ref], ["\(parent.expression).addSubview(\(ref.expression))"])
            case .arranged: build.lines += wrap([parent, ref], ["\(parent.expression).addArrangedSubview(\(ref.expression))"])
            case let .property(key): build.lines += wrap([parent, ref], ["\(parent.expression).\(key) = \(ref.expression)"])
            }
        }
        build.awake.append(ref)

        // Layout guides.
        for guide in element.children("viewLayoutGuide") {
            guard let id = guide.id else { continue }
            switch guide["key"] {
            case "safeArea": refs[id] = IBRef(expression: "\(ref.expression).safeAreaLayoutGuide", unwrap: ref.unwrap, type: "UILayoutGuide", base: "UILayoutGuide")
            case "layoutMargins": refs[id] = IBRef(expression: "\(ref.expression).layoutMarginsGuide", unwrap: ref.unwrap, type: "UILayoutGuide", base: "UILayoutGuide")
            case "contentLayoutGuide", "frameLayoutGuide":
                refs[id] = IBRef(expression: "\(ref.expression).\(guide["key"]!)", unwrap: ref.unwrap, type: "UILayoutGuide", base: "UILayoutGuide")
            default: warn(guide, "layout guide \(guide["key"] ?? "") is not in Tabula; constraints to it are left out")
            }
        }
        if let list = element.child("constraints") {
            for constraint in list.children("constraint") { build.constraints.append((constraint, ref)) }
        }
        if element.child("connections") != nil { build.connections.append((element, ref)) }

        // Children.
        let childMode: IBParentMode = elementName == "stackView" ? .arranged : .subview
        for child in element.child("subviews")?.children ?? [] {
            makeView(child, parent: ref, mode: childMode, build: build)
        }
        if elementName == "tableViewCell" || elementName == "collectionViewCell" || elementName == "visualEffectView" {
            // Xcode 11 and later write a collection view cell's content view as
            // <collectionViewCellContentView>; older documents as a plain <view>.
            let contentNames: Set<String> = switch elementName {
            case "tableViewCell": ["tableViewCellContentView"]
            case "collectionViewCell": ["collectionViewCellContentView", "view"]
            default: ["view"]
            }
            if let content = element.children.first(where: { contentNames.contains($0.name) && $0["key"] == "contentView" }) {
                let contentRef = IBRef(expression: "\(ref.expression).contentView", unwrap: ref.unwrap, type: "UIView", base: "UIView")
                if let id = content.id { refs[id] = contentRef }
                if let color = content.child("color", key: "backgroundColor"), let expression = colorExpression(color) {
                    build.lines += wrap([contentRef], ["\(contentRef.expression).backgroundColor = \(expression)"])
                }
                for guide in content.children("viewLayoutGuide") {
                    guard let id = guide.id else { continue }
                    if guide["key"] == "safeArea" { refs[id] = IBRef(expression: "\(contentRef.expression).safeAreaLayoutGuide", unwrap: ref.unwrap, type: "UILayoutGuide", base: "UILayoutGuide") }
                    if guide["key"] == "layoutMargins" { refs[id] = IBRef(expression: "\(contentRef.expression).layoutMarginsGuide", unwrap: ref.unwrap, type: "UILayoutGuide", base: "UILayoutGuide") }
                }
                for child in content.child("subviews")?.children ?? [] {
                    if let id = child.id, cellLabels[id] != nil { continue }
                    makeView(child, parent: contentRef, mode: .subview, build: build)
                }
                if let list = content.child("constraints") {
                    for constraint in list.children("constraint") { build.constraints.append((constraint, contentRef)) }
                }
            }
        }
        for key in ["tableHeaderView", "tableFooterView", "backgroundView"] {
            if let child = element.child(key: key), child.name != "color" {
                makeView(child, parent: ref, mode: .property(key), build: build)
            }
        }
        if elementName == "tableView" {
            if element["dataMode"] == "static" {
                staticCells(of: element, table: ref, build: build)
            } else if element.child("prototypes") != nil {
                build.tables.append((element, ref))
            }
        }
        if elementName == "toolbar", let items = element.child("items") {
            var made: [(IBElement, IBRef)] = []
            var lines: Lines = []
            let list = items.children("barButtonItem").compactMap { barButtonItem($0, into: &lines, made: &made, inScene: false) }
            build.lines += lines
            build.lines += wrap([ref], ["\(ref.expression).items = [\(list.map(\.expression).joined(separator: ", "))]"])
            for (item, itemRef) in made where item.child("connections") != nil { build.connections.append((item, itemRef)) }
        }
        if element.name == "containerView" {
            for segue in element.child("connections")?.children("segue") ?? [] where segue["kind"] == "embed" {
                build.embeds.append((segue, ref))
            }
        }
        if elementName == "collectionView" {
            let hasCells = !(element.child("cells")?.children.isEmpty ?? true)
            if hasCells || element.children.contains(where: { $0.name == "collectionReusableView" }) {
                build.collections.append((element, ref))
            }
        }
        return ref
    }

    /// Tabula's classes that Interface Builder writes as the element of their superclass, by
    /// that element: a list cell is a `<collectionViewCell>` whose custom class inherits from it.
    static let codingSubclasses: [String: [String]] = ["collectionViewCell": ["UICollectionViewListCell"]]

    /// The class whose `init(coder:)` level decodes a view of custom class `custom` made
    /// from `element`, when it is a subclass of the element's class (nil: the element's).
    /// Tabula decodes the file's values at the level of the coder's class, after that
    /// class's own set-up: a list cell's coder must be the list cell's, or its default
    /// background would replace the file's colour.
    func codingClass(of custom: String, element: String) -> String? {
        let lineage = symbols.lineage(of: custom)
        return Self.codingSubclasses[element]?.first { lineage.contains($0) }
    }

    func flowLayout(_ element: IBElement, target: String) -> Lines {
        var lines: Lines = []
        if let direction = element["scrollDirection"], direction == "horizontal" || direction == "vertical" {
            lines.append("\(target).scrollDirection = .\(direction)")
        }
        if let value = IBValues.number(element["minimumLineSpacing"]) { lines.append("\(target).minimumLineSpacing = \(value)") }
        if let value = IBValues.number(element["minimumInteritemSpacing"]) { lines.append("\(target).minimumInteritemSpacing = \(value)") }
        if let size = element.child("size", key: "itemSize") { lines.append("\(target).itemSize = \(IBValues.size(size))") }
        // Interface Builder's Estimate Size: Automatic (the default since Xcode 11) or a size
        // makes the cells size themselves (None is a zero size, the default).
        if element["automaticEstimatedItemSize"] == "YES" {
            lines.append("\(target).estimatedItemSize = UICollectionViewFlowLayout.automaticSize")
        } else if let size = element.child("size", key: "estimatedItemSize").map(IBValues.size), size != "CGSize(width: 0, height: 0)" {
            lines.append("\(target).estimatedItemSize = \(size)")
        }
        for key in ["headerReferenceSize", "footerReferenceSize"] {
            if let size = element.child("size", key: key).map(IBValues.size), size != "CGSize(width: 0, height: 0)" {
                lines.append("\(target).\(key) = \(size)")
            }
        }
        if let inset = element.child("inset", key: "sectionInset") { lines.append("\(target).sectionInset = \(IBValues.insets(inset))") }
        return lines
    }

    func colorExpression(_ element: IBElement) -> String? {
        let (expression, problem) = IBValues.color(element, namedColors: document.namedColors)
        if let problem { warn(element, problem) }
        return expression
    }

    func fontExpression(_ element: IBElement) -> String? {
        let (expression, problem) = IBValues.font(element)
        if let problem { warn(element, problem) }
        return expression
    }

    // MARK: Static tables and prototypes

    func staticCells(of table: IBElement, table ref: IBRef, build: IBBuild) {
        var sections: Lines = []
        for section in table.child("sections")?.children("tableViewSection") ?? [] {
            var cells: [String] = []
            var heights: [String] = []
            for cell in section.child("cells")?.children("tableViewCell") ?? [] {
                guard let made = makeView(cell, parent: nil, mode: .none, build: build) else { continue }
                cells.append(made.unwrap == nil ? made.expression
                             : "\(made.expression) ?? UITableViewCell(style: .default, reuseIdentifier: nil)")
                heights.append(IBValues.number(cell["rowHeight"]).map { $0 == "-1" ? "nil" : $0 } ?? "nil")
            }
            let header = section["headerTitle"].map(IBValues.string) ?? "nil"
            let footer = section["footerTitle"].map(IBValues.string) ?? "nil"
            sections.append("    InterfaceBuilder.StaticCellSection(header: \(header), footer: \(footer), cells: [\(cells.joined(separator: ", "))], rowHeights: [\(heights.joined(separator: ", "))]),")
        }
        build.lines += wrap([ref], ["InterfaceBuilder.setStaticCells(["] + sections + ["], of: \(ref.expression))"])
    }

    /// `tableView.register(forCellReuseIdentifier:) { … }` for each prototype cell of a table.
    func prototypes(of table: IBElement, table ref: IBRef) -> Lines {
        prototypeRegistrations(table.child("prototypes")?.children ?? [], cellElement: "tableViewCell",
                               among: "a table's prototypes", label: "forCellReuseIdentifier", owner: ref)
    }

    /// `collectionView.register(forCellWithReuseIdentifier:) { … }` for each prototype cell
    /// of a collection view, made as a table's prototype cells are.
    /// Its section header and footer (a flow layout's, written as `sectionHeaderView` and
    /// `sectionFooterView`) register as supplementary views of their kind, as UIKit
    /// registers them when it loads the storyboard.
    func collectionPrototypes(of collection: IBElement, collection ref: IBRef) -> Lines {
        var lines = prototypeRegistrations(collection.child("cells")?.children ?? [], cellElement: "collectionViewCell",
                                           among: "a collection view's cells", label: "forCellWithReuseIdentifier", owner: ref)
        let kinds = ["sectionHeaderView": "UICollectionView.elementKindSectionHeader",
                     "sectionFooterView": "UICollectionView.elementKindSectionFooter"]
        for view in collection.children where view.name == "collectionReusableView" {
            guard let key = view["key"], let kind = kinds[key] else {
                warn(view, "\(view.tag) is not a section header or footer; left out")
                continue
            }
            lines += prototypeRegistrations([view], cellElement: "collectionReusableView",
                                            among: "a collection view's headers and footers",
                                            label: "forSupplementaryViewOfKind: \(kind), withReuseIdentifier", owner: ref)
        }
        return lines
    }

    /// One factory registration per prototype cell in `cells`: the closure builds the cell
    /// and its content as the file describes, and returns it.
    private func prototypeRegistrations(_ cells: [IBElement], cellElement: String, among place: String,
                                        label: String, owner ref: IBRef) -> Lines {
        var lines: Lines = []
        for cell in cells {
            guard cell.name == cellElement else {
                warn(cell, "\(cell.tag) among \(place) is not supported; left out")
                continue
            }
            guard let identifier = cell["reuseIdentifier"] else {
                let what = cellElement == "collectionReusableView" ? "a collection view header or footer" : "a prototype cell"
                warn(cell, "\(what) without a reuse identifier cannot be dequeued; left out")
                continue
            }
            let build = IBBuild()
            guard let made = makeView(cell, parent: nil, mode: .none, build: build, prototypeReturn: true) else { continue }
            var body = finish(build)
            body.append("return \(made.expression)")
            let capture = uses("controller", in: body) ? " [unowned controller] in" : ""
            lines += wrap([ref], ["\(ref.expression).register(\(label): \(IBValues.string(identifier))) {\(capture)"]
                          + indented(body) + ["}"])
        }
        return lines
    }

    // MARK: Constraints

    func constraint(_ element: IBElement, holder: IBRef, into lines: inout Lines) -> (String, Bool)? {
        if element["placeholder"] == "YES" { return nil }
        if let id = element.id, notInstalled.contains(id) { return nil }
        func item(_ id: String?) -> IBRef? {
            guard let id else { return holder }
            return refs[id]
        }
        // A legacy top or bottom layout guide: the safe area's top or bottom edge, or the
        // root view's, for the attribute the constraint names.
        func legacy(_ id: String?, _ attribute: String?) -> (IBRef, String)?? {
            guard let id, let type = legacyGuides[id] else { return nil }
            guard let root = rootViewRef else { return .some(nil) }
            let safeArea = IBRef(expression: "\(root.expression).safeAreaLayoutGuide", unwrap: root.unwrap,
                                 type: "UILayoutGuide", base: "UILayoutGuide")
            switch (type, attribute) {
            case ("top", "bottom"): return (safeArea, "top")
            case ("top", "top"): return (root, "top")
            case ("bottom", "top"): return (safeArea, "bottom")
            case ("bottom", "bottom"): return (root, "bottom")
            default: return .some(nil)
            }
        }
        var firstLegacy: (IBRef, String)?
        if let found = legacy(element["firstItem"], element["firstAttribute"]) {
            guard let found else {
                warn(element, "constraint \(element.id ?? ""): attribute \(element["firstAttribute"] ?? "") of a legacy layout guide is not supported; left out")
                return nil
            }
            firstLegacy = found
        }
        guard let first = firstLegacy?.0 ?? item(element["firstItem"]) else {
            warn(element, "constraint \(element.id ?? ""): its first item is not made here; left out")
            return nil
        }
        guard let firstAttribute = firstLegacy.map({ ($0.1, false) }) ?? IBValues.layoutAttribute(element["firstAttribute"]) else {
            warn(element, "constraint attribute \(element["firstAttribute"] ?? "") is not supported; left out")
            return nil
        }
        var second: IBRef?
        var secondAttribute: (attribute: String, margins: Bool) = ("notAnAttribute", false)
        if let found = legacy(element["secondItem"], element["secondAttribute"]) {
            guard let found else {
                warn(element, "constraint \(element.id ?? ""): attribute \(element["secondAttribute"] ?? "") of a legacy layout guide is not supported; left out")
                return nil
            }
            second = found.0
            secondAttribute = (found.1, false)
        } else if let secondID = element["secondItem"] {
            guard let found = refs[secondID] else {
                warn(element, "constraint \(element.id ?? ""): its second item is not made here; left out")
                return nil
            }
            second = found
            guard let attribute = IBValues.layoutAttribute(element["secondAttribute"]) else {
                warn(element, "constraint attribute \(element["secondAttribute"] ?? "") is not supported; left out")
                return nil
            }
            secondAttribute = attribute
        }
        let relation = ["greaterThanOrEqual": ".greaterThanOrEqual", "lessThanOrEqual": ".lessThanOrEqual"][element["relation"] ?? ""] ?? ".equal"
        let firstItem = first.expression + (firstAttribute.margins ? ".layoutMarginsGuide" : "")
        let secondItem = second.map { $0.expression + (secondAttribute.margins ? ".layoutMarginsGuide" : "") } ?? "nil"
        let variable = name("constraint")
        let constant = IBValues.number(element["constant"]) ?? "0"
        let call = "NSLayoutConstraint(item: \(firstItem), attribute: .\(firstAttribute.attribute), relatedBy: \(relation), toItem: \(secondItem), attribute: .\(secondAttribute.attribute), multiplier: \(IBValues.multiplier(element["multiplier"])), constant: \(constant))"
        let used = [first] + (second.map { [$0] } ?? [])
        let optional = used.contains { $0.isOptional }
        lines.append(comment(element))
        var settings: Lines = []
        if let priority = IBValues.number(element["priority"]), priority != "1000" {
            settings.append("\(variable).priority = UILayoutPriority(\(priority))")
        }
        if let identifier = element["identifier"] { settings.append("\(variable).identifier = \(IBValues.string(identifier))") }
        if optional {
            lines.append("var \(variable): NSLayoutConstraint?")
            if settings.isEmpty {
                lines += wrap(used, ["\(variable) = \(call)"])
            } else {
                lines += wrap(used, ["let made = \(call)"] + settings.map { $0.replacingOccurrences(of: "\(variable).", with: "made.") }
                              + ["\(variable) = made"])
            }
        } else {
            lines.append("let \(variable) = \(call)")
            lines += settings
        }
        if let id = element.id {
            refs[id] = IBRef(expression: variable, unwrap: optional ? variable : nil, type: "NSLayoutConstraint", base: "NSLayoutConstraint")
        }
        return (variable, optional)
    }
}
