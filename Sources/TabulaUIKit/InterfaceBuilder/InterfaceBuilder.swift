import Foundation

/// What code that `tabula-port` generates from `.storyboard` and `.xib` files calls, so that
/// UIKit's own API — ``UIStoryboard``, ``UINib``, ``UIStoryboardSegue``,
/// `performSegue(withIdentifier:sender:)`, `prepare(for:sender:)`, `Bundle.loadNibNamed` —
/// works on Linux.
///
/// Linux has no Objective-C runtime, so nothing can set an outlet or send an action by
/// name while an app runs. `tabula-port` does at port time what a compiler would: it reads
/// each Interface Builder file and writes Swift next to it that builds exactly that (the
/// views of each scene, their constraints, outlets, actions as closures, segues) and
/// registers it here under the file's name. App code is not meant to call these members;
/// it uses UIKit's names, which look here.
///
/// The generated files of a module are registered all at once by the
/// `TabulaInterfaceBuilderFiles.register()` that `tabula-port` writes beside them.
/// An app launched through `@main` on its application delegate registers its own module's
/// files itself; a test that loads a storyboard of the module it tests calls
/// `TabulaInterfaceBuilderFiles.register()` once first (registering twice is harmless).
@preconcurrency @MainActor
public enum InterfaceBuilder {
    /// Makes one scene's view controller. `request` says which storyboard asks and with
    /// which creator (``UIStoryboard/instantiateViewController(identifier:creator:)``).
    public typealias SceneFactory = @MainActor (_ request: SceneRequest) -> UIViewController?

    /// What a scene factory is asked with.
    @preconcurrency @MainActor
    public struct SceneRequest {
        /// The storyboard that instantiates the scene.
        public let storyboard: UIStoryboard
        /// The scene's ID in the storyboard file.
        public let sceneID: String
        let creator: ((NSCoder) -> UIViewController?)?

        /// Makes the scene's controller: through the creator the app passed to
        /// ``UIStoryboard/instantiateViewController(identifier:creator:)``, if any, else
        /// through `initializer` (the class's `init(coder:)`), with `coder`; then ties it to
        /// the storyboard. Nil, reported, when either returns nil or the creator returns a
        /// controller of another class than `expected`.
        public func make(_ expected: UIViewController.Type, coder: NSCoder,
                         _ initializer: (NSCoder) -> UIViewController?) -> UIViewController? {
            let made: UIViewController?
            if let creator {
                made = creator(coder)
                if let made, !(made.isKind(of: expected)) {
                    UIViewController.onInvalidUse("storyboard \"\(storyboard.name)\", scene \(sceneID): the creator returned a \(type(of: made)), not a \(expected); the scene was not made")
                    return nil
                }
            } else {
                made = initializer(coder)
            }
            guard let made else {
                UIViewController.onInvalidUse("storyboard \"\(storyboard.name)\", scene \(sceneID): \(expected)(coder:) returned nil; the scene was not made")
                return nil
            }
            InterfaceBuilder.finish(made, coder: coder)
            made.storyboardStorage = storyboard
            return made
        }
    }

    // MARK: Registration

    static var storyboards: [String: StoryboardDescription] = [:]
    static var nibs: [String: @MainActor (_ owner: AnyObject?, _ external: [String: Any]) -> [AnyObject]] = [:]

    struct StoryboardDescription {
        var initialScene: String?
        var identifiers: [String: String]
        var scenes: [String: SceneFactory]
        var tintColor: UIColor?
    }

    /// Registers a storyboard under its file name without the extension (`"Main"`):
    /// its initial scene's ID, its storyboard identifiers (identifier → scene ID), and a
    /// factory for each scene by ID. A later registration under the same name replaces it.
    ///
    /// - Parameter tintColor: the file's Global Tint (Interface Builder's File inspector),
    ///   if it sets one: the window made for the storyboard at launch, when `Info.plist`
    ///   names it as the main or a scene's storyboard, takes it as its `tintColor`, as in
    ///   UIKit, so that every view that inherits its tint shows it.
    public static func registerStoryboard(_ name: String, initialScene: String?,
                                          identifiers: [String: String],
                                          scenes: [String: SceneFactory],
                                          tintColor: UIColor? = nil) {
        storyboards[name] = StoryboardDescription(initialScene: initialScene, identifiers: identifiers, scenes: scenes,
                                                  tintColor: tintColor)
    }

