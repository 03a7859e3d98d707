import Foundation

/// A transition between two view controllers of a storyboard: what
/// ``UIViewController/prepare(for:sender:)`` is given before it runs.
@preconcurrency @MainActor
open class UIStoryboardSegue: NSObject {
    /// The identifier the storyboard gives the segue, if any.
    open private(set) var identifier: String?
    /// The view controller the segue starts from.
    open private(set) var source: UIViewController
    /// The view controller it shows.
    open private(set) var destination: UIViewController
    private var performHandler: (() -> Void)?

    /// A segue from `source` to `destination`; its ``perform()`` does nothing until a
    /// subclass overrides it.
    public init(identifier: String?, source: UIViewController, destination: UIViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        super.init()
    }

    /// A segue whose ``perform()`` runs `performHandler`.
    public convenience init(identifier: String?, source: UIViewController, destination: UIViewController,
                            performHandler: @escaping () -> Void) {
        self.init(identifier: identifier, source: source, destination: destination)
        self.performHandler = performHandler
    }

    /// Runs the transition: the handler given at creation, if any. Subclasses (custom
    /// segues) override it.
    open func perform() { performHandler?() }
}
