import Foundation

extension IBGenerator {
    /// Standard properties views have for outlets (a table's data source…).
    static let standardOutlets: [String: Set<String>] = [
        "UITableView": ["dataSource", "delegate", "prefetchDataSource"],
        "UICollectionView": ["dataSource", "delegate"],
        "UIPickerView": ["dataSource", "delegate"],
        "UIScrollView": ["delegate"], "UIGestureRecognizer": ["delegate"], "UITapGestureRecognizer": ["delegate"],
        "UILongPressGestureRecognizer": ["delegate"], "UIPinchGestureRecognizer": ["delegate"],
        "UISwipeGestureRecognizer": ["delegate"], "UIPanGestureRecognizer": ["delegate"],
        "UIScreenEdgePanGestureRecognizer": ["delegate"], "UITextField": ["delegate"], "UITextView": ["delegate"], "UISearchBar": ["delegate"],
    ]

    var ownerRef: IBRef { IBRef(expression: "owner", unwrap: nil, type: owner?.type ?? "AnyObject", base: "AnyObject") }

    func resolve(_ id: String?) -> IBRef? {
        guard let id else { return nil }
        if let ref = refs[id] { return ref }
        if let controller, controller.id == id { return controllerRef }
        if let owner, owner.id == id { return ownerRef }
        return nil
    }

    /// The statements for the `<connections>` of `element`, whose object is `source`.
    func connections(of element: IBElement, source: IBRef) -> Lines {
        var lines: Lines = []
        let isController = controller.map { $0.element === element } ?? false
        for connection in element.child("connections")?.children ?? [] {
            switch connection.name {
            case "outlet":
                guard let property = connection["property"], let id = connection["destination"] else { continue }
                if isController, sceneLevel.contains(id) { continue }
                if isController, property == "view" { continue }
                if let controller, id == controller.id, property == "dataSource" || property == "delegate",
                   (controller.element.name == "tableViewController" && source.base == "UITableView")
                    || (controller.element.name == "collectionViewController" && source.base == "UICollectionView") {
                    continue
                }
                guard let destination = resolve(id) else {
                    warn(connection, "outlet \(property): its destination \(id) is not made here; left out")
                    continue
                }
                lines += outlet(connection, source: source, destination: destination)
            case "outletCollection" where connection["property"] == "gestureRecognizers":
                guard let recognizer = resolve(connection["destination"]) else {
                    warn(connection, "gesture recognizer \(connection["destination"] ?? ""): it is not made here; left out")
                    continue
                }
                lines += wrap([source, recognizer], ["\(source.expression).addGestureRecognizer(\(recognizer.expression))"])
            case "outletCollection":
                guard let property = connection["property"], let destination = resolve(connection["destination"]) else {
                    warn(connection, "outlet collection \(connection["property"] ?? ""): its destination is not made here; left out")
                    continue
                }
                if let index = collections.firstIndex(where: { $0.source.expression == source.expression && $0.property == property }) {
                    collections[index].items.append(destination)
                } else {
                    collections.append((source, property, connection, [destination]))
                }
            case "action":
                lines += action(connection, source: source, sourceElement: element)
            case "segue":
                guard let segue = segueNames[ObjectIdentifier(connection)] else { continue }
                if element.name == "tableViewCell" || element.name == "collectionViewCell" {
                    let setter = connection["trigger"] == "accessoryAction" ? "setAccessorySegue" : "setSelectionSegue"
                    lines += wrap([source], ["InterfaceBuilder.\(setter)(\(segue), of: \(source.expression))"])
                } else if Self.controlElements.contains(element.name) || element.name == "barButtonItem" {
                    lines += wrap([source], ["InterfaceBuilder.connect(\(segue), to: \(source.expression))"])
                }
            default:
                break
            }
        }
        return lines
    }