    /// The Global Tint the storyboard registered under `name` sets, if any.
    static func globalTint(ofStoryboard name: String) -> UIColor? { storyboards[name]?.tintColor }

    /// Registers a nib under its file name without the extension (`"ProfileCell"`):
    /// `instantiate` makes its top-level objects, in the file's order, connecting outlets
    /// and actions whose target is the File's Owner to `owner`, and objects the file names
    /// as external to `external[identifier]`.
    public static func registerNib(_ name: String,
                                   instantiate: @escaping @MainActor (_ owner: AnyObject?, _ external: [String: Any]) -> [AnyObject]) {
        nibs[name] = instantiate
    }

    /// Whether a storyboard or nib of this name is registered.
    public static func isRegistered(storyboard name: String) -> Bool { storyboards[name] != nil }
    /// Whether a nib of this name is registered.
    public static func isRegistered(nib name: String) -> Bool { nibs[name] != nil }

    // MARK: Objects

    /// A coder for making one object of `tabulaClass` (the Tabula class the storyboard
    /// element is: `UILabel` for `<label customClass="BadgeLabel">`) with `init(coder:)`.
    ///
    /// `decode` sets the object's properties from the file. It runs once: at the end of
    /// `tabulaClass`'s own `init(coder:)`, as UIKit decodes inside `super.init(coder:)`, so
    /// that a subclass's code after `super.init(coder: coder)` sees them; or, for a class
    /// whose `init(coder:)` is inherited, when the generated code calls ``finish(_:coder:)``.
    ///
    /// `values` are what the class reads while it initializes, by UIKit's archive keys:
    /// `"UIReuseIdentifier"` (a cell's reuse identifier), `"UITableViewCellStyle"` (a
    /// `UITableViewCell.CellStyle`), `"UITableViewStyle"` (a `UITableView.Style`),
    /// `"UIButtonType"` (a `UIButton.ButtonType`), `"UICollectionViewLayout"` (a
    /// `UICollectionViewLayout`), `"UIFrame"` (a `CGRect`, the frame in the file).
    public static func coder(for tabulaClass: AnyClass, values: [String: Any] = [:],
                             decode: @escaping @MainActor (AnyObject) -> Void) -> NSCoder {
        InterfaceBuilderCoder(tabulaClass: tabulaClass, values: values, decode: decode)
    }

    /// Makes an object of a custom class with its `init(coder:)` and finishes its decoding;
    /// nil, reported with `element` (where in which file), when `init(coder:)` returns nil.
    public static func make<Object: AnyObject>(_ type: Object.Type, coder: NSCoder, element: String,
                                               _ initializer: (NSCoder) -> Object?) -> Object? {
        guard let object = initializer(coder) else {
            UIViewController.onInvalidUse("\(element): \(type)(coder:) returned nil; the object and what it connects were left out")
            return nil
        }
        finish(object, coder: coder)
        return object
    }

    /// Instantiates another scene of `storyboard` by its scene ID (a relationship segue's
    /// destination: a navigation controller's root, a tab's controller); nil, reported,
    /// for an unknown ID.
    public static func instantiate(scene sceneID: String, in storyboard: UIStoryboard) -> UIViewController? {
        storyboard.instantiateScene(sceneID, creator: nil)
    }

    /// Runs `coder`'s decoding on `object` if its `init(coder:)` has not yet.
    public static func finish(_ object: AnyObject, coder: NSCoder) {
        (coder as? InterfaceBuilderCoder)?.decodeOnce(into: object)
    }

    /// Calls `awakeFromNib()` on each object, in order: after every object of the file
    /// (or scene) is made and connected, as UIKit does.
    public static func awake(_ objects: [AnyObject]) {
        for case let responder as UIResponder in objects { responder.awakeFromNib() }
    }

