import Foundation

/// The closure an action runs; it gets the action, whose ``UIAction/sender`` is what
/// was tapped.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// A menu element, or a bar button item's primary action, that runs a closure.
///
/// This is also how a bar button item does what UIKit's target and action do:
/// `UIBarButtonItem(primaryAction: UIAction { _ in self.add() })`.
@preconcurrency @MainActor
open class UIAction: UIMenuElement {
    /// An action's name, unique within a menu.
    public struct Identifier: Hashable, Sendable, RawRepresentable {
        /// The name.
        public let rawValue: String
        /// Creates an identifier from a name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Creates an identifier from a name.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The action's identifier; a unique one is made when none is given.
    public let identifier: Identifier
    /// A longer title, for discoverability interfaces (default nil).
    open var discoverabilityTitle: String?
    /// How the action looks and whether it can be chosen (`.disabled`, `.destructive`, …).
    open var attributes: UIMenuElement.Attributes
    /// Whether the action shows a checkmark.
    open var state: UIMenuElement.State
    /// What the action was performed on behalf of (the bar button item that was tapped),
    /// while its handler runs; nil otherwise.
    public private(set) var sender: Any?
    let handler: UIActionHandler

    /// The title, as a menu or a bar button item shows it.
    open override var title: String {
        get { storedTitle }
        set { storedTitle = newValue }
    }
    /// The image shown beside the title, or on a bar button item.
    open override var image: UIImage? {
        get { storedImage }
        set { storedImage = newValue }
    }

    /// Creates an action that runs `handler` when chosen.
    public init(title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
                discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
                state: UIMenuElement.State = .off, handler: @escaping UIActionHandler) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, image: image)
    }

    /// Runs the handler with ``sender`` set to `sender`, unless the action is `.disabled`.
    /// `target` is accepted for UIKit's signature and not used: there is no responder
    /// chain dispatch of actions.
    public func performWithSender(_ sender: Any?, target: Any?) {
        guard !attributes.contains(.disabled) else { return }
        self.sender = sender
        defer { self.sender = nil }
        handler(self)
    }
}