    /// The classes `type` inherits from (itself included), when the project and Tabula's
    /// standard classes say; nil for a type neither knows (a protocol, another module's class).
    func knownSupertypes(of type: String) -> Set<String>? {
        let chain = symbols.lineage(of: type)
        guard let last = chain.last, let standard = Self.ancestry[last] else { return nil }
        return Set(chain + standard)
    }

    /// `value`, cast to `type` when it is not already one.
    func cast(_ value: IBRef, to type: String?) -> String {
        guard let type, !supertypes(of: value).contains(type) else { return value.expression }
        return "\(value.expression) as? \(type)"
    }

    /// The class to cast the File's Owner to for `member`: its custom class, else the one
    /// project class that declares the member.
    func ownerClass(declaring member: String, method: Bool, element: IBElement) -> String? {
        if let type = owner?.type, type != "UIViewController", type != "NSObject" { return type }
        let found = method ? symbols.classes.keys.filter { symbols.classes[$0]?.methods[member] != nil }.sorted()
            : symbols.classes(declaringProperty: member)
        if found.count == 1 { return found[0] }
        warn(element, "the File's Owner has no class, and \(found.isEmpty ? "no" : "more than one") class in the project's Swift files declares \(member); left out")
        return nil
    }

    func outlet(_ element: IBElement, source: IBRef, destination: IBRef) -> Lines {
        let property = element["property"] ?? ""
        if source.expression == "owner" {
            if property == "view" { return wrap([destination], ["(owner as? UIViewController)?.view = \(destination.expression)"]) }
            guard let type = ownerClass(declaring: property, method: false, element: element) else { return [] }
            guard let declared = symbols.propertyType(property, in: type) else {
                warn(element, "outlet \(property): \(type) declares no such property in the project's Swift files; left out")
                return []
            }
            return wrap([destination], ["if let owner = owner as? \(type) {",
                                        "    owner.\(property) = \(cast(destination, to: declared))", "}"])
        }
        if destination.expression == "owner" {
            guard let type = owner?.type else {
                warn(element, "outlet \(property) to the File's Owner, which has no class; left out")
                return []
            }
            return wrap([source], ["if let owner = owner as? \(type) {", "    \(source.expression).\(property) = owner", "}"])
        }
        var declared: String?
        if source.type == source.base, Self.standardOutlets[source.base]?.contains(property) == true {
            declared = nil
        } else if let found = symbols.propertyType(property, in: source.type) {
            declared = found
        } else if Self.standardOutlets[source.base]?.contains(property) == true {
            declared = nil
        } else {
            warn(element, "outlet \(property): \(source.type) declares no such property in the project's Swift files; left out")
            return []
        }
        return wrap([source, destination], ["\(source.expression).\(property) = \(cast(destination, to: declared))"])
    }

    func outletCollections() -> Lines {
        var lines: Lines = []
        for (source, property, element, items) in collections {
            let list = "[\(items.map(\.expression).joined(separator: ", "))]"
            if source.expression == "owner" {
                guard let type = ownerClass(declaring: property, method: false, element: element) else { continue }
                lines += wrap(items, ["if let owner = owner as? \(type) {", "    owner.\(property) = \(list)", "}"])
            } else if symbols.propertyType(property, in: source.type) != nil {
                lines += wrap([source] + items, ["\(source.expression).\(property) = \(list)"])
            } else {
                warn(element, "outlet collection \(property): \(source.type) declares no such property in the project's Swift files; left out")
            }
        }
        collections = []
        return lines
    }

    // MARK: Actions