    /// Makes `controller` load its root view from the storyboard: when its view is first
    /// asked for, ``UIViewController/loadView()``'s default implementation calls `load`, which
    /// makes the scene's views, connects outlets and actions and returns the root view.
    /// A subclass that overrides `loadView()` without calling `super` replaces this, as in
    /// UIKit.
    public static func setViewLoader(of controller: UIViewController,
                                     _ load: @escaping @MainActor (UIViewController) -> UIView) {
        controller.storyboardViewLoader = load
    }

    /// Keeps `objects` alive as long as `controller`: the views a scene places beside its
    /// controller, outside the view hierarchy (Interface Builder's scene dock), which the
    /// view loader makes with the root view. Their outlets are usually `weak`, and UIKit's
    /// controller holds the top-level objects of the nib its view was loaded from.
    public static func keepAlive(_ objects: [AnyObject], by controller: UIViewController) {
        controller.storyboardTopLevelObjects += objects
    }

    // MARK: Segues

    /// How a segue shows its destination (the `kind` of a storyboard `<segue>`).
    public enum SegueKind {
        /// `show`: ``UIViewController/show(_:sender:)`` (a push in a navigation controller).
        case show
        /// `showDetail`: ``UIViewController/showDetailViewController(_:sender:)``.
        case showDetail
        /// `presentation` (modal) with the style and transition the file gives (nil: the destination's own).
        case present(UIModalPresentationStyle?, UIModalTransitionStyle?, animated: Bool)
        /// `popoverPresentation`: presented as a popover (a sheet on a phone, as in UIKit).
        case popover
        /// `custom`: the segue the closure makes (`{ MySegue(identifier: $0, source: $1, destination: $2) }`)
        /// is performed with its own `perform()`; nothing else of the class is read.
        case custom(@MainActor (_ identifier: String?, _ source: UIViewController, _ destination: UIViewController) -> UIStoryboardSegue)
    }

    /// A segue a scene can perform: triggered by a control or cell the file connects, or by
    /// `performSegue(withIdentifier:sender:)` when it has an identifier.
    @preconcurrency @MainActor
    public final class SegueTemplate {
        /// The segue's identifier in the file, if it has one.
        public let identifier: String?
        let kind: SegueKind
        let destination: @MainActor () -> UIViewController?
        weak var source: UIViewController?
        var unwind: UnwindAction?

        init(identifier: String?, kind: SegueKind, source: UIViewController,
             destination: @escaping @MainActor () -> UIViewController?) {
            self.identifier = identifier
            self.kind = kind
            self.source = source
            self.destination = destination
        }
    }

    /// Adds a segue to `source`'s scene; `destination` makes the destination controller
    /// (a navigation controller's or another scene's, through its storyboard). Returns the
    /// template, to connect to the control or bar button item that triggers it with `connect(_:to:)`
    /// or ``setSelectionSegue(_:of:)``.
    @discardableResult
    public static func addSegue(from source: UIViewController, identifier: String?, kind: SegueKind,
                                destination: @escaping @MainActor () -> UIViewController?) -> SegueTemplate {
        let template = SegueTemplate(identifier: identifier, kind: kind, source: source, destination: destination)
        source.segueTemplates.append(template)
        return template
    }

    /// Performs `template` from its source with `sender`, as a tap on its trigger does:
    /// `shouldPerformSegue(withIdentifier:sender:)` (for a segue with an identifier),
    /// the destination made, `prepare(for:sender:)`, then the segue's transition.
    public static func trigger(_ template: SegueTemplate, sender: Any?) {
        guard let source = template.source else { return }
        if let identifier = template.identifier,
           !source.shouldPerformSegue(withIdentifier: identifier, sender: sender) { return }
        source.runSegue(template, sender: sender)
    }

    /// Connects a control's segue: a `.primaryActionTriggered` on `control` (a tap on a
    /// button) triggers `template` with the control as sender.
    public static func connect(_ template: SegueTemplate, to control: UIControl) {
        control.addAction(UIAction { [weak control] _ in
            MainActor.assumeIsolated { InterfaceBuilder.trigger(template, sender: control) }
        }, for: .primaryActionTriggered)
    }

