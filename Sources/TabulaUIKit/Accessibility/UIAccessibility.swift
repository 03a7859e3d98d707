import Foundation

/// Notifications to assistive technologies, and what they are doing.
///
/// Tabula has no screen reader: ``isVoiceOverRunning`` is false, and what is posted is
/// kept in ``postedNotifications`` so a test can check that the app announced a change.
@preconcurrency @MainActor
public enum UIAccessibility {
    /// A kind of notification an app posts to assistive technologies.
    public struct Notification: RawRepresentable, Hashable, Sendable {
        /// The notification's number.
        public let rawValue: UInt32

        /// Creates a notification kind from its number.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// A new screen appeared; the argument is the element to move to, or nil.
        public static let screenChanged = Notification(rawValue: 1000)
        /// Part of the screen changed; the argument is the element to move to, or nil.
        public static let layoutChanged = Notification(rawValue: 1001)
        /// Speak the argument, a `String`.
        public static let announcement = Notification(rawValue: 1008)
        /// A scroll finished; the argument is a `String` describing the new position.
        public static let pageScrolled = Notification(rawValue: 1009)
    }

    /// A notification as it was posted.
    public struct PostedNotification {
        /// The kind of notification.
        public let notification: Notification
        /// The argument it was posted with.
        public let argument: Any?

        /// The argument when it is text (an announcement, a page-scrolled description).
        public var text: String? { argument as? String }
    }

    /// The notifications posted on the screen that showed a window last, oldest first
    /// (Tabula's addition, for tests; each screen keeps its own in
    /// ``HeadlessScreen/postedAccessibilityNotifications``).
    public static var postedNotifications: [PostedNotification] {
        HostRegistry.mostRecentScreen?.postedAccessibilityNotifications ?? []
    }

    /// Tells assistive technologies that something changed.
    ///
    /// The notification is kept on a screen, as VoiceOver would hear it there: the screen
    /// of the argument when it is a view in a window, otherwise the screen that showed a
    /// window last. Posted while no screen shows a window, it is dropped.
    ///
    /// - Parameters:
    ///   - notification: What happened.
    ///   - argument: The element to move to, or the text to speak, as `notification` says.
    public static func post(notification: Notification, argument: Any?) {
        let screen = ((argument as? UIView)?.window?.layer.host as? HeadlessScreen) ?? HostRegistry.mostRecentScreen
        screen?.postedAccessibilityNotifications.append(PostedNotification(notification: notification, argument: argument))
    }

    /// Forgets the notifications posted on the screen that showed a window last (Tabula's
    /// addition, for tests).
    public static func removeAllPostedNotifications() {
        HostRegistry.mostRecentScreen?.postedAccessibilityNotifications.removeAll()
    }

    /// Whether VoiceOver is on: always false in Tabula, which has no screen reader.
    public static var isVoiceOverRunning: Bool { false }
}

/// An action besides activation that an element offers (VoiceOver's Actions rotor), such
/// as "Delete" or "Flag" on a mail row.
@preconcurrency @MainActor
open class UIAccessibilityCustomAction {
    /// The closure that performs an action; it returns whether it succeeded.
    public typealias Handler = (UIAccessibilityCustomAction) -> Bool

    /// The action's localized name, as it is spoken.
    open var name: String
    /// The image shown for the action, if any.
    open var image: UIImage?
    /// Performs the action.
    open var actionHandler: Handler?

    /// Creates an action with a name and the closure that performs it.
    public init(name: String, actionHandler: @escaping Handler) {
        self.name = name
        self.actionHandler = actionHandler
    }

    /// Creates an action with a name, an image and the closure that performs it.
    public init(name: String, image: UIImage?, actionHandler: @escaping Handler) {
        self.name = name
        self.image = image
        self.actionHandler = actionHandler
    }

    /// Runs the handler; false when there is none.
    @discardableResult
    func perform() -> Bool { actionHandler?(self) ?? false }
}