    func action(_ element: IBElement, source: IBRef, sourceElement: IBElement) -> Lines {
        let selector = element["selector"] ?? ""
        let destinationID = element["destination"]
        if let destinationID, placeholders.contains(destinationID) {
            warn(element, "action \(selector) is sent to the First Responder: Tabula has no responder-chain actions; left out")
            return []
        }
        guard let target = resolve(destinationID) else {
            warn(element, "action \(selector): its target \(destinationID ?? "") is not made here; left out")
            return []
        }
        var (method, labels) = Self.parseSelector(selector)
        let targetClass: String
        if target.expression == "owner" {
            guard let type = ownerClass(declaring: method, method: true, element: element) else { return [] }
            targetClass = type
        } else {
            targetClass = target.type
        }
        func matching(_ name: String, _ labels: [String]) -> [ProjectSymbols.Parameter]? {
            symbols.methods(name, in: targetClass).first { parameters in
                parameters.count == labels.count
                    && zip(parameters, labels).enumerated().allSatisfy { index, pair in
                        index == 0 ? pair.0.label == pair.1 : pair.0.label == pair.1
                    }
            }
        }
        var parameters = matching(method, labels)
        if parameters == nil, labels.first != "_", !labels.isEmpty {
            let whole = String(selector.split(separator: ":").first ?? "")
            if let found = matching(whole, ["_"] + labels.dropFirst()) {
                parameters = found
                method = whole
                labels = ["_"] + labels.dropFirst()
            }
        }
        if parameters == nil, let found = Self.method(matching: selector, among: symbols.lineage(of: targetClass).map {
            symbols.classes[$0]?.methods ?? [:]
        }) {
            (method, parameters) = (found.name, found.parameters)
        }
        guard let parameters else {
            warn(element, "action \(selector): \(targetClass) has no matching method \(method) in the project's Swift files; left out")
            return []
        }
        guard parameters.count <= 1 else {
            warn(element, "action \(selector) takes the event too: Tabula cannot make a UIEvent for it; left out")
            return []
        }
        let callee = target.expression == "owner" || target.expression != "controller" ? "\(target.expression)?" : target.expression
        var call: String
        var usesSender = false
        if let parameter = parameters.first {
            usesSender = true
            let label = parameter.label == "_" ? "" : "\(parameter.label): "
            let type = SourceIndex.unwrapped(parameter.type)
            if supertypes(of: source).contains(type) {
                call = "\(callee).\(method)(\(label)\(source.expression))"
            } else if let known = knownSupertypes(of: type), !known.contains(source.type) {
                warn(element, "action \(selector): \(method) takes a \(type), but \(sourceElement.tag) is a \(source.type); left out")
                return []
            } else {
                call = "if let sender = \(source.expression) as? \(type) { \(callee).\(method)(\(label)sender) }"
            }
        } else {
            call = "\(callee).\(method)()"
        }
        var captures: [String] = []
        if target.expression == "controller" {
            captures.append("unowned controller")
        } else if target.expression != source.expression {
            captures.append("weak \(target.expression)")
        }
        if usesSender {
            if target.expression == source.expression {
                captures = ["weak \(source.expression)"]
                call = call.replacingOccurrences(of: "(\(source.expression))", with: "(\(source.expression)!)")
                call = call.replacingOccurrences(of: ": \(source.expression))", with: ": \(source.expression)!)")
            } else {
                captures.append("unowned \(source.expression)")
            }
        }
        let list = "[\(captures.joined(separator: ", "))] "
        var lines: Lines
        if sourceElement.name == "barButtonItem" {
            var arguments: [String] = []
            if let title = sourceElement["title"], sourceElement["systemItem"] == nil { arguments.append("title: \(IBValues.string(title))") }
            if sourceElement["systemItem"] == nil, let image = imageExpression(sourceElement, "image") { arguments.append("image: \(image)") }
            let open = arguments.isEmpty ? "UIAction" : "UIAction(\(arguments.joined(separator: ", ")))"
            lines = ["\(source.expression).primaryAction = \(open) { \(list)_ in", "    \(call)", "}"]
        } else if Self.isRecognizer(sourceElement) {
            lines = ["\(source.expression).addTarget { \(list)(_: UIGestureRecognizer) in", "    \(call)", "}"]
        } else if Self.controlElements.contains(sourceElement.name) {
            let event = element["eventType"] ?? "primaryActionTriggered"
            guard IBValues.controlEvents.contains(event) else {
                warn(element, "action \(selector) for event \(event) is not supported; left out")
                return []
            }
            lines = ["\(source.expression).addAction(UIAction { \(list)_ in", "    \(call)", "}, for: .\(event))"]
        } else {
            warn(element, "action \(selector) sent by \(sourceElement.tag) is not supported (only controls and bar button items); left out")
            return []
        }
        if target.expression == "owner" {
            lines = ["if let owner = owner as? \(targetClass) {"] + indented(lines) + ["}"]
        }
        return wrap([source, target], lines)
    }