    /// Connects a bar button item's segue: its action triggers `template` with the item as sender.
    public static func connect(_ template: SegueTemplate, to item: UIBarButtonItem) {
        item.primaryAction = nil
        item.storyboardSegue = template
    }

    /// Makes selecting `cell` (a table or collection view cell, or a prototype's every cell)
    /// trigger `template` with the cell as sender, after the delegate hears of the selection.
    public static func setSelectionSegue(_ template: SegueTemplate, of cell: UIView) {
        cell.selectionSegue = template
    }

    /// Makes tapping `cell`'s detail accessory button trigger `template` with the cell as sender.
    public static func setAccessorySegue(_ template: SegueTemplate, of cell: UIView) {
        cell.accessorySegue = template
    }

    /// Embeds a scene's controller in `container` (a storyboard container view's embed
    /// segue): made by `destination`, announced to `parent` through `prepare(for:sender:)`
    /// (sender nil), added as a child whose view fills `container`.
    public static func embed(in container: UIView, of parent: UIViewController, identifier: String?,
                             destination: () -> UIViewController?) {
        guard let child = destination() else { return }
        let segue = UIStoryboardSegue(identifier: identifier, source: parent, destination: child)
        parent.prepare(for: segue, sender: nil)
        parent.addChild(child)
        child.view.frame = container.bounds
        child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(child.view)
        child.didMove(toParent: parent)
    }

    /// An unwind segue from `source` (a storyboard exit connection): on trigger, the first
    /// controller from `source` outward — its parents, then the controllers that presented
    /// it and their navigation stacks — for which `handler` returns an action is unwound
    /// to: `prepare(for:sender:)` on the source, the action run, then whatever stands
    /// between dismissed or popped. `handler` is what the generated code knows of the action
    /// (`unwindToList:`): it casts to each class that declares it.
    @discardableResult
    public static func addUnwindSegue(from source: UIViewController, identifier: String?, action: String,
                                      handler: @escaping @MainActor (UIViewController) -> ((UIStoryboardSegue) -> Void)?)
        -> SegueTemplate {
        let template = SegueTemplate(identifier: identifier, kind: .show, source: source, destination: { nil })
        template.unwind = UnwindAction(name: action, handler: handler)
        source.segueTemplates.append(template)
        return template
    }
}

/// The coder passed to `init(coder:)` for an object that a storyboard or nib describes. It
/// holds no archive: the generated code's `decode` closure sets the properties.
package final class InterfaceBuilderCoder: NSCoder {
    let tabulaClass: AnyClass
    private var decode: (@MainActor (AnyObject) -> Void)?

    package let values: [String: Any]

    init(tabulaClass: AnyClass, values: [String: Any], decode: @escaping @MainActor (AnyObject) -> Void) {
        self.tabulaClass = tabulaClass
        self.values = values
        self.decode = decode
        super.init()
    }

    package override var allowsKeyedCoding: Bool { true }
    package override func containsValue(forKey key: String) -> Bool { values[key] != nil }
    package override func decodeObject(forKey key: String) -> Any? { values[key] }

    /// What a storyboard coder holds for `key`; nil for any other coder (whose own
    /// `decodeObject(forKey:)` Foundation may not implement).
    package static func value(_ key: String, in coder: NSCoder) -> Any? {
        (coder as? InterfaceBuilderCoder)?.values[key]
    }

    /// Runs the decoding unless it ran.
    @MainActor func decodeOnce(into object: AnyObject) {
        guard let decode else { return }
        self.decode = nil
        decode(object)
    }

    /// Called at the end of `level`'s own `init(coder:)`: decodes if `level` is the Tabula
    /// class the file names.
    @MainActor package static func decode(_ coder: NSCoder, into object: AnyObject, at level: AnyClass) {
        guard let coder = coder as? InterfaceBuilderCoder, coder.tabulaClass == level else { return }
        coder.decodeOnce(into: object)
    }
}

