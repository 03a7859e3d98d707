import Foundation

/// An Interface Builder document read into what the generator needs: its scenes (a
/// storyboard) or top-level objects and placeholders (a nib), every object by ID, and the
/// images the file declares as system symbols.
public struct IBDocument {
    /// Whether the file is a storyboard or a nib.
    public enum Kind: Sendable { case storyboard, nib }

    /// One storyboard scene: its view controller and what else its `<objects>` hold.
    public struct Scene {
        /// The controller's ID: the scene's name in the registration.
        public var id: String
        /// The controller element (`viewController`, `tableViewController`…).
        public var controller: IBElement
        /// The scene's other objects: placeholders (First Responder, Exit), gesture recognizers….
        public var others: [IBElement]

        /// The controller's class: its custom class, else the Tabula class of the element.
        public var className: String {
            controller["customClass"] ?? IBDocument.controllerClasses[controller.name] ?? "UIViewController"
        }
        /// The controller's storyboard identifier, if any.
        public var storyboardIdentifier: String? { controller["storyboardIdentifier"] }

        /// Every `<outlet>` in the scene, in file order.
        public var outlets: [IBElement] {
            controller.descendantsAndSelf.filter { $0.name == "outlet" }
        }
        /// Every `<segue>` in the scene, in file order (relationship segues included).
        public var segues: [IBElement] {
            controller.descendantsAndSelf.filter { $0.name == "segue" }
        }
        /// Every `<action>` in the scene, in file order.
        public var actions: [IBElement] {
            controller.descendantsAndSelf.filter { $0.name == "action" }
        }
    }

    /// The Tabula class of each controller element.
    public static let controllerClasses: [String: String] = [
        "viewController": "UIViewController",
        "tableViewController": "UITableViewController",
        "navigationController": "UINavigationController",
        "tabBarController": "UITabBarController",
        "splitViewController": "UISplitViewController",
        "collectionViewController": "UICollectionViewController",
        "pageViewController": "UIPageViewController",
        "hostingController": "UIHostingController",
        "avPlayerViewController": "AVPlayerViewController",
    ]

    /// Storyboard or nib.
    public var kind: Kind
    /// The root `<document>` element.
    public var root: IBElement
    /// The storyboard's initial view controller's ID.
    public var initialViewController: String?
    /// The storyboard's scenes, in file order.
    public var scenes: [Scene] = []
    /// The nib's placeholders (File's Owner, First Responder, external objects).
    public var placeholders: [IBElement] = []
    /// The nib's top-level objects, in file order.
    public var topLevelObjects: [IBElement] = []
    /// Every element with an ID.
    public var elements: [String: IBElement] = [:]
    /// Images declared in `<resources>` with `catalog="system"`: SF Symbols.
    public var systemImages: Set<String> = []
    /// The `<color>` each `<namedColor>` in `<resources>` holds, by name: Interface Builder's
    /// copy of an asset catalog colour's value, which a compiled storyboard keeps and shows
    /// when the catalog has no colour of that name (a renamed or deleted colour set).
    public var namedColors: [String: IBElement] = [:]

    /// Reads a document from its element tree.
    public init(root: IBElement, kind: Kind) {
        self.kind = kind
        self.root = root
        initialViewController = root["initialViewController"]
        for element in root.descendantsAndSelf {
            if let id = element.id, elements[id] == nil { elements[id] = element }
        }
        if let resources = root.child("resources") {
            for image in resources.children("image") where image["catalog"] == "system" {
                if let name = image["name"] { systemImages.insert(name) }
            }
            for named in resources.children("namedColor") {
                if let name = named["name"], let color = named.child("color") { namedColors[name] = color }
            }
        }
        if kind == .storyboard {
            for scene in root.child("scenes")?.children("scene") ?? [] {
                guard let objects = scene.child("objects") else { continue }
                let controller = objects.children.first { IBDocument.controllerClasses[$0.name] != nil }
                guard let controller, let id = controller.id else { continue }
                scenes.append(Scene(id: id, controller: controller,
                                    others: objects.children.filter { $0 !== controller }))
            }
        } else {
            for object in root.child("objects")?.children ?? [] {
                if object.name == "placeholder" { placeholders.append(object) } else { topLevelObjects.append(object) }
            }
        }
    }

    /// The nib's File's Owner placeholder.
    public var filesOwner: IBElement? {
        placeholders.first { $0["placeholderIdentifier"] == "IBFilesOwner" }
    }

    /// The storyboard identifiers: identifier → scene ID, sorted by identifier.
    public var identifiers: [(identifier: String, scene: String)] {
        scenes.compactMap { scene in scene.storyboardIdentifier.map { ($0, scene.id) } }.sorted { $0.identifier < $1.identifier }
    }
}