    /// The Objective-C selectors Swift gives a method: `tapped(sender:)` →
    /// `tappedWithSender:`, `unwindToList(from:)` → `unwindToListFrom:` (a preposition
    /// takes no `With`; both spellings are returned), `done(_:)` → `done:`.
    static func selectors(of name: String, _ parameters: [ProjectSymbols.Parameter]) -> [String] {
        guard let first = parameters.first else { return [name] }
        let rest = parameters.dropFirst().map { ($0.label == "_" ? "" : $0.label) + ":" }.joined()
        if first.label == "_" { return [name + ":" + rest] }
        let label = first.label.prefix(1).uppercased() + first.label.dropFirst()
        return ["\(name)With\(label):" + rest, "\(name)\(label):" + rest]
    }

    /// The method, among `levels` (a class's methods, then its superclasses'), whose
    /// selector is `selector`; its name and parameters.
    static func method(matching selector: String, among levels: [[String: [[ProjectSymbols.Parameter]]]])
        -> (name: String, parameters: [ProjectSymbols.Parameter])? {
        for methods in levels {
            for name in methods.keys.sorted() where selector.hasPrefix(name) {
                if let found = methods[name]?.first(where: { selectors(of: name, $0).contains(selector) }) {
                    return (name, found)
                }
            }
        }
        return nil
    }

    // MARK: Nibs

    func nib() -> Lines {
        refs = [:]
        counter = 0
        controller = nil
        collections = []
        if let filesOwner = document.filesOwner, let id = filesOwner.id {
            owner = (id, filesOwner["customClass"])
        }
        placeholders = Set(document.placeholders.filter { $0["placeholderIdentifier"] != "IBFilesOwner" }.compactMap(\.id))
        for placeholder in document.placeholders
        where placeholder["placeholderIdentifier"] != "IBFilesOwner" && placeholder["placeholderIdentifier"] != "IBFirstResponder" {
            warn(placeholder, "placeholder \(placeholder["placeholderIdentifier"] ?? "") (an external object) is not supported; left out")
        }
        let build = IBBuild()
        var top: [IBRef] = []
        for object in document.topLevelObjects {
            if Self.isRecognizer(object) {
                makeRecognizer(object, build: build)
                continue
            }
            guard Self.viewKinds[object.name] != nil else {
                warn(object, "top-level \(object.tag) is not supported (only views and cells); left out")
                continue
            }
            if let made = makeView(object, parent: nil, mode: .none, build: build) { top.append(made) }
        }
        if let filesOwner = document.filesOwner { build.connections.append((filesOwner, ownerRef)) }
        var body = finish(build)
        if top.allSatisfy({ $0.unwrap == nil }) {
            body.append("return [\(top.map(\.expression).joined(separator: ", "))]")
        } else {
            body.append("var objects: [AnyObject] = []")
            for ref in top {
                body += wrap([ref], ["objects.append(\(ref.expression))"])
            }
            body.append("return objects")
        }
        var lines: Lines = [
            "static func register() {",
            "    InterfaceBuilder.registerNib(\(IBValues.string(baseName))) { owner, external in",
            "        instantiate(owner: owner, external: external)",
            "    }",
            "}",
            "",
            "static func instantiate(owner: AnyObject?, external: [String: Any]) -> [AnyObject] {",
        ]
        lines += indented(body)
        lines.append("}")
        return lines
    }
}
