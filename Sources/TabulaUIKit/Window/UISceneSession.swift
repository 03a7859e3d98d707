import Foundation

/// A scene's lasting record: its role, its configuration, and the scene while it is connected.
@preconcurrency @MainActor
open class UISceneSession: NSObject {
    /// What a scene is for.
    public struct Role: Hashable, RawRepresentable, Sendable {
        /// The role's name.
        public let rawValue: String
        /// Creates a role.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The app's own interactive window: the only role a Tabula screen has.
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
        /// A window on an external display that takes no input.
        public static let windowExternalDisplayNonInteractive = Role(rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    }

    /// The scene, while it is connected.
    public internal(set) weak var scene: UIScene?
    /// What the scene is for.
    public let role: UISceneSession.Role
    /// The configuration the scene was made with.
    public internal(set) var configuration: UISceneConfiguration
    /// A name for the session that stays the same while the app runs.
    public let persistentIdentifier: String
    /// The app's own data about the session.
    open var userInfo: [String: Any]?

    init(role: Role, configuration: UISceneConfiguration) {
        self.role = role
        self.configuration = configuration
        persistentIdentifier = UUID().uuidString
    }
}

/// What a scene is made with: its name, its role, and its delegate's class.
@preconcurrency @MainActor
open class UISceneConfiguration: NSObject {
    /// The configuration's name, as the app's `Info.plist` lists it.
    public let name: String?
    /// The role of the scenes made with it.
    public let role: UISceneSession.Role
    /// The class of the scene's delegate: a ``UISceneDelegate`` that is a
    /// ``ConstructibleDelegate``. Nil: the one `Info.plist` names for this configuration,
    /// or else the class `SceneDelegate` of the app delegate's module, as Xcode's template
    /// names it (see ``HeadlessScreen/launch(_:options:)``).
    open var delegateClass: AnyClass?
    /// The class of the scene: only ``UIWindowScene`` is made here.
    open var sceneClass: AnyClass?
    /// The storyboard whose initial view controller becomes the root of the scene's
    /// window, given to the scene delegate's `window` before the scene connects; nil:
    /// the `UISceneStoryboardFile` that `Info.plist` names for this configuration, if any.
    open var storyboard: UIStoryboard?
    /// The name of ``storyboard``.
    var storyboardName: String? { storyboard?.name }

    /// A configuration named `name` for scenes of `sessionRole`.
    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        role = sessionRole
    }
}

extension UIScene {
    /// Why a scene connects: a URL, an activity or a shortcut it was opened for (none here:
    /// a scene connects because its app launched).
    @preconcurrency @MainActor
    open class ConnectionOptions: NSObject {
        /// The bundle identifier of the app that asked for the scene (nil: none did).
        public let sourceApplication: String? = nil
        override init() {}
    }
}