/// An unwind segue's action, as the generated code knows it.
struct UnwindAction {
    let name: String
    let handler: @MainActor (UIViewController) -> ((UIStoryboardSegue) -> Void)?
}

/// What `tabula-port` writes beside a module's generated storyboards and nibs: one class,
/// `TabulaInterfaceBuilderFiles`, whose ``register()`` registers them all. Tabula finds it
/// by its name in the app's module when a storyboard or nib is first looked up, so an app
/// launched through its application delegate needs no call of its own.
@preconcurrency @MainActor
public protocol InterfaceBuilderFileList: AnyObject {
    /// Registers every storyboard and nib of the module with ``InterfaceBuilder``.
    static func register()

    /// The keys of the app's `Info.plist` that say which storyboard it launches with
    /// (`UIMainStoryboardFile`, `UIApplicationSceneManifest`), as property list XML; nil
    /// when the module has none.
    ///
    /// On iOS the app's bundle holds `Info.plist`; a SwiftPM executable has none, so
    /// `tabula-port` copies these keys here and ``HeadlessScreen/launch(_:options:)``
    /// reads them when the executable has no `Info.plist` of its own that names a
    /// storyboard.
    static var infoPlist: String? { get }
}

extension InterfaceBuilderFileList {
    /// None: files generated before `tabula-port` copied launch keys, or for a module
    /// without an app's `Info.plist`.
    public static var infoPlist: String? { nil }
}

extension InterfaceBuilder {
    /// Modules whose `TabulaInterfaceBuilderFiles` is looked for: the launched app's, and
    /// the executable's own; each is looked at once.
    static var modulesToSearch: [String] = [ProcessInfo.processInfo.processName]
    private static var searchedModules: Set<String> = []

    /// Says that `module` (an app delegate's) may hold generated Interface Builder files.
    package static func noteModule(of type: Any.Type) {
        let module = String(reflecting: type).split(separator: ".").first.map(String.init) ?? ""
        if !module.isEmpty, !modulesToSearch.contains(module) { modulesToSearch.append(module) }
    }

    /// Registers the storyboards and nibs generated for `module` (its
    /// `TabulaInterfaceBuilderFiles`), for a module whose files nothing else registers: a
    /// framework's or library's storyboards, used from an app or a test of another module.
    /// Returns false, reporting it, when the module has no generated files.
    @discardableResult
    public static func registerFiles(ofModule module: String) -> Bool {
        if !modulesToSearch.contains(module) { modulesToSearch.append(module) }
        guard let list = fileList(of: module) else {
            UIViewController.onInvalidUse("InterfaceBuilder.registerFiles(ofModule: \"\(module)\"): the module has no TabulaInterfaceBuilderFiles (run tabula-port on its sources)")
            return false
        }
        searchedModules.insert(module)
        list.register()
        return true
    }

    /// Registers the generated files of every module noted and not searched yet.
    static func registerModuleFilesIfNeeded() {
        for module in modulesToSearch where !searchedModules.contains(module) {
            searchedModules.insert(module)
            fileList(of: module)?.register()
        }
    }

    /// The launch keys of the app's `Info.plist` that `tabula-port` copied into `module`'s
    /// generated files (``InterfaceBuilderFileList/infoPlist``), as a dictionary; nil when
    /// there are none. Keys that are not a property list dictionary are reported.
    static func generatedInfo(ofModule module: String) -> [String: Any]? {
        guard let text = fileList(of: module)?.infoPlist else { return nil }
        guard let plist = try? PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil),
              let info = plist as? [String: Any] else {
            UIViewController.onInvalidUse("\(module).TabulaInterfaceBuilderFiles.infoPlist is not a property list "
                                          + "dictionary; the app launches as if it had no Info.plist (run tabula-port again)")
            return nil
        }
        return info
    }

    /// The `TabulaInterfaceBuilderFiles` class `tabula-port` generated in `module`, if any.
    private static func fileList(of module: String) -> (any InterfaceBuilderFileList.Type)? {
        let name = String(module.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        return NSClassFromString(name + ".TabulaInterfaceBuilderFiles") as? any InterfaceBuilderFileList.Type
    }
}
