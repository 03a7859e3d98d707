import Foundation

/// A storyboard: the scenes of one `.storyboard` file, made on demand.
///
/// On Linux a storyboard is the Swift that `tabula-port` generated from the file (see
/// ``InterfaceBuilder``); `UIStoryboard(name: "Main", bundle: nil)` finds it by the file's
/// name. Where UIKit raises an exception — an unknown storyboard, an identifier no scene
/// has — Tabula reports the mistake to ``UIViewController/onInvalidUse`` with what it
/// knows (the storyboards or identifiers there are) and goes on: the instantiation
/// returns an empty view controller, or nil where the signature allows it.
@preconcurrency @MainActor
open class UIStoryboard: NSObject {
    /// The file's name without its extension.
    let name: String
    let bundle: Bundle?

    /// The storyboard named `name` (the file's name without `.storyboard`). `bundle` is
    /// kept but not searched: generated storyboards are registered by name.
    public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        self.name = name
        self.bundle = storyboardBundleOrNil
        super.init()
        if contents == nil {
            UIViewController.onInvalidUse("UIStoryboard(name: \"\(name)\"): \(InterfaceBuilder.missing(storyboard: name))")
        }
    }

    private var contents: InterfaceBuilder.StoryboardDescription? {
        InterfaceBuilder.registerModuleFilesIfNeeded()
        return InterfaceBuilder.storyboards[name]
    }

    /// The storyboard's initial view controller, or nil when it has none (or is unknown).
    @discardableResult
    open func instantiateInitialViewController() -> UIViewController? {
        guard let initial = contents?.initialScene else { return nil }
        return instantiateScene(initial, creator: nil)
    }

    /// The initial view controller, made through `block` (which calls the class's
    /// `init(coder:)` with arguments of its own); nil when the storyboard has no initial scene.
    open func instantiateInitialViewController<ViewController: UIViewController>(
        creator block: ((NSCoder) -> ViewController?)? = nil) -> ViewController? {
        guard let initial = contents?.initialScene else { return nil }
        let made = instantiateScene(initial, creator: block.map { block in { block($0) } })
        return made as? ViewController
    }

    /// The view controller whose storyboard ID is `identifier`, made anew. An unknown
    /// identifier is reported (UIKit raises) and an empty view controller returned.
    @discardableResult
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        instantiate(identifier, creator: nil) ?? UIViewController()
    }

    /// The view controller whose storyboard ID is `identifier`, made through `block`.
    /// An unknown identifier, or a scene of another class than `ViewController`, is
    /// reported and answered with a `ViewController` made by its `init(coder:)` with an
    /// empty storyboard coder (the one initializer every view controller class has; if
    /// that too returns nil, nothing can stand in and the call stops the app, as UIKit's
    /// exception would).
    open func instantiateViewController<ViewController: UIViewController>(
        identifier: String, creator block: ((NSCoder) -> ViewController?)? = nil) -> ViewController {
        let made = instantiate(identifier, creator: block.map { block in { block($0) } })
        if let made = made as? ViewController { return made }
        if let made {
            UIViewController.onInvalidUse("storyboard \"\(name)\": the scene \"\(identifier)\" is a \(type(of: made)), not a \(ViewController.self)")
        }
        let empty = InterfaceBuilder.coder(for: UIViewController.self) { _ in }
        guard let standIn = ViewController(coder: empty) else {
            preconditionFailure("storyboard \"\(name)\": no scene \"\(identifier)\" of class \(ViewController.self), and \(ViewController.self)(coder:) returned nil")
        }
        return standIn
    }

    private func instantiate(_ identifier: String, creator: ((NSCoder) -> UIViewController?)?) -> UIViewController? {
        guard let contents else { return nil }
        guard let scene = contents.identifiers[identifier] else {
            let known = contents.identifiers.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            UIViewController.onInvalidUse("storyboard \"\(name)\" has no view controller with the identifier \"\(identifier)\" (it has \(known.isEmpty ? "none" : known))")
            return nil
        }
        return instantiateScene(scene, creator: creator)
    }

    /// Makes the scene with the file's ID `sceneID`.
    func instantiateScene(_ sceneID: String, creator: ((NSCoder) -> UIViewController?)?) -> UIViewController? {
        guard let factory = contents?.scenes[sceneID] else {
            UIViewController.onInvalidUse("storyboard \"\(name)\" has no scene \(sceneID)")
            return nil
        }
        return factory(InterfaceBuilder.SceneRequest(storyboard: self, sceneID: sceneID, creator: creator))
    }
}

extension InterfaceBuilder {
    /// What to say when a storyboard is not registered.
    static func missing(storyboard name: String) -> String {
        let known = storyboards.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        return "no storyboard of that name is registered (registered: \(known.isEmpty ? "none" : known)); run tabula-port on the folder holding \(name).storyboard and call TabulaInterfaceBuilderFiles.register() before using it"
    }
}
